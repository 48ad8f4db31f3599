package photo

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math/rand/v2"
	"testing"
)

// A transform makes, from the decoded published file of a photo, the file of
// a copy of it as it might circulate: shrunk, recompressed, cropped, framed,
// made grey or brighter, or stored turned with an EXIF orientation that turns
// it back.
type transform struct {
	name string
	make func(t testing.TB, img *image.RGBA, r *rand.Rand) []byte
}

// required are the seven changes the fingerprint must survive (issue 16).
var required = []transform{
	{"resize 50%", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, halve(img), 90) }},
	{"quality 60", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, img, 60) }},
	{"crop 5% each side", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, crop(img, 0.05), 90) }},
	{"10-px border", func(t testing.TB, img *image.RGBA, r *rand.Rand) []byte { return encodeJPEG(t, border(img, 10, r), 90) }},
	{"greyscale", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, grey(img), 90) }},
	{"brightness +20%", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, brighten(img, 1.2), 90) }},
	{"EXIF orientation", func(t testing.TB, img *image.RGBA, r *rand.Rand) []byte {
		o := 2 + r.IntN(7)
		return withOrientation(t, encodeJPEG(t, unorient(img, o), 90), o)
	}},
}

// harder are changes reported, not required.
var harder = []transform{
	{"crop 10% each side", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, crop(img, 0.10), 90) }},
	{"crop 15% each side", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, crop(img, 0.15), 90) }},
	{"logo overlay", func(t testing.TB, img *image.RGBA, r *rand.Rand) []byte { return encodeJPEG(t, logo(img, r), 90) }},
	{"mirror", func(t testing.TB, img *image.RGBA, _ *rand.Rand) []byte { return encodeJPEG(t, mirror(img), 90) }},
}

func toRGBA(img image.Image) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(m, m.Rect, img, img.Bounds().Min, draw.Src)
	return m
}

func halve(img *image.RGBA) *image.RGBA {
	w, h := img.Rect.Dx()/2, img.Rect.Dy()/2
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			for k := range 4 {
				s := int(img.Pix[img.PixOffset(2*x, 2*y)+k]) + int(img.Pix[img.PixOffset(2*x+1, 2*y)+k]) +
					int(img.Pix[img.PixOffset(2*x, 2*y+1)+k]) + int(img.Pix[img.PixOffset(2*x+1, 2*y+1)+k])
				m.Pix[m.PixOffset(x, y)+k] = uint8((s + 2) / 4)
			}
		}
	}
	return m
}

func crop(img *image.RGBA, share float64) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	dx, dy := int(share*float64(w)), int(share*float64(h))
	return toRGBA(img.SubImage(image.Rect(dx, dy, w-dx, h-dy)))
}

func border(img *image.RGBA, px int, r *rand.Rand) *image.RGBA {
	cols := []color.RGBA{{0, 0, 0, 255}, {255, 255, 255, 255}, {128, 128, 128, 255}, {uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}}
	m := image.NewRGBA(image.Rect(0, 0, img.Rect.Dx()+2*px, img.Rect.Dy()+2*px))
	draw.Draw(m, m.Rect, image.NewUniform(cols[r.IntN(len(cols))]), image.Point{}, draw.Src)
	draw.Draw(m, img.Rect.Add(image.Pt(px, px)), img, image.Point{}, draw.Src)
	return m
}

func grey(img *image.RGBA) *image.Gray {
	m := image.NewGray(img.Rect)
	draw.Draw(m, m.Rect, img, image.Point{}, draw.Src)
	return m
}

func brighten(img *image.RGBA, f float64) *image.RGBA {
	m := toRGBA(img)
	for i := range m.Pix {
		if i%4 != 3 {
			m.Pix[i] = uint8(min(255, float64(m.Pix[i])*f+0.5))
		}
	}
	return m
}

func mirror(img *image.RGBA) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	m := image.NewRGBA(img.Rect)
	for y := range h {
		for x := range w {
			copy(m.Pix[m.PixOffset(w-1-x, y):][:4], img.Pix[img.PixOffset(x, y):][:4])
		}
	}
	return m
}

// logo lays an agency-style mark over a corner: an opaque box a fifth of the
// width, with lettering.
func logo(img *image.RGBA, r *rand.Rand) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	lw, lh := w/5, h/10
	c := newCanvas(lw, lh)
	bg, fg := randColor(r), randColor(r)
	for y := range lh {
		for x := range lw {
			c.blend(x, y, bg, 1)
		}
	}
	for k := range 5 {
		gx := float64(lw) * (0.1 + 0.16*float64(k))
		segment(c, gx, float64(lh)*0.2, gx+float64(lw)*0.1, float64(lh)*0.8, 3, fg, 1)
		segment(c, gx, float64(lh)*0.8, gx+float64(lw)*0.1, float64(lh)*0.5, 3, fg, 1)
	}
	m := toRGBA(img)
	at := image.Pt(w-lw-w/40, h-lh-h/40)
	draw.Draw(m, image.Rectangle{at, at.Add(image.Pt(lw, lh))}, c.image(), image.Point{}, draw.Src)
	return m
}

// unorient stores img so that showing it under orientation o gives img back.
func unorient(img *image.RGBA, o int) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	sw, sh := w, h
	if o >= 5 {
		sw, sh = h, w
	}
	m := image.NewRGBA(image.Rect(0, 0, sw, sh))
	for y := range sh {
		for x := range sw {
			dx, dy := orientPoint(o, x, y, sw, sh)
			copy(m.Pix[m.PixOffset(x, y):][:4], img.Pix[img.PixOffset(dx, dy):][:4])
		}
	}
	return m
}

// exifSegment is an APP1 Exif segment whose IFD0 holds one orientation tag.
func exifSegment(o int, bo binary.AppendByteOrder) []byte {
	t := []byte("II*\x00")
	if bo == binary.BigEndian {
		t = []byte("MM\x00*")
	}
	t = bo.AppendUint32(t, 8)
	t = bo.AppendUint16(t, 1)
	t = bo.AppendUint16(t, tagOrientation)
	t = bo.AppendUint16(t, 3)
	t = bo.AppendUint32(t, 1)
	t = bo.AppendUint16(t, uint16(o))
	t = bo.AppendUint16(t, 0)
	t = bo.AppendUint32(t, 0)
	seg := append([]byte("Exif\x00\x00"), t...)
	return append([]byte{0xFF, 0xE1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}, seg...)
}

// withOrientation inserts an EXIF orientation o right after the SOI of a JPEG.
func withOrientation(t testing.TB, jpg []byte, o int) []byte {
	t.Helper()
	if !bytes.HasPrefix(jpg, []byte{0xFF, 0xD8}) {
		t.Fatal("not a JPEG")
	}
	return append(append([]byte{0xFF, 0xD8}, exifSegment(o, binary.BigEndian)...), jpg[2:]...)
}

// decodeRGBA decodes a JPEG made by the tests.
func decodeRGBA(t testing.TB, b []byte) *image.RGBA {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return toRGBA(img)
}
