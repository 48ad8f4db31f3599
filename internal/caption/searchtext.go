package caption

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TextQuery is a Query.Text parsed: a record matches when, for every
// clause of All, it holds at least one of the clause's phrases, and it holds
// none of the phrases of None. The zero TextQuery matches every record.
type TextQuery struct {
	All  [][]Phrase
	None []Phrase
}

// Phrase is a run of SearchWords that must stand together, in order.
type Phrase []string

// Forms returns the phrases a record may hold for p: p itself and, when its
// last word ends in a letter, p with an s appended to that word. The index
// keeps "Aleppo's" as the word aleppos (apostrophes do not split words, so
// that Ma‘arrat stays one word), so the query aleppo asks for aleppos too.
func (p Phrase) Forms() []Phrase {
	last := p[len(p)-1]
	r, _ := utf8.DecodeLastRuneInString(last)
	if !unicode.IsLetter(r) {
		return []Phrase{p}
	}
	s := append(Phrase(nil), p...)
	s[len(s)-1] += "s"
	return []Phrase{p, s}
}

// IsZero reports whether q matches every record.
func (q TextQuery) IsZero() bool { return len(q.All) == 0 && len(q.None) == 0 }

// Limits on a text query, which bound the work one query can ask of a
// store.
const (
	maxTextBytes = 1000
	maxPhrases   = 32
	maxWords     = 64
)

// ParseText parses a full-text query. Its syntax is the web's: words,
// each of which must match (in any order); "quoted phrases", whose words must
// stand together; -word or -"phrase", which the record must not hold; and
// OR (upper case) between words or phrases, of which one must match. A word
// is split and folded as SearchWords does, so al-Bab is the phrase "al bab",
// and punctuation never means anything else: *, (, NEAR, ' and ; are only
// word breaks. A quote left open runs to the end. ParseText fails, with
// ErrInvalid and a message for the user, on an OR without a word on each
// side, an excluded word inside an OR, and queries over 1000 bytes, 32
// words or phrases or 64 words.
func ParseText(s string) (TextQuery, error) {
	var q TextQuery
	if len(s) > maxTextBytes {
		return q, fmt.Errorf("%w: search text is longer than %d bytes", ErrInvalid, maxTextBytes)
	}
	if !utf8.ValidString(s) {
		return q, fmt.Errorf("%w: search text is not UTF-8", ErrInvalid)
	}
	items := lexText(s)
	var group []Phrase // the OR group being read
	orPending := false
	phrases, words := 0, 0
	for i, it := range items {
		if it.or {
			if len(group) == 0 || orPending || i == len(items)-1 {
				return TextQuery{}, fmt.Errorf("%w: OR needs a word or phrase on each side", ErrInvalid)
			}
			orPending = true
			continue
		}
		if len(it.words) == 0 {
			continue // punctuation only
		}
		phrases, words = phrases+1, words+len(it.words)
		if phrases > maxPhrases || words > maxWords {
			return TextQuery{}, fmt.Errorf("%w: search text has more than %d words or phrases", ErrInvalid, maxPhrases)
		}
		switch {
		case it.not && (orPending || nextIsOr(items, i)):
			return TextQuery{}, fmt.Errorf("%w: a word excluded with - cannot be part of an OR", ErrInvalid)
		case it.not:
			q.None = append(q.None, it.words)
		case orPending:
			group = append(group, it.words)
		default:
			if len(group) > 0 {
				q.All = append(q.All, group)
			}
			group = []Phrase{it.words}
		}
		orPending = false
	}
	if orPending {
		return TextQuery{}, fmt.Errorf("%w: OR needs a word or phrase on each side", ErrInvalid)
	}
	if len(group) > 0 {
		q.All = append(q.All, group)
	}
	return q, nil
}

// nextIsOr reports whether an OR follows items[i], ignoring empty items.
func nextIsOr(items []textItem, i int) bool {
	for _, it := range items[i+1:] {
		if it.or {
			return true
		}
		if len(it.words) > 0 {
			return false
		}
	}
	return false
}

// textItem is one element of a query: an OR, or a word or phrase, maybe
// excluded.
type textItem struct {
	or    bool
	not   bool
	words Phrase
}

// lexText splits a query at white space outside quotes.
func lexText(s string) []textItem {
	var items []textItem
	for {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			return items
		}
		var it textItem
		if strings.HasPrefix(s, "-") {
			it.not, s = true, s[1:]
		}
		var raw string
		if strings.HasPrefix(s, `"`) {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				raw, s = s[1:], ""
			} else {
				raw, s = s[1:1+end], s[2+end:]
			}
		} else {
			end := strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '"' })
			if end < 0 {
				end = len(s)
			}
			raw, s = s[:end], s[end:]
			if raw == "OR" && !it.not {
				items = append(items, textItem{or: true})
				continue
			}
		}
		it.words = SearchWords(raw)
		items = append(items, it)
	}
}
