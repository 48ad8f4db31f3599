package geocode

import (
	"strings"
	"unicode"
)

// cleanLabel splits a Syrian Archive style label into the place name and
// its admin chain, innermost first (see CleanSyrianArchive):
//
//	"Kafr Nabl (Hish) - Hish - Maarrat an-Numan --- (((7)))" → "Kafr Nabl", [Hish Maarrat an-Numan]
//	"HOMS : Khaldiyeh --- (((9)))"                           → "Khaldiyeh", [Homs]
//	"كفرنبل-حاس (((3)))"                                     → "كفرنبل", [حاس]
func cleanLabel(s string) (name string, chain []string) {
	s = stripIDMarker(s)
	area, rest, found := strings.Cut(s, ":")
	if !found {
		area, rest = "", s
	}
	segs := splitLabel(stripParens(rest))
	if len(segs) == 0 {
		return "", nil
	}
	chain = segs[1:]
	if a := tidyName(stripParens(area)); a != "" {
		chain = append(chain, a)
	}
	return segs[0], chain
}

// stripIDMarker removes a trailing "--- (((123)))" or "(((123)))": the
// Syrian Archive appends its row id to every label to keep labels unique.
func stripIDMarker(s string) string {
	s = strings.TrimSpace(s)
	body, ok := strings.CutSuffix(s, ")))")
	if !ok {
		return s
	}
	i := strings.LastIndex(body, "(((")
	if i < 0 || !allDigits(body[i+3:]) {
		return s
	}
	return strings.TrimRightFunc(body[:i], func(r rune) bool { return r == '-' || unicode.IsSpace(r) })
}

func allDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// stripParens removes parenthesised text. In the Syrian Archive it
// disambiguates villages of the same name by sub-district ("Duma (Harasta)")
// or qualifies them ("Atmeh (camp)"); neither is part of
// the name a caption uses. An unclosed "(" drops the rest.
func stripParens(s string) string {
	if !strings.ContainsAny(s, "()") {
		return s
	}
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
			b.WriteByte(' ')
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// splitLabel splits a label into its tidied, non-empty parts.
func splitLabel(s string) []string {
	rs := []rune(s)
	var segs []string
	start := 0
	for i := range rs {
		if isLabelSeparator(rs, i) {
			if t := tidyName(string(rs[start:i])); t != "" {
				segs = append(segs, t)
			}
			start = i + 1
		}
	}
	if t := tidyName(string(rs[start:])); t != "" {
		segs = append(segs, t)
	}
	return segs
}

// isLabelSeparator reports whether rs[i] separates parts of a label: "_"
// and "/" always; a hyphen when it has a space (or another hyphen) beside
// it, or Arabic letters on both sides ("قادش-تل"). A hyphen inside a Latin
// word ("Al-Haffa", "Jisr-Ash-Shugur") belongs to the name.
func isLabelSeparator(rs []rune, i int) bool {
	switch rs[i] {
	case '_', '/':
		return true
	case '-', '–':
		prev, next := labelRune(rs, i-1), labelRune(rs, i+1)
		return prev == 0 || next == 0 || unicode.IsSpace(prev) || unicode.IsSpace(next) ||
			prev == '-' || next == '-' || isArabicLetter(prev) && isArabicLetter(next)
	}
	return false
}

func labelRune(rs []rune, i int) rune {
	if i < 0 || i >= len(rs) {
		return 0
	}
	return rs[i]
}

// tidyName collapses runs of spaces and title-cases names written all in
// capitals ("DEIR EZZOR" → "Deir Ezzor"), which captions never use.
func tidyName(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if !allCapitals(s) {
		return s
	}
	rs := []rune(strings.ToLower(s))
	for i, r := range rs {
		if prev := labelRune(rs, i-1); i == 0 || prev == ' ' || prev == '-' {
			rs[i] = unicode.ToUpper(r)
		}
	}
	return string(rs)
}

// allCapitals reports whether s has two or more letters, all of them Latin
// capitals.
func allCapitals(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		if !unicode.IsUpper(r) || !unicode.Is(unicode.Latin, r) {
			return false
		}
		n++
	}
	return n >= 2
}
