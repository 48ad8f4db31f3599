package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/source"
)

// Options are what an ingest runs with. Parser is required; the rest have
// working zero values.
type Options struct {
	Parser *parse.Parser
	// Gazetteer resolves scenes; nil leaves records without a location.
	Gazetteer *geocode.Gazetteer
	// Dedup are the near-duplicate parameters; zero fields take dedup's
	// defaults.
	Dedup dedup.Options
	// Versions are stored with every new record: the parser's and the
	// gazetteer's, so that `sijil reparse` knows what is stale.
	Versions caption.Versions
	// Now stamps documents and links; nil means time.Now.
	Now func() time.Time
	// Progress receives a one-line progress display redrawn with "\r"
	// (documents, captions, captions/s); nil means none. Pass a terminal
	// only: the line is meant to be overwritten.
	Progress io.Writer
	// Failed is called once for each document that cannot be read, with its
	// path and an error that names it (and the line, when known). nil: the
	// failures are only counted and listed in the Summary.
	Failed func(Failure)
	// PhotoFailed is called for each photo document whose captions were
	// stored but whose picture could not be read; nil: only listed in the
	// Summary.
	PhotoFailed func(Failure)
	// Stdin is read for the path "-".
	Stdin io.Reader
	// Workers is how many documents are read and parsed at once; 0 means
	// GOMAXPROCS.
	Workers int
	// MaxCandidates caps linking's work for a record however repetitive
	// the register: it compares a record with at most this many of its
	// cluster candidates, the most alike first, and its band index keeps
	// at most a quarter of this many records under one band (the first:
	// a caption like thousands before it is found by the earliest). 0 means
	// DefaultMaxCandidates; a negative number, no cap (what tests compare
	// the capped decisions with).
	MaxCandidates int
	// Batch is how many captions (whole documents) each transaction
	// stores and links, and how many records a previous run left unlinked
	// each linking transaction takes; 0 means DefaultBatch.
	Batch int
	// readCopies reads every copy of a caption in full, as if none were a
	// repeat (see repeats): what tests compare the register made with
	// repeats with.
	readCopies bool
}

// DefaultBatch is the number of captions stored and linked per
// transaction: enough to amortise a commit and the per-transaction queries
// (the cluster candidates of the whole batch are asked for at once), few
// enough that a killed ingest loses a second or so of work and a second
// process waiting for the lock is not held up for long.
const DefaultBatch = 5000

// Failure is a document that could not be ingested.
type Failure struct {
	Path string
	Err  error // names Path, and the line when known
}

// Summary counts what an ingest did.
type Summary struct {
	Documents int   // documents read, including those already stored unchanged
	Unchanged int   // documents already stored with the same content: not parsed again
	Captions  int   // captions read from the other documents
	Bytes     int64 // bytes read from all documents

	NewRecords      int // captions that made a new record
	ExactDuplicates int // captions whose record already existed (after folding)

	NewClusters int // records linked as the first of a new cluster
	Copies      int // records linked into an existing cluster as altered copies
	NewEvents   int // records linked as the first of a new event
	EventJoins  int // records linked into an existing event

	// Links counts the symbolic links met inside directories, which are
	// passed over, not followed; LinkPaths names the first few.
	Links     int
	LinkPaths []string

	// Skipped counts the files met inside directories whose names are not
	// those of documents sijil reads (README.md, .DS_Store: see
	// source.IsDocumentName) and the hidden directories (.git), which are
	// passed over; SkippedPaths names the first few. A file named to
	// Ingest is read whatever its name.
	Skipped      int
	SkippedPaths []string
	// Photos counts the pictures of photo documents stored (of new
	// documents, and of documents stored unchanged before without their
	// picture), and PhotosLinked the photos linked at the picture level
	// (those of this run, and any a killed run left unlinked).
	Photos, PhotosLinked int
	// PhotoFailures are photo documents whose captions were stored but
	// whose picture could not be read (corrupt, too large, a format not
	// decoded): each error names the file (see Options.PhotoFailed).
	PhotoFailures []Failure

	// Indexes counts the store's indexes the run left unbuilt while it
	// stored and built at its end (see caption.BulkLoader), in Indexing.
	Indexes int

	Failures []Failure
	Elapsed  time.Duration // the whole run
	// Linking is linking's own time: its reads, and its decisions, which
	// the store may make beside the writes of the same batch (see
	// caption.LinkFunc), so that it is not all a part of Elapsed's.
	Linking  time.Duration
	Indexing time.Duration // of which building the indexes left unbuilt
}

// Ingest stores the documents named by paths (files, directories walked
// recursively in name order, "-" for opt.Stdin) in store and links the
// store's unlinked records. A document that cannot be read is reported to
// opt.Failed and listed in the Summary, and the others are still ingested;
// the error is for what stops the whole ingest: the store failing, or ctx
// being cancelled. What was stored before such an error stays stored and
// consistent, and running Ingest again completes it.
func Ingest(ctx context.Context, store caption.Store, paths []string, opt Options) (Summary, error) {
	in, err := newIngester(ctx, store, opt)
	if err != nil {
		return Summary{}, err
	}
	defer in.progress.finish()
	defer in.lk.release()
	docs := in.expand(paths)
	in.progress.total, in.progress.links, in.progress.skipped = len(docs), in.sum.Links, in.sum.Skipped
	in.incoming = in.incomingBytes(docs)
	deferred, err := in.deferIndexes(ctx)
	if err != nil {
		return in.done(), err
	}
	err = in.storeAndLink(ctx, docs)
	if deferred != nil {
		err = errors.Join(err, in.restoreIndexes(ctx, deferred))
	}
	return in.done(), err
}

// storeAndLink stores docs and links every record the store holds
// unlinked.
func (in *ingester) storeAndLink(ctx context.Context, docs []string) error {
	// Records are linked in ID order: those a killed run left unlinked go
	// before this run's, which are linked as they are stored.
	if err := in.linkLeftovers(ctx); err != nil {
		return err
	}
	if err := in.storeAll(ctx, docs); err != nil {
		return err
	}
	return in.linkLeftovers(ctx)
}

// ingester is one run of Ingest.
type ingester struct {
	store caption.Store
	// preparer is store as a caption.Preparer, or nil: the workers do
	// what of storing the items they can, beside the store's writer.
	preparer caption.Preparer
	opt      Options
	known    map[string]string // stored documents: path → SHA-256
	// storedBytes is the size of the stored documents, which a run that
	// reads at least as much of other documents stores in bulk.
	storedBytes int64
	// incoming is the caption bytes of the documents named that the store
	// does not hold (incomingBytes), and incomingDone those of them stored
	// so far.
	incoming, incomingDone int64
	// incomingPart is the share of incoming bytes of the windows stored
	// so far of a document stored a window at a time (putStream), which
	// incomingDone counts only once the document is whole: projected from
	// the documents before it alone, the band index ran out of room and
	// was read back from the store every few windows.
	incomingPart int64
	// bare are the stored photo documents without their picture (stored
	// before the register kept pictures, or unreadable then): path →
	// SHA-256. Met unchanged, their pictures are analysed and stored.
	bare     map[string]string
	roots    map[string]string // documents found in a directory named to Ingest: path → that directory
	sum      Summary
	start    time.Time
	progress *progress
	lk       linker
	// repeats are the captions read so far, so that a copy is spared the
	// work its store would throw away (read.go's parse); nil reads each
	// caption in full.
	repeats *repeats
}

func newIngester(ctx context.Context, store caption.Store, opt Options) (*ingester, error) {
	if opt.Parser == nil {
		return nil, fmt.Errorf("ingest: no parser: %w", caption.ErrInvalid)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Batch <= 0 {
		opt.Batch = DefaultBatch
	}
	if opt.MaxCandidates == 0 {
		opt.MaxCandidates = DefaultMaxCandidates
	}
	// The link version first: if it has not moved by the first linking
	// transaction, a store without documents now had no linked records
	// then either (records come with documents, which are never removed),
	// and the event candidates need not be asked for.
	version, err := store.LinkVersion(ctx)
	if err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}
	docs, err := store.Documents(ctx)
	if err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}
	known := make(map[string]string, len(docs))
	var storedBytes int64
	for _, d := range docs {
		known[d.Path] = d.SHA256
		storedBytes += captionBytes(d.Format, d.Size)
	}
	bare, err := bareDocuments(ctx, store, docs)
	if err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}
	in := &ingester{store: store, opt: opt, known: known, storedBytes: storedBytes, bare: bare, start: time.Now()}
	in.preparer, _ = store.(caption.Preparer)
	if !opt.readCopies {
		in.repeats = newRepeats(repeatSlots)
	}
	in.lk.matcher = dedup.NewClusterMatcher(opt.Dedup)
	in.lk.reset()
	in.lk.version, in.lk.valid, in.lk.empty = version, true, len(docs) == 0
	in.progress = newProgress(opt.Progress, in.start)
	return in, nil
}

// photoFormats are the formats of photo documents: a picture with its
// caption in its metadata.
var photoFormats = []string{source.FormatJPEG, source.FormatPNG, source.FormatTIFF}

// bareDocuments returns the photo documents of docs that the store holds
// no picture for: path → SHA-256.
func bareDocuments(ctx context.Context, store caption.Store, docs []caption.Document) (map[string]string, error) {
	// A register of text alone, the common case, is not asked.
	if !slices.ContainsFunc(docs, func(d caption.Document) bool { return slices.Contains(photoFormats, d.Format) }) {
		return nil, nil
	}
	ids, err := store.DocumentsWithoutPhoto(ctx, photoFormats)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	byID := make(map[int64]caption.Document, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	bare := make(map[string]string, len(ids))
	for _, id := range ids {
		if d, ok := byID[id]; ok {
			bare[d.Path] = d.SHA256
		}
	}
	return bare, nil
}

// fail records a document that could not be ingested.
func (in *ingester) fail(path string, err error) {
	f := Failure{Path: path, Err: err}
	in.sum.Failures = append(in.sum.Failures, f)
	in.report(in.opt.Failed, f)
}

// photoFailed records a photo document whose picture was not kept.
func (in *ingester) photoFailed(path string, err error) {
	f := Failure{Path: path, Err: err}
	in.sum.PhotoFailures = append(in.sum.PhotoFailures, f)
	in.report(in.opt.PhotoFailed, f)
}

// report passes f to the caller's callback to, if any, on a line of its
// own: the progress line is cleared first. Call it where the progress
// line is drawn (before the documents are stored, or on the writer's
// goroutine): the line has no lock.
func (in *ingester) report(to func(Failure), f Failure) {
	if to == nil {
		return
	}
	in.progress.clear()
	to(f)
}

func (in *ingester) done() Summary {
	in.sum.Elapsed = time.Since(in.start)
	return in.sum
}
