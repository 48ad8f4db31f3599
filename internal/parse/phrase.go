package parse

import (
	"sort"
	"strings"
)

// phrase is one lexicon entry: a sequence of token keys that, when found in
// a description, stands for value. A key ending in * matches any token that
// starts with it ("airstrike*" matches "airstrikes"). scope restricts the entry
// to captions of one country ("" for any).
type phrase struct {
	keys  []string
	value string
	scope string
}

// phraseSet finds lexicon phrases in token streams. Entries are indexed by
// their first key so that a scan costs one map lookup per token.
type phraseSet struct {
	byFirst  map[string][]*phrase
	wildcard []*phrase // entries whose first key ends in *
}

func newPhraseSet() *phraseSet { return &phraseSet{byFirst: map[string][]*phrase{}} }

// add registers text (as written in a lexicon; case is ignored) for value.
func (ps *phraseSet) add(text, value, scope string) {
	lower := lowerASCII(text)
	var keys []string
	for _, t := range tokenize(lower, lower) {
		keys = append(keys, t.key)
	}
	// tokenize splits "strike*" into "strike" and "*": glue the star back.
	var glued []string
	for _, k := range keys {
		if k == "*" && len(glued) > 0 {
			glued[len(glued)-1] += "*"
			continue
		}
		glued = append(glued, k)
	}
	if len(glued) == 0 {
		return
	}
	ph := &phrase{keys: glued, value: value, scope: scope}
	if strings.HasSuffix(glued[0], "*") {
		ps.wildcard = append(ps.wildcard, ph)
	} else {
		ps.byFirst[glued[0]] = append(ps.byFirst[glued[0]], ph)
	}
}

// sortLongestFirst orders each bucket so that the longest entry wins.
func (ps *phraseSet) sortLongestFirst() {
	for _, l := range ps.byFirst {
		sort.SliceStable(l, func(i, j int) bool { return len(l[i].keys) > len(l[j].keys) })
	}
	sort.SliceStable(ps.wildcard, func(i, j int) bool { return len(ps.wildcard[i].keys) > len(ps.wildcard[j].keys) })
}

// match returns the entries of the longest phrase starting at toks[i] and
// its length in tokens (0 when none matches). Several entries of one length
// differ only by scope.
func (ps *phraseSet) match(toks []token, i int) ([]*phrase, int) {
	var found []*phrase
	n := 0
	try := func(l []*phrase) {
		for _, ph := range l {
			if len(ph.keys) < n || !ph.matches(toks[i:]) {
				continue
			}
			if len(ph.keys) > n {
				found, n = found[:0], len(ph.keys)
			}
			found = append(found, ph)
		}
	}
	try(ps.byFirst[toks[i].key])
	try(ps.wildcard)
	return found, n
}

func (ph *phrase) matches(toks []token) bool {
	if len(toks) < len(ph.keys) {
		return false
	}
	for j, k := range ph.keys {
		t := toks[j].key
		if strings.HasSuffix(k, "*") {
			// The star stands for a word ending, not a compound: "rebel*"
			// matches "rebels" but not "rebel-held".
			if !strings.HasPrefix(t, k[:len(k)-1]) || strings.ContainsAny(t[len(k)-1:], "-‐") {
				return false
			}
		} else if t != k {
			return false
		}
	}
	return true
}

// pick chooses among entries of one match the one scoped to country, else an
// unscoped one, else nil.
func pick(found []*phrase, country string) *phrase {
	var any *phrase
	for _, ph := range found {
		if ph.scope == country && country != "" {
			return ph
		}
		if ph.scope == "" && any == nil {
			any = ph
		}
	}
	if any == nil && country == "" && len(found) > 0 {
		return found[0] // no country known: the first scoped reading is the lexicon's default
	}
	return any
}
