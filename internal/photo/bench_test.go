package photo

import (
	"bytes"
	"image"
	"image/jpeg"
	"sync"
	"testing"
)

var (
	bigOnce sync.Once
	bigJPEG []byte
)

// bigPhoto is a 6000x4000 JPEG at quality 90, the frame of a 24-megapixel
// camera: a drawn scene enlarged with fine noise on top, so that its
// entropy-coded data is as dense as a real photo's (some 5-10 MB).
func bigPhoto(b *testing.B) []byte {
	bigOnce.Do(func() {
		small := scene(424242, 1500, 1000)
		img := image.NewRGBA(image.Rect(0, 0, 6000, 4000))
		var seed uint32 = 1
		for y := range 4000 {
			for x := range 6000 {
				seed = seed*1664525 + 1013904223
				n := int(seed>>27) - 16 // grain of ±16 levels
				s := small.PixOffset(x/4, y/4)
				d := img.PixOffset(x, y)
				for k := range 3 {
					img.Pix[d+k] = uint8(min(max(int(small.Pix[s+k])+n, 0), 255))
				}
				img.Pix[d+3] = 255
			}
		}
		bigJPEG = encodeJPEG(b, img, 90)
	})
	return bigJPEG
}

// BenchmarkAnalyze is the cost of one 24-megapixel photo: read, hash the
// bytes, decode, reduce, fingerprint and thumbnail.
func BenchmarkAnalyze(b *testing.B) {
	data := bigPhoto(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeJPEG is the standard library's decode alone, the floor
// under BenchmarkAnalyze.
func BenchmarkDecodeJPEG(b *testing.B) {
	data := bigPhoto(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
