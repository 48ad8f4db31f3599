package picture

import (
	"slices"
	"testing"

	"sijil/internal/photo"
)

// shareKey reports whether two sorted key lists have a key in common.
func shareKey(a, b []int64) bool {
	for _, k := range a {
		if _, ok := slices.BinarySearch(b, k); ok {
			return true
		}
	}
	return false
}

// TestKeysFindCopies: every transformed copy of a picture asks for an
// index key its original is stored under (the index's recall on the copies the issue names),
// while distinct pictures seldom do (the photos a search reads beside the
// right ones). The distances themselves are package photo's to test.
func TestKeysFindCopies(t *testing.T) {
	const scenes = 40
	var origs []photo.Hash
	same := 0
	for i := range scenes {
		img := scene(uint64(i), 640, 480)
		h := analyze(t, encode(t, img, 90)).Hash
		origs = append(origs, h)
		keys := Keys(h)
		if len(keys) < bands || !slices.IsSorted(keys) {
			t.Fatalf("scene %d: %d keys, sorted %v", i, len(keys), slices.IsSorted(keys))
		}
		for _, tr := range transforms {
			c := analyze(t, encode(t, tr.fn(img), tr.q)).Hash
			d := photo.Distance(h, c)
			if d > photo.SameMax {
				// photo's tests hold its fingerprint to finding copies;
				// this one holds the index to finding what it finds.
				t.Logf("scene %d %s: distance %d > %d", i, tr.name, d, photo.SameMax)
				continue
			}
			same++
			if !shareKey(keys, QueryKeys(c)) {
				t.Errorf("scene %d %s: distance %d, but no index key in common", i, tr.name, d)
			}
		}
	}
	if same < scenes*len(transforms)/2 {
		t.Errorf("only %d of %d copies are the same picture by photo.Distance: too few to test the index", same, scenes*len(transforms))
	}
	shared := 0
	for i := range origs {
		for j := range i {
			if shareKey(Keys(origs[i]), Keys(origs[j])) {
				shared++
			}
		}
	}
	pairs := scenes * (scenes - 1) / 2
	t.Logf("distinct pictures sharing a key: %d of %d pairs", shared, pairs)
	if shared > pairs/10 {
		t.Errorf("%d of %d pairs of distinct pictures share a key: the index reads too many photos", shared, pairs)
	}
}
