package geocode

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// addSeeds adds the files matching pattern as fuzz seeds.
func addSeeds(f *testing.F, pattern string) {
	paths, err := filepath.Glob(pattern)
	if err != nil || len(paths) == 0 {
		f.Fatalf("no seeds for %s (%v)", pattern, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// checkImported fails t unless every place is usable and every error
// names the input.
func checkImported(t *testing.T, input string, places []Place, err error) {
	t.Helper()
	if err != nil {
		if !strings.Contains(err.Error(), input) {
			t.Fatalf("error %q does not name %s", err, input)
		}
		return
	}
	for _, p := range places {
		if p.Name == "" || strings.TrimSpace(p.Name) != p.Name || !utf8.ValidString(p.Name) {
			t.Fatalf("bad name %q", p.Name)
		}
		if math.IsNaN(p.Lat) || math.IsNaN(p.Lon) || math.Abs(p.Lat) > 90 || math.Abs(p.Lon) > 180 {
			t.Fatalf("%s: bad coordinates %v,%v", p.Name, p.Lat, p.Lon)
		}
		for _, a := range p.Alternates {
			if a == "" || a == p.Name || !utf8.ValidString(a) {
				t.Fatalf("%s: bad alternate %q", p.Name, a)
			}
		}
	}
}

func FuzzReadGeoNames(f *testing.F) {
	addSeeds(f, "testdata/geonames/SY.txt")
	f.Add([]byte("1\tA\tA\tB,,C\t1\t2\tP\tPPL\tSY\t\t01\t\t\t\t\t\t\t\t\r\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		places, err := ReadGeoNames(bytes.NewReader(data), "fuzz.txt", GeoNamesOptions{})
		checkImported(t, "fuzz.txt", places, err)
		for _, p := range places {
			if p.ID <= 0 || !validCountry(string(p.Country)) {
				t.Fatalf("bad place %+v", p)
			}
		}
	})
}

func FuzzReadAlternateNames(f *testing.F) {
	addSeeds(f, "testdata/geonames/alternateNamesV2.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		places := []Place{{ID: 9100001, Name: "Idlib"}, {ID: 9100002, Name: "Kafr Nabl"}}
		_, err := ReadAlternateNames(bytes.NewReader(data), "fuzz.txt", places)
		checkImported(t, "fuzz.txt", places, err)
	})
}

func FuzzReadAdmin1Codes(f *testing.F) {
	addSeeds(f, "testdata/geonames/admin1CodesASCII.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		names, err := ReadAdmin1Codes(bytes.NewReader(data), "fuzz.txt")
		checkImported(t, "fuzz.txt", nil, err)
		for code, name := range names {
			if !strings.Contains(code, ".") || name == "" || !utf8.ValidString(name) {
				t.Fatalf("bad entry %q → %q", code, name)
			}
		}
	})
}

func FuzzReadTable(f *testing.F) {
	addSeeds(f, "testdata/table/*")
	mappings := []string{teamMapping, syrianArchiveMapping,
		"name=name,lat=lat,lon=lon,country=country,feature=feature,alt=alt,sep=dash+slash,bad=skip"}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, spec := range mappings {
			m, err := ParseMapping(spec)
			if err != nil {
				t.Fatal(err)
			}
			places, warnings, err := ReadTable(bytes.NewReader(data), "fuzz.csv", m)
			checkImported(t, "fuzz.csv", places, err)
			for _, w := range warnings {
				if !strings.HasPrefix(w, "fuzz.csv") {
					t.Fatalf("warning %q does not name the input", w)
				}
			}
			ids := make(map[int64]bool)
			for _, p := range places {
				if ids[p.ID] || p.Lat == 0 && p.Lon == 0 || p.Source != "fuzz.csv" {
					t.Fatalf("bad place %+v", p)
				}
				ids[p.ID] = true
			}
		}
	})
}

func FuzzParseMapping(f *testing.F) {
	f.Add(teamMapping)
	f.Add(syrianArchiveMapping)
	f.Add("name=n,lat=y,lon=x,sep=pipe+,+")
	f.Fuzz(func(t *testing.T, spec string) {
		m, err := ParseMapping(spec)
		if err != nil {
			return
		}
		if m.check() != nil {
			t.Fatalf("ParseMapping(%q) returned an unusable mapping %+v", spec, m)
		}
		ReadTable(strings.NewReader("a,b\n1,2\n"), "t", m) // must not panic
	})
}
