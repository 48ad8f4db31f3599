package searchindex

import (
	"bytes"
	"encoding/binary"

	"sijil/internal/caption"
)

// text is the full-text index: each record's caption.SearchText as a
// sequence of word numbers, and for each word the records holding it.
// Postings find the records holding a phrase's words; the sequences then
// tell which hold them in a row, as a phrase query asks.
type text struct {
	words map[string]uint32
	post  []posting
	// The words of ordinal o are the uvarints of buf[off[o]:off[o+1]].
	off []uint32
	buf []byte
}

func (t *text) init() {
	t.words = map[string]uint32{}
	t.off = []uint32{0}
}

// add indexes the words of ordinal o: SearchText, words separated by
// single spaces.
func (t *text) add(o uint32, s []byte) {
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != ' ' {
			i++
		}
		if i > 0 {
			w, ok := t.words[string(s[:i])]
			if !ok {
				w = uint32(len(t.post))
				t.words[string(s[:i])] = w
				t.post = append(t.post, posting{})
			}
			t.buf = appendUvarint(t.buf, uint64(w))
			if p := &t.post[w]; p.n == 0 || p.last != o {
				p.add(o)
			}
		}
		s = s[min(i+1, len(s)):]
	}
	t.off = push(t.off, uint32(len(t.buf)))
}

// hasPhrase reports whether ordinal o holds in a row the words whose
// uvarints are pat. Uvarints are prefix-free, and a byte starts one when it
// is the first or follows a byte below 0x80 (the last of a uvarint), so
// the words are there in a row exactly when pat's bytes are, starting
// there: a byte search, which is several times faster than decoding the
// words.
func (t *text) hasPhrase(o uint32, pat []byte) bool {
	b := t.buf[t.off[o]:t.off[o+1]]
	for at := 0; ; {
		i := bytes.Index(b[at:], pat)
		if i < 0 {
			return false
		}
		if i += at; i == 0 || b[i-1] < 0x80 {
			return true
		}
		at = i + 1
	}
}

func (t *text) memory() int {
	n := cap(t.buf) + 4*cap(t.off) + 40*len(t.words)
	for i := range t.post {
		n += t.post[i].size()
	}
	return n
}

// phraseSet sets s to the records holding phrase p's words in a row, using
// tmp as scratch.
func (ix *index) phraseSet(p caption.Phrase, s, tmp set) {
	ws := make([]uint32, len(p))
	var pat []byte
	for i, w := range p {
		id, ok := ix.text.words[w]
		if !ok {
			clear(s)
			return
		}
		ws[i] = id
		pat = binary.AppendUvarint(pat, uint64(id))
	}
	s.fill(&ix.text.post[ws[0]])
	for _, w := range ws[1:] {
		tmp.fill(&ix.text.post[w])
		s.and(tmp)
	}
	if len(ws) == 1 {
		return
	}
	for i, word := range s {
		for w := word; w != 0; w &= w - 1 {
			o := uint32(i*64 + trailingZeros(w))
			if !ix.text.hasPhrase(o, pat) {
				s.remove(o)
			}
		}
	}
}
