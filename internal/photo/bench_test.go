package photo

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
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

// BenchmarkExiftool is the yardstick of issue 16: exiftool -fast reading
// the caption of the same 24-megapixel photo, captioned by exiftool first,
// 100 files (hard links) a run, so that Perl's start-up of some 0.4 s is
// shared as it would be over a folder. It skips where exiftool is not
// installed (Debian: libimage-exiftool-perl).
func BenchmarkExiftool(b *testing.B) {
	tool, err := exec.LookPath("exiftool")
	if err != nil {
		b.Skip("exiftool not installed")
	}
	dir := b.TempDir()
	first := filepath.Join(dir, "p0.jpg")
	if err := os.WriteFile(first, bigPhoto(b), 0o600); err != nil {
		b.Fatal(err)
	}
	caption := "Aleppo, Syria. Smoke rises over a district after shelling, 12 March 2016."
	if out, err := exec.Command(tool, "-q", "-overwrite_original", "-Caption-Abstract="+caption, first).CombinedOutput(); err != nil {
		b.Fatalf("exiftool: %v: %s", err, out)
	}
	const files = 100
	args := []string{"-fast", "-q", "-s3", "-Caption-Abstract", first}
	for i := 1; i < files; i++ {
		p := filepath.Join(dir, fmt.Sprintf("p%d.jpg", i))
		if err := os.Link(first, p); err != nil {
			b.Fatal(err)
		}
		args = append(args, p)
	}
	for b.Loop() {
		out, err := exec.Command(tool, args...).Output()
		if err != nil {
			b.Fatal(err)
		}
		if n := bytes.Count(out, []byte(caption)); n != files {
			b.Fatalf("exiftool read %d captions of %d", n, files)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*files), "ns/photo")
}
