package geocode

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestStatedDistance checks that a town the caption puts farther from its
// reference place than corroborateKm is still the scene when the caption
// states that distance, and only then. Every caption was written for this
// test; the points are the towns' own.
func TestStatedDistance(t *testing.T) {
	places := []Place{
		{ID: 1, Name: "Baghdad", Lat: 33.34, Lon: 44.40, Class: 'P', Feature: "PPLC", Country: "IQ", Admin1Code: "07", Admin1: "Baghdad", Population: 5600000},
		{ID: 2, Name: "Bayji", Alternates: []string{"Baiji"}, Lat: 34.93, Lon: 43.49, Class: 'P', Feature: "PPLA2", Country: "IQ", Admin1Code: "18", Admin1: "Salah ad Din", Population: 36000},
		{ID: 3, Name: "Kirkuk", Lat: 35.47, Lon: 44.39, Class: 'P', Feature: "PPLA", Country: "IQ", Admin1Code: "13", Admin1: "Kirkuk", Population: 600000},
		{ID: 4, Name: "Aden", Lat: 12.78, Lon: 45.04, Class: 'P', Feature: "PPLA", Country: "YE", Admin1Code: "02", Admin1: "Aden", Population: 550000},
		{ID: 5, Name: "Ataq", Lat: 14.54, Lon: 46.83, Class: 'P', Feature: "PPLA", Country: "YE", Admin1Code: "19", Admin1: "Shabwah", Population: 37000},
		{ID: 6, Name: "Khartoum", Lat: 15.55, Lon: 32.53, Class: 'P', Feature: "PPLC", Country: "SD", Admin1Code: "29", Admin1: "Khartoum", Population: 1970000},
		{ID: 7, Name: "El Obeid", Lat: 13.18, Lon: 30.22, Class: 'P', Feature: "PPLA", Country: "SD", Admin1Code: "56", Admin1: "North Kordofan", Population: 390000},
	}
	g := gazetteerOf(t, places, CountryEntry{"IQ", "Iraq"}, CountryEntry{"YE", "Yemen"}, CountryEntry{"SD", "Sudan"})
	type want struct {
		Name      string
		Precision int
	}
	tests := []struct {
		name, text string
		scene, ref string
		country    caption.CountryCode
		want       want
	}{
		{"kilometres", "Iraqi troops advance in Baiji, some 200 km north of Baghdad, on October 20, 2015.", "Baiji", "Baghdad", "",
			want{"Baiji", 1}},
		{"miles", "Smoke rises over Kirkuk, 150 miles north of Baghdad, Iraq, October 21, 2016. (AP Photo)", "Kirkuk", "Baghdad", "IQ",
			want{"Kirkuk", 1}},
		{"a port city as the reference", "Fighters rest in Ataq, about 250 kilometres northeast of the port city of Aden, on August 23, 2019.", "Ataq", "Aden", "",
			want{"Ataq", 1}},
		{"spelt out in the AFP way", "Displaced families arrive in El Obeid, 350 kilometres (220 miles) southwest of Khartoum, on May 4, 2023. (Photo by - / AFP)", "El Obeid", "Khartoum", "",
			want{"El Obeid", 1}},
		// Without a stated distance, a place far from the one named after
		// it is another place, and the later one is used (precision 2).
		{"no distance stated", "Iraqi troops advance in Baiji, north of Baghdad, on October 20, 2015.", "Baiji", "Baghdad", "",
			want{"Baghdad", 2}},
		{"stated distance shorter than the real one", "Smoke rises over Kirkuk, 40 km north of Baghdad, on October 21, 2016.", "Kirkuk", "Baghdad", "",
			want{"Baghdad", 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := caption.Record{Text: tc.text, Country: tc.country, Evidence: map[string][]caption.Span{}}
			if tc.country != "" {
				rec.CountryBasis = caption.CountryNamed
			}
			for _, n := range []string{tc.scene, tc.ref} {
				i := strings.Index(tc.text, n)
				rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: n, Span: caption.Span{Start: i, End: i + len(n)}})
			}
			rec.PlaceRefs[1].Near = true
			g.Resolve(&rec, nil)
			if rec.Location == nil {
				t.Fatalf("no location; warnings %q", rec.Warnings)
			}
			if diff := cmp.Diff(tc.want, want{rec.Location.Name, rec.Location.Precision}); diff != "" {
				t.Errorf("(-want +got):\n%s\nwarnings %q", diff, rec.Warnings)
			}
		})
	}
}

// TestDeadReckon checks that a place missing from the data, which the
// caption puts some distance and direction from a known one, is located
// there rather than at the known place. Every caption was written for this
// test; the points are the missing towns' own. A caption's bearing has
// eight points and its distance is rounded, so the point lands within about
// half the written distance (Al-Qaim lies west-north-west of Baghdad, 330
// km away): still far nearer than the known place's own point.
func TestDeadReckon(t *testing.T) {
	places := []Place{
		{ID: 1, Name: "Tripoli", Lat: 32.89, Lon: 13.19, Class: 'P', Feature: "PPLC", Country: "LY", Admin1Code: "77", Admin1: "Tripoli", Population: 1150000},
		{ID: 2, Name: "Baghdad", Lat: 33.34, Lon: 44.40, Class: 'P', Feature: "PPLC", Country: "IQ", Admin1Code: "07", Admin1: "Baghdad", Population: 5600000},
		{ID: 3, Name: "Kabul", Lat: 34.53, Lon: 69.17, Class: 'P', Feature: "PPLC", Country: "AF", Admin1Code: "13", Admin1: "Kabul", Population: 3000000},
	}
	g := gazetteerOf(t, places, CountryEntry{"LY", "Libya"}, CountryEntry{"IQ", "Iraq"}, CountryEntry{"AF", "Afghanistan"})
	tests := []struct {
		name, text, scene, ref string
		lat, lon, within       float64
	}{
		{"east, kilometres", "Rebels fire rockets in Misrata, some 200 km east of Tripoli, on April 20, 2011.", "Misrata", "Tripoli", 32.38, 15.09, 80},
		{"north-west, miles", "Smoke rises over Al-Qaim, 210 miles northwest of Baghdad, November 2005. (AP Photo)", "Al-Qaim", "Baghdad", 34.37, 41.09, 170},
		{"north, with AFP's miles in brackets", "Afghan forces patrol in Charikar, 60 kilometres (37 miles) north of Kabul, on May 3, 2019.", "Charikar", "Kabul", 35.01, 69.17, 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := caption.Record{Text: tc.text, Evidence: map[string][]caption.Span{}}
			for _, n := range []string{tc.scene, tc.ref} {
				i := strings.Index(tc.text, n)
				rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: n, Span: caption.Span{Start: i, End: i + len(n)}})
			}
			rec.PlaceRefs[1].Near = true
			g.Resolve(&rec, nil)
			if rec.Location == nil || rec.Location.Precision != 2 || rec.Location.Name != tc.ref || rec.Location.GeonameID != 0 {
				t.Fatalf("location %+v, want the reference's name without its GeoNames id, precision 2", rec.Location)
			}
			if d := distanceKm(rec.Location.Lat, rec.Location.Lon, tc.lat, tc.lon); d > tc.within {
				t.Errorf("%.0f km from %s, want under %.0f", d, tc.scene, tc.within)
			}
		})
	}
	t.Run("no direction: the reference's point", func(t *testing.T) {
		text := "Rebels fire rockets in Misrata, some 200 km from Tripoli, on April 20, 2011."
		rec := caption.Record{Text: text, Evidence: map[string][]caption.Span{}}
		for _, n := range []string{"Misrata", "Tripoli"} {
			i := strings.Index(text, n)
			rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: n, Span: caption.Span{Start: i, End: i + len(n)}})
		}
		g.Resolve(&rec, nil)
		if rec.Location == nil || rec.Location.Lat != 32.89 || rec.Location.Lon != 13.19 || rec.Location.GeonameID != 1 {
			t.Errorf("location %+v, want Tripoli's point", rec.Location)
		}
	})
}
