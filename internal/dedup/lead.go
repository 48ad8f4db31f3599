package dedup

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// leadBand returns the hash of the first opt.LeadWords words of text (words
// are their edgeHashes, so that a typo inside a word keeps the band),
// stopping at the end of the first sentence; ok is
// false when the lead is shorter than MinLead words or opt.LeadWords is
// negative. A one-sentence caption's lead is all of it, and meets the lead
// of its copy that gained a sentence.
//
// The hash is a band like the signature's, with band index opt.Bands, so it
// meets no signature band in a store's index.
func leadBand(text string, words []uint64, opt Options) (uint64, bool) {
	if opt.LeadWords < 0 {
		return 0, false
	}
	n := min(opt.LeadWords, firstSentenceWords(text))
	if n < MinLead {
		return 0, false
	}
	h := uint64(fnvOffset) ^ mix64(uint64(opt.Bands)+1)
	for _, w := range words[:n] {
		h = (h ^ w) * fnvPrime
	}
	return mix64(h ^ 0x6c656164), true // "lead"
}

// firstSentenceWords counts the words (as wordHashes cuts them) of text's
// first sentence: up to a '.', '!' or '?' followed by white space and a
// capital letter or digit, or by the end. "U.S. forces" does not end one;
// "Dr. Haddad" does, in every copy alike.
func firstSentenceWords(text string) int {
	n, in := 0, false
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if !in {
				n++
			}
			in = true
			continue
		}
		in = false
		if (r == '.' || r == '!' || r == '?') && sentenceEnds(text[i+1:]) {
			return n
		}
	}
	return n
}

// sentenceEnds reports whether rest, the text after a full stop, starts a
// new sentence: closing quotes or brackets, white space, then a capital, a
// digit or an opening quote; or nothing.
func sentenceEnds(rest string) bool {
	rest = strings.TrimLeft(rest, "\"')”’")
	if rest == "" {
		return true
	}
	if rest[0] != ' ' {
		return false
	}
	rest = strings.TrimLeft(rest, " ")
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("\"'“‘", r)
}
