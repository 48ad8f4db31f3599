package parse

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// The captions and names below are invented for these tests. Place and
// agency names are real, since the lexicons and the gazetteer know them.

// metaView is what a metadata test compares of a record: the fields
// metadata can supply, and only the warnings about metadata.
type metaView struct {
	Photographers []string
	Agencies      []caption.Agency
	Date          string
	DateText      string
	Places        []string
	Refs          []caption.PlaceRef
	Country       caption.CountryCode
	Basis         caption.CountryBasis
	Origins       map[string]string
	Warnings      []string
}

func viewMeta(r caption.Record) metaView {
	v := metaView{
		Photographers: r.Photographers, Agencies: r.Agencies, Date: r.Date.String(), DateText: r.DateText,
		Places: r.Places, Refs: r.PlaceRefs, Country: r.Country, Basis: r.CountryBasis, Origins: r.Origins,
	}
	for _, w := range r.Warnings {
		if strings.Contains(w, "metadata") {
			v.Warnings = append(v.Warnings, w)
		}
	}
	return v
}

// metaDoc parses one caption with its metadata as Document does.
func metaDoc(t testing.TB, p *Parser, text string, meta map[string]string) caption.Record {
	t.Helper()
	return p.Document([]caption.Raw{{Text: text, Format: "jpeg", Meta: meta}})[0]
}

// silent names nothing metadata can supply: no credit, date, place or
// country.
const silent = "Men clear rubble from a street after an air strike."

func ref(name, kind string) caption.PlaceRef { return caption.PlaceRef{Name: name, Kind: kind} }

func origins(kv ...string) map[string]string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

var metaCases = []struct {
	name string
	text string
	meta map[string]string
	want metaView
}{
	{
		name: "fill when silent, XMP",
		text: silent,
		meta: map[string]string{
			caption.MetaXMPCreator: "Lina Haddad; Omar Saleh", caption.MetaXMPCredit: "AFP/Getty Images",
			caption.MetaXMPDateCreated: "2017-04-09T10:12:00+03:00", caption.MetaXMPShownCity: "Saraqib",
			caption.MetaXMPState: "Idlib", caption.MetaXMPCountryCode: "SY",
		},
		want: metaView{
			Photographers: []string{"Lina Haddad", "Omar Saleh"}, Agencies: ag("AFP", "Getty Images"), Date: "2017-04-09",
			Places: []string{"Saraqib", "Idlib"}, Refs: []caption.PlaceRef{ref("Saraqib", "city"), ref("Idlib", "province")},
			Country: "SY", Basis: caption.CountryNamed,
			Origins: origins("photographers", caption.MetaXMPCreator, "agencies", caption.MetaXMPCredit,
				"date", caption.MetaXMPDateCreated, "places", caption.MetaXMPShownCity, "country", caption.MetaXMPCountryCode),
		},
	},
	{
		name: "fill when silent, IIM",
		text: silent,
		meta: map[string]string{
			caption.MetaIPTCByline: "Rami Khoury", caption.MetaIPTCCredit: "Anadolu Agency",
			caption.MetaIPTCDateCreated: "20190612", caption.MetaIPTCSublocation: "Bab Tuma",
			caption.MetaIPTCCity: "Damascus", caption.MetaIPTCProvinceState: "Damascus", caption.MetaIPTCCountry: "Syria",
		},
		want: metaView{
			Photographers: []string{"Rami Khoury"}, Agencies: ag("Anadolu Agency"), Date: "2019-06-12",
			Places: []string{"Bab Tuma", "Damascus"}, Refs: []caption.PlaceRef{ref("Bab Tuma", "neighbourhood"), ref("Damascus", "city")},
			Country: "SY", Basis: caption.CountryNamed,
			Origins: origins("photographers", caption.MetaIPTCByline, "agencies", caption.MetaIPTCCredit,
				"date", caption.MetaIPTCDateCreated, "places", caption.MetaIPTCSublocation, "country", caption.MetaIPTCCountry),
		},
	},
	{
		name: "keep the text when both speak",
		text: "A man walks past a damaged building in Douma, Syria, on March 3, 2018. (Photo by Karim Nassar/AFP)",
		meta: map[string]string{
			caption.MetaXMPCreator: "Dana Ayoub", caption.MetaXMPCredit: "Reuters", caption.MetaXMPDateCreated: "2018-03-03",
			caption.MetaXMPCity: "Douma", caption.MetaXMPCountryCode: "LB",
		},
		want: metaView{
			Photographers: []string{"Karim Nassar"}, Agencies: ag("AFP"), Date: "2018-03-03", DateText: "March 3, 2018",
			Places: []string{"Douma"}, Refs: []caption.PlaceRef{{Name: "Douma", Span: caption.Span{Start: 39, End: 44}}},
			Country: "SY", Basis: caption.CountryNamed,
			Warnings: []string{"metadata country LB differs from the caption's SY"},
		},
	},
	{
		name: "a city that holds the text's place",
		text: "A girl sits on a bed in a shelter in Douma.",
		meta: map[string]string{caption.MetaIPTCCity: "Douma, Eastern Ghouta"},
		want: metaView{Places: []string{"Douma"}, Refs: []caption.PlaceRef{{Name: "Douma", Span: caption.Span{Start: 37, End: 42}}}},
	},
	{
		name: "a city that is none of the text's places",
		text: "A girl sits on a bed in a shelter in Douma.",
		meta: map[string]string{caption.MetaIPTCCity: "Aleppo", caption.MetaIPTCSublocation: "Salaheddine"},
		want: metaView{
			Places: []string{"Douma"}, Refs: []caption.PlaceRef{{Name: "Douma", Span: caption.Span{Start: 37, End: 42}}},
			Warnings: []string{`metadata city "Aleppo" is not among the caption's places; they are kept`},
		},
	},
	{
		name: "a year sharpened to the day",
		text: "A boy rides a bicycle past tents in 2016.",
		meta: map[string]string{caption.MetaIPTCDateCreated: "20160311"},
		want: metaView{Date: "2016-03-11", DateText: "2016", Origins: origins("date", caption.MetaIPTCDateCreated)},
	},
	{
		name: "a month sharpened to the day",
		text: "A boy rides a bicycle past tents in March 2016.",
		meta: map[string]string{caption.MetaXMPDateCreated: "2016-03-11T08:00"},
		want: metaView{Date: "2016-03-11", DateText: "March 2016", Origins: origins("date", caption.MetaXMPDateCreated)},
	},
	{
		name: "a year the metadata contradicts",
		text: "A boy rides a bicycle past tents in 2015.",
		meta: map[string]string{caption.MetaIPTCDateCreated: "20160311"},
		want: metaView{Date: "2015", DateText: "2015", Warnings: []string{"metadata date 2016-03-11 differs from the caption's 2015"}},
	},
	{
		name: "a month the metadata contradicts",
		text: "A boy rides a bicycle past tents in March 2016.",
		meta: map[string]string{caption.MetaXMPDateCreated: "2016-04-02"},
		want: metaView{Date: "2016-03", DateText: "March 2016", Warnings: []string{"metadata date 2016-04-02 differs from the caption's 2016-03"}},
	},
	{
		name: "a day the text gives and the metadata only to the year",
		text: "A boy rides a bicycle past tents on March 11, 2016.",
		meta: map[string]string{caption.MetaIPTCDateCreated: "20160000"},
		want: metaView{Date: "2016-03-11", DateText: "March 11, 2016"},
	},
	{
		name: "IIM date without day",
		text: silent,
		meta: map[string]string{caption.MetaIPTCDateCreated: "20160300"},
		want: metaView{Date: "2016-03", Origins: origins("date", caption.MetaIPTCDateCreated)},
	},
	{
		name: "IIM date without month",
		text: silent,
		meta: map[string]string{caption.MetaIPTCDateCreated: "20160000"},
		want: metaView{Date: "2016", Origins: origins("date", caption.MetaIPTCDateCreated)},
	},
	{
		name: "IIM date with a day but no month",
		text: silent,
		meta: map[string]string{caption.MetaIPTCDateCreated: "20160011"},
		want: metaView{Date: "2016", Origins: origins("date", caption.MetaIPTCDateCreated)},
	},
	{
		name: "XMP year and month",
		text: silent,
		meta: map[string]string{caption.MetaXMPDateCreated: "2014-08"},
		want: metaView{Date: "2014-08", Origins: origins("date", caption.MetaXMPDateCreated)},
	},
	{
		name: "bad XMP date, good IIM date",
		text: silent,
		meta: map[string]string{caption.MetaXMPDateCreated: "2016-02-30", caption.MetaIPTCDateCreated: "20160229"},
		want: metaView{
			Date: "2016-02-29", Origins: origins("date", caption.MetaIPTCDateCreated),
			Warnings: []string{`metadata date "2016-02-30" (xmp:photoshop:DateCreated) is not a date; ignored`},
		},
	},
	{
		name: "bad dates only",
		text: silent,
		meta: map[string]string{caption.MetaXMPDateCreated: "2016-03-11Tnoon", caption.MetaIPTCDateCreated: "17000101"},
		want: metaView{Warnings: []string{
			`metadata date "2016-03-11Tnoon" (xmp:photoshop:DateCreated) is not a date; ignored`,
			`metadata date "17000101" (iptc:Date Created) is not a date; ignored`,
		}},
	},
	{
		name: "alpha-3 code",
		text: silent,
		meta: map[string]string{caption.MetaIPTCCountryCode: "JOR", caption.MetaIPTCCountry: "Lebanon"},
		want: metaView{Country: "JO", Basis: caption.CountryNamed, Origins: origins("country", caption.MetaIPTCCountryCode)},
	},
	{
		name: "lower-case alpha-2 code",
		text: silent,
		meta: map[string]string{caption.MetaXMPShownCode: "ye"},
		want: metaView{Country: "YE", Basis: caption.CountryNamed, Origins: origins("country", caption.MetaXMPShownCode)},
	},
	{
		name: "name with diacritics",
		text: silent,
		meta: map[string]string{caption.MetaXMPCountry: "TÜRKIYE"},
		want: metaView{Country: "TR", Basis: caption.CountryNamed, Origins: origins("country", caption.MetaXMPCountry)},
	},
	{
		name: "a name that looks like a code",
		text: silent,
		meta: map[string]string{caption.MetaXMPCountry: "UK"},
		want: metaView{Country: "GB", Basis: caption.CountryNamed, Origins: origins("country", caption.MetaXMPCountry)},
	},
	{
		name: "unknown code, known name",
		text: silent,
		meta: map[string]string{caption.MetaXMPCountryCode: "XX", caption.MetaIPTCCountry: "Iraq"},
		want: metaView{Country: "IQ", Basis: caption.CountryNamed, Origins: origins("country", caption.MetaIPTCCountry)},
	},
	{
		name: "no country at all",
		text: silent,
		meta: map[string]string{caption.MetaXMPCountryCode: "XX", caption.MetaIPTCCountry: "Atlantis"},
		want: metaView{Warnings: []string{`metadata country "XX" is not a country sijil knows; ignored`}},
	},
	{
		name: "a country the text only hints at",
		text: "Syrian children queue for bread.",
		meta: map[string]string{caption.MetaIPTCCountryCode: "LBN"},
		want: metaView{
			Country: "LB", Basis: caption.CountryNamed, Origins: origins("country", caption.MetaIPTCCountryCode),
			Warnings: []string{"metadata country LB preferred to SY, which the caption only hints at"},
		},
	},
	{
		name: "Latin names joined by and",
		text: silent,
		meta: map[string]string{caption.MetaXMPCreator: "José Ñúñez and Zoë Ångström"},
		want: metaView{Photographers: []string{"José Ñúñez", "Zoë Ångström"}, Origins: origins("photographers", caption.MetaXMPCreator)},
	},
	{
		name: "multiple creators, commas and and",
		text: silent,
		meta: map[string]string{caption.MetaIPTCByline: "Jane Doe, John Roe, and Sam Poe; Nour Haddad"},
		want: metaView{Photographers: []string{"Jane Doe", "John Roe", "Sam Poe", "Nour Haddad"}, Origins: origins("photographers", caption.MetaIPTCByline)},
	},
	{
		name: "surname first stays one name",
		text: silent,
		meta: map[string]string{caption.MetaIPTCByline: "Doe, Jane"},
		want: metaView{Photographers: []string{"Doe, Jane"}, Origins: origins("photographers", caption.MetaIPTCByline)},
	},
	{
		name: "a credit in the by-line",
		text: silent,
		meta: map[string]string{caption.MetaIPTCByline: "JANE DOE/AFP"},
		want: metaView{Photographers: []string{"JANE DOE"}, Origins: origins("photographers", caption.MetaIPTCByline)},
	},
	{
		name: "a marker is no photographer",
		text: silent,
		meta: map[string]string{caption.MetaXMPCreator: "STRINGER", caption.MetaIPTCByline: "Rana Aziz"},
		want: metaView{Photographers: []string{"Rana Aziz"}, Origins: origins("photographers", caption.MetaIPTCByline)},
	},
	{
		name: "a name in another script",
		text: silent,
		meta: map[string]string{caption.MetaXMPCreator: "نور حداد"},
		want: metaView{Photographers: []string{"نور حداد"}, Origins: origins("photographers", caption.MetaXMPCreator)},
	},
	{
		name: "a credit naming a person gives way to the source",
		text: silent,
		meta: map[string]string{caption.MetaXMPCredit: "Jane Doe", caption.MetaIPTCSource: "Reuters"},
		want: metaView{Agencies: ag("Reuters"), Origins: origins("agencies", caption.MetaIPTCSource)},
	},
	{
		name: "an organisation the lexicon does not know",
		text: silent,
		meta: map[string]string{caption.MetaIPTCCredit: "Aleppo Media Center"},
		want: metaView{Agencies: ag("Aleppo Media Center"), Origins: origins("agencies", caption.MetaIPTCCredit)},
	},
	{
		name: "placeholder places",
		text: silent,
		meta: map[string]string{caption.MetaIPTCCity: "-", caption.MetaXMPShownCity: " ", caption.MetaIPTCProvinceState: "Homs"},
		want: metaView{Places: []string{"Homs"}, Refs: []caption.PlaceRef{ref("Homs", "province")}, Origins: origins("places", caption.MetaIPTCProvinceState)},
	},
}

func TestMeta(t *testing.T) {
	p := newCreditParser(t)
	for _, tc := range metaCases {
		t.Run(tc.name, func(t *testing.T) {
			got := viewMeta(metaDoc(t, p, tc.text, tc.meta))
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestMetaIgnored checks that a Raw whose Meta holds no embedded-metadata
// key, or comes from a reader of user-named columns, parses exactly as its
// text alone.
func TestMetaIgnored(t *testing.T) {
	p := newCreditParser(t)
	text := "A woman carries water in the town of Maarat al-Numan, Syria, on May 2, 2019. (Photo by Sami Aziz/AFP)"
	embedded := map[string]string{caption.MetaIPTCCity: "Homs", caption.MetaIPTCCountryCode: "LB", caption.MetaIPTCDateCreated: "20190503"}
	tests := []struct {
		name string
		raw  caption.Raw
	}{
		{"no meta", caption.Raw{Text: text}},
		{"other keys", caption.Raw{Text: text, Format: "jsonl", Meta: map[string]string{"city": "Homs", "country": "LB"}}},
		{"csv column named like a key", caption.Raw{Text: text, Format: "csv", Meta: embedded}},
		{"jsonl field named like a key", caption.Raw{Text: text, Format: "jsonl", Meta: embedded}},
	}
	want := p.Caption(text)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := p.Document([]caption.Raw{tc.raw})[0]
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestMetaAgenciesAsCredit checks that a Credit field gives the agencies the
// same credit gives at the end of a caption.
func TestMetaAgenciesAsCredit(t *testing.T) {
	p := newCreditParser(t)
	for _, credit := range []string{
		"AFP/Getty Images", "AFP via Getty Images", "Getty Images", "AFP PHOTO", "Anadolu Agency", "EPA-EFE",
		"REUTERS", "AP Photo", "Agence France-Presse", "Jane Doe/AFP", "SANA/Handout via Reuters",
	} {
		t.Run(credit, func(t *testing.T) {
			want := p.Caption("A man stands in a street. (" + credit + ")").Agencies
			if len(want) == 0 {
				t.Fatalf("the caption credit (%s) gives no agency", credit)
			}
			got := metaDoc(t, p, silent, map[string]string{caption.MetaXMPCredit: credit}).Agencies
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestAlpha3 checks the alpha-3 table against lexicon/countries.tsv: every
// code it gives is a country of the lexicon, and every country of the
// lexicon has its code.
func TestAlpha3(t *testing.T) {
	p := newCreditParser(t)
	to := map[caption.CountryCode]bool{}
	for a3, a2 := range alpha3 {
		if !p.lex.countries.hasCode(string(a2)) {
			t.Errorf("alpha3 %s → %s: not in the country lexicon", a3, a2)
		}
		if to[a2] {
			t.Errorf("alpha3: two codes give %s", a2)
		}
		to[a2] = true
	}
	rows, err := readLexicon("countries.tsv", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if !to[caption.CountryCode(r.fields[0])] {
			t.Errorf("alpha3 has no code for %s (%s)", r.fields[0], r.fields[1])
		}
	}
}

func TestParseMetaDate(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when invalid
	}{
		{"2016", "2016"}, {"2016-03", "2016-03"}, {"2016-03-11", "2016-03-11"},
		{"2016-03-11T14:05", "2016-03-11"}, {"2016-03-11T14:05:09.5Z", "2016-03-11"},
		{"2016-03-11T14:05:09+02:00", "2016-03-11"}, {"2016-03-11 14:05:09", "2016-03-11"},
		{" 2016-03-11 ", "2016-03-11"}, {"20160311", "2016-03-11"}, {"20160300", "2016-03"},
		{"20160000", "2016"}, {"20160011", "2016"}, {"2016-3-11", ""}, {"2016-13", ""},
		{"2016-02-30", ""}, {"20161301", ""}, {"20160431", ""}, {"00000000", ""}, {"1799", ""},
		{"2201-01-01", ""}, {"2016-03-11T", ""}, {"2016-03-11Tnoon", ""}, {"11/03/2016", ""},
		{"2016:03:11 14:05:09", ""}, {"", ""}, {"२०१६", ""}, {"2016-03-00", ""},
	}
	for _, tc := range tests {
		d, ok := parseMetaDate(tc.in)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tc.want {
			t.Errorf("parseMetaDate(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzMeta feeds arbitrary metadata values, beside an arbitrary caption, to
// Document: it must not panic, and the record must keep what MarshalRecord
// checks and come back the same from UnmarshalRecord.
func FuzzMeta(f *testing.F) {
	for _, tc := range metaCases {
		m := tc.meta
		f.Add(tc.text, m[caption.MetaXMPCreator]+m[caption.MetaIPTCByline], m[caption.MetaXMPCredit]+m[caption.MetaIPTCCredit],
			m[caption.MetaXMPDateCreated]+m[caption.MetaIPTCDateCreated], m[caption.MetaIPTCSublocation],
			m[caption.MetaIPTCCity]+m[caption.MetaXMPCity], m[caption.MetaIPTCProvinceState], m[caption.MetaIPTCCountryCode]+m[caption.MetaXMPCountry])
	}
	f.Add("", "a\x00b; ;;", "/", "2016-02-29T", "\xff", "Douma\x00", "", "s\xffy")
	p := newCreditParser(f)
	f.Fuzz(func(t *testing.T, text, creator, credit, date, subloc, city, province, country string) {
		meta := map[string]string{
			caption.MetaXMPCreator: creator, caption.MetaIPTCByline: credit, caption.MetaIPTCCredit: credit,
			caption.MetaXMPSource: creator, caption.MetaXMPDateCreated: date, caption.MetaIPTCDateCreated: city,
			caption.MetaIPTCSublocation: subloc, caption.MetaXMPShownCity: city, caption.MetaIPTCProvinceState: province,
			caption.MetaXMPCountryCode: country, caption.MetaIPTCCountry: province,
		}
		rec := metaDoc(t, p, text, meta)
		for field, key := range rec.Origins {
			if !containsKey(originKeys(field), key) {
				t.Errorf("origin %s = %q is not one of its keys", field, key)
			}
		}
		for _, s := range rec.Places {
			if strings.TrimSpace(s) == "" {
				t.Errorf("empty place in %q", rec.Places)
			}
		}
		b, err := caption.MarshalRecord(rec)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		back, err := caption.UnmarshalRecord(b)
		if err != nil {
			t.Fatalf("unmarshal %s: %v", b, err)
		}
		again, err := caption.MarshalRecord(back)
		if err != nil {
			t.Fatalf("marshal again: %v", err)
		}
		if !bytes.Equal(b, again) {
			t.Fatalf("round trip changed the record:\n%s\n%s", b, again)
		}
	})
}

// originKeys returns the keys Origins may name for field.
func originKeys(field string) []string {
	if field == "places" {
		var keys []string
		for _, f := range metaPlaceKinds {
			keys = append(keys, caption.MetaKeys(f.field)...)
		}
		return keys
	}
	return caption.MetaKeys(field)
}

func containsKey(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}
