package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// The columns of a GeoNames geoname row that the gazetteer keeps.
const (
	colID = iota
	colName
	colASCII
	colAlternates
	colLat
	colLon
	colClass
	colFeature
	colCountry
	colCC2
	colAdmin1
	colAdmin2
	colAdmin3
	colAdmin4
	colPopulation
	nColumns = 19
)

// altStats counts what happened to the alternate names.
type altStats struct{ kept, junk int }

// readCities parses cities500.txt into places with their admin1 names.
func readCities(path string, admin1 map[string]string) ([]geocode.Place, altStats, error) {
	var stats altStats
	f, err := os.Open(path)
	if err != nil {
		return nil, stats, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var places []geocode.Place
	for line := 1; sc.Scan(); line++ {
		p, err := parseRow(sc.Text(), admin1, &stats)
		if err != nil {
			return nil, stats, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		places = append(places, p)
	}
	if err := sc.Err(); err != nil {
		return nil, stats, fmt.Errorf("%s: %w", path, err)
	}
	return places, stats, nil
}

// parseRow turns one row into a place.
func parseRow(row string, admin1 map[string]string, stats *altStats) (geocode.Place, error) {
	c := strings.Split(row, "\t")
	if len(c) != nColumns {
		return geocode.Place{}, fmt.Errorf("%d columns, want %d", len(c), nColumns)
	}
	id, err1 := strconv.ParseInt(c[colID], 10, 64)
	lat, err2 := strconv.ParseFloat(c[colLat], 64)
	lon, err3 := strconv.ParseFloat(c[colLon], 64)
	pop, err4 := parseOptionalInt(c[colPopulation])
	for _, err := range []error{err1, err2, err3, err4} {
		if err != nil {
			return geocode.Place{}, err
		}
	}
	p := geocode.Place{
		ID: id, Name: c[colName], Lat: lat, Lon: lon,
		Feature: c[colFeature], Country: caption.CountryCode(c[colCountry]),
		Admin1Code: c[colAdmin1], Population: pop, Source: "geonames",
	}
	if c[colClass] != "" {
		p.Class = c[colClass][0]
	}
	if p.Admin1Code != "" {
		p.Admin1 = admin1[c[colCountry]+"."+p.Admin1Code]
	}
	p.Alternates = alternates(c[colASCII], c[colAlternates], stats)
	return p, nil
}

// parseOptionalInt reads a number that GeoNames may leave empty.
func parseOptionalInt(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	return strconv.ParseInt(s, 10, 64)
}

// alternates returns the ASCII name and the alternate names worth keeping;
// WriteIndex later drops other scripts and trivial variants.
func alternates(ascii, field string, stats *altStats) []string {
	out := []string{ascii}
	for _, a := range strings.Split(field, ",") {
		switch {
		case a == "":
		case junkAlternate(a):
			stats.junk++
		default:
			stats.kept++
			out = append(out, a)
		}
	}
	return out
}

// junkAlternate spots the alternate names of cities500 that are not names
// a caption would use: airport codes ("DAM", "ALP", "OSDI"), links, and
// all-lower-case Latin romanisations of other scripts that GeoNames
// carries by the dozen ("da ma shi ge", "dmshq", "a lei po"); real Latin
// names in GeoNames are capitalised, and Arabic has no case.
func junkAlternate(a string) bool {
	if strings.Contains(a, "://") {
		return true
	}
	upper, lower, other := 0, 0, 0
	for _, r := range a {
		switch {
		case r >= 'A' && r <= 'Z':
			upper++
		case unicode.IsUpper(r):
			upper++
		case unicode.Is(unicode.Latin, r) && unicode.IsLower(r):
			lower++
		case unicode.IsLetter(r):
			other++
		}
	}
	if upper >= 3 && upper <= 4 && lower == 0 && other == 0 && len(a) == upper {
		return true
	}
	return lower > 0 && upper == 0 && other == 0
}
