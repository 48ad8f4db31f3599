package geocode

import (
	"fmt"
	"math"
	"testing"

	"sijil/internal/caption"
)

// mustEmbedded opens the embedded gazetteer.
func mustEmbedded(t testing.TB) *Gazetteer {
	t.Helper()
	ix, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return New(ix)
}

// TestEmbeddedLookup checks the spellings captions use against the real
// geonameids of cities500: the place must be found, and be the first
// candidate of its country.
func TestEmbeddedLookup(t *testing.T) {
	g := mustEmbedded(t)
	tests := []struct {
		id      int64
		country caption.CountryCode
		names   []string
	}{
		{170592, "SY", []string{"Douma", "Duma", "Dūmā", "دوما"}},
		{167611, "SY", []string{"Maaret al-Numan", "Ma‘arrat an Nu‘mān", "Maarat al-Numaan", "Maarrat al-Nu'man"}},
		{168620, "SY", []string{"Kafar Zita", "Kafr Zaytā", "Kafr Zita"}},
		{169897, "SY", []string{"Harasta", "Ḩarastā"}},
		{172955, "SY", []string{"Raqqa", "Raqa", "Ar Raqqah", "Al-Raqqa", "الرقة"}},
		{170063, "SY", []string{"Aleppo", "Halab", "حلب"}},
		{169577, "SY", []string{"Homs", "Hims"}},
		{169389, "SY", []string{"Idlib", "Idleb", "إدلب"}},
		{170794, "SY", []string{"Deir ez-Zor", "Dayr az Zawr", "Deir Ezzor", "Deir al-Zour"}},
		{164816, "SY", []string{"Saraqib", "Saraqeb"}},
		{170905, "SY", []string{"Daraa", "Deraa", "Dar'a"}},
		{170892, "SY", []string{"Darayya", "Daraya"}},
		{170654, "SY", []string{"Damascus", "Dimashq", "دمشق"}},
		{167357, "SY", []string{"Manbij", "Menbij"}},
		{250582, "JO", []string{"Mafraq", "Al Mafraq"}},
		{706483, "UA", []string{"Kharkiv", "Kharkov"}},
	}
	for _, tc := range tests {
		for _, name := range tc.names {
			t.Run(name, func(t *testing.T) {
				for _, p := range g.Lookup(name) {
					if p.Country != tc.country {
						continue
					}
					if p.ID != tc.id {
						t.Errorf("Lookup(%q): first %s place is %s (%d), want %d", name, tc.country, p.Name, p.ID, tc.id)
					}
					return
				}
				t.Errorf("Lookup(%q): no %s place, want %d", name, tc.country, tc.id)
			})
		}
	}
}

func TestEmbeddedAdmin1AndCountry(t *testing.T) {
	g := mustEmbedded(t)
	if got := g.Admin1Name("SY", "12"); got != "Idlib" {
		t.Errorf("Admin1Name(SY, 12) = %q, want Idlib", got)
	}
	p, ok := g.Admin1Place("SY", "12")
	if !ok || p.Name != "Idlib" || p.ID != 169387 || p.Feature != "ADM1" || !approx(p.Lat, 35.8528) || p.Source != "geonames" {
		t.Errorf("Admin1Place(SY, 12) = %+v, %v; want the ADM1 entry Idlib (169387) at Natural Earth's 35.8528", p, ok)
	}
	name, lat, lon, ok := g.Country("SY")
	if !ok || name != "Syria" || !approx(lat, 33.5102) || !approx(lon, 36.29128) {
		t.Errorf("Country(SY) = %q, %v, %v, %v; want Syria at Damascus", name, lat, lon, ok)
	}
	if l := g.Layers(); len(l) != 1 || l[0].Places != 199568+3150+176 || l[0].File != EmbeddedFile {
		t.Errorf("Layers = %+v", l)
	}
}

// TestEmbeddedKeyCollisions measures how often Key merges different places
// of one country, the cost of its recall. Figures (go test -v): see the
// log; the bound only guards against a regression. It counts populated
// places only: a division's ADM1 entry shares its name with its namesake
// seat (Idlib and Idlib) by design, not by a loose key.
func TestEmbeddedKeyCollisions(t *testing.T) {
	if testing.Short() {
		t.Skip("scans the whole gazetteer")
	}
	g := mustEmbedded(t)
	ix := g.layers[0]
	arab := map[caption.CountryCode]bool{"SY": true, "IQ": true, "JO": true, "LB": true, "PS": true, "YE": true,
		"SA": true, "EG": true, "LY": true, "TN": true, "DZ": true, "MA": true, "SD": true}
	var n, shared, nArab, sharedArab, candidates int
	populated := func(i uint32) bool { return ix.sec[secPlaces][int(i)*placeSize+38] == 'P' }
	for i := range ix.Len() {
		if !populated(uint32(i)) {
			continue
		}
		p := ix.placeAt(uint32(i))
		k := ix.findKey(Key(p.Name))
		same := 0
		for _, q := range ix.postings(k) {
			if !populated(q) {
				continue
			}
			candidates++
			if ix.placeCountry(q) == p.Country {
				same++
			}
		}
		n++
		if same > 1 {
			shared++
		}
		if arab[p.Country] {
			nArab++
			if same > 1 {
				sharedArab++
			}
		}
	}
	t.Logf("%d keys; a place's name key is shared with another place of its country for %.1f%% of places (%.1f%% in Arabic-speaking countries); %.1f candidates per lookup worldwide",
		ix.numKeys(), 100*float64(shared)/float64(n), 100*float64(sharedArab)/float64(nArab), float64(candidates)/float64(n))
	if r := float64(sharedArab) / float64(nArab); r > 0.15 {
		t.Errorf("%.1f%% of places in Arabic-speaking countries share their key: more than 15%%", 100*r)
	}
}

// TestCompassPartOfCity: a French compass word joined to a city's name
// ("Alep-Est", "Mossoul-Ouest") finds the city, and a name whose last part
// only looks like one keeps it.
func TestCompassPartOfCity(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		name string
		id   int64
	}{
		{"Alep-Est", 170063},
		{"Mossoul-Ouest", 99072},
		{"Kharkiv-Nord", 706483},
	} {
		places, _ := g.Candidates(tc.name, "")
		if len(places) == 0 || places[0].ID != tc.id {
			var got []string
			for _, p := range places {
				got = append(got, fmt.Sprintf("%s (%d)", p.Name, p.ID))
			}
			t.Errorf("Candidates(%q) = %v, want %d first", tc.name, got, tc.id)
		}
	}
	for _, tc := range []struct {
		in, base string
		cut      bool
	}{
		{"Alep-Est", "Alep", true},
		{"Mossoul-ouest", "Mossoul", true},
		{"Deir ez-Zor", "Deir ez-Zor", false},
		{"Port-Sudan", "Port-Sudan", false},
		{"-Est", "-Est", false},
	} {
		if base, cut := cutCompassSuffix(tc.in); base != tc.base || cut != tc.cut {
			t.Errorf("cutCompassSuffix(%q) = %q, %v; want %q, %v", tc.in, base, cut, tc.base, tc.cut)
		}
	}
}

// TestEmbeddedSupplement checks the places gen adds from supplement.tsv
// (SupplementSource), which are written by hand: each lies within 250 km of a
// GeoNames town of its country (a point typed with a wrong sign or its
// coordinates swapped lies far from any), and each of its names, with its
// country named (and its province, where the country has a namesake),
// resolves to it.
func TestEmbeddedSupplement(t *testing.T) {
	g := mustEmbedded(t)
	ix := g.layers[0]
	var extra, towns []Place
	for i := range uint32(ix.Len()) {
		switch p := ix.placeAt(i); {
		case p.Source == SupplementSource:
			extra = append(extra, p)
		case p.Class == 'P':
			towns = append(towns, p)
		}
	}
	if len(extra) < 50 {
		t.Fatalf("%d places of supplement.tsv in the embedded index, want at least 50", len(extra))
	}
	for _, p := range extra {
		if p.Admin1 == "" || p.Country == "" {
			t.Errorf("%s: admin1 %q, country %q", p.Name, p.Admin1, p.Country)
		}
		nearest := math.Inf(1)
		for _, q := range towns {
			if q.Country == p.Country {
				nearest = min(nearest, distanceKm(p.Lat, p.Lon, q.Lat, q.Lon))
			}
		}
		if nearest > 250 {
			t.Errorf("%s (%s) at %g, %g: the nearest GeoNames town of its country is %.0f km off", p.Name, p.Country, p.Lat, p.Lon, nearest)
		}
		for _, name := range append([]string{p.Name}, p.Alternates...) {
			// With its country named, or, where the country has a
			// namesake (Karlivka in Poltava and in Donetsk), with its
			// province too.
			l := resolveIn(g, p.Country, name)
			if l == nil || distanceKm(l.Lat, l.Lon, p.Lat, p.Lon) > 1 {
				l = resolveIn(g, p.Country, name, p.Admin1)
			}
			if l == nil || distanceKm(l.Lat, l.Lon, p.Lat, p.Lon) > 1 || l.Precision != 1 {
				t.Errorf("%q in %s (%s) resolved to %+v, want %s at %g, %g", name, p.Admin1, p.Country, l, p.Name, p.Lat, p.Lon)
			}
		}
	}
}

// resolveIn resolves a caption naming the places names, most specific
// first, in the named country cc.
func resolveIn(g *Gazetteer, cc caption.CountryCode, names ...string) *caption.Location {
	rec := caption.Record{Country: cc, CountryBasis: caption.CountryNamed, Evidence: map[string][]caption.Span{}}
	for _, n := range names {
		rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: n})
	}
	g.Resolve(&rec, nil)
	return rec.Location
}
