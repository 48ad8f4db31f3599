package ingest

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"time"

	"sijil/internal/caption"
	"sijil/internal/source"
)

// deferIndexes has a store that can (caption.BulkLoader) leave its
// read-only indexes unbuilt during this run when the run is a bulk load:
// when the documents it names that the store does not hold are, in bytes
// of captions (captionBytes), at least as large as the documents the store
// holds. Building an index over the whole register at the end then costs
// less than keeping it up to date row by row; for a day's photos added to
// an archive it would not. It returns the store as a BulkLoader when it
// deferred them, for restoreIndexes, and nil otherwise.
func (in *ingester) deferIndexes(ctx context.Context) (caption.BulkLoader, error) {
	bl, ok := in.store.(caption.BulkLoader)
	if !ok || !in.bulk(in.incoming) {
		return nil, nil
	}
	if err := bl.DeferIndexes(ctx); err != nil {
		return nil, fmt.Errorf("ingest: %w", err)
	}
	return bl, nil
}

// photoCaptionBytes is what a photo document counts for in captionBytes:
// about one caption, whatever the size of its picture.
const photoCaptionBytes = 512

// captionBytes is what a document of format and size counts for in the
// bulk rule: its size, but a photo's size is its picture's, and a shoot of
// a few hundred photos is a few gigabytes that hold a few hundred
// captions, which must not rebuild a large register's indexes.
func captionBytes(format string, size int64) int64 {
	if slices.Contains(photoFormats, format) {
		return min(size, photoCaptionBytes)
	}
	return size
}

// incomingBytes returns the caption bytes (captionBytes) of the documents
// of docs that the store does not hold by path: what a bulk load is
// decided on, and what the band index's growth is projected from
// (bandRoom). A stat a document costs little beside reading it.
func (in *ingester) incomingBytes(docs []string) int64 {
	var incoming int64
	for _, p := range docs {
		if !in.incomingPath(p) {
			continue
		}
		// A file that cannot be read now fails when it is read, as
		// before: here it only counts for nothing.
		if fi, err := os.Stat(p); err == nil {
			incoming += captionBytes(source.FormatOfName(p), fi.Size())
		}
	}
	return incoming
}

// incomingPath reports whether the document at path counts in
// incomingBytes: one the store does not hold by path, other than standard
// input, whose size is not known before it is read.
func (in *ingester) incomingPath(path string) bool {
	_, known := in.known[path]
	return !known && path != "-"
}

// bulk reports whether a run whose new documents hold incoming caption
// bytes (incomingBytes) stores in bulk: more than nothing, and at least as
// many as the store's documents.
func (in *ingester) bulk(incoming int64) bool {
	return incoming > 0 && incoming >= in.storedBytes
}

// restoreIndexes builds the indexes deferIndexes left unbuilt, unless ctx
// is done: an interrupted ingest does not start a minute's work on its
// way out, and the store builds them when it is next opened. The linker's
// memory is let go first, for the store's sorts.
func (in *ingester) restoreIndexes(ctx context.Context, bl caption.BulkLoader) error {
	if ctx.Err() != nil {
		return nil
	}
	// The linker's state (at a million records, most of the 360 MiB the
	// command lets the heap have) is not needed again: it goes back to
	// the system before SQLite sorts the indexes' keys in its own memory,
	// which the Go heap's limit does not see, instead of adding to it.
	in.lk.reset()
	debug.FreeOSMemory()
	start := time.Now()
	in.progress.building()
	n, err := bl.RestoreIndexes(ctx)
	in.sum.Indexes += n
	in.sum.Indexing += time.Since(start)
	if err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	return nil
}
