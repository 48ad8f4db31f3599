package ingest

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// signalReader reports its first Read on started, then reads r.
type signalReader struct {
	r       io.Reader
	started chan struct{}
}

func (s *signalReader) Read(p []byte) (int, error) {
	select {
	case <-s.started:
	default:
		close(s.started)
	}
	return s.r.Read(p)
}

// TestIngestWaitsForReaders cancels an ingest while one of its workers is
// blocked reading a document (standard input, a pipe nobody writes yet):
// Ingest must not return before that read has ended. It used to return at
// once, leaving the worker reading behind it.
func TestIngestWaitsForReaders(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(doc, []byte("Smoke rises over Idlib, Syria, March 3, 2019. Photo by A. Writer/AFP\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	in := &signalReader{r: pr, started: make(chan struct{})}
	opt := testOptions(t)
	opt.Stdin = in
	s := mustOpenSQLite(t, filepath.Join(dir, "r.db"))
	ctx, cancel := context.WithCancel(t.Context())
	returned := make(chan error, 1)
	go func() {
		_, err := Ingest(ctx, s, []string{doc, "-"}, opt)
		returned <- err
	}()
	select {
	case <-in.started:
	case err := <-returned:
		t.Fatalf("Ingest returned (%v) before reading standard input", err)
	}
	cancel()
	select {
	case err := <-returned:
		t.Fatalf("Ingest returned (%v) while a worker was still reading standard input", err)
	case <-time.After(300 * time.Millisecond):
	}
	pw.Close()
	if err := <-returned; !errors.Is(err, context.Canceled) {
		t.Errorf("Ingest = %v, want context.Canceled", err)
	}
}
