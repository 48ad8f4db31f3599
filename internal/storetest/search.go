package storetest

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// PlaceKey is the place key the suite's stores must be opened with (their
// stores take geocode.Key in production; the suite may not import geocode):
// the folded name's ASCII letters, the first kept, the later vowels, w and y
// dropped, so that Douma, Duma and Dūmā share the key "dm".
func PlaceKey(name string) string {
	var b strings.Builder
	for _, r := range caption.FoldTerm(name) {
		switch {
		case r < 'a' || r > 'z':
		case b.Len() > 0 && strings.ContainsRune("aeiouwy", r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// searchFixture is a record of the search tests, named for the tests'
// expectations.
type searchFixture struct {
	name string
	rec  caption.Record
}

func dayDate(y, m, d int) caption.PartialDate {
	return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
}

func syria(name string, id int, lat, lon float64, admin1 string, basis caption.LocationBasis) *caption.Location {
	return &caption.Location{Name: name, Preferred: name, GeonameID: id, Lat: lat, Lon: lon, Admin1: admin1, CountryCode: "SY",
		Feature: "PPL", Precision: 1, Basis: basis}
}

// searchFixtures are nine records, listed here in ID order. In search order
// (newest first, undated last, then ID) they are harasta (2017-03-03),
// saraqib (2017), mafraq (2016-11-20), douma and arabic (2016-11-06),
// maarrat (2016-11), duma (2012-04-15), aleppo and injection (undated).
// Six are located, each with a basis but aleppo, which stands for a record
// located before sijil recorded one.
func searchFixtures() []searchFixture {
	return []searchFixture{
		{"douma", caption.Record{
			Text:   "Civil defence volunteers search for survivors in Douma, Eastern Ghouta, after an air strike on November 6, 2016. (Photo by Abd Doumany/AFP)",
			Date:   dayDate(2016, 11, 6),
			Places: []string{"Douma", "Eastern Ghouta"},
			Location: &caption.Location{Name: "Douma", Preferred: "Dūmā", GeonameID: 170654, Lat: 33.57175, Lon: 36.4027,
				Admin1: "Rif Dimashq", CountryCode: "SY", Feature: "PPLA2", Precision: 1, Basis: caption.BasisContainer},
			Country: "SY", Killed: intp(4), Injured: intp(10),
			EventTypes: []caption.EventType{caption.Airstrike, caption.Rescue}, Actors: []string{"Syrian Civil Defence"},
			Photographers: []string{"Abd Doumany"}, Agencies: []caption.Agency{"AFP"},
		}},
		{"maarrat", caption.Record{
			Text:     "Smoke rises over Ma‘arrat al-Nu‘mān after shelling, November 2016. (Photo by Omar Haj Kadour/AFP)",
			Date:     caption.PartialDate{Year: 2016, Month: 11, Precision: caption.PrecisionMonth},
			Places:   []string{"Ma‘arrat al-Nu‘mān"},
			Location: syria("Ma‘arrat al-Nu‘mān", 169389, 35.64, 36.67, "Idlib", caption.BasisOnly), Country: "SY",
			EventTypes: []caption.EventType{caption.Shelling}, Photographers: []string{"Omar Haj Kadour"}, Agencies: []caption.Agency{"AFP"},
		}},
		{"saraqib", caption.Record{
			Text:     "A girl stands in the rubble of al-Bab's market in Saraqib, 2017. (Reuters/Ammar Abdullah)",
			Date:     caption.PartialDate{Year: 2017, Precision: caption.PrecisionYear},
			Places:   []string{"Saraqib"},
			Location: syria("Saraqib", 163345, 35.8624, 36.8006, "Idlib", caption.BasisPopulation), Country: "SY", Killed: intp(0),
			EventTypes: []caption.EventType{caption.Airstrike}, Actors: []string{"Russian Air Force"},
			Photographers: []string{"Ammar Abdullah"}, Agencies: []caption.Agency{"Reuters"},
		}},
		{"duma", caption.Record{
			Text: "Protesters in Duma chant slogans on 15 April 2012. (AP Photo)", Date: dayDate(2012, 4, 15),
			Places: []string{"Duma"}, Country: "SY", EventTypes: []caption.EventType{caption.Protest}, Agencies: []caption.Agency{"AP"},
		}},
		{"harasta", caption.Record{
			Text:     "Rescuers in Ḩarastā search the rubble on 3 March 2017. (Photo by Sameer Al-Doumy/Getty Images)",
			Date:     dayDate(2017, 3, 3),
			Places:   []string{"Ḩarastā"},
			Location: syria("Ḩarastā", 169577, 33.5586, 36.365, "Rif Dimashq", caption.BasisOnly), Country: "SY", Killed: intp(12),
			EventTypes: []caption.EventType{caption.BarrelBomb, caption.Rescue}, Actors: []string{"Syrian Civil Defence"},
			Photographers: []string{"Sameer Al-Doumy"}, Agencies: []caption.Agency{"Getty Images"},
		}},
		{"mafraq", caption.Record{
			Text:   "Syrian refugees queue for aid at Zaatari camp near Mafraq, Jordan, on November 20, 2016. (Photo by Khalil Mazraawi/AFP)",
			Date:   dayDate(2016, 11, 20),
			Places: []string{"Zaatari", "Mafraq"},
			Location: &caption.Location{Name: "Mafraq", Preferred: "Al Mafraq", GeonameID: 250258, Lat: 32.3434, Lon: 36.208,
				Admin1: "Mafraq", CountryCode: "JO", Feature: "PPLA", Precision: 2, Basis: caption.BasisCountry},
			Country: "JO", EventTypes: []caption.EventType{caption.Displacement},
			Photographers: []string{"Khalil Mazraawi"}, Agencies: []caption.Agency{"AFP"},
		}},
		{"aleppo", caption.Record{
			Text:     "A boy rides a bicycle past a destroyed building in Aleppo. (Photo by Karam al-Masri/AFP)",
			Places:   []string{"Aleppo"},
			Location: syria("Aleppo", 170063, 36.2021, 37.1343, "Aleppo", ""), Country: "SY",
			Photographers: []string{"Karam al-Masri"}, Agencies: []caption.Agency{"AFP"},
		}},
		{"injection", caption.Record{
			Text: `Placard reads "quoted" OR NEAR(market) and '; DROP TABLE records; -- in a photo of unknown date.`,
		}},
		{"arabic", caption.Record{
			Text: "متطوعو الدفاع المدني في دوما", Date: dayDate(2016, 11, 6), Places: []string{"دوما"}, Country: "SY",
		}},
	}
}

// searchStore is a store with its search fixtures, by name.
type searchStore struct {
	caption.Store
	ids   map[string]int64
	names map[int64]string
}

// putSearchFixtures stores fixtures as one document and returns the store
// with their IDs.
func putSearchFixtures(t *testing.T, s caption.Store, path string, fixtures []searchFixture) *searchStore {
	t.Helper()
	raws := make([]string, len(fixtures))
	for i, f := range fixtures {
		raws[i] = f.rec.Text
	}
	doc, items := document(path, raws...)
	for i, f := range fixtures {
		items[i].Record = f.rec
	}
	mustPut(t, s, doc, items)
	ss, ok := s.(*searchStore)
	if !ok {
		ss = &searchStore{Store: s, ids: map[string]int64{}, names: map[int64]string{}}
	}
	byKey := ids(t, s)
	for _, f := range fixtures {
		id, ok := byKey[key(f.rec.Text)]
		if !ok {
			t.Fatalf("no record for %q", f.rec.Text)
		}
		ss.ids[f.name], ss.names[id] = id, f.name
	}
	return ss
}

func newSearchStore(t *testing.T, s caption.Store) *searchStore {
	return putSearchFixtures(t, s, "search/fixtures.txt", searchFixtures())
}

// namesOf returns the fixture names of records.
func (ss *searchStore) namesOf(rs []caption.StoredRecord) []string {
	out := []string{}
	for _, r := range rs {
		name, ok := ss.names[r.ID]
		if !ok {
			name = "?"
		}
		out = append(out, name)
	}
	return out
}

func (ss *searchStore) search(t *testing.T, q caption.Query) caption.SearchResult {
	t.Helper()
	res, err := ss.Search(t.Context(), q)
	if err != nil {
		t.Fatalf("Search(%+v): %v", q, err)
	}
	return res
}

// checkList checks that a store that lists a search's matches at once
// (caption.SearchLister) lists those of q as Search found them: the same
// records, whole, in the same order.
func (ss *searchStore) checkList(t *testing.T, q caption.Query, found []caption.StoredRecord) {
	t.Helper()
	l, ok := ss.Store.(caption.SearchLister)
	if !ok {
		return
	}
	q.Limit, q.Cursor = 1, "ignored" // as SearchIDs documents
	ids, err := l.SearchIDs(t.Context(), q)
	if err != nil {
		t.Fatalf("SearchIDs(%+v): %v", q, err)
	}
	rs, err := l.RecordsByID(t.Context(), ids)
	if err != nil {
		t.Fatalf("RecordsByID(%v): %v", ids, err)
	}
	if diff := cmp.Diff(found, rs, diffOpts...); diff != "" {
		t.Errorf("SearchIDs(%+v) and RecordsByID, against Search (-search +listed):\n%s", q, diff)
	}
}

// all is every fixture in search order.
var all = []string{"harasta", "saraqib", "mafraq", "douma", "arabic", "maarrat", "duma", "aleppo", "injection"}

func testSearchText(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	tests := []struct {
		text string
		want []string
	}{
		{"douma", []string{"douma"}},
		{"Maarrat", []string{"maarrat"}},
		{"MA'ARRAT NU’MAN", []string{"maarrat"}},
		{"nu‘mān", []string{"maarrat"}},
		{"Ḩarastā", []string{"harasta"}},
		{"harasta", []string{"harasta"}},
		{"al-Bab", []string{"saraqib"}},
		{"al-Bab's market", []string{"saraqib"}},
		{"rubble", []string{"harasta", "saraqib"}},
		{"rubble -harasta", []string{"saraqib"}},
		{`"air strike"`, []string{"douma"}},
		{`"strike air"`, nil},
		{"smoke OR protesters", []string{"maarrat", "duma"}},
		{"smoke OR protesters 2016", []string{"maarrat"}},
		{`civil defence`, []string{"harasta", "douma"}},
		{"russian", []string{"saraqib"}}, // an actor the text does not name
		{"GETTY", []string{"harasta"}},
		{"2016", []string{"mafraq", "douma", "maarrat"}},
		{"syrian refugees", []string{"mafraq"}},
		{"دوما", []string{"arabic"}},
		{"-afp", []string{"harasta", "saraqib", "arabic", "duma", "injection"}},
		{"photo -afp -ap", []string{"harasta", "injection"}},
		{`-"air strike" -"civil defence" afp`, []string{"mafraq", "maarrat", "aleppo"}},
		{"aleppo", []string{"aleppo"}},
		{`"quoted" OR NEAR(market)`, []string{"injection"}},
		{`'; DROP TABLE records; --`, []string{"injection"}},
		{"NEAR(", []string{"mafraq", "injection"}}, // "near Mafraq"
		{"records_fts", nil},
		{"", all},
		{"*", all},
		{`"`, all},
		{"damascus", nil},
	}
	for _, tc := range tests {
		res := ss.search(t, caption.Query{Text: tc.text})
		if diff := cmp.Diff(tc.want, ss.namesOf(res.Records), diffOpts...); diff != "" {
			t.Errorf("Search(%q) (-want +got):\n%s", tc.text, diff)
		}
		ss.checkList(t, caption.Query{Text: tc.text}, res.Records)
		if res.Total != len(tc.want) {
			t.Errorf("Search(%q).Total = %d, want %d", tc.text, res.Total, len(tc.want))
		}
	}
}

func testSearchFilters(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	tests := []struct {
		name string
		q    caption.Query
		want []string
	}{
		{"from", caption.Query{From: "2016-11-10"}, []string{"harasta", "saraqib", "mafraq", "maarrat"}},
		{"to", caption.Query{To: "2016-11-05"}, []string{"maarrat", "duma"}},
		{"month", caption.Query{From: "2016-11", To: "2016-11"}, []string{"mafraq", "douma", "arabic", "maarrat"}},
		{"day", caption.Query{From: "2016-11-06", To: "2016-11-06"}, []string{"douma", "arabic", "maarrat"}},
		{"year", caption.Query{From: "2017"}, []string{"harasta", "saraqib"}},
		{"country", caption.Query{Country: "sy"}, []string{"harasta", "saraqib", "douma", "arabic", "maarrat", "duma", "aleppo"}},
		{"country JO", caption.Query{Country: "JO"}, []string{"mafraq"}},
		{"geonameid", caption.Query{GeonameIDs: []int{170654}}, []string{"douma"}},
		{"place key", caption.Query{PlaceKeys: []string{PlaceKey("Dūmā")}}, []string{"douma", "duma"}},
		{"place key or geonameid", caption.Query{PlaceKeys: []string{PlaceKey("Harasta")}, GeonameIDs: []int{170654}}, []string{"harasta", "douma"}},
		{"place key of no place", caption.Query{PlaceKeys: []string{PlaceKey("Damascus")}}, nil},
		{"place keys empty", caption.Query{PlaceKeys: []string{""}}, nil},
		{"admin1", caption.Query{Admin1Key: PlaceKey("Idlib")}, []string{"saraqib", "maarrat"}},
		{"agency", caption.Query{Agency: "afp"}, []string{"mafraq", "douma", "maarrat", "aleppo"}},
		{"agency folded", caption.Query{Agency: "Getty-Images"}, []string{"harasta"}},
		{"agency AP", caption.Query{Agency: "AP"}, []string{"duma"}},
		{"photographer", caption.Query{Photographer: "omar haj kadour"}, []string{"maarrat"}},
		{"photographer part", caption.Query{Photographer: "Omar"}, nil},
		{"event type", caption.Query{EventType: "rescue"}, []string{"harasta", "douma"}},
		{"event type spaced", caption.Query{EventType: "barrel bomb"}, []string{"harasta"}},
		{"actor", caption.Query{Actor: "SYRIAN CIVIL DEFENCE"}, []string{"harasta", "douma"}},
		{"killed 0", caption.Query{KilledMin: intp(0)}, []string{"harasta", "saraqib", "douma"}},
		{"killed 5", caption.Query{KilledMin: intp(5)}, []string{"harasta"}},
		{"near 10 km", caption.Query{Near: &caption.Circle{Lat: 33.57175, Lon: 36.4027, Km: 10}}, []string{"harasta", "douma"}},
		{"near 1 km", caption.Query{Near: &caption.Circle{Lat: 33.57175, Lon: 36.4027, Km: 1}}, []string{"douma"}},
		{"near idlib", caption.Query{Near: &caption.Circle{Lat: 35.7, Lon: 36.7, Km: 30}}, []string{"saraqib", "maarrat"}},
		{"near the world", caption.Query{Near: &caption.Circle{Lat: -33.57, Lon: -143.6, Km: 20100}}, []string{"harasta", "saraqib", "mafraq", "douma", "maarrat", "aleppo"}},
		{"near antimeridian", caption.Query{Near: &caption.Circle{Lat: 0, Lon: 180, Km: 5000}}, nil},
		{"basis", caption.Query{Basis: caption.BasisOnly}, []string{"harasta", "maarrat"}},
		{"basis in another case", caption.Query{Basis: "Population"}, []string{"saraqib"}},
		{"basis no record has", caption.Query{Basis: caption.BasisFocus}, nil},
		{"basis and country", caption.Query{Basis: caption.BasisCountry, Country: "SY"}, nil},
		{"text and admin1", caption.Query{Text: "rubble", Admin1Key: PlaceKey("Idlib")}, []string{"saraqib"}},
		{"admin1 and basis", caption.Query{Admin1Key: PlaceKey("Idlib"), Basis: caption.BasisPopulation}, []string{"saraqib"}},
		{"agency, dates, country", caption.Query{Agency: "AFP", From: "2016-11", To: "2016-11", Country: "SY"}, []string{"douma", "maarrat"}},
		{"records", caption.Query{Records: []int64{ss.ids["douma"], ss.ids["mafraq"], ss.ids["harasta"]}}, []string{"harasta", "mafraq", "douma"}},
		{"records and country", caption.Query{Records: []int64{ss.ids["douma"], ss.ids["mafraq"], ss.ids["harasta"]}, Country: "SY"}, []string{"harasta", "douma"}},
		{"records and text", caption.Query{Records: []int64{ss.ids["saraqib"], ss.ids["maarrat"], ss.ids["aleppo"]}, Text: "rubble"}, []string{"saraqib"}},
		{"records repeated, unknown", caption.Query{Records: []int64{ss.ids["duma"], ss.ids["duma"], 1 << 40}}, []string{"duma"}},
		{"records empty", caption.Query{Records: []int64{}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := ss.search(t, tc.q)
			if diff := cmp.Diff(tc.want, ss.namesOf(res.Records), diffOpts...); diff != "" {
				t.Errorf("Search(%+v) (-want +got):\n%s", tc.q, diff)
			}
			if res.Total != len(tc.want) || res.Next != "" {
				t.Errorf("Search(%+v): Total %d, Next %q; want %d, none", tc.q, res.Total, res.Next, len(tc.want))
			}
			ss.checkList(t, tc.q, res.Records)
		})
	}
	// Records come back whole.
	res := ss.search(t, caption.Query{GeonameIDs: []int{170654}})
	if len(res.Records) == 1 {
		want := mustRecord(t, s, ss.ids["douma"])
		if diff := cmp.Diff(want, res.Records[0], diffOpts...); diff != "" {
			t.Errorf("Search record (-want +got):\n%s", diff)
		}
	}

	// A photo search's matches, filtered, keep their order (nearest
	// first), not the search's.
	var ms []caption.PhotoMatch
	for i, name := range []string{"maarrat", "harasta", "mafraq", "douma", "aleppo"} {
		ms = append(ms, caption.PhotoMatch{Record: mustRecord(t, s, ss.ids[name]), Distance: 3 * i})
	}
	for _, tc := range []struct {
		name string
		q    caption.Query
		want []string
	}{
		{"no filter", caption.Query{Limit: 1, Cursor: "ignored"}, []string{"maarrat", "harasta", "mafraq", "douma", "aleppo"}},
		{"country", caption.Query{Country: "SY"}, []string{"maarrat", "harasta", "douma", "aleppo"}},
		{"agency and dates", caption.Query{Agency: "AFP", From: "2016-11"}, []string{"maarrat", "mafraq", "douma"}},
		{"text", caption.Query{Text: "rubble"}, []string{"harasta"}},
		{"none", caption.Query{Country: "IQ"}, nil},
		{"records ignored", caption.Query{Country: "JO", Records: []int64{ss.ids["douma"]}}, []string{"mafraq"}},
	} {
		got, err := caption.FilterPhotoMatches(t.Context(), s, ms, tc.q)
		var names []string
		for i, m := range got {
			names = append(names, ss.namesOf([]caption.StoredRecord{m.Record})...)
			if m.Distance < 0 || (i > 0 && m.Distance < got[i-1].Distance) {
				t.Errorf("FilterPhotoMatches(%s): distances out of order", tc.name)
			}
		}
		if err != nil || !slices.Equal(names, tc.want) {
			t.Errorf("FilterPhotoMatches(%s) = %v, %v; want %v", tc.name, names, err, tc.want)
		}
	}
}
