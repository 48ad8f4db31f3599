package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math/rand/v2"
	"testing"

	"sijil/internal/photo"
)

// scene draws a distinct picture for seed: a patchwork of colours, and a
// score of rectangles and discs of random colours, sizes and places over
// it, as a street scene has buildings, vehicles and people.
func scene(seed uint64, w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 7))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	// A patchwork of walls and ground first: a frame edge of one flat
	// colour would be taken for a border and trimmed.
	for y := 0; y < h; y += h / 6 {
		for x := 0; x < w; x += w / 8 {
			draw.Draw(img, image.Rect(x, y, x+w/8, y+h/6), &image.Uniform{randRGB(r)}, image.Point{}, draw.Src)
		}
	}
	for range 12 + r.IntN(8) {
		c := &image.Uniform{randRGB(r)}
		x, y := r.IntN(w), r.IntN(h)
		bw, bh := w/20+r.IntN(w/4), h/20+r.IntN(h/3)
		if r.IntN(3) == 0 {
			disc(img, x, y, bw/2, c.C)
			continue
		}
		draw.Draw(img, image.Rect(x, y, x+bw, y+bh), c, image.Point{}, draw.Over)
	}
	return img
}

func randRGB(r *rand.Rand) color.RGBA {
	return color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
}

func disc(img *image.RGBA, cx, cy, rad int, c color.Color) {
	for y := cy - rad; y <= cy+rad; y++ {
		for x := cx - rad; x <= cx+rad; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= rad*rad && image.Pt(x, y).In(img.Rect) {
				img.Set(x, y, c)
			}
		}
	}
}

// The transformed copies the issue names: each must be found as the same
// picture as its original.
var transforms = []struct {
	name string
	fn   func(*image.RGBA) image.Image
	q    int // JPEG quality of the copy
}{
	{"resized 50%", half, 90},
	{"recompressed q60", func(m *image.RGBA) image.Image { return m }, 60},
	{"cropped 5%", func(m *image.RGBA) image.Image { return cropShare(m, 0.05) }, 90},
	{"10 px border", func(m *image.RGBA) image.Image { return bordered(m, 10) }, 90},
	{"greyscale", grey, 90},
	{"brightness +20%", func(m *image.RGBA) image.Image { return brighter(m, 1.2) }, 90},
	{"mirrored", mirrored, 90}, // a harder case: found through QueryKeys
}

func mirrored(m *image.RGBA) image.Image {
	b := m.Bounds()
	out := image.NewRGBA(b)
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.SetRGBA(b.Dx()-1-x, y, m.RGBAAt(x, y))
		}
	}
	return out
}

func half(m *image.RGBA) image.Image {
	b := m.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			var s [3]int
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				c := m.RGBAAt(2*x+d[0], 2*y+d[1])
				s[0], s[1], s[2] = s[0]+int(c.R), s[1]+int(c.G), s[2]+int(c.B)
			}
			out.SetRGBA(x, y, color.RGBA{uint8(s[0] / 4), uint8(s[1] / 4), uint8(s[2] / 4), 255})
		}
	}
	return out
}

func cropShare(m *image.RGBA, share float64) image.Image {
	b := m.Bounds()
	dx, dy := int(float64(b.Dx())*share), int(float64(b.Dy())*share)
	return m.SubImage(image.Rect(dx, dy, b.Dx()-dx, b.Dy()-dy))
}

func bordered(m *image.RGBA, px int) image.Image {
	b := m.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()+2*px, b.Dy()+2*px))
	draw.Draw(out, out.Rect, image.White, image.Point{}, draw.Src)
	draw.Draw(out, b.Add(image.Pt(px, px)), m, image.Point{}, draw.Src)
	return out
}

func grey(m *image.RGBA) image.Image {
	out := image.NewGray(m.Bounds())
	draw.Draw(out, out.Rect, m, image.Point{}, draw.Src)
	return out
}

func brighter(m *image.RGBA, f float64) image.Image {
	out := image.NewRGBA(m.Bounds())
	for i, v := range m.Pix {
		if i%4 == 3 {
			out.Pix[i] = v
			continue
		}
		out.Pix[i] = uint8(min(255, float64(v)*f))
	}
	return out
}

func encode(t testing.TB, img image.Image, q int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func analyze(t testing.TB, file []byte) photo.Info {
	t.Helper()
	info, err := photo.Analyze(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	return info
}
