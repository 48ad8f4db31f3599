package main

import (
	"testing"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// TestGazetteerCountriesAssigned checks the server's fixed list of country
// codes (caption.CountryCode.Assigned, which corrections are held to)
// against the embedded gazetteer: every country the gazetteer knows must
// be on it, or a correction could not name a country records carry.
func TestGazetteerCountriesAssigned(t *testing.T) {
	ix, err := geocode.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g := geocode.New(ix)
	known := 0
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			c := caption.CountryCode([]rune{a, b})
			if _, _, _, ok := g.Country(c); ok {
				known++
				if !c.Assigned() {
					t.Errorf("the gazetteer knows country %s, which caption.CountryCode.Assigned refuses", c)
				}
			}
		}
	}
	if known < 200 {
		t.Errorf("the gazetteer knows %d countries: the check ran against too few", known)
	}
	t.Logf("%d countries in the embedded gazetteer", known)
}
