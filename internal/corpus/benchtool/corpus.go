package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"sijil/internal/corpus"
	"sijil/internal/source"
)

// writeBenchCorpus is "benchtool corpus".
func writeBenchCorpus(getenv func(string) string) (err error) {
	dir, err := need(getenv, "SIJIL_BENCH_CORPUS")
	if err != nil {
		return err
	}
	n, err := envInt(getenv, "SIJIL_BENCH_CAPTIONS", 10_000, 1)
	if err != nil {
		return err
	}
	opt := corpus.DefaultOptions(n)
	size, err := envInt(getenv, "SIJIL_BENCH_DOCSIZE", 0, 1)
	if err != nil {
		return err
	}
	if size > 0 {
		opt.DocMin, opt.DocMax = size, size
	}
	docs := filepath.Join(dir, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		return err
	}
	if getenv("SIJIL_BENCH_REPETITIVE") != "" {
		return os.WriteFile(filepath.Join(docs, "wire.txt"), corpus.Repetitive(n, 10, 28, 1), 0o644)
	}
	if getenv("SIJIL_BENCH_INCIDENT") != "" {
		return os.WriteFile(filepath.Join(docs, "wire.txt"), corpus.Incident(n, 1), 0o644)
	}
	rows, err := os.Create(filepath.Join(dir, "captions.csv"))
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, rows.Close()) }()
	bw := bufio.NewWriterSize(rows, 1<<20)
	cw := csv.NewWriter(bw)
	cw.Write([]string{"caption"})
	truth, err := corpus.Generate(opt, func(name string, data []byte) error {
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
		return err
	}
	cw.Flush()
	if err := errors.Join(cw.Error(), bw.Flush()); err != nil {
		return err
	}
	var tsv bytes.Buffer
	for _, c := range truth.Captions {
		fmt.Fprintf(&tsv, "%s\t%d\t%d\t%d\n", truth.Docs[c.Doc], c.Index, c.Cluster, c.Event)
	}
	return os.WriteFile(filepath.Join(dir, "truth.tsv"), tsv.Bytes(), 0o644)
}

// writeParseCorpus is "benchtool parse-corpus".
func writeParseCorpus(getenv func(string) string, stdout io.Writer) error {
	dir, err := need(getenv, "SIJIL_PARSE_CORPUS")
	if err != nil {
		return err
	}
	n, err := envInt(getenv, "SIJIL_PARSE_CAPTIONS", 50_000, 1)
	if err != nil {
		return err
	}
	size, err := envInt(getenv, "SIJIL_PARSE_DOCSIZE", 50, 0)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	opt := corpus.DefaultOptions(n)
	if size > 0 {
		opt.DocMin, opt.DocMax = size, size
	}
	var files int
	var total int64
	_, err = corpus.Generate(opt, func(name string, data []byte) error {
		files++
		total += int64(len(data))
		return os.WriteFile(filepath.Join(dir, name), data, 0o644)
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%d files, %d bytes in %s\n", files, total, dir)
	return err
}
