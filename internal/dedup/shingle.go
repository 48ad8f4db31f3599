package dedup

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// shingleWords is the length of a shingle in words. Three words keep word
// order (a typo costs at most three shingles) without making one changed word
// cost a whole sentence.
const shingleWords = 3

// FNV-1a 64-bit constants: a fixed hash, so shingles, signatures and bands
// are the same in every process and on every run, and a persistent index
// stays valid.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// shingles returns the sorted, distinct shingles of a text's word hashes
// (wordHashes of shingleText): the hashes of its word 3-grams. Words are
// runs of letters and digits, lower-cased, so quote, dash and punctuation
// variants shingle alike. A text of fewer than three words falls back to
// its single words; an empty one has no shingles.
//
// The date is left out of the text (shingleText) because agencies reword
// it ("Nov. 14, 2016", "14 November 2016") while the caption stays the
// same; ClusterMatcher.Match compares the dates themselves instead.
func shingles(words []uint64) []uint64 {
	out := appendShingles(make([]uint64, 0, len(words)), words)
	slices.Sort(out)
	return slices.Compact(out)
}

// appendShingles appends to out the shingles of words (shingles), in text
// order and with repeats: a MinHash signature is the same of either, and
// Fingerprint spares itself the sort, a sixth of its time.
func appendShingles(out, words []uint64) []uint64 {
	if len(words) < shingleWords {
		for _, w := range words {
			out = append(out, mix64(w^0x5bd1e995))
		}
		return out
	}
	for i := 0; i+shingleWords <= len(words); i++ {
		h := uint64(fnvOffset)
		for _, w := range words[i : i+shingleWords] {
			h = (h ^ w) * fnvPrime
		}
		out = append(out, mix64(h))
	}
	return out
}

// shingleText returns the part of rec that is shingled: the description (the
// text when the parser found no description) without the credit, should the
// parser have left it there, and without the date text and the "on" or
// weekday before it.
func shingleText(rec caption.Record) string {
	s := rec.Description
	if s == "" {
		s = rec.Text
	}
	if rec.Credit != "" && strings.Contains(s, rec.Credit) {
		s = strings.ReplaceAll(s, rec.Credit, " ")
	}
	if rec.DateText != "" {
		for {
			i := strings.Index(s, rec.DateText)
			if i < 0 {
				break
			}
			s = trimDateLead(s[:i]) + " " + s[i+len(rec.DateText):]
		}
	}
	return s
}

// dateLeads are the words agencies put before a date, and that go with it
// when one copy says "in Bahri on 9 October 2024" and another "in Bahri,
// Sunday, Oct. 9, 2024".
var dateLeads = []string{"on", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// trimDateLead cuts from before, the text up to a date, the date's leading
// words and punctuation.
func trimDateLead(before string) string {
	for {
		t := strings.TrimRight(before, " ,")
		cut := false
		for _, w := range dateLeads {
			if len(t) < len(w) || !strings.EqualFold(t[len(t)-len(w):], w) {
				continue
			}
			if rest := t[:len(t)-len(w)]; rest == "" || rest[len(rest)-1] == ' ' || rest[len(rest)-1] == ',' {
				t, cut = rest, true
				break
			}
		}
		if !cut {
			return t
		}
		before = t
	}
}

// wordHashes returns the FNV-1a hash of each lower-cased word of s.
func wordHashes(s string) []uint64 {
	words := make([]uint64, 0, len(s)/5+1)
	h, in := uint64(fnvOffset), false
	var buf [utf8.UTFMax]byte
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if in {
				words = append(words, h)
				h, in = fnvOffset, false
			}
			continue
		}
		in = true
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			h = (h ^ uint64(r)) * fnvPrime
			continue
		}
		n := utf8.EncodeRune(buf[:], unicode.ToLower(r))
		for _, c := range buf[:n] {
			h = (h ^ uint64(c)) * fnvPrime
		}
	}
	if in {
		words = append(words, h)
	}
	return words
}

// mix64 is the SplitMix64 finaliser: it spreads every input bit over the
// output, so that MinHash's multiply-shift permutations see uniform values.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// overlap returns the number of hashes two sorted, distinct sets share.
func overlap(a, b []uint64) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// Jaccard returns |a ∩ b| / |a ∪ b| for two sorted, distinct shingle sets,
// as Shingles returns them; 0 when either is empty.
func Jaccard(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := overlap(a, b)
	return float64(n) / float64(len(a)+len(b)-n)
}

// Containment returns |a ∩ b| / min(|a|, |b|): how much of the smaller set
// the larger one holds. A caption that gained or lost a sentence keeps a
// containment near 1 while its Jaccard index falls towards one half.
// 0 when either is empty.
func Containment(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	return float64(overlap(a, b)) / float64(min(len(a), len(b)))
}
