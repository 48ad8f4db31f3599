package ingest

import (
	"os"
	"path/filepath"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/corpus"
)

// TestRepetitiveCapped ingests a document of near-identical captions (one
// sentence of boilerplate on a few towns and days, as wire services send it
// by the thousand) with linking's cap on candidates and without it. The
// sample is large enough that the cap binds: each caption has hundreds of
// earlier candidates. The events must be the same, and the clusters the
// same but for the few records that are copies of two clusters at once
// (the boilerplate of one town and day, with other tolls and sources):
// uncapped, such a record joins the cluster of its most alike candidate
// among all; capped, among the most alike by shared bands. Pairwise, the
// two clusterings must agree to 0.99.
func TestRepetitiveCapped(t *testing.T) {
	dir := t.TempDir()
	doc := writeDocument(t, dir, corpus.Repetitive(1500, 3, 2, 1))
	run := func(maxCandidates int) (map[int64]caption.StoredRecord, Summary) {
		name := "capped.db"
		if maxCandidates < 0 {
			name = "uncapped.db"
		}
		s, sum := ingestDocument(t, filepath.Join(dir, name), doc, func(opt *Options) { opt.MaxCandidates = maxCandidates })
		recs := map[int64]caption.StoredRecord{}
		for r, err := range s.Records(t.Context()) {
			if err != nil {
				t.Fatal(err)
			}
			recs[r.ID] = r
		}
		return recs, sum
	}
	capped, sc := run(0)
	uncapped, su := run(-1)
	if len(capped) != len(uncapped) || len(capped) < 1000 {
		t.Fatalf("%d records capped, %d uncapped", len(capped), len(uncapped))
	}
	// The cap must have bound: clusters of more records than
	// DefaultMaxCandidates (four times the records a band keeps).
	size := map[int64]int{}
	for _, r := range uncapped {
		size[r.Cluster]++
	}
	largest := 0
	for _, n := range size {
		largest = max(largest, n)
	}
	if largest <= DefaultMaxCandidates {
		t.Fatalf("largest cluster %d records: the cap never binds", largest)
	}
	moved := 0
	pairs := map[[2]int64]int{} // {capped, uncapped cluster} → records
	for id, u := range uncapped {
		c := capped[id]
		if c.Event != u.Event {
			t.Errorf("record %d: event %d capped, %d uncapped", id, c.Event, u.Event)
		}
		if c.Cluster != u.Cluster {
			moved++
		}
		pairs[[2]int64{c.Cluster, u.Cluster}]++
	}
	// Pairwise: pairs of records together in both, over pairs together
	// in either.
	both, inCapped, inUncapped := 0, map[int64]int{}, map[int64]int{}
	for k, n := range pairs {
		both += n * (n - 1) / 2
		inCapped[k[0]] += n
		inUncapped[k[1]] += n
	}
	sumPairs := func(m map[int64]int) (s int) {
		for _, n := range m {
			s += n * (n - 1) / 2
		}
		return s
	}
	precision, recall := float64(both)/float64(sumPairs(inCapped)), float64(both)/float64(sumPairs(inUncapped))
	if precision < 0.99 || recall < 0.99 {
		t.Errorf("capped clusters against uncapped: pairwise precision %.4f, recall %.4f; want 0.99", precision, recall)
	}
	t.Logf("%d records in %d clusters (largest %d); %d in another cluster when capped; pairwise precision %.4f, recall %.4f; linking %v capped, %v uncapped",
		len(capped), len(size), largest, moved, precision, recall, sc.Linking, su.Linking)
}

// writeDocument writes data as dir/wire.txt, a plain-text document, and
// returns its path.
func writeDocument(t *testing.T, dir string, data []byte) string {
	t.Helper()
	doc := filepath.Join(dir, "wire.txt")
	if err := os.WriteFile(doc, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return doc
}

// ingestDocument ingests doc into a new SQLite register at path with the
// test options, the embedded gazetteer and what edit changes, and fails
// the test on any error or failure.
func ingestDocument(t *testing.T, path, doc string, edit func(*Options)) (caption.Store, Summary) {
	t.Helper()
	s := mustOpenSQLite(t, path)
	opt := testOptions(t)
	opt.Gazetteer = embeddedGazetteer(t)
	if edit != nil {
		edit(&opt)
	}
	sum, err := Ingest(t.Context(), s, []string{doc}, opt)
	if err != nil || len(sum.Failures) > 0 {
		t.Fatalf("Ingest: %v %v", err, sum.Failures)
	}
	return s, sum
}
