package ingest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/source"
)

// document is one document read and parsed, ready to store.
type document struct {
	path  string
	doc   caption.Document
	items []caption.Item
	known bool  // stored before with the same content: not parsed
	err   error // the document could not be read
}

// prepare reads, parses and fingerprints the document at path. It touches no
// store and may run on any goroutine.
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
		Path: path, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(data)),
		Format: source.Detect(head, path), FirstSeen: now, LastSeen: now,
	}
	if in.known[path] == d.doc.SHA256 {
		d.known = true
		return d
	}
	raws, err := source.Read(bytes.NewReader(data), path, d.doc.Format)
	if err != nil {
		d.err = err
		return d
	}
	d.items = in.parse(raws, d.doc.Format)
	return d
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
	for i, r := range raws {
		items[i] = caption.Item{
			Occurrence: caption.Occurrence{
				Index: i, Start: r.Start, End: r.End, Line: r.Line, Text: r.Text, Meta: r.Meta,
			},
			Record:      recs[i],
			Fingerprint: dedup.Fingerprint(recs[i], in.opt.Dedup),
		}
	}
	return items
}

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
		return nil, pathError(path, err)
	}
	return data, nil
}

// storeAll prepares the documents on opt.Workers goroutines and stores them
// in the order given, each in its own transaction.
func (in *ingester) storeAll(ctx context.Context, paths []string) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Each document gets a channel for its result; the channel of channels
	// keeps the walk's order, and its capacity bounds the documents held in
	// memory at once.
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
	for out := range order {
		var d *document
		select {
		case d = <-out:
		case <-ctx.Done():
			return fmt.Errorf("ingest: %w", ctx.Err())
		}
		if err := in.put(ctx, d); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// put stores one prepared document and counts it.
func (in *ingester) put(ctx context.Context, d *document) error {
	if d.err != nil {
		in.fail(d.path, d.err)
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	res, err := in.store.PutDocument(ctx, d.doc, d.items, in.opt.Versions)
	if err != nil {
		return fmt.Errorf("ingest %s: %w", d.path, err)
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
	return nil
}
