package corpus

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	vars := map[string]string{"S": "Rescue workers", "X": "{big|small} $Y", "Y": "town"}
	tests := []struct {
		name   string
		in     string
		plural bool
		want   []string // any of these
	}{
		{"plain", "no templates here", false, []string{"no templates here"}},
		{"choice", "a {b|c} d", false, []string{"a b d", "a c d"}},
		{"empty alternative", "a{ b|} c", false, []string{"a b c", "a c"}},
		{"nested", "{x{1|2}|y}", false, []string{"x1", "x2", "y"}},
		{"plural", "$S [search|searches]", true, []string{"Rescue workers search"}},
		{"singular", "he [search|searches]", false, []string{"he searches"}},
		{"variables nest", "the $X", false, []string{"the big town", "the small town"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(20) {
				e := expander{rng: rand.New(rand.NewPCG(seed, 0)), lookup: func(n string) string { return vars[n] }, plural: tc.plural}
				var b strings.Builder
				e.expand(&b, tc.in)
				ok := false
				for _, w := range tc.want {
					ok = ok || b.String() == w
				}
				if !ok {
					t.Fatalf("expand(%q) = %q, want one of %q", tc.in, b.String(), tc.want)
				}
			}
		})
	}
}
