package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/sqlite"
)

// score is "benchtool score".
func score(ctx context.Context, getenv func(string) string, stdout io.Writer) (err error) {
	dir, err := need(getenv, "SIJIL_BENCH_CORPUS")
	if err != nil {
		return err
	}
	db, err := need(getenv, "SIJIL_BENCH_DB")
	if err != nil {
		return err
	}
	truth, err := readTruth(filepath.Join(dir, "truth.tsv"))
	if err != nil {
		return err
	}
	s, err := sqlite.Open(ctx, db)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, s.Close()) }()
	p, r, err := evaluate(ctx, s, truth, filepath.Join(dir, "docs"))
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "precision %.4f recall %.4f\n", p, r)
	return err
}

// readTruth reads the truth.tsv "benchtool corpus" wrote.
func readTruth(path string) (corpus.Truth, error) {
	var truth corpus.Truth
	f, err := os.Open(path)
	if err != nil {
		return truth, err
	}
	defer f.Close()
	docIndex := map[string]int32{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			return truth, fmt.Errorf("%s:%d: want document, index and cluster", path, line)
		}
		index, err1 := strconv.ParseInt(fields[1], 10, 32)
		cluster, err2 := strconv.ParseInt(fields[2], 10, 64)
		if err := errors.Join(err1, err2); err != nil {
			return truth, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		d, ok := docIndex[fields[0]]
		if !ok {
			d = int32(len(truth.Docs))
			docIndex[fields[0]] = d
			truth.Docs = append(truth.Docs, fields[0])
		}
		truth.Captions = append(truth.Captions, corpus.Caption{Doc: d, Index: int32(index), Cluster: cluster})
	}
	return truth, sc.Err()
}

// evaluate scores the store's clusters against the truth, pair by pair of
// captions (occurrences) of the documents in dir.
func evaluate(ctx context.Context, s caption.Store, truth corpus.Truth, dir string) (precision, recall float64, err error) {
	type occ struct {
		doc   string
		index int
	}
	want := make(map[occ]int64, len(truth.Captions))
	for _, c := range truth.Captions {
		want[occ{filepath.Join(dir, truth.Docs[c.Doc]), int(c.Index)}] = c.Cluster
	}
	got := make(map[occ]int64, len(want))
	for r, err := range s.Records(ctx) {
		if err != nil {
			return 0, 0, err
		}
		srcs, err := s.Sources(ctx, r.ID)
		if err != nil {
			return 0, 0, err
		}
		for _, src := range srcs {
			got[occ{src.Document.Path, src.Index}] = r.Cluster
		}
	}
	// A caption of the truth the register does not hold under that path
	// would count as a caption linked to nothing: documents ingested by
	// another path (relative, where dir is absolute) scored precision 1
	// and recall 0 instead of failing (2026-12-06).
	for o := range want {
		if _, ok := got[o]; !ok {
			return 0, 0, fmt.Errorf("caption %d of %s is not in the register: were the documents ingested by another path? Give SIJIL_BENCH_CORPUS as the path they were ingested by", o.index, o.doc)
		}
	}
	precision, recall = corpus.Evaluate(want, got)
	return precision, recall, nil
}
