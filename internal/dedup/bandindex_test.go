package dedup

import (
	"math/rand/v2"
	"slices"
	"testing"

	"sijil/internal/caption"
)

// TestBandIndexMatchesIndex checks BandIndex against Index, which keeps
// every posting with its full hash, on random fingerprints that share some
// bands, through several growths of the table.
func TestBandIndexMatchesIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const records, bands = 3000, 33
	full := NewIndex(0, bands)
	compact := NewBandIndex(10, bands) // grows many times
	var fps [][]uint64
	for id := int64(1); id <= records; id++ {
		fp := make([]uint64, bands)
		for i := range fp {
			fp[i] = rng.Uint64()
		}
		if id > 1 && rng.IntN(3) == 0 { // a copy of an earlier record: shares some bands
			src := fps[rng.IntN(len(fps))]
			for i := range rng.IntN(bands) + 1 {
				fp[i] = src[i]
			}
		}
		fps = append(fps, fp)
		full.Add(id, fp)
		if !compact.Add(id, id, 0, fp) {
			t.Fatalf("Add(%d) refused", id)
		}
	}
	for i, fp := range fps {
		id := int64(i + 1)
		want := slices.DeleteFunc(full.Candidates(fp), func(c int64) bool { return c == id })
		var got []int64
		for _, c := range compact.Candidates(fp, id, 0) {
			got = append(got, c.ID)
			if c.Cluster != c.ID {
				t.Fatalf("candidate %d: cluster %d", c.ID, c.Cluster)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("record %d: candidates %v, want %v", id, got, want)
		}
	}
}

// TestBandIndexRanksAndCaps checks the order of candidates (most shared
// bands, then lowest ID), the limit, and the cap on a band's postings.
func TestBandIndexRanksAndCaps(t *testing.T) {
	ix := NewBandIndex(0, 4)
	ix.MaxPerBand = 3
	ix.Add(10, 10, 0, []uint64{1 << 40, 2 << 40, 3 << 40, 4 << 40})
	ix.Add(11, 10, 0, []uint64{1 << 40, 9 << 40, 3 << 40, 8 << 40})
	ix.Add(12, 12, 0, []uint64{1 << 40, 2 << 40, 3 << 40, 7 << 40})
	ix.Add(13, 13, 0, []uint64{1 << 40, 2 << 40, 6 << 40, 5 << 40}) // band 1 full: not kept under it
	got := ix.Candidates([]uint64{1 << 40, 2 << 40, 3 << 40, 5 << 40}, 0, 0)
	want := []Candidate{{10, 10, 0, 3}, {12, 12, 0, 3}, {11, 10, 0, 2}, {13, 13, 0, 2}}
	if !slices.Equal(got, want) {
		t.Fatalf("Candidates = %v, want %v", got, want)
	}
	if got := ix.Candidates([]uint64{1 << 40, 2 << 40, 3 << 40, 5 << 40}, 10, 2); !slices.Equal(got, []Candidate{{12, 12, 0, 3}, {11, 10, 0, 2}}) {
		t.Fatalf("Candidates skipping 10, limit 2 = %v", got)
	}
	if got := ix.Candidates([]uint64{99 << 40}, 0, 0); len(got) != 0 {
		t.Fatalf("Candidates of an unknown band = %v", got)
	}
}

// TestDateTag round-trips dates of every precision through a tag.
func TestDateTag(t *testing.T) {
	for _, d := range []caption.PartialDate{
		{},
		{Year: 2016, Precision: caption.PrecisionYear},
		{Year: 2016, Month: 11, Precision: caption.PrecisionMonth},
		{Year: 2016, Month: 12, Day: 31, Precision: caption.PrecisionDay},
		{Year: 1945, Month: 1, Day: 1, Precision: caption.PrecisionDay},
	} {
		if got := TagDate(DateTag(d)); got != d {
			t.Errorf("TagDate(DateTag(%v)) = %v", d, got)
		}
	}
}
