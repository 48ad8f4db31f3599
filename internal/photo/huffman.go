package photo

import (
	"encoding/binary"
	"errors"
)

// huffman is a JPEG Huffman table: a lookup of codes up to lookBits long,
// and the canonical code ranges for longer ones (JPEG F.2.2.3).
type huffman struct {
	look [1 << lookBits]uint16 // length<<8 | value; 0 when longer than lookBits
	// run is for AC tables: the AC terms whose codes and extra bits lie
	// whole in the next lookBits bits, as many as follow one another there,
	// with how far they take a block (see runEntry). A DC-only reader wants
	// no coefficient's value, so it steps over two or three AC terms of a
	// photo with one lookup and one shift.
	run     [1 << lookBits]runEntry
	maxCode [17]int32 // largest code of each length, -1 if none
	valPtr  [17]int32 // index in vals of the first code of each length, less that code
	vals    []uint8
}

const lookBits = 11

// build fills h from the 16 code counts and the values of a DHT table.
func (h *huffman) build(counts []uint8, vals []uint8) error {
	h.vals = vals
	code, k := int32(0), int32(0)
	for l := 1; l <= 16; l++ {
		n := int32(counts[l-1])
		h.maxCode[l] = -1
		if code+n > 1<<l {
			return errors.New("bad Huffman table") // more codes than fit the length
		}
		if n > 0 {
			h.valPtr[l] = k - code
			h.maxCode[l] = code + n - 1
			if l <= lookBits {
				for i := range n {
					c := code + i
					shift := lookBits - l
					for j := range int32(1) << shift {
						h.look[c<<shift|j] = uint16(l)<<8 | uint16(vals[k+i])
					}
				}
			}
		}
		code += n
		k += n
		code <<= 1
	}
	for i := range h.run {
		h.run[i] = h.runOf(i)
	}
	return nil
}

// runEntry is a run of AC terms coded in one window of lookBits bits:
// bits<<8 | eob<<7 | terms, where bits is the length of their codes and
// extra bits, terms how many coefficients of the block they cover (a
// term's zero run and itself, 16 for a ZRL), and eob is set when the last
// code ends the block. 0: the window does not hold one whole term.
type runEntry uint16

// runOf reads the terms that the window i holds whole, up to an end of
// block. A code is known from its first bits alone (look has an entry for
// every window starting with it), so a term whose code and extra bits end
// inside the window is read right whatever bits follow it.
func (h *huffman) runOf(i int) runEntry {
	used, terms := 0, 0
	for terms < 64 {
		e := h.look[i<<used&(1<<lookBits-1)]
		l, r, s := int(e>>8), int(e>>4&15), int(e&15)
		if e == 0 || used+l+s > lookBits {
			break
		}
		used += l + s
		switch {
		case s == 0 && r != 15:
			return runEntry(used<<8 | 1<<7 | terms)
		case s == 0:
			terms += 16
		default:
			terms += r + 1
		}
	}
	if used == 0 {
		return 0
	}
	return runEntry(used<<8 | terms)
}

// bitReader reads the entropy-coded data: bytes with 0xFF stuffed by 0x00, up to
// a marker. At a marker it supplies zero bits and sets marker, as libjpeg
// does, so a code at the end of a segment decodes; the caller checks it.
type bitReader struct {
	data   []byte
	p      int
	acc    uint64
	n      uint // bits held in acc
	marker bool
}

func (b *bitReader) fill() {
	// Eight bytes at once where none of them is 0xFF (stuffing or a
	// marker), as nearly everywhere in camera files: the byte loop below
	// took a fifth of the DC decoder's time.
	if !b.marker && b.p+8 <= len(b.data) {
		v := binary.BigEndian.Uint64(b.data[b.p:])
		if x := ^v; (x-0x0101010101010101)&^x&0x8080808080808080 == 0 {
			k := (64 - b.n) / 8 // whole bytes that fit, at least 6
			b.acc |= v >> (64 - 8*k) << (64 - b.n - 8*k)
			b.n += 8 * k
			b.p += int(k)
			return
		}
	}
	for b.n <= 56 {
		var c byte
		if !b.marker && b.p < len(b.data) {
			c = b.data[b.p]
			if c == 0xFF {
				if b.p+1 < len(b.data) && b.data[b.p+1] == 0x00 {
					b.p += 2
				} else {
					b.marker = true
					c = 0
				}
			} else {
				b.p++
			}
		} else {
			b.marker = true
		}
		b.acc |= uint64(c) << (56 - b.n)
		b.n += 8
	}
}

// decode reads one Huffman-coded value.
func (b *bitReader) decode(h *huffman) (uint8, bool) {
	if b.n < 16 {
		b.fill()
	}
	if e := h.look[b.acc>>(64-lookBits)]; e != 0 {
		l := uint(e >> 8)
		b.acc <<= l
		b.n -= l
		return uint8(e), true
	}
	for l := lookBits + 1; l <= 16; l++ {
		c := int32(b.acc >> (64 - uint(l)))
		if c <= h.maxCode[l] {
			b.acc <<= uint(l)
			b.n -= uint(l)
			i := h.valPtr[l] + c
			if i < 0 || int(i) >= len(h.vals) {
				return 0, false
			}
			return h.vals[i], true
		}
	}
	return 0, false
}

// receive reads s (0..16) bits as a signed JPEG difference (F.2.2.1).
func (b *bitReader) receive(s uint8) int32 {
	if s == 0 {
		return 0
	}
	if b.n < 16 {
		b.fill()
	}
	v := int32(b.acc >> (64 - uint(s)))
	b.acc <<= uint(s)
	b.n -= uint(s)
	if v < 1<<(s-1) {
		v += -1<<s + 1
	}
	return v
}

// skip drops s bits (0..16).
func (b *bitReader) skip(s uint8) {
	if b.n < 16 {
		b.fill()
	}
	b.acc <<= uint(s)
	b.n -= uint(s)
}

// restart drops the bits left before a restart marker and steps over it.
func (b *bitReader) restart() bool {
	b.acc, b.n, b.marker = 0, 0, false
	if b.p+1 >= len(b.data) || b.data[b.p] != 0xFF || b.data[b.p+1] < 0xD0 || b.data[b.p+1] > 0xD7 {
		return false
	}
	b.p += 2
	return true
}
