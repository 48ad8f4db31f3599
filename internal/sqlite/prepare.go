package sqlite

import "sijil/internal/caption"

// packed is a record's row as packRecord encodes it: its fields deflated,
// the largest part of the writer's own CPU (36 µs a record, against 10 µs
// for its search terms and text, which would hold ten times the memory
// from the workers to the write). Prepare makes it on ingest's workers,
// beside the writer; what they did not make, the write makes on every core
// while the writer waits (plan).
type packed struct {
	text    string // the record's, by which the write knows it packed that item
	fields  []byte
	descLen any
}

func pack(r caption.Record) (*packed, error) {
	text, fields, descLen, err := packRecord(r)
	if err != nil {
		return nil, err
	}
	return &packed{text: text, fields: fields, descLen: descLen}, nil
}

// preparedItems is what Prepare makes of a document's items: the packed
// form of each, nil for a caption the document repeats (its record is made
// from the first) and for one that failed to pack (the write packs it
// again, and reports the error with its document and caption).
type preparedItems []*packed

// Prepare packs the records items would create (caption.Preparer), for
// PutDocuments to write as they are. A record made from an item that turns
// out to be stored already is packed for nothing: a third of the captions
// of a wire archive, whose packing costs the workers less than the writer's
// waiting for it did.
func (s *Store) Prepare(items []caption.Item) caption.Prepared {
	out := make(preparedItems, len(items))
	seen := make(map[string]bool, len(items))
	for i, it := range items {
		if seen[it.Fingerprint.Key] {
			continue
		}
		seen[it.Fingerprint.Key] = true
		out[i], _ = pack(it.Record)
	}
	return out
}

// preparedFor returns d's prepared items when Prepare made them of as many
// items as d has, else nil; the write still checks each against its
// item's text.
func preparedFor(d caption.DocumentItems) preparedItems {
	if pre, ok := d.Prepared.(preparedItems); ok && len(pre) == len(d.Items) {
		return pre
	}
	return nil
}
