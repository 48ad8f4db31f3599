package ingest

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"sijil/internal/caption"
	"sijil/internal/picture"
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
	// The workers and the walk are waited for before storeAll returns, so
	// that no document is still being read when the ingest says it is
	// done (an interrupted ingest must not go on reading files, nor a
	// test's temporary directory be removed under it).
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	// Each document gets a channel for its result; the channel of channels
	// keeps the walk's order, and its capacity bounds the documents held in
	// memory at once, beside the chunk being written and the one gathered.
	order := make(chan chan *document, 2*in.opt.Workers)
	jobs := make(chan func(), in.opt.Workers)
	// A worker preparing a document and the goroutine writing a chunk each
	// hold a token of threads: the writer is the ingest's critical path,
	// and with a worker running on every thread the scheduler shared the
	// writer's thread with them. On 2 cores, at 100,000 captions, the writer
	// was busy 8.5-8.7 s of wall time for about 6 s of CPU. A fixed worker
	// fewer instead left a thread idle while the writer had nothing to
	// write: 5,000 captions took 1.3 s instead of 0.9 (2026-12-04).
	threads := make(chan struct{}, runtime.GOMAXPROCS(0))
	for range in.opt.Workers {
		wg.Go(func() {
			for job := range jobs {
				job()
			}
		})
	}
	wg.Go(func() {
		defer close(order)
		defer close(jobs)
		for ord, p := range paths {
			out := make(chan *document, 1)
			select {
			case order <- out:
			case <-ctx.Done():
				return
			}
			jobs <- func() {
				d := in.prepareOn(ctx, p, ord, threads)
				out <- d
				if d.parts != nil {
					in.stream(ctx, d)
				}
			}
		}
	})
	chunks := make(chan []*document)
	written := make(chan error, 1)
	go func() {
		var err error
		for c := range chunks {
			if err != nil {
				continue
			}
			select {
			case threads <- struct{}{}:
			case <-ctx.Done():
				err = fmt.Errorf("ingest: %w", ctx.Err())
				continue
			}
			err = in.putChunk(ctx, c)
			<-threads
			if err != nil {
				cancel()
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

// prepareOn prepares the document at path, the ord'th of the walk,
// holding a token of threads.
func (in *ingester) prepareOn(ctx context.Context, path string, ord int, threads chan struct{}) *document {
	select {
	case threads <- struct{}{}:
	case <-ctx.Done():
		return &document{path: path, err: ctx.Err()}
	}
	defer func() { <-threads }()
	if err := ctx.Err(); err != nil {
		return &document{path: path, err: err}
	}
	return in.prepare(path, ord)
}

// gather sends the prepared documents to chunks, in order, opt.Batch
// captions at a time; a document of more than one window (document.parts)
// goes alone.
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
		if d.parts != nil && len(chunk) > 0 {
			if err := send(ctx, chunks, chunk); err != nil {
				return err
			}
			chunk, captions = nil, 0
		}
		chunk = append(chunk, d)
		captions += d.captions
		if captions < in.opt.Batch && d.parts == nil {
			continue
		}
		if err := send(ctx, chunks, chunk); err != nil {
			return err
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

// send sends chunk to chunks unless ctx is done first.
func send(ctx context.Context, chunks chan<- []*document, chunk []*document) error {
	select {
	case chunks <- chunk:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("ingest: %w", ctx.Err())
	}
}

// putChunk stores a chunk of documents and links the records they created,
// in one Exclusive call: with SQLite one transaction, so that a killed
// ingest loses at most the chunk, which the next run stores again exactly
// as this one would have. The records are linked from the items they are
// stored from, before they are written (PutDocuments), so that each is
// written once, with its groups, and never read back.
func (in *ingester) putChunk(ctx context.Context, docs []*document) error {
	if len(docs) == 1 && docs[0].parts != nil {
		return in.putStream(ctx, docs[0])
	}
	batch := make([]caption.DocumentItems, 0, len(docs))
	var stored []*document
	for _, d := range docs {
		if d.err != nil {
			in.fail(d.path, d.err)
			continue
		}
		batch = append(batch, caption.DocumentItems{Document: d.doc, Items: d.items, Prepared: d.prepared})
		stored = append(stored, d)
	}
	if len(batch) == 0 {
		return nil
	}
	return in.exclusive(ctx, func(xctx context.Context, link caption.LinkFunc) ([]caption.IngestResult, error) {
		res, err := in.store.PutDocuments(xctx, batch, in.opt.Versions, link)
		if err != nil {
			return nil, fmt.Errorf("ingest: %w", err)
		}
		return res, nil
	}, stored)
}

// exclusive runs put in one Exclusive call, as putChunk and putStream
// store their documents: first it links whatever the store holds unlinked
// (left by a killed run, or stored by a process that does not link), so
// that records are linked in ID order; put stores docs, with link as the
// LinkFunc of its PutDocuments calls, and returns a result for each; then
// the documents are counted, their photos stored, and the link version
// noted.
func (in *ingester) exclusive(ctx context.Context, put func(xctx context.Context, link caption.LinkFunc) ([]caption.IngestResult, error), docs []*document) error {
	// The store's calls are not cancellable (see linkLeftovers); ctx is
	// checked before the chunk, and an error rolls the chunk back.
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	err := in.store.Exclusive(context.WithoutCancel(ctx), func(xctx context.Context) error {
		if err := in.linkBefore(xctx); err != nil {
			return fmt.Errorf("ingest: link: %w", err)
		}
		linked := false
		res, err := put(xctx, func(ctx context.Context, created []caption.StoredRecord) (caption.LinkDecision, error) {
			linked = true
			return in.linkCreated(ctx, created)
		})
		if err != nil {
			return err
		}
		for i, r := range res {
			in.count(docs[i], r)
		}
		if err := in.putPhotos(xctx, docs, res); err != nil {
			return err
		}
		if linked {
			return in.endLinking(xctx)
		}
		return nil
	})
	if err != nil {
		// What the linker learnt of the chunk was rolled back with it.
		in.lk.valid = false
	}
	return err
}

// putStream stores d, a document of more than one window, and links the
// records it creates, in one Exclusive call, as putChunk does a chunk:
// each window's items are stored (PutDocuments, the later ones continuing
// the document) as the worker streaming them sends them, while it parses
// the next. Memory holds a window or two of the document, where a
// document held whole took some 8 KB a caption and nothing of it
// overlapped: 200,000 captions in one file took 71 s and 1.6 GiB
// (2026-12-05). A kill, or an error, leaves none of the document stored,
// and the next run stores it whole.
func (in *ingester) putStream(ctx context.Context, d *document) error {
	defer close(d.quit)
	return in.exclusive(ctx, func(xctx context.Context, link caption.LinkFunc) ([]caption.IngestResult, error) {
		var total caption.IngestResult
		got := 0 // captions received
		defer func() { in.incomingPart = 0 }()
		for pt := range d.parts {
			// An interrupted run stops between windows, not at the
			// document's end, which may be minutes away.
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("ingest: %s: %w", d.path, err)
			}
			doc := caption.DocumentItems{Document: d.doc, Items: pt.items, Prepared: pt.prepared, Continues: got > 0}
			res, err := in.store.PutDocuments(xctx, []caption.DocumentItems{doc}, in.opt.Versions, link)
			if err != nil {
				return nil, fmt.Errorf("ingest: %w", err)
			}
			r := res[0]
			if got == 0 {
				total = caption.IngestResult{Document: r.Document, Unchanged: r.Unchanged}
			}
			got += len(pt.items)
			if r.Unchanged {
				// Another process stored the document since this run
				// began: the rest of it is not needed.
				break
			}
			total.Occurrences += r.Occurrences
			total.NewRecords += r.NewRecords
			total.ExactDuplicate += r.ExactDuplicate
			// What the linker holds stays valid for the next window.
			if err := in.endLinking(xctx); err != nil {
				return nil, err
			}
			in.progress.stored(in.sum.Documents+len(in.sum.Failures), in.sum.Captions+got, in.sum.Bytes)
			if in.incomingPath(d.doc.Path) {
				in.incomingPart = captionBytes(d.doc.Format, d.doc.Size) * int64(got) / int64(d.captions)
			}
		}
		if !total.Unchanged && got < d.captions {
			// The worker stops early only when the run is cancelled.
			return nil, fmt.Errorf("ingest: %s: stopped after %d of its %d captions: %w", d.path, got, d.captions, ctx.Err())
		}
		return []caption.IngestResult{total}, nil
	}, []*document{d})
}

// count adds a stored document to the summary and the progress line.
func (in *ingester) count(d *document, res caption.IngestResult) {
	in.sum.Documents++
	in.sum.Bytes += d.doc.Size
	if in.incomingPath(d.doc.Path) {
		in.incomingDone += captionBytes(d.doc.Format, d.doc.Size)
	}
	if d.known || res.Unchanged {
		in.sum.Unchanged++
	} else {
		in.sum.Captions += d.captions
		in.sum.NewRecords += res.NewRecords
		in.sum.ExactDuplicates += res.ExactDuplicate
	}
	in.progress.stored(in.sum.Documents+len(in.sum.Failures), in.sum.Captions, in.sum.Bytes)
}

// putPhotos stores the pictures of the chunk's new photo documents, and
// of those stored before without their picture, and links every photo not
// yet linked, inside the chunk's Exclusive call: a killed ingest leaves no
// photo stored without its link.
func (in *ingester) putPhotos(ctx context.Context, docs []*document, res []caption.IngestResult) error {
	var photos []caption.DocumentPhoto
	for i, d := range docs {
		// A document another process stored meanwhile (unchanged, yet
		// not known when this run started) has its picture stored by it.
		if res[i].Unchanged && !d.known {
			continue
		}
		if d.photoErr != nil {
			in.photoFailed(d.path, d.photoErr)
		}
		if d.photo == nil {
			continue
		}
		p := *d.photo
		p.Document = res[i].Document.ID
		photos = append(photos, p)
	}
	if len(photos) > 0 {
		if err := in.store.PutPhotos(ctx, photos); err != nil {
			return fmt.Errorf("ingest: %w", err)
		}
	}
	n, err := picture.Link(ctx, in.store)
	if err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	in.sum.Photos += len(photos)
	in.sum.PhotosLinked += n
	return nil
}
