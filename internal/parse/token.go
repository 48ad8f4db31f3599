package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is a word or punctuation mark of a description. key is its
// lower-cased form (ASCII letters only, so byte offsets stay put) and is
// "'s" for every spelling of the possessive.
type token struct {
	start, end int
	key        string
	hash       uint64 // keyHash(key), so lexicon filters need not hash again
	stemHash   uint64 // keyHash of the first wildPrefix bytes of key, or 0
	word       bool   // letters or digits, as opposed to punctuation
	upper      bool   // starts with a capital, or is a particle-led name ("al-Bab")
}

// tokenize splits s into tokens. Hyphens and apostrophes inside a word keep it
// whole ("rebel-held", "Ma‘arrat", "al-Numan"); a trailing possessive becomes
// its own token ("Syria's" → "Syria", "'s"); a hyphen at the end of a word
// stays with it ("Bab al- Nairab" → "al-").
func tokenize(s, lower string) []token {
	return tokenizeInto(make([]token, 0, len(s)/4+4), s, lower) // about one token in four bytes
}

// tokenizeInto is tokenize appending to toks, so that a caller can reuse a
// buffer from caption to caption.
func tokenizeInto(toks []token, s, lower string) []token {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == ' ':
			i += n
		case isWordRune(r):
			end := wordEnd(s, i)
			if p := possessive(s[i:end]); p > 0 {
				toks = append(toks, newWord(s, lower, i, end-p))
				toks = append(toks, token{start: end - p, end: end, key: "'s", hash: keyHash("'s")})
			} else {
				toks = append(toks, newWord(s, lower, i, end))
			}
			i = end
		default:
			toks = append(toks, token{start: i, end: i + n, key: lower[i : i+n], hash: keyHash(lower[i : i+n])})
			i += n
		}
	}
	return toks
}

func newWord(s, lower string, start, end int) token {
	key := lower[start:end]
	t := token{start: start, end: end, key: key, word: true, upper: isNameWord(s[start:end]), hash: keyHash(key)}
	if len(key) >= wildPrefix {
		t.stemHash = keyHash(key[:wildPrefix])
	}
	return t
}

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
		if c := s[i]; c < utf8.RuneSelf && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			i++ // the common case, without decoding
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if isWordRune(r) {
			i += n
			continue
		}
		if isJoiner(r) {
			next, _ := utf8.DecodeRuneInString(s[i+n:])
			if isWordRune(next) || r == '-' && (i+n == len(s) || s[i+n] == ' ') {
				i += n
				continue
			}
		}
		break
	}
	return i
}

// possessive returns the byte length of a trailing 's or ’s, or 0.
func possessive(w string) int {
	for _, p := range []string{"'s", "’s"} {
		if len(w) > len(p) && strings.HasSuffix(w, p) {
			return len(p)
		}
	}
	return 0
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

// lowerASCII lower-cases ASCII letters only, so that every byte offset of s
// is valid in the result.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
