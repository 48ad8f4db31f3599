package parse

import (
	"sort"
	"strings"
)

// phrase is one lexicon entry: a sequence of token keys that, when found in
// a description, stands for value. A key ending in * matches any word that
// starts with it ("airstrike*" matches "airstrikes"). scope restricts the
// entry to captions of one country ("" for any).
type phrase struct {
	keys  []string // with any trailing * removed
	star  []bool   // star[i]: keys[i] is a prefix
	value string
	scope string
	abbr  bool // a division's abbreviation (see countryLexicon.division)
	caps  bool // an acronym, which counts only in capitals: "CAR", never "Car bomb"
	// from and until bound a dated scope, as dayKeys (0: unbounded): the
	// reading holds for captions dated from from and before until.
	from, until int
}

// wildPrefix is how many leading bytes of a starred first word index it.
// Lexicon stars need at least this many letters before them.
const wildPrefix = 3

// phraseSet finds lexicon phrases in token streams. Entries are indexed by
// their first key (or its first bytes, for a starred key). Most words of a
// caption start no phrase: the parser's vocabulary marks, in each token's
// starts, the sets that have a phrase starting there, so that a scan looks
// up only the tokens that may start one.
type phraseSet struct {
	byFirst map[string][]*phrase
	byStem  map[string][]*phrase // starred first keys, by their first wildPrefix bytes
	bit     uint8                // this set's bit in wordInfo.starts
	mask    uint8                // bit, for first keys and for stems
	// first and stems are byFirst and byStem by the ids that the parser's
	// vocabulary gives the words (wordInfo.phrases).
	first, stems [][]*phrase
}

// bloom is a 4096-bit Bloom filter over key hashes, with two probes.
type bloom [64]uint64

func (b *bloom) add(h uint64) {
	b[h&4095>>6] |= 1 << (h & 63)
	b[h>>12&4095>>6] |= 1 << (h >> 12 & 63)
}

func (b *bloom) has(h uint64) bool {
	return b[h&4095>>6]&(1<<(h&63)) != 0 && b[h>>12&4095>>6]&(1<<(h>>12&63)) != 0
}

func newPhraseSet(bit uint8) *phraseSet {
	return &phraseSet{byFirst: map[string][]*phrase{}, byStem: map[string][]*phrase{}, bit: bit, mask: bit | bit<<stemShift}
}

// add registers text (as written in a lexicon; case is ignored) for value,
// and returns its entry (nil for an empty text). A star on a key shorter
// than wildPrefix is taken literally.
func (ps *phraseSet) add(text, value, scope string) *phrase {
	lower := lowerASCII(text)
	ph := &phrase{value: value, scope: scope}
	for _, t := range tokenize(lower, lower) {
		if t.key == "*" && len(ph.keys) > 0 && len(ph.keys[len(ph.keys)-1]) >= wildPrefix {
			ph.star[len(ph.star)-1] = true
			continue
		}
		ph.keys = append(ph.keys, t.key)
		ph.star = append(ph.star, false)
	}
	if len(ph.keys) == 0 {
		return nil
	}
	if ph.star[0] {
		stem := ph.keys[0][:wildPrefix]
		ps.byStem[stem] = append(ps.byStem[stem], ph)
	} else {
		ps.byFirst[ph.keys[0]] = append(ps.byFirst[ph.keys[0]], ph)
	}
	return ph
}

// word reports whether key alone is one of the set's phrases.
func (ps *phraseSet) word(key string) bool {
	for _, ph := range ps.byFirst[key] {
		if len(ph.keys) == 1 {
			return true
		}
	}
	return false
}

// sortLongestFirst orders each bucket so that the longest entry wins.
func (ps *phraseSet) sortLongestFirst() {
	for _, m := range []map[string][]*phrase{ps.byFirst, ps.byStem} {
		for _, l := range m {
			sort.SliceStable(l, func(i, j int) bool { return len(l[i].keys) > len(l[j].keys) })
		}
	}
}

// match returns the entries of the longest phrase starting at toks[i] and
// its length in tokens (0 when none matches). Several entries of one length
// differ only by scope.
func (ps *phraseSet) match(toks []token, i int) (found []*phrase, n int) {
	if toks[i].starts&ps.mask != 0 { // rare: the test is inlined into the scans
		found, n = ps.matchAt(toks, i)
	}
	return found, n
}

// matchAt is match where the vocabulary says a phrase may start.
func (ps *phraseSet) matchAt(toks []token, i int) ([]*phrase, int) {
	var found []*phrase
	n := 0
	t := &toks[i]
	if t.starts&ps.bit != 0 {
		found, n = collect(found, n, ps.first[t.phrases], toks[i:])
	}
	if t.starts&(ps.bit<<stemShift) != 0 {
		found, n = collect(found, n, ps.stems[t.stemPhrases], toks[i:])
	}
	return found, n
}

// collect adds to found the entries of l that match toks and are at least
// n tokens long, keeping only the longest. found is read-only: while its
// entries are neighbours in l, as they mostly are (one entry, or the
// scoped readings of one phrase), it is a piece of l, capped so that an
// append copies it, and costs no allocation.
func collect(found []*phrase, n int, l []*phrase, toks []token) ([]*phrase, int) {
	run := -1 // found is l[run:k] while the matches are neighbours in l
	for k, ph := range l {
		if len(ph.keys) < n || !ph.matches(toks) {
			continue
		}
		switch {
		case len(ph.keys) > n:
			found, n, run = l[k:k+1:k+1], len(ph.keys), k
		case run >= 0 && run+len(found) == k:
			found = l[run : k+1 : k+1]
		default:
			found, run = append(found, ph), -1
		}
	}
	return found, n
}

func (ph *phrase) matches(toks []token) bool {
	if len(toks) < len(ph.keys) {
		return false
	}
	for j, k := range ph.keys {
		t := toks[j].key
		if !ph.star[j] {
			if t != k {
				return false
			}
			continue
		}
		// The star stands for a word ending, not a compound: "rebel*"
		// matches "rebels" but not "rebel-held".
		if !strings.HasPrefix(t, k) || strings.ContainsAny(t[len(k):], "-‐") {
			return false
		}
	}
	return true
}

// pick chooses among entries of one match the one scoped to country and
// dated to cover day (a dayKey; 0 when the caption's date is unknown), else
// the one scoped to country without dates, else an unscoped one, else nil.
// "government forces" in an Afghan caption of 2019 are the republic's, of
// 2022 the Taliban's.
func pick(found []*phrase, country string, day int) *phrase {
	var any, scoped *phrase
	for _, ph := range found {
		switch {
		case ph.scope != country || country == "":
			if ph.scope == "" && any == nil {
				any = ph
			}
		case ph.from == 0 && ph.until == 0:
			if scoped == nil {
				scoped = ph
			}
		case day != 0 && day >= ph.from && (ph.until == 0 || day < ph.until):
			return ph
		}
	}
	if scoped != nil {
		return scoped
	}
	if any == nil && country == "" && len(found) > 0 {
		return found[0] // no country known: the first scoped reading is the lexicon's default
	}
	return any
}
