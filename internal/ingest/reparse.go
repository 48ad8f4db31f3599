package ingest

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"

	"sijil/internal/caption"
)

// ReparseSummary counts what Reparse did.
type ReparseSummary struct {
	Records   int // records read
	Changed   int // records whose fields changed
	Restamped int // records whose fields stayed but whose versions were older
}

// occRef is one occurrence of a record in a document, without its text.
type occRef struct {
	index  int
	record int64
}

// Reparse derives every record's fields again from its caption with
// opt.Parser and opt.Gazetteer and stores those that changed, or whose
// versions differ from opt.Versions, with store.UpdateRecord. Sources,
// fingerprints and links are left alone.
//
// A record is parsed as it was at ingest: among the other captions of the
// document it was first found in, since a document's captions inform each
// other (a caption that names only a neighbourhood takes the country its
// siblings agree on). The captions are the records' stored texts, which
// parse as the captions they were folded from; the documents themselves
// need not still be on disk.
func Reparse(ctx context.Context, store caption.Store, opt Options) (ReparseSummary, error) {
	var sum ReparseSummary
	if opt.Parser == nil {
		return sum, fmt.Errorf("reparse: no parser: %w", caption.ErrInvalid)
	}
	docs, first, err := documentsOf(ctx, store)
	if err != nil {
		return sum, fmt.Errorf("reparse: %w", err)
	}
	sum.Records = len(first)
	ids := make([]int64, 0, len(docs))
	for id := range docs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	in := &ingester{opt: opt}
	for _, doc := range ids {
		if err := ctx.Err(); err != nil {
			return sum, fmt.Errorf("reparse: %w", err)
		}
		if err := in.reparseDocument(ctx, store, doc, docs[doc], first, &sum); err != nil {
			return sum, fmt.Errorf("reparse: %w", err)
		}
	}
	return sum, nil
}

// documentsOf reads where every record was found: each document's
// occurrences in index order, and the document each record was first found
// in. A record without sources (none should exist) counts as its own
// document, under the negated record ID.
func documentsOf(ctx context.Context, store caption.Store) (map[int64][]occRef, map[int64]int64, error) {
	docs := map[int64][]occRef{}
	first := map[int64]int64{}
	for r, err := range store.Records(ctx) {
		if err != nil {
			return nil, nil, err
		}
		srcs, err := store.Sources(ctx, r.ID)
		if err != nil {
			return nil, nil, err
		}
		if len(srcs) == 0 {
			docs[-r.ID] = []occRef{{record: r.ID}}
			first[r.ID] = -r.ID
			continue
		}
		first[r.ID] = srcs[0].Document.ID
		for _, s := range srcs {
			docs[s.Document.ID] = append(docs[s.Document.ID], occRef{index: s.Index, record: r.ID})
		}
	}
	for _, occs := range docs {
		slices.SortFunc(occs, func(a, b occRef) int { return cmp.Compare(a.index, b.index) })
	}
	return docs, first, nil
}

// reparseDocument parses the captions of one document again and updates
// the records it was the first document of. It goes a window of the
// parser's at a time (Parser.Window), as ingest parsed the document: the
// occurrences are the document's every caption, in index order, and only
// a window's records are held at once, however long the document.
func (in *ingester) reparseDocument(ctx context.Context, store caption.Store, doc int64, occs []occRef, first map[int64]int64, sum *ReparseSummary) error {
	done := map[int64]bool{}
	for lo, hi := range in.opt.Parser.Windows(len(occs)) {
		if err := in.reparseWindow(ctx, store, doc, occs[lo:hi], first, done, sum); err != nil {
			return err
		}
	}
	return nil
}

// reparseWindow parses one window of a document's occurrences again and
// updates the records the document was the first of and done does not
// hold yet, adding them to done.
func (in *ingester) reparseWindow(ctx context.Context, store caption.Store, doc int64, occs []occRef, first map[int64]int64, done map[int64]bool, sum *ReparseSummary) error {
	stored := make(map[int64]caption.StoredRecord, len(occs))
	raws := make([]caption.Raw, len(occs))
	for i, o := range occs {
		sr, ok := stored[o.record]
		if !ok {
			var err error
			if sr, err = store.Record(ctx, o.record); err != nil {
				return err
			}
			stored[o.record] = sr
		}
		raws[i] = caption.Raw{Text: sr.Record.Text}
	}
	recs := in.opt.Parser.Document(raws)
	if in.opt.Gazetteer != nil {
		in.opt.Gazetteer.ResolveDocument(recs)
	}
	for i, o := range occs {
		if first[o.record] != doc || done[o.record] {
			continue
		}
		done[o.record] = true
		sr := stored[o.record]
		same, err := sameRecord(sr.Record, recs[i])
		if err != nil {
			return fmt.Errorf("record %d: %w", o.record, err)
		}
		if same && sr.Versions == in.opt.Versions {
			continue
		}
		if err := store.UpdateRecord(ctx, o.record, recs[i], in.opt.Versions); err != nil {
			return err
		}
		if same {
			sum.Restamped++
		} else {
			sum.Changed++
		}
	}
	return nil
}

// sameRecord reports whether two records have the same fields, compared in
// the stored form (where an empty list and a missing one are alike).
func sameRecord(a, b caption.Record) (bool, error) {
	ja, err := caption.MarshalRecord(a)
	if err != nil {
		return false, err
	}
	jb, err := caption.MarshalRecord(b)
	if err != nil {
		return false, err
	}
	return bytes.Equal(ja, jb), nil
}
