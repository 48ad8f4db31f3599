package photo

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/tiff"
)

// fuzzLimits keep each fuzzed frame small: the fuzzer finds headers that
// claim large frames at once, and the point is what Analyze does with
// malformed data, not how fast it decodes a megapixel.
var fuzzLimits = limits{bytes: 1 << 20, pixels: 1 << 18}

// FuzzAnalyze feeds malformed photo files to the thumbnailer and the
// fingerprint. Either the file is refused with one of the package's errors,
// or what comes back is consistent: the digest of the bytes, a frame within
// the limits, an orientation of 1..8, and a thumbnail that decodes to at
// most ThumbSize on its long edge.
func FuzzAnalyze(f *testing.F) {
	img := scene(11, 48, 32)
	jpg := encodeJPEG(f, img, 75)
	f.Add(jpg)
	f.Add(withOrientation(f, jpg, 6))
	f.Add(encodePNG(f, img))
	f.Add(withPNGOrientation(encodePNG(f, img), 8))
	f.Add(encodePNG(f, grey(img)))
	f.Add(jpg[:len(jpg)/2])
	f.Add(encodeTIFF(f, img, tiff.Deflate))
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := analyze(bytes.NewReader(data), fuzzLimits)
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("error of no kind: %v", err)
			}
			return
		}
		if info.SHA256 != sha256.Sum256(data) {
			t.Error("SHA256 is not the digest of the input")
		}
		if info.Width <= 0 || info.Height <= 0 || int64(info.Width)*int64(info.Height) > fuzzLimits.pixels {
			t.Errorf("frame %dx%d outside the limits", info.Width, info.Height)
		}
		if info.Orientation < 1 || info.Orientation > 8 {
			t.Errorf("orientation %d", info.Orientation)
		}
		th, err := jpeg.DecodeConfig(bytes.NewReader(info.Thumb))
		if err != nil || th.Width < 1 || th.Height < 1 || max(th.Width, th.Height) > ThumbSize {
			t.Errorf("thumbnail %dx%d: %v", th.Width, th.Height, err)
		}
		if h, err := ParseHash(info.Hash.String()); err != nil || h != info.Hash {
			t.Errorf("hash %s does not read back: %v", info.Hash, err)
		}
	})
}

// FuzzOrientation feeds malformed segment chains and EXIF structures to the
// orientation readers, which must stay in bounds and answer 1..8.
func FuzzOrientation(f *testing.F) {
	jpg := encodeJPEG(f, scene(12, 16, 16), 75)
	f.Add(withOrientation(f, jpg, 6))
	f.Add(append(append([]byte{0xFF, 0xD8}, exifSegment(3, binary.LittleEndian)...), 0xFF, 0xD9))
	f.Add(withPNGOrientation(encodePNG(f, scene(12, 16, 16)), 5))
	f.Add(exifSegment(7, binary.BigEndian)[10:])
	f.Fuzz(func(t *testing.T, data []byte) {
		for name, read := range map[string]func([]byte) int{
			"JPEG": jpegOrientation, "PNG": pngOrientation, "TIFF": tiffOrientation,
		} {
			if o := read(data); o < 1 || o > 8 {
				t.Errorf("%s: orientation %d", name, o)
			}
		}
	})
}

// FuzzDecodeDC feeds malformed JPEGs to the DC decoder, seeded with the
// encoders' files of testdata. It must not panic, and what it decodes must
// be an eighth of the frame the header declares.
func FuzzDecodeDC(f *testing.F) {
	names, _ := filepath.Glob(filepath.Join("testdata", "*.jpg"))
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(encodeJPEG(f, scene(13, 40, 24), 80))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil || int64(cfg.Width)*int64(cfg.Height) > fuzzLimits.pixels {
			return // Analyze refuses these before decoding
		}
		img, err := decodeDC(data)
		if err != nil {
			return
		}
		if b := img.Bounds(); b.Dx() != (cfg.Width+7)/8 || b.Dy() != (cfg.Height+7)/8 {
			t.Errorf("DC image %v for a %dx%d frame", b, cfg.Width, cfg.Height)
		}
	})
}
