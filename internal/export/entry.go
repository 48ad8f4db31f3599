package export

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"reflect"
	"slices"

	"sijil/internal/caption"
)

// Entry is a record of the register as the exports write it: the record
// with its ID, cluster and event, and the places it was found. Sources is
// nil when the export does not need them (Matching's sources argument).
type Entry struct {
	caption.StoredRecord
	Sources []caption.Source
}

// Counts says what a writer did: how many rows, features or files it
// Wrote, and how many records (or, for ACLED, events) it Skipped because
// the format cannot hold them, with the reasons and their counts in Why.
type Counts struct {
	Wrote   int
	Skipped int
	Why     map[string]int
}

func (c *Counts) skip(why string) {
	if c.Why == nil {
		c.Why = map[string]int{}
	}
	c.Skipped++
	c.Why[why]++
}

// Matching yields the records of s that match q, with their sources when
// sources is set. A query without filters (Limit and Cursor aside) yields
// every record in ID order, streamed by Records; a filtered one pages
// through Search, so its records come in search order (newest first,
// undated last, then by ID) and each page costs a pass over the matches,
// which is what Search does for any page. q's own Limit and Cursor are
// ignored: an export takes every match. Sources are read SourceBatch
// records at a time (one SourcesOf), not one query per record.
func Matching(ctx context.Context, s caption.Store, q caption.Query, sources bool) iter.Seq2[Entry, error] {
	return func(yield func(Entry, error) bool) {
		recs := s.Records(ctx)
		// Any field set goes through Search, even an empty but non-nil
		// place list (a place the gazetteer does not know), which matches
		// nothing rather than everything; so will a filter Query gains later.
		if q.Limit, q.Cursor = 0, ""; !reflect.DeepEqual(q, caption.Query{}) {
			recs = searchAll(ctx, s, q)
		}
		b := batch{store: s, sources: sources, yield: yield}
		for sr, err := range recs {
			if err != nil {
				yield(Entry{}, err)
				return
			}
			if b.entries = append(b.entries, Entry{StoredRecord: sr}); len(b.entries) == SourceBatch && !b.flush(ctx) {
				return
			}
		}
		b.flush(ctx)
	}
}

// SourceBatch is how many records Matching reads the sources of at once:
// enough that the query's cost is spread thin, few enough that a batch
// (its records and their sources) weighs a megabyte or so.
const SourceBatch = 500

// batch holds the entries Matching has read and not yielded yet.
type batch struct {
	store   caption.Store
	sources bool
	yield   func(Entry, error) bool
	entries []Entry
}

// flush reads the sources of the entries held, when asked for, and yields
// them; false when the iteration must stop (an error, or the consumer).
func (b *batch) flush(ctx context.Context) bool {
	if len(b.entries) == 0 {
		return true
	}
	if b.sources {
		ids := make([]int64, len(b.entries))
		for i, e := range b.entries {
			ids[i] = e.ID
		}
		srcs, err := b.store.SourcesOf(ctx, ids)
		if err != nil {
			b.yield(Entry{}, fmt.Errorf("sources of records %d to %d: %w", ids[0], ids[len(ids)-1], err))
			return false
		}
		for i := range b.entries {
			b.entries[i].Sources = srcs[b.entries[i].ID]
		}
	}
	for _, e := range b.entries {
		if !b.yield(e, nil) {
			return false
		}
	}
	b.entries = b.entries[:0]
	return true
}

// searchAll yields every record matching q: from one list of them when
// the store makes one (listAll), else a page at a time.
func searchAll(ctx context.Context, s caption.Store, q caption.Query) iter.Seq2[caption.StoredRecord, error] {
	if l, ok := s.(caption.SearchLister); ok {
		return listAll(ctx, l, q)
	}
	return func(yield func(caption.StoredRecord, error) bool) {
		q.Limit = caption.MaxLimit
		for {
			res, err := s.Search(ctx, q)
			if err != nil {
				yield(caption.StoredRecord{}, err)
				return
			}
			for _, sr := range res.Records {
				if !yield(sr, nil) {
					return
				}
			}
			if res.Next == "" {
				return
			}
			q.Cursor = res.Next
		}
	}
}

// listAll yields the records matching q as searchAll does, from one
// list of their IDs, read SourceBatch records at a time. A record removed
// after the list was made is passed over, as a page read after it went
// would not hold it.
func listAll(ctx context.Context, l caption.SearchLister, q caption.Query) iter.Seq2[caption.StoredRecord, error] {
	return func(yield func(caption.StoredRecord, error) bool) {
		ids, err := l.SearchIDs(ctx, q)
		if err != nil {
			yield(caption.StoredRecord{}, err)
			return
		}
		for len(ids) > 0 {
			n := min(len(ids), SourceBatch)
			rs, err := l.RecordsByID(ctx, ids[:n])
			if err != nil {
				yield(caption.StoredRecord{}, err)
				return
			}
			for _, r := range rs {
				if !yield(r, nil) {
					return
				}
			}
			ids = ids[n:]
		}
	}
}

// Format is an export format that writes to one stream, as `sijil export`
// and the API's export offer them.
type Format struct {
	Name        string // the --format and ?format= value
	ContentType string // for HTTP, with its parameters
	Ext         string // file name extension, with its dot
	// Sources says whether the writer reads Entry.Sources: fetching them
	// costs a query per SourceBatch records.
	Sources bool
	// Unit is what Counts.Wrote counts: "records", or "events" for ACLED.
	Unit  string
	Write func(w io.Writer, entries iter.Seq2[Entry, error]) (Counts, error)
}

// Formats returns the stream formats: csv, acled, geojson and jsonl. XMP
// writes one file per record (WriteXMPDir) and is not among them.
func Formats() []Format {
	return []Format{
		{Name: "csv", ContentType: "text/csv; charset=utf-8; header=present", Ext: ".csv", Sources: true, Unit: "records", Write: WriteCSV},
		{Name: "acled", ContentType: "text/csv; charset=utf-8; header=present", Ext: ".csv", Sources: true, Unit: "events", Write: WriteACLED},
		{Name: "geojson", ContentType: "application/geo+json", Ext: ".geojson", Sources: true, Unit: "records", Write: WriteGeoJSON},
		{Name: "jsonl", ContentType: "application/x-ndjson; charset=utf-8", Ext: ".jsonl", Sources: true, Unit: "records", Write: WriteEntriesJSONL},
	}
}

// FormatNamed returns the stream format called name.
func FormatNamed(name string) (Format, bool) {
	i := slices.IndexFunc(Formats(), func(f Format) bool { return f.Name == name })
	if i < 0 {
		return Format{}, false
	}
	return Formats()[i], true
}

// wireExtra is what an exported JSON line adds after the record's fields.
type wireExtra struct {
	ID      int64        `json:"id"`
	Cluster *int64       `json:"cluster"`
	Event   *int64       `json:"event"`
	Sources []wireSource `json:"sources"`
}

// wireSource is one place a record was found: the document's path and
// digest at ingest, the caption's index in it and its byte range.
type wireSource struct {
	Document string `json:"document"`
	SHA256   string `json:"sha256"`
	Index    int    `json:"index"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	Line     int    `json:"line,omitempty"`
	// Photo is the picture of a photo document; null for text.
	Photo *wirePhoto `json:"photo"`
}

// wirePhoto is a source's picture: its file digest and pixel size, its
// perceptual fingerprint in hex, and its group of the same picture, the ID
// every source whose photo is the same picture shares (null until linked).
type wirePhoto struct {
	SHA256 string `json:"sha256"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	PHash  string `json:"phash"`
	Group  *int64 `json:"group"`
}

func photoOf(p *caption.Photo) *wirePhoto {
	if p == nil {
		return nil
	}
	return &wirePhoto{SHA256: p.SHA256, Width: p.Width, Height: p.Height, PHash: p.Hash, Group: groupID(p.Link.Group)}
}

// WriteEntriesJSONL writes each entry as one line of JSON: the record's
// fields as WriteJSONL writes them (so the two cannot drift apart), then
// "id", "cluster" and "event" (null until linked) and "sources".
func WriteEntriesJSONL(w io.Writer, entries iter.Seq2[Entry, error]) (Counts, error) {
	var c Counts
	var line bytes.Buffer
	for e, err := range entries {
		if err != nil {
			return c, err
		}
		line.Reset()
		if err := appendEntryJSON(&line, e); err != nil {
			return c, err
		}
		if _, err := w.Write(line.Bytes()); err != nil {
			return c, fmt.Errorf("write jsonl: %w", err)
		}
		c.Wrote++
	}
	return c, nil
}

func appendEntryJSON(buf *bytes.Buffer, e Entry) error {
	start := buf.Len()
	if err := WriteJSONL(buf, slices.Values([]caption.Record{e.Record})); err != nil {
		return err
	}
	// WriteJSONL ends the object with "}\n": open it again.
	if !bytes.HasSuffix(buf.Bytes()[start:], []byte("}\n")) {
		return fmt.Errorf("record %d: unexpected JSON from WriteJSONL", e.ID)
	}
	buf.Truncate(buf.Len() - 2)
	extra := wireExtra{ID: e.ID, Cluster: groupID(e.Cluster), Event: groupID(e.Event), Sources: make([]wireSource, len(e.Sources))}
	for i, s := range e.Sources {
		extra.Sources[i] = wireSource{Document: s.Document.Path, SHA256: s.Document.SHA256, Index: s.Index, Start: s.Start, End: s.End, Line: s.Line,
			Photo: photoOf(s.Photo)}
	}
	var x bytes.Buffer
	enc := json.NewEncoder(&x)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(extra); err != nil {
		return err
	}
	buf.WriteByte(',')
	buf.Write(x.Bytes()[1:]) // without its "{"; ends with "}\n"
	return nil
}

// groupID is a group's ID for JSON: null when not linked yet.
func groupID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
