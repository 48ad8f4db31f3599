package parse

import "strings"

// Fold, lowerASCII, the date scan and the editors'-note scan of credits read
// every byte of every caption. These helpers let them test eight ASCII bytes
// at a time in a uint64 ("SWAR": SIMD within a register), which is several
// times faster than a test per byte and needs no assembly. Each mask has the high bit (0x80) of every byte that passes
// the test, and no other bit; none is valid for bytes of 0x80 and over,
// which callers check with swarHigh first.

const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x80 * swarOnes // the high bit of every byte
	swarLow7 = 0x7f * swarOnes
)

// load64 returns the eight bytes of s from i, the first in the low byte.
// The compiler makes it one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// swarUpper marks the bytes of x from 'A' to 'Z'. Adding to the low seven
// bits of a byte cannot carry into the next one.
func swarUpper(x uint64) uint64 {
	ge := (x & swarLow7) + (0x80-'A')*swarOnes   // high bit: byte >= 'A'
	gt := (x & swarLow7) + (0x80-'Z'-1)*swarOnes // high bit: byte > 'Z'
	return ge &^ gt &^ x & swarHigh
}

// swarDigit marks the bytes of x from '0' to '9'.
func swarDigit(x uint64) uint64 {
	ge := (x & swarLow7) + (0x80-'0')*swarOnes   // high bit: byte >= '0'
	gt := (x & swarLow7) + (0x80-'9'-1)*swarOnes // high bit: byte > '9'
	return ge &^ gt &^ x & swarHigh
}

// swarControl marks the bytes of x under ' ' (of an ASCII x).
func swarControl(x uint64) uint64 {
	return ^((x & swarLow7) + (0x80-' ')*swarOnes) & swarHigh
}

// swarSpace marks the bytes of x that are ' '.
func swarSpace(x uint64) uint64 {
	y := x ^ ' '*swarOnes // zero where x has a space
	return ^((y & swarLow7) + swarLow7 | y) & swarHigh
}

// swarUpperAt is swarUpper of the eight bytes of s from i, or of the bytes
// left when there are fewer.
func swarUpperAt(s string, i int) uint64 {
	if i+8 <= len(s) {
		return swarUpper(load64(s, i))
	}
	return swarTail(s, i, func(c byte) bool { return c >= 'A' && c <= 'Z' })
}

// swarUpperOrDigitAt is swarUpperAt for capitals and digits.
func swarUpperOrDigitAt(s string, i int) uint64 {
	if i+8 <= len(s) {
		x := load64(s, i)
		return swarUpper(x) | swarDigit(x)
	}
	return swarTail(s, i, func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' })
}

// swarTail marks the bytes of s from i on (fewer than eight) that pass is.
func swarTail(s string, i int, is func(byte) bool) uint64 {
	var m uint64
	for k := i; k < len(s); k++ {
		if is(s[k]) {
			m |= 0x80 << (8 * (k - i))
		}
	}
	return m
}

// lowerASCII lower-cases ASCII letters only, so that every byte offset of s
// is valid in the result. It allocates once, and not at all when s has no
// capitals. It works eight bytes at a time (see swar.go): 0x80 shifted
// right by two is 0x20, the bit that lowers a capital.
func lowerASCII(s string) string {
	i := 0
	for i+8 <= len(s) && swarUpper(load64(s, i)) == 0 {
		i += 8
	}
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	var blk [64]byte
	for i = 0; i < len(s); {
		n := min(len(blk), len(s)-i)
		j := 0
		for ; j+8 <= n; j += 8 {
			x := load64(s, i+j)
			x |= swarUpper(x) >> 2
			blk[j], blk[j+1], blk[j+2], blk[j+3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
			blk[j+4], blk[j+5], blk[j+6], blk[j+7] = byte(x>>32), byte(x>>40), byte(x>>48), byte(x>>56)
		}
		for ; j < n; j++ {
			c := s[i+j]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			blk[j] = c
		}
		b.Write(blk[:n])
		i += n
	}
	return b.String()
}
