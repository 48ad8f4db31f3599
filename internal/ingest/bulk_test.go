package ingest

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/source"
)

// TestBulkRule: a run stores in bulk when the documents it names that the
// register does not hold are at least as large as those it holds.
func TestBulkRule(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, size int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Repeat("x", size)), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a, b, c, empty := file("a.txt", 600), file("b.txt", 500), file("c.txt", 2000), file("empty.txt", 0)
	var shoot []string
	for _, name := range []string{"p1.jpg", "p2.JPEG", "p3.tif"} {
		shoot = append(shoot, file(name, 5<<20))
	}
	small := file("p4.png", 100)
	missing := filepath.Join(dir, "missing.txt")
	for _, tc := range []struct {
		name   string
		known  []string
		stored int64
		docs   []string
		want   bool
	}{
		{"empty register", nil, 0, []string{a}, true},
		{"empty register, empty documents", nil, 0, []string{empty}, false},
		{"empty register, standard input", nil, 0, []string{"-"}, false},
		{"empty register, no documents", nil, 0, nil, false},
		{"as large as the register", nil, 1100, []string{a, b}, true},
		{"smaller than the register", nil, 1101, []string{a, b}, false},
		{"a day's documents", nil, 1 << 30, []string{a, b, c}, false},
		{"the same documents again", []string{a, b, c}, 3100, []string{a, b, c}, false},
		{"the same again and one new", []string{a, b}, 1100, []string{a, b, c}, true},
		{"a missing document counts nothing", nil, 700, []string{missing, a}, false},
		// A photo is about a caption, whatever the size of its picture.
		{"a shoot into a register of text", nil, 2000, shoot, false},
		{"a shoot into a register of as many photos", nil, 3 * photoCaptionBytes, shoot, true},
		{"a shoot into an empty register", nil, 0, shoot, true},
		{"a photo smaller than a caption counts its size", nil, 101, []string{small}, false},
	} {
		in := &ingester{known: map[string]string{}, storedBytes: tc.stored}
		for _, k := range tc.known {
			in.known[k] = "sha"
		}
		if got := in.bulk(in.incomingBytes(tc.docs)); got != tc.want {
			t.Errorf("%s: bulk = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// hiddenBulk is a store whose caption.BulkLoader is hidden: ingest keeps
// every index up to date as it stores.
type hiddenBulk struct{ caption.Store }

// TestBulkLoadSameRegister: a register loaded in bulk, then added to, is
// the one a run keeping every index up to date makes.
func TestBulkLoadSameRegister(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests a corpus twice")
	}
	dir := t.TempDir()
	big, small := filepath.Join(dir, "big"), filepath.Join(dir, "small")
	for _, d := range []string{big, small} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	writeCorpus(t, big, 700)
	writeCorpus(t, small, 100)
	var contents []content
	for _, bulk := range []bool{true, false} {
		path := filepath.Join(t.TempDir(), "sijil.db")
		var s caption.Store = mustOpenSQLite(t, path)
		if !bulk {
			s = hiddenBulk{s}
		}
		first := mustIngest(t, s, []string{big}, testOptions(t))
		if bulk && first.Indexes == 0 {
			t.Errorf("the first run into an empty register deferred no index")
		}
		if !bulk && first.Indexes != 0 {
			t.Errorf("a store without BulkLoader: %d indexes deferred", first.Indexes)
		}
		if n := deferredCount(t, path); n != 0 {
			t.Errorf("%d indexes still deferred after the run", n)
		}
		if sum := mustIngest(t, s, []string{small}, testOptions(t)); sum.Indexes != 0 {
			t.Errorf("a run of fewer bytes than the register deferred %d indexes", sum.Indexes)
		}
		contents = append(contents, storeContent(t, s))
	}
	if diff := cmp.Diff(contents[1], contents[0]); diff != "" {
		t.Errorf("register loaded in bulk (-indexes kept +bulk):\n%s", diff)
	}
}

// deferredCount returns how many indexes the register at path holds
// deferred, read with SQL beside the store.
func deferredCount(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_busy_timeout=10000&_query_only=1")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(t.Context(), "SELECT count(*) FROM deferred_indexes").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestBulkLoadInterrupted cancels a bulk load while it waits for standard
// input, its indexes deferred: it leaves them so (an interrupted run does
// not start building them on its way out), and the next Open of the
// register builds them before anything reads it.
func TestBulkLoadInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	s := mustOpenSQLite(t, path)
	paths := examples(t)
	opt := testOptions(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	stdin, w := io.Pipe()
	opt.Stdin, opt.Batch = stdin, 1
	type result struct {
		sum Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		sum, err := Ingest(ctx, s, append(slices.Clone(paths), "-"), opt)
		done <- result{sum, err}
	}()
	for st := mustStats(t, s); st.Documents < len(paths); st = mustStats(t, s) {
		select {
		case r := <-done:
			t.Fatalf("Ingest returned before reading standard input: %v", r.err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	if n := deferredCount(t, path); n == 0 {
		t.Fatalf("a load into an empty register, %d documents stored: no index deferred", len(paths))
	}
	cancel()
	w.Close()
	r := <-done
	if !errors.Is(r.err, context.Canceled) {
		t.Fatalf("Ingest cancelled: %v, want context.Canceled", r.err)
	}
	if r.sum.Indexes != 0 {
		t.Errorf("the cancelled run built %d indexes", r.sum.Indexes)
	}
	deferred := deferredCount(t, path)
	if deferred == 0 {
		t.Fatalf("the cancelled run left no index deferred")
	}
	mustOpenSQLite(t, path)
	if n := deferredCount(t, path); n != 0 {
		t.Errorf("%d of %d indexes still deferred after the register was opened again", n, deferred)
	}
	opt.Stdin = strings.NewReader("Shelling in Kharkiv, Ukraine, on March 2, 2022.\n")
	mustIngest(t, s, append(slices.Clone(paths), "-"), opt)
	if st := mustStats(t, s); st.Documents != len(paths)+1 {
		t.Errorf("%d documents after the next run, want %d", st.Documents, len(paths)+1)
	}
}

// TestCaptionBytes: what a stored document counts for in the bulk rule.
func TestCaptionBytes(t *testing.T) {
	for _, tc := range []struct {
		format string
		size   int64
		want   int64
	}{
		{source.FormatJPEG, 8 << 20, photoCaptionBytes},
		{source.FormatTIFF, 40 << 20, photoCaptionBytes},
		{source.FormatPNG, 100, 100},
		{"text", 8 << 20, 8 << 20},
		{source.FormatJSONL, 0, 0},
	} {
		if got := captionBytes(tc.format, tc.size); got != tc.want {
			t.Errorf("captionBytes(%q, %d) = %d, want %d", tc.format, tc.size, got, tc.want)
		}
	}
}
