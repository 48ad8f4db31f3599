package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold returns s with every run of white space replaced by one ASCII space
// and the ends trimmed: SPEC.md's `text`. Nothing else changes, so evidence
// spans in the folded text still show the caption as the agency wrote it.
// Invalid UTF-8 is replaced by U+FFFD so that the record is always valid JSON
// text.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if unicode.IsSpace(r) || r == 0 {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\uFFFD")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
