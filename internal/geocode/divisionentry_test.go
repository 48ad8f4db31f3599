package geocode

import (
	"fmt"
	"slices"
	"testing"

	"sijil/internal/caption"
)

// The embedded data's first-level divisions are ADM1 entries of their own
// (gen's divisionPlaces, from Natural Earth): found by their names and
// abbreviations, at a point inside them.

// findEntry returns the ADM1 entry of country's admin1 code among places,
// and its position.
func findEntry(places []Place, country caption.CountryCode, code string) (Place, int) {
	for i, p := range places {
		if p.Feature == "ADM1" && p.Country == country && p.Admin1Code == code && p.IsGeoNames() && p.ID != 0 {
			return p, i
		}
	}
	return Place{}, -1
}

// mustDivision returns the embedded ADM1 entry of a division.
func mustDivision(t *testing.T, g *Gazetteer, country caption.CountryCode, code string) Place {
	t.Helper()
	p, ok := g.Admin1Place(country, code)
	if !ok || p.Source != "geonames" || p.ID == 0 || p.Feature != "ADM1" || p.Class != 'A' {
		t.Fatalf("Admin1Place(%s, %s) = %+v, %v; want an ADM1 entry of the data", country, code, p, ok)
	}
	return p
}

func TestDivisionEntryCalifornia(t *testing.T) {
	g := mustEmbedded(t)
	p := mustDivision(t, g, "US", "CA")
	if p.ID != 5332921 || p.Name != "California" || p.Population != 0 {
		t.Errorf("US.CA = %+v; want California (5332921), population 0", p)
	}
	if d := distanceKm(p.Lat, p.Lon, 36.75, -119.6); d > 150 {
		t.Errorf("California at %v,%v: %.0f km from the state's centre", p.Lat, p.Lon, d)
	}
	// "Fresno, Calif." found Calaf in Spain: the abbreviation is now the
	// state's name, spelt like the caption, so it comes first.
	if _, i := findEntry(g.Lookup("Calif."), "US", "CA"); i != 0 {
		t.Errorf(`Lookup("Calif."): California at %d, want first`, i)
	}
	for _, name := range []string{"California", "CA", "Californie", "كاليفورنيا"} {
		if _, i := findEntry(g.Lookup(name), "US", "CA"); i < 0 {
			t.Errorf("Lookup(%q) misses California", name)
		}
	}
}

func TestDivisionEntryAleppo(t *testing.T) {
	g := mustEmbedded(t)
	p := mustDivision(t, g, "SY", "09")
	if p.ID != 170062 || p.Name != "Aleppo" {
		t.Errorf("SY.09 = %d %q, want Aleppo (170062)", p.ID, p.Name)
	}
	for _, a := range []string{"محافظة حلب", "Alep"} {
		if !slices.Contains(p.Alternates, a) {
			t.Errorf("Aleppo governorate's alternates %q lack %q", p.Alternates, a)
		}
		if _, i := findEntry(g.Lookup(a), "SY", "09"); i < 0 {
			t.Errorf("Lookup(%q) misses the governorate", a)
		}
	}
	// The city shares the governorate's names and stays first: the
	// division has no population to outrank it with.
	for _, name := range []string{"Aleppo", "Halab"} {
		if c := g.Lookup(name); len(c) == 0 || c[0].ID != 170063 {
			t.Errorf("Lookup(%q)[0] = %+v, want the city Aleppo (170063)", name, c[:min(1, len(c))])
		}
	}
}

func TestDivisionEntryNames(t *testing.T) {
	g := mustEmbedded(t)
	tests := []struct {
		name    string
		country caption.CountryCode
		code    string
	}{
		{"Kherson Oblast", "UA", "08"},
		{"Kherson", "UA", "08"},
		{"Nineveh", "IQ", "15"},
		{"Ninawa", "IQ", "15"},
		{"Anbar", "IQ", "01"},
		{"Idleb", "SY", "12"},
		{"Deir ez-Zor", "SY", "07"},
		{"Rif Dimashq", "SY", "08"},
		{"Hadramawt", "YE", "04"},
		{"Helmand", "AF", "10"},
		{"Gaza Strip", "PS", "GZ"},
		{"Fla.", "US", "FL"},
		{"Mo.", "US", "MO"},
		{"MO", "US", "MO"},
		{"N.S.", "CA", "07"},
		{"Ont.", "CA", "08"},
		{"NSW", "AU", "02"},
		{"Qld", "AU", "04"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, i := findEntry(g.Lookup(tc.name), tc.country, tc.code); i < 0 || i >= maxCandidates {
				t.Errorf("Lookup(%q): %s.%s at %d, want among the first %d", tc.name, tc.country, tc.code, i, maxCandidates)
			}
		})
	}
}

// TestDivisionEntryNotTownNames: Natural Earth lists a division's seat
// among its names ("Mosul" for Nineveh, "Homs" for Libya's Al Marqab,
// "Damascus" for Rif Dimashq); a caption's "Mosul" is the city, so those
// are left out.
func TestDivisionEntryNotTownNames(t *testing.T) {
	g := mustEmbedded(t)
	tests := []struct {
		name    string
		country caption.CountryCode
		code    string
	}{
		{"Mosul", "IQ", "15"},
		{"Ramadi", "IQ", "01"},
		{"Homs", "LY", "82"},
		{"Damascus", "SY", "08"},
		{"Canberra", "AU", "01"},
		{"Washington", "US", "DC"},
	}
	for _, tc := range tests {
		if _, i := findEntry(g.Lookup(tc.name), tc.country, tc.code); i >= 0 {
			t.Errorf("Lookup(%q) finds the division %s.%s", tc.name, tc.country, tc.code)
		}
	}
}

// TestDivisionEntryCoverage: every admin1 code of Syria, Iraq but Halabja
// (admin1.json's IQ.19, which Natural Earth does not have) and the US
// (50 states and DC) has its entry, and every US state but the eight the
// AP Stylebook spells out is found by its AP abbreviation, every one by its
// postal code.
func TestDivisionEntryCoverage(t *testing.T) {
	g := mustEmbedded(t)
	for i := 1; i <= 14; i++ {
		mustDivision(t, g, "SY", fmt.Sprintf("%02d", i))
	}
	for i := 1; i <= 18; i++ {
		mustDivision(t, g, "IQ", fmt.Sprintf("%02d", i))
	}
	for code, abbr := range apStates {
		p := mustDivision(t, g, "US", code)
		for _, name := range []string{code, abbr} {
			if name == "" {
				continue
			}
			if _, i := findEntry(g.Lookup(name), "US", code); i < 0 || i >= maxCandidates {
				t.Errorf("Lookup(%q): %s at %d, want among the first %d", name, p.Name, i, maxCandidates)
			}
		}
	}
	if len(apStates) != 51 {
		t.Errorf("%d US codes, want 51", len(apStates))
	}
}

// apStates maps the US admin1 codes (the postal codes) to the AP
// Stylebook's abbreviations; "" for the states it never abbreviates.
var apStates = map[string]string{
	"AL": "Ala.", "AK": "", "AZ": "Ariz.", "AR": "Ark.", "CA": "Calif.", "CO": "Colo.", "CT": "Conn.",
	"DE": "Del.", "DC": "D.C.", "FL": "Fla.", "GA": "Ga.", "HI": "", "ID": "", "IL": "Ill.", "IN": "Ind.",
	"IA": "", "KS": "Kan.", "KY": "Ky.", "LA": "La.", "ME": "", "MD": "Md.", "MA": "Mass.", "MI": "Mich.",
	"MN": "Minn.", "MS": "Miss.", "MO": "Mo.", "MT": "Mont.", "NE": "Neb.", "NV": "Nev.", "NH": "N.H.",
	"NJ": "N.J.", "NM": "N.M.", "NY": "N.Y.", "NC": "N.C.", "ND": "N.D.", "OH": "", "OK": "Okla.",
	"OR": "Ore.", "PA": "Pa.", "RI": "R.I.", "SC": "S.C.", "SD": "S.D.", "TN": "Tenn.", "TX": "",
	"UT": "", "VT": "Vt.", "VA": "Va.", "WA": "Wash.", "WV": "W.Va.", "WI": "Wis.", "WY": "Wyo.",
}

// TestDivisionEntryCodeAgreement: Natural Earth's FR.11 is the département
// Aude, GeoNames' the region Île-de-France; a feature whose names disagree
// with its code's is no entry, so the region stays at its capital.
func TestDivisionEntryCodeAgreement(t *testing.T) {
	g := mustEmbedded(t)
	p, ok := g.Admin1Place("FR", "11")
	if !ok || p.Name != "Île-de-France" {
		t.Fatalf("Admin1Place(FR, 11) = %+v, %v", p, ok)
	}
	if d := distanceKm(p.Lat, p.Lon, 48.8534, 2.3488); d > 100 {
		t.Errorf("Île-de-France at %v,%v (%s %d): %.0f km from Paris", p.Lat, p.Lon, p.Source, p.ID, d)
	}
}
