package photo

import (
	"image"
	"image/color"
	"image/draw"
)

// workSize is the long edge, in pixels, below which a decoded image is not
// reduced further by the box filter: everything sijil derives from the pixels
// (a 64x64 grid for the fingerprint, a 320-px thumbnail) is made from this
// working copy, which is between workSize and twice it on its long edge.
const workSize = 512

// planes is an RGB image of float32 samples in 0..255, one slice per channel.
// Float samples keep the box averages exact until the last step.
type planes struct {
	w, h    int
	r, g, b []float32
}

func newPlanes(w, h int) *planes {
	return &planes{w: w, h: h, r: make([]float32, w*h), g: make([]float32, w*h), b: make([]float32, w*h)}
}

// span is the half-open range [lo, hi) of source samples one output cell
// averages.
type span struct{ lo, hi int }

// cells splits n luma samples into cells of f (the last may be shorter) and
// returns, for each, the samples it covers on a plane subsampled by sub
// holding n2 samples. Every cell covers at least one sample, so a chroma cell
// narrower than a chroma sample (f < sub) takes the sample under it.
func cells(n, f, sub, n2 int) []span {
	c := make([]span, (n+f-1)/f)
	for i := range c {
		lo := min(i*f/sub, n2-1)
		hi := min(((i+1)*f+sub-1)/sub, n2)
		if i == len(c)-1 {
			hi = n2
		}
		c[i] = span{lo, max(hi, lo+1)}
	}
	return c
}

// boxPlane averages the 8-bit plane pix (stride, rows from 0) over the cells
// xs by ys into dst, len(xs) wide.
func boxPlane(dst []float32, pix []uint8, stride int, xs, ys []span) {
	ow := len(xs)
	if ow > 0 && xs[ow-1].hi == ow && ys[len(ys)-1].hi == len(ys) {
		// One sample a cell: a copy (images smaller than twice workSize).
		for y := range ys {
			for x, v := range pix[y*stride : y*stride+ow] {
				dst[y*ow+x] = float32(v)
			}
		}
		return
	}
	sum := make([]uint32, ow)
	for oy, ry := range ys {
		clear(sum)
		for y := ry.lo; y < ry.hi; y++ {
			row := pix[y*stride:]
			for ox, rx := range xs {
				var s uint32
				for _, v := range row[rx.lo:rx.hi] {
					s += uint32(v)
				}
				sum[ox] += s
			}
		}
		rows := float32(ry.hi - ry.lo)
		for ox, rx := range xs {
			dst[oy*ow+ox] = float32(sum[ox]) / (rows * float32(rx.hi-rx.lo))
		}
	}
}

// reduce box-filters img by the largest integer factor that keeps its long
// edge at least size (or leaves it whole when it is smaller). The cost is one
// read of every decoded sample, which for a JPEG is far less than decoding.
func reduce(img image.Image, size int) *planes {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	f := max(1, max(w, h)/size)
	if m, ok := img.(*image.YCbCr); ok {
		return reduceYCbCr(m, f)
	}
	return reduceAny(img, f)
}

// reduceYCbCr averages Y, Cb and Cr separately and converts the averages to
// RGB: the conversion is affine, so this equals averaging RGB, without a
// colour conversion per decoded pixel.
func reduceYCbCr(m *image.YCbCr, f int) *planes {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	sx, sy := 1, 1
	switch m.SubsampleRatio {
	case image.YCbCrSubsampleRatio422:
		sx = 2
	case image.YCbCrSubsampleRatio420:
		sx, sy = 2, 2
	case image.YCbCrSubsampleRatio440:
		sy = 2
	case image.YCbCrSubsampleRatio411:
		sx = 4
	case image.YCbCrSubsampleRatio410:
		sx, sy = 4, 2
	}
	cw, ch := (w+sx-1)/sx, (h+sy-1)/sy
	xs, ys := cells(w, f, 1, w), cells(h, f, 1, h)
	p := newPlanes(len(xs), len(ys))
	boxPlane(p.r, m.Y[m.YOffset(m.Rect.Min.X, m.Rect.Min.Y):], m.YStride, xs, ys)
	cxs, cys := cells(w, f, sx, cw), cells(h, f, sy, ch)
	coff := m.COffset(m.Rect.Min.X, m.Rect.Min.Y)
	boxPlane(p.g, m.Cb[coff:], m.CStride, cxs, cys)
	boxPlane(p.b, m.Cr[coff:], m.CStride, cxs, cys)
	for i := range p.r {
		y, cb, cr := p.r[i], p.g[i]-128, p.b[i]-128
		p.r[i] = clamp(y + 1.402*cr)
		p.g[i] = clamp(y - 0.344136*cb - 0.714136*cr)
		p.b[i] = clamp(y + 1.772*cb)
	}
	return p
}

// reduceAny reduces any other image a band of f rows at a time, drawn over
// white into an RGBA strip by image/draw (which has fast paths for the types
// PNG decodes to): memory stays at one strip whatever the frame size, and
// transparent pixels read as the white page they are usually shown on.
func reduceAny(img image.Image, f int) *planes {
	r := img.Bounds()
	w, h := r.Dx(), r.Dy()
	xs, ys := cells(w, f, 1, w), cells(h, f, 1, h)
	ow := len(xs)
	p := newPlanes(ow, len(ys))
	strip := image.NewRGBA(image.Rect(0, 0, w, f))
	sum := make([]uint32, 3*ow)
	for oy, ry := range ys {
		rows := ry.hi - ry.lo
		draw.Draw(strip, strip.Rect, image.NewUniform(color.White), image.Point{}, draw.Src)
		draw.Draw(strip, image.Rect(0, 0, w, rows), img, image.Pt(r.Min.X, r.Min.Y+ry.lo), draw.Over)
		clear(sum)
		for y := range rows {
			row := strip.Pix[y*strip.Stride:]
			for ox, rx := range xs {
				for x := rx.lo; x < rx.hi; x++ {
					sum[3*ox] += uint32(row[4*x])
					sum[3*ox+1] += uint32(row[4*x+1])
					sum[3*ox+2] += uint32(row[4*x+2])
				}
			}
		}
		for ox, rx := range xs {
			n := float32(rows * (rx.hi - rx.lo))
			i := oy*ow + ox
			p.r[i], p.g[i], p.b[i] = float32(sum[3*ox])/n, float32(sum[3*ox+1])/n, float32(sum[3*ox+2])/n
		}
	}
	return p
}

func clamp(v float32) float32 {
	return min(max(v, 0), 255)
}
