package photo

import "math"

// maxTrim is the largest share of each side that trim removes: a frame or
// mat wider than this is part of the picture.
const maxTrim = 0.25

// trim finds the rectangle of lum (w by h) left once uniform borders are cut
// off: rows and columns at each edge whose every sample is within a
// tolerance of the edge's first line. A frame added around a photo then
// leaves the same rectangle as the photo without it. The tolerance is a
// share of the image's own contrast, so that a brighter or greyscale copy
// trims alike.
func trim(lum []float32, w, h int) (x0, y0, x1, y1 int) {
	tol := tolerance(lum)
	x0, y0, x1, y1 = 0, 0, w, h
	line := func(x, y, dx, dy, n int) (lo, hi float32) {
		lo, hi = lum[y*w+x], lum[y*w+x]
		for range n {
			v := lum[y*w+x]
			lo, hi = min(lo, v), max(hi, v)
			x, y = x+dx, y+dy
		}
		return lo, hi
	}
	uniform := func(lo, hi, refLo, refHi float32) bool {
		return max(hi, refHi)-min(lo, refLo) <= tol
	}
	mw, mh := int(maxTrim*float64(w)), int(maxTrim*float64(h))
	rlo, rhi := line(0, 0, 1, 0, w)
	for y0 < mh {
		lo, hi := line(0, y0, 1, 0, w)
		if !uniform(lo, hi, rlo, rhi) {
			break
		}
		y0++
	}
	rlo, rhi = line(0, h-1, 1, 0, w)
	for h-y1 < mh {
		lo, hi := line(0, y1-1, 1, 0, w)
		if !uniform(lo, hi, rlo, rhi) {
			break
		}
		y1--
	}
	rlo, rhi = line(0, y0, 0, 1, y1-y0)
	for x0 < mw {
		lo, hi := line(x0, y0, 0, 1, y1-y0)
		if !uniform(lo, hi, rlo, rhi) {
			break
		}
		x0++
	}
	rlo, rhi = line(w-1, y0, 0, 1, y1-y0)
	for w-x1 < mw {
		lo, hi := line(x1-1, y0, 0, 1, y1-y0)
		if !uniform(lo, hi, rlo, rhi) {
			break
		}
		x1--
	}
	return x0, y0, x1, y1
}

// tolerance is the spread of samples along a line that still counts as
// uniform: a tenth of the standard deviation of lum, and at least 6 levels
// for JPEG noise on flat areas.
func tolerance(lum []float32) float32 {
	var s, ss float64
	for _, v := range lum {
		s += float64(v)
		ss += float64(v) * float64(v)
	}
	n := float64(len(lum))
	sd := math.Sqrt(max(0, ss/n-(s/n)*(s/n)))
	return float32(max(6, sd/10))
}
