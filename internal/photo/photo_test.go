package photo

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
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
