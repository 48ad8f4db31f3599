package geocode

import (
	"testing"

	"sijil/internal/caption"
)

// TestRegionExonyms: regions captions name without a town resolve to the
// division that holds them, at precision 3, in their country; before,
// "Sinai" was a village in Chiapas, "Ghouta" Ghoti in India, "Donbas" and
// "Lesbos" nothing.
func TestRegionExonyms(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		ref  string
		cc   caption.CountryCode
		want string
	}{
		{"Donbas", "UA", "Donetsk"}, {"Donbass", "UA", "Donetsk"},
		{"Sinai", "EG", "North Sinai"}, {"Lesbos", "GR", "North Aegean"},
		{"Lesvos", "GR", "North Aegean"}, {"Eastern Ghouta", "SY", "Rif-dimashq"},
		{"Ghouta", "SY", "Rif-dimashq"},
	} {
		rec := caption.Record{PlaceRefs: refs(tc.ref), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != tc.cc || l.Precision != 3 || l.Name != tc.want && l.Preferred != tc.want {
			t.Errorf("%s: location %+v, want %s in %s at precision 3; warnings %q", tc.ref, l, tc.want, tc.cc, rec.Warnings)
		}
	}
}

// TestLatinExonymWrittenClose: a Latin row takes only names spelt close to
// its own. Keys fold vowels away, and "Sinai" shares Sanaa's key,
// "Ghouta" Guwahati's, "Lesbos" Lusby's: those cities stay themselves.
// Arabic rows keep their keys' folding ("اطمه" for "أطمة").
func TestLatinExonymWrittenClose(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		ref string
		cc  caption.CountryCode
	}{
		{"Sanaa", "YE"}, {"Guwahati", "IN"}, {"Lusby", "US"},
	} {
		rec := caption.Record{PlaceRefs: refs(tc.ref), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != tc.cc || l.Precision != 1 {
			t.Errorf("%s: location %+v, want a town in %s; warnings %q", tc.ref, l, tc.cc, rec.Warnings)
		}
	}
	for _, tc := range []struct {
		row     exonym
		written string
		want    bool
	}{
		{exonym{country: "EG", name: "North Sinai", latin: writtenForm("Sinai")}, writtenForm("Sinai"), true},
		{exonym{country: "EG", name: "North Sinai", latin: writtenForm("Sinai")}, writtenForm("Sanaa"), false},
		{exonym{country: "UA", name: "Donetsk Oblast", latin: writtenForm("Donbas")}, writtenForm("Donbass"), true},
		{exonym{country: "SY", name: "Atimah"}, writtenForm("اطمه"), true},
	} {
		if got := tc.row.closeTo(tc.written); got != tc.want {
			t.Errorf("%+v closeTo(%q) = %v, want %v", tc.row, tc.written, got, tc.want)
		}
	}
}
