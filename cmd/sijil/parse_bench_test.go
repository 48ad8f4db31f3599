package main

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sijil/internal/corpus"
)

// writeParseCorpus generates n captions into dir, docSize captions to a
// document (0: the generator's default of 20 to 200), and returns the files
// in the order written and their total size in bytes.
func writeParseCorpus(tb testing.TB, dir string, n, docSize int) ([]string, int64) {
	tb.Helper()
	opt := corpus.DefaultOptions(n)
	if docSize > 0 {
		opt.DocMin, opt.DocMax = docSize, docSize
	}
	var files []string
	var size int64
	_, err := corpus.Generate(opt, func(name string, data []byte) error {
		path := filepath.Join(dir, name)
		files = append(files, path)
		size += int64(len(data))
		return os.WriteFile(path, data, 0o644)
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files, size
}

// BenchmarkParseCommand runs `sijil parse` over 50,000 generated captions
// in documents of 50 (the README's measure; SIJIL_PARSE_CAPTIONS and
// SIJIL_PARSE_DOCSIZE change them) and compresses the same files with gzip
// at BestSpeed in the same run: x-gzip is the ratio of the two times, the
// figure the README reports. The parse time includes loading the lexicons
// and the gazetteer, as a user's run does. To time the built command on the
// same corpus, write it with internal/corpus/benchtool's parse-corpus.
//
//	go test ./cmd/sijil -run '^$' -bench ParseCommand -benchtime 3x
func BenchmarkParseCommand(b *testing.B) {
	n, docSize := envInt(b, "SIJIL_PARSE_CAPTIONS", 50_000), envInt(b, "SIJIL_PARSE_DOCSIZE", 50)
	files, size := writeParseCorpus(b, b.TempDir(), n, docSize)
	args := append([]string{"parse"}, files...)
	getenv := func(string) string { return "" }
	var gz *gzip.Writer
	var parseTime, gzipTime time.Duration
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		var stderr strings.Builder
		if err := run(b.Context(), args, getenv, strings.NewReader(""), io.Discard, &stderr); err != nil {
			b.Fatalf("sijil parse: %v\n%s", err, stderr.String())
		}
		parseTime += time.Since(start)

		// gzip runs in the same loop so that both see the same state of
		// the machine; its time and allocations stay out of the parse's
		// figures.
		b.StopTimer()
		start = time.Now()
		if gz == nil {
			gz, _ = gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		} else {
			gz.Reset(io.Discard)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := gz.Write(data); err != nil {
				b.Fatal(err)
			}
		}
		if err := gz.Close(); err != nil {
			b.Fatal(err)
		}
		gzipTime += time.Since(start)
		b.StartTimer()
	}
	secs := parseTime.Seconds() / float64(b.N)
	b.ReportMetric(float64(n)/secs, "captions/s")
	b.ReportMetric(float64(size)/1e6/secs, "MB/s")
	b.ReportMetric(gzipTime.Seconds()/float64(b.N)*1e3, "gzip-ms")
	b.ReportMetric(parseTime.Seconds()/gzipTime.Seconds(), "x-gzip")
}

// envInt returns the positive integer in the environment variable name, or
// def when it is unset.
func envInt(tb testing.TB, name string, def int) int {
	tb.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		tb.Fatalf("%s=%q: want a number >= 0", name, v)
	}
	return n
}
