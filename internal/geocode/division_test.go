package geocode

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// divisionGazetteer holds Iraqi places whose names share their keys with
// larger or commoner places abroad, as the embedded data does: a village
// spelt like the caption beside a capital whose other name shares its key,
// and divisions known only as the admin1 names of their places.
func divisionGazetteer(t *testing.T) *Gazetteer {
	t.Helper()
	places := []Place{
		{ID: 1, Name: "Al Qayyārah", Lat: 35.80, Lon: 43.29, Class: 'P', Feature: "PPLA3", Country: "IQ", Admin1Code: "15", Admin1: "Nineveh"},
		{ID: 2, Name: "Mosul", Lat: 36.34, Lon: 43.12, Class: 'P', Feature: "PPLA", Country: "IQ", Admin1Code: "15", Admin1: "Nineveh", Population: 1739800},
		{ID: 3, Name: "Ramadi", Lat: 33.42, Lon: 43.31, Class: 'P', Feature: "PPLA", Country: "IQ", Admin1Code: "01", Admin1: "Anbar", Population: 274539},
		{ID: 4, Name: "Cairo", Alternates: []string{"Kairo"}, Lat: 30.06, Lon: 31.25, Class: 'P', Feature: "PPLC", Country: "EG", Admin1Code: "11", Admin1: "Cairo", Population: 9606916},
		{ID: 5, Name: "Calcutta", Alternates: []string{"Nineveh"}, Lat: 40.67, Lon: -80.58, Class: 'P', Feature: "PPL", Country: "US", Admin1Code: "OH", Admin1: "Ohio", Population: 3742},
		{ID: 6, Name: "Ambar", Lat: 37.85, Lon: 40.53, Class: 'P', Feature: "PPL", Country: "TR", Admin1Code: "21", Admin1: "Diyarbakır", Population: 5063},
		{ID: 7, Name: "Aleppo", Lat: 36.20, Lon: 37.16, Class: 'P', Feature: "PPLA", Country: "SY", Admin1Code: "09", Admin1: "Aleppo", Population: 1602264},
		{ID: 8, Name: "Tyre", Lat: 33.27, Lon: 35.19, Class: 'P', Feature: "PPLA2", Country: "LB", Admin1Code: "06", Admin1: "South Governorate", Population: 135204},
		{ID: 9, Name: "Tehran", Alternates: []string{"Teera"}, Lat: 35.69, Lon: 51.42, Class: 'P', Feature: "PPLC", Country: "IR", Admin1Code: "26", Admin1: "Tehran", Population: 7153309},
		{ID: 10, Name: "Kham", Lat: 14.40, Lon: 103.80, Class: 'P', Feature: "PPL", Country: "KH", Admin1Code: "01", Admin1: "Somewhere", Population: 2000},
		{ID: 11, Name: "Khom", Lat: 10.10, Lon: 10.10, Class: 'P', Feature: "PPL", Country: "NG", Admin1Code: "02", Admin1: "Elsewhere", Population: 3000},
		{ID: 12, Name: "Ras Baalbek", Lat: 34.26, Lon: 36.42, Class: 'P', Feature: "PPL", Country: "LB", Admin1Code: "07", Admin1: "Nabatieh", Population: 6000},
	}
	return gazetteerOf(t, places, CountryEntry{"IQ", "Iraq"}, CountryEntry{"EG", "Egypt"}, CountryEntry{"US", "United States"},
		CountryEntry{"TR", "Turkey"}, CountryEntry{"SY", "Syria"}, CountryEntry{"LB", "Lebanon"}, CountryEntry{"IR", "Iran"},
		CountryEntry{"KH", "Cambodia"}, CountryEntry{"NG", "Nigeria"})
}

// TestResolveDivisionsAndSpelling: a spelling like the caption's outranks
// a capital's size, and a division the data knows only by name is a
// candidate for its name, before a namesake village abroad.
func TestResolveDivisionsAndSpelling(t *testing.T) {
	g := divisionGazetteer(t)
	type want struct {
		Name      string
		ID        int
		Feature   string
		Precision int
		Country   caption.CountryCode
	}
	tests := []struct {
		name string
		refs []caption.PlaceRef
		want want
	}{
		{"spelt like the caption beats a capital sharing the key", refs("Qayyarah"),
			want{"Al Qayyārah", 1, "PPLA3", 1, "IQ"}},
		{"a division named with its place word", refs("Anbar|province"),
			want{"Anbar", 0, "ADM1", 3, "IQ"}},
		{"a division before a namesake village abroad", refs("Nineveh"),
			want{"Nineveh", 0, "ADM1", 3, "IQ"}},
		{"the province the caption names settles the village", refs("Qayyarah", "Nineveh|province"),
			want{"Al Qayyārah", 1, "PPLA3", 1, "IQ"}},
		{"a city standing for its division keeps it", refs("Aleppo|province"),
			want{"Aleppo", 7, "PPLA", 3, "SY"}},
		{"a town named in the division", refs("Mosul", "Nineveh"),
			want{"Mosul", 2, "PPLA", 1, "IQ"}},
		{"the entry's own name before another's other name", refs("Tyre"),
			want{"Tyre", 8, "PPLA2", 1, "LB"}},
		{"the place word trimmed finds the division", refs("Nabatieh Governorate|province"),
			want{"Nabatieh", 0, "ADM1", 3, "LB"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := caption.Record{PlaceRefs: tc.refs, Evidence: map[string][]caption.Span{}}
			g.Resolve(&rec, nil)
			if rec.Location == nil {
				t.Fatalf("no location; warnings %q", rec.Warnings)
			}
			l := rec.Location
			got := want{l.Name, l.GeonameID, l.Feature, l.Precision, rec.Country}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\nwarnings %q", diff, rec.Warnings)
			}
		})
	}
}

// TestResolveLooseKeyOnly: a name that matches only by the loose key
// (spelt otherwise) places in several countries, with nothing in the caption
// for any of them, is not located rather than put on another continent;
// the same candidate is taken when the caption's country speaks for it.
func TestResolveLooseKeyOnly(t *testing.T) {
	g := divisionGazetteer(t)
	if Key("Khiam") != Key("Kham") || Key("Khiam") != Key("Khom") || Spelling("Khiam") == Spelling("Kham") {
		t.Fatal("the test's names no longer share a key with other spellings")
	}
	rec := caption.Record{PlaceRefs: refs("Khiam"), Evidence: map[string][]caption.Span{}}
	g.Resolve(&rec, nil)
	if rec.Location != nil || len(rec.Warnings) == 0 {
		t.Errorf("Khiam alone: location %+v, warnings %q; want none, and a warning", rec.Location, rec.Warnings)
	}
	rec = caption.Record{PlaceRefs: refs("Khiam"), Country: "KH", CountryBasis: caption.CountryNamed, Evidence: map[string][]caption.Span{}}
	g.Resolve(&rec, nil)
	if rec.Location == nil || rec.Location.GeonameID != 10 {
		t.Errorf("Khiam in Cambodia: location %+v, want Kham (10)", rec.Location)
	}
}
