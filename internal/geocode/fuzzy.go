package geocode

import (
	"sync"
	"unicode/utf8"

	"sijil/internal/caption"
)

// maxFuzzyDist caps Fuzzy's distance: keys are consonant skeletons of
// median length 6, and at distance 3 most of them match something.
const maxFuzzyDist = 3

// Fuzzy is the bounded fallback for a name Lookup does not find: the places
// with a name whose Key is within maxDist edits (Levenshtein, on runes) of
// name's Key and starts with the same letter, in country when it is not
// empty. maxDist is capped at 3. Closer keys come first, then the order of
// Lookup. The first letter is kept fixed because transliterations rarely
// disagree on it once Key has evened out vowels, q/k and dj/j, and because
// it lets the search scan only keys of one letter and nearby lengths.
func (g *Gazetteer) Fuzzy(name string, country caption.CountryCode, maxDist int) []Place {
	q := []rune(Key(name))
	if len(q) == 0 || maxDist < 0 {
		return nil
	}
	maxDist = min(maxDist, maxFuzzyDist)
	var hits []hit
	var lev levenshtein
	for li, ix := range g.layers {
		buckets := g.fuzzy.buckets(li, ix, country)
		for n := max(1, len(q)-maxDist); n <= len(q)+maxDist; n++ {
			for _, ki := range buckets[keyShape{q[0], n}] {
				d := lev.distance(q, ix.key(int(ki)), maxDist)
				if d > maxDist {
					continue
				}
				for _, p := range ix.postings(int(ki)) {
					if country == "" || ix.placeCountry(p) == country {
						hits = append(hits, hit{layer: li, place: p, dist: d})
					}
				}
			}
		}
	}
	out := g.rank(hits, spellingRunes(name, nil))
	if country == "" {
		return out
	}
	kept := out[:0]
	for _, p := range out {
		if p.Country == country { // an override may have moved it
			kept = append(kept, p)
		}
	}
	return kept
}

// keyShape groups keys by first rune and length in runes.
type keyShape struct {
	head rune
	n    int
}

// fuzzyScope is one layer seen from one country ("" for all).
type fuzzyScope struct {
	layer   int
	country caption.CountryCode
}

// fuzzyCache holds each scope's keys grouped by shape, built on first use:
// a full scan of the layer's keys (milliseconds for the embedded data,
// see BenchmarkFuzzy), after which a query reads only a few small groups.
type fuzzyCache struct {
	mu     sync.Mutex
	scopes map[fuzzyScope]map[keyShape][]uint32
}

// buckets returns the scope's key groups, building them if needed.
func (c *fuzzyCache) buckets(layer int, ix *Index, country caption.CountryCode) map[keyShape][]uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := fuzzyScope{layer, country}
	if b, ok := c.scopes[s]; ok {
		return b
	}
	if c.scopes == nil {
		c.scopes = map[fuzzyScope]map[keyShape][]uint32{}
	}
	b := map[keyShape][]uint32{}
	for i := range ix.numKeys() {
		if country != "" && !ix.keyInCountry(i, country) {
			continue
		}
		k := ix.key(i)
		head, _ := utf8.DecodeRune(k)
		shape := keyShape{head, utf8.RuneCount(k)}
		b[shape] = append(b[shape], uint32(i))
	}
	c.scopes[s] = b
	return b
}

// keyInCountry reports whether key i names a place in country.
func (ix *Index) keyInCountry(i int, country caption.CountryCode) bool {
	for j := ix.u32(secPostOffs, i); j < ix.u32(secPostOffs, i+1); j++ {
		if ix.placeCountry(ix.u32(secPostings, int(j))) == country {
			return true
		}
	}
	return false
}

// levenshtein keeps the buffers of a bounded edit distance between calls.
type levenshtein struct {
	b         []rune
	prev, cur []int
}

// distance returns the edit distance between a and the key b, or max+1 as
// soon as it must exceed max.
func (l *levenshtein) distance(a []rune, key []byte, limit int) int {
	l.b = l.b[:0]
	for _, r := range string(key) {
		l.b = append(l.b, r)
	}
	b := l.b
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	l.prev = append(l.prev[:0], make([]int, len(b)+1)...)
	l.cur = append(l.cur[:0], make([]int, len(b)+1)...)
	for j := range l.prev {
		l.prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		l.cur[0] = i
		best := i
		for j := 1; j <= len(b); j++ {
			sub := 1
			if a[i-1] == b[j-1] {
				sub = 0
			}
			l.cur[j] = min(l.prev[j]+1, l.cur[j-1]+1, l.prev[j-1]+sub)
			best = min(best, l.cur[j])
		}
		if best > limit {
			return limit + 1
		}
		l.prev, l.cur = l.cur, l.prev
	}
	return min(l.prev[len(b)], limit+1)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
