package ingest

import (
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
	path  string
	doc   caption.Document
	items []caption.Item
	// prepared is what the store's Prepare made of items, or nil.
	prepared caption.Prepared
	known    bool  // stored before with the same content: not parsed (its picture analysed if the store has none)
	err      error // the document could not be read
	// photo is the picture of a photo document, analysed here once for
	// the whole file however many captions it holds (Document set when
	// stored); nil for text, and for a photo whose pixels could not be
	// read (photoErr), whose captions are stored all the same.
	photo    *caption.DocumentPhoto
	photoErr error
}

// prepare reads, parses and fingerprints the document at path, and has the
// store prepare its items (caption.Preparer). It touches no stored data
// and may run on any goroutine.
func (in *ingester) prepare(path string) *document {
	d := &document{path: path}
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
	d.items = in.parse(raws, d.doc.Format)
	if in.preparer != nil {
		d.prepared = in.preparer.Prepare(d.items)
	}
	d.analyze(data, sum)
	return d
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

// parse turns a document's raw captions into items. Plain text is cut into
// captions first (a credit on its own paragraph joins its caption); a JSON
// Lines or CSV document already holds one caption per record, and its byte
// ranges are those of the JSON string or CSV field, which cutting would not
// keep true.
func (in *ingester) parse(raws []caption.Raw, format string) []caption.Item {
	p := in.opt.Parser
	if format == source.FormatText {
		raws = p.Segment(raws)
	}
	recs := p.Document(raws)
	if in.opt.Gazetteer != nil {
		in.opt.Gazetteer.ResolveDocument(recs)
	}
	items := make([]caption.Item, len(raws))
	fill := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := raws[i]
			items[i] = caption.Item{
				Occurrence: caption.Occurrence{
					Index: i, Start: r.Start, End: r.End, Line: r.Line, Text: r.Text, Meta: r.Meta,
				},
				Record:      recs[i],
				Fingerprint: dedup.Fingerprint(recs[i], in.opt.Dedup),
			}
		}
	}
	// A wire dump of thousands of captions is one document, prepared by
	// one worker while the others (and the writer, which needs it whole)
	// wait: its fingerprints, each a caption's own, are made on every
	// core. A gallery of a hundred is one of many prepared at once.
	if len(items) < parallelItems {
		fill(0, len(items))
		return items
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	step := (len(items) + workers - 1) / workers
	for lo := 0; lo < len(items); lo += step {
		wg.Go(func() { fill(lo, min(lo+step, len(items))) })
	}
	wg.Wait()
	return items
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
