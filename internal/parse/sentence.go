package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// abbreviations end with a full stop that does not end a sentence: AP month
// styles ("Sept. 23, 2016"), French ones ("30 déc. 2020"), titles and common short forms. Single capital
// letters (initials, "U.N.") are handled in code.
var abbreviations = func() map[string]bool {
	m := map[string]bool{
		"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
		"sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
		"mr": true, "mrs": true, "ms": true, "dr": true, "gen": true, "lt": true, "col": true, "sgt": true,
		"capt": true, "maj": true, "st": true, "mt": true, "jr": true, "sr": true, "no": true, "vs": true,
		"approx": true, "rev": true, "prof": true, "gov": true, "sen": true, "rep": true, "pres": true,
		"brig": true, "cpl": true, "pvt": true, "adm": true, "cmdr": true, "ft": true, "inc": true, "co": true,
	}
	for k := range frMonthAbbrevs { // French: "4 févr. 2023", "30 déc. 2020"
		m[k] = true
	}
	return m
}()

// sentences splits s into sentence spans. A sentence ends at . ! or ? (with
// any closing quotes or brackets) followed by a space and a capital letter,
// digit or opening quote, unless the word before the stop is an abbreviation
// or an initial ("U.N. agency", "Nov. 6").
func sentences(s string) []caption.Span {
	return appendSentences(nil, s)
}

// appendSentences is sentences appending to out.
func appendSentences(out []caption.Span, s string) []caption.Span {
	start := 0
	stops := [...]byteFinder{{c: '.', at: -1}, {c: '!', at: -1}, {c: '?', at: -1}}
	for i := 0; i < len(s); i++ {
		i = min(stops[0].next(s, i), stops[1].next(s, i), stops[2].next(s, i))
		if i == len(s) {
			break
		}
		c := s[i]
		end := i + 1
		for end < len(s) && strings.IndexByte("\"')]”’»", s[end]) >= 0 {
			end++
		}
		for end < len(s) && (strings.HasPrefix(s[end:], "”") || strings.HasPrefix(s[end:], "’")) {
			end += len("”")
		}
		if end >= len(s) || s[end] != ' ' || !opensSentence(s[end+1:]) {
			continue
		}
		if c == '.' && isAbbreviation(s[start:i]) {
			continue
		}
		out = append(out, caption.Span{Start: start, End: end})
		start = end + 1
		i = end
	}
	if start < len(s) {
		out = append(out, caption.Span{Start: start, End: len(s)})
	}
	return out
}

func opensSentence(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("\"“‘'(", r)
}

// isAbbreviation reports whether the text before a full stop ends in a word
// that abbreviations or initials make not a sentence end.
func isAbbreviation(before string) bool {
	j := len(before)
	for j > 0 && isWordByte(before[j-1]) {
		j--
	}
	w := before[j:]
	if len(w) == 1 && w[0] >= 'A' && w[0] <= 'Z' {
		return true // an initial: "George W. Bush", "U.N."
	}
	return abbreviations[strings.ToLower(w)]
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// byteFinder finds the occurrences of one byte in order with
// strings.IndexByte, which is far faster than a loop over the bytes.
type byteFinder struct {
	c  byte
	at int // the last occurrence found, len(s) for none, -1 before the first search
}

// next returns the index of the first c in s at or after i, or len(s).
func (f *byteFinder) next(s string, i int) int {
	if f.at < i {
		if k := strings.IndexByte(s[i:], f.c); k >= 0 {
			f.at = i + k
		} else {
			f.at = len(s)
		}
	}
	return f.at
}
