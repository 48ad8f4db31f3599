package geocode

import (
	"fmt"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// Mapping names the columns (CSV header names or JSON keys) of a
// documentation team's gazetteer that hold each Place field, and how to
// read them. Name, Lat and Lon are required; the other columns are
// optional. Place has one admin field: Admin1 takes the Admin1 column or,
// when that is unmapped or empty and Clean finds an admin chain in the
// name, the outermost area the label names.
type Mapping struct {
	ID         string // a stable id: numbers are used as is, other strings hashed
	Name       string // the preferred name
	Alternates string // other names, split on Separators
	Arabic     string // the name in Arabic script, added to Alternates
	Lat, Lon   string // decimal degrees
	Admin1     string // first-level division name
	Country    string // ISO 3166-1 alpha-2 code
	Feature    string // GeoNames feature code ("PPLX") or class.code ("P.PPLX")
	Population string

	DefaultCountry caption.CountryCode // when Country is unmapped or empty
	DefaultFeature string              // when Feature is unmapped or empty; "" means "PPL"
	Separators     []string            // split Alternates; nil means "|", ";" and ","
	Clean          Clean               // how to pull names out of the name, Arabic and alternate values
	SkipBad        bool                // skip bad rows with a warning instead of failing
}

// Clean names a way to pull the place name out of a labelled value.
type Clean string

const (
	// CleanNone uses values as they are, with spaces trimmed.
	CleanNone Clean = ""
	// CleanSyrianArchive reads labels like the Syrian Archive's
	// "Bishqatine - Daret Azza - Jebel Saman --- (((123)))" and
	// "HOMS : Khaldiyeh --- (((9)))": it drops the trailing "(((n)))" id
	// marker and any "(…)" qualifier, takes "A : B" as place B in area A,
	// splits the rest on " - ", "_" and "/" (and on bare "-" between Arabic
	// letters), and takes the first part as the name and the others as its
	// admin chain, innermost first. All-capital names are title-cased.
	CleanSyrianArchive Clean = "syrian-archive"
)

// namedSeparator returns the separator a sep= name stands for, so that the
// command line can name the characters the mapping syntax itself uses.
func namedSeparator(name string) string {
	switch name {
	case "pipe":
		return "|"
	case "semicolon":
		return ";"
	case "comma":
		return ","
	case "dash":
		return " - "
	case "slash":
		return "/"
	case "tab":
		return "\t"
	}
	return name
}

// column returns the Mapping column that a ParseMapping key sets, or nil.
func (m *Mapping) column(key string) *string {
	switch key {
	case "id":
		return &m.ID
	case "name":
		return &m.Name
	case "alt", "alternates":
		return &m.Alternates
	case "ar", "arabic":
		return &m.Arabic
	case "lat":
		return &m.Lat
	case "lon":
		return &m.Lon
	case "admin1":
		return &m.Admin1
	case "feature":
		return &m.Feature
	case "population":
		return &m.Population
	}
	return nil
}

// ParseMapping parses a column mapping written on the command line as
// comma-separated key=value pairs, for example
//
//	name=search_name_en,ar=search_name_ar_short,lat=lat,lon=lon,id=id,country=SY
//
// Column keys, each naming the column that holds the field: id, name,
// alt (or alternates), ar (or arabic), lat, lon, admin1, feature,
// population. country names a column, except that two upper-case letters
// (country=SY) give every row that country; write country=col:CC for a
// column whose name looks like a code. Other keys:
//
//	default-feature=PPLX   feature code when none is mapped or given (PPL)
//	sep=pipe+semicolon     alternate-name separators: pipe, semicolon, comma,
//	                       dash (" - "), slash, tab, or literal text, joined by +
//	clean=syrian-archive   pull names out of labelled values (see CleanSyrianArchive)
//	bad=skip               skip bad rows with a warning (default bad=error)
//
// name, lat and lon are required.
func ParseMapping(spec string) (Mapping, error) {
	var m Mapping
	seen := make(map[string]bool)
	for pair := range strings.SplitSeq(spec, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(pair), "=")
		key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
		if !ok || key == "" || val == "" {
			return Mapping{}, fmt.Errorf("mapping %q: %q: want key=value: %w", spec, pair, caption.ErrInvalid)
		}
		if seen[key] {
			return Mapping{}, fmt.Errorf("mapping %q: %s given twice: %w", spec, key, caption.ErrInvalid)
		}
		seen[key] = true
		if err := m.set(key, val); err != nil {
			return Mapping{}, fmt.Errorf("mapping %q: %w: %w", spec, err, caption.ErrInvalid)
		}
	}
	if err := m.check(); err != nil {
		return Mapping{}, fmt.Errorf("mapping %q: %w: %w", spec, err, caption.ErrInvalid)
	}
	return m, nil
}

// set applies one key=value pair of a mapping spec.
func (m *Mapping) set(key, val string) error {
	if col := m.column(key); col != nil {
		*col = val
		return nil
	}
	switch key {
	case "country":
		if col, ok := strings.CutPrefix(val, "col:"); ok {
			m.Country = col
		} else if validCountry(val) {
			m.DefaultCountry = caption.CountryCode(val)
		} else {
			m.Country = val
		}
	case "default-feature":
		if _, _, err := parseFeature(val); err != nil {
			return err
		}
		m.DefaultFeature = val
	case "sep":
		return m.setSeparators(val)
	case "clean":
		if val != string(CleanSyrianArchive) && val != "none" {
			return fmt.Errorf("clean=%s: want syrian-archive or none", val)
		}
		m.Clean = CleanNone
		if val == string(CleanSyrianArchive) {
			m.Clean = CleanSyrianArchive
		}
	case "bad":
		if val != "skip" && val != "error" {
			return fmt.Errorf("bad=%s: want skip or error", val)
		}
		m.SkipBad = val == "skip"
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return nil
}

// setSeparators applies sep=val: separator names or text joined by "+".
func (m *Mapping) setSeparators(val string) error {
	for s := range strings.SplitSeq(val, "+") {
		if s == "" {
			return fmt.Errorf("sep=%s: empty separator", val)
		}
		m.Separators = append(m.Separators, namedSeparator(s))
	}
	return nil
}

// check reports a mapping that cannot produce places.
func (m Mapping) check() error {
	var missing []string
	for _, f := range []struct{ key, col string }{{"name", m.Name}, {"lat", m.Lat}, {"lon", m.Lon}} {
		if f.col == "" {
			missing = append(missing, f.key)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("no column for %s", strings.Join(missing, ", "))
	}
	if m.Clean != CleanNone && m.Clean != CleanSyrianArchive {
		return fmt.Errorf("unknown clean %q", m.Clean)
	}
	return nil
}

// columns lists the columns m reads, for checking a CSV header.
func (m Mapping) columns() []string {
	var cols []string
	for _, c := range []string{m.ID, m.Name, m.Alternates, m.Arabic, m.Lat, m.Lon,
		m.Admin1, m.Country, m.Feature, m.Population} {
		if c != "" && !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	return cols
}

// separators returns the alternate-name separators in force.
func (m Mapping) separators() []string {
	if len(m.Separators) > 0 {
		return m.Separators
	}
	// " - " is left out of the default: it is common inside names.
	return []string{"|", ";", ","}
}
