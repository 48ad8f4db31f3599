package export

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

func ptr[T any](v T) *T { return &v }

// fullRecord is a hand-built record with every field set; its caption is
// invented for this test.
func fullRecord() caption.Record {
	text := `Medics treat a man at Al-Shifa <hospital> in Gaza City on Oct. 12, 2023, after an airstrike that killed at least 11 people, according to the health ministry. (Photo by Amal Nassar/AFP Photo)`
	return caption.Record{
		Text:          text,
		Description:   text[:strings.Index(text, " (Photo")],
		Lang:          "en",
		Credit:        "Photo by Amal Nassar/AFP Photo",
		Photographers: []string{"Amal Nassar"},
		Agencies:      []caption.Agency{"AFP"},
		Date:          caption.PartialDate{Year: 2023, Month: 10, Day: 12, Precision: caption.PrecisionDay},
		DateText:      "Oct. 12, 2023",
		Places:        []string{"Al-Shifa", "Gaza City"},
		Location: &caption.Location{Name: "Gaza", GeonameID: 281133, Lat: 31.50161, Lon: 34.46672,
			Admin1: "Gaza Strip", CountryCode: "PS", Feature: "PPLA", Precision: 1},
		Country:     "PS",
		Killed:      ptr(11),
		Attribution: []string{"health ministry"},
		EventTypes:  []caption.EventType{caption.Airstrike},
		Actors:      []string{"Israeli forces"},
		Perpetrator: &caption.Perpetrator{Actor: "Israeli forces", Kind: caption.KindState, Country: "IL", Claim: caption.ClaimSaid},
		Target:      []caption.TargetKind{caption.TargetCivilians, caption.TargetHospital},
		People:      []caption.Person{{Name: "Amal Nassar", Age: ptr(34)}, {Name: "Omar"}},
		Evidence: map[string][]caption.Span{
			"date":   {{Start: 58, End: 71}},
			"killed": {{Start: 97, End: 122}},
			"places": {{Start: 22, End: 30}, {Start: 45, End: 54}},
		},
		Warnings: []string{"two dates & one doubt"},
	}
}

func TestWriteJSONL(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   caption.Record
		want string
	}{
		{
			name: "every field",
			in:   fullRecord(),
			want: `{"text":"Medics treat a man at Al-Shifa <hospital> in Gaza City on Oct. 12, 2023, after an airstrike that killed at least 11 people, according to the health ministry. (Photo by Amal Nassar/AFP Photo)",` +
				`"description":"Medics treat a man at Al-Shifa <hospital> in Gaza City on Oct. 12, 2023, after an airstrike that killed at least 11 people, according to the health ministry.",` +
				`"lang":"en","credit":"Photo by Amal Nassar/AFP Photo","photographers":["Amal Nassar"],"agencies":["AFP"],` +
				`"date":"2023-10-12","date_precision":"day","date_text":"Oct. 12, 2023","places":["Al-Shifa","Gaza City"],` +
				`"location":{"name":"Gaza","geonameid":281133,"lat":31.50161,"lon":34.46672,"admin1":"Gaza Strip","country_code":"PS","feature":"PPLA","precision":1},` +
				`"country":"PS","killed":11,"injured":null,"attribution":["health ministry"],"event_types":["airstrike"],"actors":["Israeli forces"],` +
				`"perpetrator":{"actor":"Israeli forces","name":null,"kind":"state forces","country":"IL","claim":"said"},"target":["civilians","hospital"],` +
				`"people":[{"name":"Amal Nassar","age":34},{"name":"Omar","age":null}],` +
				`"evidence":{"date":[[58,71]],"killed":[[97,122]],"places":[[22,30],[45,54]]},"warnings":["two dates & one doubt"]}` + "\n",
		},
		{
			name: "nothing found",
			in:   caption.Record{Text: "A street in Sanaa.", Description: "A street in Sanaa."},
			want: `{"text":"A street in Sanaa.","description":"A street in Sanaa.","lang":null,"credit":null,"photographers":[],"agencies":[],` +
				`"date":null,"date_precision":null,"date_text":null,"places":[],"location":null,"country":null,"killed":null,"injured":null,` +
				`"attribution":[],"event_types":[],"actors":[],"perpetrator":null,"target":[],"people":[],"evidence":{},"warnings":[]}` + "\n",
		},
		{
			name: "year only, location not from GeoNames, zero injured",
			in: caption.Record{Text: "T", Date: caption.PartialDate{Year: 2015, Precision: caption.PrecisionYear}, DateText: "2015",
				Injured: ptr(0), Location: &caption.Location{Name: "Camp", Lat: -1.5, CountryCode: "SD", Feature: "PPLX", Precision: 1},
				Evidence: map[string][]caption.Span{"injured": {}}},
			want: `{"text":"T","description":"","lang":null,"credit":null,"photographers":[],"agencies":[],` +
				`"date":"2015","date_precision":"year","date_text":"2015","places":[],` +
				`"location":{"name":"Camp","geonameid":null,"lat":-1.5,"lon":0,"admin1":null,"country_code":"SD","feature":"PPLX","precision":1},` +
				`"country":null,"killed":null,"injured":0,"attribution":[],"event_types":[],"actors":[],"perpetrator":null,"target":[],"people":[],"evidence":{},"warnings":[]}` + "\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteJSONL(&buf, slices.Values([]caption.Record{tc.in})); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, buf.String()); diff != "" {
				t.Errorf("WriteJSONL mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestJSONLRoundTrip(t *testing.T) {
	recs := []caption.Record{
		fullRecord(),
		{Text: "Only text."},
		{Text: "Month.", Date: caption.PartialDate{Year: 2019, Month: 2, Precision: caption.PrecisionMonth}, DateText: "February 2019"},
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, slices.Values(recs)); err != nil {
		t.Fatal(err)
	}
	first := buf.String()
	got := mustReadAll(t, strings.NewReader(first))
	if diff := cmp.Diff(recs, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("records after a round trip mismatch (-want +got):\n%s", diff)
	}
	buf.Reset()
	if err := WriteJSONL(&buf, slices.Values(got)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first, buf.String()); diff != "" {
		t.Errorf("second write differs from the first (-first +second):\n%s", diff)
	}
}

// TestReadJSONLFile reads testdata/records.jsonl, lines as WriteJSONL writes
// them, and checks that writing the records again gives the same bytes.
func TestReadJSONLFile(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "records.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteJSONL(&out, slices.Values(mustReadAll(t, bytes.NewReader(in)))); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(in), out.String()); diff != "" {
		t.Errorf("records.jsonl after a round trip (-file +written):\n%s", diff)
	}
}

func TestReadJSONL(t *testing.T) {
	in := "\n" + `{"text":"A","future_field":{"x":1},"date":"2016-11-06","evidence":{"date":[[0,1]]}}` + "\n  \n" + `{"text":"B"}` + "\n{}\n"
	want := []caption.Record{
		{Text: "A", Date: caption.PartialDate{Year: 2016, Month: 11, Day: 6, Precision: caption.PrecisionDay},
			Evidence: map[string][]caption.Span{"date": {{Start: 0, End: 1}}}},
		{Text: "B", Evidence: map[string][]caption.Span{}},
		{Evidence: map[string][]caption.Span{}},
	}
	if diff := cmp.Diff(want, mustReadAll(t, strings.NewReader(in))); diff != "" {
		t.Errorf("ReadJSONL mismatch (-want +got):\n%s", diff)
	}
}

func TestReadJSONLInvalid(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{name: "not JSON", in: `{"text":"A"}` + "\n{text", want: "read jsonl line 2: invalid character 't' looking for beginning of object key string: invalid input"},
		{name: "not an object", in: `["text"]`, want: "read jsonl line 1: json: cannot unmarshal array into Go value of type export.wireRecord: invalid input"},
		{name: "bad date", in: `{"text":"A","date":"2016-13-01"}`, want: `read jsonl line 1: date "2016-13-01": parsing time "2016-13-01": month out of range: invalid input`},
		{name: "date shape", in: `{"text":"A","date":"Nov 2016"}`, want: `read jsonl line 1: date "Nov 2016" is not YYYY, YYYY-MM or YYYY-MM-DD: invalid input`},
		{name: "precision disagrees", in: `{"text":"A","date":"2016-11","date_precision":"day"}`, want: `read jsonl line 1: date "2016-11" has precision month, not day: invalid input`},
		{name: "span outside text", in: `{"text":"AB","evidence":{"killed":[[1,3]]}}`, want: "read jsonl line 1: evidence killed [1, 3) outside the 2-byte text: invalid input"},
		{name: "wrong type", in: `{"text":"A","killed":"four"}`, want: "read jsonl line 1: json: cannot unmarshal string into Go struct field wireRecord.killed of type int: invalid input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			for _, err = range ReadJSONL(strings.NewReader(tc.in)) {
				if err != nil {
					break
				}
			}
			if !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("ReadJSONL error %v does not wrap caption.ErrInvalid", err)
			}
			if err != nil {
				if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
					t.Errorf("ReadJSONL error mismatch (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// FuzzReadJSONL checks that whatever ReadJSONL accepts, WriteJSONL writes in a
// form that reads back to the same record and writes to the same bytes.
func FuzzReadJSONL(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, slices.Values([]caption.Record{fullRecord(), {Text: "x"}})); err != nil {
		f.Fatal(err)
	}
	for line := range strings.Lines(buf.String()) {
		f.Add(line)
	}
	golden, err := os.ReadFile(filepath.Join("testdata", "records.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(golden))
	f.Fuzz(func(t *testing.T, in string) {
		for rec, err := range ReadJSONL(strings.NewReader(in)) {
			if err != nil {
				if !errors.Is(err, caption.ErrInvalid) && !errors.Is(err, bufio.ErrTooLong) {
					t.Fatalf("ReadJSONL error %v: want caption.ErrInvalid", err)
				}
				return
			}
			var first, second bytes.Buffer
			if err := WriteJSONL(&first, slices.Values([]caption.Record{rec})); err != nil {
				t.Fatal(err)
			}
			back := mustReadAll(t, bytes.NewReader(first.Bytes()))
			if err := WriteJSONL(&second, slices.Values(back)); err != nil {
				t.Fatal(err)
			}
			if first.String() != second.String() {
				t.Fatalf("unstable round trip:\n%s%s", first.String(), second.String())
			}
		}
	})
}

func mustReadAll(t testing.TB, r io.Reader) []caption.Record {
	t.Helper()
	var recs []caption.Record
	for rec, err := range ReadJSONL(r) {
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return recs
}
