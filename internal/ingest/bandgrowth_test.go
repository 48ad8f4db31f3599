package ingest

import (
	"context"
	"fmt"
	"iter"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// bandReads is a store that counts its ClusterBands calls: each reads back
// the bands of every record linked at cluster level, which ingest does
// when its band index has no room left.
type bandReads struct {
	caption.Store
	calls int
}

func (s *bandReads) ClusterBands(ctx context.Context, after int64) iter.Seq2[caption.BandRecord, error] {
	s.calls++
	return s.Store.ClusterBands(ctx, after)
}

// TestBandIndexGrowsByProjection ingests 4,000 captions in transactions of
// 50 (a document each) into an empty register. The first band index holds
// two batches; a larger one is sized for what the documents not yet
// stored will add, so that the bands are read back once or twice, not at
// every doubling (three times here when bandRoom returns 0). The clusters
// are those of one transaction.
func TestBandIndexGrowsByProjection(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 4000)
	var sums []Summary
	var reads []int
	for _, batch := range []int{50, 100_000} {
		s := &bandReads{Store: mustOpenSQLite(t, filepath.Join(t.TempDir(), "sijil.db"))}
		opt := testOptions(t)
		opt.Batch = batch
		sums = append(sums, mustIngest(t, s, []string{dir}, opt))
		reads = append(reads, s.calls)
	}
	t.Logf("records %d; bands read back %d times in transactions of 50, %d in one", sums[0].NewRecords, reads[0], reads[1])
	if reads[0] < 1 || reads[0] > 2 {
		t.Errorf("in transactions of 50: bands read back %d times, want 1 or 2", reads[0])
	}
	if reads[1] != 0 {
		t.Errorf("in one transaction: bands read back %d times, want 0", reads[1])
	}
	if sums[0].NewClusters != sums[1].NewClusters || sums[0].Copies != sums[1].Copies {
		t.Errorf("clusters %d and copies %d in transactions of 50, %d and %d in one",
			sums[0].NewClusters, sums[0].Copies, sums[1].NewClusters, sums[1].Copies)
	}
}

// TestBandIndexStreamed ingests one document of 6,000 short captions
// (thirty windows of testWindow), alone, into an empty register: the
// windows stored count for their share of the document in the band
// index's projection, so that its bands are read back at most once.
// Projected from the documents before it alone (none here), the index ran
// out of room every few windows (three reads here): in a document of 200,000 captions (forty
// windows of 5,000) that was 2.6 of the writer's 23 CPU-s.
func TestBandIndexStreamed(t *testing.T) {
	const n = 30 * testWindow
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "{\"caption\": \"Frame %d of reel %d.\"}\n", i, i/7)
	}
	doc := writeFile(t, filepath.Join(t.TempDir(), "reels.jsonl"), b.String())
	s := &bandReads{Store: mustOpenSQLite(t, filepath.Join(t.TempDir(), "sijil.db"))}
	opt := testOptions(t)
	opt.Parser.Window = testWindow
	sum := mustIngest(t, s, []string{doc}, opt)
	t.Logf("records %d; bands read back %d times", sum.NewRecords, s.calls)
	if sum.NewRecords != n {
		t.Fatalf("%d records, want %d", sum.NewRecords, n)
	}
	if s.calls > 1 {
		t.Errorf("bands read back %d times, want once at most", s.calls)
	}
}
