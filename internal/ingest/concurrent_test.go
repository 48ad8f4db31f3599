package ingest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sijil/internal/caption"
)

// TestIngestConcurrent runs two ingests of overlapping documents at once,
// each with a store of its own on one PostgreSQL database, as two processes
// would: nothing is lost, no caption is stored twice, and every record is
// linked. (A SQLite file has one writer at a time: a second process waits
// for the lock, up to the store's busy timeout, rather than writing along.)
func TestIngestConcurrent(t *testing.T) {
	for _, b := range []struct {
		name string
		open func(t *testing.T) (a, b caption.Store)
	}{
		{"postgres", func(t *testing.T) (caption.Store, caption.Store) {
			url := postgresSchema(t)
			return mustOpenPostgres(t, url), mustOpenPostgres(t, url)
		}},
	} {
		t.Run(b.name, func(t *testing.T) {
			if testing.Short() {
				t.Skip("ingests a corpus twice at once")
			}
			dir := t.TempDir()
			truth, _ := writeCorpus(t, dir, 1200)
			s1, s2 := b.open(t)
			var wg sync.WaitGroup
			sums := make([]Summary, 2)
			errs := make([]error, 2)
			for i, s := range []caption.Store{s1, s2} {
				wg.Go(func() {
					opt := testOptions(t)
					opt.Batch = 50 // many small linking transactions, to interleave them
					sums[i], errs[i] = Ingest(t.Context(), s, []string{dir}, opt)
				})
			}
			wg.Wait()
			for i, err := range errs {
				if err != nil || len(sums[i].Failures) > 0 {
					t.Fatalf("ingest %d: %v, failures %v", i, err, sums[i].Failures)
				}
			}
			st := mustStats(t, s1)
			if st.Documents != len(truth.Docs) || st.Occurrences != len(truth.Captions) {
				t.Errorf("stats %+v: want %d documents, %d occurrences", st, len(truth.Docs), len(truth.Captions))
			}
			if got := sums[0].NewRecords + sums[1].NewRecords; got != st.Records {
				t.Errorf("the two ingests made %d new records, the store holds %d", got, st.Records)
			}
			if n := sums[0].Documents - sums[0].Unchanged + sums[1].Documents - sums[1].Unchanged; n != len(truth.Docs) {
				t.Errorf("%d documents stored by the two ingests, want %d", n, len(truth.Docs))
			}
			linked := sums[0].NewClusters + sums[0].Copies + sums[1].NewClusters + sums[1].Copies
			events := sums[0].NewEvents + sums[0].EventJoins + sums[1].NewEvents + sums[1].EventJoins
			if linked != st.Records || events != st.Records {
				t.Errorf("%d records linked into clusters and %d into events, want %d each", linked, events, st.Records)
			}
			for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
				if rs, err := s1.Unlinked(t.Context(), level, 10); err != nil || len(rs) > 0 {
					t.Errorf("Unlinked(%s) = %d records, %v", level, len(rs), err)
				}
			}
			seen := map[string]bool{}
			for _, r := range allRecords(t, s1) {
				if seen[r.Fingerprint.Key] {
					t.Errorf("key %s stored twice", r.Fingerprint.Key)
				}
				seen[r.Fingerprint.Key] = true
			}
		})
	}
}

func TestIngestProgress(t *testing.T) {
	var buf bytes.Buffer
	opt := testOptions(t)
	opt.Progress = &buf
	mustIngest(t, newSQLite(t), examples(t), opt)
	out := buf.String()
	if !strings.HasPrefix(out, "\rdocuments 1/3  captions ") || !strings.Contains(out, "captions/s") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("progress output %q: want a line redrawn with \\r, cleared at the end", out)
	}
}

// TestIngestProgressLinks: the progress line says how many symbolic links,
// and other files, the walk passed over.
func TestIngestProgressLinks(t *testing.T) {
	dir := t.TempDir()
	for _, p := range examples(t) {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(abs, filepath.Join(dir, filepath.Base(p))); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	writeFile(t, filepath.Join(dir, "z.txt"), taiz+"\n")
	writeFile(t, filepath.Join(dir, "README.md"), "Captions from the Taiz office.\n")
	var buf bytes.Buffer
	opt := testOptions(t)
	opt.Progress = &buf
	sum := mustIngest(t, newSQLite(t), []string{dir}, opt)
	if sum.Documents != 1 || sum.Links != 3 || sum.Skipped != 1 {
		t.Errorf("summary %+v: want 1 document, 3 links and 1 other file passed over", sum)
	}
	if out := buf.String(); !strings.Contains(out, "  3 symbolic links passed over  1 other files passed over") {
		t.Errorf("progress output %q: want the links and other files passed over", out)
	}
}
