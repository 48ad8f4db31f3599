package postgres

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// searchText folds a caption for the full-text index, as the queries of the
// search issue will fold their terms: lower case, diacritics removed, and
// the apostrophes and the ayn and hamza signs of transliterations removed
// rather than read as word breaks, so that "Ma‘arrat an Nu‘mān" is indexed as
// "maarrat an numan" (and "Aleppo's" as "aleppos", as SQLite's index holds
// it: a query for a word also asks for its possessive). The 'simple' text
// search configuration then only splits words: no stemming, which would
// mangle Arabic place names, and no extension such as unaccent.
func searchText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r), isApostrophe(r):
		case r == 0:
			b.WriteByte(' ')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// isApostrophe reports whether r is one of the marks that the SQLite store's
// search also removes: ' ‘ ’ ʿ ʾ ʼ ` ´.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '‘', '’', 'ʿ', 'ʾ', 'ʼ', '`', '´':
		return true
	}
	return false
}
