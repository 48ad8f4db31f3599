package photo

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"testing"
)

// pngChunk returns a PNG chunk of type typ holding data, with its CRC.
func pngChunk(typ string, data []byte) []byte {
	c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	c = append(c, typ...)
	c = append(c, data...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}

// withPNGOrientation inserts an eXIf chunk holding orientation o right after
// the IHDR chunk of a PNG.
func withPNGOrientation(p []byte, o int) []byte {
	const ihdrEnd = 8 + 8 + 13 + 4
	seg := exifSegment(o, binary.LittleEndian)
	ch := pngChunk("eXIf", seg[4+6:]) // no APP1 header, no "Exif\0\0"
	return append(append(append([]byte{}, p[:ihdrEnd]...), ch...), p[ihdrEnd:]...)
}

func TestOrientation(t *testing.T) {
	small := image.NewRGBA(image.Rect(0, 0, 8, 8))
	jpg := encodeJPEG(t, small, 90)
	png := encodePNG(t, small)
	for o := 1; o <= 8; o++ {
		if got := jpegOrientation(withOrientation(t, jpg, o)); got != o {
			t.Errorf("JPEG, big-endian EXIF, orientation %d: read %d", o, got)
		}
		le := append(append([]byte{0xFF, 0xD8}, exifSegment(o, binary.LittleEndian)...), jpg[2:]...)
		if got := jpegOrientation(le); got != o {
			t.Errorf("JPEG, little-endian EXIF, orientation %d: read %d", o, got)
		}
		if got := pngOrientation(withPNGOrientation(png, o)); got != o {
			t.Errorf("PNG eXIf, orientation %d: read %d", o, got)
		}
	}
	tiff := exifSegment(6, binary.BigEndian)[4+6:]
	set := func(off int, b ...byte) []byte {
		c := bytes.Clone(tiff)
		copy(c[off:], b)
		return c
	}
	for _, tc := range []struct {
		name string
		tiff []byte
		want int
	}{
		{"well formed", tiff, 6},
		{"no byte order", set(0, 'X', 'X'), 1},
		{"IFD past the end", set(4, 0, 0, 0xFF, 0xFF), 1},
		{"IFD inside the header", set(4, 0, 0, 0, 2), 1},
		{"entry count past the end, read while in bounds", set(8, 0xFF, 0xFF), 6},
		{"entry count past the end, no orientation", set(8, 0xFF, 0xFF, 0x01, 0x13), 1},
		{"type LONG", set(12, 0, 4), 1},
		{"two values", set(14, 0, 0, 0, 2), 1},
		{"value 9", set(18, 0, 9), 1},
		{"value 0", set(18, 0, 0), 1},
		{"other tag", set(10, 0x01, 0x13), 1},
		{"truncated entry", tiff[:16], 1},
		{"empty", nil, 1},
	} {
		if got := tiffOrientation(tc.tiff); got != tc.want {
			t.Errorf("%s: orientation %d, want %d", tc.name, got, tc.want)
		}
	}
	// A segment whose length runs past the end of the file, and a file that
	// ends inside a marker, read as unturned.
	bad := withOrientation(t, jpg, 6)
	binary.BigEndian.PutUint16(bad[4:], 0xFFFF)
	if got := jpegOrientation(bad); got != 1 {
		t.Errorf("APP1 longer than the file: orientation %d, want 1", got)
	}
	if got := jpegOrientation(withOrientation(t, jpg, 6)[:5]); got != 1 {
		t.Errorf("cut inside APP1: orientation %d, want 1", got)
	}
}

// TestAnalyzeOrientation checks that Info keeps the stored size while the
// thumbnail is turned upright.
func TestAnalyzeOrientation(t *testing.T) {
	img := scene(99, 300, 200)
	for o := 1; o <= 8; o++ {
		file := withOrientation(t, encodeJPEG(t, unorient(img, o), 90), o)
		info, err := Analyze(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		sw, sh := 300, 200
		if o >= 5 {
			sw, sh = 200, 300
		}
		if info.Orientation != o || info.Width != sw || info.Height != sh {
			t.Errorf("orientation %d: got orientation %d, %dx%d; want %dx%d", o, info.Orientation, info.Width, info.Height, sw, sh)
		}
		th, err := jpeg.DecodeConfig(bytes.NewReader(info.Thumb))
		if err != nil || th.Width != 300 || th.Height != 200 {
			t.Errorf("orientation %d: thumbnail %dx%d (%v), want 300x200 upright", o, th.Width, th.Height, err)
		}
	}
}
