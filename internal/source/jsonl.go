package source

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"sijil/internal/caption"
)

// FormatJSONL is the Format of the captions ReadJSONL returns.
const FormatJSONL = "jsonl"

// MaxLine is the longest line ReadJSONL accepts, and the longest CSV record
// ReadCSV accepts, in bytes: a caption of MaxParagraph bytes with every byte
// escaped, and room for its metadata.
const MaxLine = 8 * MaxParagraph

// captionFields are the names of the field holding the caption, in order of
// preference: a row with both keeps "text" as metadata.
var captionFields = []string{"caption", "text"}

// ReadJSONL reads a JSON Lines document: one JSON object per line, the caption
// in its "caption" field, else its "text" field. The object's other fields
// become the caption's Meta, strings as they decode and other values as their
// JSON text. Blank lines are skipped, as is an object whose caption is empty
// or only white space (it holds nothing to parse).
//
// Start and End are the byte range of the caption's JSON string in the
// document, quotes included, so that decoding those bytes as JSON gives
// Text; Line is the object's line.
//
// A line that is not a JSON object, an object without a string caption,
// with more than MaxColumns members or more than MaxMeta bytes of
// metadata, or a line longer than MaxLine is an error wrapping
// caption.ErrInvalid that names path and line; nothing of the document is
// returned then.
func ReadJSONL(r io.Reader, path string) ([]caption.Raw, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var (
		out  []caption.Raw
		buf  []byte
		off  int
		line = 1
	)
	for ; ; line++ {
		l, err := readJSONLine(br, &buf)
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		start := off
		off += len(l)
		if start == 0 {
			l, start = trimBOM(l, start)
		}
		if len(bytes.TrimSpace(l)) > 0 {
			raw, ok, perr := jsonlCaption(l, start)
			if perr != nil {
				return nil, fmt.Errorf("%s:%d: %w: %w", path, line, perr, caption.ErrInvalid)
			}
			if ok {
				raw.Path, raw.Line = path, line
				out = append(out, raw)
			}
		}
		if err == io.EOF {
			return out, nil
		}
	}
}

// errLineTooLong is the reason given for a line over MaxLine.
var errLineTooLong = fmt.Errorf("line longer than %d bytes: %w", MaxLine, caption.ErrInvalid)

// readJSONLine returns the next line with its terminator, valid until the
// next call; io.EOF with the last line, which may be empty.
func readJSONLine(br *bufio.Reader, buf *[]byte) ([]byte, error) {
	chunk, err := br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return chunk, err
	}
	*buf = append((*buf)[:0], chunk...)
	for err == bufio.ErrBufferFull {
		chunk, err = br.ReadSlice('\n')
		if len(*buf)+len(chunk) > MaxLine {
			return nil, errLineTooLong
		}
		*buf = append(*buf, chunk...)
	}
	return *buf, err
}

// trimBOM cuts a UTF-8 byte-order mark from the document's first line.
func trimBOM(l []byte, start int) ([]byte, int) {
	if bytes.HasPrefix(l, utf8BOM) {
		return l[len(utf8BOM):], start + len(utf8BOM)
	}
	return l, start
}

// jsonlCaption reads one object (line, which starts at document offset
// start). ok is false when its caption is blank.
func jsonlCaption(line []byte, start int) (raw caption.Raw, ok bool, err error) {
	fields, err := jsonObject(line)
	if err != nil {
		return raw, false, err
	}
	key := ""
	for _, k := range captionFields {
		if _, found := fields[k]; found {
			key = k
			break
		}
	}
	if key == "" {
		return raw, false, errors.New(`no "caption" or "text" field`)
	}
	f := fields[key]
	var text string
	if err := json.Unmarshal(f.value, &text); err != nil || f.value[0] != '"' {
		return raw, false, fmt.Errorf("field %q is not a string", key)
	}
	delete(fields, key)
	raw = caption.Raw{Text: text, Start: start + f.start, End: start + f.end, Format: FormatJSONL}
	if len(fields) > 0 {
		raw.Meta = make(map[string]string, len(fields))
		for k, f := range fields {
			raw.Meta[k] = metaValue(f.value)
		}
		if err := checkMeta(raw.Meta, "fields"); err != nil {
			return raw, false, err
		}
	}
	return raw, !isBlank([]byte(text)), nil
}

// jsonField is one member of an object: its value's bytes and where they
// lie in the line.
type jsonField struct {
	value      json.RawMessage
	start, end int
}

// jsonObject splits a line holding one JSON object into its members. A key
// given twice keeps its last value, as encoding/json does.
func jsonObject(line []byte) (map[string]jsonField, error) {
	// Validate first: encoding/json's whole-input check reports the column
	// of a syntax error, which its streaming decoder does not.
	if err := json.Unmarshal(line, new(json.RawMessage)); err != nil {
		return nil, jsonSyntax(err, line)
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	fields := map[string]jsonField{}
	for n := 1; dec.More(); n++ {
		if n > MaxColumns {
			return nil, fmt.Errorf("more than %d fields", MaxColumns)
		}
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		end := int(dec.InputOffset())
		fields[key] = jsonField{value: v, start: end - len(v), end: end}
	}
	return fields, nil
}

// jsonSyntax turns a syntax error in line into a reason that reads well
// after path:line. The streaming decoder tells a value the line leaves open
// (io.ErrUnexpectedEOF) from other errors, which Unmarshal gives only as
// text.
func jsonSyntax(err error, line []byte) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	if errors.Is(json.NewDecoder(bytes.NewReader(line)).Decode(new(json.RawMessage)), io.ErrUnexpectedEOF) {
		return errors.New("JSON value not closed on its line")
	}
	return fmt.Errorf("invalid JSON at column %d: %w", se.Offset, err)
}

// metaValue is a metadata field as a string: a JSON string as it decodes,
// null as "", anything else as its JSON text.
func metaValue(v json.RawMessage) string {
	var s string
	if v[0] == '"' && json.Unmarshal(v, &s) == nil {
		return s
	}
	if string(v) == "null" {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, v) == nil {
		return b.String()
	}
	return string(v)
}
