package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"sijil/internal/corpus"
	"sijil/internal/export"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/source"
)

// parseSequential is parseFiles as it was before documents were parsed on
// several goroutines: one file after another. Its output is the reference.
func parseSequential(p *parse.Parser, g *geocode.Gazetteer, paths []string, stdin io.Reader, out, stderr io.Writer) (failed int, err error) {
	for _, path := range paths {
		raws, format, err := readDocument(path, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "sijil: parse %v\n", err)
			failed++
			continue
		}
		if format == source.FormatText {
			raws = p.Segment(raws)
		}
		// A window at a time, as p.Window says.
		for lo, hi := range p.Windows(len(raws)) {
			recs := p.Document(raws[lo:hi])
			g.ResolveDocument(recs)
			if err := export.WriteJSONL(out, slices.Values(recs)); err != nil {
				return failed, err
			}
		}
	}
	return failed, nil
}

// parseTestTools returns the parser and embedded gazetteer sijil parse uses
// by default, but for the parser's window (orderWindow).
func parseTestTools(t *testing.T) (*parse.Parser, *geocode.Gazetteer) {
	t.Helper()
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	p.Window = orderWindow
	g, err := openGazetteer(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return p, g
}

// orderWindow is the parser's window in the order tests: small, so that
// a document of a few windows is quick to parse with the race detector.
const orderWindow = 150

// orderTestFiles writes many small generated documents, one too big to be
// encoded ahead, and last one of more than a window (orderWindow), parsed
// and written a window at a time, with inputs that fail among them: a missing file, a
// directory, a file with a NUL byte (not text), and standard input twice
// (the second time it is empty, which is an error too). It returns the paths in the order to
// parse them and what standard input holds.
func orderTestFiles(t *testing.T) (paths []string, stdin string) {
	t.Helper()
	dir := t.TempDir()
	opt := corpus.DefaultOptions(600)
	opt.DocMin, opt.DocMax = 1, 9
	_, err := corpus.Generate(opt, func(name string, data []byte) error {
		path := filepath.Join(dir, name)
		paths = append(paths, path)
		if stdin == "" && len(paths) == 7 {
			stdin = string(data)
		}
		return os.WriteFile(path, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	big := corpus.DefaultOptions(encodeAhead + 50)
	big.Seed, big.DocMin, big.DocMax = 2, encodeAhead+50, encodeAhead+50
	_, err = corpus.Generate(big, func(_ string, data []byte) error {
		return os.WriteFile(filepath.Join(dir, "big.txt"), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	huge := corpus.DefaultOptions(2*orderWindow + 100)
	huge.Seed, huge.DocMin, huge.DocMax = 3, 2*orderWindow+100, 2*orderWindow+100
	_, err = corpus.Generate(huge, func(_ string, data []byte) error {
		return os.WriteFile(filepath.Join(dir, "huge.txt"), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	binary := filepath.Join(dir, "scan.txt")
	if err := os.WriteFile(binary, []byte("A caption.\n\nNot\x00text"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "folder")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	n := len(paths)
	paths = slices.Concat(paths[:n/4], []string{filepath.Join(dir, "missing.txt"), "-"},
		paths[n/4:n/2], []string{filepath.Join(dir, "big.txt"), sub},
		paths[n/2:3*n/4], []string{binary, "-"}, paths[3*n/4:], []string{filepath.Join(dir, "huge.txt")})
	return paths, stdin
}

// TestParseFilesOrder checks that parsing on several goroutines writes
// exactly what parsing one file after another did: the same records in the
// same order, the same failures on standard error in the same order. More
// workers than cores make the documents finish out of order.
func TestParseFilesOrder(t *testing.T) {
	p, g := parseTestTools(t)
	paths, stdin := orderTestFiles(t)
	var wantOut, wantErr bytes.Buffer
	wantFailed, err := parseSequential(p, g, paths, strings.NewReader(stdin), &wantOut, &wantErr)
	if err != nil {
		t.Fatal(err)
	}
	if wantFailed != 4 || bytes.Count(wantOut.Bytes(), []byte("\n")) < 600+encodeAhead+2*orderWindow {
		t.Fatalf("reference run: %d failed, %d lines; want 4 failed and every caption", wantFailed, bytes.Count(wantOut.Bytes(), []byte("\n")))
	}
	for _, procs := range []int{1, 2, 8} {
		t.Run(fmt.Sprintf("GOMAXPROCS=%d", procs), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			var out, stderr bytes.Buffer
			failed, err := parseFiles(t.Context(), p, g, paths, strings.NewReader(stdin), &out, &stderr)
			if err != nil {
				t.Fatal(err)
			}
			if failed != wantFailed {
				t.Errorf("failed = %d, want %d", failed, wantFailed)
			}
			if stderr.String() != wantErr.String() {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), wantErr.String())
			}
			if !bytes.Equal(out.Bytes(), wantOut.Bytes()) {
				t.Errorf("output differs from one file after another (%d bytes, want %d): first difference at line %d",
					out.Len(), wantOut.Len(), firstDiffLine(out.String(), wantOut.String()))
			}
		})
	}
}

// firstDiffLine returns the first line, from 1, where a and b differ.
func firstDiffLine(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// TestParseCommandFailures runs the command over the same inputs: the
// failures are reported in input order, each once, and the exit status
// is 1. (The paths the walk cannot expand are reported before any
// document is read; the missing file here comes first anyway.) The
// command walks the folder parseFiles refuses, and finds it empty.
func TestParseCommandFailures(t *testing.T) {
	paths, stdin := orderTestFiles(t)
	got := runSijil(t, nil, stdin, append([]string{"parse"}, paths...)...)
	if got.code != 1 {
		t.Errorf("exit code %d, want 1", got.code)
	}
	lines := strings.Split(strings.TrimSuffix(got.stderr, "\n"), "\n")
	want := []string{"missing.txt: no such file", "scan.txt", "parse -: no captions"}
	if len(lines) != len(want) {
		t.Fatalf("stderr:\n%s\nwant %d lines", got.stderr, len(want))
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("stderr line %d: %q, want it to mention %q", i+1, lines[i], w)
		}
	}
}

// failingWriter takes n bytes, then fails.
type failingWriter struct{ n int }

var errWriteFailed = errors.New("disk full")

func (w *failingWriter) Write(b []byte) (int, error) {
	if len(b) > w.n {
		k := w.n
		w.n = 0
		return k, errWriteFailed
	}
	w.n -= len(b)
	return len(b), nil
}

// TestParseFilesWriteFails checks that a failed write stops the run with
// its error, whether the failing document was encoded ahead or not, and
// that no worker is left running.
func TestParseFilesWriteFails(t *testing.T) {
	p, g := parseTestTools(t)
	paths, stdin := orderTestFiles(t)
	// The big document's output starts after that of the inputs before it.
	var head bytes.Buffer
	big := slices.IndexFunc(paths, func(p string) bool { return filepath.Base(p) == "big.txt" })
	if _, err := parseSequential(p, g, paths[:big], strings.NewReader(stdin), &head, io.Discard); err != nil {
		t.Fatal(err)
	}
	// And the huge document's, last, in its second window: its output
	// is the last of all, and its second window's the last lines of it
	// but the first orderWindow.
	var all, huge bytes.Buffer
	if _, err := parseSequential(p, g, paths, strings.NewReader(stdin), &all, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := parseSequential(p, g, paths[len(paths)-1:], nil, &huge, io.Discard); err != nil {
		t.Fatal(err)
	}
	hugeLines := bytes.SplitAfter(huge.Bytes(), []byte("\n"))
	secondWindow := all.Len() - huge.Len() + len(bytes.Join(hugeLines[:orderWindow], nil))
	for _, n := range []int{0, head.Len() / 2, head.Len() + 5000, secondWindow + 3000} {
		_, err := parseFiles(t.Context(), p, g, paths, strings.NewReader(stdin), &failingWriter{n: n}, io.Discard)
		if !errors.Is(err, errWriteFailed) {
			t.Errorf("failing after %d bytes: err = %v, want %v", n, err, errWriteFailed)
		}
		if left := parseWorkers(); left > 0 {
			t.Errorf("failing after %d bytes: %d goroutines of parseFiles still running after it returned", n, left)
		}
	}
}

// parseWorkers counts the goroutines running parseFiles' code. Counting
// all goroutines before and after, as this test did, also counted those
// that other tests' servers and commands left winding down, and failed
// under load for goroutines that were not parseFiles'.
func parseWorkers() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "main.parseFiles") && !strings.Contains(g, "main.parseWorkers") {
			count++
		}
	}
	return count
}
