package dedup

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// words returns the lower-cased words (runs of letters and digits) of s, as
// wordHashes cuts and hashes them, all slices of one string.
func words(s string) []string {
	buf := make([]byte, 0, len(s))
	var ends []int
	in := false
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if in {
				ends = append(ends, len(buf))
				buf = append(buf, ' ')
			}
			in = false
			continue
		}
		in = true
		buf = utf8.AppendRune(buf, unicode.ToLower(r))
	}
	if in {
		ends = append(ends, len(buf))
	}
	text := string(buf)
	out := make([]string, len(ends))
	start := 0
	for i, e := range ends {
		out[i] = text[start:e]
		start = e + 1
	}
	return out
}

// hashWords returns the FNV-1a hash of each word: wordHashes of their text.
func hashWords(ws []string) []uint64 {
	out := make([]uint64, len(ws))
	for i, w := range ws {
		h := uint64(fnvOffset)
		for j := 0; j < len(w); j++ {
			h = (h ^ uint64(w[j])) * fnvPrime
		}
		out[i] = h
	}
	return out
}

// minTypoLen is the shortest word a slip is looked for in: shorter words
// one edit apart are mostly other words ("man", "men"; "hit", "hut").
const minTypoLen = 4

// wordSet is a caption's words with their hashes, and the hashes sorted for
// look-ups.
type wordSet struct {
	words  []string
	hashes []uint64
	sorted []uint64
}

func newWordSet(text string) wordSet {
	ws := words(text)
	h := hashWords(ws)
	sorted := slices.Clone(h)
	slices.Sort(sorted)
	return wordSet{ws, h, sorted}
}

func (s wordSet) has(h uint64) bool {
	_, ok := slices.BinarySearch(s.sorted, h)
	return ok
}

// alignTypos returns a's word hashes with every word that b lacks replaced
// by a word of b, missing from a, that it is one slip away from
// (withinOneEdit): a copy's "inlcuding" becomes the original's "including",
// so a typo costs the Jaccard index nothing while other words stay other
// words. changed is false, and a.hashes returned as they are, when no word
// needs replacing.
func alignTypos(a, b wordSet) (aligned []uint64, changed bool) {
	aligned = a.hashes
	for i, w := range a.words {
		if len(w) < minTypoLen || b.has(a.hashes[i]) {
			continue
		}
		for j, v := range b.words {
			if len(v) >= minTypoLen && withinOneEdit(w, v) && !a.has(b.hashes[j]) {
				if !changed {
					aligned, changed = slices.Clone(a.hashes), true
				}
				aligned[i] = b.hashes[j]
				break
			}
		}
	}
	return aligned, changed
}

// skeletonHashes returns a typo-blind key for each word of s: its first and
// last letters and the set of letters it uses. The common slips of a typist
// (two letters swapped, one doubled, a repeated one dropped) keep the key,
// so a copy with a typo keeps its MinHash signature and is found as a
// candidate; ClusterMatcher.Match then compares the real words.
func skeletonHashes(s string) []uint64 {
	skeletons, _ := wordKeys(s)
	return skeletons
}

// edgeHashes returns a key for each word of s made of its first and last
// letters only: blind to any slip inside a word, and specific enough in a
// sequence of a dozen words, which is how the lead band uses it.
func edgeHashes(s string) []uint64 {
	_, edges := wordKeys(s)
	return edges
}

// wordKeys returns skeletonHashes and edgeHashes of s in one pass.
func wordKeys(s string) (skeletons, edges []uint64) {
	n := len(s)/5 + 1
	skeletons, edges = make([]uint64, 0, n), make([]uint64, 0, n)
	var first, last rune
	var set uint64
	in := false
	flush := func() {
		if in {
			edge := uint64(first)<<42 ^ uint64(last)<<21
			skeletons = append(skeletons, mix64(edge^set))
			edges = append(edges, mix64(edge))
			in, set = false, 0
		}
	}
	for _, r := range s {
		// ASCII, most of a caption, is classed and lower-cased by hand,
		// without unicode's table lookups.
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			} else if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
				flush()
				continue
			}
		} else if unicode.IsLetter(r) || unicode.IsDigit(r) {
			r = unicode.ToLower(r)
		} else {
			flush()
			continue
		}
		if !in {
			first, in = r, true
		}
		last = r
		if r >= 'a' && r <= 'z' {
			set |= 1 << (r - 'a')
		} else {
			set |= 1 << (26 + uint(r)%38)
		}
	}
	flush()
	return skeletons, edges
}
