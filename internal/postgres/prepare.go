package postgres

import "sijil/internal/caption"

var _ caption.Preparer = (*Store)(nil)

// preparedItems is what Prepare makes of a document's items: the columns
// of the record each would create, nil for a Repeat (its record is stored,
// or about to be) and for one whose columns could not be made (the write
// makes them again, and reports the error with its key).
type preparedItems []*recordColumns

// Prepare makes the columns of the records items would create
// (caption.Preparer) on ingest's workers, beside the writer: the compact
// fields, the search text and its tsvector, the search terms. Made by the
// write, they were its own largest part of the client's CPU, 8-10 µs a
// record (2026-12-07), while the server waited for its next statement.
// The versions are the write's, set there.
func (s *Store) Prepare(items []caption.Item) caption.Prepared {
	out := make(preparedItems, len(items))
	for i := range items {
		if items[i].Repeat {
			continue
		}
		if c, err := columnsOf(items[i].Record, caption.Versions{}); err == nil {
			out[i] = &c
		}
	}
	return out
}

// columns returns the columns of a record the plan creates: those Prepare
// made of the first item citing its key, when it made them of that item's
// text, else made now.
func (p *putPlan) columns(r caption.StoredRecord, v caption.Versions) (recordColumns, error) {
	if c := p.prepared[r.Fingerprint.Key]; c != nil && c.Text == r.Record.Text {
		cols := *c
		cols.Parser, cols.Gazetteer = v.Parser, v.Gazetteer
		return cols, nil
	}
	return columnsOf(r.Record, v)
}
