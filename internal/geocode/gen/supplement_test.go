package main

import (
	"slices"
	"strings"
	"testing"

	"sijil/internal/geocode"
)

func TestReadSupplement(t *testing.T) {
	admin1 := map[string]string{"SY.12": "Idlib", "SY.09": "Aleppo"}
	tsv := "# comment\n\n" +
		"1\tSY\t12\t36.3\t36.7\t10000\tAtmeh\tAtma|أطمة\n" +
		"2\tSY\t09\t36.5\t37.1\t0\tBab al-Salameh\t\n"
	got, err := readSupplement(tsv, admin1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %d places, want 2", len(got))
	}
	a, b := got[0], got[1]
	if a.ID != 1 || a.Name != "Atmeh" || a.Country != "SY" || a.Admin1 != "Idlib" || a.Population != 10000 ||
		a.Lat != 36.3 || a.Lon != 36.7 || a.Source != geocode.SupplementSource || a.Class != 'P' || a.Feature != "PPL" ||
		strings.Join(a.Alternates, ",") != "Atma,أطمة" {
		t.Errorf("row 1 = %+v", a)
	}
	if b.Admin1Code != "09" || b.Admin1 != "Aleppo" || len(b.Alternates) != 0 {
		t.Errorf("row 2 = %+v, want Aleppo and no other names", b)
	}
}

func TestReadSupplementErrors(t *testing.T) {
	admin1 := map[string]string{"SY.12": "Idlib"}
	for _, tc := range []struct{ tsv, want string }{
		{"1\tSY\t12\t36.3\t36.7\t0\tAtmeh\n", "supplement.tsv:1: 7 columns"},
		{"1\tSY\t12\t36.3\t36.7\t0\tAtmeh\t\n1\tSY\t12\t36.3\t36.7\t0\tAtma\t\n", "supplement.tsv:2: id 1 used twice"},
		{"1\tSY\t99\t36.3\t36.7\t0\tAtmeh\t\n", "admin1 SY.99 is not a division"},
		{"1\tSY\t\t36.3\t36.7\t0\tAtmeh\t\n", "admin1 SY. is not a division"},
		{"1\tsy\t12\t36.3\t36.7\t0\tAtmeh\t\n", `country "sy"`},
		{"1\tSY\t12\t136.3\t36.7\t0\tAtmeh\t\n", "out of range"},
		{"1\tSY\t12\tNaN\t36.7\t0\tAtmeh\t\n", "out of range"},
		{"1\tSY\t12\t36.3\t36.7\t0\t \t\n", "no name"},
		{"x\tSY\t12\t36.3\t36.7\t0\tAtmeh\t\n", "invalid syntax"},
	} {
		_, err := readSupplement(tc.tsv, admin1)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.tsv, err, tc.want)
		}
	}
}

// TestSupplementTable reads the committed table: every row parses and
// names a division. That the divisions exist, and that each place is found
// where it is, is tested on the index gen made of it (internal/geocode's
// TestEmbeddedSupplement).
func TestSupplementTable(t *testing.T) {
	admin1 := map[string]string{}
	for line := range strings.SplitSeq(supplementTSV, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 2 && f[2] != "" && !strings.HasPrefix(line, "#") {
			admin1[f[1]+"."+f[2]] = "any"
		}
	}
	places, err := readSupplement(supplementTSV, admin1)
	if err != nil {
		t.Fatal(err)
	}
	if len(places) < 50 {
		t.Errorf("supplement.tsv has %d rows", len(places))
	}
}

// FuzzSupplementRow: any line either fails with an error or gives a place
// whose fields keep the table's rules.
func FuzzSupplementRow(f *testing.F) {
	f.Add("1\tSY\t12\t36.3\t36.7\t10000\tAtmeh\tAtma|أطمة")
	f.Add("2\tMZ\t01\t-10.77\t40.47\t0\tPalma\t")
	f.Add("x\t\t\t\t\t\t\t")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := supplementRow(line)
		if err != nil {
			return
		}
		if p.ID <= 0 || len(p.Country) != 2 || !(p.Lat >= -90 && p.Lat <= 90 && p.Lon >= -180 && p.Lon <= 180) ||
			strings.TrimSpace(p.Name) == "" || p.Source != geocode.SupplementSource || slices.Contains(p.Alternates, "") {
			t.Errorf("supplementRow(%q) = %+v", line, p)
		}
	})
}
