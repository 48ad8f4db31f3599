package searchindex

import (
	"math/rand/v2"
	"slices"
	"testing"

	"sijil/internal/caption"
)

// TestOrder checks the search order of ordinals as it is first ranked
// (counting sort) and then extended with records added and reindexed.
func TestOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ix := newIndex()
	date := func() caption.PartialDate {
		switch r.IntN(4) {
		case 0:
			return caption.PartialDate{}
		case 1:
			return caption.PartialDate{Year: 2000 + r.IntN(20), Precision: caption.PrecisionYear}
		}
		return caption.PartialDate{Year: 2000 + r.IntN(20), Month: 1 + r.IntN(12), Day: 1 + r.IntN(28), Precision: caption.PrecisionDay}
	}
	add := func(id int64) {
		ix.add(&row{r: caption.StoredRecord{ID: id, Record: caption.Record{Date: date()}}, text: []byte("a b")})
	}
	check := func(what string) {
		t.Helper()
		var want []uint32
		for o := range uint32(ix.n()) {
			if !ix.isDead(o) {
				want = append(want, o)
			}
		}
		slices.SortFunc(want, func(a, b uint32) int {
			if ix.hit(a).before(ix.hit(b)) {
				return -1
			}
			return 1
		})
		if !slices.Equal(ix.order, want) || ix.orderN != ix.n() {
			t.Fatalf("%s: order differs from the sorted ordinals", what)
		}
	}
	for id := range int64(3000) {
		add(id + 1)
	}
	ix.sortOrder()
	check("counting sort")
	for range 500 {
		add(1 + r.Int64N(3500)) // reindexed, or new
	}
	ix.extendOrder()
	check("extended")
	ix.sortOrder() // ordinals no longer in ID order: sorted
	check("sorted again")
}
