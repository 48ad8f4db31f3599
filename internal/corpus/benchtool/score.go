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
	clusters, events, hasEvents, err := evaluate(ctx, s, truth, filepath.Join(dir, "docs"))
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(stdout, "precision %.4f recall %.4f\n", clusters.precision, clusters.recall); err != nil {
		return err
	}
	if !hasEvents {
		return nil
	}
	_, err = fmt.Fprintf(stdout, "events precision %.4f recall %.4f\n", events.precision, events.recall)
	return err
}

// pairScore is a partition's pairwise precision and recall against the
// truth's.
type pairScore struct{ precision, recall float64 }

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
// gives them (hasEvents), against the truth, pair by pair of captions
// (occurrences) of the documents in dir. The truth's events are the
// generator's incidents: the register's events, which chain a place's
// photos of adjacent days, are scored against them to compare one
// build's linking with another's, not to reach 1.
//
// Captions are keyed by their place in truth.Captions: keyed by document
// path and index, each with its own copy of the path, ten million
// captions' maps held 9.7 GB.
func evaluate(ctx context.Context, s caption.Store, truth corpus.Truth, dir string) (clusters, events pairScore, hasEvents bool, err error) {
	type occ struct {
		doc   string
		index int
	}
	paths := make([]string, len(truth.Docs))
	for i, d := range truth.Docs {
		paths[i] = filepath.Join(dir, d)
	}
	n := len(truth.Captions)
	at := make(map[occ]int, n) // a caption's place in truth.Captions
	wantCluster, wantEvent := make(map[int]int64, n), make(map[int]int64, n)
	gotCluster, gotEvent := make(map[int]int64, n), make(map[int]int64, n)
	hasEvents = n > 0
	for i, c := range truth.Captions {
		at[occ{paths[c.Doc], int(c.Index)}] = i
		wantCluster[i], wantEvent[i] = c.Cluster, c.Event
		hasEvents = hasEvents && c.Event != 0
	}
	for r, err := range s.Records(ctx) {
		if err != nil {
			return clusters, events, false, err
		}
		srcs, err := s.Sources(ctx, r.ID)
		if err != nil {
			return clusters, events, false, err
		}
		for _, src := range srcs {
			if i, ok := at[occ{src.Document.Path, src.Index}]; ok {
				gotCluster[i], gotEvent[i] = r.Cluster, r.Event
			}
		}
	}
	// A caption of the truth the register does not hold under that path
	// would count as a caption linked to nothing: documents ingested by
	// another path (relative, where dir is absolute) scored precision 1
	// and recall 0 instead of failing (2026-12-06).
	for o, i := range at {
		if _, ok := gotCluster[i]; !ok {
			return clusters, events, false, fmt.Errorf("caption %d of %s is not in the register: were the documents ingested by another path? Give SIJIL_BENCH_CORPUS as the path they were ingested by", o.index, o.doc)
		}
	}
	clusters.precision, clusters.recall = corpus.Evaluate(wantCluster, gotCluster)
	if hasEvents {
		events.precision, events.recall = corpus.Evaluate(wantEvent, gotEvent)
	}
	return clusters, events, hasEvents, nil
}
