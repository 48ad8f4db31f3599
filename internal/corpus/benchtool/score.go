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
	clusters, events, err := evaluate(ctx, s, truth, filepath.Join(dir, "docs"))
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(stdout, "precision %.4f recall %.4f\n", clusters.precision, clusters.recall); err != nil {
		return err
	}
	if !events.known {
		return nil
	}
	_, err = fmt.Fprintf(stdout, "events precision %.4f recall %.4f\n", events.precision, events.recall)
	return err
}

// pairScore is a partition's pairwise precision and recall against the
// truth's; known is false when the truth does not give it.
type pairScore struct {
	precision, recall float64
	known             bool
}

// readTruth reads the truth.tsv "benchtool corpus" wrote: document, index
// and cluster of each caption, and its event since 2026-12-07 (a corpus
// made before has none, and its events are not scored).
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
		if len(fields) != 3 && len(fields) != 4 {
			return truth, fmt.Errorf("%s:%d: want document, index, cluster and event", path, line)
		}
		index, err1 := strconv.ParseInt(fields[1], 10, 32)
		cluster, err2 := strconv.ParseInt(fields[2], 10, 64)
		var event int64
		var err3 error
		if len(fields) == 4 {
			event, err3 = strconv.ParseInt(fields[3], 10, 64)
		}
		if err := errors.Join(err1, err2, err3); err != nil {
			return truth, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		d, ok := docIndex[fields[0]]
		if !ok {
			d = int32(len(truth.Docs))
			docIndex[fields[0]] = d
			truth.Docs = append(truth.Docs, fields[0])
		}
		truth.Captions = append(truth.Captions, corpus.Caption{Doc: d, Index: int32(index), Cluster: cluster, Event: event})
	}
	return truth, sc.Err()
}

// evaluate scores the store's clusters, and its events when the truth
// gives them, against the truth, pair by pair of captions (occurrences)
// of the documents in dir. The truth's events are the generator's
// incidents: the register's events, which chain a place's photos of
// adjacent days, are scored against them to compare one build's linking
// with another's, not to reach 1.
func evaluate(ctx context.Context, s caption.Store, truth corpus.Truth, dir string) (clusters, events pairScore, err error) {
	type occ struct {
		doc   string
		index int
	}
	want := make(map[occ]int64, len(truth.Captions))
	wantEvent := make(map[occ]int64, len(truth.Captions))
	events.known = len(truth.Captions) > 0
	for _, c := range truth.Captions {
		o := occ{filepath.Join(dir, truth.Docs[c.Doc]), int(c.Index)}
		want[o] = c.Cluster
		wantEvent[o] = c.Event
		events.known = events.known && c.Event != 0
	}
	got := make(map[occ]int64, len(want))
	gotEvent := make(map[occ]int64, len(want))
	for r, err := range s.Records(ctx) {
		if err != nil {
			return clusters, events, err
		}
		srcs, err := s.Sources(ctx, r.ID)
		if err != nil {
			return clusters, events, err
		}
		for _, src := range srcs {
			o := occ{src.Document.Path, src.Index}
			got[o] = r.Cluster
			gotEvent[o] = r.Event
		}
	}
	// A caption of the truth the register does not hold under that path
	// would count as a caption linked to nothing: documents ingested by
	// another path (relative, where dir is absolute) scored precision 1
	// and recall 0 instead of failing (2026-12-06).
	for o := range want {
		if _, ok := got[o]; !ok {
			return clusters, events, fmt.Errorf("caption %d of %s is not in the register: were the documents ingested by another path? Give SIJIL_BENCH_CORPUS as the path they were ingested by", o.index, o.doc)
		}
	}
	clusters.precision, clusters.recall = corpus.Evaluate(want, got)
	clusters.known = true
	if events.known {
		events.precision, events.recall = corpus.Evaluate(wantEvent, gotEvent)
	}
	return clusters, events, nil
}
