package dedup

import (
	"slices"
	"unicode"

	"sijil/internal/caption"
)

// The Arabic, French and English captions of one photo share no words, and
// each language's rules read a scene's event words their own way: an Arabic
// "قصف" is shelling or an air strike, a French "frappes russes" names no
// type at all where the English caption says "air strikes". So the event
// rule's type test, which keeps two incidents at one place on one day apart,
// would keep the captions of one photo apart too. crossLanguage lets such a
// pair through when what is not language shows it is one photo's: the same
// day and place (as the rule requires of every pair), a shared agency, no
// photographer of one script that the other's names lack, and the same
// tolls where both state one.

// The indexes of "notypes" and "xlang" in typeRules.
const (
	kindNoTypes       = 0
	kindCrossLanguage = 3
)

// eventCredit is what the cross-language rule compares of a record besides
// its date and place.
type eventCredit struct {
	lang          string
	agencies      []caption.Agency
	photographers []string // foldPlace'd: "HAMZA AL-TAYYAN" and "Hamza Tayyan" are one
}

// noCredit is the eventCredit of a record that says nothing the rule reads.
var noCredit = eventCredit{}

func newEventCredit(r caption.Record) eventCredit {
	c := eventCredit{lang: r.Lang, agencies: r.Agencies}
	for _, p := range r.Photographers {
		if f := foldPlace(p); f != "" && !slices.Contains(c.photographers, f) {
			c.photographers = append(c.photographers, f)
		}
	}
	return c
}

func toll(n *int) int32 {
	if n == nil || *n < 0 || *n > 1<<30 {
		return -1
	}
	return int32(*n)
}

// appendKey appends what identifies c for interning to b.
func (c eventCredit) appendKey(b []byte) []byte {
	b = append(b, c.lang...)
	for _, a := range c.agencies {
		b = append(b, 0)
		b = append(b, a...)
	}
	b = append(b, 1)
	for _, p := range c.photographers {
		b = append(b, 0)
		b = append(b, p...)
	}
	return b
}

// internCredit returns the index of c, whose appendKey is key, in sets,
// adding a copy when it is new.
func internCredit(sets *[]eventCredit, ids map[string]uint32, key []byte, c eventCredit) uint32 {
	if id, ok := ids[string(key)]; ok {
		return id
	}
	id := uint32(len(*sets))
	c.agencies, c.photographers = slices.Clone(c.agencies), slices.Clone(c.photographers)
	*sets = append(*sets, c)
	ids[string(key)] = id
	return id
}

// twoLanguages reports whether a and b are captions in two languages, both
// known.
func twoLanguages(a, b *EventRecord) bool {
	return a.credit.lang != "" && b.credit.lang != "" && a.credit.lang != b.credit.lang
}

// crossLanguage reports whether a and b, captions in two languages whose
// event types do not agree (or are missing on both sides), are captions of
// one photo: the same day (tier 3), types that translation may have
// changed (none on one side, or an attack on both: air strike, shelling,
// barrel bomb, explosion), an agency in common, photographers that agree
// (foldedNamesAgree, as for altered copies), and tolls that do not
// differ. The place was tested before.
//
// Two incidents at one place on one day stay apart unless all of that
// holds: a Reuters photo of one strike and an AFP photo of another, or two
// AFP captions with different tolls, are not joined by it.
func crossLanguage(a, b *EventRecord, tier int) bool {
	ca, cb := &a.credit, &b.credit
	if tier != 3 || !twoLanguages(a, b) {
		return false
	}
	if len(a.types) > 0 && len(b.types) > 0 && !(hasAny(a.types, strikeTypes) && hasAny(b.types, strikeTypes)) {
		return false
	}
	if !slices.ContainsFunc(ca.agencies, func(x caption.Agency) bool { return slices.Contains(cb.agencies, x) }) {
		return false
	}
	if a.killed >= 0 && b.killed >= 0 && a.killed != b.killed || a.injured >= 0 && b.injured >= 0 && a.injured != b.injured {
		return false
	}
	return foldedNamesAgree(ca.photographers, cb.photographers)
}

// isArabicName reports whether a name is written in Arabic letters.
func isArabicName(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return unicode.Is(unicode.Arabic, r)
		}
	}
	return false
}
