package ingest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"
)

// benchPhotos is the number of photos of BenchmarkIngestPhotos:
// SIJIL_BENCH_PHOTOS, else 2,000.
func benchPhotos(b *testing.B) int {
	if v := os.Getenv("SIJIL_BENCH_PHOTOS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			b.Fatalf("SIJIL_BENCH_PHOTOS=%q: want a positive number", v)
		}
		return n
	}
	return 2000
}

// BenchmarkIngestPhotos ingests n captioned photos of 6000x4000 pixels
// (SIJIL_BENCH_PHOTOS, 2,000 by default) into a new SQLite file per
// iteration, as `sijil ingest` does: each decoded at reduced size,
// fingerprinted, thumbnailed, stored and linked at the picture level. It
// reports photos/s, and exiftool-photos/s, `exiftool -fast` reading the
// same files' captions, when exiftool is installed. Making the photos takes
// longer than ingesting them: SIJIL_BENCH_PHOTO_DIR keeps them between
// runs. Run it with
//
//	go test -run '^$' -bench IngestPhotos -benchtime 1x ./internal/ingest
func BenchmarkIngestPhotos(b *testing.B) {
	n := benchPhotos(b)
	dir := os.Getenv("SIJIL_BENCH_PHOTO_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	writePhotos(b, dir, n)
	opt := testOptions(b)
	opt.Workers = runtime.GOMAXPROCS(0)
	var elapsed time.Duration
	for b.Loop() {
		s := mustOpenSQLite(b, filepath.Join(b.TempDir(), "sijil.db"))
		start := time.Now()
		sum, err := Ingest(b.Context(), s, []string{dir}, opt)
		elapsed += time.Since(start)
		if err != nil || len(sum.Failures) > 0 || len(sum.PhotoFailures) > 0 || sum.Photos != n {
			b.Fatalf("ingest: %v, %d photos of %d, failures %v %v", err, sum.Photos, n, sum.Failures, sum.PhotoFailures)
		}
	}
	b.ReportMetric(float64(n*b.N)/elapsed.Seconds(), "photos/s")
	if exiftool, err := exec.LookPath("exiftool"); err == nil {
		start := time.Now()
		out, err := exec.Command(exiftool, "-fast", "-q", "-j", "-IPTC:Caption-Abstract", "-r", dir).Output()
		if err != nil || !bytes.Contains(out, []byte("Caption-Abstract")) {
			b.Fatalf("exiftool: %v", err)
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "exiftool-photos/s")
	}
}

// writePhotos makes n distinct captioned JPEGs of 6000x4000 pixels in dir,
// on every core, unless dir already holds them.
func writePhotos(b *testing.B, dir string, n int) {
	if have, _ := filepath.Glob(filepath.Join(dir, "*.jpg")); len(have) == n {
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	errs := make(chan error, n)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				text := fmt.Sprintf("Residents inspect the damage to building %d after shelling on March %d, 2019. (Photo by Lina Haddad / AFP)", i, 1+i%28)
				data := captionedJPEG(b, benchScene(uint64(i)), text)
				errs <- os.WriteFile(filepath.Join(dir, fmt.Sprintf("photo-%05d.jpg", i)), data, 0o644)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
}

// benchScene is a distinct 6000x4000 picture for seed: blocks of colour
// of every size over a patchwork, with the grain of a sensor, so that its
// JPEG is the size of a camera's (a few megabytes), not of a flat drawing.
func benchScene(seed uint64) *image.RGBA {
	const w, h = 6000, 4000
	r := rand.New(rand.NewPCG(seed, 6000))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill := func(x0, y0, x1, y1 int, c color.RGBA) {
		x0, x1 = max(x0, 0), min(x1, w)
		for y := max(y0, 0); y < min(y1, h); y++ {
			row := img.Pix[y*img.Stride+4*x0 : y*img.Stride+4*x1]
			for i := 0; i < len(row); i += 4 {
				row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, 255
			}
		}
	}
	rgb := func() color.RGBA { return color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255} }
	for y := 0; y < h; y += h / 6 {
		for x := 0; x < w; x += w / 8 {
			fill(x, y, x+w/8, y+h/6, rgb())
		}
	}
	for range 40 {
		x, y := r.IntN(w), r.IntN(h)
		fill(x, y, x+w/40+r.IntN(w/5), y+h/40+r.IntN(h/4), rgb())
	}
	// Grain from a xorshift generator: a PCG draw a pixel took longer
	// than the encoding.
	x := seed | 1
	for i := 0; i < len(img.Pix); i += 4 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		g := uint8(x & 15)
		img.Pix[i] = max(img.Pix[i], g) - g/2
		img.Pix[i+1] = max(img.Pix[i+1], g) - g/2
	}
	return img
}

// captionedJPEG encodes img as a JPEG of quality 85 with text as its IPTC
// Caption-Abstract, in an APP13 Photoshop segment after the SOI marker.
func captionedJPEG(tb testing.TB, img image.Image, text string) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Error(err)
	}
	iim := append(binary.BigEndian.AppendUint16([]byte{0x1C, 2, 120}, uint16(len(text))), text...)
	res := append(binary.BigEndian.AppendUint32([]byte("8BIM\x04\x04\x00\x00"), uint32(len(iim))), iim...)
	if len(res)%2 == 1 {
		res = append(res, 0)
	}
	payload := append([]byte("Photoshop 3.0\x00"), res...)
	seg := append(binary.BigEndian.AppendUint16([]byte{0xFF, 0xED}, uint16(len(payload)+2)), payload...)
	jpg := buf.Bytes()
	return append(append(append([]byte{}, jpg[:2]...), seg...), jpg[2:]...)
}
