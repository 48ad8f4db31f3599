package photo

// Border trimming. A frame added around a photo (a mat, a letterbox, the
// black band of a screenshot) changes every frequency of the picture, so the
// fingerprint is taken of what is left once such bands are cut off. Only a
// band that ends in an edge is cut: lines of one flat colour followed by a
// line that steps away from the last of them, as where a frame meets the
// photo. The flat rows at the top of a smooth gradient (a clear sky shading
// off) drift from their colour a level at a time and end in no step, so
// they stay, and the copies of such a photo, brighter or darker, are not cut
// differently from it.
const (
	// maxTrim is the largest share of each side that is cut: a frame wider
	// than this is part of the picture.
	maxTrim = 0.25
	// flatTol is how far, in levels of 255, the samples of a band line may
	// stray from its colour on average (JPEG noise on a flat area is a level
	// or two), and four times it the most any one sample may (ringing next
	// to the edge).
	flatTol = 4
	// edgeStep is how far on average the first line past a band must differ
	// from the last line of it for the band to count as a frame: a frame
	// meeting a low-contrast photo steps by 7 or 8 levels, a gradient by
	// one or two at the reduced size.
	edgeStep = 6
)

// lineStats returns the mean and the mean and largest absolute deviation
// from c of the n samples of lum starting at i, step apart.
func lineStats(lum []float32, i, step, n int, c float32) (mean, dev, most float32) {
	for range n {
		v := lum[i]
		d := v - c
		if d < 0 {
			d = -d
		}
		mean += v
		dev += d
		most = max(most, d)
		i += step
	}
	return mean / float32(n), dev / float32(n), most
}

// lineStep is the mean absolute difference between the n samples, step
// apart, of the line starting at i and those of the line off from it.
func lineStep(lum []float32, i, step, n, off int) float32 {
	var s float32
	for range n {
		d := lum[i] - lum[i+off]
		if d < 0 {
			d = -d
		}
		s += d
		i += step
	}
	return s / float32(n)
}

// band returns the number of lines, up to limit, of a frame at one edge of
// lum: first is the index of the first sample of the edge line, step the
// distance between samples along a line, n their number, and next the
// distance from a line to the one inside it. It is 0 when the edge has no
// frame.
func band(lum []float32, first, step, n, next, limit int) int {
	c, _, _ := lineStats(lum, first, step, n, 0)
	k := 0
	for ; k < limit; k++ {
		_, dev, most := lineStats(lum, first+k*next, step, n, c)
		if dev > flatTol || most > 4*flatTol {
			break
		}
	}
	if k == 0 || k == limit {
		return 0
	}
	if lineStep(lum, first+k*next, step, n, -next) < edgeStep {
		return 0
	}
	return k
}

// trim finds the rectangle of lum (w by h) left once frames are cut off at
// each edge, top and bottom first, then left and right of what is left.
func trim(lum []float32, w, h int) (x0, y0, x1, y1 int) {
	mw, mh := int(maxTrim*float64(w)), int(maxTrim*float64(h))
	y0 = band(lum, 0, 1, w, w, mh)
	y1 = h - band(lum, (h-1)*w, 1, w, -w, mh)
	rows := y1 - y0
	x0 = band(lum, y0*w, w, rows, 1, mw)
	x1 = w - band(lum, y0*w+w-1, w, rows, -1, mw)
	return x0, y0, x1, y1
}
