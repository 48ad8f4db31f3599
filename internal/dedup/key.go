package dedup

import (
	"crypto/sha256"
	"encoding/hex"
	"unicode"
	"unicode/utf8"
)

// Key returns a record's identity: the hex SHA-256 of text with every run of
// white space folded to one ASCII space, the ends trimmed, typographic quotes
// (‘ ’ ‚ ‛ ′ to ', “ ” „ « » ″ to ") and dashes (‐ ‑ ‒ – — ― to -) folded to
// ASCII. Nothing else changes: case, accents and punctuation are the
// caption's, so two captions that differ in anything a reader would call a
// change are different records (and may still be one cluster).
//
// Like parse.Fold, Key treats NUL as white space and hashes invalid UTF-8 as
// U+FFFD, so Key(raw) == Key(rec.Text) for the record parsed from raw.
func Key(text string) string {
	sum := sha256.Sum256(foldKey(text))
	return hex.EncodeToString(sum[:])
}

// foldKey returns text folded as Key describes.
func foldKey(text string) []byte {
	b := make([]byte, 0, len(text))
	space := false
	for i := 0; i < len(text); {
		// ASCII, most of a caption, is folded without decoding it and
		// without unicode.IsSpace, which were most of foldKey's time.
		if c := text[i]; c < utf8.RuneSelf {
			i++
			if c == ' ' || '\t' <= c && c <= '\r' || c == 0 {
				space = len(b) > 0
				continue
			}
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, c)
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		if unicode.IsSpace(r) || r == 0 {
			space = len(b) > 0
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		switch {
		case r == utf8.RuneError && n == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		default:
			b = utf8.AppendRune(b, foldPunct(r))
		}
	}
	return b
}

// foldPunct maps a typographic quote or dash to its ASCII form and returns
// any other rune unchanged.
func foldPunct(r rune) rune {
	switch r {
	case '‘', '’', '‚', '‛', '′':
		return '\''
	case '“', '”', '„', '«', '»', '″':
		return '"'
	case '‐', '‑', '‒', '–', '—', '―':
		return '-'
	}
	return r
}
