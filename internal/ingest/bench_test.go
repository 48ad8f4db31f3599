package ingest

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/corpus"
)

// benchCaptions is the corpus size of BenchmarkIngest: SIJIL_BENCH_CAPTIONS,
// else 10,000.
func benchCaptions(b *testing.B) int {
	if v := os.Getenv("SIJIL_BENCH_CAPTIONS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			b.Fatalf("SIJIL_BENCH_CAPTIONS=%q: want a positive number", v)
		}
		return n
	}
	return 10_000
}

// writeCorpus generates a corpus of n captions into dir and returns its truth
// and size in bytes.
func writeCorpus(tb testing.TB, dir string, n int) (corpus.Truth, int64) {
	tb.Helper()
	var size int64
	truth, err := corpus.Generate(corpus.DefaultOptions(n), func(name string, data []byte) error {
		size += int64(len(data))
		return os.WriteFile(filepath.Join(dir, name), data, 0o644)
	})
	if err != nil {
		tb.Fatal(err)
	}
	return truth, size
}

// BenchmarkIngest ingests a generated corpus (SIJIL_BENCH_CAPTIONS captions,
// 10,000 by default) into a new SQLite file per iteration, with the
// embedded gazetteer, as `sijil ingest` does, and reports captions/s, MB/s,
// the process's peak resident memory and the clustering's pairwise
// precision and recall against the corpus's truth. Run it with
//
//	go test -run '^$' -bench Ingest -benchtime 1x ./internal/ingest
func BenchmarkIngest(b *testing.B) {
	n := benchCaptions(b)
	dir := b.TempDir()
	truth, size := writeCorpus(b, dir, n)
	opt := testOptions(b)
	opt.Gazetteer, opt.Versions.Gazetteer = embeddedGazetteer(b), "cities500"
	opt.Workers = 0
	b.SetBytes(size)
	var elapsed time.Duration
	var peak int64
	var s caption.Store
	for b.Loop() {
		resetPeakRSS()
		s = mustOpenSQLite(b, filepath.Join(b.TempDir(), "bench.db"))
		start := time.Now()
		sum, err := Ingest(b.Context(), s, []string{dir}, opt)
		if err != nil || len(sum.Failures) > 0 || sum.Captions != n {
			b.Fatalf("Ingest: %v; %d captions, failures %v", err, sum.Captions, sum.Failures)
		}
		elapsed += time.Since(start)
		peak = max(peak, peakRSS())
	}
	b.StopTimer()
	secs := elapsed.Seconds() / float64(b.N)
	b.ReportMetric(float64(n)/secs, "captions/s")
	b.ReportMetric(float64(size)/1e6/secs, "MB/s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
	p, r := evaluate(b, s, truth, dir)
	b.ReportMetric(p, "precision")
	b.ReportMetric(r, "recall")
}

// evaluate scores the store's clusters against the truth, pair by pair of
// captions (occurrences).
func evaluate(tb testing.TB, s caption.Store, truth corpus.Truth, dir string) (precision, recall float64) {
	tb.Helper()
	type occ struct {
		doc   string
		index int
	}
	want := make(map[occ]int64, len(truth.Captions))
	for _, c := range truth.Captions {
		want[occ{filepath.Join(dir, truth.Docs[c.Doc]), int(c.Index)}] = c.Cluster
	}
	got := make(map[occ]int64, len(want))
	for r, err := range s.Records(tb.Context()) {
		if err != nil {
			tb.Fatal(err)
		}
		srcs, err := s.Sources(tb.Context(), r.ID)
		if err != nil {
			tb.Fatal(err)
		}
		for _, src := range srcs {
			got[occ{src.Document.Path, src.Index}] = r.Cluster
		}
	}
	return corpus.Evaluate(want, got)
}

// resetPeakRSS resets the kernel's peak resident set size of this process
// (Linux; elsewhere nothing happens and peakRSS reports the run's peak).
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns the process's peak resident set size in bytes (VmHWM),
// 0 where /proc is missing.
func peakRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
