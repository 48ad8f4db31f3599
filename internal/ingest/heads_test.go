package ingest

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestHeadEvents(t *testing.T) {
	type op struct {
		kind      string // add, remember
		id, event int64
	}
	type want struct {
		id, event int64
		ok        bool
	}
	for _, tc := range []struct {
		name     string
		ops      []op
		want     []want
		dense    int // len(dense) after the ops
		inTheMap int // len(other) after the ops
	}{
		{
			name:  "a run's heads in ID order stay dense",
			ops:   []op{{"add", 100, 100}, {"add", 101, 100}, {"add", 104, 104}},
			want:  []want{{100, 100, true}, {101, 100, true}, {104, 104, true}, {102, 0, false}, {99, 0, false}, {105, 0, false}},
			dense: 5,
		},
		{
			name:     "an older head read from the store goes to the map",
			ops:      []op{{"add", 500, 500}, {"remember", 7, 3}},
			want:     []want{{7, 3, true}, {500, 500, true}},
			dense:    1,
			inTheMap: 1,
		},
		{
			name:     "a head with no event yet is known as such",
			ops:      []op{{"add", 10, 10}, {"remember", 4, 0}, {"remember", 10, 0}},
			want:     []want{{4, 0, true}, {10, 0, true}},
			dense:    1,
			inTheMap: 2,
		},
		{
			name:  "a head read from the store inside the range is kept dense",
			ops:   []op{{"add", 10, 10}, {"add", 14, 12}, {"remember", 12, 11}},
			want:  []want{{12, 11, true}, {14, 12, true}},
			dense: 5,
		},
		{
			name:     "remembering is not adding: it does not extend the range",
			ops:      []op{{"add", 10, 10}, {"remember", 11, 11}},
			want:     []want{{11, 11, true}},
			dense:    1,
			inTheMap: 1,
		},
		{
			name:     "a gap too wide goes to the map",
			ops:      []op{{"add", 1, 1}, {"add", 2 + maxHeadGap, 2 + maxHeadGap}},
			want:     []want{{1, 1, true}, {2 + maxHeadGap, 2 + maxHeadGap, true}},
			dense:    1,
			inTheMap: 1,
		},
		{
			name:     "an event too large for 32 bits goes to the map",
			ops:      []op{{"add", 1, 1}, {"add", 2, math.MaxUint32 + 1}},
			want:     []want{{2, math.MaxUint32 + 1, true}},
			dense:    1,
			inTheMap: 1,
		},
		{
			name:     "a later answer replaces an earlier one, in either place",
			ops:      []op{{"add", 1, 1}, {"remember", 0, 5}, {"add", 0, 1}, {"add", 1, math.MaxUint32 + 1}, {"add", 1, 1}},
			want:     []want{{0, 1, true}, {1, 1, true}},
			dense:    1,
			inTheMap: 1, // 0 stays in the map: below the range
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var h headEvents
			for _, o := range tc.ops {
				if o.kind == "add" {
					h.add(o.id, o.event)
				} else {
					h.remember(o.id, o.event)
				}
			}
			for _, w := range tc.want {
				if e, ok := h.get(w.id); e != w.event || ok != w.ok {
					t.Errorf("get(%d) = %d, %v; want %d, %v", w.id, e, ok, w.event, w.ok)
				}
			}
			if len(h.dense) != tc.dense || len(h.other) != tc.inTheMap {
				t.Errorf("%d dense and %d in the map; want %d and %d", len(h.dense), len(h.other), tc.dense, tc.inTheMap)
			}
		})
	}
}

// TestHeadEventsAsAMap checks headEvents against the map it replaces over
// random runs: mostly heads added in ID order with gaps, and heads of
// other ranges read from the store, some with no event yet.
func TestHeadEventsAsAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range 200 {
		var h headEvents
		ref := map[int64]int64{}
		id := r.Int64N(1 << 40)
		for range 2000 {
			switch r.IntN(10) {
			case 0, 1:
				old := r.Int64N(id + maxHeadGap)
				e := r.Int64N(old + 1) // 0: no event yet
				h.remember(old, e)
				ref[old] = e
			default:
				id += 1 + r.Int64N(4)
				if r.IntN(500) == 0 {
					id += maxHeadGap
				}
				e := id - r.Int64N(3)
				h.add(id, e)
				ref[id] = e
			}
		}
		for probe := id - 3000; probe <= id+maxHeadGap+10; probe++ {
			want, wok := ref[probe]
			if got, ok := h.get(probe); got != want || ok != wok {
				t.Fatalf("run %d: get(%d) = %d, %v; the map says %d, %v", run, probe, got, ok, want, wok)
			}
		}
		for k, want := range ref {
			if got, ok := h.get(k); got != want || !ok {
				t.Fatalf("run %d: get(%d) = %d, %v; the map says %d", run, k, got, ok, want)
			}
		}
	}
}

// TestHeadEventsDense checks the point of headEvents: a run's heads in ID
// order take 4 bytes an ID, and none goes to the map.
func TestHeadEventsDense(t *testing.T) {
	var h headEvents
	const n = 100_000
	for id := int64(1); id <= n; id += 2 {
		h.add(id, id)
	}
	if len(h.other) != 0 || len(h.dense) != n-1 { // IDs 1 to n-1
		t.Fatalf("%d in the map, %d dense; want 0 and %d", len(h.other), len(h.dense), n-1)
	}
	if c := cap(h.dense); c > 2*n {
		t.Errorf("capacity %d for %d IDs", c, n)
	}
}
