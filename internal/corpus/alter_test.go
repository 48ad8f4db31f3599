package corpus

import (
	"math/rand/v2"
	"testing"
)

func TestMisspell(t *testing.T) {
	tests := []struct {
		name, in string
		changed  bool
	}{
		{"long words", "Firefighters search the rubble", true},
		{"four letters only", "Firefighters put out a fire at a car park hit by an air raid", true},
		{"nothing to misspell", "A man in Aden", false},
		{"capitals kept", "Aleppo Damascus", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(50) {
				got := misspell(tc.in, seed*0x9e3779b97f4a7c15|1)
				if (got != tc.in) != tc.changed {
					t.Fatalf("misspell(%q) = %q, changed %v, want %v", tc.in, got, got != tc.in, tc.changed)
				}
				if tc.changed && (len(got) < len(tc.in)-1 || len(got) > len(tc.in)+1) {
					t.Fatalf("misspell(%q) = %q: more than one slip", tc.in, got)
				}
			}
		})
	}
}

func TestTypographic(t *testing.T) {
	got := typographic(`"No," he said - the town's al-Bab "market"`)
	want := "“No,” he said – the town’s al‑Bab “market”"
	if got != want {
		t.Errorf("typographic = %q, want %q", got, want)
	}
}

// TestAlterChanges checks that every alteration of every kind of scene
// yields another caption, including scenes too short to misspell.
func TestAlterChanges(t *testing.T) {
	g := &generator{rng: rand.New(rand.NewPCG(7, 7)), r: newRenderer(), taken: make([]uint64, (len(places)*daySpan+63)/64)}
	for range 3000 {
		s := g.original()
		desc, credit := g.r.render(&s)
		g.pool = []entry{{s, desc, credit}}
		e := g.altered()
		if e.desc == desc && e.credit == credit {
			t.Fatalf("altered copy equals its source: %q", desc)
		}
	}
}
