package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// A correction is small: a field's name, its value (a date, a code, a
// count, a short list or a location) and who made it and why. Anything
// beyond that is refused before the record is read, with a message naming
// the part at fault. The limits (also in openapi.json):
const (
	maxNote       = 2000       // bytes of the note
	maxAuthor     = 200        // bytes of the author's name
	maxItems      = 50         // items of a list (a caption names a handful)
	maxItem       = 200        // bytes of one item, a location's names (as a filter's value)
	maxCount      = 10_000_000 // killed or injured
	maxValueDepth = 1          // a list of strings or a location object, nothing inside them
)

// correctionRequest is the body of POST /api/v1/corrections/{id}.
type correctionRequest struct {
	Field  string          `json:"field"`
	Value  json.RawMessage `json:"value"`
	Note   string          `json:"note"`
	Author string          `json:"author"`
}

func (s *server) handleCorrectionCreate(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	req, err := s.readCorrection(w, r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	value, err := checkCorrection(req)
	if err != nil {
		s.error(w, r, err)
		return
	}
	prev, err := s.parsedValue(r, id, req.Field)
	if err != nil {
		s.error(w, r, err)
		return
	}
	c, err := s.store.AddCorrection(r.Context(), caption.Correction{Record: id, Field: req.Field, Value: value,
		Previous: string(prev), Note: req.Note, Author: strings.TrimSpace(req.Author), At: s.opt.Now().UTC()})
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toCorrectionJSON(c))
}

// readCorrection decodes the body, capped at Limits.MaxBody (64 KiB by
// default): one JSON object of correctionRequest's fields and no other.
func (s *server) readCorrection(w http.ResponseWriter, r *http.Request) (correctionRequest, error) {
	var req correctionRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.limits.MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, decodeError("", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return req, err
		}
		return req, &UserError{Kind: caption.ErrInvalid, Message: "the body must be one JSON object, with nothing after it"}
	}
	return req, nil
}

// decodeError turns a JSON decoding error into one that names the part of
// the body at fault; at is the path of the value decoded ("value" for a
// correction's value, "" for the body).
func decodeError(at string, err error) error {
	var mbe *http.MaxBytesError
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &mbe):
		return err
	case errors.As(err, &te):
		return invalid(joinPath(at, te.Field), "want %s, not a JSON %s", jsonKind(te.Type.Kind()), te.Value)
	case errors.As(err, &se), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return &UserError{Kind: caption.ErrInvalid, Message: "the body is not one JSON object", Err: err}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return invalid(joinPath(at, strings.Trim(name, `"`)), "unknown field")
	}
	return &UserError{Kind: caption.ErrInvalid, Message: "the body must be one JSON object with the documented fields", Err: err}
}

func joinPath(at, field string) string {
	switch {
	case at == "":
		return field
	case field == "":
		return at
	}
	return at + "." + field
}

// jsonKind names what a Go kind decodes from, as JSON calls it.
func jsonKind(kind reflect.Kind) string {
	switch kind {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a " + kind.String()
}

// checkCorrection checks req against the limits and returns its value as
// the register keeps it: the canonical JSON of what was checked, so that
// nothing the checks did not look at (an unknown key, a duplicate, white
// space) is stored.
func checkCorrection(req correctionRequest) (string, error) {
	check, ok := correctable[req.Field]
	if !ok {
		names := slices.Sorted(func(yield func(string) bool) {
			for k := range correctable {
				if !yield(k) {
					return
				}
			}
		})
		if req.Field == "" {
			return "", invalid("field", "missing: want one of %s", strings.Join(names, ", "))
		}
		return "", invalid("field", "want one of %s", strings.Join(names, ", "))
	}
	if err := checkText("author", req.Author, maxAuthor, false); err != nil {
		return "", err
	}
	if strings.TrimSpace(req.Author) == "" {
		return "", invalid("author", "say who makes the correction: it is kept in the audit trail")
	}
	if err := checkText("note", req.Note, maxNote, true); err != nil {
		return "", err
	}
	if len(req.Value) == 0 {
		return "", invalid("value", "missing (null clears the field)")
	}
	if jsonDepth(req.Value) > maxValueDepth {
		return "", invalid("value", "nested deeper than a correction needs: a list of strings or a location object, with nothing inside them")
	}
	v, err := check(req.Value)
	if err != nil {
		return "", err
	}
	return canonicalJSON(v)
}

// checkText checks a text field: at most max bytes, no control characters
// (but line breaks and tabs where multiline).
func checkText(field, v string, max int, multiline bool) error {
	if len(v) > max {
		return invalid(field, "at most %d bytes, not %d", max, len(v))
	}
	if !utf8.ValidString(v) {
		return invalid(field, "not UTF-8 text")
	}
	if i := strings.IndexFunc(v, func(r rune) bool { return isControlChar(r) && !(multiline && (r == '\n' || r == '\r' || r == '\t')) }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(v[i:])
		return invalid(field, "control character %U at byte %d", r, i)
	}
	return nil
}

// jsonDepth is how deep raw nests lists and objects: 0 for a scalar, 1
// for ["a"], 2 for [["a"]]. raw has been decoded once, so it is valid.
func jsonDepth(raw []byte) int {
	dec := json.NewDecoder(bytes.NewReader(raw))
	depth, deepest := 0, 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return deepest
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			depth++
			deepest = max(deepest, depth)
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
	}
}

// canonicalJSON encodes v as the register stores it: compact, without
// HTML escapes (the API escapes on the way out).
func canonicalJSON(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("correction value: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// parsedValue returns field of record id as the record's JSON has it.
func (s *server) parsedValue(r *http.Request, id int64, field string) (json.RawMessage, error) {
	sr, err := s.store.Record(r.Context(), id)
	if err != nil {
		return nil, err
	}
	raw, err := recordJSON(sr)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("record %d: %w", id, err)
	}
	if v, ok := fields[field]; ok {
		return v, nil
	}
	return json.RawMessage("null"), nil
}
