package parse

import (
	"slices"
	"testing"
)

// The captions of these tables were written for sijil's tests; the scenes
// and photographers are invented.

// "en" before a capitalised name that is no country opens a region (the
// country's own is the country's): "en Casamance" found no place before.
func TestFrenchEnRegion(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"Casamance", "Des soldats sénégalais patrouillent en Casamance, le 26 janvier 2021. (Photo Jean Dupont / AFP)",
			frScene{Places: []string{"Casamance"}, Country: "SN"}},
		{"Ituri", "Des déplacés attendent une distribution d'eau en Ituri, le 14 juin 2023. (Photo Jean Dupont / AFP)",
			frScene{Places: []string{"Ituri"}}},
		// Near misses: a country, a continent.
		{"a country", "Des enfants jouent dans une rue en Syrie, le 3 mars 2021. (Photo Jean Dupont / AFP)",
			frScene{Country: "SY"}},
		{"a continent", "Des migrants secourus en Méditerranée arrivent en Europe, le 3 mars 2021. (Photo Jean Dupont / AFP)",
			frScene{}},
	})
}

// A desert or a plain governs its region's name ("صحراء النقب", "سهل
// نينوى"), and an adjective after an indefinite place word is no name
// ("قرية بدوية", a Bedouin village): before, the Negev caption's place was
// "بدوية".
func TestArabicRegionWords(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"a desert", "قرية بدوية غير معترف بها في صحراء النقب، 2 أيار 2021. (رويترز)", []string{"النقب"}},
		{"a plain", "مسيحيون عراقيون يعودون إلى قراهم في سهل نينوى، 3 تشرين الثاني 2016. (أ ف ب)", []string{"نينوى"}},
		{"a border town", "قصف على بلدة حدودية قرب مدينة الخيام، 3 أيار 2024. (رويترز)", []string{"الخيام"}},
		// Near miss: a named village keeps its name.
		{"a named village", "دمار في قرية كفرنبل بريف إدلب، 3 أيار 2019. (رويترز)", []string{"كفرنبل", "إدلب"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			var got []string
			for _, ref := range r.PlaceRefs {
				got = append(got, ref.Name)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("places %q, want %q", got, tc.want)
			}
		})
	}
}
