package geocode

import (
	"strings"
	"testing"

	"sijil/internal/caption"
)

// TestExonymsTable holds every row of exonyms.tsv to what it promises: the
// name finds a place of the row's country in the embedded gazetteer, and
// the Arabic name finds it too. A Latin row that a division of another
// country shares ("Kurdistan") finds it in a caption of its country.
func TestExonymsTable(t *testing.T) {
	g := mustEmbedded(t)
	if len(exonyms) == 0 {
		t.Fatal("exonyms.tsv has no rows")
	}
	for _, line := range strings.Split(exonymsTSV, "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			continue
		}
		cc := caption.CountryCode(f[0])
		found := false
		for _, in := range []caption.CountryCode{"", cc} {
			places, _ := g.Candidates(f[1], in)
			for _, p := range places {
				found = found || p.Country == cc
			}
		}
		if !found {
			t.Errorf("%s %s (%s): no candidate in %s", f[0], f[1], f[2], cc)
		}
	}
}

func TestParseExonyms(t *testing.T) {
	m, err := parseExonyms("# comment\n\nSD\tالفاشر\tEl Fasher\nSY\tأطمة\tAtimah\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := m[Key("الفاشر")]; len(got) != 1 || got[0] != (exonym{country: "SD", name: "El Fasher"}) {
		t.Errorf("الفاشر: %v", got)
	}
	if got := m[Key("اطمه")]; len(got) != 1 || got[0].name != "Atimah" {
		t.Errorf("the folded spelling of أطمة: %v", got)
	}
	for _, bad := range []string{"SD\tالفاشر\n", "Sudan\tالفاشر\tEl Fasher\n", "SD\t\tEl Fasher\n"} {
		if _, err := parseExonyms(bad); err == nil || !strings.Contains(err.Error(), "exonyms.tsv:1") {
			t.Errorf("parseExonyms(%q) = %v, want an error naming line 1", bad, err)
		}
	}
}

// TestExonymResolves shows an exonym at work in a caption's resolution, and
// that it gives way to the place the gazetteer finds by the Arabic name
// itself in the same country.
func TestExonymResolves(t *testing.T) {
	g := mustEmbedded(t)
	rec := caption.Record{PlaceRefs: refs("الفاشر|city"), Evidence: map[string][]caption.Span{}}
	g.Resolve(&rec, nil)
	if l := rec.Location; l == nil || l.CountryCode != "SD" || l.Precision != 1 {
		t.Fatalf("الفاشر: location %+v, warnings %q", l, rec.Warnings)
	}
	for _, tc := range []struct {
		ref, feature string
	}{
		{"Taez|city", "PPLA"},     // the data's "Taez" is only the governorate's
		{"Taez", "PPLA"},          // and captions mean the city
		{"Taez|province", "ADM1"}, // unless they say otherwise
	} {
		rec := caption.Record{PlaceRefs: refs(tc.ref), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != "YE" || l.Feature != tc.feature {
			t.Errorf("%s: location %+v, want %s in YE; warnings %q", tc.ref, l, tc.feature, rec.Warnings)
		}
	}
	// "West Darfur" shares its loose key with Wasat (Central) Darfur.
	for _, tc := range []struct{ ref, want string }{
		{"West Darfur|province", "Western Darfur"}, {"South Darfur|province", "Southern Darfur"},
	} {
		rec := caption.Record{PlaceRefs: refs(tc.ref), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.Name != tc.want && l.Preferred != tc.want {
			t.Errorf("%s: location %+v, want %s; warnings %q", tc.ref, l, tc.want, rec.Warnings)
		}
	}
	// The town of Nabatieh, which the data names only in French, and its
	// governorate, which it names in English.
	for _, tc := range []struct {
		ref       string
		precision int
	}{
		{"Nabatieh", 1}, {"Nabatiyé", 1}, {"Nabatieh|province", 3},
	} {
		rec := caption.Record{PlaceRefs: refs(tc.ref), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != "LB" || l.Precision != tc.precision {
			t.Errorf("%s: location %+v, want precision %d in LB; warnings %q", tc.ref, l, tc.precision, rec.Warnings)
		}
	}
	defer func(saved map[string][]exonym) { exonyms = saved }(exonyms)
	exonyms = map[string][]exonym{Key("حلب"): {{country: "SY", name: "Haleb"}}, Key("الأمل"): {{country: "PS", name: "Khan Yunis"}}}
	direct, _ := g.direct("حلب")
	if alt, _ := g.exonym("حلب", "", direct); alt != nil {
		t.Errorf("حلب, which the gazetteer knows in Syria, went by its exonym: %v", alt)
	}
	direct, _ = g.direct("الأمل") // Āmol, in Iran
	if alt, name := g.exonym("الأمل", "", direct); len(alt) == 0 || alt[0].Country != "PS" || name != "Khan Yunis" {
		t.Errorf("الأمل, found only in Iran, went by %q to %v", name, alt)
	}
	if alt, _ := g.exonym("الأمل", "IR", direct); alt != nil {
		t.Errorf("an exonym of another country than the caption's: %v", alt)
	}
	// A name nothing finds takes another country's exonym: the caption's
	// country may be only hinted ("Rwandan soldiers in Mocimboa da Praia").
	exonyms = map[string][]exonym{Key("Mocimboa da Praia"): {{country: "MZ", name: "Mocímboa"}}}
	if alt, _ := g.exonym("Mocimboa da Praia", "RW", nil); len(alt) == 0 || alt[0].Country != "MZ" {
		t.Errorf("Mocimboa da Praia hinted RW: %v", alt)
	}
}

// TestExonymOverLooseSpelling: a name exonyms.tsv maps is that place, not
// a namesake whose other names only evened-out vowels make alike
// ("Soudja" is Sudzha, not Shuya, which lists "Shuja").
func TestExonymOverLooseSpelling(t *testing.T) {
	g := mustEmbedded(t)
	for _, cc := range []caption.CountryCode{"", "RU"} {
		c, matched, _, _ := g.candidates("Soudja", cc)
		if len(c) == 0 || c[0].Name != "Sudzha" || matched != "Sudzha" {
			t.Errorf("Soudja in %q: candidates %v by %q, want Sudzha first", cc, placeNames(c), matched)
		}
	}
}

func placeNames(ps []Place) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name+" "+string(p.Country))
	}
	return out
}
