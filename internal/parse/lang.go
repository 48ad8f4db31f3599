package parse

import (
	"unicode"
	"unicode/utf8"
)

// The languages detectLang tells apart, as ISO 639-1 codes.
const (
	langEnglish = "en"
	langFrench  = "fr"
	langArabic  = "ar"
)

// detectLang returns the language of a caption's description: Arabic when
// Arabic letters are at least as many as Latin ones (so an Arabic caption
// with a Latin-script name or credit stays Arabic), else English or French
// by their most common short words, which no caption does without. It
// returns "" when too few of those words tell one from the other: a caption
// of names and numbers is no language's.
func detectLang(s string) string {
	arabic, latin := 0, 0
	en, fr := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !isASCIILetter(c) {
				i++
				continue
			}
			// An ASCII word, read to its end (French words may go on in
			// accented letters, which never start a function word here).
			j := i
			for j < len(s) && isASCIILetter(s[j]) {
				j++
			}
			latin += j - i
			if j < len(s) && s[j] >= utf8.RuneSelf {
				r, _ := utf8.DecodeRuneInString(s[j:])
				if unicode.IsLetter(r) {
					// A word like "été" or "après": its ASCII head is not
					// a function word; skip to the word's end, counting
					// its French letters as below ("Funérailles à Gaza"
					// has no function word but "à").
					for j < len(s) {
						r, n := utf8.DecodeRuneInString(s[j:])
						if !unicode.IsLetter(r) {
							break
						}
						if frenchLetter(r) {
							fr++
						}
						j += n
					}
					i = j
					continue
				}
			}
			switch functionWord(s[i:j]) {
			case langEnglish:
				en++
			case langFrench:
				fr++
			}
			// "l'", "d'", "qu'": French elision before a word.
			if j-i <= 2 && j < len(s) && (s[j] == '\'' || j+2 < len(s) && s[j:j+3] == "’") {
				switch lowerWord(s[i:j]) {
				case "l", "d", "qu", "j", "n", "s":
					fr++
				}
			}
			i = j
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r):
			arabic++
		case unicode.IsLetter(r) && r < 0x250:
			latin++ // accented Latin letters
			if frenchLetter(r) {
				fr++ // weak, but no English caption spells many
			}
		}
		i += n
	}
	if arabic > 0 && arabic >= latin {
		return langArabic
	}
	switch {
	case fr >= 3 && fr > 2*en, fr >= 1 && en == 0:
		// A short French heading may have one sign of its language
		// and no English one: "Bombardements sur Kharkiv, Ukraine",
		// "Syrie : manifestation à Idleb".
		return langFrench
	case en >= 2 && en >= fr, en >= 1 && fr == 0:
		return langEnglish
	}
	return ""
}

// frenchLetter reports the accented letters French writes and English
// captions rarely do but in names.
func frenchLetter(r rune) bool {
	return r == 'é' || r == 'è' || r == 'à' || r == 'ç' || r == 'ê' || r == 'ù'
}

// lowerWord lower-cases a short ASCII word.
func lowerWord(w string) string {
	var b [8]byte
	if len(w) > len(b) {
		return ""
	}
	for i := 0; i < len(w); i++ {
		b[i] = w[i] | 0x20
	}
	return string(b[:len(w)])
}

// functionWord says which language a word is a common function word of:
// words both languages write ("a", "on", "en" as an article in names) are
// left out.
func functionWord(w string) string {
	switch lowerWord(w) {
	case "the", "of", "and", "in", "is", "are", "was", "were", "after", "at", "with", "from", "by", "as",
		"his", "her", "their", "near", "during", "who", "which", "has", "have", "been", "for", "to", "an",
		"on", "into", "this", "that", "over", "while", "its", "they", "shows", "show", "said", "people":
		return langEnglish
	case "le", "la", "les", "des", "du", "de", "et", "dans", "une", "un", "au", "aux", "sur", "ont",
		"sont", "est", "selon", "en", "près", "pour", "qui", "avec", "lors", "leur", "leurs", "par", "ses":
		return langFrench
	}
	return ""
}
