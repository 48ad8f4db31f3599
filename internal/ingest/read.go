package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/docwalk"
	"sijil/internal/photo"
	"sijil/internal/picture"
	"sijil/internal/source"
)

// document is one document read and parsed, ready to store.
type document struct {
	path     string
	ord      int // its place in the walk, the order documents are stored in
	doc      caption.Document
	captions int // how many captions it holds (0 when known)
	// items are its captions parsed, for a document of one window
	// (Parser.Window captions at most); nil for a larger one, whose items
	// come through parts.
	items []caption.Item
	// prepared is what the store's Prepare made of items, or nil.
	prepared caption.Prepared
	// parts brings the items of a document of more than one window, a
	// window at a time, in order, from the worker that parses them
	// (stream): they are stored as they come, so that the document is
	// never held whole. It is closed after the last window, or early when
	// the run is cancelled or the writer closes quit, having no more use
	// for them. rest are the captions still to parse.
	parts chan part
	quit  chan struct{}
	rest  []caption.Raw
	known bool  // stored before with the same content: not parsed (its picture analysed if the store has none)
	err   error // the document could not be read
	// photo is the picture of a photo document, analysed here once for
	// the whole file however many captions it holds (Document set when
	// stored); nil for text, and for a photo whose pixels could not be
	// read (photoErr), whose captions are stored all the same.
	photo    *caption.DocumentPhoto
	photoErr error
}

// part is one window of a document's items, and what the store's Prepare
// made of them.
type part struct {
	items    []caption.Item
	prepared caption.Prepared
}

// prepare reads, parses and fingerprints the document at path, and has the
// store prepare its items (caption.Preparer). It touches no stored data
// and may run on any goroutine.
func (in *ingester) prepare(path string, ord int) *document {
	d := &document{path: path, ord: ord}
	data, err := in.readFile(path)
	if err != nil {
		d.err = err
		return d
	}
	sum := sha256.Sum256(data)
	now := in.opt.Now()
	head := data[:min(len(data), source.HeadSize)]
	d.doc = caption.Document{
		Path: path, Root: in.roots[path], SHA256: hex.EncodeToString(sum[:]), Size: int64(len(data)),
		Format: source.Detect(head, path), FirstSeen: now, LastSeen: now,
	}
	if in.known[path] == d.doc.SHA256 {
		d.known = true
		if in.bare[path] == d.doc.SHA256 {
			d.analyze(data, sum)
		}
		return d
	}
	raws, err := source.ReadBytes(data, path, d.doc.Format)
	if err != nil {
		d.err = err
		return d
	}
	// Plain text is cut into captions first (a credit on its own
	// paragraph joins its caption); a JSON Lines or CSV document already
	// holds one caption per record, and its byte ranges are those of the
	// JSON string or CSV field, which cutting would not keep true.
	if d.doc.Format == source.FormatText {
		raws = in.opt.Parser.Segment(raws)
	}
	d.captions = len(raws)
	d.analyze(data, sum)
	if len(raws) > in.opt.Parser.WindowSize() {
		d.rest, d.parts, d.quit = raws, make(chan part, 1), make(chan struct{})
		return d
	}
	d.items = in.parse(raws, d.ord, 0)
	if in.preparer != nil {
		d.prepared = in.preparer.Prepare(d.items)
	}
	return d
}

// stream parses the captions of d, a document of more than one window, a
// window at a time, and sends each window's items to d.parts. It stops
// early when ctx is cancelled or d.quit closed.
//
// It takes no token of storeAll's threads: the writer holds one for the
// whole document and waits for these windows, so that with one thread
// (GOMAXPROCS 1) each waited for the other. What it parses is the only
// work the writer has while it waits.
func (in *ingester) stream(ctx context.Context, d *document) {
	defer close(d.parts)
	raws := d.rest
	d.rest = nil
	for lo, hi := range in.opt.Parser.Windows(len(raws)) {
		if ctx.Err() != nil {
			return
		}
		pt := part{items: in.parse(raws[lo:hi], d.ord, lo)}
		if in.preparer != nil {
			pt.prepared = in.preparer.Prepare(pt.items)
		}
		select {
		case d.parts <- pt:
		case <-ctx.Done():
			return
		case <-d.quit:
			return
		}
	}
}

// analyze sets the picture of d, a photo document whose file is data.
func (d *document) analyze(data []byte, sum [32]byte) {
	d.photo, d.photoErr = analyze(data, sum, d.doc.Format)
	if d.photoErr != nil {
		d.photoErr = fmt.Errorf("%s: picture not kept: %w", d.path, d.photoErr)
	}
}

// analyze fingerprints the picture of a photo document whose SHA-256 is
// sum: nil for another format.
func analyze(data []byte, sum [32]byte, format string) (*caption.DocumentPhoto, error) {
	switch format {
	case source.FormatJPEG, source.FormatPNG, source.FormatTIFF:
	default:
		return nil, nil
	}
	info, err := photo.AnalyzeBytes(data, sum)
	if err != nil {
		return nil, err
	}
	return &caption.DocumentPhoto{
		Photo: caption.Photo{SHA256: hex.EncodeToString(info.SHA256[:]), Width: info.Width, Height: info.Height, Hash: info.Hash.String()},
		Thumb: info.Thumb,
		Keys:  picture.Keys(info.Hash),
	}, nil
}

// parse turns one window of a document's captions (Parser.Window at most),
// the first of them at index offset of the document, the ord'th document
// of the walk, into items. A caption that an earlier one of the ingest
// holds (repeats) is a Repeat: its record keeps its first reading, made
// without the document's context, and its fingerprint only its key.
func (in *ingester) parse(raws []caption.Raw, ord, offset int) []caption.Item {
	recs := in.opt.Parser.Document(raws)
	keys := make([]string, len(recs))
	eachItem(len(recs), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			keys[i] = dedup.Key(recs[i].Text)
		}
	})
	var repeat []bool
	if in.repeats != nil {
		repeat = in.repeats.mark(keys, ord, offset)
	}
	if in.opt.Gazetteer != nil {
		in.opt.Gazetteer.ResolveDocumentExcept(recs, repeat)
	}
	items := make([]caption.Item, len(raws))
	fill := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := raws[i]
			items[i] = caption.Item{
				Occurrence: caption.Occurrence{
					Index: offset + i, Start: r.Start, End: r.End, Line: r.Line, Text: r.Text, Meta: r.Meta,
				},
				Record:      recs[i],
				Fingerprint: caption.Fingerprint{Key: keys[i]},
				Repeat:      repeat != nil && repeat[i],
			}
			if !items[i].Repeat {
				items[i].Fingerprint.Bands = dedup.RecordBands(recs[i], in.opt.Dedup)
			}
		}
	}
	eachItem(len(items), fill)
	return items
}

// eachItem calls fn with the bounds of slices of [0, n) that together
// cover it, on every core when n is at least parallelItems. A wire dump of
// thousands of captions is one document, prepared by one worker while the
// others (and the writer, which needs it whole) wait: its keys and
// fingerprints, each a caption's own, are made on every core. A gallery
// of a hundred is one of many prepared at once.
func eachItem(n int, fn func(lo, hi int)) {
	if n < parallelItems {
		fn(0, n)
		return
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	step := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += step {
		wg.Go(func() { fn(lo, min(lo+step, n)) })
	}
	wg.Wait()
}

// parallelItems is the smallest document whose fingerprints parse makes
// on every core.
const parallelItems = 1024

// readFile reads the whole document: its SHA-256 must be known before it is
// parsed, and the parsed captions hold its text anyway.
func (in *ingester) readFile(path string) ([]byte, error) {
	if path == "-" {
		if in.opt.Stdin == nil {
			return nil, fmt.Errorf("-: no standard input")
		}
		data, err := io.ReadAll(in.opt.Stdin)
		if err != nil {
			return nil, fmt.Errorf("-: %w", err)
		}
		return data, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, docwalk.PathError(path, err)
	}
	return data, nil
}
