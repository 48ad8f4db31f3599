package photo

import (
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
)

// Hash is a photo's perceptual fingerprint: two 256-bit DCT hashes, one of
// the whole picture (borders trimmed) and one of its centre (Inset cut from
// each side). Each is the signs of the 16x16 lowest DCT frequencies of the
// luminance on a 64x64 grid, against their median. See doc.go for why this
// design.
type Hash [2 * words]uint64

// words is the length of one 256-bit part of a Hash.
const words = 4

// grid is the side of the luminance grid the DCT is taken of, and freqs the
// side of the block of frequencies kept (1..freqs in each direction: the DC
// term says only how bright the photo is).
const (
	grid  = 64
	freqs = 16
)

// Inset is the share of each side cut off for the centre part of a Hash. A
// copy cropped by this much on each side has a whole picture that is the
// original's centre.
const Inset = 0.05

// SameMax is the largest Distance at which two photos are the same picture.
// On the tests' drawn pictures, copies made by the seven required changes
// come at most 40 from their originals (a brightened picture whose light
// areas clip), and distinct pictures no nearer than 76: SameMax sits 16
// above the one and 20 below the other, nearer the copies because a false
// "same picture" puts a false conflict warning on two records.
const SameMax = 56

// String returns h as 128 lowercase hex digits.
func (h Hash) String() string {
	var b [8 * len(h)]byte
	for i, w := range h {
		for j := range 8 {
			b[8*i+j] = byte(w >> (56 - 8*j))
		}
	}
	return hex.EncodeToString(b[:])
}

// ParseHash reads a Hash written by String.
func ParseHash(s string) (Hash, error) {
	var h Hash
	if len(s) != 16*len(h) {
		return h, fmt.Errorf("photo hash %q: want %d hex digits", s, 16*len(h))
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return h, fmt.Errorf("photo hash %q: %w", s, err)
	}
	for i := range h {
		for j := range 8 {
			h[i] = h[i]<<8 | uint64(b[8*i+j])
		}
	}
	return h, nil
}

// Distance is how far apart the pictures of a and b are: the Hamming
// distance (out of 256 bits) between their whole pictures, or between the
// whole of one and the centre of the other when that is less, so that a copy
// cropped by Inset on each side is as near as a resized one; and the same
// again with b mirrored, since a flipped copy is a common disguise of a
// recirculated photo. It is 0 for the same picture and about 120 for
// unrelated ones.
func Distance(a, b Hash) int {
	return min(near(a, b), near(a, Mirror(b)))
}

// near is Distance without mirroring.
func near(a, b Hash) int {
	whole := hamming(a[:words], b[:words])
	ab := hamming(a[:words], b[words:])
	ba := hamming(a[words:], b[:words])
	return min(whole, ab, ba)
}

func hamming(a, b []uint64) int {
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] ^ b[i])
	}
	return n
}

// dct is the 16x64 DCT-II matrix of the frequencies kept.
var dct = func() (m [freqs][grid]float32) {
	for i := range freqs {
		for j := range grid {
			m[i][j] = float32(math.Cos(math.Pi / 2 / grid * float64(i+1) * float64(2*j+1)))
		}
	}
	return m
}()

// hashOf fingerprints p as it is shown (orientation already applied).
func hashOf(p *planes) Hash {
	lum := luminance(p)
	x0, y0, x1, y1 := trim(lum, p.w, p.h)
	var h Hash
	dctHash(h[:words], resample(lum, p.w, float64(x0), float64(y0), float64(x1), float64(y1), grid, grid))
	dx, dy := Inset*float64(x1-x0), Inset*float64(y1-y0)
	dctHash(h[words:], resample(lum, p.w, float64(x0)+dx, float64(y0)+dy, float64(x1)-dx, float64(y1)-dy, grid, grid))
	return h
}

// dctHash sets in h (4 words) the bits of the 16x16 low frequencies of the
// 64x64 grid g that are above their median.
func dctHash(h []uint64, g []float32) {
	// coefficient (u, v) = sum over rows y, columns x of dct[u][y] g[y][x] dct[v][x],
	// taken as rows first: t = g * dctᵀ (64x16), then c = dct * t (16x16).
	var t [grid][freqs]float32
	for y := range grid {
		row := g[y*grid : (y+1)*grid]
		for v := range freqs {
			var s float32
			for x, gv := range row {
				s += gv * dct[v][x]
			}
			t[y][v] = s
		}
	}
	var c [freqs * freqs]float32
	for u := range freqs {
		for v := range freqs {
			var s float32
			for y := range grid {
				s += dct[u][y] * t[y][v]
			}
			c[u*freqs+v] = s
		}
	}
	for i, v := range c {
		if v > 0 {
			h[i/64] |= 1 << (63 - i%64)
		}
	}
}

// luminance returns the Rec. 601 luma of p: greyscale copies of a colour
// photo keep it.
func luminance(p *planes) []float32 {
	l := make([]float32, len(p.r))
	for i := range l {
		l[i] = 0.299*p.r[i] + 0.587*p.g[i] + 0.114*p.b[i]
	}
	return l
}

// mirrorMask has the bits of odd horizontal frequencies (v = 0, 2, ...: the
// frequencies are 1..16), whose coefficients change sign when a picture is
// mirrored left to right.
var mirrorMask = func() (m [words]uint64) {
	for u := range freqs {
		for v := 0; v < freqs; v += 2 {
			i := u*freqs + v
			m[i/64] |= 1 << (63 - i%64)
		}
	}
	return m
}()

// Mirror returns the Hash of h's picture mirrored left to right.
func Mirror(h Hash) Hash {
	for i := range h {
		h[i] ^= mirrorMask[i%words]
	}
	return h
}
