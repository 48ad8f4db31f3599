package server

import (
	"context"
	"encoding/json"
	"time"

	"sijil/internal/caption"
)

// Corrections are kept in the register (caption.Store.AddCorrection),
// beside the parsed values and never in their place: pages and the API
// show each correction next to the value it corrects, with who made it,
// when and why.

// correctionJSON is one correction as the API returns it.
type correctionJSON struct {
	Seq      int64           `json:"seq"` // the register's order of corrections
	Record   int64           `json:"record"`
	Field    string          `json:"field"`
	Value    json.RawMessage `json:"value"`    // the corrected value
	Previous json.RawMessage `json:"previous"` // the parsed value, as the record's JSON had it
	Note     string          `json:"note"`
	Author   string          `json:"author"`
	At       time.Time       `json:"at"`
}

func toCorrectionJSON(c caption.Correction) correctionJSON {
	return correctionJSON{Seq: c.Seq, Record: c.Record, Field: c.Field, Value: rawOrNull(c.Value), Previous: rawOrNull(c.Previous),
		Note: c.Note, Author: c.Author, At: c.At.UTC()}
}

// rawOrNull is stored JSON as a raw message: "null" when the store holds
// none, so that the response stays valid JSON whatever it holds.
func rawOrNull(s string) json.RawMessage {
	if s == "" || !json.Valid([]byte(s)) {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}

// recordCorrections returns the corrections of record id, oldest first.
func (s *server) recordCorrections(ctx context.Context, id int64) ([]correctionJSON, error) {
	cs, err := s.store.Corrections(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]correctionJSON, len(cs))
	for i, c := range cs {
		out[i] = toCorrectionJSON(c)
	}
	return out, nil
}
