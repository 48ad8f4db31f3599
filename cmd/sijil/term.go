package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// Captions and the values read from them come from documents anyone may
// have written: a caption holding "\x1b]0;…\a" would retitle the terminal
// that `sijil search` prints it to, "\x1b[2J" clear it, "\r" overwrite the
// start of the line and OSC 8 plant a link. What search and show print as
// text therefore goes through termText (each value) and termWriter (the
// whole output), which print every control character as an escape instead:
// C0 and DEL as \xHH (\x1b for ESC), C1 as \u0080…\u009f, and bytes that
// are not UTF-8 as \xHH. Once its ESC is escaped, the rest of an escape
// sequence ("[31m") is plain text, shown as it was written. JSON output
// (search -json) is left exact: JSON escapes control characters itself.

// termText returns s with every control character escaped, tab and
// newline too: a value printed in a column or on a line of its own must
// not break out of it.
func termText(s string) string {
	if termClean(s, false) {
		return s
	}
	return string(appendTerm(nil, s, false))
}

// termWriter passes what is written to w with its control characters
// escaped, except tab and newline, which lay the output out. Each Write
// should hold whole characters (fmt.Fprintf and text/tabwriter write
// whole lines and cells); a character cut in two is escaped as bytes that
// are not UTF-8, never passed on raw.
type termWriter struct{ w io.Writer }

func (t termWriter) Write(p []byte) (int, error) {
	if termClean(p, true) {
		return t.w.Write(p)
	}
	if _, err := t.w.Write(appendTerm(nil, p, true)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// termClean reports whether s has nothing appendTerm would escape.
func termClean[S string | []byte](s S, layout bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && !(layout && (c == '\t' || c == '\n')) || c == 0x7f || c >= 0x80 {
			return termCleanSlow(s, i, layout)
		}
	}
	return true
}

// termCleanSlow is termClean from byte i, where the first byte that is not
// printable ASCII stands.
func termCleanSlow[S string | []byte](s S, i int, layout bool) bool {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		if escapeRune(r, n, layout) {
			return false
		}
		i += n
	}
	return true
}

// escapeRune reports whether the character r, n bytes long, is escaped.
func escapeRune(r rune, n int, layout bool) bool {
	switch {
	case r == utf8.RuneError && n == 1:
		return true
	case r == '\t' || r == '\n':
		return !layout
	}
	// Bidirectional controls reorder how the rest of the line reads.
	return r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x200e || r == 0x200f ||
		0x202a <= r && r <= 0x202e || 0x2066 <= r && r <= 0x2069
}

// appendTerm appends s to dst with its control characters escaped (tab
// and newline kept when layout is set).
func appendTerm[S string | []byte](dst []byte, s S, layout bool) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case !escapeRune(r, n, layout):
			dst = append(dst, s[i:i+n]...)
		case r == utf8.RuneError || r < 0x80:
			dst = fmt.Appendf(dst, `\x%02x`, s[i])
		default:
			dst = fmt.Appendf(dst, `\u%04x`, r)
		}
		i += n
	}
	return dst
}
