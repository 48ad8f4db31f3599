package searchindex

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// posting lists the ordinals of the records that hold a word or value, in
// increasing order. It is kept in whichever form is smaller: the gaps
// between ordinals as uvarints (a word in a few records) or a bitmap (a word
// in more than one record in about eight, where the uvarints would take a
// byte each or more). Ordinals are only ever appended, in increasing order.
type posting struct {
	n    int32    // ordinals held
	last uint32   // the highest, when n > 0
	gaps []byte   // uvarint gaps from the previous ordinal (from -1 for the first), when bits is nil
	bits []uint64 // bit o set for each ordinal o, when not nil
}

// add appends ordinal o, which must be above every ordinal held.
func (p *posting) add(o uint32) {
	switch {
	case p.bits != nil:
		for int(o/64) >= len(p.bits) {
			p.bits = append(p.bits, 0)
		}
		p.bits[o/64] |= 1 << (o % 64)
	case p.n == 0:
		p.gaps = binary.AppendUvarint(p.gaps, uint64(o)+1)
	default:
		p.gaps = appendUvarint(p.gaps, uint64(o-p.last))
	}
	p.n++
	p.last = o
	// A bitmap up to o takes o/8 bytes: switch when the gaps take more.
	if p.bits == nil && len(p.gaps) > 64 && uint32(len(p.gaps)) > o/8+8 {
		p.toBits()
	}
}

func (p *posting) toBits() {
	b := make([]uint64, p.last/64+1, (p.last/64+1)*5/4)
	p.each(func(o uint32) { b[o/64] |= 1 << (o % 64) })
	p.bits, p.gaps = b, nil
}

// each calls fn with every ordinal, in order.
func (p *posting) each(fn func(o uint32)) {
	if p.bits != nil {
		for i, w := range p.bits {
			for w != 0 {
				fn(uint32(i*64 + bits.TrailingZeros64(w)))
				w &= w - 1
			}
		}
		return
	}
	o := uint32(0)
	first := true
	for b := p.gaps; len(b) > 0; {
		g, k := binary.Uvarint(b)
		b = b[k:]
		if first {
			o, first = uint32(g-1), false
		} else {
			o += uint32(g)
		}
		fn(o)
	}
}

// size is the posting's memory in bytes.
func (p *posting) size() int { return cap(p.gaps) + 8*cap(p.bits) + 40 }

// set is a set of ordinals as a bitmap, the form queries combine postings
// in: one AND or OR of a million-record register is 16k word operations.
type set []uint64

func newSet(n int) set { return make(set, (n+63)/64) }

// fill sets s to the ordinals of p.
func (s set) fill(p *posting) {
	clear(s)
	s.or(p)
}

// or adds the ordinals of p to s.
func (s set) or(p *posting) {
	if p == nil {
		return
	}
	if p.bits != nil {
		for i, w := range p.bits[:min(len(p.bits), len(s))] {
			s[i] |= w
		}
		return
	}
	p.each(func(o uint32) {
		if int(o/64) < len(s) {
			s[o/64] |= 1 << (o % 64)
		}
	})
}

// and keeps in s the ordinals that t holds too.
func (s set) and(t set) {
	for i := range s {
		s[i] &= t[i]
	}
}

// andNot removes the ordinals of t from s.
func (s set) andNot(t set) {
	for i := range s {
		s[i] &^= t[i]
	}
}

// orSet adds the ordinals of t to s.
func (s set) orSet(t set) {
	for i := range s {
		s[i] |= t[i]
	}
}

func (s set) has(o uint32) bool { return s[o/64]&(1<<(o%64)) != 0 }

func (s set) remove(o uint32) { s[o/64] &^= 1 << (o % 64) }

func trailingZeros(w uint64) int { return bits.TrailingZeros64(w) }

// appendUvarint appends v to b, doubling b's capacity when it is full:
// append grows a large slice by a quarter, which made building a million
// records' postings copy them five times over. compact gives back the
// slack once the index is built.
func appendUvarint(b []byte, v uint64) []byte {
	if cap(b)-len(b) < binary.MaxVarintLen64 {
		nb := make([]byte, len(b), 2*cap(b)+16)
		copy(nb, b)
		b = nb
	}
	return binary.AppendUvarint(b, v)
}

// compact trims the posting's memory to what it holds.
func (p *posting) compact() {
	if cap(p.gaps) > len(p.gaps)+len(p.gaps)/8 {
		p.gaps = slices.Clone(p.gaps)
	}
	if cap(p.bits) > len(p.bits)+len(p.bits)/8 {
		p.bits = slices.Clone(p.bits)
	}
}
