package dedup

import (
	"hash/fnv"
	"math"
	"testing"

	"sijil/internal/caption"
)

// rec builds a record the way the parser would: description, credit and
// date text cut from one caption.
func rec(desc, credit, dateText string) caption.Record {
	text := desc
	if credit != "" {
		text += " " + credit
	}
	return caption.Record{Text: text, Description: desc, Credit: credit, DateText: dateText}
}

func TestShinglesIgnoreCreditDateCaseAndPunctuation(t *testing.T) {
	base := rec("Volunteers search for survivors in the rubble of a building in Saraqeb, Syria, on March 3, 2017.", "Photo by Nadim Qassem/AFP Photo", "March 3, 2017")
	tests := []struct {
		name string
		in   caption.Record
	}{
		{"credit style", rec(base.Description, "Nadim Qassem/AFP via Getty Images", base.DateText)},
		{"date style", rec("Volunteers search for survivors in the rubble of a building in Saraqeb, Syria, on 3 March 2017.", "EPA-EFE/NADIM QASSEM", "3 March 2017")},
		{"case and quotes", rec("VOLUNTEERS search for survivors in the rubble of a building in Saraqeb – Syria – on March 3, 2017", "", "March 3, 2017")},
		{"credit left in description", rec(base.Description+" Photo by Nadim Qassem/AFP Photo", "Photo by Nadim Qassem/AFP Photo", "March 3, 2017")},
	}
	want := Shingles(base)
	if len(want) == 0 {
		t.Fatal("no shingles")
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Shingles(tc.in); Jaccard(want, got) != 1 {
				t.Errorf("Jaccard = %v, want 1", Jaccard(want, got))
			}
		})
	}
}

func TestShinglesSizes(t *testing.T) {
	tests := []struct {
		name string
		desc string
		want int
	}{
		{"empty", "", 0},
		{"punctuation only", "— … —", 0},
		{"one word", "Aleppo.", 1},
		{"two words", "Aleppo, Syria.", 2},
		{"repeated single words", "Aleppo aleppo", 1},
		{"three words", "Rubble in Aleppo", 1},
		{"six words", "Men carry a body in Aleppo", 4},
		{"repeated shingles", "a b c a b c", 3},
		{"non-Latin words", "دمار في حلب اليوم", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Shingles(rec(tc.desc, "", "")); len(got) != tc.want {
				t.Errorf("len(Shingles(%q)) = %d, want %d", tc.desc, len(got), tc.want)
			}
		})
	}
}

// TestShinglesFixed pins the hashes: shingles are stored (as signatures and
// bands) and must not change between releases without a migration. Words are
// FNV-1a 64 of their lower-cased UTF-8 bytes.
func TestShinglesFixed(t *testing.T) {
	words := wordHashes("Rubble in ALEPPO, Ḩarastā")
	for i, w := range []string{"rubble", "in", "aleppo", "ḩarastā"} {
		h := fnv.New64a()
		h.Write([]byte(w))
		if words[i] != h.Sum64() {
			t.Errorf("word %q hashed %#x, want FNV-1a %#x", w, words[i], h.Sum64())
		}
	}
	got := Shingles(rec("Rubble in Aleppo", "", ""))
	if len(got) != 1 || got[0] != 0x56ad0b1582934dee {
		t.Errorf("Shingles = %#x; the shingle hash changed", got)
	}
}

func TestJaccardContainment(t *testing.T) {
	a := []uint64{1, 2, 3, 4}
	b := []uint64{3, 4, 5, 6, 7, 8}
	tests := []struct {
		name string
		x, y []uint64
		j, c float64
	}{
		{"overlap", a, b, 2.0 / 8, 2.0 / 4},
		{"equal", a, a, 1, 1},
		{"subset", []uint64{3, 4}, b, 2.0 / 6, 1},
		{"disjoint", []uint64{9}, a, 0, 0},
		{"empty", nil, a, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if j := Jaccard(tc.x, tc.y); math.Abs(j-tc.j) > 1e-12 {
				t.Errorf("Jaccard = %v, want %v", j, tc.j)
			}
			if c := Containment(tc.x, tc.y); math.Abs(c-tc.c) > 1e-12 {
				t.Errorf("Containment = %v, want %v", c, tc.c)
			}
		})
	}
}

// Shingles returns the shingles of rec, as linking makes them: the tests'
// view of shingles(wordHashes(shingleText(rec))).
func Shingles(rec caption.Record) []uint64 {
	return shingles(wordHashes(shingleText(rec)))
}
