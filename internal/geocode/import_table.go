package geocode

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"sijil/internal/caption"
)

// ReadTable reads a documentation team's own gazetteer from r and returns
// its places, with m naming the columns. The format is chosen by content:
// a JSON array of objects when the first non-space byte is "[", a stream of
// JSON objects (JSON Lines) when it is "{", and otherwise CSV with a header
// row (comma, semicolon or tab separated, whichever the header uses most).
// name labels errors and becomes each place's Source.
//
// A bad row (no name, a missing or impossible coordinate, a duplicate id)
// is an error naming its position: "file.csv:12" (the CSV line) or
// "file.json[11]" (the 0-based index of the JSON object). With m.SkipBad
// the row is skipped instead and its error returned among the warnings,
// since a team's working file often has a few half-filled rows; an import
// where every row is bad is still an error. Errors about the input unwrap
// to caption.ErrInvalid.
func ReadTable(r io.Reader, name string, m Mapping) (places []Place, warnings []string, err error) {
	if err := m.check(); err != nil {
		return nil, nil, fmt.Errorf("import %s: mapping: %w: %w", name, err, caption.ErrInvalid)
	}
	br := bufio.NewReaderSize(r, 64<<10)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3) // the byte-order mark spreadsheets put on UTF-8 exports
	}
	first, err := firstNonSpace(br)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	t := &tableReader{name: name, m: m, ids: make(map[int64]string)}
	switch first {
	case '[':
		err = t.readJSONArray(br)
	case '{':
		err = t.readJSONStream(br)
	default:
		err = t.readCSV(br)
	}
	if err != nil {
		return nil, nil, err
	}
	if len(t.places) == 0 && len(t.warnings) > 0 {
		return nil, t.warnings, fmt.Errorf("%s: no valid rows, %d bad; the first: %s: %w",
			name, len(t.warnings), t.warnings[0], caption.ErrInvalid)
	}
	return t.places, t.warnings, nil
}

// firstNonSpace returns the first byte of br that is not white space,
// without consuming it.
func firstNonSpace(br *bufio.Reader) (byte, error) {
	for n := 1; n <= br.Size(); n++ {
		b, err := br.Peek(n)
		if len(b) < n {
			if errors.Is(err, io.EOF) {
				return 0, fmt.Errorf("empty: %w", caption.ErrInvalid)
			}
			return 0, err
		}
		if c := b[n-1]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c, nil
		}
	}
	return 0, fmt.Errorf("only white space in the first %d bytes: %w", br.Size(), caption.ErrInvalid)
}

// tableReader collects the places and warnings of one ReadTable call.
type tableReader struct {
	name     string
	m        Mapping
	places   []Place
	warnings []string
	ids      map[int64]string // id → position of the row that has it
}

// add converts the row at pos, keeping it, listing it as a warning or
// failing, as the mapping says.
func (t *tableReader) add(pos string, get tableRow) error {
	p, err := t.m.place(get, t.name)
	if err == nil {
		if first, dup := t.ids[p.ID]; dup {
			err = fmt.Errorf("id %d: duplicate of the row at %s", p.ID, first)
		}
	}
	return t.keep(pos, p, err)
}

// keep records p, or the error about the row at pos.
func (t *tableReader) keep(pos string, p Place, err error) error {
	if err != nil {
		bad := &inputError{pos, err.Error()}
		if !t.m.SkipBad {
			return bad
		}
		t.warnings = append(t.warnings, bad.Error())
		return nil
	}
	t.ids[p.ID] = pos
	t.places = append(t.places, p)
	return nil
}

// readCSV reads a header row and the rows under it.
func (t *tableReader) readCSV(br *bufio.Reader) error {
	cr := csv.NewReader(br)
	cr.Comma = sniffDelimiter(br)
	header, err := cr.Read()
	if err != nil {
		return t.csvError(err)
	}
	index, err := t.headerIndex(header)
	if err != nil {
		return err
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if pe := (*csv.ParseError)(nil); errors.As(err, &pe) && errors.Is(pe.Err, csv.ErrFieldCount) {
			msg := fmt.Errorf("%d fields, the header has %d", len(rec), len(header))
			if err := t.keep(fmt.Sprintf("%s:%d", t.name, pe.Line), Place{}, msg); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return t.csvError(err)
		}
		line, _ := cr.FieldPos(0)
		get := func(col string) (string, bool) {
			i, ok := index[col]
			if !ok {
				return "", false
			}
			return strings.TrimSpace(rec[i]), true
		}
		if err := t.add(fmt.Sprintf("%s:%d", t.name, line), get); err != nil {
			return err
		}
	}
}

// headerIndex maps each column the mapping reads to its place in header,
// matching names exactly or else ignoring case, and fails naming the
// columns that are missing.
func (t *tableReader) headerIndex(header []string) (map[string]int, error) {
	index := make(map[string]int)
	var missing []string
	for _, col := range t.m.columns() {
		i := indexFold(header, col)
		if i < 0 {
			missing = append(missing, fmt.Sprintf("%q", col))
			continue
		}
		index[col] = i
	}
	if len(missing) > 0 {
		return nil, &inputError{t.name + ":1", fmt.Sprintf("no column %s in the header (it has %s)",
			strings.Join(missing, ", "), strings.Join(header, ", "))}
	}
	return index, nil
}

// indexFold returns the index of col in header, preferring an exact match
// to one that ignores case and surrounding spaces, or -1.
func indexFold(header []string, col string) int {
	found := -1
	for i, h := range header {
		if h == col {
			return i
		}
		if found < 0 && strings.EqualFold(strings.TrimSpace(h), col) {
			found = i
		}
	}
	return found
}

// csvError turns a CSV syntax error into an input error at its line.
func (t *tableReader) csvError(err error) error {
	if pe := (*csv.ParseError)(nil); errors.As(err, &pe) {
		return lineError(t.name, pe.Line, "%v", pe.Err)
	}
	return fmt.Errorf("read %s: %w", t.name, err)
}

// sniffDelimiter picks the CSV field separator that the first line of br
// uses most: spreadsheets in many locales export with ";", and some teams
// keep tab-separated files.
func sniffDelimiter(br *bufio.Reader) rune {
	head, _ := br.Peek(br.Size()) // all of a small file; the header of a big one
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	best, most := ',', bytes.Count(head, []byte{','})
	for _, d := range []rune{';', '\t'} {
		if n := bytes.Count(head, []byte{byte(d)}); n > most {
			best, most = d, n
		}
	}
	return best
}
