package geocode

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testGazetteer builds a small gazetteer of invented and real-looking places
// that exercise the context rules: namesakes in two provinces, a namesake
// abroad, a town near a city.
func testGazetteer(t *testing.T) *Gazetteer {
	t.Helper()
	places := []Place{
		{ID: 1, Name: "Kafr Nabl", Lat: 35.61, Lon: 36.56, Class: 'P', Feature: "PPL", Country: "SY", Admin1Code: "12", Admin1: "Idlib", Population: 15000},
		{ID: 2, Name: "Kafr Nabl", Lat: 36.40, Lon: 37.00, Class: 'P', Feature: "PPL", Country: "SY", Admin1Code: "09", Admin1: "Aleppo", Population: 900},
		{ID: 3, Name: "Idlib", Lat: 35.93, Lon: 36.63, Class: 'P', Feature: "PPLA", Country: "SY", Admin1Code: "12", Admin1: "Idlib", Population: 128000},
		{ID: 4, Name: "Aleppo", Alternates: []string{"Halab"}, Lat: 36.20, Lon: 37.16, Class: 'P', Feature: "PPLA", Country: "SY", Admin1Code: "09", Admin1: "Aleppo", Population: 1600000},
		{ID: 5, Name: "Tarxien", Alternates: []string{"Tarshin"}, Lat: 35.86, Lon: 14.51, Class: 'P', Feature: "PPL", Country: "MT", Population: 8000},
		{ID: 6, Name: "Ar Raqqah", Alternates: []string{"Raqqa", "Raqa"}, Lat: 35.95, Lon: 39.01, Class: 'P', Feature: "PPLA", Country: "SY", Admin1Code: "04", Admin1: "Ar Raqqah", Population: 177000},
		{ID: 7, Name: "Tell Samin", Lat: 36.10, Lon: 39.05, Class: 'P', Feature: "PPL", Country: "SY", Admin1Code: "04", Admin1: "Ar Raqqah", Population: 600},
		{ID: 8, Name: "Tell Samin", Lat: 34.50, Lon: 36.90, Class: 'P', Feature: "PPL", Country: "SY", Admin1Code: "11", Admin1: "Homs", Population: 700},
		{ID: 9, Name: "Mafraq", Lat: 32.34, Lon: 36.21, Class: 'P', Feature: "PPLA", Country: "JO", Admin1Code: "21", Admin1: "Mafraq", Population: 57000},
		{ID: 10, Name: "Damascus", Lat: 33.51, Lon: 36.29, Class: 'P', Feature: "PPLC", Country: "SY", Admin1Code: "13", Admin1: "Dimashq", Population: 1570000},
	}
	return gazetteerOf(t, places, CountryEntry{"SY", "Syria"}, CountryEntry{"JO", "Jordan"}, CountryEntry{"MT", "Malta"})
}

// gazetteerOf builds a one-layer gazetteer of places, naming countries.
func gazetteerOf(t *testing.T, places []Place, countries ...CountryEntry) *Gazetteer {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteIndexMeta(&buf, places, IndexMeta{Countries: countries}); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenIndex(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return New(ix)
}

func refs(names ...string) []caption.PlaceRef {
	var out []caption.PlaceRef
	for _, n := range names {
		r := caption.PlaceRef{Name: n}
		if i := strings.IndexByte(n, '|'); i >= 0 { // "Hama|countryside|near"
			parts := strings.Split(n, "|")
			r.Name, r.Kind, r.Near = parts[0], parts[1], len(parts) > 2
		}
		out = append(out, r)
	}
	return out
}

// TestResolveRules is one case per context rule of Resolve.
func TestResolveRules(t *testing.T) {
	g := testGazetteer(t)
	type want struct {
		ID        int
		Name      string
		Precision int
		Country   caption.CountryCode
		Warn      bool
	}
	tests := []struct {
		name    string
		refs    []caption.PlaceRef
		country caption.CountryCode
		basis   caption.CountryBasis
		want    want
	}{
		{"province named picks the namesake in it", refs("Kafr Nabl", "Idlib|province"), "SY", caption.CountryNamed,
			want{1, "Kafr Nabl", 1, "SY", false}},
		{"province named, the other namesake", refs("Kafr Nabl", "Aleppo|province"), "SY", caption.CountryNamed,
			want{2, "Kafr Nabl", 1, "SY", false}},
		{"nearby city settles namesakes", refs("Tell Samin|village", "Raqqa|city|near"), "SY", caption.CountryNamed,
			want{7, "Tell Samin", 1, "SY", false}},
		{"near gives precision 2", refs("Raqa|city|near"), "SY", caption.CountryNamed,
			want{6, "Raqa", 2, "SY", false}},
		{"namesake abroad loses to the hinted country's container", refs("Tarshin", "Raqa"), "SY", caption.CountryHint,
			want{6, "Raqa", 2, "SY", true}},
		{"named country forbids a namesake abroad", refs("Tarshin"), "SY", caption.CountryNamed,
			want{0, "Syria", 4, "SY", true}},
		{"no country: the gazetteer sets it", refs("Mafraq"), "", "",
			want{9, "Mafraq", 1, "JO", false}},
		{"hinted country overruled by the place", refs("Mafraq"), "SY", caption.CountryHint,
			want{9, "Mafraq", 1, "JO", false}},
		{"unknown place falls back to the province", refs("Nowhereville", "Idlib|province"), "SY", caption.CountryNamed,
			want{3, "Idlib", 3, "SY", true}},
		{"countryside is a region", refs("Idlib|countryside|near"), "SY", caption.CountryNamed,
			want{3, "Idlib", 3, "SY", false}},
		{"a namesake far from the containing place loses to it", refs("Tarshin", "Raqa|city"), "", "",
			want{6, "Raqa", 2, "SY", true}},
		{"alternate spelling is the matched name", refs("Halab"), "SY", caption.CountryNamed,
			want{4, "Halab", 1, "SY", false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := caption.Record{PlaceRefs: tc.refs, Country: tc.country, CountryBasis: tc.basis,
				Evidence: map[string][]caption.Span{}}
			g.Resolve(&rec, nil)
			if rec.Location == nil {
				t.Fatalf("no location; warnings %q", rec.Warnings)
			}
			got := want{rec.Location.GeonameID, rec.Location.Name, rec.Location.Precision, rec.Country,
				len(rec.Warnings) > 0}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\nwarnings %q", diff, rec.Warnings)
			}
		})
	}
}

// TestResolveDocumentAnchors checks that a caption's namesakes are settled
// by the places of the other captions of its document.
func TestResolveDocumentAnchors(t *testing.T) {
	g := testGazetteer(t)
	recs := []caption.Record{
		{PlaceRefs: refs("Aleppo"), Country: "SY", CountryBasis: caption.CountryNamed, Evidence: map[string][]caption.Span{}},
		{PlaceRefs: refs("Kafr Nabl"), Country: "SY", CountryBasis: caption.CountryDocument, Evidence: map[string][]caption.Span{}},
	}
	g.ResolveDocument(recs)
	if got := recs[1].Location; got == nil || got.GeonameID != 2 {
		t.Errorf("Kafr Nabl beside Aleppo resolved to %+v, want the Aleppo namesake (ID 2)", got)
	}
	again := recs[1].Warnings
	g.ResolveDocument(recs)
	if diff := cmp.Diff(again, recs[1].Warnings); diff != "" {
		t.Errorf("resolving twice changed the warnings (-first +second):\n%s", diff)
	}
}

// TestResolveDocumentExcept: a record marked keeps its reading on its own
// (Kafr Nabl's larger namesake, ID 1, with no context), yet still counts
// for the others (its own copy beside it is settled by Aleppo, and Aleppo
// counts for a later caption however the copy is marked); the records not
// marked read as ResolveDocument reads them.
func TestResolveDocumentExcept(t *testing.T) {
	g := testGazetteer(t)
	doc := func() []caption.Record {
		return []caption.Record{
			{PlaceRefs: refs("Aleppo"), Country: "SY", CountryBasis: caption.CountryNamed, Evidence: map[string][]caption.Span{}},
			{PlaceRefs: refs("Kafr Nabl"), Country: "SY", CountryBasis: caption.CountryDocument, Evidence: map[string][]caption.Span{}},
			{PlaceRefs: refs("Kafr Nabl"), Country: "SY", CountryBasis: caption.CountryDocument, Evidence: map[string][]caption.Span{}},
		}
	}
	whole := doc()
	g.ResolveDocument(whole)
	alone := doc()[1:2]
	g.Resolve(&alone[0], nil)
	marked := doc()
	g.ResolveDocumentExcept(marked, []bool{false, true})
	if got := marked[1].Location; got == nil || alone[0].Location == nil || got.GeonameID != alone[0].Location.GeonameID {
		t.Errorf("marked Kafr Nabl resolved to %+v, want its reading alone, %+v", got, alone[0].Location)
	}
	if whole[1].Location == nil || alone[0].Location.GeonameID == whole[1].Location.GeonameID {
		t.Fatalf("Kafr Nabl read alone and beside Aleppo alike (%+v): the test shows nothing", alone[0].Location)
	}
	for _, i := range []int{0, 2} {
		if diff := cmp.Diff(whole[i], marked[i]); diff != "" {
			t.Errorf("record %d, not marked (-ResolveDocument +ResolveDocumentExcept):\n%s", i, diff)
		}
	}
}

// TestHintOutweighsAnchors: a caption's own hinted country beats its
// neighbours' places, which pull a namesake of another country their way.
func TestHintOutweighsAnchors(t *testing.T) {
	places := []Place{
		{ID: 1, Name: "Saraqib", Lat: 35.864, Lon: 36.806, Class: 'P', Feature: "PPLA3", Country: "SY", Admin1Code: "12", Admin1: "Idlib", Population: 34231},
		{ID: 2, Name: "Sinjar", Lat: 35.80, Lon: 36.90, Class: 'P', Feature: "PPL", Country: "SY", Admin1Code: "12", Admin1: "Idlib"},
		{ID: 3, Name: "Sinjar", Lat: 36.32, Lon: 41.88, Class: 'P', Feature: "PPLA2", Country: "IQ", Admin1Code: "15", Admin1: "Nineveh", Population: 38000},
	}
	meta := testMeta()
	meta.Countries = append(meta.Countries, CountryEntry{"IQ", "Iraq"})
	g := New(mustIndex(t, places, meta))
	for _, tc := range []struct {
		basis caption.CountryBasis
		cc    caption.CountryCode
		want  int
	}{
		{caption.CountryHint, "IQ", 3}, // "Kurdish peshmerga forces retook Sinjar"
		{"", "", 2},                    // nothing said: the gallery's village
	} {
		recs := []caption.Record{
			{PlaceRefs: refs("Saraqib"), Country: "SY", CountryBasis: caption.CountryNamed, Evidence: map[string][]caption.Span{}},
			{PlaceRefs: refs("Sinjar"), Country: tc.cc, CountryBasis: tc.basis, Evidence: map[string][]caption.Span{}},
		}
		g.ResolveDocument(recs)
		if got := recs[1].Location; got == nil || got.GeonameID != tc.want {
			t.Errorf("Sinjar hinted %q beside Saraqib resolved to %+v, want ID %d", tc.cc, got, tc.want)
		}
	}
}

// TestAnchorsOfOtherCountries: a neighbouring caption's place across a
// border, or a single other caption, does not outweigh a capital.
func TestAnchorsOfOtherCountries(t *testing.T) {
	places := []Place{
		{ID: 1, Name: "Kabul", Lat: 34.528, Lon: 69.172, Class: 'P', Feature: "PPLC", Country: "AF", Population: 4434550},
		{ID: 2, Name: "Kavul", Alternates: []string{"Kabul"}, Lat: 32.868, Lon: 35.21, Class: 'P', Feature: "PPL", Country: "IL", Population: 14000},
		{ID: 3, Name: "Bint Jbeil", Lat: 33.12, Lon: 35.433, Class: 'P', Feature: "PPLA2", Country: "LB", Population: 30000},
		{ID: 4, Name: "Karmiel", Lat: 32.919, Lon: 35.29, Class: 'P', Feature: "PPL", Country: "IL", Population: 45000},
	}
	meta := testMeta()
	meta.Countries = append(meta.Countries, CountryEntry{"AF", "Afghanistan"}, CountryEntry{"IL", "Israel"}, CountryEntry{"LB", "Lebanon"})
	g := New(mustIndex(t, places, meta))
	for _, other := range []struct{ name, cc string }{{"Bint Jbeil", "LB"}, {"Karmiel", "IL"}} {
		recs := []caption.Record{
			{PlaceRefs: refs(other.name), Country: caption.CountryCode(other.cc), CountryBasis: caption.CountryNamed, Evidence: map[string][]caption.Span{}},
			{PlaceRefs: refs("Kabul"), Evidence: map[string][]caption.Span{}},
		}
		g.ResolveDocument(recs)
		if got := recs[1].Location; got == nil || got.GeonameID != 1 {
			t.Errorf("Kabul beside %s resolved to %+v, want Afghanistan's capital", other.name, got)
		}
	}
}

// BenchmarkResolve resolves a two-place caption scene against the embedded
// gazetteer: names resolved per second, context scoring included.
func BenchmarkResolve(b *testing.B) {
	emb, err := Embedded()
	if err != nil {
		b.Fatal(err)
	}
	g := New(emb)
	scenes := [][]caption.PlaceRef{
		refs("Harasta", "Damascus|city|near"), refs("Maaret al-Numan|town", "Idlib|province"),
		refs("Tal Samin|village", "Raqqa|city|near"), refs("Douma", "Ghouta", "Damascus"), refs("Mafraq"),
	}
	b.ReportAllocs()
	names := 0
	for b.Loop() {
		for _, sc := range scenes {
			rec := caption.Record{PlaceRefs: sc, Country: "SY", CountryBasis: caption.CountryHint,
				Evidence: map[string][]caption.Span{}}
			g.Resolve(&rec, nil)
			names += len(sc)
		}
	}
	b.ReportMetric(float64(names)/b.Elapsed().Seconds(), "names/s")
}

// FuzzResolve resolves arbitrary place names against the embedded
// gazetteer: no panic, and any location is on the globe with a precision
// from 1 to 4 and a country code.
func FuzzResolve(f *testing.F) {
	emb, err := Embedded()
	if err != nil {
		f.Fatal(err)
	}
	g := New(emb)
	for _, s := range []string{"Douma", "Ma‘arrat an Nu‘mān", "Kafar Zita", "al-", "", "Raqa|Idlib", "دوما", "Cox's Bazar"} {
		f.Add(s, "SY", true)
	}
	f.Fuzz(func(t *testing.T, names, country string, near bool) {
		var rs []caption.PlaceRef
		for _, n := range strings.Split(names, "|") {
			rs = append(rs, caption.PlaceRef{Name: n, Near: near})
		}
		rec := caption.Record{PlaceRefs: rs, Evidence: map[string][]caption.Span{}}
		if len(country) == 2 {
			rec.Country, rec.CountryBasis = caption.CountryCode(country), caption.CountryHint
		}
		g.ResolveDocument([]caption.Record{rec})
		g.Resolve(&rec, nil)
		if l := rec.Location; l != nil {
			if l.Lat < -90 || l.Lat > 90 || l.Lon < -180 || l.Lon > 180 || l.Precision < 1 || l.Precision > 4 || l.CountryCode == "" {
				t.Fatalf("bad location %+v for %q", l, names)
			}
		}
	})
}

// TestResolveMetadataPlace resolves places filled from a photo's metadata:
// they have no span in the text, so they locate the scene and set its
// country without claiming any evidence in it.
func TestResolveMetadataPlace(t *testing.T) {
	g := testGazetteer(t)
	rec := caption.Record{
		Text:      "Children play in the rubble. (AFP)",
		PlaceRefs: []caption.PlaceRef{{Name: "Kafr Nabl", Kind: "city"}, {Name: "Idlib", Kind: "province"}},
		Evidence:  map[string][]caption.Span{"location": {{Start: 0, End: 8}}},
		Origins:   map[string]string{"places": caption.MetaIPTCCity},
	}
	g.Resolve(&rec, nil)
	if rec.Location == nil || rec.Location.GeonameID != 1 || rec.Location.Precision != 1 || rec.Country != "SY" {
		t.Fatalf("location %+v, country %q: want Kafr Nabl in Idlib (1), precision 1, SY", rec.Location, rec.Country)
	}
	if _, ok := rec.Evidence["location"]; ok {
		t.Errorf("evidence %v: a place from metadata has no span in the text", rec.Evidence)
	}
	if _, ok := rec.Evidence["country"]; ok {
		t.Errorf("evidence %v: the country came from a place with no span", rec.Evidence)
	}
}

// TestResolveGallery checks that a caption whose only place the gazetteer
// lacks is located where its gallery's other captions are, with precision
// 2 and the document as its basis; and not when the gallery is spread out.
func TestResolveGallery(t *testing.T) {
	g := testGazetteer(t)
	doc := func(places ...string) []caption.Record {
		var recs []caption.Record
		for _, p := range places {
			recs = append(recs, caption.Record{PlaceRefs: refs(p), Evidence: map[string][]caption.Span{}})
		}
		return recs
	}
	recs := doc("Aleppo", "Halab", "Bustan al-Nowhere")
	g.ResolveDocument(recs)
	l := recs[2].Location
	if l == nil || l.GeonameID != 4 || l.Precision != 2 || l.Basis != caption.BasisDocument || recs[2].Country != "SY" {
		t.Errorf("an unknown place in an Aleppo gallery: %+v in %q, want Aleppo (4) at precision 2, basis document, SY", l, recs[2].Country)
	}
	recs = doc("Aleppo", "Mafraq", "Bustan al-Nowhere")
	g.ResolveDocument(recs)
	if l := recs[2].Location; l != nil {
		t.Errorf("an unknown place in a gallery of Aleppo and Mafraq: %+v, want none", l)
	}
}

// TestMatchedName: the location's name is the entry's name the caption
// spells, whole words first, then the nearest spelling.
func TestMatchedName(t *testing.T) {
	kabul := Place{Name: "Kabul", Alternates: []string{"Kabula", "Kaboul", "كابل"}}
	raqqa := Place{Name: "Ar Raqqah", Alternates: []string{"Raqqa", "Raqa", "الرقة"}}
	deir := Place{Name: "Deir ez-Zor", Alternates: []string{"Deir", "Dayr az Zawr"}}
	tests := []struct {
		p       Place
		written string
		want    string
	}{
		{kabul, "Kabul airport", "Kabul"},
		{kabul, "Kaboul", "Kaboul"},
		{kabul, "Kabull", "Kabul"}, // as near to Kabula: the entry's own name
		{raqqa, "Raqa", "Raqa"},
		{raqqa, "Raqqa city", "Raqqa"},
		{raqqa, "Ar-Raqqah", "Ar Raqqah"},
		{deir, "Deir ez-Zor airport", "Deir ez-Zor"},
		{deir, "Dayr az-Zawr", "Dayr az Zawr"},
		{raqqa, "الرقة", "Ar Raqqah"}, // Arabic names are not shown as the Latin name
	}
	for _, tc := range tests {
		if got := matchedName(tc.p, tc.written); got != tc.want {
			t.Errorf("matchedName(%s, %q) = %q, want %q", tc.p.Name, tc.written, got, tc.want)
		}
	}
}

// TestResolveDocumentLarge resolves a document of more captions than
// parallelRecords, whose records are resolved on every core, and one core
// at a time: the locations, countries and warnings must be the same, the
// second pass's document context included.
func TestResolveDocumentLarge(t *testing.T) {
	emb, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	g := New(emb)
	scenes := []struct {
		refs    []caption.PlaceRef
		country caption.CountryCode
		basis   caption.CountryBasis
	}{
		{refs("Harasta", "Damascus|city|near"), "SY", caption.CountryNamed},
		{refs("Kharkiv|city"), "UA", caption.CountryNamed},
		{refs("Khan Younis"), "", ""},
		{refs("El Fasher|town"), "SD", caption.CountryNamed},
		{refs("Douma", "Ghouta"), "", ""},
		{refs("Mosul", "Nineveh|province"), "IQ", caption.CountryNamed},
		{refs("Saraqib|town"), "", ""},
		{refs("Bakhmut"), "", ""},
	}
	n := parallelRecords + 300
	doc := func() []caption.Record {
		recs := make([]caption.Record, n)
		for i := range recs {
			sc := scenes[i%len(scenes)]
			recs[i] = caption.Record{PlaceRefs: sc.refs, Country: sc.country, CountryBasis: sc.basis,
				Evidence: map[string][]caption.Span{}}
		}
		return recs
	}
	prev := runtime.GOMAXPROCS(1)
	serial := doc()
	g.ResolveDocument(serial)
	runtime.GOMAXPROCS(max(prev, 2))
	defer runtime.GOMAXPROCS(prev)
	par := doc()
	g.ResolveDocument(par)
	located := 0
	for i := range serial {
		if serial[i].Location != nil {
			located++
		}
	}
	if located < n/2 {
		t.Fatalf("only %d of %d records located: nothing to compare", located, n)
	}
	if diff := cmp.Diff(serial, par); diff != "" {
		t.Errorf("resolved on every core differs from one core (-one +every):\n%s", diff)
	}
}

func TestEditDistance(t *testing.T) {
	long := strings.Repeat("ab", 40) // past the rows kept on the stack
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"douma", "", 5},
		{"", "duma", 4},
		{"douma", "duma", 1},
		{"ma'arrat", "maarat", 2},
		{"kitten", "sitting", 3},
		{"حلب", "حماة", 3},
		{long, long + "c", 1},
		{long + "c", long, 1},
		{long, strings.Repeat("ba", 40), 2},
	}
	for _, tc := range tests {
		if got := editDistance([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	b := []rune("Jisr al-Shughur")
	if n := testing.AllocsPerRun(10, func() { editDistance([]rune("jisr ash-shughur"), b) }); n > 1 {
		t.Errorf("%v allocations for a place name, want at most the argument's", n)
	}
}

// TestFuzzyEdits is the bound on a misspelt name's distance from the
// gazetteer's spelling, counted in letters, and tighter in Arabic script.
func TestFuzzyEdits(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want int
	}{
		{"duma", 0},
		{"douma", 1},
		{"kafranbel", 2},
		{"سرمدا", 0},       // five letters, ten bytes: two edits reached As-Suwayda
		{"معرةالنعمان", 1}, // eleven letters
		{"قاميشلو", 1},
		{"حلب", 0},
	} {
		if got := fuzzyEdits(tc.key); got != tc.want {
			t.Errorf("fuzzyEdits(%q) = %d, want %d", tc.key, got, tc.want)
		}
	}
}

// TestShortArabicNameNotFuzzed: a short Arabic name the data lacks falls
// back to its country rather than to a town two letters away.
func TestShortArabicNameNotFuzzed(t *testing.T) {
	g := mustEmbedded(t)
	rec := caption.Record{PlaceRefs: refs("حزانو"), Country: "SY", CountryBasis: caption.CountryNamed,
		Evidence: map[string][]caption.Span{}}
	g.Resolve(&rec, nil)
	if l := rec.Location; l == nil || l.Precision != 4 {
		t.Errorf("location %+v, want Syria at precision 4; warnings %q", l, rec.Warnings)
	}
}

// TestFarPlaceDoesNotDisown: a later place of the caption's country written
// far from a place is another place the caption mentions, not its
// container, and does not disown it, however far apart they lie; written
// close after it, it is the container and does.
func TestFarPlaceDoesNotDisown(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		text, place, container string
		want                   string
	}{
		{"Men load aid in Benghazi bound for flood victims in Derna, Libya, in 2023.", "Benghazi", "Derna", "LY"},
		{"Families reach Wad Madani after they fled the fighting in Khartoum, in 2023.", "Wad Madani", "Khartoum", "SD"},
	} {
		a := strings.Index(tc.text, tc.place)
		b := strings.Index(tc.text, tc.container)
		rec := caption.Record{Text: tc.text, Country: caption.CountryCode(tc.want), CountryBasis: caption.CountryNamed,
			PlaceRefs: []caption.PlaceRef{
				{Name: tc.place, Span: caption.Span{Start: a, End: a + len(tc.place)}},
				{Name: tc.container, Span: caption.Span{Start: b, End: b + len(tc.container)}},
			}, Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		want := g.Lookup(tc.place)
		if len(want) == 0 {
			t.Fatalf("%s is not in the gazetteer", tc.place)
		}
		if l := rec.Location; l == nil || l.Precision != 1 || distanceKm(l.Lat, l.Lon, want[0].Lat, want[0].Lon) > 25 {
			t.Errorf("%s: location %+v, want %s; warnings %q", tc.text, l, tc.place, rec.Warnings)
		}
	}
}

func TestWordsBetween(t *testing.T) {
	text := "Smoke rises over Kramatorsk, in the eastern Donetsk region, and later over Kherson."
	at := func(s string) caption.Span {
		i := strings.Index(text, s)
		return caption.Span{Start: i, End: i + len(s)}
	}
	sc := &scene{text: text, spans: []caption.Span{at("Kramatorsk"), at("Donetsk"), at("Kherson"), {}}}
	for _, tc := range []struct{ i, j, want int }{{0, 1, 3}, {1, 2, 4}, {0, 2, 8}, {0, 3, 0}} {
		if got := sc.wordsBetween(tc.i, tc.j); got != tc.want {
			t.Errorf("wordsBetween(%d, %d) = %d, want %d", tc.i, tc.j, got, tc.want)
		}
	}
}

// TestCountryWithoutPlace: a caption naming its country and no place is
// located at the country's point; one only hinting at a country is not.
func TestCountryWithoutPlace(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		basis caption.CountryBasis
		want  bool
	}{{caption.CountryNamed, true}, {caption.CountryHint, false}} {
		rec := caption.Record{Country: "SY", CountryBasis: tc.basis, Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if got := rec.Location != nil && rec.Location.Precision == 4 && rec.Location.CountryCode == "SY"; got != tc.want {
			t.Errorf("country %s: location %+v, want a country point %v", tc.basis, rec.Location, tc.want)
		}
		if rec.Location != nil && rec.Location.Basis != caption.BasisCountryOnly {
			t.Errorf("basis %q, want %q", rec.Location.Basis, caption.BasisCountryOnly)
		}
	}
}

// TestSettlementWord: a kibbutz is found by its name without the word.
func TestSettlementWord(t *testing.T) {
	g := mustEmbedded(t)
	for _, name := range []string{"Kibbutz Kfar Aza", "Kibbutz Be'eri", "Moshav Netiv HaAsara"} {
		rec := caption.Record{PlaceRefs: refs(name), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != "IL" || l.Precision != 1 {
			t.Errorf("%s: location %+v; warnings %q", name, l, rec.Warnings)
		}
	}
}

// TestHintedVillageAbroad: a village of the hinted country that the data
// lacks is not a city of that name abroad, chosen by size alone.
func TestHintedVillageAbroad(t *testing.T) {
	g := mustEmbedded(t)
	// Blida in south Lebanon, not Algeria's provincial capital.
	rec := caption.Record{PlaceRefs: refs("Blida|village"), Country: "LB", CountryBasis: caption.CountryHint,
		Evidence: map[string][]caption.Span{}}
	g.Resolve(&rec, nil)
	if l := rec.Location; l == nil || l.CountryCode != "LB" || l.Precision != 4 {
		t.Errorf("Blida, a village, hinted LB: location %+v; warnings %q", l, rec.Warnings)
	}
	rec = caption.Record{PlaceRefs: refs("Paris"), Country: "UA", CountryBasis: caption.CountryHint,
		Evidence: map[string][]caption.Span{}}
	g.Resolve(&rec, nil)
	if l := rec.Location; l == nil || l.CountryCode != "FR" || l.Precision != 1 {
		t.Errorf("Paris hinted UA: location %+v; warnings %q", l, rec.Warnings)
	}
}

// TestOldQuarter: a city's old quarter, written in Arabic, is in the city.
func TestOldQuarter(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		name string
		cc   caption.CountryCode
	}{{"درعا البلد", "SY"}, {"الموصل القديمة", "IQ"}} {
		rec := caption.Record{PlaceRefs: refs(tc.name), Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != tc.cc {
			t.Errorf("%s: location %+v; warnings %q", tc.name, l, rec.Warnings)
		}
	}
}

// TestBorderCrossing: a crossing, checkpoint or border named after a town
// is at the town.
func TestBorderCrossing(t *testing.T) {
	g := mustEmbedded(t)
	for _, tc := range []struct {
		name     string
		cc       caption.CountryCode
		lat, lon float64
	}{
		{"Bab al-Hawa crossing", "SY", 36.236, 36.674},
		{"Rafah crossing", "PS", 31.29, 34.25},
		{"Qalandiya checkpoint", "PS", 31.86, 35.22},
		{"Torkham border", "AF", 34.10, 71.10},
	} {
		rec := caption.Record{PlaceRefs: refs(tc.name), Country: tc.cc, CountryBasis: caption.CountryNamed,
			Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		if l := rec.Location; l == nil || l.CountryCode != tc.cc || distanceKm(l.Lat, l.Lon, tc.lat, tc.lon) > 10 {
			t.Errorf("%s: location %+v; warnings %q", tc.name, l, rec.Warnings)
		}
	}
}

// TestNearSpellingReadsAlike: a name one consonant from a place's is that
// place when it reads like it ("Harasda" for Harasta), not when only the
// consonant skeletons are near ("Kanyabayonga" and Kananga, 950 km apart).
func TestNearSpellingReadsAlike(t *testing.T) {
	places := append(testPlaces(),
		Place{ID: 214481, Name: "Kananga", Lat: -5.896, Lon: 22.417, Class: 'P', Feature: "PPLA", Country: "CD", Population: 463546},
		Place{ID: 214974, Name: "Kamina", Lat: -8.738, Lon: 24.991, Class: 'P', Feature: "PPLA", Country: "CD", Population: 73557})
	meta := testMeta()
	meta.Countries = append(meta.Countries, CountryEntry{"CD", "Democratic Republic of the Congo"})
	g := New(mustIndex(t, places, meta))
	for _, tc := range []struct {
		name, cc, want string
	}{
		{"Harasda", "SY", "Ḩarastā"},
		{"Kanyabayonga", "CD", ""},
		{"Kamanyola", "CD", ""},
	} {
		rec := caption.Record{PlaceRefs: refs(tc.name), Country: caption.CountryCode(tc.cc), CountryBasis: caption.CountryNamed,
			Evidence: map[string][]caption.Span{}}
		g.Resolve(&rec, nil)
		got := ""
		if l := rec.Location; l != nil && l.Precision < 4 {
			got = l.Name
		}
		if got != tc.want {
			t.Errorf("%s in %s: located at %q (%+v), want %q", tc.name, tc.cc, got, rec.Location, tc.want)
		}
	}
}
