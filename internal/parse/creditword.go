package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// creditOrgWords mark a credit piece as an organisation. Lower case.
var creditOrgWords = map[string]bool{
	"media": true, "center": true, "centre": true, "ministry": true, "agency": true, "news": true,
	"press": true, "tv": true, "television": true, "network": true, "office": true, "service": true,
	"services": true, "council": true, "committee": true, "foundation": true, "defence": true,
	"defense": true, "army": true, "forces": true, "force": true, "images": true, "photo": true,
	"photos": true, "pictures": true, "group": true, "organization": true, "organisation": true,
	"department": true, "command": true, "authority": true, "brigade": true, "brigades": true,
	"corps": true, "navy": true, "police": true, "channel": true, "radio": true, "bureau": true,
	"institute": true, "union": true, "front": true, "movement": true, "party": true, "mission": true,
	"crescent": true, "hospital": true, "municipality": true, "government": true, "presidency": true,
	"embassy": true, "coalition": true, "observatory": true, "commission": true, "federation": true,
	"association": true, "society": true, "helmets": true, "times": true, "post": true, "daily": true,
	"journal": true, "gazette": true, "magazine": true, "telegraph": true, "herald": true,
	"tribune": true, "photography": true, "studio": true, "archive": true, "archives": true,
	"collection": true, "museum": true, "monitor": true, "ltd": true, "inc": true, "llc": true,
	"company": true, "administration": true, "guard": true, "militia": true, "nations": true,
	"handout": true, "pool": true, "staff": true, "unit": true, "headquarters": true,
	// Satellite imagery firms: "Maxar Technologies", "Planet Labs PBC".
	"technologies": true, "technology": true, "labs": true, "satellite": true, "imagery": true,
	"systems": true, "corporation": true, "corp": true, "pbc": true,
	// French: "Défense civile syrienne", "Centre des médias d'Alep",
	// "Ministère de la Défense", "Croissant-Rouge arabe syrien".
	"défense": true, "civile": true, "ministère": true, "armée": true, "médias": true, "agence": true,
	"presse": true, "croissant-rouge": true, "gouvernement": true,
	"réseau": true, "équipe": true, "casques": true, "observatoire": true, "coordination": true, "collectif": true,
}

// creditParticles are the lower-case words allowed inside a person's name.
var creditParticles = map[string]bool{
	"al": true, "el": true, "ul": true, "bin": true, "ibn": true, "bint": true, "abu": true,
	"de": true, "da": true, "di": true, "del": true, "della": true, "des": true, "du": true,
	"dos": true, "das": true, "do": true, "van": true, "von": true, "der": true, "den": true,
	"ter": true, "la": true, "le": true, "y": true,
}

// creditAcronym reports whether w is 2 to 8 capital letters or digits, at least
// two of them letters ("YPG", "SANA").
func creditAcronym(w string) bool {
	if len(w) < 2 || len(w) > 8 {
		return false
	}
	letters := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 'A' && c <= 'Z':
			letters++
		case c >= '0' && c <= '9', c == '-':
		default:
			return false
		}
	}
	return letters >= 2
}

// creditPersonName reports whether s, of the given number of words, looks
// like a person's name: two to five words, each capitalised ("Sameer",
// "Al-Doumy", "J.") or a particle ("al", "bin", "al-Rifai"), at least two of
// them capitalised.
func creditPersonName(s string, words int) bool {
	if words < 2 || words > 5 {
		return false
	}
	caps := 0
	for w := range strings.SplitSeq(s, " ") {
		if creditParticles[w] {
			continue
		}
		if pre, rest, ok := strings.Cut(w, "-"); ok && creditParticles[pre] {
			w = rest
		}
		if !creditCapitalised(w) || !creditNameWord(w) {
			return false
		}
		caps++
	}
	return caps >= 2
}

// creditNameWord reports whether w holds only letters, marks, hyphens,
// apostrophes and full stops.
func creditNameWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && !strings.ContainsRune("-'’.", r) {
			return false
		}
	}
	return true
}

// creditWalkBack returns the start of the run of credit-like words that
// ends at end: capitalised words, particles, slashes, lead-ins. It stops at
// the end of the previous sentence (sentence then reports true, as it does
// when the run reaches the start of text), at any other word, or after
// maxCredit bytes.
func creditWalkBack(text string, end int) (start int, sentence bool) {
	start = end
	i := end
	for i > 0 && end-i < maxCredit {
		j := strings.LastIndexByte(text[:i], ' ') + 1
		word := text[j:i]
		switch {
		case end-j > maxCredit:
			return start, false
		case word == "":
		case word == "«" || word == "»":
			// French quotes around a paper's name: "JULIEN MARCHAND POUR
			// « LE MONDE »", where "»" read as the end of a sentence.
			start = j
		case strings.HasPrefix(word, "«") || strings.HasSuffix(word, "»"):
			if w := strings.TrimSuffix(strings.TrimPrefix(word, "«"), "»"); !creditWord(w) {
				return start, false
			}
			start = j
		case word == "(c)" || word == "©" || strings.EqualFold(word, "copyright"):
			start = j
		case creditHasBracket(word):
			o := creditBracketedName(text, j, i)
			if o < 0 {
				return start, false
			}
			start, j = o, o
		case word[0] == '(':
			return j, false
		case word[len(word)-1] == ':':
			if ls := creditLeadInEndingAt(text, i); ls >= 0 {
				return ls, false
			}
			return start, false
		case word == "-" || word == "–" || word == "—" || word == "|":
			if ns := creditNameBeforeDash(text, j); ns >= 0 && word != "|" {
				return ns, true // "… 2018. Mustafa Hassona - Anadolu Agency"
			}
			return start, true
		case creditDigits(word):
			if len(word) != 4 || !creditCopyrightBefore(text, j) {
				return start, false
			}
			start = j
		case creditEndsSentence(word):
			if !creditInitials(word) {
				return start, true
			}
			start = j
		case creditWord(word):
			start = j
		case start == i+1 && creditOrdinal(word) && creditCapitalised(text[start:end]):
			// A unit's number opens its name: "24th Mechanised
			// Brigade/Handout via REUTERS".
			start = j
		case word == "et" && start == i+1 && j >= 2 && creditCapitalised(text[start:end]) &&
			creditCapitalised(text[strings.LastIndexByte(text[:j-1], ' ')+1:j-1]):
			// Between two names: "Photos : Nazir Kenjo et Bakri Hassoun / AFP".
			start = j
		default:
			return start, false
		}
		i = j - 1
	}
	return start, i <= 0
}

// creditBracketedName returns where the bracketed part of a credit's
// organisation starts when the word [j, i) closes it, or -1: handouts name
// an organisation with its other name or its initials in brackets,
// "Syrian Civil Defence (White Helmets)/Handout via REUTERS", "State
// Emergency Service (SES)/Handout". The bracket must hold one to four
// credit words and be followed by nothing or a slash.
func creditBracketedName(text string, j, i int) int {
	word := text[j:i]
	k := strings.IndexByte(word, ')')
	if k <= 0 || strings.ContainsAny(word[k+1:], "()[]{}") || k+1 < len(word) && word[k+1] != '/' {
		return -1
	}
	o := creditMatchOpen(text, j+k, max(0, j+k-maxBracketedName))
	if o < 0 || o > 0 && text[o-1] != ' ' || strings.ContainsAny(text[o+1:j+k], "()[]{}") {
		return -1
	}
	inner := strings.Fields(text[o+1 : j+k])
	if len(inner) == 0 || len(inner) > 4 {
		return -1
	}
	for _, w := range inner {
		if !creditWord(w) || creditEndsSentence(w) {
			return -1
		}
	}
	return o
}

// maxBracketedName bounds the bracket creditBracketedName reads back.
const maxBracketedName = 48

// creditNameBeforeDash returns the start of a name of two to four
// capitalised words that stands alone between a sentence's end and the
// dash at dash, as Anadolu credits its photographers ("… on September 11,
// 2018. Mustafa Hassona - Anadolu Agency"), or -1.
func creditNameBeforeDash(text string, dash int) int {
	e := dash
	for e > 0 && text[e-1] == ' ' {
		e--
	}
	b := strings.LastIndex(text[:e], ". ")
	if b < 0 {
		return -1
	}
	b += 2
	words := strings.Fields(text[b:e])
	if len(words) < 2 || len(words) > 4 {
		return -1
	}
	for _, w := range words {
		if !creditWord(w) || !creditCapitalised(w) || creditEndsSentence(w) {
			return -1
		}
	}
	return b
}

// creditLeadInEndingAt returns the start of a lead-in ending with ':' that
// ends at i ("Photo credit:"), or -1.
func creditLeadInEndingAt(text string, i int) int {
	for _, l := range creditLeadIns {
		s := i - len(l)
		if l[len(l)-1] == ':' && s >= 0 && (s == 0 || text[s-1] == ' ') && strings.EqualFold(text[s:i], l) {
			return s
		}
	}
	return -1
}

// creditCopyrightBefore reports whether the word before position j is a
// copyright sign: "© 2018 Sameer Al-Doumy/AFP".
func creditCopyrightBefore(text string, j int) bool {
	b := strings.TrimRight(text[:j], " ")
	return strings.HasSuffix(b, "©") || creditHasSuffix(b, "(c)") || creditHasSuffix(b, "copyright")
}

// creditHasSuffix reports whether s ends with suffix, ignoring ASCII case.
func creditHasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// creditEndsSentence reports whether word ends with . ! ? ; or a closing
// quote, any of which ends the run of credit words.
func creditEndsSentence(word string) bool {
	r, _ := utf8.DecodeLastRuneInString(word)
	return strings.ContainsRune(".!?;\"”’»", r)
}

// creditOrdinal reports whether word is an ordinal in digits: "3rd",
// "24th", "1st".
func creditOrdinal(word string) bool {
	n := 0
	for n < len(word) && word[n] >= '0' && word[n] <= '9' {
		n++
	}
	if n == 0 || n > 3 {
		return false
	}
	switch strings.ToLower(word[n:]) {
	case "st", "nd", "rd", "th":
		return true
	}
	return false
}

// creditInitials reports whether word is initials such as "J." or "U.S.",
// which do not end a sentence inside a credit ("U.S. Army/Handout").
func creditInitials(word string) bool {
	if len(word) < 2 || word[len(word)-1] != '.' {
		return false
	}
	for i := 0; i < len(word); i += 2 {
		if word[i] < 'A' || word[i] > 'Z' || i+1 >= len(word) || word[i+1] != '.' {
			return false
		}
	}
	return true
}

// creditWord reports whether word may be part of a credit: capitalised, a
// particle, a joining word (via, and, by, of, the, for), or a word with a
// slash and no digits.
func creditWord(word string) bool {
	w := strings.TrimSuffix(word, ",")
	if w == "" {
		return false
	}
	var buf [16]byte
	if creditFunctionWords[string(creditLower(buf[:0], w))] || creditParticles[w] || w == "&" || strings.EqualFold(w, "courtesy") {
		return true
	}
	if strings.ContainsRune(w, '/') {
		return !creditHasDigit(w) || creditPhotoIDs(w)
	}
	if pre, rest, ok := strings.Cut(w, "-"); ok && creditParticles[pre] {
		w = rest
	}
	return creditCapitalised(w)
}

// creditPhotoIDs reports whether every part of a slashed word that holds
// a digit is a photo's catalogue number, as UNICEF and UNHCR credit their
// pictures ("UNICEF/UN0712345/Mariam Saleh"): capital letters, then digits.
func creditPhotoIDs(w string) bool {
	for part := range strings.SplitSeq(w, "/") {
		if creditHasDigit(part) && !creditPhotoID(part) {
			return false
		}
	}
	return true
}

// creditPhotoID reports a catalogue number: two to five capital letters and
// at least four digits ("UN0712345").
func creditPhotoID(s string) bool {
	i := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	return i >= 2 && i <= 5 && len(s)-i >= 4 && creditDigits(s[i:])
}

// creditFunctionWords may join the words of a credit but never start one.
var creditFunctionWords = map[string]bool{"via": true, "and": true, "by": true, "of": true, "the": true, "for": true,
	"pour": true} // "Julien Marchand pour Le Monde"

// creditSkipFunctionWords skips function words at the front of [s, e): a run that
// starts "of the Syrian Civil Defence/Handout" is a credit from "Syrian".
func creditSkipFunctionWords(text string, s, e int) int {
	var buf [16]byte
	for s < e {
		j := strings.IndexByte(text[s:e], ' ')
		if j < 0 || !creditFunctionWords[string(creditLower(buf[:0], text[s:s+j]))] {
			return s
		}
		s = creditSkipSpaces(text, s+j+1, e)
	}
	return s
}
