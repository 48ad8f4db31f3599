package photo

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"testing"

	"golang.org/x/image/tiff"
)

func encodeTIFF(t testing.TB, img image.Image, c tiff.CompressionType) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := tiff.Encode(&b, img, &tiff.Options{Compression: c}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// tiffFile builds a little-endian TIFF with one IFD of the given SHORT or
// LONG entries (tag, type, value) and pixel data after it.
func tiffFile(entries [][3]uint32, pixels []byte) []byte {
	le := binary.LittleEndian
	b := le.AppendUint32([]byte("II*\x00"), 8)
	b = le.AppendUint16(b, uint16(len(entries)))
	dataOff := uint32(8 + 2 + 12*len(entries) + 4)
	for _, e := range entries {
		b = le.AppendUint16(b, uint16(e[0]))
		b = le.AppendUint16(b, uint16(e[1]))
		b = le.AppendUint32(b, 1)
		v := e[2]
		if e[0] == 273 { // StripOffsets: where the pixels are
			v = dataOff
		}
		if e[1] == 3 {
			b = le.AppendUint16(b, uint16(v))
			b = le.AppendUint16(b, 0)
		} else {
			b = le.AppendUint32(b, v)
		}
	}
	b = le.AppendUint32(b, 0)
	return append(b, pixels...)
}

// TestAnalyzeTIFF checks that a TIFF, uncompressed or deflated, hashes as
// the same picture in JPEG does, that its orientation tag is applied, and
// that a TIFF claiming 200 megapixels is refused before decoding.
func TestAnalyzeTIFF(t *testing.T) {
	img := scene(31, 300, 200)
	want := mustHash(t, encodeJPEG(t, img, 90), "JPEG")
	for _, c := range []tiff.CompressionType{tiff.Uncompressed, tiff.Deflate} {
		info, err := Analyze(bytes.NewReader(encodeTIFF(t, img, c)))
		if err != nil {
			t.Fatalf("compression %d: %v", c, err)
		}
		if info.Width != 300 || info.Height != 200 || info.Orientation != 1 {
			t.Errorf("compression %d: %dx%d orientation %d", c, info.Width, info.Height, info.Orientation)
		}
		if d := Distance(info.Hash, want); d > 16 {
			t.Errorf("compression %d: distance %d from the JPEG", c, d)
		}
	}
	// An 8x4 grey TIFF with orientation 6 (shown turned a quarter right).
	entries := [][3]uint32{{256, 3, 8}, {257, 3, 4}, {258, 3, 8}, {259, 3, 1}, {262, 3, 1}, {273, 4, 0}, {274, 3, 6}, {277, 3, 1}, {278, 3, 4}, {279, 4, 32}}
	info, err := Analyze(bytes.NewReader(tiffFile(entries, make([]byte, 32))))
	if err != nil {
		t.Fatal(err)
	}
	if info.Orientation != 6 || info.Width != 8 || info.Height != 4 {
		t.Errorf("oriented TIFF: %dx%d orientation %d, want 8x4 orientation 6", info.Width, info.Height, info.Orientation)
	}
	bomb := [][3]uint32{{256, 4, 20000}, {257, 4, 10000}, {258, 3, 8}, {259, 3, 1}, {262, 3, 1}, {273, 4, 0}, {277, 3, 1}, {278, 4, 10000}, {279, 4, 200_000_000}}
	if _, err := Analyze(bytes.NewReader(tiffFile(bomb, nil))); !errors.Is(err, ErrTooLarge) {
		t.Errorf("200-megapixel TIFF: err %v, want ErrTooLarge", err)
	}
	if _, err := Analyze(bytes.NewReader(tiffFile(entries, make([]byte, 10)))); !errors.Is(err, ErrCorrupt) {
		t.Errorf("TIFF cut short: err %v, want ErrCorrupt", err)
	}
}
