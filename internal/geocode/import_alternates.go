package geocode

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// isPseudoLanguage reports whether an isolanguage value of
// alternateNamesV2.txt marks something other than a name people write in
// captions: links, postal codes, airport codes, abbreviations, Wikidata
// ids, UN/LOCODEs, pronunciations, French revolutionary names.
func isPseudoLanguage(lang string) bool {
	switch lang {
	case "link", "post", "iata", "icao", "faac", "abbr", "wkdt", "unlc", "phon", "fr_1793":
		return true
	}
	return false
}

// alternateNameColumns is the minimum width of an alternate-names row: the
// old alternateNames.txt has 8 columns, alternateNamesV2.txt adds from and
// to. Only the first four are read.
const alternateNameColumns = 8

// ReadAlternateNames reads a GeoNames alternate-names table
// (alternateNamesV2.txt: alternateNameId, geonameid, isolanguage, alternate
// name, isPreferredName, isShortName, isColloquial, isHistoric, from, to)
// from r and adds to places, in place, the names of the GeoNames places it
// holds. It keeps Arabic names ("ar") and Latin-script names in any
// language, which are the scripts captions are written in, and skips the
// pseudo-languages (post, iata, link…). name labels errors. It returns the
// number of names added. Rows for places not in places are checked only for
// their column count, since the file covers the whole world.
func ReadAlternateNames(r io.Reader, name string, places []Place) (int, error) {
	index := make(map[int64]int, len(places))
	for i, p := range places {
		if p.IsGeoNames() {
			index[p.ID] = i
		}
	}
	added := 0
	err := scanLines(r, name, func(line int, text []byte) error {
		var f [alternateNameColumns][]byte
		if n := splitTabs(text, f[:]); n < alternateNameColumns {
			return lineError(name, line, "%d columns, want %d or more", n, alternateNameColumns)
		}
		id, err := strconv.ParseInt(string(f[1]), 10, 64)
		if err != nil || id <= 0 {
			return lineError(name, line, "geonameid %q: not a positive integer", f[1])
		}
		i, ok := index[id]
		if !ok || !keepAlternate(string(f[2]), f[3]) {
			return nil
		}
		if !utf8.Valid(f[3]) {
			return lineError(name, line, "alternate name: not valid UTF-8")
		}
		alt := string(bytes.TrimSpace(f[3]))
		if alt == "" {
			return lineError(name, line, "empty alternate name")
		}
		p := &places[i]
		if alt != p.Name && !slices.Contains(p.Alternates, alt) {
			p.Alternates = append(p.Alternates, alt)
			added++
		}
		return nil
	})
	return added, err
}

// keepAlternate reports whether an alternate name in language lang is
// worth keeping for matching captions.
func keepAlternate(lang string, name []byte) bool {
	if lang == "ar" {
		return true
	}
	return !isPseudoLanguage(lang) && isLatin(string(name))
}

// LatinOrArabic reports whether every letter of name is in the Latin or
// the Arabic script, the scripts of the captions sijil reads. It suits
// GeoNamesOptions.KeepAlternate, to drop the Chinese, Cyrillic… spellings
// that make a worldwide import large without matching any caption.
func LatinOrArabic(name string) bool {
	return inScripts(name, unicode.Latin, unicode.Arabic)
}

// isLatin reports whether name has letters and all of them are Latin.
func isLatin(name string) bool { return inScripts(name, unicode.Latin) }

// inScripts reports whether name has at least one letter and every letter
// is in one of the scripts. Marks, digits and punctuation do not count, so
// "Ma‘arrat an-Nu‘mān" is Latin.
func inScripts(name string, scripts ...*unicode.RangeTable) bool {
	letters := 0
	for _, r := range name {
		if !unicode.IsLetter(r) || r == '\u0640' { // tatweel is a letter of no script
			continue
		}
		if !unicode.In(r, scripts...) {
			return false
		}
		letters++
	}
	return letters > 0
}

// ReadAdmin1Codes reads GeoNames' admin1CodesASCII.txt ("SY.09\tIdlib\t
// Idlib\t170062") from r into a map from "country.code" to the division's
// name ("SY.09" → "Idlib"). name labels errors.
func ReadAdmin1Codes(r io.Reader, name string) (map[string]string, error) {
	names := make(map[string]string)
	err := scanLines(r, name, func(line int, text []byte) error {
		var f [4][]byte
		if n := splitTabs(text, f[:]); n < 2 {
			return lineError(name, line, "%d columns, want 4", n)
		}
		code := string(f[0])
		cc, _, ok := strings.Cut(code, ".")
		if !ok || !validCountry(cc) || cc == "" {
			return lineError(name, line, "code %q: want CC.code", code)
		}
		if !utf8.Valid(f[1]) {
			return lineError(name, line, "name: not valid UTF-8")
		}
		n := string(bytes.TrimSpace(f[1]))
		if n == "" {
			return lineError(name, line, "empty name for %s", code)
		}
		names[code] = n
		return nil
	})
	if err != nil {
		return nil, err
	}
	return names, nil
}

// FillAdmin1 sets the Admin1 name of the places that have a country and an
// admin1 code but no name yet, from names as ReadAdmin1Codes returns them.
// It returns how many it filled.
func FillAdmin1(places []Place, names map[string]string) int {
	filled := 0
	for i := range places {
		p := &places[i]
		if p.Admin1 != "" || p.Admin1Code == "" || p.Country == "" {
			continue
		}
		if n, ok := names[string(p.Country)+"."+p.Admin1Code]; ok {
			p.Admin1 = n
			filled++
		}
	}
	return filled
}
