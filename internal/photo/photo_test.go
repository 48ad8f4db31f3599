package photo

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func encodeJPEG(t testing.TB, img image.Image, q int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestAnalyzeBasic(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 900, 600))
	for y := range 600 {
		for x := range 900 {
			img.Set(x, y, color.RGBA{uint8(x / 4), uint8(y / 3), uint8((x + y) % 256), 255})
		}
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"jpeg", encodeJPEG(t, img, 90)},
		{"png", encodePNG(t, img)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, err := Analyze(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			if info.Width != 900 || info.Height != 600 || info.Orientation != 1 {
				t.Errorf("got %dx%d orientation %d, want 900x600 orientation 1", info.Width, info.Height, info.Orientation)
			}
			th, err := jpeg.DecodeConfig(bytes.NewReader(info.Thumb))
			if err != nil {
				t.Fatalf("thumbnail: %v", err)
			}
			if th.Width != ThumbSize || th.Height != 213 {
				t.Errorf("thumbnail %dx%d, want %dx213", th.Width, th.Height, ThumbSize)
			}
			h, err := ParseHash(info.Hash.String())
			if err != nil || h != info.Hash {
				t.Errorf("ParseHash(%s) = %s, %v", info.Hash, h, err)
			}
		})
	}
	if _, err := Analyze(bytes.NewReader([]byte("GIF89a not read"))); !errors.Is(err, ErrFormat) {
		t.Errorf("GIF: err %v, want ErrFormat", err)
	}
}

// TestAnalyzeFile checks that a file on disk reads as its bytes do, and that
// errors name the file.
func TestAnalyzeFile(t *testing.T) {
	data := encodeJPEG(t, scene(8, 120, 90), 90)
	path := filepath.Join(t.TempDir(), "a.jpg")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := AnalyzeFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Analyze(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got.SHA256 != want.SHA256 || got.Hash != want.Hash || !bytes.Equal(got.Thumb, want.Thumb) {
		t.Error("AnalyzeFile differs from Analyze of the same bytes")
	}
	bad := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(bad, []byte("no picture"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := AnalyzeFile(bad); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), bad) {
		t.Errorf("AnalyzeFile(%s): err %v, want ErrFormat naming the file", bad, err)
	}
}

// TestAnalyzeHostile checks that files that are not images, are cut short,
// or claim a frame too large to decode are refused with the error a caller
// can map to a client error, before the frame is allocated.
func TestAnalyzeHostile(t *testing.T) {
	img := scene(7, 200, 150)
	jpg := encodeJPEG(t, img, 90)
	pngFile := encodePNG(t, img)
	// A JPEG whose SOF0 claims 20000x10000, 200 megapixels.
	bomb := bytes.Clone(jpg)
	sof := bytes.Index(bomb, []byte{0xFF, 0xC0})
	if sof < 0 {
		t.Fatal("no SOF0 in the test JPEG")
	}
	binary.BigEndian.PutUint16(bomb[sof+5:], 10000)
	binary.BigEndian.PutUint16(bomb[sof+7:], 20000)
	// A PNG whose IHDR claims the same, with no pixel data.
	ihdr := binary.BigEndian.AppendUint32(nil, 20000)
	ihdr = binary.BigEndian.AppendUint32(ihdr, 10000)
	ihdr = append(ihdr, 8, 2, 0, 0, 0)
	pngBomb := append(append([]byte("\x89PNG\r\n\x1a\n"), pngChunk("IHDR", ihdr)...), pngChunk("IEND", nil)...)
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrFormat},
		{"text", []byte("Aleppo, Syria: smoke rises over the old city"), ErrFormat},
		{"GIF", []byte("GIF89a\x01\x00\x01\x00"), ErrFormat},
		{"JPEG signature only", []byte{0xFF, 0xD8, 0xFF}, ErrCorrupt},
		{"truncated JPEG", jpg[:len(jpg)/2], ErrCorrupt},
		{"truncated PNG", pngFile[:len(pngFile)/2], ErrCorrupt},
		{"200-megapixel JPEG", bomb, ErrTooLarge},
		{"200-megapixel PNG", pngBomb, ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Analyze(bytes.NewReader(tc.data))
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
	// A file over the byte limit is refused without being read further, and
	// a server's lower pixel limit holds.
	if _, err := AnalyzeLimit(bytes.NewReader(jpg), int64(len(jpg)-1), MaxPixels); !errors.Is(err, ErrTooLarge) {
		t.Errorf("file over the byte limit: err = %v, want ErrTooLarge", err)
	}
	if _, err := AnalyzeLimit(bytes.NewReader(jpg), MaxBytes, 200*150-1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("frame over the pixel limit: err = %v, want ErrTooLarge", err)
	}
	if _, err := AnalyzeLimit(bytes.NewReader(jpg), MaxBytes, 200*150); err != nil {
		t.Errorf("frame at the pixel limit: %v", err)
	}
}

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"\xFF\xD8\xFF\xE0", true},
		{"\x89PNG\r\n\x1a\n", true},
		{"II*\x00", true},
		{"MM\x00*", true},
		{"\xFF\xD8", false},
		{"GIF89a", false},
		{"%PDF-1.7", false},
		{"", false},
	} {
		if got := Sniff([]byte(tc.in)); got != tc.want {
			t.Errorf("Sniff(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestSHA256 checks that the digest covers every byte of the file, trailing
// bytes after the image included.
func TestSHA256(t *testing.T) {
	file := append(encodeJPEG(t, scene(3, 64, 48), 90), "trailer"...)
	info, err := Analyze(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if info.SHA256 != sha256.Sum256(file) {
		t.Errorf("SHA256 %x, want %x", info.SHA256, sha256.Sum256(file))
	}
}

// TestAnalyzeBytes: a file already in memory, with its SHA-256, is
// analysed as Analyze reads it.
func TestAnalyzeBytes(t *testing.T) {
	for _, file := range [][]byte{encodeJPEG(t, scene(4, 640, 480), 90), encodePNG(t, scene(5, 300, 200))} {
		want, err := Analyze(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		got, err := AnalyzeBytes(file, sha256.Sum256(file))
		if err != nil || got.Hash != want.Hash || got.SHA256 != want.SHA256 || got.Width != want.Width || !bytes.Equal(got.Thumb, want.Thumb) {
			t.Errorf("AnalyzeBytes = %x %dx%d %v, %v; Analyze = %x %dx%d %v", got.SHA256, got.Width, got.Height, got.Hash, err, want.SHA256, want.Width, want.Height, want.Hash)
		}
	}
	if _, err := AnalyzeBytes([]byte("not an image"), [32]byte{}); !errors.Is(err, ErrFormat) {
		t.Errorf("AnalyzeBytes(text) error %v, want ErrFormat", err)
	}
}

func TestHashText(t *testing.T) {
	info, err := Analyze(bytes.NewReader(encodeJPEG(t, scene(9, 64, 64), 90)))
	if err != nil {
		t.Fatal(err)
	}
	s := info.Hash.String()
	if len(s) != 128 || strings.ToLower(s) != s {
		t.Errorf("String() = %q, want 128 lowercase hex digits", s)
	}
	for _, bad := range []string{"", s[:127], s + "0", "g" + s[1:], strings.ToUpper(s[:1]) + s[1:] + "z"} {
		if _, err := ParseHash(bad); err == nil {
			t.Errorf("ParseHash(%q) accepted", bad)
		}
	}
}

// TestDistance checks the properties a caller relies on: 0 to itself,
// symmetric, and a mirrored hash at 0.
func TestDistance(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		var a, b Hash
		for i := range a {
			a[i], b[i] = r.Uint64(), r.Uint64()
		}
		if d := Distance(a, a); d != 0 {
			t.Fatalf("Distance(a, a) = %d", d)
		}
		if Distance(a, b) != Distance(b, a) {
			t.Fatalf("Distance not symmetric: %d, %d", Distance(a, b), Distance(b, a))
		}
		if d := Distance(a, Mirror(a)); d != 0 || Mirror(Mirror(a)) != a {
			t.Fatalf("Distance(a, Mirror(a)) = %d", d)
		}
		if d := Distance(a, b); d < 0 || d > 256 {
			t.Fatalf("Distance %d out of 0..256", d)
		}
	}
}

// TestTransparentPNG checks that transparent pixels read as white, the page
// they are shown on, in the thumbnail.
func TestTransparentPNG(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 40, 20))
	for i := range img.Pix {
		img.Pix[i] = 0 // transparent black
	}
	info, err := Analyze(bytes.NewReader(encodePNG(t, img)))
	if err != nil {
		t.Fatal(err)
	}
	th, err := jpeg.Decode(bytes.NewReader(info.Thumb))
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := th.At(20, 10).RGBA(); r>>8 < 250 || g>>8 < 250 || b>>8 < 250 {
		t.Errorf("transparent pixel thumbnailed as %d,%d,%d, want white", r>>8, g>>8, b>>8)
	}
}
