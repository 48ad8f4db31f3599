package geocode

import (
	"strings"
	"testing"

	"sijil/internal/caption"
)

// TestCountryPart checks that a caption whose only locatable words are a
// direction and a country stands in that part of the country, nearer the
// scene than the capital is. Every caption was written for this test; the
// points are real towns of that part.
func TestCountryPart(t *testing.T) {
	g := mustEmbedded(t)
	tests := []struct {
		name, text, country string
		country2            caption.CountryCode
		lat, lon            float64 // a town of that part
		km                  float64 // how near the point must be
	}{
		{"western Nepal", "Villagers clear rubble in Chiuri, western Nepal, November 5, 2023. (Photo by Ram Thapa / AFP)", "Nepal", "NP", 28.74, 82.19, 200},
		{"eastern Chad", "Sudanese refugees queue at a camp near Hadjer Hadid, eastern Chad, on May 3, 2024. REUTERS/Abdel Mahamat", "Chad", "TD", 13.83, 20.83, 200},
		{"eastern Slovakia", "Refugees wait at the crossing in Ubla, eastern Slovakia, March 2, 2022. REUTERS/Jana Kollar", "Slovakia", "SK", 48.72, 21.26, 120},
		{"northern Burkina Faso", "Soldiers patrol near Tongomayel in northern Burkina Faso, March 2, 2020. (Photo by Boubacar Kone / AFP)", "Burkina Faso", "BF", 14.10, -1.63, 200},
		{"south-eastern Niger", "Refugees gather in Toumour, in south-eastern Niger, June 20, 2016. (Photo by Issa Moussa / AFP)", "Niger", "NE", 13.32, 12.61, 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i := strings.LastIndex(tc.text, tc.country)
			rec := caption.Record{Text: tc.text, Country: tc.country2, CountryBasis: caption.CountryNamed,
				PlaceRefs: []caption.PlaceRef{{Name: "Zzyzxqwv"}},
				Evidence:  map[string][]caption.Span{"country": {{Start: i, End: i + len(tc.country)}}}}
			g.Resolve(&rec, nil)
			if rec.Location == nil || rec.Location.Precision != 4 {
				t.Fatalf("location %+v, want the country's", rec.Location)
			}
			_, clat, clon, _ := g.Country(tc.country2)
			d := distanceKm(rec.Location.Lat, rec.Location.Lon, tc.lat, tc.lon)
			if d > tc.km || d >= distanceKm(clat, clon, tc.lat, tc.lon) {
				t.Errorf("%.0f km from the part's town (capital: %.0f km), want under %.0f", d, distanceKm(clat, clon, tc.lat, tc.lon), tc.km)
			}
		})
	}
	t.Run("no direction: the capital", func(t *testing.T) {
		text := "Villagers clear rubble in Chiuri, Nepal, November 5, 2023."
		i := strings.LastIndex(text, "Nepal")
		rec := caption.Record{Text: text, Country: "NP", CountryBasis: caption.CountryNamed,
			PlaceRefs: []caption.PlaceRef{{Name: "Zzyzxqwv"}},
			Evidence:  map[string][]caption.Span{"country": {{Start: i, End: i + 5}}}}
		g.Resolve(&rec, nil)
		_, clat, clon, _ := g.Country("NP")
		if rec.Location == nil || rec.Location.Lat != clat || rec.Location.Lon != clon {
			t.Errorf("location %+v, want the capital's point", rec.Location)
		}
	})
}
