package dedup

import (
	"testing"

	"sijil/internal/caption"
)

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

// TestEventIndexTollsInline: records of one language, agency and
// photographer share one credit set whatever their tolls, which the index
// keeps with each record (a toll in the set made one a record, 200 bytes
// each at a million), and Match still reads each record's own toll.
func TestEventIndexTollsInline(t *testing.T) {
	ix := NewEventIndex()
	base := scene{date: day(2016, 11, 14), place: "Saqba", lat: 33.5167, lon: 36.3833, precision: 1,
		lang: "ar", agencies: []caption.Agency{"AFP"}, photographers: []string{"Hamza Tayyan"}}
	for i := range 500 {
		s := base
		s.id, s.killed = int64(i+1), new(i)
		s.lat += float64(i) // each elsewhere, but the one at i=0
		ix.Add(NewEventRecord(s.stored()))
	}
	if n := len(ix.creditSets); n != 2 { // noCredit and the one credit
		t.Errorf("%d credit sets for 500 records of one credit, want 2", n)
	}
	en := base
	en.id, en.lang, en.types = 1000, "en", []caption.EventType{caption.Airstrike}
	for _, tc := range []struct {
		killed int
		want   bool
	}{{0, true}, {3, false}} {
		en.killed = new(tc.killed)
		got, _, rule, ok := ix.Match(NewEventRecord(en.stored()))
		if ok != tc.want || ok && (got.ID != 1 || rule != "date,10km,xlang") {
			t.Errorf("killed %d: Match = (ID %d, %q, %v), want a match %v with record 1", tc.killed, got.ID, rule, ok, tc.want)
		}
	}
}
