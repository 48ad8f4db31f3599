package dedup

import (
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
