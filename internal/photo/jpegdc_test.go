package photo

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"
)

// TestDecodeDC checks the DC decoder against image/jpeg: each block mean it
// reads is within a level or two of the mean of the block image/jpeg
// decodes (the IDCT rounds, and chroma is upsampled differently), for every
// chroma subsampling and for grey.
func TestDecodeDC(t *testing.T) {
	src := scene(5, 203, 141) // sizes not multiples of 8 or 16
	cases := []struct {
		name string
		data []byte
	}{
		{"image/jpeg 4:2:0", encodeJPEG(t, src, 90)},
		{"image/jpeg grey", encodeJPEG(t, grey(src), 90)},
	}
	for _, name := range []string{"scene-444.jpg", "scene-422.jpg", "scene-420-restart.jpg", "scene-420-optimized-restart.jpg", "scene-grey-restart.jpg"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct {
			name string
			data []byte
		}{name, data})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data
			dc, err := decodeDC(data)
			if err != nil {
				t.Fatal(err)
			}
			full, err := jpeg.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if dc.Bounds().Dx() != (full.Bounds().Dx()+7)/8 || dc.Bounds().Dy() != (full.Bounds().Dy()+7)/8 {
				t.Fatalf("DC image %v for a frame %v", dc.Bounds(), full.Bounds())
			}
			worst := 0.0
			for k, pl := range planesOf(full) {
				small := planesOf(dc)[k]
				for j := range small.h {
					for i := range small.w {
						s, n := 0, 0
						for y := 8 * j; y < min(8*j+8, pl.h); y++ {
							for x := 8 * i; x < min(8*i+8, pl.w); x++ {
								s += int(pl.pix[y*pl.stride+x])
								n++
							}
						}
						d := float64(small.pix[j*small.stride+i]) - float64(s)/float64(n)
						worst = max(worst, d, -d)
					}
				}
			}
			// Edge blocks average the encoder's padding too; inner ones
			// should agree to a few levels.
			if worst > 8 {
				t.Errorf("a block mean differs by %.1f levels from image/jpeg's", worst)
			}
			t.Logf("largest difference %.1f levels", worst)
		})
	}
	// Progressive and cut-short files are left to image/jpeg.
	data := encodeJPEG(t, src, 90)
	if _, err := decodeDC(data[:len(data)-100]); err == nil {
		t.Error("truncated JPEG decoded")
	}
	prog, err := os.ReadFile(filepath.Join("testdata", "scene-progressive.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeDC(prog); !errors.Is(err, errDCUnsupported) {
		t.Errorf("progressive JPEG: err %v, want errDCUnsupported", err)
	}
}

// plane is one sample plane of a decoded JPEG.
type plane struct {
	pix          []uint8
	w, h, stride int
}

// planesOf returns the Y, Cb and Cr planes of a YCbCr image, or the one
// plane of a grey one.
func planesOf(img image.Image) []plane {
	switch m := img.(type) {
	case *image.Gray:
		return []plane{{m.Pix, m.Rect.Dx(), m.Rect.Dy(), m.Stride}}
	case *image.YCbCr:
		cw, ch := m.CStride, len(m.Cb)/m.CStride
		return []plane{{m.Y, m.Rect.Dx(), m.Rect.Dy(), m.YStride}, {m.Cb, cw, ch, m.CStride}, {m.Cr, cw, ch, m.CStride}}
	}
	panic("not a JPEG image")
}

// TestLargePhoto checks that a photo large enough to be decoded from its DC
// terms alone hashes as its smaller copies, fully decoded, do, and as it
// does decoded whole.
func TestLargePhoto(t *testing.T) {
	for _, seed := range []uint64{21, 22, 23} {
		big := enlarge(scene(seed, 800, 600), 4) // 3200x2400, past dcMinEdge
		file := encodeJPEG(t, big, 90)
		info, err := Analyze(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		if info.Width != 3200 || info.Height != 2400 {
			t.Errorf("size %dx%d, want 3200x2400", info.Width, info.Height)
		}
		full, err := jpeg.Decode(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		whole := hashOf(reduce(full, workSize))
		for _, tc := range []struct {
			name string
			h    Hash
		}{
			{"decoded whole", whole},
			{"resized 50%", mustHash(t, encodeJPEG(t, halve(big), 90), "50%")},
			{"resized 25%", mustHash(t, encodeJPEG(t, halve(halve(big)), 90), "25%")},
			{"quality 60", mustHash(t, encodeJPEG(t, big, 60), "q60")},
		} {
			d := Distance(info.Hash, tc.h)
			if d > SameMax {
				t.Errorf("picture %d, %s: distance %d > SameMax", seed, tc.name, d)
			}
			t.Logf("picture %d, %s: distance %d", seed, tc.name, d)
		}
	}
}

// enlarge scales img up k times, each pixel a k by k square.
func enlarge(img *image.RGBA, k int) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	m := image.NewRGBA(image.Rect(0, 0, k*w, k*h))
	for y := range k * h {
		for x := range k * w {
			copy(m.Pix[m.PixOffset(x, y):][:4], img.Pix[img.PixOffset(x/k, y/k):][:4])
		}
	}
	return m
}
