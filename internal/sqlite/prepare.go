package sqlite

import "sijil/internal/caption"

// packed is a record's row as packRecord encodes it: its fields in the
// compact form, about 3 µs a record (deflated JSON, before, took 16 µs and
// was once the largest part of the writer's own CPU). Prepare makes it on
// ingest's workers, beside the writer; what they did not make, the write
// makes on every core while the writer waits (plan).
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
// form of each, nil for a Repeat (its record is made from the item it
// repeats) and for one that failed to pack (the write packs it
// again, and reports the error with its document and caption).
type preparedItems []*packed

// Prepare packs the records items would create (caption.Preparer), for
// PutDocuments to write as they are. An item marked Repeat is not packed:
// its record is stored, or about to be, and ingest marks so the third of a
// wire archive's captions that are copies. What Prepare did not pack (an
// error, or items made by a caller that does not prepare them) the write
// packs itself.
func (s *Store) Prepare(items []caption.Item) caption.Prepared {
	out := make(preparedItems, len(items))
	prep := func(i int) {
		if !items[i].Repeat {
			out[i], _ = pack(items[i].Record)
			// The write reads a packed record's evidence nowhere else;
			// a wire dump's document is held whole until its write,
			// and 50,000 captions' evidence was 46 MB of it.
			if out[i] != nil {
				items[i].Record.Evidence = nil
			}
		}
	}
	// A wire dump of thousands of captions is one document, which one
	// worker prepares while the writer waits for it whole: its records
	// are packed on every core. A gallery's hundred are packed by the
	// worker that read it, beside the others.
	if len(items) >= parallelPrepare {
		parallel(len(items), prep)
		return out
	}
	for i := range items {
		prep(i)
	}
	return out
}

// parallelPrepare is the smallest call whose records Prepare packs on
// every core.
const parallelPrepare = 1024
