package parse

import "math/bits"

// The rules ask many small questions of each word: is it a place noun, a
// particle, a casualty word, the first word of an actor? Asked of Go maps,
// one rule at a time, those questions were a fifth of a parse. The answers
// depend only on the word, so a vocabulary table holds them all and the
// tokenizer looks each word up once; the rules then test bits.

// wordTag is a set of the closed word classes of the place, actor and person
// rules. Each tag mirrors one of the word lists (placeNouns, particles, …),
// which stay the readable source of truth.
type wordTag uint32

const (
	tagPlaceNoun wordTag = 1 << iota // placeNouns
	tagSiteNoun                      // siteNouns
	tagRelNoun                       // relNouns
	tagPlacePrep                     // placePreps
	tagPlaceMod                      // placeModifiers
	tagNear                          // nearWords
	tagContainer                     // containerNouns
	tagFlee                          // fleeWords
	tagGroupNoun                     // groupNouns
	tagMember                        // memberWords
	tagKunya                         // kunyas
	tagNotShown                      // notShown
	tagNotName                       // notNames
	tagParticle                      // particles
	tagTitle                         // titles
	tagGivenName                     // the given names of the parser's lexicon (names.tsv)
	tagPlaceVerb                     // placeVerbs
	// tagName is set per token, not per word: a capitalised word that may be
	// part of a name (see isNameTok).
	tagName
)

// wordTagLists pairs each tag with its word list.
var wordTagLists = []struct {
	tag   wordTag
	words map[string]bool
}{
	{tagPlaceNoun, placeNouns}, {tagSiteNoun | tagPlaceNoun, siteNouns}, {tagRelNoun, relNouns}, {tagPlacePrep, placePreps},
	{tagPlaceMod, placeModifiers}, {tagNear, nearWords}, {tagContainer, containerNouns}, {tagFlee, fleeWords},
	{tagGroupNoun, groupNouns}, {tagMember, memberWords}, {tagKunya, kunyas}, {tagNotShown, notShown},
	{tagNotName, notNames}, {tagParticle, particles}, {tagTitle, titles}, {tagPlaceVerb, placeVerbs},
}

// Lexicon phrase sets, as bits of wordInfo.starts. A set's bit says that
// one of its phrases starts with the word; the bit shifted by stemShift,
// that one of its starred phrases starts with a word of this stem.
const (
	lexCountryNames uint8 = 1 << iota
	lexDemonyms
	lexEvents
	lexActors

	stemShift = 4
	firstBits = 1<<stemShift - 1
)

// wordInfo is what the vocabulary knows of one lower-case word.
type wordInfo struct {
	tags    wordTag
	cas     casWord // its entry in casualtyLexicon
	starts  uint8   // phrase sets with a phrase starting with the word, or with a starred word of this stem
	phrases uint32  // where the phrase sets keep those phrases (phraseSet.first, phraseSet.stems); 0 for none
}

// vocab is an open-addressing hash table from words to wordInfo, probed
// with the FNV-1a hash the tokenizer computes anyway. It is immutable once
// built. Most words of a caption are not in it: tags, a byte per slot, keep
// those misses within a few kilobytes that stay in cache, and a slot's
// entry is read only when its tag matches.
type vocab struct {
	tags  []uint8 // 0: empty slot; else vocabTag of the slot's hash
	slots []vocabSlot
	mask  uint64
	// stems filters the wildPrefix-byte stems of starred phrases, so that
	// most words need no second probe.
	stems bloom
}

type vocabSlot struct {
	hash uint64
	key  string
	info wordInfo
}

// baseWords is every word of the built-in word lists and the casualty
// grammar, with what they say of it.
var baseWords = buildBaseWords()

// baseVocab is the vocabulary of a parser without lexicons: tokenize uses it.
var baseVocab = newVocab(baseWords, nil)

func buildBaseWords() map[string]wordInfo {
	m := map[string]wordInfo{}
	for _, l := range wordTagLists {
		for w := range l.words {
			e := m[w]
			e.tags |= l.tag
			m[w] = e
		}
	}
	for w, c := range casualtyLexicon {
		e := m[w]
		e.cas = c
		m[w] = e
	}
	return m
}

// newVocab builds the table of words, plus the first keys and stems of the
// phrase sets.
func newVocab(words map[string]wordInfo, sets []*phraseSet) *vocab {
	all := make(map[string]wordInfo, len(words))
	for w, e := range words {
		all[w] = e
	}
	v := &vocab{}
	ids := 0
	mark := func(k string, bits uint8) {
		e := all[k]
		if e.phrases == 0 {
			ids++
			e.phrases = uint32(ids)
		}
		e.starts |= bits
		all[k] = e
	}
	for _, ps := range sets {
		for k := range ps.byFirst {
			mark(k, ps.bit)
		}
		for s := range ps.byStem {
			mark(s, ps.bit<<stemShift)
			v.stems.add(keyHash(s))
		}
	}
	// Each set files its phrases by those ids, so that a scan finds them
	// without hashing the word again.
	for _, ps := range sets {
		ps.first, ps.stems = make([][]*phrase, ids+1), make([][]*phrase, ids+1)
		for k, l := range ps.byFirst {
			ps.first[all[k].phrases] = l
		}
		for s, l := range ps.byStem {
			ps.stems[all[s].phrases] = l
		}
	}
	n := 1 << bits.Len(uint(2*len(all)+1)) // at most half full
	v.tags, v.slots, v.mask = make([]uint8, n), make([]vocabSlot, n), uint64(n-1)
	for w, e := range all {
		h := keyHash(w)
		i := h & v.mask
		for v.tags[i] != 0 {
			i = (i + 1) & v.mask
		}
		v.tags[i], v.slots[i] = vocabTag(h), vocabSlot{hash: h, key: w, info: e}
	}
	return v
}

// vocabTag is the non-zero byte of h that a slot's tag holds: high bits,
// since the low ones pick the slot.
func vocabTag(h uint64) uint8 { return uint8(h>>56) | 1 }

// lookup returns what the vocabulary knows of key, whose keyHash is h.
func (v *vocab) lookup(key string, h uint64) wordInfo {
	tag := vocabTag(h)
	for i := h & v.mask; ; i = (i + 1) & v.mask {
		switch v.tags[i] {
		case 0:
			return wordInfo{}
		case tag:
			if s := &v.slots[i]; s.hash == h && s.key == key {
				return s.info
			}
		}
	}
}

// setWord fills t, a zero token, with the word whose key, of keyHash h,
// starts at byte start and what the vocabulary knows of it; stem is the
// keyHash of the key's first wildPrefix bytes. upper and letters are left
// to the caller.
func (v *vocab) setWord(t *token, key string, start int, h, stem uint64) {
	w := v.lookup(key, h)
	t.start, t.end, t.key, t.word = start, start+len(key), key, true
	t.tags, t.cas, t.starts, t.phrases = w.tags, w.cas, w.starts&firstBits, w.phrases
	if len(key) >= wildPrefix && v.stems.has(stem) {
		sw := v.lookup(key[:wildPrefix], stem)
		t.starts |= sw.starts &^ firstBits
		t.stemPhrases = sw.phrases
	}
}
