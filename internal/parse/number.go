package parse

import (
	"slices"
	"strings"
)

// readNumber reads a count at the start of s: digits ("19", "1,200",
// "2.8 million") or number words ("four", "twenty-one", "one hundred and
// twenty", "a dozen"), case-insensitively. size is the number of bytes read.
// A number must end a word and must not belong to a date, a range, a time, a
// percentage or a compound ("2016-11-06", "6 November", "20-30", "10:30",
// "40%", "9-year-old", "fourteen" is not "four"); plurals such as "hundreds"
// and "dozens" are no number.
func readNumber(s string) (n, size int, ok bool) {
	if s == "" {
		return 0, 0, false
	}
	if s[0] >= '0' && s[0] <= '9' {
		n, size, ok = readDigits(s)
	} else {
		n, size, ok = readCountWords(s)
	}
	if !ok || !countEnds(s[size:]) {
		return 0, 0, false
	}
	return n, size, true
}

// readDigits reads "19", "1,200", "2.8 million", "20 thousand".
func readDigits(s string) (n, size int, ok bool) {
	i := 0
	for ; i < len(s) && isDigitByte(s[i]); i++ {
		if i == 12 {
			return 0, 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	for lead := i; lead <= 3 && i+3 < len(s) && s[i] == ',' && isDigitByte(s[i+1]) && isDigitByte(s[i+2]) && isDigitByte(s[i+3]) &&
		(i+4 == len(s) || !isDigitByte(s[i+4])) && n < 1e9; i += 4 {
		n = n*1000 + int(s[i+1]-'0')*100 + int(s[i+2]-'0')*10 + int(s[i+3]-'0')
	}
	frac, div := 0, 1
	if i+1 < len(s) && s[i] == '.' && isDigitByte(s[i+1]) {
		for i++; i < len(s) && isDigitByte(s[i]); i++ {
			if div < 1e6 {
				frac, div = frac*10+int(s[i]-'0'), div*10
			}
		}
	}
	if scale, w := scaleAfter(s[i:]); scale > 0 && n < 1e6 {
		return n*scale + frac*scale/div, i + w, true
	}
	return n, i, div == 1
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// scaleAfter reads " hundred", " thousand", " million" or " billion" at the
// start of s and returns its value and length.
func scaleAfter(s string) (scale, size int) {
	if len(s) < 2 || s[0] != ' ' {
		return 0, 0
	}
	w, l := countWordAt(s[1:])
	if w.kind != nkHundred && w.kind != nkScale || !countEnds(s[1+l:]) {
		return 0, 0
	}
	return w.v, 1 + l
}

// countEnds reports whether a count may end where s starts: at the end, or
// before a space or punctuation that does not continue a date, range, time,
// percentage or compound, and not before a month ("6 November").
func countEnds(s string) bool {
	if s == "" {
		return true
	}
	switch c := s[0]; {
	case isASCIIAlnum(c), c >= 0x80, strings.IndexByte("-/:%'", c) >= 0:
		return false
	case c == '.' || c == ',':
		return len(s) == 1 || !isDigitByte(s[1])
	case c == ' ':
		if w, l := countWordAt(s[1:]); l > 0 && w.kind == nkMonth || strings.HasPrefix(s[1:], "percent") {
			return false
		}
	}
	return true
}

// numKind is the part a number word plays.
type numKind uint8

const (
	nkNone    numKind = iota
	nkUnit            // one … nine, zero
	nkTeen            // ten … nineteen
	nkTens            // twenty … ninety
	nkHundred         // hundred
	nkScale           // thousand, million, billion
	nkDozen           // dozen
	nkArticle         // a, an: "a hundred", "a dozen"
	nkAnd             // and: "one hundred and twenty"
	nkMonth           // a month name: a number before it is a date
)

type numWord struct {
	v    int
	kind numKind
}

// countWords are the number words readNumber knows.
var countWords = buildCountWords()

func buildCountWords() map[string]numWord {
	m := map[string]numWord{"a": {1, nkArticle}, "an": {1, nkArticle}, "and": {0, nkAnd}, "dozen": {12, nkDozen},
		"hundred": {100, nkHundred}, "thousand": {1e3, nkScale}, "million": {1e6, nkScale}, "billion": {1e9, nkScale}}
	for i, w := range strings.Fields("zero one two three four five six seven eight nine ten eleven twelve thirteen " +
		"fourteen fifteen sixteen seventeen eighteen nineteen") {
		m[w] = numWord{i, nkUnit}
		if i >= 10 {
			m[w] = numWord{i, nkTeen}
		}
	}
	for i, w := range strings.Fields("twenty thirty forty fifty sixty seventy eighty ninety") {
		m[w] = numWord{20 + 10*i, nkTens}
	}
	for w, e := range casualtyLexicon {
		if e.class&cwMonth != 0 {
			m[w] = numWord{0, nkMonth}
		}
	}
	return m
}

// countWordAt looks up the ASCII word at the start of s, case-insensitively;
// size is the word's length in bytes (0 when s does not start with a letter).
func countWordAt(s string) (w numWord, size int) {
	var buf [12]byte
	for size < len(s) && isASCIILetter(s[size]) {
		if size == len(buf) {
			return numWord{}, size
		}
		buf[size] = s[size] | 0x20
		size++
	}
	return countWords[string(buf[:size])], size
}

// countFollows says which number word may follow which: "twenty one", "one
// hundred and twenty", "a dozen", "fifteen hundred", but not "four five".
var countFollows = [...][]numKind{
	nkNone:    {nkUnit, nkTeen, nkTens, nkArticle},
	nkArticle: {nkHundred, nkScale, nkDozen},
	nkUnit:    {nkHundred, nkScale, nkDozen},
	nkTeen:    {nkHundred, nkScale},
	nkTens:    {nkUnit, nkScale},
	nkHundred: {nkUnit, nkTeen, nkTens, nkAnd, nkScale},
	nkAnd:     {nkUnit, nkTeen, nkTens},
	nkScale:   {nkUnit, nkTeen, nkTens, nkAnd},
	nkDozen:   nil,
}

// readCountWords reads number words separated by single spaces (or a hyphen
// after a tens word: "twenty-one"). It stops before a word that cannot
// follow; an article or "and" at the end is not read.
func readCountWords(s string) (n, size int, ok bool) {
	total, cur, lastScale := 0, 0, 0
	last := nkNone
	for i := 0; i < len(s); {
		w, l := countWordAt(s[i:])
		if l == 0 || !slices.Contains(countFollows[last], w.kind) || w.kind == nkScale && lastScale > 0 && w.v >= lastScale {
			break
		}
		switch w.kind {
		case nkArticle:
			cur = 1
		case nkUnit, nkTeen, nkTens:
			cur += w.v
		case nkHundred, nkDozen:
			cur *= w.v
		case nkScale:
			total, cur, lastScale = total+cur*w.v, 0, w.v
		}
		last = w.kind
		if w.kind != nkArticle && w.kind != nkAnd {
			n, size, ok = total+cur, i+l, true
		}
		i += l
		if i+1 >= len(s) || s[i] != ' ' && (s[i] != '-' || last != nkTens) {
			break
		}
		i++
	}
	return n, size, ok
}
