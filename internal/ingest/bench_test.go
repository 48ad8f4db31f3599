package ingest

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/source"
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

// TestBenchCorpus is a tool for scripts/bench-ingest.sh, skipped unless
// SIJIL_BENCH_CORPUS names a directory: it writes a corpus of
// SIJIL_BENCH_CAPTIONS captions there (docs/*.txt), its true clusters
// (truth.tsv: document, index, cluster) and the same captions as rows of
// captions.csv, for sqlite3 to import side by side.
func TestBenchCorpus(t *testing.T) {
	dir := os.Getenv("SIJIL_BENCH_CORPUS")
	if dir == "" {
		t.Skip("SIJIL_BENCH_CORPUS is not set")
	}
	n := 10_000
	if v := os.Getenv("SIJIL_BENCH_CAPTIONS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			t.Fatal(err)
		}
	}
	docs := filepath.Join(dir, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	rows, err := os.Create(filepath.Join(dir, "captions.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	bw := bufio.NewWriterSize(rows, 1<<20)
	cw := csv.NewWriter(bw)
	cw.Write([]string{"caption"})
	truth, err := corpus.Generate(corpus.DefaultOptions(n), func(name string, data []byte) error {
		raws, err := source.ReadText(bytes.NewReader(data), name)
		if err != nil {
			return err
		}
		for _, r := range raws {
			cw.Write([]string{r.Text})
		}
		return os.WriteFile(filepath.Join(docs, name), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		t.Fatal(err)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	var tsv bytes.Buffer
	for _, c := range truth.Captions {
		fmt.Fprintf(&tsv, "%s\t%d\t%d\n", truth.Docs[c.Doc], c.Index, c.Cluster)
	}
	if err := os.WriteFile(filepath.Join(dir, "truth.tsv"), tsv.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBenchScore is a tool for scripts/bench-ingest.sh, skipped unless
// SIJIL_BENCH_CORPUS and SIJIL_BENCH_DB are set: it prints the pairwise
// precision and recall of the clusters in the SQLite register
// SIJIL_BENCH_DB against the truth TestBenchCorpus wrote.
func TestBenchScore(t *testing.T) {
	dir, db := os.Getenv("SIJIL_BENCH_CORPUS"), os.Getenv("SIJIL_BENCH_DB")
	if dir == "" || db == "" {
		t.Skip("SIJIL_BENCH_CORPUS or SIJIL_BENCH_DB is not set")
	}
	f, err := os.Open(filepath.Join(dir, "truth.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var truth corpus.Truth
	docIndex := map[string]int32{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			t.Fatalf("truth.tsv: %q", sc.Text())
		}
		d, ok := docIndex[fields[0]]
		if !ok {
			d = int32(len(truth.Docs))
			docIndex[fields[0]] = d
			truth.Docs = append(truth.Docs, fields[0])
		}
		index, _ := strconv.Atoi(fields[1])
		cluster, _ := strconv.ParseInt(fields[2], 10, 64)
		truth.Captions = append(truth.Captions, corpus.Caption{Doc: d, Index: int32(index), Cluster: cluster})
	}
	s := mustOpenSQLite(t, db)
	p, r := evaluate(t, s, truth, filepath.Join(dir, "docs"))
	fmt.Printf("precision %.4f recall %.4f\n", p, r)
}

// TestBenchFTS is a tool for scripts/bench-ingest.sh, skipped unless
// SIJIL_BENCH_CORPUS and SIJIL_BENCH_FTS are set: it does what the script
// asks of sqlite3 (the captions of captions.csv inserted as plain rows into
// an FTS5 table, in one transaction, with SQLite's default settings) through
// the pure-Go driver sijil stores with, into the new file SIJIL_BENCH_FTS,
// and prints the seconds it took. Beside sqlite3's time it tells how much of
// an ingest's ratio to sqlite3 the driver alone accounts for.
func TestBenchFTS(t *testing.T) {
	dir, path := os.Getenv("SIJIL_BENCH_CORPUS"), os.Getenv("SIJIL_BENCH_FTS")
	if dir == "" || path == "" {
		t.Skip("SIJIL_BENCH_CORPUS or SIJIL_BENCH_FTS is not set")
	}
	f, err := os.Open(filepath.Join(dir, "captions.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The CSV is read whole first, as sqlite3 reads it from its page
	// cache: the time is the database's.
	rows, err := csv.NewReader(bufio.NewReaderSize(f, 1<<20)).ReadAll()
	if err != nil || len(rows) < 1 {
		t.Fatalf("captions.csv: %v", err)
	}
	start := time.Now()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("CREATE VIRTUAL TABLE captions USING fts5 (caption)"); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	ins, err := tx.Prepare("INSERT INTO captions (caption) VALUES (?)")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows[1:] {
		if _, err := ins.Exec(row[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("fts5-go %.2f rows %d\n", time.Since(start).Seconds(), len(rows)-1)
}
