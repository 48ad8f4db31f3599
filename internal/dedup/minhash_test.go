package dedup

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// set returns the sorted shingle set {mix64(i) : lo <= i < hi}.
func set(lo, hi int) []uint64 {
	var s []uint64
	for i := lo; i < hi; i++ {
		s = append(s, mix64(uint64(i)))
	}
	slices.Sort(s)
	return s
}

func agreement(a, b []uint32) float64 {
	n := 0
	for i := range a {
		if a[i] == b[i] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

func TestSignatureEstimatesJaccard(t *testing.T) {
	tests := []struct {
		name string
		a, b []uint64
	}{
		{"equal", set(0, 40), set(0, 40)},
		{"0.8", set(0, 90), set(10, 100)},
		{"0.5", set(0, 60), set(20, 80)},
		{"one third", set(0, 40), set(20, 60)},
		{"disjoint", set(0, 40), set(40, 80)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := Jaccard(tc.a, tc.b)
			sa, sb := Signature(tc.a), Signature(tc.b)
			if len(sa) != SignatureSize {
				t.Fatalf("len(Signature) = %d, want %d", len(sa), SignatureSize)
			}
			// 128 values: standard error ≤ 0.045; allow 3.5 of them.
			if got := agreement(sa, sb); math.Abs(got-want) > 0.16 {
				t.Errorf("signature agreement %.3f, Jaccard %.3f", got, want)
			}
		})
	}
}

func TestSignatureEmpty(t *testing.T) {
	if sig := Signature(nil); sig != nil {
		t.Errorf("Signature(nil) = %v, want nil", sig)
	}
	if b := Bands(nil, DefaultOptions()); b != nil {
		t.Errorf("Bands(nil) = %v, want nil", b)
	}
}

func TestBands(t *testing.T) {
	sig := make([]uint32, SignatureSize) // every row equal
	b := Bands(sig, DefaultOptions())
	if len(b) != 32 {
		t.Fatalf("len(Bands) = %d, want 32", len(b))
	}
	seen := map[uint64]bool{}
	for i, h := range b {
		if seen[h] {
			t.Errorf("band %d repeats a hash: equal rows in different bands must not collide", i)
		}
		seen[h] = true
	}
	// Pinned: bands are stored, and a store's index is only valid while
	// they stay the same.
	if b[0] != 0xd071890bcfe969fb {
		t.Errorf("Bands(zeros)[0] = %#x; the band hash changed", b[0])
	}
	sig[5] = 1 // band 1 (rows 4–7) changes, no other
	c := Bands(sig, DefaultOptions())
	for i := range b {
		if (b[i] != c[i]) != (i == 1) {
			t.Errorf("band %d changed = %v", i, b[i] != c[i])
		}
	}
}

func TestBandsOptions(t *testing.T) {
	sig := Signature(set(0, 50))
	tests := []struct {
		name string
		opt  Options
		want int
	}{
		{"default", Options{}, 32},
		{"16x8", Options{Bands: 16, Rows: 8}, 16},
		{"too many bands", Options{Bands: 100, Rows: 4}, 32},
		{"64x2", Options{Bands: 64, Rows: 2}, 64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(Bands(sig, tc.opt)); got != tc.want {
				t.Errorf("len(Bands) = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestOptionsDefaults(t *testing.T) {
	want := Options{Threshold: 0.6, Containment: 0.8, Bands: 32, Rows: 4, LeadWords: 16}
	if diff := cmp.Diff(want, Options{}.withDefaults()); diff != "" {
		t.Errorf("zero Options (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, DefaultOptions()); diff != "" {
		t.Errorf("DefaultOptions (-want +got):\n%s", diff)
	}
}

func TestFingerprint(t *testing.T) {
	a := rec("Men carry a wounded boy after shelling in the town of Arbin, east of Damascus, on 5 May 2017.", "EPA-EFE/MOHAMMED BADRA", "5 May 2017")
	b := rec("Men carry a wounded boy after shelling in the town of Arbin, east of Damascus, on May 5, 2017.", "Photo by Mohammed Badra/AFP Photo", "May 5, 2017")
	fa, fb := Fingerprint(a, Options{}), Fingerprint(b, Options{})
	if fa.Key == fb.Key {
		t.Error("different captions have one Key")
	}
	if fa.Key != Key(a.Text) {
		t.Error("Fingerprint.Key != Key(Text)")
	}
	if diff := cmp.Diff(fa.Bands, fb.Bands); diff != "" {
		t.Errorf("bands differ (-a +b):\n%s", diff)
	}
}

// TestFingerprintFixed pins a whole fingerprint, and the signature its
// bands are made of: stores keep bands, and a persistent index is only
// valid while every run computes the same ones. A change here needs a
// store migration that refingerprints.
func TestFingerprintFixed(t *testing.T) {
	rec := benchRecord()
	fp := Fingerprint(rec, Options{})
	skeletons, _ := wordKeys(shingleText(rec))
	sig := Signature(shingles(skeletons))
	got := fmt.Sprintf("%s %#x %#x %#x %d", fp.Key[:16], sig[:4], fp.Bands[:2], fp.Bands[len(fp.Bands)-1], len(fp.Bands))
	want := "b5f2c5fd81a8f259 [0x892cc7 0x10d3923 0x1994cf1 0xe9ed17] [0x78a0fa4f0866db9c 0x9ddeb2d857a32d8c] 0xaf4e20d6f7e29589 33"
	if got != want {
		t.Errorf("Fingerprint changed:\n got %s\nwant %s", got, want)
	}
	// A big document's records wait for the writer together: their bands
	// are made at their length, not grown for the lead band.
	if cap(fp.Bands) != len(fp.Bands) {
		t.Errorf("cap(Bands) = %d for %d bands", cap(fp.Bands), len(fp.Bands))
	}
}

// TestSignatureByDefinition checks every value of signatures against
// MinHash's definition, one permutation at a time: signatureInto works
// through four at once, and a slip in any of them would change bands the
// stores keep.
func TestSignatureByDefinition(t *testing.T) {
	for _, n := range []int{1, 2, 3, 35, 128, 1000} {
		set := make([]uint64, n)
		for i := range set {
			set[i] = mix64(uint64(n*7919 + i))
		}
		sig := Signature(set)
		for i, p := range permutations {
			want := ^uint32(0)
			for _, x := range set {
				want = min(want, uint32((p.a*x+p.b)>>32))
			}
			if sig[i] != want {
				t.Fatalf("%d shingles: signature[%d] = %#x, want %#x", n, i, sig[i], want)
			}
		}
	}
}
