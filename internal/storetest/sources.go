package storetest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testSourcesOf checks that SourcesOf gives, for any set of records, what
// Sources gives for each: records found in several documents and several
// times in one, in document and index order, with their metadata; IDs that
// are no record left out; a list longer than any statement's parameter
// limit; no IDs at all.
func testSourcesOf(t *testing.T, s caption.Store) {
	doc, items := document("gallery/a.txt", dumaAirstrike, aleppoRescue, dumaAirstrike)
	mustPut(t, s, doc, items)
	doc2, items2 := document("gallery/b.txt", aleppoRescue)
	mustPut(t, s, doc2, items2)
	const n = 3000
	raws := make([]string, n)
	for i := range raws {
		raws[i] = bigCaption(i)
	}
	doc3, items3 := document("big.txt", raws...)
	mustPut(t, s, doc3, items3)

	recs := allRecords(t, s)
	var all []int64
	want := map[int64][]caption.Source{}
	for _, r := range recs {
		all = append(all, r.ID)
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		want[r.ID] = srcs
	}
	missing := recs[len(recs)-1].ID + 1000
	got, err := s.SourcesOf(t.Context(), append(all, missing, -1))
	if err != nil {
		t.Fatalf("SourcesOf(%d records): %v", len(all), err)
	}
	if diff := cmp.Diff(want, got, diffOpts...); diff != "" {
		t.Errorf("SourcesOf(every record) differs from Sources (-want +got):\n%s", diff)
	}
	duma, aleppo := idOf(t, s, dumaAirstrike), idOf(t, s, aleppoRescue)
	some, err := s.SourcesOf(t.Context(), []int64{aleppo, duma, aleppo})
	if err != nil {
		t.Fatal(err)
	}
	if len(some) != 2 || len(some[duma]) != 2 || len(some[aleppo]) != 2 ||
		some[aleppo][0].Document.Path != "gallery/a.txt" || some[aleppo][1].Document.Path != "gallery/b.txt" ||
		some[duma][0].Index != 0 || some[duma][1].Index != 2 || some[duma][0].Meta["reader"] != "text" {
		t.Errorf("SourcesOf(aleppo, duma, aleppo) = %+v", some)
	}
	none, err := s.SourcesOf(t.Context(), nil)
	if err != nil || len(none) != 0 {
		t.Errorf("SourcesOf(nil) = %v, %v; want an empty map", none, err)
	}
}
