package geocode

import (
	"slices"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// TestCountryReading: a country's name that is also a division's abroad
// ("Georgia") is the country unless the caption speaks for the division's
// country. Before, a caption naming Georgia and a place the gazetteer
// lacks (the Pankisi Gorge) was put in the US state.
func TestCountryReading(t *testing.T) {
	run6(t, []case6{
		{"Georgia alone", place6{refs: []string{"Georgia"}}, want6{"GE", "", 4}},
		{"an unknown gorge, Georgia", place6{refs: []string{"Khevsureti Gorge", "Georgia"}}, want6{"GE", "", 4}},
		{"the Pankisi Gorge, Georgia", place6{refs: []string{"Pankisi Gorge", "Georgia"}}, want6{"GE", "Kakheti", 3}},
		{"an unknown village, Georgia, hinted Russian", place6{refs: []string{"Duisi", "Georgia"}, cc: "RU", basis: caption.CountryHint}, want6{"GE", "", 4}},
		{"South Ossetia in French, hinted Russian", place6{refs: []string{"Ossétie du Sud"}, cc: "RU", basis: caption.CountryHint}, want6{"GE", "", 3}},
		{"a town of South Ossetia in French", place6{refs: []string{"Tskhinvali", "Ossétie du Sud"}}, want6{"GE", "", 1}},
		{"North Ossetia in French is Russia's", place6{refs: []string{"Beslan", "Ossétie du Nord"}}, want6{"RU", "", 1}},
		{"South Kordofan in French", place6{refs: []string{"Kordofan du Sud"}}, want6{"SD", "", 3}},
		{"South Lebanon in French", place6{refs: []string{"Sud-Liban"}}, want6{"LB", "", 3}},
		{"South Lebanon in French, the other order", place6{refs: []string{"Liban-Sud"}}, want6{"LB", "", 3}},
		{"the Gulf of Aden off Djibouti, not Papua New Guinea's Gulf", place6{refs: []string{"Gulf of Aden"}, cc: "DJ", basis: caption.CountryHint}, want6{"DJ", "", 4}},
		{"the Sea of Azov near a town", place6{refs: []string{"Sea of Azov", "Berdiansk"}, cc: "UA", basis: caption.CountryHint}, want6{"UA", "", 2}},
		{"North Darfur in French", place6{refs: []string{"Darfour du Nord"}}, want6{"SD", "", 3}},
		// Near misses: a town of the state, of the country; the United
		// States named; a name only alike to a country's.
		{"Albany, Georgia", place6{refs: []string{"Albany", "Georgia"}}, want6{"US", "Albany", 1}},
		{"Senaki, Georgia", place6{refs: []string{"Senaki", "Georgia"}}, want6{"GE", "", 1}},
		{"Georgia's capital Tbilisi", place6{refs: []string{"Georgia", "Tbilisi"}}, want6{"GE", "Tbilisi", 1}},
		{"Georgia in a caption of the United States", place6{refs: []string{"Georgia"}, cc: "US", basis: caption.CountryNamed}, want6{"US", "Georgia", 3}},
		{"Sidon, no Sweden", place6{refs: []string{"Sidon"}, cc: "LB", basis: caption.CountryHint}, want6{"LB", "", 0}},
	}, func(t *testing.T, rec *caption.Record) {
		if slices.ContainsFunc(rec.Warnings, func(w string) bool { return strings.Contains(w, `"Georgia"`) }) {
			t.Errorf("warnings %q name Georgia, which was found", rec.Warnings)
		}
	})
}

// TestNearestToHint: of namesakes abroad that only rank and size told
// apart, the one near the country the caption hints at. Before, Sudanese
// refugees at "أدري" were put at Idri in Libya.
func TestNearestToHint(t *testing.T) {
	run6(t, []case6{
		{"Adré with Sudanese refugees", place6{refs: []string{"أدري"}, cc: "SD", basis: caption.CountryHint}, want6{"TD", "", 1}},
		// Near misses: no hint, a hint of a country far from both, a
		// country named.
		{"أدري alone", place6{refs: []string{"أدري"}}, want6{"LY", "", 1}},
		{"أدري with Yemeni refugees", place6{refs: []string{"أدري"}, cc: "YE", basis: caption.CountryHint}, want6{"LY", "", 1}},
		{"Idri in Libya", place6{refs: []string{"Idri"}, cc: "LY", basis: caption.CountryNamed}, want6{"LY", "", 1}},
	})
}

// TestDivisionGivesWay: a division written before a town in it gives way
// to the town. Before, "the Donbas region, Bakhmut" was Donetsk Oblast at
// precision 3.
func TestDivisionGivesWay(t *testing.T) {
	run6(t, []case6{
		{"the Donbas, Bakhmut", place6{refs: []string{"Donbas", "Bakhmut"}}, want6{"UA", "Bakhmut", 1}},
		{"Casamance, Ziguinchor", place6{refs: []string{"Casamance", "Ziguinchor"}}, want6{"SN", "Ziguinchor", 1}},
		{"Idlib province, Saraqib", place6{refs: []string{"Idlib Governorate", "Saraqib"}}, want6{"SY", "Sarāqib", 1}},
		// Near misses: the town first; a town outside the division; a
		// division after a division.
		{"Kramatorsk, Donetsk region", place6{refs: []string{"Kramatorsk", "Donetsk Oblast"}}, want6{"UA", "Kramatorsk", 1}},
		{"Darfur, Nyala", place6{refs: []string{"Darfur", "Nyala"}}, want6{"SD", "Nyala", 2}},
		{"the Donbas, Luhansk region", place6{refs: []string{"Donbas", "Luhansk Oblast"}}, want6{"UA", "", 3}},
	})
	// The division that gave way is found, not missing.
	if rec := resolve6(t, mustEmbedded(t), place6{refs: []string{"Donbas", "Bakhmut"}}); len(rec.Warnings) > 0 {
		t.Errorf("warnings %q, want none: the Donbas holds Bakhmut", rec.Warnings)
	}
}

// TestCountryNamed: a reference names a country only when it is spelt as
// the country's name. Before, by the loose key, "Sidon" named Sweden.
func TestCountryNamed(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		name string
		want caption.CountryCode // "" for none
	}{
		{"Georgia", "GE"},
		{"Syria", "SY"},
		{"Lebanon", "LB"},
		{"Sidon", ""},
		{"Sweden", "SE"},
		{"Gaza", ""},
	} {
		got, ok := g.countryNamed(tc.name)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("countryNamed(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
