package caption

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func intp(n int) *int { return &n }

// fullRecord sets every field of Record and of the types it holds, so that
// TestCodecCoversEveryField fails when a field is added without the codec.
func fullRecord() Record {
	text := "Syrian civil defence volunteers search for survivors in Douma, near Damascus, on November 24, 2016, " +
		"after air strikes killed at least 12 people and wounded 20, activists said. (Photo by Ameer Alhalbi/AFP Photo) <&>"
	return Record{
		Text:          text,
		Description:   text[:len(text)-40],
		Lang:          "en",
		Credit:        "Photo by Ameer Alhalbi/AFP Photo",
		Photographers: []string{"Ameer Alhalbi"},
		Agencies:      []Agency{"AFP"},
		Date:          PartialDate{Year: 2016, Month: 11, Day: 24, Precision: PrecisionDay},
		DateText:      "November 24, 2016",
		Places:        []string{"Douma", "Damascus"},
		PlaceRefs: []PlaceRef{
			{Name: "Douma", Span: Span{62, 67}},
			{Name: "Damascus", Span: Span{74, 82}, Kind: "city", Near: true},
		},
		Location: &Location{Name: "Douma", Preferred: "Dūmā", GeonameID: 170654, Lat: 33.57175, Lon: 36.40270,
			Admin1: "Rif Dimashq", CountryCode: "SY", Feature: "PPLA2", Precision: 1, Basis: BasisContainer},
		Country:      "SY",
		CountryBasis: CountryGazetteer,
		Killed:       intp(12),
		Injured:      intp(0),
		Attribution:  []string{"activists"},
		EventTypes:   []EventType{Airstrike, Rescue},
		Actors:       []string{"White Helmets"},
		Perpetrator: &Perpetrator{Actor: "Hayat Tahrir al-Sham", Name: "Jabhat al-Nusra", Kind: KindRebels, Country: "SY",
			Claim: ClaimSaid},
		Target:   []TargetKind{TargetCivilians, TargetHospital},
		People:   []Person{{Name: "Ahmad", Age: intp(7)}, {Name: "Umm Ahmad"}},
		Evidence: map[string][]Span{"date": {{84, 101}}, "places": {{62, 67}, {74, 82}}, "killed": {}},
		Origins:  map[string]string{"country": MetaIPTCCountryCode},
		Warnings: []string{"two dates"},
	}
}

func TestCodecCoversEveryField(t *testing.T) {
	r := fullRecord()
	values := []reflect.Value{reflect.ValueOf(r), reflect.ValueOf(*r.Location), reflect.ValueOf(r.PlaceRefs[1]),
		reflect.ValueOf(r.People[0]), reflect.ValueOf(r.Date), reflect.ValueOf(*r.Perpetrator)}
	for _, v := range values {
		for i := range v.NumField() {
			if v.Field(i).IsZero() {
				t.Errorf("fullRecord leaves %s.%s zero: set it and make sure the codec keeps it", v.Type().Name(), v.Type().Field(i).Name)
			}
		}
	}
}

func TestRecordRoundTrip(t *testing.T) {
	arabic := "متطوعو الدفاع المدني يبحثون عن ناجين في دوما 🕊️ (تصوير: عامر الحلبي/فرانس برس)"
	tests := []struct {
		name string
		in   Record
	}{
		{"full", fullRecord()},
		{"text only", Record{Text: "A boy.", Evidence: map[string][]Span{}}},
		{"year", Record{Text: "x", Date: PartialDate{Year: 2013, Precision: PrecisionYear}, Evidence: map[string][]Span{}}},
		{"month", Record{Text: "x", Date: PartialDate{Year: 2013, Month: 2, Precision: PrecisionMonth}, Evidence: map[string][]Span{}}},
		{"zero location", Record{Text: "x", Location: &Location{Name: "Null Island"}, Evidence: map[string][]Span{}}},
		{"unicode", Record{Text: arabic, Description: arabic, Places: []string{"دوما"}, Evidence: map[string][]Span{"places": {{0, 4}}}}},
		{"zero casualties", Record{Text: "x", Killed: intp(0), Injured: intp(0), Evidence: map[string][]Span{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := MarshalRecord(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := UnmarshalRecord(b)
			if err != nil {
				t.Fatalf("UnmarshalRecord(%s): %v", b, err)
			}
			if diff := cmp.Diff(tc.in, got); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
			again, err := MarshalRecord(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != string(b) {
				t.Errorf("second encoding differs:\n%s\n%s", b, again)
			}
		})
	}
}

// TestRecordNormalForm pins what decoding makes of empty values: nil lists
// and a non-nil Evidence map, as the parser builds it.
func TestRecordNormalForm(t *testing.T) {
	in := Record{Text: "x", Photographers: []string{}, Places: []string{}, Warnings: []string{}}
	b, err := MarshalRecord(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"text":"x"}`; string(b) != want {
		t.Errorf("MarshalRecord = %s, want %s", b, want)
	}
	got, err := UnmarshalRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	want := Record{Text: "x", Evidence: map[string][]Span{}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRecordWireNames pins the field names: both stores keep this JSON, so a
// rename is a migration.
func TestRecordWireNames(t *testing.T) {
	r := Record{Text: "Douma <x>", Date: PartialDate{Year: 2016, Month: 11, Precision: PrecisionMonth},
		PlaceRefs: []PlaceRef{{Name: "Douma", Span: Span{0, 5}, Near: true}}, Country: "SY", CountryBasis: CountryNamed,
		Location: &Location{Name: "Douma", Preferred: "Dūmā", Lat: 33.5, Lon: 36.4, Precision: 2},
		People:   []Person{{Name: "Ali", Age: intp(9)}}, Evidence: map[string][]Span{"places": {{0, 5}}, "date": {}}}
	want := `{"text":"Douma <x>","date":"2016-11","place_refs":[{"name":"Douma","span":[0,5],"near":true}],` +
		`"location":{"name":"Douma","preferred_name":"Dūmā","geonameid":0,"lat":33.5,"lon":36.4,"precision":2},` +
		`"country":"SY","country_basis":"named","people":[{"name":"Ali","age":9}],"evidence":{"date":[],"places":[[0,5]]}}`
	b, err := MarshalRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("MarshalRecord (-want +got):\n%s", diff)
	}
}

// TestRecordPerpetratorWire pins the names of the perpetrator and target
// fields, and that a record stored before they existed still decodes, with
// neither.
func TestRecordPerpetratorWire(t *testing.T) {
	r := Record{Text: "x", Actors: []string{"Islamic State"}, Perpetrator: &Perpetrator{Actor: "Islamic State", Kind: KindRebels, Claim: ClaimClaimed},
		Target: []TargetKind{TargetPolice}, Evidence: map[string][]Span{}}
	want := `{"text":"x","actors":["Islamic State"],"perpetrator":{"actor":"Islamic State","kind":"rebel group","claim":"claimed"},"target":["police"]}`
	b, err := MarshalRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("MarshalRecord (-want +got):\n%s", diff)
	}
	old, err := UnmarshalRecord([]byte(`{"text":"x","actors":["Islamic State"],"evidence":{"actors":[[0,1]]}}`))
	if err != nil {
		t.Fatalf("a record stored before perpetrators: %v", err)
	}
	if old.Perpetrator != nil || old.Target != nil {
		t.Errorf("old record decodes with perpetrator %v, target %v; want none", old.Perpetrator, old.Target)
	}
}

func TestMarshalRecordInvalid(t *testing.T) {
	tests := []struct {
		name string
		in   Record
	}{
		{"invalid UTF-8", Record{Text: "Dou\xffma"}},
		{"invalid UTF-8 in a list", Record{Text: "x", Actors: []string{"\xc3"}}},
		{"NUL in a perpetrator", Record{Text: "x", Perpetrator: &Perpetrator{Actor: "a\x00"}}},
		{"NUL", Record{Text: "Douma\x00"}},
		{"NUL in a key", Record{Text: "x", Evidence: map[string][]Span{"\x00": nil}}},
		{"NUL in an agency", Record{Text: "x", Agencies: []Agency{"AF\x00P"}}},
		{"invalid UTF-8 in a place's kind", Record{Text: "x", PlaceRefs: []PlaceRef{{Name: "a", Kind: "\xe2\x82"}}}},
		{"invalid UTF-8 in an origin", Record{Text: "x", Origins: map[string]string{"country": "\xff"}}},
		{"NUL in the location", Record{Text: "x", Location: &Location{Name: "Idlib", Feature: "PPL\x00"}}},
		{"span past the end", Record{Text: "abc", Evidence: map[string][]Span{"date": {{1, 4}}}}},
		{"reversed span", Record{Text: "abc", PlaceRefs: []PlaceRef{{Name: "a", Span: Span{2, 1}}}}},
		{"February 30", Record{Text: "x", Date: PartialDate{Year: 2016, Month: 2, Day: 30, Precision: PrecisionDay}}},
		{"day without precision", Record{Text: "x", Date: PartialDate{Year: 2016, Month: 2, Day: 3}}},
		{"month below year precision", Record{Text: "x", Date: PartialDate{Year: 2016, Month: 2, Precision: PrecisionYear}}},
		{"unknown precision", Record{Text: "x", Date: PartialDate{Year: 2016, Precision: "week"}}},
		{"NaN latitude", Record{Text: "x", Location: &Location{Lat: math.NaN()}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := MarshalRecord(tc.in)
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("MarshalRecord = %s, %v; want ErrInvalid", b, err)
			}
		})
	}
}

func TestUnmarshalRecordInvalid(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"empty", ``},
		{"not an object", `[]`},
		{"unknown field", `{"text":"x","mood":"sad"}`},
		{"trailing data", `{"text":"x"} {}`},
		{"bad date", `{"text":"x","date":"2016-13"}`},
		{"week date", `{"text":"x","date":"2016-W01"}`},
		{"span outside text", `{"text":"x","evidence":{"date":[[0,2]]}}`},
		{"wrong type", `{"text":1}`},
		{"NUL", `{"text":"a\u0000b"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := UnmarshalRecord([]byte(tc.in))
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("UnmarshalRecord = %+v, %v; want ErrInvalid", r, err)
			}
		})
	}
}

// FuzzUnmarshalRecord checks that whatever decodes encodes again and decodes
// to the same record: the stored form is a fixed point.
func FuzzUnmarshalRecord(f *testing.F) {
	for _, r := range []Record{fullRecord(), {Text: "x"}} {
		b, err := MarshalRecord(r)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"text":"ab","date":"2016","people":[{"name":""}],"evidence":{"":[[0,0]]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := UnmarshalRecord(b)
		if err != nil {
			return
		}
		b2, err := MarshalRecord(r)
		if err != nil {
			t.Fatalf("MarshalRecord of a decoded record: %v", err)
		}
		r2, err := UnmarshalRecord(b2)
		if err != nil {
			t.Fatalf("UnmarshalRecord(%s): %v", b2, err)
		}
		if diff := cmp.Diff(r, r2); diff != "" {
			t.Errorf("(-first +second):\n%s", diff)
		}
	})
}

// TestMarshalFields round-trips records through MarshalFields: the text
// is left out, and the description too when it begins the text.
func TestMarshalFields(t *testing.T) {
	full := fullRecord()
	inside := full
	inside.Description = "civil defence" // in the text, not at its start
	for _, tc := range []struct {
		name    string
		r       Record
		descLen int
	}{
		{"description begins the text", full, len(full.Description)},
		{"description elsewhere", inside, -1},
		{"no description", Record{Text: "Douma, Syria", Evidence: map[string][]Span{}}, 0},
		{"empty", Record{Evidence: map[string][]Span{}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, n, err := MarshalFields(tc.r)
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.descLen {
				t.Errorf("descLen = %d, want %d", n, tc.descLen)
			}
			if tc.r.Text != "" && strings.Contains(string(b), tc.r.Text) {
				t.Errorf("fields hold the text: %s", b)
			}
			got, err := UnmarshalFields(b, tc.r.Text, n)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.r, got); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
		})
	}
	b, n, _ := MarshalFields(full)
	if _, err := UnmarshalFields(b, full.Text[:10], n); !errors.Is(err, ErrInvalid) {
		t.Errorf("a description longer than the text = %v, want ErrInvalid", err)
	}
	if _, err := UnmarshalFields([]byte(`{"text":"x"}`), "x", 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("fields holding a text = %v, want ErrInvalid", err)
	}
}

// FuzzUnmarshalFields checks that whatever decodes encodes again to fields
// that decode to the same record.
func FuzzUnmarshalFields(f *testing.F) {
	b, n, err := MarshalFields(fullRecord())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b, fullRecord().Text, n)
	f.Add([]byte(`{"text":"","description":"b","evidence":{"":[[0,1]]}}`), "ab", -1)
	f.Fuzz(func(t *testing.T, b []byte, text string, n int) {
		r, err := UnmarshalFields(b, text, n)
		if err != nil {
			return
		}
		b2, n2, err := MarshalFields(r)
		if err != nil {
			t.Fatalf("MarshalFields of a decoded record: %v", err)
		}
		r2, err := UnmarshalFields(b2, r.Text, n2)
		if err != nil {
			t.Fatalf("UnmarshalFields(%s, %d): %v", b2, n2, err)
		}
		if diff := cmp.Diff(r, r2); diff != "" {
			t.Errorf("(-first +second):\n%s", diff)
		}
	})
}

// TestRecordWithoutLang decodes a record stored before sijil read a
// caption's language: it has no lang, and encodes again to the same bytes.
func TestRecordWithoutLang(t *testing.T) {
	old := `{"text":"Douma","description":"Douma","country":"SY","evidence":{"places":[[0,5]]}}`
	r, err := UnmarshalRecord([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if r.Lang != "" || r.Country != "SY" {
		t.Errorf("decoded lang %q, country %q; want none and SY", r.Lang, r.Country)
	}
	b, err := MarshalRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != old {
		t.Errorf("re-encoded %s, want %s", b, old)
	}
	r.Lang = "fr"
	if b, err = MarshalRecord(r); err != nil || !strings.Contains(string(b), `"description":"Douma","lang":"fr",`) {
		t.Errorf("with lang: %s, %v", b, err)
	}
}
