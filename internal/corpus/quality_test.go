package corpus_test

import (
	"flag"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/dedup"
)

var (
	qualityN = flag.Int("corpus.n", 5000, "captions in the quality tests' corpus")
	seed     = flag.Uint64("corpus.seed", 1, "the quality tests' seed")
	thresh   = flag.Float64("dedup.threshold", 0, "Jaccard threshold (0: default)")
	bands    = flag.Int("dedup.bands", 0, "LSH bands (0: default)")
	rows     = flag.Int("dedup.rows", 0, "LSH rows per band (0: default)")
	lead     = flag.Int("dedup.lead", 0, "lead band words (0: default, -1: none)")
)

// run generates the flags' corpus and passes it through a pipeline.
func run(t *testing.T, geo bool) (*pipeline, corpus.Truth) {
	t.Helper()
	if testing.Short() {
		t.Skip("parses a generated corpus")
	}
	opt := corpus.DefaultOptions(*qualityN)
	opt.Seed = *seed
	pl := newPipeline(t, dedup.Options{Threshold: *thresh, Bands: *bands, Rows: *rows, LeadWords: *lead}, geo)
	start, doc := time.Now(), 0
	truth, err := corpus.Generate(opt, func(name string, data []byte) error {
		doc++
		return pl.document(doc-1, name, data)
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d captions, %d records, %d documents in %v (parsing %v)", len(truth.Captions), len(pl.records), len(truth.Docs),
		time.Since(start).Round(time.Millisecond), pl.parseTime.Round(time.Millisecond))
	t.Logf("cluster candidates per record: %.2f mean, %d most", float64(pl.candidates)/float64(len(pl.records)), pl.most)
	return pl, truth
}

// TestClusterQuality scores the clusters of a generated corpus against the
// truth: pairwise precision and recall of at least 0.99.
//
//	go test ./internal/corpus -run ClusterQuality -v -args -corpus.n=100000
func TestClusterQuality(t *testing.T) {
	pl, truth := run(t, false)
	s := pl.score(t, truth, func(c corpus.Caption) int64 { return c.Cluster }, func(r caption.StoredRecord) int64 { return r.Cluster })
	t.Logf("clusters, records:     precision %.4f recall %.4f", s.records[0], s.records[1])
	t.Logf("clusters, occurrences: precision %.4f recall %.4f", s.occurrences[0], s.occurrences[1])
	fail := min(s.records[0], s.records[1], s.occurrences[0], s.occurrences[1]) < 0.99
	if fail || testing.Verbose() {
		pl.report(t, truth, func(c corpus.Caption) int64 { return c.Cluster }, func(r caption.StoredRecord) int64 { return r.Cluster })
	}
	if fail {
		t.Error("pairwise precision and recall must be at least 0.99")
	}
}

// TestEventQuality scores the events, with the embedded gazetteer resolving
// places as ingest does. It reports; the issue sets no bar for events, and
// the generator's incidents at one place a few days apart, or photos whose
// parse finds no date or another event type, are not expected to link.
func TestEventQuality(t *testing.T) {
	pl, truth := run(t, true)
	s := pl.score(t, truth, func(c corpus.Caption) int64 { return c.Event }, func(r caption.StoredRecord) int64 { return r.Event })
	t.Logf("events, records:     precision %.4f recall %.4f", s.records[0], s.records[1])
	t.Logf("events, occurrences: precision %.4f recall %.4f", s.occurrences[0], s.occurrences[1])
	if testing.Verbose() {
		pl.report(t, truth, func(c corpus.Caption) int64 { return c.Event }, func(r caption.StoredRecord) int64 { return r.Event })
	}
	if min(s.records[0], s.occurrences[0]) < 0.95 {
		t.Error("event precision under 0.95")
	}
}

// report logs a few of the pairs a grouping got wrong.
func (pl *pipeline) report(t *testing.T, truth corpus.Truth, group func(corpus.Caption) int64, of func(caption.StoredRecord) int64) {
	t.Helper()
	trueOf := map[int64]int64{}
	for _, c := range truth.Captions {
		trueOf[pl.occ[[2]int32{c.Doc, c.Index}]] = group(c)
	}
	byTrue, byPred := map[int64][]int64{}, map[int64][]int64{}
	for id, g := range trueOf {
		byTrue[g] = append(byTrue[g], id)
		byPred[of(pl.records[id-1])] = append(byPred[of(pl.records[id-1])], id)
	}
	logPairs := func(what string, groups map[int64][]int64, wrong func(a, b int64) bool) {
		n := 0
		for _, ids := range groups {
			for i := range ids {
				for j := i + 1; j < len(ids) && n < 5; j++ {
					if wrong(ids[i], ids[j]) {
						n++
						t.Logf("%s:\n  %s\n  %s", what, pl.describe(ids[i]), pl.describe(ids[j]))
					}
				}
			}
		}
	}
	logPairs("missed pair", byTrue, func(a, b int64) bool { return of(pl.records[a-1]) != of(pl.records[b-1]) })
	logPairs("wrong pair", byPred, func(a, b int64) bool { return trueOf[a] != trueOf[b] })
}
