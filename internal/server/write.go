package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// correctionRequest is the body of POST /api/v1/corrections/{id}.
type correctionRequest struct {
	Field  string          `json:"field"`
	Value  json.RawMessage `json:"value"`
	Note   string          `json:"note"`
	Author string          `json:"author"`
}

// correctable are the fields a correction may set, each with a check of the
// value's JSON shape (null clears the field).
var correctable = map[string]func(json.RawMessage) error{
	"date":          checkDateValue,
	"country":       checkCountryValue,
	"killed":        checkCountValue,
	"injured":       checkCountValue,
	"places":        checkStringsValue,
	"attribution":   checkStringsValue,
	"actors":        checkStringsValue,
	"photographers": checkStringsValue,
	"agencies":      checkStringsValue,
	"event_types":   checkEventTypesValue,
	"location":      checkLocationValue,
}

func (s *server) handleCorrectionCreate(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	var req correctionRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.error(w, r, err)
		return
	}
	if err := checkCorrection(req); err != nil {
		s.error(w, r, err)
		return
	}
	prev, err := s.parsedValue(r, id, req.Field)
	if err != nil {
		s.error(w, r, err)
		return
	}
	c, err := s.store.AddCorrection(r.Context(), caption.Correction{Record: id, Field: req.Field, Value: string(compact(req.Value)),
		Previous: string(prev), Note: req.Note, Author: req.Author, At: s.opt.Now().UTC()})
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, toCorrectionJSON(c))
}

// readJSON decodes one JSON object from r's body, capped at MaxBody.
func (s *server) readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.limits.MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		return &UserError{Kind: caption.ErrInvalid, Message: "the body must be one JSON object with the documented fields", Err: err}
	}
	if dec.More() {
		return &UserError{Kind: caption.ErrInvalid, Message: "the body must be one JSON object"}
	}
	return nil
}

func checkCorrection(req correctionRequest) error {
	check, ok := correctable[req.Field]
	if !ok {
		names := make([]string, 0, len(correctable))
		for k := range correctable {
			names = append(names, k)
		}
		slices.Sort(names)
		return invalid("field", "want one of %s", strings.Join(names, ", "))
	}
	if len(req.Value) == 0 {
		return invalid("value", "missing (null clears the field)")
	}
	if err := check(req.Value); err != nil {
		return err
	}
	if len(req.Note) > 2000 || len(req.Author) > 200 || !utf8.ValidString(req.Note+req.Author) {
		return invalid("note", "note and author: at most 2000 and 200 bytes of text")
	}
	if strings.TrimSpace(req.Author) == "" {
		return invalid("author", "say who makes the correction: it is kept in the audit trail")
	}
	return nil
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

func compact(v json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return v
	}
	return b.Bytes()
}

func isNull(v json.RawMessage) bool { return string(v) == "null" }

func checkDateValue(v json.RawMessage) error {
	var s string
	if isNull(v) {
		return nil
	}
	if json.Unmarshal(v, &s) != nil {
		return invalid("value", "a date is a string YYYY, YYYY-MM or YYYY-MM-DD, or null")
	}
	_, err := checkDate("value", s)
	return err
}

func checkCountryValue(v json.RawMessage) error {
	var s string
	if isNull(v) {
		return nil
	}
	if json.Unmarshal(v, &s) != nil {
		return invalid("value", "a country is a two-letter code, or null")
	}
	_, err := checkCountry(s)
	return err
}

func checkCountValue(v json.RawMessage) error {
	var n int
	if isNull(v) {
		return nil
	}
	if json.Unmarshal(v, &n) != nil || n < 0 {
		return invalid("value", "a count is a whole number, 0 or more, or null")
	}
	return nil
}

func checkStringsValue(v json.RawMessage) error {
	var ss []string
	if json.Unmarshal(v, &ss) != nil || ss == nil {
		return invalid("value", "want a list of strings ([] clears it)")
	}
	for _, s := range ss {
		if s == "" || len(s) > maxOtherParam {
			return invalid("value", "each item is a non-empty string of at most %d bytes", maxOtherParam)
		}
	}
	return nil
}

func checkEventTypesValue(v json.RawMessage) error {
	if err := checkStringsValue(v); err != nil {
		return err
	}
	var ts []caption.EventType
	json.Unmarshal(v, &ts)
	for _, t := range ts {
		if !slices.Contains(caption.EventTypes, t) {
			return invalid("value", "event types are among %v", caption.EventTypes)
		}
	}
	return nil
}

func checkLocationValue(v json.RawMessage) error {
	if isNull(v) {
		return nil
	}
	var l struct {
		Name string   `json:"name"`
		Lat  *float64 `json:"lat"`
		Lon  *float64 `json:"lon"`
	}
	if json.Unmarshal(v, &l) != nil || l.Name == "" || l.Lat == nil || l.Lon == nil ||
		*l.Lat < -90 || *l.Lat > 90 || *l.Lon < -180 || *l.Lon > 180 {
		return invalid("value", `a location is {"name": "…", "lat": -90…90, "lon": -180…180}, or null`)
	}
	return nil
}

// handleDocumentCreate ingests the request body as one document. Its name
// is the "name" parameter (a file name, without directories); the body is
// capped at Limits.MaxUpload.
func (s *server) handleDocumentCreate(w http.ResponseWriter, r *http.Request) {
	if s.opt.Ingest == nil {
		s.error(w, r, &UserError{Kind: caption.ErrUnsupported, Message: "this server does not take uploads"})
		return
	}
	name, err := uploadName(r.URL.Query().Get("name"))
	if err != nil {
		s.error(w, r, err)
		return
	}
	body := http.MaxBytesReader(w, r.Body, s.limits.MaxUpload)
	res, err := s.opt.Ingest(r.Context(), name, body)
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, uploadJSON(res))
}

// uploadJSON is the answer to an upload: IngestResult with JSON names.
type uploadJSON struct {
	Path            string `json:"path"`
	SHA256          string `json:"sha256"`
	Size            int64  `json:"size"`
	Unchanged       bool   `json:"unchanged"`
	Captions        int    `json:"captions"`
	NewRecords      int    `json:"new_records"`
	ExactDuplicates int    `json:"exact_duplicates"`
}

// uploadName checks a client's file name: a base name of printable UTF-8,
// whose extension helps choose the reader.
func uploadName(name string) (string, error) {
	if name == "" {
		return "", invalid("name", "give the document's file name, e.g. ?name=captions.txt")
	}
	if len(name) > 200 || !utf8.ValidString(name) || strings.ContainsAny(name, "/\\\x00") ||
		name == "." || name == ".." || path.Base(name) != name || strings.IndexFunc(name, isControl) >= 0 {
		return "", invalid("name", "want a plain file name of at most 200 bytes, without directories")
	}
	return name, nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
