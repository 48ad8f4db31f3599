package ingest

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// preparingStore is a store whose Prepare it counts, and which checks that
// every document PutDocuments is given comes with what Prepare made of its
// items.
type preparingStore struct {
	caption.Store
	mu       sync.Mutex
	made     map[*caption.Item]caption.Prepared // first item → what Prepare returned
	prepared int                                // documents stored with their Prepared
	bare     int                                // documents of items stored without it
}

func (s *preparingStore) Prepare(items []caption.Item) caption.Prepared {
	p := s.Store.(caption.Preparer).Prepare(items)
	if len(items) > 0 {
		s.mu.Lock()
		s.made[&items[0]] = p
		s.mu.Unlock()
	}
	return p
}

func (s *preparingStore) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) ([]caption.IngestResult, error) {
	s.mu.Lock()
	for _, d := range docs {
		if len(d.Items) == 0 {
			continue
		}
		if p, ok := s.made[&d.Items[0]]; ok && d.Prepared != nil && fmt.Sprintf("%p", p) == fmt.Sprintf("%p", d.Prepared) {
			s.prepared++
		} else {
			s.bare++
		}
	}
	s.mu.Unlock()
	return s.Store.PutDocuments(ctx, docs, v, link)
}

// TestWorkersPrepareItems ingests a corpus into a store that prepares
// items (caption.Preparer): each document reaches PutDocuments with what
// Prepare made of its items, on the workers, and the register is the one
// an ingest into the same store without Prepare makes.
func TestWorkersPrepareItems(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 1500)
	opt := testOptions(t)

	s := &preparingStore{Store: newSQLite(t), made: map[*caption.Item]caption.Prepared{}}
	sum := mustIngest(t, s, []string{dir}, opt)
	if s.prepared != sum.Documents || s.bare != 0 {
		t.Errorf("%d of %d documents stored with what Prepare made of them, %d without", s.prepared, sum.Documents, s.bare)
	}
	if sum.Documents < 10 {
		t.Fatalf("%d documents: too few for the test", sum.Documents)
	}

	plain := struct{ caption.Store }{newSQLite(t)}
	if _, ok := caption.Store(plain).(caption.Preparer); ok {
		t.Fatal("the plain store prepares items")
	}
	mustIngest(t, plain, []string{dir}, opt)
	if diff := cmp.Diff(allRecords(t, plain), allRecords(t, s)); diff != "" {
		t.Errorf("records differ (-unprepared +prepared):\n%s", diff)
	}
	if a, b := mustStats(t, plain), mustStats(t, s); a != b {
		t.Errorf("stats: unprepared %+v, prepared %+v", a, b)
	}
}

// threadCountingStore counts the documents being prepared at once, and
// the most of them while a chunk is written. A Prepare call waits, up to
// meetWithin, for threads calls to be running at once: whether the
// workers can all prepare together is then a matter of the thread tokens,
// not of their parsing happening to end together. (Once Prepare's own
// work was short, three workers seldom met by chance: under -race the
// test failed four runs in eight.)
type threadCountingStore struct {
	caption.Store
	threads                      int
	mu                           sync.Mutex
	writing                      bool
	active, most, mostWhileWrite int
}

// meetWithin is how long a Prepare call waits for the others.
const meetWithin = 200 * time.Millisecond

func (s *threadCountingStore) Prepare(items []caption.Item) caption.Prepared {
	s.mu.Lock()
	s.active++
	s.mu.Unlock()
	for deadline := time.Now().Add(meetWithin); ; time.Sleep(time.Millisecond) {
		s.mu.Lock()
		s.most = max(s.most, s.active)
		if s.writing {
			s.mostWhileWrite = max(s.mostWhileWrite, s.active)
		}
		met := s.active >= s.threads
		s.mu.Unlock()
		if met || time.Now().After(deadline) {
			break
		}
	}
	p := s.Store.(caption.Preparer).Prepare(items)
	s.mu.Lock()
	s.active--
	s.mu.Unlock()
	return p
}

func (s *threadCountingStore) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) ([]caption.IngestResult, error) {
	s.mu.Lock()
	s.writing = true
	s.mostWhileWrite = max(s.mostWhileWrite, s.active)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.writing = false
		s.mu.Unlock()
	}()
	time.Sleep(20 * time.Millisecond) // long enough for workers to run beside it
	return s.Store.PutDocuments(ctx, docs, v, link)
}

// TestWriterKeepsAThread: with as many workers as threads, all of them
// prepare documents while no chunk is being written, and one fewer while
// one is, so that the writer has a thread of its own.
func TestWriterKeepsAThread(t *testing.T) {
	const threads = 3
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(threads))
	dir := t.TempDir()
	writeCorpus(t, dir, 3000)
	opt := testOptions(t)
	opt.Workers = threads
	opt.Batch = 300
	s := &threadCountingStore{Store: newSQLite(t), threads: threads}
	sum := mustIngest(t, s, []string{dir}, opt)
	if sum.Documents < 20 {
		t.Fatalf("%d documents: too few for the test", sum.Documents)
	}
	if s.most != threads {
		t.Errorf("at most %d documents prepared at once, want %d (one a thread)", s.most, threads)
	}
	if s.mostWhileWrite != threads-1 {
		t.Errorf("at most %d documents prepared at once while a chunk was written, want %d (a thread left to the writer)", s.mostWhileWrite, threads-1)
	}
}
