package picture

import (
	"math/rand/v2"
	"slices"

	"sijil/internal/photo"
)

// Keys index a fingerprint by bit sampling, the locality-sensitive hashing
// of Hamming distance: each of bands keys is bandBits bits of a 256-bit
// block of the hash, taken at fixed positions. Two blocks d bits apart
// share a given band with probability (1-d/256)^bandBits, so that they
// share no band with probability (1-(1-d/256)^bandBits)^bands: 0.00000003
// at d 24 (a resized or recompressed copy), 0.001 at 40, 0.03 at 50 and
// 0.08 at 56 (photo.SameMax, the farthest a copy may lie). Unrelated
// pictures (d about 128) share a band with probability 0.012 a pair of
// blocks, some 5% of photos with two blocks each: finding a picture's
// copies reads a twentieth of the photos, never all of them, and Distance
// then decides. Copies near SameMax may be missed: the price of not
// comparing every photo (see docs/photos.md).
//
// A Hash made of several blocks (photo's whole picture and its centre) is
// keyed block by block at the same positions, and the keys do not say
// which block: the whole of a cropped copy finds the centre of its
// original, as photo.Distance compares them; and a copy near its original
// in both blocks has two chances.
const (
	bands      = 48
	bandBits   = 12
	blockWords = 4 // 256 bits
)

// positions are the bits each band samples, drawn once from a fixed seed:
// the keys of a register must not change between runs.
var positions = func() (p [bands][bandBits]int) {
	rng := rand.New(rand.NewPCG(16, 2026))
	for b := range p {
		perm := rng.Perm(64 * blockWords)
		copy(p[b][:], perm[:bandBits])
	}
	return p
}()

// Keys returns the index keys of h, sorted, each once.
func Keys(h photo.Hash) []int64 {
	words := h[:]
	block := min(blockWords, len(words))
	var keys []int64
	for start := 0; start+block <= len(words); start += block {
		w := words[start : start+block]
		n := 64 * len(w)
		for b, pos := range positions {
			var v int64
			for i, p := range pos {
				p %= n
				v |= int64(w[p/64]>>(63-p%64)&1) << i
			}
			keys = append(keys, int64(b)<<bandBits|v)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// QueryKeys returns the keys to look a fingerprint up by: those of h and
// of its mirror image, since photo.Distance finds a flipped copy the same
// picture, and a flipped copy's own keys are another picture's.
func QueryKeys(h photo.Hash) []int64 {
	keys := append(Keys(h), Keys(photo.Mirror(h))...)
	slices.Sort(keys)
	return slices.Compact(keys)
}
