package geocode

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// tableRow gives the trimmed value of a column of one table row and
// whether the row has that column.
type tableRow func(col string) (string, bool)

// place converts one row of a team's gazetteer into a Place from the
// import named source. The error says what is wrong with the row; the
// caller adds its position.
func (m Mapping) place(get tableRow, source string) (Place, error) {
	for _, col := range m.columns() {
		if v, _ := get(col); !utf8.ValidString(v) {
			return Place{}, fmt.Errorf("column %q: not valid UTF-8 (save the file as UTF-8)", col)
		}
	}
	raw, err := requiredValue(get, "name", m.Name)
	if err != nil {
		return Place{}, err
	}
	name, chain := m.clean(raw)
	if name == "" {
		return Place{}, fmt.Errorf("name %q: no name left after clean=%s", raw, m.Clean)
	}
	lat, lon, err := m.coords(get)
	if err != nil {
		return Place{}, err
	}
	p := Place{Name: name, Lat: lat, Lon: lon, Source: source}
	if p.Country, err = m.country(get); err != nil {
		return Place{}, err
	}
	if p.Class, p.Feature, err = m.feature(get); err != nil {
		return Place{}, err
	}
	if p.Population, err = parsePopulation(rowValue(get, m.Population)); err != nil {
		return Place{}, err
	}
	p.Admin1 = rowValue(get, m.Admin1)
	if p.Admin1 == "" && len(chain) > 0 {
		// The outermost area named in the label is the best admin name the
		// row has: the district for Syrian Archive villages, the
		// governorate for its "ALEPPO : …" neighbourhoods.
		p.Admin1 = chain[len(chain)-1]
	}
	p.Alternates = m.alternates(get, name)
	p.ID = placeID(rowValue(get, m.ID), name, lat, lon)
	return p, nil
}

// rowValue returns the value of col, or "" when col is unmapped or absent.
func rowValue(get tableRow, col string) string {
	if col == "" {
		return ""
	}
	v, _ := get(col)
	return v
}

// requiredValue returns the value of a mapped column that must not be empty.
func requiredValue(get tableRow, field, col string) (string, error) {
	v, ok := get(col)
	switch {
	case !ok:
		return "", fmt.Errorf("%s: no column %q", field, col)
	case v == "":
		return "", fmt.Errorf("%s: empty", field)
	}
	return v, nil
}

// coords reads and checks the latitude and longitude. 0,0 is rejected: in
// a team's table it is a spreadsheet's blank, not a place in the Gulf of
// Guinea.
func (m Mapping) coords(get tableRow) (lat, lon float64, err error) {
	s, err := requiredValue(get, "lat", m.Lat)
	if err != nil {
		return 0, 0, err
	}
	if lat, err = parseCoord("lat", s, 90); err != nil {
		return 0, 0, err
	}
	if s, err = requiredValue(get, "lon", m.Lon); err != nil {
		return 0, 0, err
	}
	if lon, err = parseCoord("lon", s, 180); err != nil {
		return 0, 0, err
	}
	if lat == 0 && lon == 0 {
		return 0, 0, errors.New("lat/lon: both 0, taken as missing")
	}
	return lat, lon, nil
}

// country returns the row's country code, or the mapping's default.
func (m Mapping) country(get tableRow) (caption.CountryCode, error) {
	cc := strings.ToUpper(rowValue(get, m.Country))
	if cc == "" {
		cc = strings.ToUpper(string(m.DefaultCountry))
	}
	if !validCountry(cc) {
		return "", fmt.Errorf("country %q: want a two-letter ISO code such as SY", cc)
	}
	return caption.CountryCode(cc), nil
}

// feature returns the row's feature class and code; rows without one are
// populated places (PPL), which is what a team's list of locations mostly
// holds.
func (m Mapping) feature(get tableRow) (byte, string, error) {
	f := rowValue(get, m.Feature)
	if f == "" {
		f = m.DefaultFeature
	}
	if f == "" {
		return 'P', "PPL", nil
	}
	return parseFeature(f)
}

// parseFeature parses a GeoNames feature code ("PPLX") or class and code
// ("P.PPLX"). The class of a bare code comes from featureClass, and is 0
// when the code is not one it knows.
func parseFeature(s string) (byte, string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	class, code, dotted := strings.Cut(s, ".")
	if !dotted {
		code = s
	}
	if code == "" || len(code) > 10 || strings.IndexFunc(code, notCodeRune) >= 0 ||
		dotted && (len(class) != 1 || !strings.Contains("AHLPRSTUV", class)) {
		return 0, "", fmt.Errorf("feature %q: want a GeoNames code such as PPL or P.PPLX", s)
	}
	if dotted {
		return class[0], code, nil
	}
	return featureClass(code), code, nil
}

func notCodeRune(r rune) bool { return (r < 'A' || r > 'Z') && (r < '0' || r > '9') }

// featureClass returns the GeoNames class of the feature codes a team's
// gazetteer is likely to use for the places conflict captions name, or 0.
func featureClass(code string) byte {
	switch {
	case strings.HasPrefix(code, "PPL") || code == "STLMT":
		return 'P'
	case strings.HasPrefix(code, "ADM") || strings.HasPrefix(code, "PCL") || code == "TERR" || code == "ZN":
		return 'A'
	case strings.HasPrefix(code, "CMP") || strings.HasPrefix(code, "AIR") || code == "BDG" || code == "HSP" ||
		code == "MSQE" || code == "CH" || code == "SCH" || code == "MKT" || code == "BLDG" || code == "INSM" ||
		code == "RUIN" || code == "CSTL" || code == "PSTB" || code == "DAM":
		return 'S'
	case code == "RGN" || code == "AREA" || code == "LCTY" || code == "OAS" || code == "PRK":
		return 'L'
	case code == "MT" || code == "MTS" || code == "HLL" || code == "HLLS" || code == "VAL" || code == "PLN":
		return 'T'
	case code == "STM" || code == "LK" || code == "WAD" || code == "SPNG" || code == "CNL":
		return 'H'
	case code == "RD" || code == "ST" || code == "RDJCT":
		return 'R'
	}
	return 0
}

// alternates gathers the Arabic name and the alternate names, cleaned like
// the name, without the name itself or duplicates.
func (m Mapping) alternates(get tableRow, name string) []string {
	var out []string
	add := func(s string) {
		if s, _ = m.clean(s); s != "" && s != name && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	add(rowValue(get, m.Arabic))
	alts := []string{rowValue(get, m.Alternates)}
	for _, sep := range m.separators() {
		var split []string
		for _, a := range alts {
			split = append(split, strings.Split(a, sep)...)
		}
		alts = split
	}
	for _, a := range alts {
		add(a)
	}
	return out
}

// placeID returns the id of a row: its id column when that is a
// non-negative integer, else a hash of the id column, else a hash of the
// name and coordinates, so that re-importing the same file gives the same
// ids. Hashes are kept in [2^62, 2^63), above the numeric ids teams use.
func placeID(id, name string, lat, lon float64) int64 {
	if n, err := strconv.ParseInt(id, 10, 64); err == nil && n >= 0 {
		return n
	}
	if id == "" {
		id = fmt.Sprintf("%s|%.6f|%.6f", name, lat, lon)
	}
	h := fnv.New64a()
	h.Write([]byte(id))
	return int64(h.Sum64()&(1<<62-1) | 1<<62)
}

// clean pulls the name, and any admin chain, out of a value according to
// m.Clean.
func (m Mapping) clean(s string) (name string, chain []string) {
	// Tatweel only stretches Arabic letters for display ("حــلاق" is
	// "حلاق"); teams type it, captions rarely do.
	s = strings.ReplaceAll(s, tatweel, "")
	if m.Clean == CleanSyrianArchive {
		return cleanLabel(s)
	}
	return strings.Join(strings.Fields(s), " "), nil
}

// tatweel is U+0640 ARABIC TATWEEL, the kashida.
const tatweel = "\u0640"

// isArabicLetter reports whether r is an Arabic-script letter.
func isArabicLetter(r rune) bool { return unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r) }
