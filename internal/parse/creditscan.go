package parse

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// creditStart returns where the credit in the run [s, e) starts: at its
// first lead-in ("… Aleppo Photo by X/AFP"), or at the longest agency or
// marker that ends the first part ("… Damascus REUTERS/Name"), or at s.
func (p *Parser) creditStart(text string, s, e int) int {
	for i := s; i < e; i++ {
		if (i == s || text[i-1] == ' ') && creditLeadInLen(text[i:e]) > 0 {
			return i
		}
	}
	// The first part ends at its separator: a slash, or a spaced dash
	// ("Mustafa Hassona - Anadolu Agency").
	fe, _ := creditPartSep(text, s, e)
	for _, w := range [...]string{"via", "for", "pour"} {
		if i := creditIndexWord(text[s:fe], w); i >= 0 {
			fe = s + i // "Jane Doe for The New York Times" starts at Jane
		}
	}
	for fe > s && text[fe-1] == ' ' {
		fe--
	}
	words := 0
	for i := s; i < fe && words < 4; i++ {
		if i != s && text[i-1] != ' ' {
			continue
		}
		words++
		if kind, _ := p.lex.agencies.lookup(text[i:fe]); kind != pieceUnknown {
			if creditNameComma(text, s, i) || creditPhotoSentence(text, s, i) {
				return s
			}
			return i
		}
	}
	return s
}

// creditPhotoSentence reports whether [s, i) is a bare "Photo" opening a
// sentence of its own before the agency at i: "… 2023. Photo AFP / Jane
// Doe", as French and some English papers credit. The word is the credit's
// and left the description with a stray "Photo" at its end.
func creditPhotoSentence(text string, s, i int) bool {
	return creditSkipPhotoWord(text, s, i+1) == i && creditAfterSentence(text, s)
}

// creditNameComma reports whether [s, i) is a person's name and a comma,
// after a bare "Photo" or not, before the agency at i: "PHOTO JACQUES
// MARTIN, LA PRESSE CANADIENNE", "Photo Yahya Saleh, EPA", as Canadian and
// French papers credit. The name is the credit's, not words of a sentence
// before it.
func creditNameComma(text string, s, i int) bool {
	e := i
	for e > s && text[e-1] == ' ' {
		e--
	}
	if e <= s || text[e-1] != ',' {
		return false
	}
	n := creditSkipPhotoWord(text, s, e-1)
	name := text[n : e-1]
	return creditPersonName(name, strings.Count(name, " ")+1)
}

// creditTrimEnd returns the end of text without trailing spaces and full
// stops.
func creditTrimEnd(text string) int {
	e := len(text)
	for e > 0 && (text[e-1] == ' ' || text[e-1] == '.') {
		e--
	}
	return e
}

// creditMatchOpen returns the index of the '(' that the ')' at closing
// closes (or the '[' of a ']'), looking no further back than lo, or -1.
func creditMatchOpen(text string, closing, lo int) int {
	cl, op := text[closing], byte('(')
	if cl == ']' {
		op = '['
	}
	depth := 0
	for i := closing; i >= lo; i-- {
		switch text[i] {
		case cl:
			depth++
		case op:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// creditAfterSentence reports whether position i of text starts a sentence
// or follows a separator: only spaces before it, or . ! ? (and closing
// quotes), a dash or a bar.
func creditAfterSentence(text string, i int) bool {
	for i > 0 && text[i-1] == ' ' {
		i--
	}
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:i])
		switch r {
		case '"', '\'', '”', '’', '»':
			i -= n
			continue
		case '.', '!', '?', '-', '–', '—', '|':
			return true
		}
		return false
	}
	return true
}

// creditIndexWord returns the index of the first occurrence of the ASCII
// lower-case word w in s as a whole word, ignoring case, or -1.
func creditIndexWord(s, w string) int {
	for i := 0; i+len(w) <= len(s); i++ {
		if (i == 0 || s[i-1] == ' ') && (i+len(w) == len(s) || s[i+len(w)] == ' ') && strings.EqualFold(s[i:i+len(w)], w) {
			return i
		}
	}
	return -1
}

// creditHasPrefix reports whether s starts with the lower-case prefix,
// ignoring ASCII case.
func creditHasPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// creditCapitalised reports whether the word starts with an upper-case
// letter or a letter of a script without case (Arabic, Hebrew).
func creditCapitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) || unicode.IsLetter(r) && !unicode.IsLower(r)
}

// creditWarnf formats a credit warning.
func creditWarnf(format string, args ...any) string { return "credit: " + fmt.Sprintf(format, args...) }

// creditLeadIns open a credit. They are kept in the record's credit ("Photo by
// Sameer Al-Doumy/AFP Photo") and cut from the description. Lower case.
var creditLeadIns = [...]string{
	"photo by", "photos by", "photograph by", "photographs by", "picture by", "pictures by", "image by",
	"photo courtesy of", "photos courtesy of", "picture courtesy of", "courtesy of", "courtesy:", "courtesy",
	"photo by:", "photo credit:", "credit:", "credit...", "credit…", "file photo:", "photo:", "photos:",
	"photograph:", "picture:", "pic:", "image:", "copyright", "©", "(c)",
	// French puts a space before the colon: "(Photo : Nadim Aswad / AFP)".
	"photo :", "photos :", "crédit :", "crédits :", "crédit photo :", "crédits photo :",
	// French "by": "(Photo par Nadim Aswad / AFP)", "(Photo d'archive …)".
	"photo par", "photos par", "photographie par", "photographies par", "image par", "images par",
	"photo de", "photos de", "photo d'archive", "photos d'archive", "photo d’archive", "photos d’archive",
}

// creditLeadInLen returns the length of the longest lead-in that starts s
// as whole words, or 0.
func creditLeadInLen(s string) int {
	if s == "" || strings.IndexByte("pPcCfFiI©(", s[0]) < 0 {
		return 0
	}
	// The lead-ins are lower-case ASCII but for "©" and "…", which have no
	// case: matching s with its ASCII letters lowered is matching it with
	// strings.EqualFold, without EqualFold's cost for each lead-in.
	var buf [32]byte
	n := min(len(s), len(buf))
	for i := range n {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	low := string(buf[:n]) // on the stack
	hasPrefix := func(l string) bool {
		if len(l) > n { // longer than the buffer or than s
			return creditHasPrefix(s, l)
		}
		return strings.HasPrefix(low, l)
	}
	best := 0
	for _, l := range creditLeadIns {
		if len(l) <= best || !hasPrefix(l) {
			continue
		}
		last := l[len(l)-1]
		if len(s) == len(l) || s[len(l)] == ' ' || last == ':' || last == '.' || l == "©" || l == "credit…" {
			best = len(l)
		}
	}
	return best
}

// creditSkipLeadIns returns where the names of the credit [s, e) start:
// after its lead-ins and a copyright year ("© 2018 Sameer Al-Doumy/AFP").
func creditSkipLeadIns(text string, s, e int) int {
	lead := false
	for range 3 {
		n := creditLeadInLen(text[s:e])
		if n == 0 {
			break
		}
		lead = true
		s = creditSkipSpaces(text, s+n, e)
	}
	if lead && e-s >= 4 && creditDigits(text[s:s+4]) && (e-s == 4 || text[s+4] == ' ' || text[s+4] == ',') {
		s = creditSkipSpaces(text, s+4, e)
		if s < e && text[s] == ',' {
			s = creditSkipSpaces(text, s+1, e)
		}
	}
	return s
}

// creditSkipPhotoWord returns where the names of the credit [s, e) start
// when it opens with a bare "Photo" and a capitalised name, as French
// agencies write it: "(Photo Omar Haj Kadour / AFP)", where "Photo Omar Haj
// Kadour" was read as an agency. The word is no lead-in (creditLeadIns): it
// opens many sentences ("Photo taken on …", "Photos show …"), so a credit so
// opened still needs its slash and agency to be one (readCredit).
func creditSkipPhotoWord(text string, s, e int) int {
	for _, w := range [...]string{"photos ", "photo "} {
		if e-s > len(w) && creditHasPrefix(text[s:e], w) {
			n := creditSkipSpaces(text, s+len(w), e)
			if n < e && creditCapitalised(text[n:e]) {
				return n
			}
		}
	}
	return s
}

// creditSkipSpaces returns the first index in [s, e) that is not a space.
func creditSkipSpaces(text string, s, e int) int {
	for s < e && text[s] == ' ' {
		s++
	}
	return s
}

// creditHasBracket is strings.ContainsAny(s, ")[]{}") and creditHasDigit
// strings.ContainsAny(s, "0123456789"), which the credit scan asks of every
// word, without building a set each time.
func creditHasBracket(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ')', '[', ']', '{', '}':
			return true
		}
	}
	return false
}

func creditHasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// creditDigits reports whether s is one or more ASCII digits.
func creditDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}
