package geocode

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// layeredGazetteer returns the test places as the embedded layer, an
// import that moves Douma and adds a team's Jobar, and corrections that
// move both again.
func layeredGazetteer(t *testing.T) (base, imp, corr *Index) {
	base = mustIndex(t, testPlaces(), testMeta())
	imp = mustIndex(t, []Place{
		{ID: 170592, Name: "Douma", Lat: 33.5, Lon: 36.4, Country: "SY", Feature: "PPLA2", Source: "geonames"},
		{ID: 42, Name: "Jobar", Alternates: []string{"Jawbar", "جوبر"}, Lat: 33.53, Lon: 36.33, Country: "SY", Feature: "PPLX", Source: "syrian-archive"},
		{ID: 170592, Name: "Douma", Lat: 1, Lon: 1, Country: "SY", Source: "other-team"}, // another source's 170592: another place
		{ID: 169388, Name: "Idlib Governorate", Lat: 35.75, Lon: 36.6, Class: 'A', Feature: "ADM1", Country: "SY", Admin1Code: "12"},
	}, IndexMeta{Name: "import"})
	corr = mustIndex(t, []Place{
		{ID: 170592, Name: "Douma", Lat: 33.57, Lon: 36.41, Country: "SY", Feature: "PPLA2"},
		{ID: 42, Name: "Jobar", Lat: 33.535, Lon: 36.335, Country: "SY", Feature: "PPLX", Source: "syrian-archive"},
	}, IndexMeta{Name: "corrections"})
	return base, imp, corr
}

func TestGazetteerOverride(t *testing.T) {
	base, imp, corr := layeredGazetteer(t)
	tests := []struct {
		name   string
		layers []*Index
		query  string
		want   []float64 // latitudes of the results, in order
	}{
		{"embedded only", []*Index{base}, "Douma", []float64{33.57175}},
		{"import overrides", []*Index{base, imp}, "Douma", []float64{33.5, 1}},
		{"correction overrides both", []*Index{base, imp, corr}, "Douma", []float64{33.57, 1}},
		{"old names still find it", []*Index{base, imp, corr}, "دوما", []float64{33.57}},
		{"order is what counts", []*Index{corr, imp, base}, "Douma", []float64{33.57175, 1}},
		{"team place corrected", []*Index{base, imp, corr}, "Jawbar", []float64{33.535}},
		{"nil layers skipped", []*Index{nil, base, nil}, "Harasta", []float64{33.55869}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []float64
			for _, p := range New(tc.layers...).Lookup(tc.query) {
				got = append(got, p.Lat)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Lookup(%q) latitudes (-want +got):\n%s", tc.query, diff)
			}
		})
	}
}

func TestAdmin1(t *testing.T) {
	base, imp, _ := layeredGazetteer(t)
	g := New(base)
	for _, tc := range []struct{ code, want string }{
		{"09", "Aleppo"}, {"08", "Rif Dimashq"}, {"12", "Idlib"}, {"99", ""},
	} {
		if got := g.Admin1Name("SY", tc.code); got != tc.want {
			t.Errorf("Admin1Name(SY, %s) = %q, want %q", tc.code, got, tc.want)
		}
	}
	tests := []struct {
		name   string
		g      *Gazetteer
		code   string
		want   Place
		wantOK bool
	}{
		{"capital PPLA", g, "09", derived("09", "Aleppo", 36.20124, 37.16117), true},
		{"capital PPLC", g, "13", derived("13", "Dimashq", 33.5102, 36.29128), true},
		{"mean of places", g, "08", derived("08", "Rif Dimashq", (33.57175+33.55869)/2, (36.4027+36.36515)/2), true},
		{"name only", g, "12", Place{}, false},
		{"ADM1 from an import", New(base, imp), "12", Place{ID: 169388, Name: "Idlib Governorate", Lat: 35.75, Lon: 36.6,
			Class: 'A', Feature: "ADM1", Country: "SY", Admin1Code: "12", Admin1: "Idlib", Source: "geonames"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.g.Admin1Place("SY", tc.code)
			if ok != tc.wantOK {
				t.Fatalf("Admin1Place ok = %v, want %v", ok, tc.wantOK)
			}
			if diff := cmp.Diff(tc.want, got, cmp.Comparer(approx)); diff != "" {
				t.Errorf("Admin1Place (-want +got):\n%s", diff)
			}
		})
	}
}

// derived is the place Admin1Place makes up for SY's division code.
func derived(code, name string, lat, lon float64) Place {
	return Place{Name: name, Lat: lat, Lon: lon, Class: 'A', Feature: "ADM1", Country: "SY",
		Admin1Code: code, Admin1: name, Source: DerivedSource}
}

// approx compares coordinates to the stored precision.
func approx(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }

func TestCountry(t *testing.T) {
	g := New(mustIndex(t, testPlaces(), testMeta()))
	tests := []struct {
		code     caption.CountryCode
		name     string
		lat, lon float64
		ok       bool
	}{
		{"SY", "Syria", 33.5102, 36.29128, true},   // Damascus, the PPLC
		{"JO", "Jordan", 32.34289, 36.20804, true}, // no PPLC here: mean of Mafraq alone
		{"FR", "", 0, 0, false},                    // named, but no places
		{"XX", "", 0, 0, false},
	}
	for _, tc := range tests {
		name, lat, lon, ok := g.Country(tc.code)
		if name != tc.name || !approx(lat, tc.lat) || !approx(lon, tc.lon) || ok != tc.ok {
			t.Errorf("Country(%s) = %q, %v, %v, %v; want %q, %v, %v, %v", tc.code, name, lat, lon, ok, tc.name, tc.lat, tc.lon, tc.ok)
		}
	}
}

func TestFuzzy(t *testing.T) {
	g := New(mustIndex(t, testPlaces(), testMeta()))
	tests := []struct {
		name    string
		query   string
		country caption.CountryCode
		dist    int
		want    []string
	}{
		{"exact within 0", "Manbij", "SY", 0, []string{"Manbij"}},
		{"one edit, not allowed", "Mambij", "SY", 0, nil},
		{"one edit", "Mambij", "SY", 1, []string{"Manbij"}},
		{"any country", "Mambij", "", 1, []string{"Manbij"}},
		{"other country", "Mambij", "JO", 1, nil},
		{"first letter fixed", "Nanbij", "SY", 2, nil},
		{"capped at 3", "Mrstuvbj", "", 10, nil},
		{"negative", "Manbij", "SY", -1, nil},
		{"closer first", "Damascos", "", 1, []string{"Damascus", "Damascus"}},
		{"arabic", "حلبا", "SY", 1, []string{"Aleppo"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, p := range g.Fuzzy(tc.query, tc.country, tc.dist) {
				got = append(got, p.Name)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Fuzzy(%q, %q, %d) (-want +got):\n%s", tc.query, tc.country, tc.dist, diff)
			}
		})
	}
}

func TestLayers(t *testing.T) {
	base, imp, corr := layeredGazetteer(t)
	g := New(base, imp, corr)
	var names []string
	for _, l := range g.Layers() {
		names = append(names, l.Name)
	}
	if diff := cmp.Diff([]string{"test", "import", "corrections"}, names); diff != "" {
		t.Errorf("Layers names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"geonames", "other-team", "syrian-archive"}, g.Layers()[1].Sources); diff != "" {
		t.Errorf("import sources (-want +got):\n%s", diff)
	}
	if s := g.Stats(); s.Layers != 3 || s.Places != len(testPlaces())+4+2 {
		t.Errorf("Stats = %+v", s)
	}
}

// TestSupplementYields: a place of the embedded supplement gives way to a
// team layer's place of its name a few kilometres off, and stays beside
// one in another country or far away.
func TestSupplementYields(t *testing.T) {
	base := mustIndex(t, []Place{
		{ID: 1, Name: "Kansafra", Lat: 35.663, Lon: 36.527, Class: 'P', Feature: "PPL", Country: "SY", Population: 6000, Source: SupplementSource},
		{ID: 2, Name: "Tal Rifaat", Lat: 36.511, Lon: 37.097, Class: 'P', Feature: "PPL", Country: "SY", Population: 20000, Source: SupplementSource},
		{ID: 3, Name: "Atmeh", Lat: 36.313, Lon: 36.672, Class: 'P', Feature: "PPL", Country: "SY", Population: 10000, Source: SupplementSource},
	}, testMeta())
	team := mustIndex(t, []Place{
		{ID: 7, Name: "Kansafra", Lat: 35.660, Lon: 36.485, Class: 'P', Feature: "PPL", Country: "SY", Source: "team"},
		{ID: 8, Name: "Tal Rifaat", Lat: 36.80, Lon: 37.40, Class: 'P', Feature: "PPL", Country: "SY", Source: "team"},
		{ID: 9, Name: "Atmeh", Lat: 36.313, Lon: 36.672, Class: 'P', Feature: "PPL", Country: "JO", Source: "team"},
	}, IndexMeta{Name: "team"})
	g := New(base, team)
	for _, tc := range []struct {
		name    string
		sources []string
	}{
		{"Kansafra", []string{"team"}},                     // 3.8 km apart: the team's alone
		{"Tal Rifaat", []string{SupplementSource, "team"}}, // 42 km apart: both
		{"Atmeh", []string{SupplementSource, "team"}},      // another country: both
	} {
		var got []string
		for _, p := range g.Lookup(tc.name) {
			got = append(got, p.Source)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.sources) {
			t.Errorf("Lookup(%q): sources %v, want %v", tc.name, got, tc.sources)
		}
	}
	// Alone, the supplement's place is found.
	if got := New(base).Lookup("Kansafra"); len(got) != 1 || got[0].Source != SupplementSource {
		t.Errorf("Lookup(Kansafra) without the team's layer = %+v", got)
	}
}
