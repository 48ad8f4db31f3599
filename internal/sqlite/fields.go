package sqlite

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	"sijil/internal/caption"
)

// A record's fields (every field but its text, and its description when
// that begins the text) are stored in caption's compact form
// (caption.AppendCompactFields), tagged fieldsCompact: most of its strings
// are words of the text, written as where they are in it, and the rest
// mostly indexes into a fixed table. A generated caption's fields take
// about 190 bytes, where the deflated JSON that registers hold from before
// took about 300, and are written in a fifth of the time and read in a
// tenth (BenchmarkAppendCompactFields; 2026-12-05).
//
// The first byte tells the form. Rows of the older forms are read as they
// are, and rewritten compact when their record is next written (reparse):
// '{' is plain JSON (rows converted in place by migration 0011, which SQL
// cannot deflate), fieldsDeflate is the JSON deflated against fieldsDict,
// a made-up record holding the field names and the values most records
// share. That dictionary may never change.
const (
	fieldsDeflate = 1
	fieldsCompact = 2
)

const fieldsDict = `{"text":"","description":"","credit":"Photo by /AFP Photo","photographers":[""],"agencies":["AFP","AP","Reuters","Getty Images","Anadolu Agency","EPA","Xinhua"],` +
	`"date":"2016-11-24","date_text":"November 24, 2016","places":["",""],"place_refs":[{"name":"","span":[0,0],"near":true},{"name":"","span":[0,0],"kind":"province"},{"name":"","span":[0,0],"kind":"city"}],` +
	`"location":{"name":"","preferred_name":"","geonameid":0,"lat":0.0,"lon":0.0,"admin1":"","country_code":"SY","feature":"PPLA","precision":1,"basis":"country named"},"country":"SY","country_basis":"gazetteer",` +
	`"killed":0,"injured":0,"attribution":["activists","the Syrian Observatory for Human Rights","hospital sources","medical sources","residents","officials"],` +
	`"event_types":["airstrike","shelling","explosion","rescue","protest","funeral","displacement","clashes"],"actors":["rebels","government forces"],"people":[{"name":"","age":0}],` +
	`"evidence":{"actors":[[0,0]],"agencies":[[0,0]],"attribution":[[0,0]],"country":[[0,0]],"credit":[[0,0]],"date":[[0,0]],"event_types":[[0,0]],"injured":[[0,0]],"killed":[[0,0]],"location":[[0,0]],"people":[[0,0]],"photographers":[[0,0]],"places":[[0,0],[0,0]]},` +
	`"origins":{"country":"iptc"},"warnings":[""]}`

var inflaters = sync.Pool{New: func() any { return flate.NewReaderDict(bytes.NewReader(nil), []byte(fieldsDict)) }}

// packRecord returns the text, packed fields and description length (NULL
// when the description is in the fields) records keeps of r.
func packRecord(r caption.Record) (text string, fields []byte, descLen any, err error) {
	// Grown once: a generated caption's fields take about 190 bytes.
	fields, n, err := caption.AppendCompactFields(append(make([]byte, 0, 256), fieldsCompact), r)
	if err != nil {
		return "", nil, nil, err
	}
	if n >= 0 {
		descLen = n
	}
	return r.Text, fields, descLen, nil
}

// unpackRecord decodes what packRecord wrote, or what an older sijil did.
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
	case fieldsCompact:
		return caption.UnmarshalCompactFields(fields[1:], text, n)
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
