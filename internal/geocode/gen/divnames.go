package main

import (
	"strings"
	"unicode"

	"sijil/internal/geocode"
)

// divisionWords are the words that say what kind of division a name is,
// in the languages Natural Earth and GNS write them ("Muhafazat Halab",
// "Kherson Oblast", "Provincia de Entre Rios"), and the "of" of "Region of
// Magallanes". They are left out when two names of a division are
// compared, and a name made of nothing else is no name ("Region").
var divisionWords = wordSet(`province provincia provinsi provincie provinz provense gouvernorat governorate
	muhafazat muhafazah mohafazat oblast oblasti oblisi voblast voblasts voblasc region regione mkhare kraj krai kray
	state estado district distrito distrikt county megye municipality obcina opstina prefecture department
	departamento departement territory territoire city autonomous republic respublika okrug rayon rayonu raion
	raionul judetul wilayat wilaya wilayah velayat ostan changwat khett mkoa shabiyat qarku perifereia kanton
	canton gemeinde bundesland negeri parish borough eparchia mintaqat baladiyat aymag aimag sheng tinh
	voivodeship wojewodztwo zupanija atoll atholhu division gobolka mehoz governorat capital of`)

// directionWords, with divisionWords, make up names that are no names of
// one division: Natural Earth's English and French names of Israel's and
// Lebanon's districts are "Southern", "North", "sud", "centre".
var directionWords = wordSet(`north south east west northern southern eastern western central centre center
	middle upper lower nord sud est ouest norte sur este oeste centro northeast northwest southeast southwest
	north-east north-west south-east south-west`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// words splits s into lower-case words at anything but letters, digits
// and combining marks.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r)
	})
}

// stripDivisionWords returns name without its division words: "Kyiv
// Oblast" → "kyiv". A name of nothing else stays whole.
func stripDivisionWords(name string) string {
	var kept []string
	for _, w := range words(name) {
		if !divisionWords[w] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return name
	}
	return strings.Join(kept, " ")
}

// genericOnly reports whether every word of name is a division or
// direction word.
func genericOnly(name string) bool {
	ws := words(name)
	for _, w := range ws {
		if !divisionWords[w] && !directionWords[w] {
			return false
		}
	}
	return len(ws) > 0
}

// core is what two names of one division are compared by: the Spelling
// of the name without its division words.
func core(name string) string { return geocode.Spelling(stripDivisionWords(name)) }

// agree reports whether a and b are plausibly one name: equal cores, one
// core inside the other ("Entre Rios" in "Provincia de Entre Rios"), or
// cores at most a quarter apart in edits ("Kyiv" and "Kiev" are not, and
// need not be: Natural Earth lists both).
func agree(a, b string) bool {
	x, y := core(a), core(b)
	switch {
	case x == "" || y == "":
		return false
	case x == y:
		return true
	case min(len(x), len(y)) >= 4 && (strings.Contains(x, y) || strings.Contains(y, x)):
		return true
	}
	return 4*editDistance(x, y) <= max(len([]rune(x)), len([]rune(y)))
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}

// nameAgreement rates how well a feature's names agree with the admin1
// name of its code: 3 for its own name, 2 for another Natural Earth name,
// 1 for a GeoNames or GNS name only (Natural Earth copies those from the
// code, so they agree even on a feature that is not the division: Debrecen
// carries Hajdú-Bihar's), 0 for none.
func nameAgreement(admin1Name string, f neProps) int {
	switch {
	case agree(admin1Name, f.Name) || agree(admin1Name, f.NameEn):
		return 3
	case agreesAny(admin1Name, splitAlt(f.NameAlt)) || agree(admin1Name, f.WOEName) || agree(admin1Name, f.NameFr):
		return 2
	case agree(admin1Name, f.GNName) || agree(admin1Name, invertGNS(f.GNSName)):
		return 1
	}
	return 0
}

func agreesAny(name string, others []string) bool {
	for _, o := range others {
		if agree(name, o) {
			return true
		}
	}
	return false
}

// splitAlt splits name_alt, which separates names by "|" and sometimes by
// ", " within one entry ("Misrata, Misurata").
func splitAlt(s string) []string {
	var out []string
	for _, part := range strings.Split(s, "|") {
		out = append(out, strings.Split(part, ",")...)
	}
	return out
}

// invertGNS turns a GNS name, whose generic part comes last ("Halab,
// Muhafazat", "Hasakah, Muhafazat al", "Kyyiv, Misto"), into its specific
// part: the generic one is a division word, the article belongs to it.
func invertGNS(s string) string {
	specific, _, _ := strings.Cut(s, ",")
	return specific
}

// trimFrench drops the preposition Natural Earth's French names keep from
// "Gouvernorat de Homs": "de Homs", "d'Ivano-Frankivsk", "du Liban-Sud".
func trimFrench(s string) string {
	for _, p := range []string{"de la ", "de l'", "de ", "d'", "du ", "des "} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest
		}
	}
	return s
}

// rawAlternates lists a feature's names in a fixed order: Natural Earth's
// own, GeoNames' and GNS's, Where On Earth's, Arabic and French.
func rawAlternates(admin1Name string, f neProps) []string {
	out := []string{f.Name, f.NameEn}
	out = append(out, splitAlt(f.NameAlt)...)
	out = append(out, f.GNName, invertGNS(f.GNSName), f.WOEName, f.NameAr)
	if fr := trimFrench(f.NameFr); frenchAgrees(fr, admin1Name, f) {
		out = append(out, fr)
	}
	return out
}

// frenchAgrees reports whether the French name fr is a spelling of one of
// the division's Latin names ("Alep", "Damas", "Tchernihiv"). Natural
// Earth's French names are the least careful of its fields (Wadi ash
// Shati's is "Ash-Sharqiyah"), and a French name unlike every English one
// ("Cisjordanie") is not what an English caption writes.
func frenchAgrees(fr, admin1Name string, f neProps) bool {
	return agreesAny(fr, append([]string{admin1Name, f.Name, f.NameEn, f.GNName}, splitAlt(f.NameAlt)...))
}

// cleanAlternate returns the names in one raw value: "Homs (Hims)" is
// two; junk is none.
func cleanAlternate(v string) []string {
	if low := strings.ToLower(v); mojibake(v) || strings.Contains(low, "aggregation") || strings.Contains(low, "obsolete") {
		return nil // "GAZ-00 (Gaza Strip aggregation)", "…(French-obsolete)"
	}
	var out []string
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == '(' || r == ')' }) {
		part = strings.Join(strings.Fields(part), " ")
		if !junkName(part) {
			out = append(out, part)
		}
	}
	return out
}

// mojibake reports a name garbled in Natural Earth ("N¡nive", "SÃ£o
// Filipe", "Bagd\u00a0"): a UTF-8 or code-page 437 name read as Latin-1
// leaves characters of U+0080–U+00BF, which no place name needs but the
// middle dot of Catalan and an acute accent written for an apostrophe.
func mojibake(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 && r <= 0xBF && r != '·' && r != '´' })
}

// junkName reports names no caption writes: empty or Natural Earth's
// "-99", with digits, codes of up to four capitals ("VII", "NTT", "K.P.";
// postal codes are added separately where captions use them), Latin names
// of one or two letters ("Go" for Gorno-Badakhshan) and words that only
// say what kind of division or which part of a country ("Region",
// "Southern").
func junkName(s string) bool {
	if s == "" || genericOnly(s) {
		return true
	}
	caps, latin, others := 0, 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			return true
		case r >= 'A' && r <= 'Z':
			caps++
		case unicode.Is(unicode.Latin, r):
			latin++
		case unicode.IsLetter(r):
			others++
		}
	}
	return others == 0 && (latin == 0 && caps <= 4 || latin+caps < 3)
}
