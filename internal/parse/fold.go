package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fold returns s with every run of white space replaced by one ASCII space
// and the ends trimmed: a record's `text`. Nothing else changes, so evidence
// spans in the folded text still show the caption as the agency wrote it.
// Invalid UTF-8 is replaced by U+FFFD so that the record is always valid JSON
// text.
func Fold(s string) string {
	if folded(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		// Most bytes are ASCII: captions wrapped over lines come here for
		// their line breaks alone, and deserve no rune decoding.
		if c := s[i]; c < utf8.RuneSelf {
			i++
			if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == 0 {
				space = b.Len() > 0
				continue
			}
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(c)
			continue
		}
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

// folded reports whether s is already in folded form, so that Fold, which
// every caption passes through, allocates only when it has to. Eight ASCII
// bytes at a time (see swar.go), it looks for control bytes and for spaces
// next to spaces; other bytes go through the test of one rune at a time.
func folded(s string) bool {
	if s != "" && (s[0] == ' ' || s[len(s)-1] == ' ') {
		return false
	}
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			x := load64(s, i)
			if x&swarHigh == 0 && swarControl(x) == 0 {
				sp := swarSpace(x)
				if sp&(sp>>8) != 0 || sp&0x80 != 0 && i > 0 && s[i-1] == ' ' {
					return false // two spaces, in the block or across its start
				}
				i += 8
				continue
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ' || s[i-1] == ' '):
				return false // s[i-1] may have been read in a block
			case c < ' ':
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unicode.IsSpace(r) {
			return false
		}
		i += n
	}
	return true
}
