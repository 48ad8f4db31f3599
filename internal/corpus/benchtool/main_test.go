package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sijil/internal/ingest"
	"sijil/internal/parse"
	"sijil/internal/sqlite"
)

// TestCorpusAndScore writes a small corpus, ingests it as `sijil ingest`
// would (without a gazetteer) and scores the register: the files the
// script reads are there, one truth line and one CSV row per caption, and
// the clusters score as the linking does on generated captions.
func TestCorpusAndScore(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"SIJIL_BENCH_CORPUS": dir, "SIJIL_BENCH_CAPTIONS": "300", "SIJIL_BENCH_DB": filepath.Join(dir, "sijil.db")}
	getenv := func(k string) string { return env[k] }
	if err := run(t.Context(), []string{"corpus"}, getenv, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	truth, err := os.ReadFile(filepath.Join(dir, "truth.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := os.ReadFile(filepath.Join(dir, "captions.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(truth), "\n"); n != 300 {
		t.Errorf("truth.tsv has %d lines, want 300", n)
	}
	if !strings.HasPrefix(string(rows), "caption\n") {
		t.Errorf("captions.csv starts %.40q, want its header", rows)
	}

	s, err := sqlite.Open(t.Context(), env["SIJIL_BENCH_DB"])
	if err != nil {
		t.Fatal(err)
	}
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	sum, err := ingest.Ingest(context.Background(), s, []string{filepath.Join(dir, "docs")}, ingest.Options{Parser: p})
	if err != nil || sum.Captions != 300 {
		t.Fatalf("ingest: %d captions, %v", sum.Captions, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"score"}, getenv, &out); err != nil {
		t.Fatal(err)
	}
	var precision, recall float64
	if _, err := fmt.Sscanf(out.String(), "precision %f recall %f", &precision, &recall); err != nil {
		t.Fatalf("score printed %q: %v", out.String(), err)
	}
	if precision < 0.9 || recall < 0.9 {
		t.Errorf("precision %.3f, recall %.3f on a generated corpus: want both above 0.9", precision, recall)
	}
	var evPrecision, evRecall float64
	_, second, _ := strings.Cut(out.String(), "\n")
	if _, err := fmt.Sscanf(second, "events precision %f recall %f", &evPrecision, &evRecall); err != nil {
		t.Fatalf("score printed %q: %v; want the events' scores on its second line", out.String(), err)
	}
	if evPrecision < 0.5 || evRecall < 0.5 {
		t.Errorf("events: precision %.3f, recall %.3f on a generated corpus: want both above 0.5", evPrecision, evRecall)
	}
	t.Logf("%s", out.String())

	// The same corpus named by another path than the one it was ingested
	// by: its captions are not found, which must fail, not score.
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(cwd, dir)
	if err != nil {
		t.Fatal(err)
	}
	env["SIJIL_BENCH_CORPUS"] = rel
	out.Reset()
	if err := run(t.Context(), []string{"score"}, getenv, &out); err == nil || !strings.Contains(err.Error(), "is not in the register") {
		t.Errorf("score of the corpus by the relative path %s: %q, error %v; want an error", rel, out.String(), err)
	}
}

func TestParseCorpus(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"SIJIL_PARSE_CORPUS": dir, "SIJIL_PARSE_CAPTIONS": "120", "SIJIL_PARSE_DOCSIZE": "40"}
	var out bytes.Buffer
	if err := run(t.Context(), []string{"parse-corpus"}, func(k string) string { return env[k] }, &out); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 3 || !strings.HasPrefix(out.String(), "3 files, ") {
		t.Errorf("%d files (%s), want 3 of 40 captions", len(files), strings.TrimSpace(out.String()))
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"bench"}, {"corpus", "x"}} {
		if err := run(t.Context(), args, func(string) string { return "" }, new(bytes.Buffer)); err == nil {
			t.Errorf("run(%q): no error", args)
		}
	}
	if err := run(t.Context(), []string{"corpus"}, func(string) string { return "" }, new(bytes.Buffer)); err == nil ||
		!strings.Contains(err.Error(), "SIJIL_BENCH_CORPUS") {
		t.Errorf("corpus without SIJIL_BENCH_CORPUS: %v", err)
	}
}

// TestReadTruthColumns: a truth.tsv of three columns (a corpus made before
// the events were written) reads with no events, one of four with them,
// and any other count of columns is an error naming the line.
func TestReadTruthColumns(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, tsv string
		events    []int64
		err       string
	}{
		{"clusters only", "doc000000.txt\t0\t1\ndoc000000.txt\t1\t1\n", []int64{0, 0}, ""},
		{"with events", "doc000000.txt\t0\t1\t7\ndoc000001.txt\t0\t2\t7\n", []int64{7, 7}, ""},
		{"two columns", "doc000000.txt\t0\t1\t7\ndoc000000.txt\t1\n", nil, "truth.tsv:2:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "truth.tsv")
			if err := os.WriteFile(path, []byte(tc.tsv), 0o644); err != nil {
				t.Fatal(err)
			}
			truth, err := readTruth(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one naming %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, c := range truth.Captions {
				got = append(got, c.Event)
			}
			if !slices.Equal(got, tc.events) {
				t.Errorf("events %v, want %v", got, tc.events)
			}
		})
	}
}
