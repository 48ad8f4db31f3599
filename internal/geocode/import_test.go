package geocode

import (
	"archive/zip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/testenv"
)

// sharedGeoNames is the GeoNames test data shared by the sessions, read in
// place and never copied into the project: a path within ../shared.
var sharedGeoNames = []string{"data", "geonames"}

// mustOpenShared opens the file elem of the shared test data (see
// testenv.Shared: a fresh clone has only the project).
func mustOpenShared(t *testing.T, elem ...string) *os.File {
	t.Helper()
	f, err := os.Open(testenv.Shared(t, elem...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestReadGeoNamesImport(t *testing.T) {
	places, err := OpenGeoNames("testdata/geonames/SY.txt", GeoNamesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(places) != 7 {
		t.Fatalf("got %d places, want 7", len(places))
	}
	want := Place{
		ID: 9100002, Name: "Kafr Nabl", Alternates: []string{"Kafranbel", "Kafr Nubl", "كفرنبل"},
		Lat: 35.61, Lon: 36.56, Class: 'P', Feature: "PPL", Country: "SY", Admin1Code: "12",
		Population: 15000, Source: "geonames",
	}
	if diff := cmp.Diff(want, places[1]); diff != "" {
		t.Errorf("Kafr Nabl (-want +got):\n%s", diff)
	}
	// The asciiname comes first among the alternates when it differs.
	if got := places[2].Alternates[0]; got != "Ma`arrat an Nu`man" {
		t.Errorf("first alternate of %s = %q, want the asciiname", places[2].Name, got)
	}
}

func TestReadGeoNamesImportOptions(t *testing.T) {
	tests := []struct {
		name string
		opt  GeoNamesOptions
		want []string
	}{
		{"country", GeoNamesOptions{Countries: []caption.CountryCode{"JO"}}, []string{"Ar Ramthā"}},
		{"class", GeoNamesOptions{FeatureClasses: "AT"}, []string{"Muḩāfaẓat Idlib", "Jabal az Zāwiyah"}},
		{"population", GeoNamesOptions{Countries: []caption.CountryCode{"sy"}, MinPopulation: 100000},
			[]string{"Idlib", "Muḩāfaẓat Idlib"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			places, err := OpenGeoNames("testdata/geonames/SY.txt", tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, names(places)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	places, err := OpenGeoNames("testdata/geonames/SY.txt", GeoNamesOptions{KeepAlternate: LatinOrArabic})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"Edleb", "Idleb", "إدلب"}, places[0].Alternates); diff != "" {
		t.Errorf("Latin and Arabic alternates of Idlib (-want +got):\n%s", diff)
	}
}

func names(places []Place) []string {
	var out []string
	for _, p := range places {
		out = append(out, p.Name)
	}
	return out
}

func TestReadGeoNamesImportErrors(t *testing.T) {
	good := "1\tA\tA\t\t1.5\t2.5\tP\tPPL\tSY\t\t01\t\t\t\t0\t\t\tAsia/Damascus\t2024-01-02"
	tests := []struct {
		name, in, want string
	}{
		{"columns", good + "\n1\tB\n", "x.txt:2: 2 columns, want 19"},
		{"id", strings.Replace(good, "1", "one", 1), `x.txt:1: geonameid "one": not a positive integer`},
		{"lat", strings.Replace(good, "1.5", "91", 1), "x.txt:1: latitude 91: out of range [-90, 90]"},
		{"lon", strings.Replace(good, "2.5", "NaN", 1), `x.txt:1: longitude "NaN": not a number`},
		{"name", strings.Replace(good, "\tA\t", "\t \t", 1), "x.txt:1: empty name"},
		{"class", strings.Replace(good, "\tP\t", "\tPP\t", 1), `x.txt:1: feature class "PP": want one letter`},
		{"country", strings.Replace(good, "\tSY\t", "\tSYR\t", 1), `x.txt:1: country code "SYR": want two letters`},
		{"population", strings.Replace(good, "\t0\t", "\t-5\t", 1), `x.txt:1: population "-5": not a count`},
		{"utf8", strings.Replace(good, "\tA\t", "\t\xff\t", 1), "x.txt:1: column 2: not valid UTF-8"},
		{"long line", good + "\n" + strings.Repeat("x", maxLine+1), "x.txt:2: line longer than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadGeoNames(strings.NewReader(tc.in), "x.txt", GeoNamesOptions{})
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q…", err, tc.want)
			}
			if !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("err = %v, want caption.ErrInvalid", err)
			}
		})
	}
	// Line endings and a trailing blank line are not errors.
	places, err := ReadGeoNames(strings.NewReader(good+"\r\n"+good+"\r\n\r\n"), "x.txt", GeoNamesOptions{})
	if err != nil || len(places) != 2 || places[1].Name != "A" {
		t.Errorf("CRLF input: got %v, %v; want two places", places, err)
	}
}

func TestOpenGeoNamesImportZip(t *testing.T) {
	data, err := os.ReadFile("testdata/geonames/SY.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	zipped := filepath.Join(dir, "SY.zip")
	writeZip(t, zipped, map[string]string{"readme.txt": "not a table", "SY.txt": string(data)})
	places, err := OpenGeoNames(zipped, GeoNamesOptions{})
	if err != nil || len(places) != 7 {
		t.Fatalf("OpenGeoNames(SY.zip) = %d places, %v; want 7", len(places), err)
	}
	other := filepath.Join(dir, "JO.zip")
	writeZip(t, other, map[string]string{"readme.txt": "not a table"})
	_, err = OpenGeoNames(other, GeoNamesOptions{})
	if err == nil || !strings.Contains(err.Error(), "no member JO.txt (has readme.txt)") {
		t.Errorf("OpenGeoNames(JO.zip) err = %v, want one naming the missing member", err)
	}
}

func writeZip(t *testing.T, path string, members map[string]string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, body := range members {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := errors.Join(zw.Close(), f.Close()); err != nil {
		t.Fatal(err)
	}
}

func TestReadAlternateNamesImport(t *testing.T) {
	places, err := OpenGeoNames("testdata/geonames/SY.txt", GeoNamesOptions{Countries: []caption.CountryCode{"SY"}})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/geonames/alternateNamesV2.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	added, err := ReadAlternateNames(f, "alternateNamesV2.txt", places)
	if err != nil {
		t.Fatal(err)
	}
	// Kafr Nabl gains the Arabic spelling with a space, the French one and
	// nothing else: the English and untagged names are already there, the
	// link, postcode and Cyrillic names are not wanted; the Persian and
	// IATA names of Idlib are dropped, and its German name is its name.
	if added != 2 {
		t.Errorf("added %d names, want 2", added)
	}
	want := []string{"Kafranbel", "Kafr Nubl", "كفرنبل", "كفر نبل", "Kafr Nabel"}
	if diff := cmp.Diff(want, places[1].Alternates); diff != "" {
		t.Errorf("Kafr Nabl alternates (-want +got):\n%s", diff)
	}
	_, err = ReadAlternateNames(strings.NewReader("1\tx\tar\tY\t\t\t\t\n"), "alt.txt", places)
	if err == nil || err.Error() != `alt.txt:1: geonameid "x": not a positive integer` {
		t.Errorf("bad geonameid: err = %v", err)
	}
}

func TestReadAdmin1CodesImport(t *testing.T) {
	f, err := os.Open("testdata/geonames/admin1CodesASCII.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	admin1, err := ReadAdmin1Codes(f, "admin1CodesASCII.txt")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]string{"SY.09": "Aleppo", "SY.12": "Idlib", "JO.19": "Irbid"}, admin1); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	places, err := OpenGeoNames("testdata/geonames/SY.txt", GeoNamesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := FillAdmin1(places, admin1); n != len(places) {
		t.Errorf("FillAdmin1 filled %d of %d", n, len(places))
	}
	if places[3].Admin1 != "Aleppo" || places[6].Admin1 != "Irbid" {
		t.Errorf("Admin1 = %q, %q; want Aleppo, Irbid", places[3].Admin1, places[6].Admin1)
	}
	_, err = ReadAdmin1Codes(strings.NewReader("SY09\tIdlib\n"), "a.txt")
	if err == nil || err.Error() != `a.txt:1: code "SY09": want CC.code` {
		t.Errorf("bad code: err = %v", err)
	}
}

// TestReadGeoNamesImportNL reads a full GeoNames country dump, with every
// feature class, from the shared test data.
func TestReadGeoNamesImportNL(t *testing.T) {
	f := mustOpenShared(t, append(sharedGeoNames, "NL.txt")...)
	places, err := ReadGeoNames(f, "NL.txt", GeoNamesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The counts its README gives.
	if len(places) != 22852 {
		t.Errorf("got %d places, want 22852", len(places))
	}
	neighbourhoods, populated := 0, 0
	for _, p := range places {
		if p.Country != "NL" || p.Name == "" || p.ID <= 0 {
			t.Fatalf("bad place %+v", p)
		}
		if p.Feature == "PPLX" {
			neighbourhoods++
		}
		if p.Class == 'P' {
			populated++
		}
	}
	if neighbourhoods != 726 {
		t.Errorf("got %d PPLX, want 726", neighbourhoods)
	}

	f = mustOpenShared(t, append(sharedGeoNames, "NL.txt")...)
	subset, err := ReadGeoNames(f, "NL.txt", GeoNamesOptions{FeatureClasses: "P"})
	if err != nil || len(subset) != populated {
		t.Errorf("class P: got %d places, %v; want %d", len(subset), err, populated)
	}

	admin1, err := ReadAdmin1Codes(mustOpenShared(t, append(sharedGeoNames, "admin1CodesASCII.txt")...), "admin1CodesASCII.txt")
	if err != nil {
		t.Fatal(err)
	}
	FillAdmin1(places, admin1)
	for _, p := range places {
		// 00 is GeoNames' code for features in no single province.
		if p.Admin1 == "" && p.Admin1Code != "" && p.Admin1Code != "00" {
			t.Errorf("%s (%d): admin1 code %s has no name", p.Name, p.ID, p.Admin1Code)
		}
		if p.Name == "Amsterdam" && p.Class == 'P' && p.Admin1 != "North Holland" {
			t.Errorf("Amsterdam in %q, want North Holland", p.Admin1)
		}
	}
	if !hasCountry(t, "NL") {
		t.Error("countryInfo.txt has no NL row")
	}
}

// hasCountry reports whether the shared countryInfo.txt lists code, as a
// check that the imported country codes are GeoNames' own.
func hasCountry(t *testing.T, code caption.CountryCode) bool {
	data, err := os.ReadFile(testenv.Shared(t, append(sharedGeoNames, "countryInfo.txt")...))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if cc, _, _ := strings.Cut(line, "\t"); cc == string(code) {
			return true
		}
	}
	return false
}

// OpenGeoNames reads the GeoNames table at path, which is either the .txt
// file or the .zip that GeoNames publishes it in (see OpenDump).
func OpenGeoNames(path string, opt GeoNamesOptions) ([]Place, error) {
	rc, name, err := OpenDump(path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return ReadGeoNames(rc, name, opt)
}
