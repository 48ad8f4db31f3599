package sqlite

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	kflate "github.com/klauspost/compress/flate"

	"sijil/internal/caption"
)

// A record's fields (caption.MarshalFields: every field but its text) are
// stored deflated against fieldsDict, a made-up record that holds the
// field names and the values most records share. Alone, a record's JSON
// is too short for deflate to find much to repeat; against the dictionary
// its field names, evidence lists and place structure cost a few bytes
// each: about 800 bytes come to about 300.
//
// The writer is klauspost/compress's, at level 1: 14 µs a record, against
// 50 µs for the standard library's level 2 (the fastest of its levels
// that matches against a dictionary at all), which clears 640 KB of hash
// tables for every record. It costs some 20 bytes a record more. Its
// output is plain deflate, so the standard library's inflater reads it,
// and rows written by either are one form.
//
// The first byte tells the form: '{' is plain JSON (rows converted in
// place by migration 0011, which SQL cannot deflate), fieldsDeflate is
// deflate with this dictionary. The dictionary may never change: a new one
// needs a new tag.
const fieldsDeflate = 1

const fieldsDict = `{"text":"","description":"","credit":"Photo by /AFP Photo","photographers":[""],"agencies":["AFP","AP","Reuters","Getty Images","Anadolu Agency","EPA","Xinhua"],` +
	`"date":"2016-11-24","date_text":"November 24, 2016","places":["",""],"place_refs":[{"name":"","span":[0,0],"near":true},{"name":"","span":[0,0],"kind":"province"},{"name":"","span":[0,0],"kind":"city"}],` +
	`"location":{"name":"","preferred_name":"","geonameid":0,"lat":0.0,"lon":0.0,"admin1":"","country_code":"SY","feature":"PPLA","precision":1,"basis":"country named"},"country":"SY","country_basis":"gazetteer",` +
	`"killed":0,"injured":0,"attribution":["activists","the Syrian Observatory for Human Rights","hospital sources","medical sources","residents","officials"],` +
	`"event_types":["airstrike","shelling","explosion","rescue","protest","funeral","displacement","clashes"],"actors":["rebels","government forces"],"people":[{"name":"","age":0}],` +
	`"evidence":{"actors":[[0,0]],"agencies":[[0,0]],"attribution":[[0,0]],"country":[[0,0]],"credit":[[0,0]],"date":[[0,0]],"event_types":[[0,0]],"injured":[[0,0]],"killed":[[0,0]],"location":[[0,0]],"people":[[0,0]],"photographers":[[0,0]],"places":[[0,0],[0,0]]},` +
	`"origins":{"country":"iptc"},"warnings":[""]}`

var (
	deflaters = sync.Pool{New: func() any {
		w, err := kflate.NewWriterDict(io.Discard, 1, []byte(fieldsDict))
		if err != nil {
			panic(err) // only for an invalid level
		}
		return w
	}}
	inflaters = sync.Pool{New: func() any { return flate.NewReaderDict(bytes.NewReader(nil), []byte(fieldsDict)) }}
)

// packRecord returns the text, packed fields and description length (NULL
// when the description is in the fields) records keeps of r.
func packRecord(r caption.Record) (text string, fields []byte, descLen any, err error) {
	js, n, err := caption.MarshalFields(r)
	if err != nil {
		return "", nil, nil, err
	}
	var buf bytes.Buffer
	buf.Grow(len(js)/2 + 8)
	buf.WriteByte(fieldsDeflate)
	w := deflaters.Get().(*kflate.Writer)
	defer deflaters.Put(w)
	w.Reset(&buf)
	if _, err := w.Write(js); err != nil {
		return "", nil, nil, err
	}
	if err := w.Close(); err != nil {
		return "", nil, nil, err
	}
	if n >= 0 {
		descLen = n
	}
	// A copy of its own size: the buffer was grown for the JSON, about
	// four times what deflate leaves, and the packed fields of a batch or
	// two of captions wait in memory for their write (Store.Prepare).
	return r.Text, bytes.Clone(buf.Bytes()), descLen, nil
}

// unpackRecord decodes what packRecord wrote, or what migration 0011 left.
func unpackRecord(text string, fields []byte, descLen *int64) (caption.Record, error) {
	n := -1
	if descLen != nil {
		n = int(*descLen)
	}
	if len(fields) == 0 {
		return caption.Record{}, fmt.Errorf("%w: no fields", caption.ErrInvalid)
	}
	js := fields
	switch fields[0] {
	case '{':
	case fieldsDeflate:
		r := inflaters.Get().(io.ReadCloser)
		defer inflaters.Put(r)
		if err := r.(flate.Resetter).Reset(bytes.NewReader(fields[1:]), []byte(fieldsDict)); err != nil {
			return caption.Record{}, err
		}
		var err error
		if js, err = io.ReadAll(r); err != nil {
			return caption.Record{}, fmt.Errorf("%w: fields: %w", caption.ErrInvalid, err)
		}
	default:
		return caption.Record{}, fmt.Errorf("%w: fields of unknown form %#x", caption.ErrInvalid, fields[0])
	}
	return caption.UnmarshalFields(js, text, n)
}

// An occurrence's text is stored NULL when it is its record's (half of
// them in a wire archive), else as textPlain and the text: the tag leaves
// room for a packed form. An exact duplicate differs from the caption that
// made its record by a quote or a line break, but deflating it against the
// record's text (a new compressor of 600 KB for each) cost more than the
// bytes saved.
const textPlain = 0

// packText returns what occurrences.text holds for text, found as a record
// whose text is recordText.
func packText(text, recordText string) (any, error) {
	if text == recordText {
		return nil, nil
	}
	return append([]byte{textPlain}, text...), nil
}

// unpackText reverses packText.
func unpackText(packed []byte, recordText string) (string, error) {
	if packed == nil {
		return recordText, nil
	}
	if len(packed) == 0 || packed[0] != textPlain {
		return "", fmt.Errorf("%w: occurrence text of unknown form", caption.ErrInvalid)
	}
	return string(packed[1:]), nil
}
