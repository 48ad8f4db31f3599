package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is a word or punctuation mark of a description. key is its
// lower-cased form (ASCII letters only, so byte offsets stay put) and is
// "'s" for every spelling of the possessive. A word's tags, cas and starts
// come from the vocabulary it was tokenized with, so that the rules test
// bits instead of looking the word up again.
type token struct {
	start, end  int
	key         string
	tags        wordTag // the word lists key is on, and tagName
	cas         casWord // key's entry in casualtyLexicon
	starts      uint8   // the lexicon phrase sets that may have a phrase starting here (see wordInfo)
	phrases     uint32  // wordInfo.phrases of key
	stemPhrases uint32  // wordInfo.phrases of key's first wildPrefix bytes
	word        bool    // letters or digits, as opposed to punctuation
	upper       bool    // starts with a capital, or is a particle-led name ("al-Bab")
	letters     bool    // ASCII letters only
}

// tokenize splits s into tokens. Hyphens and apostrophes inside a word keep it
// whole ("rebel-held", "Ma‘arrat", "al-Numan"); a trailing possessive becomes
// its own token ("Syria's" → "Syria", "'s"); a hyphen at the end of a word
// stays with it ("Bab al- Nairab" → "al-"). Its tokens know the built-in word
// lists but no lexicon phrases.
func tokenize(s, lower string) []token {
	return tokenizeInto(make([]token, 0, len(s)/4+4), s, lower, baseVocab) // about one token in four bytes
}

// tokenizeInto is tokenize appending to toks, so that a caller can reuse a
// buffer from caption to caption, with the words looked up in v. Phrase sets
// find phrases only in tokens of a vocabulary built with them.
func tokenizeInto(toks []token, s, lower string, v *vocab) []token {
	for i := 0; i < len(s); {
		c := s[i]
		n := 1
		if c < utf8.RuneSelf {
			switch asciiKind[c] {
			case asciiSpace:
				i++
				continue
			case asciiOther, asciiJoiner:
				toks = append(toks, token{start: i, end: i + 1, key: lower[i : i+1]})
				if c == '\'' && pluralPossessive(toks) {
					toks[len(toks)-1].key = "'s" // "Martyrs' Square"
				}
				i++
				continue
			}
			// Most words are ASCII letters and digits up to a space or a
			// punctuation mark: one pass finds, hashes and classes them.
			if w, ok := scanASCIIWord(s, i); ok {
				toks = append(toks, token{})
				t := &toks[len(toks)-1]
				v.setWord(t, lower[i:w.end], i, w.hash, w.stem)
				t.letters = w.letters
				if c >= 'A' && c <= 'Z' { // isNameWord, for a word without hyphens
					t.upper = true
					if t.tags&tagNotName == 0 {
						t.tags |= tagName
					}
				}
				i = w.end
				continue
			}
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			if !isWordRune(r) {
				toks = append(toks, token{start: i, end: i + n, key: lower[i : i+n]})
				i += n
				continue
			}
		}
		end := wordEnd(s, i)
		p := possessive(s[i:end])
		toks = append(toks, token{})
		t := &toks[len(toks)-1]
		key := lower[i : end-p]
		h, stem := keyHashes(key)
		v.setWord(t, key, i, h, stem)
		t.letters = asciiLetters(key)
		t.upper = isNameWord(s[i : end-p])
		attr := attributive(key)
		if attr {
			t.tags |= tagPlaceMod
		}
		if t.upper && t.tags&tagNotName == 0 && !ageWord(key) && !attr {
			t.tags |= tagName
		}
		if p > 0 {
			toks = append(toks, token{start: end - p, end: end, key: "'s"})
		}
		i = end
	}
	return toks
}

// The kinds of bytes for the tokenizer.
const (
	asciiOther  = iota // punctuation: a token of its own
	asciiSpace         // ' ', between tokens
	asciiLetter        // a letter
	asciiDigit         // a digit
	asciiJoiner        // may join a word (see isJoiner): - ' `
	nonASCII           // part of a multi-byte character
)

var asciiKind = func() (k [256]uint8) {
	for c := range k {
		switch {
		case c >= utf8.RuneSelf:
			k[c] = nonASCII
		case c == ' ':
			k[c] = asciiSpace
		case isASCIILetter(byte(c)):
			k[c] = asciiLetter
		case c >= '0' && c <= '9':
			k[c] = asciiDigit
		case c == '-' || c == '\'' || c == '`':
			k[c] = asciiJoiner
		}
	}
	return k
}()

// asciiWord is a word of ASCII letters and digits read by scanASCIIWord.
type asciiWord struct {
	end        int
	hash, stem uint64 // keyHash of its key and of the key's first wildPrefix bytes
	letters    bool   // no digits
}

// scanASCIIWord reads the word of ASCII letters and digits at s[i],
// hashing its lower-case key as it goes (c|0x20 lowers a letter and keeps
// a digit). ok is false when a joiner or a non-ASCII character follows the
// word, which wordEnd must then read.
func scanASCIIWord(s string, i int) (w asciiWord, ok bool) {
	h, start := uint64(14695981039346656037), i
	digits := false
	for ; i < len(s); i++ {
		c := s[i]
		switch asciiKind[c] {
		case asciiLetter:
		case asciiDigit:
			digits = true
		case asciiJoiner, nonASCII:
			return w, false
		default:
			return asciiWord{end: i, hash: h, stem: wordStem(h, w.stem, i-start), letters: !digits}, true
		}
		h ^= uint64(c | 0x20)
		h *= 1099511628211
		if i-start == wildPrefix-1 {
			w.stem = h
		}
	}
	return asciiWord{end: i, hash: h, stem: wordStem(h, w.stem, i-start), letters: !digits}, true
}

// wordStem returns the stem hash of a word of n bytes: stem, or 0 for a
// word shorter than a stem.
func wordStem(h, stem uint64, n int) uint64 {
	if n < wildPrefix {
		return 0
	}
	return stem
}

// keyHashes returns the keyHash of key and of its first wildPrefix bytes
// (0 for a shorter key).
func keyHashes(key string) (h, stem uint64) {
	h = 14695981039346656037
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
		if i == wildPrefix-1 {
			stem = h
		}
	}
	return h, stem
}

// asciiLetters reports whether key is ASCII letters only.
func asciiLetters(key string) bool {
	for i := 0; i < len(key); i++ {
		if key[i] < 'a' || key[i] > 'z' {
			return false
		}
	}
	return true
}

// ageWord reports whether a word key is an age: "19-year-old", which names
// no one.
func ageWord(key string) bool {
	return strings.Contains(key, "-year-old") || strings.Contains(key, "-month-old")
}

// attributiveEnds are the participles that make a compound say who holds,
// backs or leads something: "Kurdish-controlled", "Saudi-led",
// "Iranian-backed". Such a word describes the place or the force after it;
// it is never a name itself, however capitalised.
var attributiveEnds = map[string]bool{"backed": true, "led": true, "held": true, "controlled": true,
	"run": true, "occupied": true, "allied": true, "supported": true, "dominated": true, "funded": true,
	"trained": true, "armed": true, "sponsored": true, "aligned": true, "affiliated": true, "linked": true,
	"administered": true, "annexed": true, "besieged": true, "brokered": true, "made": true, "built": true,
	"speaking": true, "majority": true, "populated": true, "inhabited": true, "style": true}

// attributive reports whether key is such a compound: a word, a hyphen and
// one of attributiveEnds.
func attributive(key string) bool {
	if h := strings.LastIndexByte(key, '-'); h > 0 {
		return attributiveEnds[key[h+1:]]
	}
	h := strings.LastIndex(key, "‐")
	return h > 0 && attributiveEnds[key[h+len("‐"):]]
}

// is reports whether t has any of the tags.
func (t *token) is(tag wordTag) bool { return t.tags&tag != 0 }

// keyHash is FNV-1a, cheap on the short keys of words.
func keyHash(k string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(k); i++ {
		h ^= uint64(k[i])
		h *= 1099511628211
	}
	return h
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) }

// isJoiner reports whether r may sit inside a word: hyphens and the many
// apostrophes of transliterated Arabic (‘ ʿ ʾ ' ’).
func isJoiner(r rune) bool { return strings.ContainsRune("-‐'’‘ʿʾ`", r) }

func wordEnd(s string, i int) int {
	for i < len(s) {
		var r rune
		n := 1
		if c := s[i]; c < utf8.RuneSelf {
			if isASCIIAlnum(c) {
				i++ // the common case, without decoding
				continue
			}
			if c != '-' && c != '\'' && c != '`' {
				break // not a joiner: a space or punctuation
			}
			r = rune(c)
		} else {
			r, n = utf8.DecodeRuneInString(s[i:])
			if isWordRune(r) {
				i += n
				continue
			}
			if !isJoiner(r) {
				break
			}
		}
		next, _ := utf8.DecodeRuneInString(s[i+n:])
		if isWordRune(next) || r == '-' && (i+n == len(s) || s[i+n] == ' ') {
			i += n
			continue
		}
		break
	}
	return i
}

// possessive returns the byte length of a trailing 's or ’s, or 0.
func possessive(w string) int {
	if len(w) > 2 && w[len(w)-1] == 's' {
		if w[len(w)-2] == '\'' {
			return 2
		}
		if len(w) > 4 && w[len(w)-4:len(w)-1] == "’" {
			return 4
		}
	}
	return 0
}

// pluralPossessive reports whether the apostrophe that ends toks follows,
// with no space, a word ending in s: the possessive of a plural.
func pluralPossessive(toks []token) bool {
	n := len(toks)
	if n < 2 {
		return false
	}
	w := toks[n-2]
	return w.word && w.end == toks[n-1].start && w.key[len(w.key)-1] == 's'
}

// isNameWord reports whether w can be part of a proper name: it starts with a
// capital, or with a lower-case Arabic article before a capital ("al-Bab",
// "el-Arish", "ad-Dana").
func isNameWord(w string) bool {
	if c := w[0]; c < utf8.RuneSelf {
		if c >= 'A' && c <= 'Z' {
			return true
		}
		if c != 'a' && c != 'e' {
			return false // every article starts with a or e
		}
	} else if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
		return true
	}
	if h := strings.IndexAny(w, "-‐"); h > 0 && h <= 3 && h+1 < len(w) {
		r, _ := utf8.DecodeRuneInString(w[h+1:])
		return unicode.IsUpper(r) && articles[strings.ToLower(w[:h])]
	}
	return false
}

// articles are the transliterated Arabic articles that lead a place name in
// lower case: al-Bab, el-Arish, ash-Sham.
var articles = map[string]bool{"al": true, "el": true, "ar": true, "as": true, "ash": true, "ad": true,
	"an": true, "at": true, "az": true, "ad-": true, "ath": true, "adh": true, "es": true, "ed": true, "et": true, "en": true, "ez": true}
