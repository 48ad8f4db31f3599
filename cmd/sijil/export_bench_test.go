package main

import (
	"slices"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// pagedStore hides a store's caption.SearchLister, so that an export pages
// through Search as it did before the stores listed a search's matches.
type pagedStore struct{ caption.Store }

// BenchmarkExportMatching reads every record of BenchmarkSearch's register
// (-search.records, -search.db, -search.postgres) dated from 2019 on,
// about half of them, as `sijil export` with a filter does, without their
// sources: "listed" from one list of their IDs (caption.SearchLister),
// "paged" page after page of Search, each of which counts and ranks every
// match again.
//
//	go test ./cmd/sijil -run '^$' -bench ExportMatching -benchtime 3x -args -search.records 100000
func BenchmarkExportMatching(b *testing.B) {
	src := benchRegister(b, *benchRecords)
	q := caption.Query{From: "2019"}
	ids := func(s caption.Store) (ids []int64) {
		for e, err := range export.Matching(b.Context(), s, q, false) {
			if err != nil {
				b.Fatal(err)
			}
			ids = append(ids, e.ID)
		}
		return ids
	}
	if listed, paged := ids(src), ids(pagedStore{src}); !slices.Equal(listed, paged) || len(listed) == 0 {
		b.Fatalf("listed %d records, paged %d: not the same, or none", len(listed), len(paged))
	}
	for _, bc := range []struct {
		name  string
		store caption.Store
	}{{"listed", src}, {"paged", pagedStore{src}}} {
		b.Run(bc.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = len(ids(bc.store))
			}
			if n == 0 {
				b.Fatal("no record matched")
			}
			b.ReportMetric(float64(n), "records/op")
		})
	}
}
