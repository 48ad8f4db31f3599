package ingest

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"sijil/internal/caption"
)

// storeAll prepares the documents on opt.Workers goroutines and stores them
// in the order given, in chunks of at least opt.Batch captions (whole
// documents): each chunk's documents, and the linking of the records they
// created, in one Exclusive call (putChunk). One goroutine writes a chunk
// while this one gathers the next from the workers, so that parsing and
// geocoding run beside the store's work instead of between its
// transactions.
func (in *ingester) storeAll(ctx context.Context, paths []string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Each document gets a channel for its result; the channel of channels
	// keeps the walk's order, and its capacity bounds the documents held in
	// memory at once, beside the chunk being written and the one gathered.
	order := make(chan chan *document, 2*in.opt.Workers)
	jobs := make(chan func(), in.opt.Workers)
	for range in.opt.Workers {
		go func() {
			for job := range jobs {
				job()
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(jobs)
		for _, p := range paths {
			out := make(chan *document, 1)
			select {
			case order <- out:
			case <-ctx.Done():
				return
			}
			jobs <- func() { out <- in.prepare(p) }
		}
	}()
	chunks := make(chan []*document)
	written := make(chan error, 1)
	go func() {
		var err error
		for c := range chunks {
			if err == nil {
				if err = in.putChunk(ctx, c); err != nil {
					cancel()
				}
			}
		}
		written <- err
	}()
	gatherErr := in.gather(ctx, order, chunks)
	close(chunks)
	if err := <-written; err != nil {
		return err
	}
	return gatherErr
}

// gather sends the prepared documents to chunks, in order, opt.Batch
// captions at a time.
func (in *ingester) gather(ctx context.Context, order chan chan *document, chunks chan<- []*document) error {
	var chunk []*document
	captions := 0
	for out := range order {
		var d *document
		select {
		case d = <-out:
		case <-ctx.Done():
			return fmt.Errorf("ingest: %w", ctx.Err())
		}
		chunk = append(chunk, d)
		captions += len(d.items)
		if captions < in.opt.Batch {
			continue
		}
		select {
		case chunks <- chunk:
		case <-ctx.Done():
			return fmt.Errorf("ingest: %w", ctx.Err())
		}
		chunk, captions = nil, 0
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	if len(chunk) > 0 {
		chunks <- chunk
	}
	return nil
}

// putChunk stores a chunk of documents and links the records they created,
// in one Exclusive call: with SQLite one transaction, so that a killed
// ingest loses at most the chunk, which the next run stores again exactly
// as this one would have. Linking the new records from the items they were
// stored from, rather than in passes that read every record back after all
// are stored, spares decoding each record twice and updating its row in a
// transaction of its own.
func (in *ingester) putChunk(ctx context.Context, docs []*document) error {
	for _, d := range docs {
		if d.err != nil {
			in.fail(d.path, d.err)
		}
	}
	return in.store.Exclusive(context.WithoutCancel(ctx), func(xctx context.Context) error {
		var fresh []caption.StoredRecord
		for _, d := range docs {
			if d.err != nil {
				continue
			}
			// The store's calls are not cancellable (see linkLeftovers);
			// ctx is checked between documents, and an error rolls the
			// chunk back.
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("ingest: %w", err)
			}
			res, err := in.put(xctx, d)
			if err != nil {
				return err
			}
			fresh = appendCreated(fresh, d, res, in.opt.Versions)
		}
		slices.SortFunc(fresh, func(a, b caption.StoredRecord) int { return cmp.Compare(a.ID, b.ID) })
		if err := in.linkStored(xctx, fresh); err != nil {
			return fmt.Errorf("ingest: link: %w", err)
		}
		return nil
	})
}

// appendCreated adds to fresh the records res says PutDocument created,
// with the fields of the first item citing each, which the store stored.
func appendCreated(fresh []caption.StoredRecord, d *document, res caption.IngestResult, v caption.Versions) []caption.StoredRecord {
	if len(res.Created) == 0 {
		return fresh
	}
	created := make(map[int64]bool, len(res.Created))
	for _, id := range res.Created {
		created[id] = true
	}
	for i, id := range res.RecordIDs {
		if created[id] {
			delete(created, id)
			it := &d.items[i]
			fresh = append(fresh, caption.StoredRecord{ID: id, Record: it.Record, Fingerprint: it.Fingerprint, Versions: v})
		}
	}
	return fresh
}

// put stores one prepared document and counts it.
func (in *ingester) put(ctx context.Context, d *document) (caption.IngestResult, error) {
	res, err := in.store.PutDocument(ctx, d.doc, d.items, in.opt.Versions)
	if err != nil {
		return res, fmt.Errorf("ingest %s: %w", d.path, err)
	}
	in.sum.Documents++
	in.sum.Bytes += d.doc.Size
	if d.known || res.Unchanged {
		in.sum.Unchanged++
	} else {
		in.sum.Captions += len(d.items)
		in.sum.NewRecords += res.NewRecords
		in.sum.ExactDuplicates += res.ExactDuplicate
	}
	in.progress.stored(in.sum.Documents+len(in.sum.Failures), in.sum.Captions, in.sum.Bytes)
	return res, nil
}
