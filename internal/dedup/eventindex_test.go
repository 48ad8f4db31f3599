package dedup

import "testing"

// TestIDSet checks the event index's set of IDs at word edges, far out,
// and outside the bitmap's range.
func TestIDSet(t *testing.T) {
	var s idSet
	in := []int64{0, 1, 63, 64, 1_000_000, -5, 1 << 40}
	out := []int64{2, 62, 65, 999_999, 1_000_001, -4, 1<<40 + 1, maxBitID - 1}
	for _, id := range in {
		s.add(id)
	}
	for _, id := range in {
		if !s.has(id) {
			t.Errorf("has(%d) = false after add", id)
		}
	}
	for _, id := range out {
		if s.has(id) {
			t.Errorf("has(%d) = true, never added", id)
		}
	}
}
