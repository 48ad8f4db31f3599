package server

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// correctable are the fields a correction may set, each with the check of
// its value, which returns the value to store (nil for null, which clears
// the field).
var correctable = map[string]func(json.RawMessage) (any, error){
	"date":          checkDateValue,
	"country":       checkCountryValue,
	"killed":        checkCountValue,
	"injured":       checkCountValue,
	"places":        checkStringsValue,
	"attribution":   checkStringsValue,
	"actors":        checkStringsValue,
	"photographers": checkStringsValue,
	"agencies":      checkStringsValue,
	"event_types":   checkEventTypesValue,
	"location":      checkLocationValue,
}

func isNull(v json.RawMessage) bool { return string(v) == "null" }

// decodeValue decodes a correction's value into dst, strictly: no unknown
// keys in an object.
func decodeValue(at string, v json.RawMessage, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(at, err)
	}
	return nil
}

func checkDateValue(v json.RawMessage) (any, error) {
	if isNull(v) {
		return nil, nil
	}
	var s string
	if json.Unmarshal(v, &s) != nil || s == "" {
		return nil, invalid("value", "a date is a string YYYY, YYYY-MM or YYYY-MM-DD, or null")
	}
	return checkDate("value", s)
}

func checkCountryValue(v json.RawMessage) (any, error) {
	if isNull(v) {
		return nil, nil
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return nil, invalid("value", "a country is an ISO 3166-1 alpha-2 code such as SY, or null")
	}
	return checkCountryCode("value", s)
}

// checkCountryCode accepts the ISO 3166-1 alpha-2 code of a country or
// territory, in either case, and returns it in capitals.
func checkCountryCode(at, s string) (caption.CountryCode, error) {
	c := caption.CountryCode(strings.ToUpper(s))
	if !c.Assigned() {
		if len(s) > 8 {
			s = s[:8] + "…"
		}
		return "", invalid(at, "%q is not the ISO 3166-1 alpha-2 code of a country (such as SY)", s)
	}
	return c, nil
}

func checkCountValue(v json.RawMessage) (any, error) {
	if isNull(v) {
		return nil, nil
	}
	var n int64
	if json.Unmarshal(v, &n) != nil || n < 0 || n > maxCount {
		return nil, invalid("value", "a count is a whole number from 0 to %d, or null", maxCount)
	}
	return n, nil
}

// checkStringsValue checks a list of names and returns it with each name
// trimmed.
func checkStringsValue(v json.RawMessage) (any, error) {
	var ss []string
	if err := decodeValue("value", v, &ss); err != nil {
		return nil, err
	}
	if ss == nil {
		return nil, invalid("value", "want a list of strings ([] clears it)")
	}
	if len(ss) > maxItems {
		return nil, invalid("value", "at most %d items, not %d", maxItems, len(ss))
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		s = strings.TrimSpace(s)
		if s == "" || len(s) > maxItem {
			return nil, invalid("value", "each item is a non-empty string of at most %d bytes", maxItem)
		}
		if err := checkText("value", s, maxItem, false); err != nil {
			return nil, err
		}
		if slices.Contains(out[:i], s) {
			return nil, invalid("value", "%q is listed twice", s)
		}
		out[i] = s
	}
	return out, nil
}

func checkEventTypesValue(v json.RawMessage) (any, error) {
	ts, err := checkStringsValue(v)
	if err != nil {
		return nil, err
	}
	for _, t := range ts.([]string) {
		if caption.EventType(t).Index() < 0 {
			return nil, invalid("value", "event types are among %v", caption.EventTypes())
		}
	}
	return ts, nil
}

// locationValue is a corrected location: the record's location fields but
// its basis (how the resolver chose an entry; a person's correction has
// none). Name, lat and lon are required.
type locationValue struct {
	Name        string   `json:"name"`
	Preferred   *string  `json:"preferred_name,omitempty"`
	GeonameID   *int64   `json:"geonameid,omitempty"`
	Lat         *float64 `json:"lat"`
	Lon         *float64 `json:"lon"`
	Admin1      *string  `json:"admin1,omitempty"`
	CountryCode *string  `json:"country_code,omitempty"`
	Feature     *string  `json:"feature,omitempty"`
	Precision   *int     `json:"precision,omitempty"`
}

const locationShape = `a location is {"name", "lat": -90…90, "lon": -180…180} with, if known, "preferred_name", ` +
	`"geonameid", "admin1", "country_code", "feature" and "precision" (1–4), or null`

func checkLocationValue(v json.RawMessage) (any, error) {
	if isNull(v) {
		return nil, nil
	}
	var l locationValue
	if err := decodeValue("value", v, &l); err != nil {
		return nil, err
	}
	switch {
	case strings.TrimSpace(l.Name) == "" || l.Lat == nil || l.Lon == nil:
		return nil, invalid("value", locationShape)
	case *l.Lat < -90 || *l.Lat > 90:
		return nil, invalid("value.lat", "want a latitude from -90 to 90")
	case *l.Lon < -180 || *l.Lon > 180:
		return nil, invalid("value.lon", "want a longitude from -180 to 180")
	case l.GeonameID != nil && (*l.GeonameID < 0 || *l.GeonameID > 1<<31-1):
		return nil, invalid("value.geonameid", "want a GeoNames id, a whole number from 0 to %d", 1<<31-1)
	case l.Precision != nil && (*l.Precision < 1 || *l.Precision > 4):
		return nil, invalid("value.precision", "want 1 (the place), 2 (near it), 3 (its province) or 4 (its country)")
	case l.Feature != nil && (len(*l.Feature) > 10 || strings.Trim(*l.Feature, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != ""):
		return nil, invalid("value.feature", "want a GeoNames feature code such as PPL or ADM1")
	}
	l.Name = strings.TrimSpace(l.Name)
	for _, f := range []struct {
		at string
		s  *string
	}{{"value.name", &l.Name}, {"value.preferred_name", l.Preferred}, {"value.admin1", l.Admin1}} {
		if f.s != nil {
			if err := checkText(f.at, *f.s, maxItem, false); err != nil {
				return nil, err
			}
		}
	}
	if l.CountryCode != nil {
		c, err := checkCountryCode("value.country_code", *l.CountryCode)
		if err != nil {
			return nil, err
		}
		*l.CountryCode = string(c)
	}
	return l, nil
}
