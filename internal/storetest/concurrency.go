package storetest

import (
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testConcurrentPuts is two ingests at once: two goroutines store
// overlapping documents, one in the other's caption order (so that a store
// taking row locks in item order deadlocks unless it orders or retries), and
// both store the same shared document. Nothing is lost, no record or document
// is stored twice, and the counts of new records and duplicates add up.
func testConcurrentPuts(t *testing.T, s caption.Store) {
	const pool, perDoc, docs = 120, 40, 4
	poolCaption := func(i int) string {
		return "Pool caption " + strconv.Itoa(i) + ": rescuers search the rubble of a building in Idlib, Syria. (Photo by A. Photographer/Agency)"
	}
	var shared []string
	for i := 0; i < pool; i += 7 {
		shared = append(shared, poolCaption(i))
	}
	type put struct {
		res caption.IngestResult
		err error
	}
	results := make([][]put, 2)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for g := range 2 {
		wg.Go(func() {
			<-start
			ctx := withTimeout(t)
			doc, items := document("shared.txt", shared...)
			res, err := s.PutDocument(ctx, doc, items, v1)
			results[g] = append(results[g], put{res, err})
			for k := range docs {
				raws := make([]string, perDoc)
				for i := range raws {
					n := k*(pool-perDoc)/(docs-1) + i
					if g == 1 {
						n = k*(pool-perDoc)/(docs-1) + perDoc - 1 - i
					}
					raws[i] = poolCaption(n)
				}
				doc, items := document("g"+strconv.Itoa(g)+"/doc"+strconv.Itoa(k)+".txt", raws...)
				res, err := s.PutDocument(ctx, doc, items, v1)
				results[g] = append(results[g], put{res, err})
			}
		})
	}
	close(start)
	wg.Wait()

	var newRecords, duplicates, occurrences, unchanged int
	for g, rs := range results {
		for i, r := range rs {
			if r.err != nil {
				t.Fatalf("goroutine %d, document %d: %v", g, i, r.err)
			}
			newRecords += r.res.NewRecords
			duplicates += r.res.ExactDuplicate
			occurrences += r.res.Occurrences
			if r.res.Unchanged {
				unchanged++
			}
		}
	}
	want := caption.Stats{Documents: 2*docs + 1, Occurrences: 2*docs*perDoc + len(shared), Records: pool}
	if diff := cmp.Diff(want, mustStats(t, s)); diff != "" {
		t.Errorf("Stats (-want +got):\n%s", diff)
	}
	got := [4]int{newRecords, duplicates, occurrences, unchanged}
	if diff := cmp.Diff([4]int{pool, want.Occurrences - pool, want.Occurrences, 1}, got); diff != "" {
		t.Errorf("summed {new records, duplicates, occurrences, unchanged documents} (-want +got):\n%s", diff)
	}
	seen := map[string]bool{}
	found := 0
	for _, r := range allRecords(t, s) {
		if seen[r.Fingerprint.Key] {
			t.Errorf("key %s stored twice", r.Fingerprint.Key)
		}
		seen[r.Fingerprint.Key] = true
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			if fold(src.Text) != r.Record.Text || src.RecordID != r.ID {
				t.Errorf("record %d (%q) has source %q", r.ID, r.Record.Text, src.Text)
			}
		}
		found += len(srcs)
	}
	if found != want.Occurrences {
		t.Errorf("records have %d sources in all, want %d", found, want.Occurrences)
	}
}
