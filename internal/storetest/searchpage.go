package storetest

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testSearchPages follows cursors while records are added between pages:
// no record is returned twice or skipped, and those added after the cursor's
// place show up on later pages.
func testSearchPages(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	var got []string
	q := caption.Query{Limit: 2}
	for page := 0; ; page++ {
		if page > 20 {
			t.Fatal("more than 20 pages")
		}
		res := ss.search(t, q)
		got = append(got, ss.namesOf(res.Records)...)
		wantTotal := 9
		if page >= 2 {
			wantTotal = 12
		}
		if res.Total != wantTotal {
			t.Errorf("page %d: Total %d, want %d", page, res.Total, wantTotal)
		}
		if page == 1 {
			putSearchFixtures(t, ss, "search/added.txt", []searchFixture{
				{"new-newest", caption.Record{Text: "Added first in the order.", Date: dayDate(2020, 1, 1)}},
				{"new-middle", caption.Record{Text: "Added on the day of Douma.", Date: dayDate(2016, 11, 6)}},
				{"new-undated", caption.Record{Text: "Added without a date."}},
			})
		}
		if res.Next == "" {
			break
		}
		q.Cursor = res.Next
	}
	want := []string{"harasta", "saraqib", "mafraq", "douma", "arabic", "new-middle", "maarrat", "duma", "aleppo", "injection", "new-undated"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
}

// testSearchLimits checks the page size and the facets' top 20 over 1005
// records.
func testSearchLimits(t *testing.T, s caption.Store) {
	fixtures := make([]searchFixture, 1005)
	for i := range fixtures {
		name := "filler"
		fixtures[i] = searchFixture{name, caption.Record{
			Text:          "Filler caption number " + strconv.Itoa(i),
			Photographers: []string{fmt.Sprintf("Photographer %02d", i%25)},
		}}
	}
	ss := putSearchFixtures(t, s, "search/filler.txt", fixtures)
	for _, tc := range []struct{ limit, want int }{{0, 50}, {1, 1}, {1000, 1000}, {5000, 1000}} {
		res := ss.search(t, caption.Query{Limit: tc.limit})
		if len(res.Records) != tc.want || res.Total != 1005 || res.Next == "" {
			t.Errorf("Limit %d: %d records, Total %d, Next %q; want %d, 1005, a cursor", tc.limit, len(res.Records), res.Total, res.Next, tc.want)
		}
	}
	res := ss.search(t, caption.Query{Text: "filler"})
	var want []caption.FacetCount
	for i := range 20 {
		n := 40
		if i < 5 {
			n = 41
		}
		want = append(want, caption.FacetCount{Value: fmt.Sprintf("Photographer %02d", i), Count: n})
	}
	if diff := cmp.Diff(want, res.Facets[caption.FacetPhotographer]); diff != "" {
		t.Errorf("photographer facet (-want +got):\n%s", diff)
	}
}

func testSearchFacets(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	res := ss.search(t, caption.Query{Country: "SY", Limit: 1})
	fc := func(pairs ...any) []caption.FacetCount {
		var out []caption.FacetCount
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, caption.FacetCount{Value: pairs[i].(string), Count: pairs[i+1].(int)})
		}
		return out
	}
	want := map[string][]caption.FacetCount{
		caption.FacetCountry:      fc("SY", 7),
		caption.FacetAdmin1:       fc("Idlib", 2, "Rif Dimashq", 2, "Aleppo", 1),
		caption.FacetBasis:        fc(string(caption.BasisOnly), 2, string(caption.BasisContainer), 1, string(caption.BasisPopulation), 1),
		caption.FacetAgency:       fc("AFP", 3, "AP", 1, "Getty Images", 1, "Reuters", 1),
		caption.FacetPhotographer: fc("Abd Doumany", 1, "Ammar Abdullah", 1, "Karam al-Masri", 1, "Omar Haj Kadour", 1, "Sameer Al-Doumy", 1),
		caption.FacetEventType:    fc("airstrike", 2, "rescue", 2, "barrel_bomb", 1, "protest", 1, "shelling", 1),
		caption.FacetActor:        fc("Syrian Civil Defence", 2, "Russian Air Force", 1),
		caption.FacetYear:         fc("2016", 3, "2017", 2, "2012", 1),
	}
	if diff := cmp.Diff(want, res.Facets); diff != "" {
		t.Errorf("facets of country SY (-want +got):\n%s", diff)
	}
	if res.Total != 7 || len(res.Records) != 1 {
		t.Errorf("Total %d, %d records; want 7, 1", res.Total, len(res.Records))
	}
	// A location without a basis (aleppo's, stored before bases were
	// recorded) is not counted; neither is a record without a location.
	for _, q := range []caption.Query{{Admin1Key: PlaceKey("Aleppo")}, {Agency: "AP"}} {
		res = ss.search(t, q)
		if res.Total != 1 || len(res.Facets[caption.FacetBasis]) != 0 {
			t.Errorf("Search(%+v): Total %d, basis facet %v; want 1, none", q, res.Total, res.Facets[caption.FacetBasis])
		}
	}
	// No match: every facet is there, empty.
	res = ss.search(t, caption.Query{Text: "damascus"})
	for _, f := range caption.Facets() {
		if v, ok := res.Facets[f]; !ok || len(v) != 0 {
			t.Errorf("no match: facet %s = %v, %v; want present and empty", f, v, ok)
		}
	}
}

func testTimeline(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	tests := []struct {
		q    caption.Query
		want []caption.DayCount
	}{
		{caption.Query{Agency: "afp"}, []caption.DayCount{{Date: "2016-11-01", Count: 1}, {Date: "2016-11-06", Count: 1}, {Date: "2016-11-20", Count: 1}}},
		{caption.Query{Country: "SY", Limit: 1}, []caption.DayCount{{Date: "2012-04-15", Count: 1}, {Date: "2016-11-01", Count: 1}, {Date: "2016-11-06", Count: 2}, {Date: "2017-01-01", Count: 1}, {Date: "2017-03-03", Count: 1}}},
		{caption.Query{Text: "damascus"}, nil},
	}
	for _, tc := range tests {
		got, err := ss.Timeline(t.Context(), tc.q)
		if err != nil {
			t.Fatalf("Timeline(%+v): %v", tc.q, err)
		}
		if diff := cmp.Diff(tc.want, got, diffOpts...); diff != "" {
			t.Errorf("Timeline(%+v) (-want +got):\n%s", tc.q, diff)
		}
	}
}

func testPoints(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	tests := []struct {
		q     caption.Query
		limit int
		want  []string
	}{
		{caption.Query{Country: "SY"}, 3, []string{"harasta", "saraqib", "douma"}},
		{caption.Query{Country: "SY", Limit: 1}, 100, []string{"harasta", "saraqib", "douma", "maarrat", "aleppo"}},
		{caption.Query{Text: "rubble OR boy"}, 100, []string{"harasta", "saraqib", "aleppo"}},
		{caption.Query{Text: "injection"}, 100, nil},
	}
	for _, tc := range tests {
		got, err := ss.Points(t.Context(), tc.q, tc.limit)
		if err != nil {
			t.Fatalf("Points(%+v, %d): %v", tc.q, tc.limit, err)
		}
		if diff := cmp.Diff(tc.want, ss.namesOf(got), diffOpts...); diff != "" {
			t.Errorf("Points(%+v, %d) (-want +got):\n%s", tc.q, tc.limit, diff)
		}
		for _, r := range got {
			want := caption.StoredRecord{ID: r.ID, Record: caption.PointRecord(mustRecord(t, s, r.ID).Record)}
			if diff := cmp.Diff(want, r, diffOpts...); diff != "" {
				t.Errorf("Points record (-want +got):\n%s", diff)
			}
		}
	}
	if _, err := ss.Points(t.Context(), caption.Query{}, 0); !isInvalid(err) {
		t.Errorf("Points(limit 0) = %v, want ErrInvalid", err)
	}
}
