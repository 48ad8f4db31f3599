package geocode

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// IndexMeta is what WriteIndexMeta stores beside the places.
type IndexMeta struct {
	Name      string         // the layer's name in `sijil gazetteer list`: "cities500"
	Admin1    []Admin1Entry  // admin1 names by code, beyond those the places carry
	Countries []CountryEntry // country names; their points come from the places
}

// Admin1Entry names a first-level division: SY 12 is Idlib.
type Admin1Entry struct {
	Country caption.CountryCode
	Code    string
	Name    string
}

// CountryEntry names a country by its ISO 3166-1 alpha-2 code.
type CountryEntry struct {
	Code caption.CountryCode
	Name string
}

// WriteIndexMeta writes places and meta as an index file for OpenIndex. The
// output depends only on the input, so regenerated data is byte-identical.
//
// Every place is indexed under the Key of its Name and of each alternate in
// Latin or Arabic script; alternates in other scripts are dropped (English
// captions never use them), as are alternates that differ from an earlier
// name only in case, diacritics or punctuation. An empty Source means
// "geonames". Two places with the same Source and ID are an error wrapping
// caption.ErrDuplicate; a place without a name, with coordinates out of
// range or with a malformed country code one wrapping caption.ErrInvalid.
func WriteIndexMeta(w io.Writer, places []Place, meta IndexMeta) error {
	ps, err := preparePlaces(places)
	if err != nil {
		return fmt.Errorf("geocode.WriteIndex: %w", err)
	}
	b := newIndexBuilder(ps, meta)
	if err := b.build(); err != nil {
		return fmt.Errorf("geocode.WriteIndex: %w", err)
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := b.write(bw); err != nil {
		return fmt.Errorf("geocode.WriteIndex: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("geocode.WriteIndex: %w", err)
	}
	return nil
}

// preparePlaces copies, checks, cleans and sorts the places by (source, id).
func preparePlaces(places []Place) ([]Place, error) {
	ps := make([]Place, 0, len(places))
	for _, p := range places {
		if p.Source == "" {
			p.Source = "geonames"
		}
		p.Name = cleanName(p.Name)
		if err := checkPlace(p); err != nil {
			return nil, err
		}
		p.Alternates = keptAlternates(p.Name, p.Alternates)
		ps = append(ps, p)
	}
	slices.SortStableFunc(ps, func(a, b Place) int {
		return cmp.Or(strings.Compare(a.Source, b.Source), cmp.Compare(a.ID, b.ID))
	})
	for i := 1; i < len(ps); i++ {
		if ps[i].Source == ps[i-1].Source && ps[i].ID == ps[i-1].ID {
			return nil, fmt.Errorf("place %s:%d twice: %w", ps[i].Source, ps[i].ID, caption.ErrDuplicate)
		}
	}
	return ps, nil
}

// checkPlace rejects what the index cannot store faithfully.
func checkPlace(p Place) error {
	switch {
	case p.Name == "":
		return fmt.Errorf("place %s:%d has no name: %w", p.Source, p.ID, caption.ErrInvalid)
	case !(p.Lat >= -90 && p.Lat <= 90 && p.Lon >= -180 && p.Lon <= 180):
		return fmt.Errorf("place %s:%d (%s): coordinates %v,%v out of range: %w", p.Source, p.ID, p.Name, p.Lat, p.Lon, caption.ErrInvalid)
	case p.Country != "" && !validCountryCode(p.Country):
		return fmt.Errorf("place %s:%d (%s): country %q: %w", p.Source, p.ID, p.Name, p.Country, caption.ErrInvalid)
	}
	return nil
}

// validCountryCode reports whether c is two upper-case ASCII letters.
func validCountryCode(c caption.CountryCode) bool {
	return len(c) == 2 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z'
}

// cleanName makes s valid UTF-8 without control characters (U+001F
// separates alternates on disk) and trims it.
func cleanName(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

// keptAlternates returns the alternates worth indexing: Latin or Arabic
// script, and not a case, diacritic or punctuation variant of a name kept
// before (Ma`arrat an Nu`man after Ma‘arrat an Nu‘mān).
func keptAlternates(name string, alts []string) []string {
	seen := map[string]bool{foldForm(name): true}
	var out []string
	for _, a := range alts {
		a = cleanName(a)
		if a == "" || !latinOrArabicName(a) {
			continue
		}
		if f := foldForm(a); !seen[f] {
			seen[f] = true
			out = append(out, a)
		}
	}
	return out
}

// foldForm returns name's folded words joined by spaces: what remains when
// case, diacritics and punctuation are ignored.
func foldForm(name string) string {
	var sb strings.Builder
	space := false
	for _, r := range name {
		switch f, class := foldRune(r); class {
		case classLetter:
			if space && sb.Len() > 0 {
				sb.WriteByte(' ')
			}
			space = false
			sb.WriteRune(f)
		case classSep:
			space = true
		}
	}
	return sb.String()
}

// latinOrArabicName reports whether every letter of s is Latin or Arabic
// and there is at least one.
func latinOrArabicName(s string) bool {
	letters := 0
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsLetter(r) || unicode.Is(unicode.Lm, r) {
			continue
		}
		if !unicode.Is(unicode.Latin, r) && !unicode.Is(unicode.Arabic, r) {
			return false
		}
		letters++
	}
	return letters > 0
}

// fixedCoord turns degrees into the stored int32 of 1e-7 degrees.
func fixedCoord(deg float64) uint32 { return uint32(int32(math.Round(deg * coordScale))) }

// saturate32 clamps a population into a u32.
func saturate32(n int64) uint32 { return uint32(min(max(n, 0), math.MaxUint32)) }
