package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/geocode"
)

func TestCleanAlternate(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Aleppo (Halab)", []string{"Aleppo", "Halab"}},
		{"GAZ-00 (Gaza Strip aggregation)", nil},
		{"-99", nil},
		{"N¡nive", nil},
		{"SÃ£o Filipe", nil},
		{"VIII", nil},
		{"K.P.", nil},
		{"Southern", nil},
		{"Capital", nil},
		{"sud", nil},
		{"Go", nil},
		{"Ibb", []string{"Ibb"}},
		{"  Karlovy  Vary ", []string{"Karlovy Vary"}},
		{"محافظة حلب", []string{"محافظة حلب"}},
		{"إب", []string{"إب"}},
		{"Calif.", []string{"Calif."}},
		{"Kherson Oblast", []string{"Kherson Oblast"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, cleanAlternate(tc.in)); diff != "" {
			t.Errorf("cleanAlternate(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestNameAgreement(t *testing.T) {
	tests := []struct {
		name   string
		admin1 string
		f      neProps
		want   int
	}{
		{"own name", "Idlib", neProps{Name: "Idlib", GNName: "Muhafazat Idlib"}, 3},
		{"division word and article", "Kherson", neProps{Name: "Khersons'ka Oblast'", NameEn: "Kherson Oblast"}, 3},
		{"near spelling", "Tafielah", neProps{Name: "Tafilah"}, 3},
		{"renumbered code", "Île-de-France", neProps{Name: "Aude", GNName: "Departement de l'Aude"}, 0},
		{"urban county carries its county's GeoNames name", "Hajdú-Bihar",
			neProps{Name: "Debrecen", NameEn: "Debrecen", GNName: "Hajdu-Bihar megye"}, 1},
		{"alternate", "Anbar", neProps{Name: "Dulaim", NameAlt: "Ramadi|Al Anbar"}, 2},
		{"GNS form", "Halab", neProps{Name: "X", GNSName: "Halab, Muhafazat"}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := nameAgreement(tc.admin1, tc.f); got != tc.want {
				t.Errorf("nameAgreement(%q, %+v) = %d, want %d", tc.admin1, tc.f, got, tc.want)
			}
		})
	}
}

// TestDivisionPlaces runs the whole step on a small collection: duplicates
// and mismatches are skipped, towns' and other divisions' names left out,
// abbreviations added.
func TestDivisionPlaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "admin1.json")
	geojson := `{"type": "FeatureCollection", "features": [
	{"type": "Feature", "geometry": {"type": "Point", "coordinates": [0, 0]}, "properties": {"iso_a2": "IQ",
		"gn_a1_code": "IQ.15", "gn_id": 92877, "name": "Ninawa", "name_en": "Nineveh", "name_alt": "Al-Mawsil|Mosul|Ninive",
		"gns_name": "Ninawa, Muhafazat", "woe_name": "-99", "name_ar": "محافظة نينوى", "name_fr": "de Ninive",
		"latitude": 35.92, "longitude": 42.75}},
	{"type": "Feature", "properties": {"iso_a2": "IQ", "gn_a1_code": "IQ.15", "gn_id": 1, "name": "Mosul",
		"gn_name": "Muhafazat Ninawa", "latitude": 36, "longitude": 43}},
	{"type": "Feature", "properties": {"iso_a2": "US", "gn_a1_code": "US.CA", "gn_id": 5332921, "name": "California",
		"name_alt": "CA|Calif.", "postal": "CA", "latitude": 36.75, "longitude": -119.59}},
	{"type": "Feature", "properties": {"iso_a2": "FR", "gn_a1_code": "FR.11", "gn_id": 3038032, "name": "Aude",
		"latitude": 43, "longitude": 2.4}},
	{"type": "Feature", "properties": {"iso_a2": "TZ", "gn_a1_code": "TZ.", "gn_id": 2, "name": "Zanzibar",
		"latitude": -6, "longitude": 39}}
	]}`
	if err := os.WriteFile(path, []byte(geojson), 0o644); err != nil {
		t.Fatal(err)
	}
	features, err := readNEProps(path)
	if err != nil {
		t.Fatal(err)
	}
	admin1 := map[string]string{"IQ.15": "Nineveh", "US.CA": "California", "FR.11": "Île-de-France"}
	cities := []geocode.Place{
		{ID: 99072, Name: "Mosul", Alternates: []string{"Al-Mawsil"}, Country: "IQ", Admin1Code: "15"},
		{ID: 5332, Name: "Ninive", Country: "FR"}, // another country's town does not count
	}
	places, st := divisionPlaces(features, admin1, cities)
	want := []geocode.Place{
		{ID: 92877, Name: "Nineveh", Alternates: []string{"Ninawa", "Ninive", "محافظة نينوى"},
			Lat: 35.92, Lon: 42.75, Class: 'A', Feature: "ADM1", Country: "IQ", Admin1Code: "15", Admin1: "Nineveh", Source: "geonames"},
		{ID: 5332921, Name: "California", Alternates: []string{"Calif.", "CA"},
			Lat: 36.75, Lon: -119.59, Class: 'A', Feature: "ADM1", Country: "US", Admin1Code: "CA", Admin1: "California", Source: "geonames"},
	}
	if diff := cmp.Diff(want, places); diff != "" {
		t.Errorf("divisionPlaces (-want +got):\n%s", diff)
	}
	gotSt := [...]int{st.features, st.unknownCode, st.nameMismatch, st.dupCode, st.alts.seat}
	if wantSt := [...]int{5, 1, 1, 1, 2}; gotSt != wantSt {
		t.Errorf("features, unknown code, mismatch, duplicate code, towns' names = %v, want %v", gotSt, wantSt)
	}
}

// TestStateAbbreviations checks the AP table: every state but the eight
// the AP Stylebook spells out has one abbreviation ending in a period.
func TestStateAbbreviations(t *testing.T) {
	n := 0
	for code, abbrs := range stateAbbreviations {
		if code[:3] != "US." || code == "US.DC" {
			continue
		}
		n++
		if len(abbrs) != 1 || abbrs[0][len(abbrs[0])-1] != '.' {
			t.Errorf("%s: %q, want one abbreviation ending in a period", code, abbrs)
		}
	}
	for _, code := range []string{"US.AK", "US.HI", "US.ID", "US.IA", "US.ME", "US.OH", "US.TX", "US.UT"} {
		if _, ok := stateAbbreviations[code]; ok {
			t.Errorf("%s has an abbreviation; the AP Stylebook spells it out", code)
		}
	}
	if n != 50-8 {
		t.Errorf("%d US states abbreviated, want 42", n)
	}
}
