package sqlite

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

const crashEnv = "SIJIL_SQLITE_CRASH_DB"

// crashDocuments are what TestCrash stores: a small document, then a large
// one during which the process is killed.
func crashDocuments() [2]struct {
	doc   caption.Document
	items []caption.Item
} {
	var d [2]struct {
		doc   caption.Document
		items []caption.Item
	}
	d[0].doc, d[0].items = genDocument("first.txt", 0, 100)
	d[1].doc, d[1].items = genDocument("second.txt", 50, 3000)
	return d
}

// TestCrashChild is the process TestCrash kills: it stores the first
// document, then kills itself (SIGKILL, no deferred code, no rollback)
// when the second's rows are written but not committed: 3,000 captions,
// enough for SQLite to have spilled uncommitted pages to the WAL.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestCrash")
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	docs := crashDocuments()
	if _, err := s.PutDocument(context.Background(), docs[0].doc, docs[0].items, caption.Versions{Parser: "p"}); err != nil {
		t.Fatal(err)
	}
	s.afterWrites = func() {
		p, _ := os.FindProcess(os.Getpid())
		p.Kill()
		select {}
	}
	_, err = s.PutDocument(context.Background(), docs[1].doc, docs[1].items, caption.Versions{Parser: "p"})
	t.Fatalf("PutDocument returned (%v) instead of the process being killed", err)
}

// TestCrash kills a process in the middle of PutDocument, then checks that
// the database is intact, holds exactly the committed document, and that
// storing the second document again gives the database an uninterrupted
// run gives.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashEnv+"="+path)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child was not killed: %v\n%s", err, out)
	}

	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkIntegrity(t, s)
	docs := crashDocuments()
	if got, want := mustStats(t, s), (caption.Stats{Documents: 1, Occurrences: 100, Records: 90}); got != want {
		t.Errorf("after the crash: %+v, want %+v", got, want)
	}
	if _, err := s.PutDocument(t.Context(), docs[1].doc, docs[1].items, caption.Versions{Parser: "p"}); err != nil {
		t.Fatal(err)
	}
	checkIntegrity(t, s)

	clean := newTestStore(t)
	for _, d := range docs {
		if _, err := clean.PutDocument(t.Context(), d.doc, d.items, caption.Versions{Parser: "p"}); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(dumpStore(t, clean), dumpStore(t, s)); diff != "" {
		t.Errorf("resumed database differs from an uninterrupted run (-clean +resumed):\n%s", diff)
	}
}

func mustStats(t *testing.T, s *Store) caption.Stats {
	t.Helper()
	st, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// storeDump is everything a store holds, for comparing two stores.
type storeDump struct {
	Documents []caption.Document
	Records   []caption.StoredRecord
	Sources   [][]caption.Source
	Stats     caption.Stats
}

func dumpStore(t *testing.T, s *Store) storeDump {
	t.Helper()
	var d storeDump
	var err error
	if d.Documents, err = s.Documents(t.Context()); err != nil {
		t.Fatal(err)
	}
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		d.Records = append(d.Records, r)
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		d.Sources = append(d.Sources, srcs)
	}
	d.Stats = mustStats(t, s)
	return d
}

const crashBatchEnv = "SIJIL_SQLITE_CRASH_BATCH_DB"

// crashBatches are what TestCrashBatch stores, a batch per Exclusive call
// as an ingest does: a small document, then two more, during whose
// linking the process is killed.
func crashBatches() [2][]crashDocument {
	var b [2][]crashDocument
	d := crashDocument{}
	d.doc, d.items = genDocument("first.txt", 0, 100)
	b[0] = append(b[0], d)
	d.doc, d.items = genDocument("second.txt", 50, 3000)
	b[1] = append(b[1], d)
	d.doc, d.items = genDocument("third.txt", 3000, 500)
	b[1] = append(b[1], d)
	return b
}

type crashDocument struct {
	doc   caption.Document
	items []caption.Item
}

// storeBatch stores docs and links every unlinked record in one Exclusive
// call, each record its own cluster and event. When crash is set, it
// kills the process (SIGKILL) inside the call, after the documents are
// stored and the records linked into clusters but not into events.
func storeBatch(ctx context.Context, s *Store, docs []crashDocument, crash bool) error {
	return s.Exclusive(ctx, func(ctx context.Context) error {
		for _, d := range docs {
			if _, err := s.PutDocument(ctx, d.doc, d.items, caption.Versions{Parser: "p"}); err != nil {
				return err
			}
		}
		for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
			if crash && level == caption.LevelEvent {
				p, _ := os.FindProcess(os.Getpid())
				p.Kill()
				select {}
			}
			recs, err := s.Unlinked(ctx, level, 1<<20)
			if err != nil {
				return err
			}
			links := make([]caption.Link, len(recs))
			for i, r := range recs {
				links[i] = caption.Link{Record: r.ID, Level: level, Target: r.ID, Group: r.ID, Similarity: 1, Rule: "new", Created: genTime}
			}
			if err := s.SetLinks(ctx, links); err != nil {
				return err
			}
		}
		return nil
	})
}

// TestCrashBatchChild is the process TestCrashBatch kills: it stores the
// first batch, then is killed inside the second's transaction, with its
// documents written and its records linked into clusters.
func TestCrashBatchChild(t *testing.T) {
	path := os.Getenv(crashBatchEnv)
	if path == "" {
		t.Skip("run by TestCrashBatch")
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	b := crashBatches()
	if err := storeBatch(context.Background(), s, b[0], false); err != nil {
		t.Fatal(err)
	}
	err = storeBatch(context.Background(), s, b[1], true)
	t.Fatalf("the second batch returned (%v) instead of the process being killed", err)
}

// TestCrashBatch kills a process inside an Exclusive call that has stored
// two documents and linked their records at one level of two, as an
// ingest's batch does, and checks that the database is intact and holds
// exactly the batch committed before, linked, and nothing of the killed
// one; storing the killed batch again gives the database an uninterrupted
// run gives.
func TestCrashBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashBatchChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashBatchEnv+"="+path)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child was not killed: %v\n%s", err, out)
	}

	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkIntegrity(t, s)
	if got, want := mustStats(t, s), (caption.Stats{Documents: 1, Occurrences: 100, Records: 90, Clusters: 90, Events: 90}); got != want {
		t.Errorf("after the crash: %+v, want the first batch alone, linked: %+v", got, want)
	}
	for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
		if rs, err := s.Unlinked(t.Context(), level, 10); err != nil || len(rs) > 0 {
			t.Errorf("after the crash, %d records unlinked at level %s (%v), want none", len(rs), level, err)
		}
	}
	b := crashBatches()
	if err := storeBatch(t.Context(), s, b[1], false); err != nil {
		t.Fatal(err)
	}
	checkIntegrity(t, s)

	clean := newTestStore(t)
	for _, docs := range b {
		if err := storeBatch(t.Context(), clean, docs, false); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(dumpStore(t, clean), dumpStore(t, s)); diff != "" {
		t.Errorf("resumed database differs from an uninterrupted run (-clean +resumed):\n%s", diff)
	}
}
