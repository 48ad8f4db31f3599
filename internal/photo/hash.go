package photo

import (
	"encoding/hex"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Hash is a photo's perceptual fingerprint: 256 bits, the signs of the 16x16
// lowest DCT frequencies of its luminance (on a 64x64 grid, borders trimmed)
// against their median. Photos that look alike have hashes a small Hamming
// Distance apart; see doc.go for why this design.
type Hash [4]uint64

// grid is the side of the luminance grid the DCT is taken of, and freqs the
// side of the block of frequencies kept (1..freqs in each direction: the DC
// term says only how bright the photo is).
const (
	grid  = 64
	freqs = 16
)

// SameMax is the largest Distance at which two photos are the same picture.
const SameMax = 64

// String returns h as 64 lowercase hex digits.
func (h Hash) String() string {
	var b [32]byte
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
	if len(s) != 64 {
		return h, fmt.Errorf("photo hash %q: want 64 hex digits", s)
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

// Distance is the Hamming distance between a and b: the number of the 256
// bits in which they differ, 0 for the same picture, about 128 for unrelated
// ones.
func Distance(a, b Hash) int {
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
	g := resample(lum, p.w, float64(x0), float64(y0), float64(x1), float64(y1), grid, grid)
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
	sorted := c
	slices.Sort(sorted[:])
	median := (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
	var h Hash
	for i, v := range c {
		if v > median {
			h[i/64] |= 1 << (63 - i%64)
		}
	}
	return h
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
