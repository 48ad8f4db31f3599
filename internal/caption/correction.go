package caption

import "time"

// Correction is a person's fix to one parsed field of a record. Corrections
// are an audit trail kept beside the parsed values, never in their place: a
// reparse re-derives the fields and leaves the corrections alone, and a
// reader sees both, with who corrected what, when and why.
//
// Value and Previous are JSON, as docs/records.md spells the field ("null" clears
// it): the field's shape differs from field to field, and the server checks
// it before a correction is stored.
type Correction struct {
	Seq      int64 // given by the store, growing with every correction stored
	Record   int64
	Field    string // a record field name (docs/records.md): "date", "killed", "places"…
	Value    string // the corrected value, JSON
	Previous string // the parsed value when the correction was made, JSON
	Note     string
	Author   string
	At       time.Time
}
