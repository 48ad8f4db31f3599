package export

import (
	"encoding/json"
	"fmt"
	"io"
	"iter"

	"sijil/internal/caption"
)

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
