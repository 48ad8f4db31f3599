package main

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// supplementTSV lists places that conflict captions name and cities500
// lacks (see its header): a frontline village, a displacement camp, a
// border town that GeoNames lists without a population. Without them a
// caption that names only such a place was put at its province or its
// country's centre, hundreds of kilometres off.
//
//go:embed supplement.tsv
var supplementTSV string

// readSupplement parses supplementTSV's form into places. A row's admin1
// code must be one of admin1 ("CC.code" to name, as admin1Names makes it),
// so that a row cannot name a division the index does not know.
func readSupplement(tsv string, admin1 map[string]string) ([]geocode.Place, error) {
	var out []geocode.Place
	ids := map[int64]bool{}
	for n, line := range strings.Split(tsv, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := supplementRow(line)
		if err != nil {
			return nil, fmt.Errorf("supplement.tsv:%d: %w", n+1, err)
		}
		if ids[p.ID] {
			return nil, fmt.Errorf("supplement.tsv:%d: id %d used twice", n+1, p.ID)
		}
		ids[p.ID] = true
		if p.Admin1 = admin1[string(p.Country)+"."+p.Admin1Code]; p.Admin1 == "" {
			return nil, fmt.Errorf("supplement.tsv:%d: admin1 %s.%s is not a division admin1.json knows", n+1, p.Country, p.Admin1Code)
		}
		out = append(out, p)
	}
	return out, nil
}

// supplementRow parses "id CC admin1 lat lon population name others".
func supplementRow(line string) (geocode.Place, error) {
	c := strings.Split(line, "\t")
	if len(c) != 8 {
		return geocode.Place{}, fmt.Errorf("%d columns, want 8 (id, country, admin1, lat, lon, population, name, other names)", len(c))
	}
	cc, admin1, name, others := c[1], c[2], c[6], c[7]
	id, err1 := strconv.ParseInt(c[0], 10, 64)
	lat, err2 := strconv.ParseFloat(c[3], 64)
	lon, err3 := strconv.ParseFloat(c[4], 64)
	pop, err4 := strconv.ParseInt(c[5], 10, 64)
	for _, err := range []error{err1, err2, err3, err4} {
		if err != nil {
			return geocode.Place{}, err
		}
	}
	switch {
	case id <= 0:
		return geocode.Place{}, fmt.Errorf("id %d: want a positive number", id)
	case len(cc) != 2 || strings.ToUpper(cc) != cc:
		return geocode.Place{}, fmt.Errorf("country %q: want an ISO 3166-1 alpha-2 code", cc)
	case !(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180): // NaN too
		return geocode.Place{}, fmt.Errorf("point %g, %g: out of range", lat, lon)
	case strings.TrimSpace(name) == "":
		return geocode.Place{}, fmt.Errorf("no name")
	}
	p := geocode.Place{
		ID: id, Name: name, Lat: lat, Lon: lon, Class: 'P', Feature: "PPL",
		Country: caption.CountryCode(cc), Admin1Code: admin1, Population: pop, Source: geocode.SupplementSource,
	}
	for a := range strings.SplitSeq(others, "|") {
		if a = strings.TrimSpace(a); a != "" {
			p.Alternates = append(p.Alternates, a)
		}
	}
	return p, nil
}
