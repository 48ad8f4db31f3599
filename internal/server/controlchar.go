package server

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Captions may hold control characters: an escape sequence (ESC [ 31 m)
// from a terminal log pasted into a spreadsheet, a BEL, C1 codes from a
// Windows-1252 file read as Latin-1. html/template escapes markup but
// passes them through, and a browser then hides them, so that a reviewer
// would read a caption as if they were not there. Pages show each one
// visibly instead: in text, as a marked span, ␛ for ESC (the Unicode
// control pictures for C0 and DEL, \x9b for a C1 code); inside a tag (an
// attribute such as a mark's title), as the same text without the span.

// isControlChar reports whether r is a C0 or C1 control character, DEL,
// or a bidirectional control, which reorders how the text around it reads
// ("Aleppo" written backwards after U+202E). Tabs and line breaks are
// among them; showControls leaves them alone.
func isControlChar(r rune) bool { return r < 0x20 || (0x7f <= r && r <= 0x9f) || isBidiControl(r) }

// isBidiControl reports whether r is a bidirectional mark, embedding,
// override or isolate.
func isBidiControl(r rune) bool {
	return r == 0x200e || r == 0x200f || (0x202a <= r && r <= 0x202e) || (0x2066 <= r && r <= 0x2069)
}

// controlPicture is how a control character is shown: the control
// picture of a C0 character or DEL (ESC is ␛, U+241B), \xHH for C1.
func controlPicture(r rune) string {
	switch {
	case r < 0x20:
		return string(rune(0x2400 + r))
	case r == 0x7f:
		return "\u2421"
	case isBidiControl(r):
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\x%02x`, r)
}

// hasControls reports whether page holds a control character other than
// HTML white space, in the encodings showControls replaces.
func hasControls(page []byte) bool {
	for i, c := range page {
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f ||
			(c == 0xc2 && i+1 < len(page) && 0x80 <= page[i+1] && page[i+1] <= 0x9f) ||
			(c == 0xe2 && isBidiControl(firstRune(page[i:]))) {
			return true
		}
	}
	return false
}

func firstRune(b []byte) rune {
	r, _ := utf8.DecodeRune(b)
	return r
}

// showControls returns page, a page html/template wrote, with every
// control character but tabs and line breaks made visible. html/template
// escapes '<' and '>' in text and attribute values, so a '<' in page opens
// a tag and the next '>' closes it: in text a character becomes a span
// (<span class="ctl" title="U+001B">␛</span>); inside a tag, and in the
// title element (whose text cannot hold markup), only its picture.
func showControls(page []byte) []byte {
	if !hasControls(page) {
		return page
	}
	out := make([]byte, 0, len(page)+256)
	inTag, inTitle := false, false
	for i := 0; i < len(page); {
		r, n := utf8.DecodeRune(page[i:])
		switch {
		case r == '<':
			inTag = true
			inTitle = (inTitle && !bytes.HasPrefix(page[i:], []byte("</title"))) || bytes.HasPrefix(page[i:], []byte("<title"))
		case r == '>':
			inTag = false
		case r == '\t' || r == '\n' || r == '\r' || !isControlChar(r):
		case inTag || inTitle:
			out = append(out, controlPicture(r)...)
			i += n
			continue
		default:
			out = fmt.Appendf(out, `<span class="ctl" title="control character U+%04X">%s</span>`, r, controlPicture(r))
			i += n
			continue
		}
		out = append(out, page[i:i+n]...)
		i += n
	}
	return out
}
