package dedup

import (
	"math"
	"strings"
	"unicode"

	"sijil/internal/caption"
)

// precise reports whether a location is a place or its outskirts.
func precise(l *caption.Location) bool { return l != nil && l.Precision >= 1 && l.Precision <= 2 }

// regionKinds are the place words that name an area, not a place: two
// captions "in the countryside of Idlib" are not at one place.
var regionKinds = []string{"province", "governorate", "region", "countryside", "district", "oblast", "state"}

// placeNames returns the folded names of a record's most specific place, the
// one the caption names and the one its gazetteer entry has; none when that
// place is an area: a caption that names only "Idlib province", or whose
// most specific place the gazetteer resolved to a province or country
// (precision 3 or 4) under that very name. A town the gazetteer does not
// know ("Bahri, Sudan" resolved to Sudan) keeps its name.
func placeNames(r caption.Record) []string {
	var out []string
	if len(r.PlaceRefs) > 0 {
		for _, k := range regionKinds {
			if strings.EqualFold(r.PlaceRefs[0].Kind, k) {
				return nil
			}
		}
	}
	if l := r.Location; l != nil && l.Precision >= 3 && len(r.Places) > 0 {
		if p := foldPlace(r.Places[0]); p == foldPlace(l.Name) || p == foldPlace(l.Preferred) {
			return nil
		}
	}
	add := func(s string) {
		if s = foldPlace(s); s != "" {
			out = append(out, s)
		}
	}
	if len(r.Places) > 0 {
		add(r.Places[0])
	}
	if precise(r.Location) {
		add(r.Location.Name)
		add(r.Location.Preferred)
	}
	return out
}

// earthKm is the Earth's mean radius.
const earthKm = 6371.0

// placeArticles are the transliterated Arabic articles dropped from place
// names: al-Bab, el-Bab and Bab are one place.
var placeArticles = map[string]bool{"al": true, "el": true, "ad": true, "ar": true, "as": true, "ash": true, "at": true, "az": true, "an": true}

// foldPlace lower-cases a place name, folds common Latin diacritics, drops
// apostrophes, ʿayn marks and articles, and joins the words with spaces:
// "Ma‘arrat al-Nu‘mān" → "maarrat numan".
//
// A name in ASCII alone, most of them, is folded a byte at a time: linking
// folds every record's places and photographers, some six names a record,
// and the rune-at-a-time fold took 430 ns and three allocations a name,
// 1.8 CPU-s of a million-caption ingest on its writer (2026-12-07).
func foldPlace(s string) string {
	if f, ok := foldPlaceASCII(s); ok {
		return f
	}
	return foldPlaceRunes(s)
}

// foldPlaceASCII is foldPlace of s when s is ASCII; ok is false otherwise.
func foldPlaceASCII(s string) (f string, ok bool) {
	var buf [64]byte
	out := buf[:0]
	start := 0 // where the word being read starts in out
	flush := func() {
		// An article is looked up as string(out[start:]), which does not
		// allocate.
		if len(out) > start && !placeArticles[string(out[start:])] {
			out = append(out, ' ')
			start = len(out)
		} else {
			out = out[:start]
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return "", false
		case c == '\'':
		case 'A' <= c && c <= 'Z':
			out = append(out, c+'a'-'A')
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			out = append(out, c)
		default:
			flush()
		}
	}
	flush()
	if len(out) > 0 {
		out = out[:len(out)-1] // the space after the last word
	}
	return string(out), true
}

// foldPlaceRunes is foldPlace of any name, a rune at a time.
func foldPlaceRunes(s string) string {
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 && !placeArticles[w.String()] {
			words = append(words, w.String())
		}
		w.Reset()
	}
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Lm, r) || unicode.Is(unicode.Mn, r) || r == '\'' || r == '‘' || r == '’':
			// ʿayn, hamza and apostrophes sit inside words, and so do
			// combining marks: Arabic harakat, a decomposed accent
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w.WriteRune(foldArabic(foldLetter(unicode.ToLower(r))))
		default:
			flush()
		}
	}
	flush()
	return strings.Join(words, " ")
}

// foldArabic maps the Arabic letters typed several ways for one word to
// one: alef with hamza or madda to alef, alef maqsura to yeh, teh marbuta
// to heh. "مدينة حلب" and "مدينه حلب" are one place.
func foldArabic(r rune) rune {
	switch r {
	case 'أ', 'إ', 'آ', 'ٱ':
		return 'ا'
	case 'ى':
		return 'ي'
	case 'ة':
		return 'ه'
	}
	return r
}

// foldLetter maps a lower-case Latin letter with a diacritic to its base.
func foldLetter(r rune) rune {
	if r < 0xC0 {
		return r
	}
	for base, set := range diacritics {
		if strings.ContainsRune(set, r) {
			return rune(base[0])
		}
	}
	return r
}

var diacritics = map[string]string{
	"a": "àáâãäåāăąạ", "c": "çćč", "d": "ďđḍ", "e": "èéêëēėęěẹ", "g": "ğġ", "h": "ḥḩħ",
	"i": "ìíîïīįı", "n": "ñńň", "o": "òóôõöøōő", "r": "ř", "s": "śşšṣ", "t": "ţťṭ",
	"u": "ùúûüūůű", "y": "ýÿ", "z": "źżžẓ",
}

// haversineKm returns the great-circle distance in kilometres.
func haversineKm(lat1, lon1, lat2, lon2 float64) float64 {
	// Photos of one place resolve to the gazetteer's one point, and the
	// formula gives exactly 0 for it too: without its four sines, a
	// cosine and an arcsine, 50,000 photos of one incident spent a
	// seventh of their ingest here (2026-12-05).
	if lat1 == lat2 && lon1 == lon2 {
		return 0
	}
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthKm * math.Asin(math.Min(1, math.Sqrt(h)))
}
