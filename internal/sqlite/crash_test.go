package sqlite

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
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
// when the records and occurrences of the second are written but not
// committed: 3,000 captions, enough for SQLite to have spilled uncommitted
// pages to the WAL.
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
	s.beforeSearch = func() {
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
	if !errors.As(err, &exit) || exit.ProcessState.Exited() {
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
