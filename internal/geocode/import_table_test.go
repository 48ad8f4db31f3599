package geocode

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// teamMapping maps the columns of testdata/table/team.*.
const teamMapping = "id=id,name=name,ar=name_ar,alt=aka,lat=latitude,lon=longitude,admin1=governorate,feature=type,country=SY"

// syrianArchiveMapping imports the Syrian Archive's locations.json.
const syrianArchiveMapping = "id=id,name=search_name_en,ar=search_name_ar_short,alt=old_sa_name," +
	"lat=lat,lon=lon,country=SY,clean=syrian-archive,bad=skip"

func TestParseMappingImport(t *testing.T) {
	tests := []struct {
		spec    string
		want    Mapping
		wantErr string
	}{
		{spec: "name=n, lat=y ,lon=x,country=SY",
			want: Mapping{Name: "n", Lat: "y", Lon: "x", DefaultCountry: "SY"}},
		{spec: "name=n,lat=y,lon=x,country=cc,feature=kind,default-feature=PPLX,population=pop,admin1=gov",
			want: Mapping{Name: "n", Lat: "y", Lon: "x", Country: "cc", Feature: "kind", DefaultFeature: "PPLX",
				Population: "pop", Admin1: "gov"}},
		{spec: "NAME=n,lat=y,lon=x,country=col:CC,alternates=a,arabic=ar,sep=pipe+dash+;,clean=none,bad=error",
			want: Mapping{Name: "n", Lat: "y", Lon: "x", Country: "CC", Alternates: "a", Arabic: "ar",
				Separators: []string{"|", " - ", ";"}}},
		{spec: syrianArchiveMapping,
			want: Mapping{ID: "id", Name: "search_name_en", Arabic: "search_name_ar_short", Alternates: "old_sa_name",
				Lat: "lat", Lon: "lon", DefaultCountry: "SY", Clean: CleanSyrianArchive, SkipBad: true}},
		{spec: "name=n,lat=y", wantErr: "no column for lon"},
		{spec: "name=n,lat=y,lon=x,colour=red", wantErr: `unknown key "colour"`},
		{spec: "name=n,name=m,lat=y,lon=x", wantErr: "name given twice"},
		{spec: "name=n,lat,lon=x", wantErr: `"lat": want key=value`},
		{spec: "name=n,lat=y,lon=x,clean=magic", wantErr: "clean=magic: want syrian-archive or none"},
		{spec: "name=n,lat=y,lon=x,default-feature=town!", wantErr: `feature "TOWN!"`},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			got, err := ParseMapping(tc.spec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !errors.Is(err, caption.ErrInvalid) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// readTestTable reads a file of testdata/table with a mapping spec.
func readTestTable(t *testing.T, file, spec string) ([]Place, []string, error) {
	t.Helper()
	m, err := ParseMapping(spec)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/table/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ReadTable(f, file, m)
}

func TestReadTableImport(t *testing.T) {
	camp := placeID("K-7", "", 0, 0)
	want := []Place{
		{ID: 101, Name: "Kafr Nabl", Alternates: []string{"كفرنبل", "Kafranbel", "Kafr Nubl"}, Lat: 35.61, Lon: 36.56,
			Class: 'P', Feature: "PPL", Country: "SY", Admin1: "Idlib"},
		{ID: 102, Name: "Al-Ansari", Alternates: []string{"الأنصاري", "Ansari", "Ansari East"}, Lat: 36.19, Lon: 37.13,
			Class: 'P', Feature: "PPLX", Country: "SY", Admin1: "Aleppo"},
		{ID: camp, Name: "Atmeh camp", Alternates: []string{"مخيم أطمة", "Atma camp", "Atmeh"}, Lat: 36.30, Lon: 36.66,
			Class: 'S', Feature: "CMP", Country: "SY", Admin1: "Idlib"},
	}
	for _, file := range []string{"team.csv", "team.json"} {
		t.Run(file, func(t *testing.T) {
			got, warnings, err := readTestTable(t, file, teamMapping)
			if err != nil || len(warnings) > 0 {
				t.Fatalf("err = %v, warnings = %q", err, warnings)
			}
			want := withSource(want, file)
			if file == "team.json" {
				// The JSON rows leave out some of the names.
				want[1].Alternates, want[2].Alternates, want[2].Admin1 = nil, nil, ""
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	got, _, err := readTestTable(t, "semicolon.csv", "id=id,name=name,lat=lat,lon=lon,country=country")
	if err != nil || len(got) != 2 || got[0].Country != "JO" || got[1].Country != "SY" || got[1].Lat != 32.62 {
		t.Errorf("semicolon.csv: got %+v, %v", got, err)
	}
}

func withSource(places []Place, source string) []Place {
	out := make([]Place, len(places))
	for i, p := range places {
		p.Source = source
		out[i] = p
	}
	return out
}

func TestReadTableImportBadRows(t *testing.T) {
	spec := "id=id,name=name,lat=latitude,lon=longitude"
	_, _, err := readTestTable(t, "team.jsonl", spec)
	if err == nil || err.Error() != "team.jsonl[1]: name: empty" || !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("strict: err = %v", err)
	}
	got, warnings, err := readTestTable(t, "team.jsonl", spec+",bad=skip")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"Kafr Nabl", "Saraqib"}, names(got)); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	wantWarnings := []string{
		"team.jsonl[1]: name: empty",
		"team.jsonl[2]: lat/lon: both 0, taken as missing",
		"team.jsonl[3]: lat 95: out of range [-90, 90]",
	}
	if diff := cmp.Diff(wantWarnings, warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	_, _, err = readTestTable(t, "semicolon-bad.csv", "name=name,lat=lat,lon=lon")
	if err == nil || err.Error() != `semicolon-bad.csv:2: lat "32,56": not a number` {
		t.Errorf("decimal comma: err = %v", err)
	}
}

func TestReadTableImportErrors(t *testing.T) {
	m := Mapping{ID: "id", Name: "name", Lat: "lat", Lon: "lon", Alternates: "alt"}
	tests := []struct {
		name, in, want string
	}{
		{"empty", " \n", "t: empty"},
		{"missing column", "id,name,lat\n1,A,1\n", `t:1: no column "alt", "lon" in the header (it has id, name, lat)`},
		{"field count", "id,name,lat,lon,alt\n1,A,1,2\n", "t:2: 4 fields, the header has 5"},
		{"bare quote", "id,name,lat,lon,alt\n1,A\"b,1,2,x\n", `t:2: bare " in non-quoted-field`},
		{"not UTF-8", "id,name,lat,lon,alt\n1,\xc7\xe1,1,2,x\n", `t:2: column "name": not valid UTF-8`},
		{"duplicate id", "id,name,lat,lon,alt\n7,A,1,2,\n7,B,1,2,\n", "t:3: id 7: duplicate of the row at t:2"},
		{"country", "name,lat,lon,alt,id,cc\nA,1,2,,,Syria\n", `t:2: country "SYRIA": want a two-letter ISO code`},
		{"not an object", `[{"name":"A","lat":1,"lon":2}, 3]`, "t[1]: not a JSON object"},
		{"nested", `{"name":{"en":"A"},"lat":1,"lon":2}`, `t[0]: "name": an object or array, want a string or number`},
		{"syntax", "[{\"name\":\"A\",\"lat\":1,\"lon\":2},\n{\"name\" \"B\"}]", "t[1]: byte 38: invalid character"},
		{"truncated", `[{"name":"A","lat":1,"lon":2}`, "t[1]: unexpected end of input"},
		{"trailing", `[{"name":"A","lat":1,"lon":2}] x`, "t: data after the array"},
		{"no name column", `{"nom":"A","lat":1,"lon":2}`, `t[0]: name: no column "name"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mm := m
			if tc.name == "country" {
				mm.Country = "cc"
			}
			_, _, err := ReadTable(strings.NewReader(tc.in), "t", mm)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q…", err, tc.want)
			}
			if !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("err = %v, want caption.ErrInvalid", err)
			}
		})
	}
	m.SkipBad = true
	_, warnings, err := ReadTable(strings.NewReader("id,name,lat,lon,alt\n1,,1,2,\n2,B,,2,\n"), "t", m)
	if err == nil || !strings.HasPrefix(err.Error(), "t: no valid rows, 2 bad; the first: t:2: name: empty") || len(warnings) != 2 {
		t.Errorf("all rows bad: err = %v, warnings = %q", err, warnings)
	}
}

func TestCleanLabelImport(t *testing.T) {
	tests := []struct {
		in, name string
		chain    []string
	}{
		{"Kafr Nabl (Kafr Nabl) - Kafr Nabl - Maarrat An Nu'man --- (((0)))", "Kafr Nabl",
			[]string{"Kafr Nabl", "Maarrat An Nu'man"}},
		{"Jisr-Ash-Shugur - Jisr-Ash-Shugur --- (((12)))", "Jisr-Ash-Shugur", []string{"Jisr-Ash-Shugur"}},
		{"HOMS : Khaldiyeh --- (((2)))", "Khaldiyeh", []string{"Homs"}},
		{"DEIR EZZOR : DEIR EZZOR --- (((3)))", "Deir Ezzor", []string{"Deir Ezzor"}},
		{"مدينة حمص : الخالدية (((2)))", "الخالدية", []string{"مدينة حمص"}},
		{"دير سنبل_سنبل (((1)))", "دير سنبل", []string{"سنبل"}},
		{"كفرنبل- حاس (((5)))", "كفرنبل", []string{"حاس"}},
		{"كفرنبل-حاس", "كفرنبل", []string{"حاس"}},
		{"Tal Hamid / Nawa - Nawa --- (((4)))", "Tal Hamid", []string{"Nawa", "Nawa"}},
		{"Atmeh (camp (north)) -- Dana", "Atmeh", []string{"Dana"}},
		{"Plain name", "Plain name", nil},
		{"(((7)))", "", nil},
		{"Name (((x)))", "Name", nil},
		{"  ", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			name, chain := cleanLabel(tc.in)
			if name != tc.name || !cmp.Equal(tc.chain, chain, cmpopts.EquateEmpty()) {
				t.Errorf("cleanLabel(%q) = %q, %q; want %q, %q", tc.in, name, chain, tc.name, tc.chain)
			}
		})
	}
}

func TestReadTableImportSyrianArchiveStyle(t *testing.T) {
	places, warnings, err := readTestTable(t, "sa-style.json", syrianArchiveMapping)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"sa-style.json[3]: lat: empty"}, warnings); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	want := []Place{
		{ID: 0, Name: "Kafr Nabl", Alternates: []string{"كفرنبل"}, Lat: 35.61, Lon: 36.56, Admin1: "Maarrat An Nu'man"},
		{ID: 1, Name: "Deir Sunbul", Alternates: []string{"دير سنبل"}, Lat: 35.64, Lon: 36.45, Admin1: "Ariha"},
		{ID: 2, Name: "Khaldiyeh", Alternates: []string{"الخالدية"}, Lat: 34.75, Lon: 36.72, Admin1: "Homs"},
		{ID: 4, Name: "Tal Hamid", Alternates: []string{"تل حميد"}, Lat: 32.88, Lon: 36.04, Admin1: "Izra'"},
	}
	for i := range want {
		want[i].Class, want[i].Feature, want[i].Country, want[i].Source = 'P', "PPL", "SY", "sa-style.json"
	}
	if diff := cmp.Diff(want, places); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// sharedSyrianArchive is the Syrian Archive's gazetteer in the shared test
// data, read in place and never copied into the project.
var sharedSyrianArchive = []string{"data", "syrian-archive", "locations.json"}

func TestReadTableImportSyrianArchive(t *testing.T) {
	m, err := ParseMapping(syrianArchiveMapping)
	if err != nil {
		t.Fatal(err)
	}
	places, warnings, err := ReadTable(mustOpenShared(t, sharedSyrianArchive...), "locations.json", m)
	if err != nil {
		t.Fatal(err)
	}
	// 5,997 rows, of which 22 have "" for lat and lon.
	if len(places) != 5975 || len(warnings) != 22 {
		t.Errorf("got %d places and %d warnings, want 5975 and 22", len(places), len(warnings))
	}
	for _, w := range warnings {
		if !strings.HasSuffix(w, ": lat: empty") {
			t.Errorf("unexpected warning %q", w)
		}
	}
	found := make(map[string]Place)
	for _, p := range places {
		if p.Lat < 32 || p.Lat > 37.5 || p.Lon < 35.5 || p.Lon > 42.5 {
			t.Errorf("%s (%d): %v,%v is outside Syria", p.Name, p.ID, p.Lat, p.Lon)
		}
		if p.Name == "" || strings.ContainsAny(p.Name, "():_/") || strings.Contains(p.Name, " - ") {
			t.Errorf("%d: name %q is not clean", p.ID, p.Name)
		}
		if !slices.ContainsFunc(p.Alternates, isArabicName) {
			t.Errorf("%s (%d): no Arabic name in %q", p.Name, p.ID, p.Alternates)
		}
		found[p.Name] = p
	}
	for name, admin1 := range map[string]string{"Jobar": "Damascus", "Bishqatine": "Jebel Saman", "Tal Elsamen": ""} {
		p, ok := found[name]
		if !ok {
			t.Errorf("no %s", name)
			continue
		}
		if admin1 != "" && p.Admin1 != admin1 {
			t.Errorf("%s in %q, want %q", name, p.Admin1, admin1)
		}
	}

	// The default is strict, and re-importing gives the same ids.
	m.SkipBad = false
	_, _, err = ReadTable(mustOpenShared(t, sharedSyrianArchive...), "locations.json", m)
	if err == nil || !strings.HasPrefix(err.Error(), "locations.json[5747]: lat: empty") {
		t.Errorf("strict import: err = %v", err)
	}
	m.SkipBad = true
	again, _, err := ReadTable(mustOpenShared(t, sharedSyrianArchive...), "locations.json", m)
	if err != nil || !cmp.Equal(places, again) {
		t.Errorf("second import differs (err %v)", err)
	}
}

func isArabicName(s string) bool { return inScripts(s, unicode.Arabic) }
