package searchindex_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/postgres"
	"sijil/internal/searchindex"
	"sijil/internal/sqlite"
)

// Both stores are sources: checked here, where a missing method fails the
// build, rather than by the assertion in `sijil serve`, which would fall
// back to the store's own searches.
var (
	_ searchindex.Source = (*sqlite.Store)(nil)
	_ searchindex.Source = (*postgres.Store)(nil)
	_ caption.Store      = (*searchindex.Store)(nil)
)

// wrapped is a source wrapped by something else (a tracer, a metrics
// layer): it forwards every method it does not override.
type wrapped struct {
	searchindex.Source
	blockRows atomic.Bool   // SearchRows waits for its context to end
	inRows    chan struct{} // SearchRows sends when it starts waiting
}

func (w *wrapped) SearchRows(ctx context.Context, mark string, fn func(caption.StoredRecord, []byte, []int64) error) (string, error) {
	if w.blockRows.Load() {
		select {
		case w.inRows <- struct{}{}:
		default:
		}
		<-ctx.Done()
		return "", ctx.Err()
	}
	return w.Source.SearchRows(ctx, mark, fn)
}

// TestCapabilitiesSurviveWrapping builds the index over a wrapped SQLite
// store: the source's commit counter, which lets the index cache records
// (and the server their JSON, by Revision), is a method of Source, so a
// wrapper forwards it like any other instead of hiding it from a type
// assertion.
func TestCapabilitiesSurviveWrapping(t *testing.T) {
	ix := wrap(t, &wrapped{Source: newSQLite(t)})
	if ix.Revision() == 0 {
		t.Error("Revision = 0 over a wrapped SQLite store: the commit counter was lost")
	}
}

// TestStopCancelsRefresh stops the index while its poll loop is inside a
// refresh that only ends with its context: Stop must cancel it and return.
func TestStopCancelsRefresh(t *testing.T) {
	src := &wrapped{Source: newSQLite(t), inRows: make(chan struct{}, 1)}
	ix, err := searchindex.New(t.Context(), src, searchindex.Options{Poll: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	src.blockRows.Store(true)
	<-src.inRows // a refresh is running
	stopped := make(chan struct{})
	go func() {
		ix.Stop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(time.Minute):
		t.Fatal("Stop did not return within a minute of a refresh it should have cancelled")
	}
}

// TestPutDocumentsIndexed stores documents with PutDocuments through the
// index, outside Exclusive: the next search finds them without a poll.
func TestPutDocumentsIndexed(t *testing.T) {
	ix := wrap(t, newSQLite(t))
	doc, items := diffDocument("a.txt", []string{"Shelling in Douma.", "Rescue in Jobar."})
	for i := range items {
		items[i].Record = caption.Record{Text: items[i].Occurrence.Text, Description: items[i].Occurrence.Text, Country: "SY"}
	}
	_, err := ix.PutDocuments(t.Context(), []caption.DocumentItems{{Document: doc, Items: items}}, caption.Versions{Parser: "p"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ix.Search(t.Context(), caption.Query{Text: "Jobar"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 1 {
		t.Errorf("search for a record stored by PutDocuments found %d, want 1", res.Total)
	}
}
