package dedup

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIndex(t *testing.T) {
	ix := NewIndex(4, 3)
	ix.Add(5, []uint64{10, 11, 12})
	ix.Add(2, []uint64{20, 11, 22})
	ix.Add(9, []uint64{30, 31, 12})
	tests := []struct {
		name  string
		bands []uint64
		want  []int64
	}{
		{"one band", []uint64{20, 0, 0}, []int64{2}},
		{"shared bands, each ID once, ascending", []uint64{10, 11, 12}, []int64{2, 5, 9}},
		{"none", []uint64{1, 2, 3}, nil},
		{"no bands", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ix.Candidates(tc.bands)); diff != "" {
				t.Errorf("Candidates(%v) (-want +got):\n%s", tc.bands, diff)
			}
		})
	}
	if ix.Len() != 9 {
		t.Errorf("Len = %d, want 9", ix.Len())
	}
}

// Index is an in-memory LSH index from band hashes to record IDs: the
// plain reference BandIndex is checked against, keeping every posting with
// its full hash. Memory is about 40 bytes per band per record. The zero value is
// not usable; call NewIndex.
type Index struct {
	head map[uint64]int32 // band hash → last posting with it, +1 (0: none)
	next []int32          // posting → previous posting with the same band, +1
	ids  []int64          // posting → record ID
}

// NewIndex returns an empty index sized for about n records of bands bands.
func NewIndex(n, bands int) *Index {
	return &Index{head: make(map[uint64]int32, n*bands)}
}

// Add indexes record id under each of bands (a Fingerprint's Bands).
func (ix *Index) Add(id int64, bands []uint64) {
	for _, b := range bands {
		ix.ids = append(ix.ids, id)
		ix.next = append(ix.next, ix.head[b])
		ix.head[b] = int32(len(ix.ids))
	}
}

// Candidates returns the IDs of the records sharing at least one band with
// bands, in ascending order, each once.
func (ix *Index) Candidates(bands []uint64) []int64 {
	var out []int64
	for _, b := range bands {
		for p := ix.head[b]; p != 0; p = ix.next[p-1] {
			out = append(out, ix.ids[p-1])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Len returns the number of postings (records × bands) indexed.
func (ix *Index) Len() int { return len(ix.ids) }
