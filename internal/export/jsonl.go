package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"iter"

	"sijil/internal/caption"
)

// maxJSONLine bounds one line ReadJSONL accepts. A record is a few kilobytes;
// the text reader caps a caption at 1 MiB, and its record (text, description,
// escapes) stays well under this.
const maxJSONLine = 16 << 20

// WriteJSONL writes each record as one line of JSON with the fields of
// docs/records.md in its order. Nulls and empty lists follow it: an empty credit,
// country or unknown date is null, a list with no items is [], never null.
// HTML characters are not escaped, so the text reads as the caption was written.
func WriteJSONL(w io.Writer, recs iter.Seq[caption.Record]) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for rec := range recs {
		if err := enc.Encode(toWire(rec)); err != nil {
			return fmt.Errorf("write jsonl: %w", err)
		}
	}
	return nil
}

// ReadJSONL reads records as WriteJSONL writes them, one per line; blank lines
// are skipped and fields it does not know are ignored (docs/records.md allows fields
// to be added). A line that is not a valid record yields an error wrapping
// caption.ErrInvalid with its line number, and reading stops.
func ReadJSONL(r io.Reader) iter.Seq2[caption.Record, error] {
	return func(yield func(caption.Record, error) bool) {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, maxJSONLine)
		for n := 1; sc.Scan(); n++ {
			line := sc.Bytes()
			if len(line) == 0 || isSpaceOnly(line) {
				continue
			}
			rec, err := decodeRecord(line)
			if err != nil {
				yield(caption.Record{}, fmt.Errorf("read jsonl line %d: %w", n, err))
				return
			}
			if !yield(rec, nil) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(caption.Record{}, fmt.Errorf("read jsonl: %w", err))
		}
	}
}

// decodeRecord parses and checks one line of JSON.
func decodeRecord(line []byte) (caption.Record, error) {
	var w wireRecord
	if err := json.Unmarshal(line, &w); err != nil {
		return caption.Record{}, fmt.Errorf("%w: %w", err, caption.ErrInvalid)
	}
	rec, err := fromWire(w)
	if err != nil {
		return caption.Record{}, fmt.Errorf("%w: %w", err, caption.ErrInvalid)
	}
	return rec, nil
}

func isSpaceOnly(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}
