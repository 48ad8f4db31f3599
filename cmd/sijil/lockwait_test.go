package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Another process's transaction holds the register's write lock for longer
// than SQLite's busy timeout (10 s), as one writing a document of 200,000
// captions does for half a minute. sijil ingest failed then with "database
// is locked"; it now says that it waits, and ingests once the lock is
// free. The notice shows that a busy timeout did run out meanwhile.
func TestIngestWaitsForAnotherWriter(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	env := map[string]string{"SIJIL_DB": db}
	mustRun(t, env, "stats") // creates the register, so that the lock below has a file to take
	docs := copyExamples(t)

	other, err := sql.Open("sqlite", db+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	other.SetMaxOpenConns(1)
	tx, err := other.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()

	var stdout, stderr lockedBuffer
	done := make(chan error, 1)
	go func() {
		getenv := func(k string) string { return env[k] }
		done <- run(t.Context(), append([]string{"ingest"}, docs...), getenv, strings.NewReader(""), &stdout, &stderr)
	}()
	const notice = "waiting for another process's write to end"
	deadline := time.After(60 * time.Second)
	for !strings.Contains(stderr.String(), notice) {
		select {
		case err := <-done:
			t.Fatalf("ingest ended while another connection held the write lock: %v\n%s", err, stderr.String())
		case <-deadline:
			t.Fatalf("no notice of the wait in 60 s:\n%s", stderr.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("ingest after the lock was released: %v\n%s", err, stderr.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("ingest still running 60 s after the lock was released:\n%s", stderr.String())
	}
	if !hasLine(stderr.String(), "ingested 3 documents (0 unchanged)") {
		t.Errorf("ingest summary:\n%s", stderr.String())
	}
	if st := statsJSON(t, env); st.Documents != 3 {
		t.Errorf("stats after the wait: %d documents, want 3", st.Documents)
	}
}
