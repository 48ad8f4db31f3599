package corpus

import (
	"math"
	"testing"
)

func TestEvaluate(t *testing.T) {
	tests := []struct {
		name         string
		truth, pred  map[string]int64
		wantP, wantR float64
	}{
		{
			name:  "perfect",
			truth: map[string]int64{"a": 1, "b": 1, "c": 2},
			pred:  map[string]int64{"a": 7, "b": 7, "c": 9},
			wantP: 1, wantR: 1,
		},
		{
			// true {a b c} {d e}: 4 pairs. predicted {a b} {c d e}: 4 pairs,
			// of which ab and de are true.
			name:  "split and merge",
			truth: map[string]int64{"a": 1, "b": 1, "c": 1, "d": 2, "e": 2},
			pred:  map[string]int64{"a": 1, "b": 1, "c": 2, "d": 2, "e": 2},
			wantP: 2.0 / 4, wantR: 2.0 / 4,
		},
		{
			// true {a b c d}: 6 pairs; predicted {a b} {c}, d missing.
			name:  "missing item is a singleton",
			truth: map[string]int64{"a": 1, "b": 1, "c": 1, "d": 1},
			pred:  map[string]int64{"a": 5, "b": 5, "c": 6, "x": 5},
			wantP: 1, wantR: 1.0 / 6,
		},
		{
			name:  "everything in one",
			truth: map[string]int64{"a": 1, "b": 2, "c": 3, "d": 3},
			pred:  map[string]int64{"a": 1, "b": 1, "c": 1, "d": 1},
			wantP: 1.0 / 6, wantR: 1,
		},
		{
			name:  "no pairs",
			truth: map[string]int64{"a": 1, "b": 2},
			pred:  map[string]int64{"a": 1, "b": 2},
			wantP: 1, wantR: 1,
		},
		{name: "empty", wantP: 1, wantR: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, r := Evaluate(tc.truth, tc.pred)
			if math.Abs(p-tc.wantP) > 1e-12 || math.Abs(r-tc.wantR) > 1e-12 {
				t.Errorf("Evaluate = (%.4f, %.4f), want (%.4f, %.4f)", p, r, tc.wantP, tc.wantR)
			}
		})
	}
}
