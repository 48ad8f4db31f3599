package geocode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// readJSONArray reads a JSON array of objects, one row each.
func (t *tableReader) readJSONArray(r io.Reader) error {
	dec := json.NewDecoder(r)
	if _, err := dec.Token(); err != nil { // the "["
		return t.jsonError(t.name, err)
	}
	i := 0
	for ; dec.More(); i++ {
		var raw json.RawMessage
		pos := fmt.Sprintf("%s[%d]", t.name, i)
		if err := dec.Decode(&raw); err != nil {
			return t.jsonError(pos, err)
		}
		if err := t.addJSON(pos, raw); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the "]"
		return t.jsonError(fmt.Sprintf("%s[%d]", t.name, i), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &inputError{t.name, fmt.Sprintf("data after the array, at byte %d", dec.InputOffset())}
	}
	return nil
}

// readJSONStream reads JSON objects one after the other: JSON Lines, or
// objects separated by any white space.
func (t *tableReader) readJSONStream(r io.Reader) error {
	dec := json.NewDecoder(r)
	for i := 0; ; i++ {
		var raw json.RawMessage
		pos := fmt.Sprintf("%s[%d]", t.name, i)
		err := dec.Decode(&raw)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return t.jsonError(pos, err)
		}
		if err := t.addJSON(pos, raw); err != nil {
			return err
		}
	}
}

// addJSON converts the JSON value at pos, which must be an object whose
// mapped members are strings, numbers, booleans or null.
func (t *tableReader) addJSON(pos string, raw json.RawMessage) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return t.keep(pos, Place{}, errors.New("not a JSON object"))
	}
	vals := make(map[string]string)
	for _, col := range t.m.columns() {
		v, ok := lookupFold(obj, col)
		if !ok {
			continue
		}
		s, err := jsonScalar(v)
		if err != nil {
			return t.keep(pos, Place{}, fmt.Errorf("%q: %w", col, err))
		}
		vals[col] = s
	}
	return t.add(pos, func(col string) (string, bool) {
		v, ok := vals[col]
		return v, ok
	})
}

// lookupFold returns the member named key, or else one whose name matches
// it ignoring case.
func lookupFold(obj map[string]json.RawMessage, key string) (json.RawMessage, bool) {
	if v, ok := obj[key]; ok {
		return v, true
	}
	for k, v := range obj {
		if strings.EqualFold(k, key) {
			return v, true
		}
	}
	return nil, false
}

// jsonScalar returns the text of a JSON string, number or boolean, with
// spaces trimmed; null is "". Numbers keep their JSON spelling, so that an
// id 12 and "12" are the same id.
func jsonScalar(v json.RawMessage) (string, error) {
	v = bytes.TrimSpace(v)
	switch {
	case len(v) == 0 || string(v) == "null":
		return "", nil
	case v[0] == '"':
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return "", err
		}
		return strings.TrimSpace(s), nil
	case v[0] == '{' || v[0] == '[':
		return "", errors.New("an object or array, want a string or number")
	}
	return string(v), nil
}

// jsonError turns a JSON decoding error at pos into an input error.
func (t *tableReader) jsonError(pos string, err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return &inputError{pos, fmt.Sprintf("byte %d: %v", se.Offset, err)}
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return &inputError{pos, "unexpected end of input"}
	}
	return fmt.Errorf("read %s: %w", pos, err)
}
