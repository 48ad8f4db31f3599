package photo

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math"
)

// ThumbSize is the long edge of a thumbnail, in pixels; smaller images keep
// their size.
const ThumbSize = 320

// thumbQuality is the JPEG quality of thumbnails: at 320 px, 80 leaves no
// visible blocking and keeps a thumbnail near 15-25 KB.
const thumbQuality = 80

// tap is one source sample's weight in an output sample.
type tap struct {
	i int
	w float32
}

// areaTaps gives, for each of n outputs covering the source interval
// [lo, hi), the source samples it overlaps weighted by the overlap (area
// averaging: a box filter of the output pixel's footprint, exact for any
// ratio of sizes).
func areaTaps(lo, hi float64, n int) [][]tap {
	taps := make([][]tap, n)
	step := (hi - lo) / float64(n)
	for o := range taps {
		a, b := lo+float64(o)*step, lo+float64(o+1)*step
		var t []tap
		for i := int(math.Floor(a)); float64(i) < b; i++ {
			w := math.Min(b, float64(i+1)) - math.Max(a, float64(i))
			if w > 1e-6 {
				t = append(t, tap{i, float32(w / step)})
			}
		}
		taps[o] = t
	}
	return taps
}

// resample area-averages the rectangle [x0,x1)x[y0,y1) of the w-wide plane
// src to ow by oh, horizontally then vertically.
func resample(src []float32, w int, x0, y0, x1, y1 float64, ow, oh int) []float32 {
	xt, yt := areaTaps(x0, x1, ow), areaTaps(y0, y1, oh)
	rlo, rhi := yt[0][0].i, yt[oh-1][len(yt[oh-1])-1].i+1
	tmp := make([]float32, (rhi-rlo)*ow)
	for y := rlo; y < rhi; y++ {
		row := src[y*w:]
		out := tmp[(y-rlo)*ow:]
		for o, t := range xt {
			var s float32
			for _, k := range t {
				s += row[k.i] * k.w
			}
			out[o] = s
		}
	}
	dst := make([]float32, ow*oh)
	for o, t := range yt {
		out := dst[o*ow : (o+1)*ow]
		for _, k := range t {
			row := tmp[(k.i-rlo)*ow:]
			for x := range out {
				out[x] += row[x] * k.w
			}
		}
	}
	return dst
}

// orient turns p as EXIF orientation o asks (TIFF 6.0 tag 274: where the
// stored rows and columns go when shown), so that what is hashed and
// thumbnailed is the picture as seen.
func orient(p *planes, o int) *planes {
	if o < 2 || o > 8 {
		return p
	}
	w, h := p.w, p.h
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	q := newPlanes(ow, oh)
	for y := range h {
		for x := range w {
			dx, dy := orientPoint(o, x, y, w, h)
			s, d := y*w+x, dy*ow+dx
			q.r[d], q.g[d], q.b[d] = p.r[s], p.g[s], p.b[s]
		}
	}
	return q
}

// orientPoint is where the stored pixel (x, y) of a w by h image is shown
// under orientation o.
func orientPoint(o, x, y, w, h int) (int, int) {
	switch o {
	case 2:
		return w - 1 - x, y
	case 3:
		return w - 1 - x, h - 1 - y
	case 4:
		return x, h - 1 - y
	case 5:
		return y, x
	case 6:
		return h - 1 - y, x
	case 7:
		return h - 1 - y, w - 1 - x
	case 8:
		return y, w - 1 - x
	}
	return x, y
}

// thumbnail encodes p, reduced to ThumbSize on its long edge, as a JPEG.
func thumbnail(p *planes) ([]byte, error) {
	tw, th := p.w, p.h
	if long := max(tw, th); long > ThumbSize {
		tw = max(1, int(math.Round(float64(tw)*ThumbSize/float64(long))))
		th = max(1, int(math.Round(float64(th)*ThumbSize/float64(long))))
	}
	fw, fh := float64(p.w), float64(p.h)
	r := resample(p.r, p.w, 0, 0, fw, fh, tw, th)
	g := resample(p.g, p.w, 0, 0, fw, fh, tw, th)
	b := resample(p.b, p.w, 0, 0, fw, fh, tw, th)
	img := image.NewRGBA(image.Rect(0, 0, tw, th))
	for i := range r {
		img.Pix[4*i] = uint8(clamp(r[i]) + 0.5)
		img.Pix[4*i+1] = uint8(clamp(g[i]) + 0.5)
		img.Pix[4*i+2] = uint8(clamp(b[i]) + 0.5)
		img.Pix[4*i+3] = 255
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: thumbQuality}); err != nil {
		return nil, fmt.Errorf("photo: thumbnail: %w", err)
	}
	return buf.Bytes(), nil
}
