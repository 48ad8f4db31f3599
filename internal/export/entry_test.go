package export

import (
	"bytes"
	"errors"
	"flag"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The captions of the register fixture. They are invented for these tests:
// the people, figures and incidents are not real; the places are real so
// that the coordinates and GeoNames IDs mean something.
const (
	capHarasta = "Rescuers search a flattened house after shelling on the western edge of Harasta, Syria, on March 2, 2017. " +
		"At least five people were killed, according to the local council. (Photo by Rami Haddad/AFP)"
	capHarastaCopy = "Rescuers search a flattened house after shelling on the western edge of Harasta, Syria, on March 2, 2017. " +
		"At least five people were killed. (Photo by Rami Haddad/AFP Photo)"
	capHarastaRescue = "Civil defence workers carry a wounded girl from the rubble in Harasta on March 2, 2017, after shelling " +
		"that killed seven people, the White Helmets said. (Photo by Lina Sabbagh/Reuters)"
	capFormula = `=HYPERLINK("http://example.invalid","x") -1 @sum: a "quoted" caption, with a comma; and a semicolon, in Douma on March 9, 2017.`
	capMonth   = "A market street lies in ruins after air strikes on Idlib in April 2017. (Anadolu Agency)"
	capYear    = "A family walks past a damaged mosque in Maarat al-Numan in 2016. (EPA/Stringer)"
	capNoPlace = "Residents march against the siege in the old town on May 1, 2017. (Photo by <Nobody> & Co/AFP)"
)

func intp(n int) *int { return &n }

// fixture is a small register: records 1-3 are one event (two copies of a
// shelling report and a rescue after it; 1 and 2 one cluster), 4 is a
// caption starting with a formula (located before sijil recorded a
// location's basis), 5 has a month only, 6 a year only, 7 names no country
// and is not linked yet, 8 is fullRecord (a Gaza airstrike). Every record has one source in an invented document.
func fixture() []Entry {
	harasta := &caption.Location{Name: "Harasta", Preferred: "Ḩarastā", GeonameID: 170654, Lat: 33.55869, Lon: 36.365,
		Admin1: "Rif Dimashq", CountryCode: "SY", Feature: "PPL", Precision: 2, Basis: caption.BasisCountry}
	day := func(y, m, d int) caption.PartialDate {
		return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
	}
	recs := []caption.Record{
		{Text: capHarasta, Description: capHarasta[:strings.Index(capHarasta, " (Photo")], Lang: "en", Credit: "Photo by Rami Haddad/AFP",
			Photographers: []string{"Rami Haddad"}, Agencies: []caption.Agency{"AFP"}, Date: day(2017, 3, 2), DateText: "March 2, 2017",
			Places: []string{"Harasta"}, Location: harasta, Country: "SY", Killed: intp(5), Attribution: []string{"local council"},
			EventTypes: []caption.EventType{caption.Shelling}, Evidence: map[string][]caption.Span{"killed": {{Start: 105, End: 136}}, "date": {{Start: 87, End: 100}}}},
		{Text: capHarastaCopy, Description: capHarastaCopy[:strings.Index(capHarastaCopy, " (Photo")], Credit: "Photo by Rami Haddad/AFP Photo",
			Photographers: []string{"Rami Haddad"}, Agencies: []caption.Agency{"AFP"}, Date: day(2017, 3, 2), DateText: "March 2, 2017",
			Places: []string{"Harasta"}, Location: harasta, Country: "SY", Killed: intp(5), EventTypes: []caption.EventType{caption.Shelling}},
		{Text: capHarastaRescue, Description: capHarastaRescue[:strings.Index(capHarastaRescue, " (Photo")], Lang: "en", Credit: "Photo by Lina Sabbagh/Reuters",
			Photographers: []string{"Lina Sabbagh"}, Agencies: []caption.Agency{"Reuters"}, Date: day(2017, 3, 2), DateText: "March 2, 2017",
			Places: []string{"Harasta"}, Location: &caption.Location{Name: "Harasta", GeonameID: 170654, Lat: 33.55869, Lon: 36.365,
				Admin1: "Rif Dimashq", CountryCode: "SY", Feature: "PPL", Precision: 1, Basis: caption.BasisOnly},
			Country: "SY", Killed: intp(7), Injured: intp(1), EventTypes: []caption.EventType{caption.Shelling, caption.Rescue},
			Actors: []string{"White Helmets"}, People: []caption.Person{{Name: "Hala", Age: intp(9)}}},
		{Text: capFormula, Description: capFormula, Date: day(2017, 3, 9), DateText: "March 9, 2017", Places: []string{"Douma"},
			Location: &caption.Location{Name: "Douma", GeonameID: 170592, Lat: 33.57175, Lon: 36.40270, Admin1: "Rif Dimashq",
				CountryCode: "SY", Feature: "PPLA2", Precision: 1},
			Country: "SY", EventTypes: []caption.EventType{caption.Rescue}, Warnings: []string{"-1 is not a date"}},
		{Text: capMonth, Description: "A market street lies in ruins after air strikes on Idlib in April 2017.", Credit: "Anadolu Agency",
			Agencies: []caption.Agency{"Anadolu Agency"}, Date: caption.PartialDate{Year: 2017, Month: 4, Precision: caption.PrecisionMonth},
			DateText: "April 2017", Places: []string{"Idlib"}, Location: &caption.Location{Name: "Idlib", GeonameID: 169389,
				Lat: 35.93062, Lon: 36.63393, Admin1: "Idlib", CountryCode: "SY", Feature: "ADM1", Precision: 3, Basis: caption.BasisPopulation},
			Country: "SY", EventTypes: []caption.EventType{caption.Airstrike}},
		{Text: capYear, Description: "A family walks past a damaged mosque in Maarat al-Numan in 2016.", Credit: "EPA/Stringer",
			Agencies: []caption.Agency{"EPA"}, Date: caption.PartialDate{Year: 2016, Precision: caption.PrecisionYear}, DateText: "2016",
			Places: []string{"Maarat al-Numan"}, Country: "SY", EventTypes: []caption.EventType{caption.Airstrike}},
		{Text: capNoPlace, Description: "Residents march against the siege in the old town on May 1, 2017.", Credit: "Photo by <Nobody> & Co/AFP",
			Photographers: []string{"<Nobody> & Co"}, Agencies: []caption.Agency{"AFP"}, Date: day(2017, 5, 1), DateText: "May 1, 2017",
			EventTypes: []caption.EventType{caption.Protest}},
		fullRecord(),
	}
	groups := [][2]int64{{1, 1}, {1, 1}, {3, 1}, {4, 4}, {5, 5}, {6, 6}, {0, 0}, {8, 8}}
	ingested := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	var out []Entry
	for i, r := range recs {
		id := int64(i + 1)
		doc := caption.Document{ID: 1 + id%2, Path: []string{"inbox/even.txt", "inbox/odd.txt"}[id%2], SHA256: strings.Repeat("ab", 32),
			FirstSeen: ingested.Add(time.Duration(id) * time.Hour)}
		out = append(out, Entry{
			StoredRecord: caption.StoredRecord{ID: id, Record: r, Cluster: groups[i][0], Event: groups[i][1]},
			Sources:      []caption.Source{{Document: doc, Occurrence: caption.Occurrence{Index: i / 2, Start: 100 * i, End: 100*i + len(r.Text), Line: 1 + i}}},
		})
	}
	// Records 1 and 3 were also read from photos: the same picture (group
	// 9), one of them resized.
	for i, name := range map[int]string{0: "cases/17/harasta-0302.jpg", 2: "harasta-small.jpg"} {
		sha := strings.Repeat(string(rune('c'+i)), 64)
		doc := caption.Document{ID: 10 + int64(i), Path: name, SHA256: sha, Format: "jpeg", FirstSeen: ingested}
		photo := &caption.Photo{ID: 9 + int64(i), SHA256: sha, Width: 6000 >> (i / 2), Height: 4000 >> (i / 2),
			Hash: strings.Repeat("0f1e2d3c", 16), Link: caption.PhotoLink{Group: 9}}
		out[i].Sources = append(out[i].Sources, caption.Source{Document: doc, Occurrence: caption.Occurrence{End: len(out[i].Record.Text)}, Photo: photo})
	}
	return out
}

// seq yields the entries, as Matching would.
func seq(es []Entry) iter.Seq2[Entry, error] {
	return func(yield func(Entry, error) bool) {
		for _, e := range es {
			if !yield(e, nil) {
				return
			}
		}
	}
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// TestFormatsGolden writes the fixture in each stream format and compares
// the output with testdata/fixture.FORMAT. Run `go test ./internal/export
// -update` after a deliberate change and read the diff.
func TestFormatsGolden(t *testing.T) {
	wantCounts := map[string]Counts{
		"csv":     {Wrote: 8},
		"acled":   {Wrote: 3, Skipped: 3, Why: map[string]int{whyNoDate: 1, whyNoCountry: 1, whyNoType: 1}},
		"geojson": {Wrote: 6, Skipped: 2, Why: map[string]int{"no location": 2}},
		"jsonl":   {Wrote: 8},
	}
	for _, f := range Formats() {
		t.Run(f.Name, func(t *testing.T) {
			var buf bytes.Buffer
			c, err := f.Write(&buf, seq(fixture()))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantCounts[f.Name], c); diff != "" {
				t.Errorf("counts (-want +got):\n%s", diff)
			}
			golden(t, "fixture."+f.Name, buf.Bytes())
		})
	}
}

// TestWritersStopOnError checks that every writer returns the iterator's
// error as it is, so that a caller can tell a store's failure from its own.
func TestWritersStopOnError(t *testing.T) {
	boom := errors.New("boom")
	failing := func(yield func(Entry, error) bool) {
		if yield(fixture()[0], nil) {
			yield(Entry{}, boom)
		}
	}
	for _, f := range Formats() {
		if _, err := f.Write(&bytes.Buffer{}, failing); !errors.Is(err, boom) {
			t.Errorf("%s: error %v, want boom", f.Name, err)
		}
	}
	if _, err := WriteXMPDir(t.TempDir(), failing, false); !errors.Is(err, boom) {
		t.Errorf("xmp: error %v, want boom", err)
	}
}

func TestFormatNamed(t *testing.T) {
	for _, name := range []string{"csv", "acled", "geojson", "jsonl"} {
		if f, ok := FormatNamed(name); !ok || f.Name != name || f.Write == nil {
			t.Errorf("FormatNamed(%q) = %+v, %v", name, f, ok)
		}
	}
	for _, name := range []string{"xmp", "", "CSV"} {
		if _, ok := FormatNamed(name); ok {
			t.Errorf("FormatNamed(%q) found a stream format", name)
		}
	}
}

// TestEntriesJSONL checks that an exported line is WriteJSONL's object with
// id, cluster, event and sources after it, and reads back as the record.
func TestEntriesJSONL(t *testing.T) {
	es := fixture()
	var buf bytes.Buffer
	if _, err := WriteEntriesJSONL(&buf, seq(es)); err != nil {
		t.Fatal(err)
	}
	var got []caption.Record
	for r, err := range ReadJSONL(&buf) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	var want []caption.Record
	for _, e := range es {
		var line bytes.Buffer
		if err := WriteJSONL(&line, slices.Values([]caption.Record{e.Record})); err != nil {
			t.Fatal(err)
		}
		want = append(want, mustReadAll(t, &line)...)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records read back (-want +got):\n%s", diff)
	}
}
