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

// edge is what band finds at one edge of a picture: run flat lines of
// colour c, which are a frame of k lines when they end in a step (else k is
// 0).
type edge struct {
	k, run int
	c      float32
}

// band looks for a frame at one edge of lum, up to limit lines deep: first
// is the index of the first sample of the edge line, step the distance
// between samples along a line, n their number, and next the distance from
// a line to the one inside it.
func band(lum []float32, first, step, n, next, limit int) edge {
	c, _, _ := lineStats(lum, first, step, n, 0)
	k := 0
	for ; k < limit; k++ {
		_, dev, most := lineStats(lum, first+k*next, step, n, c)
		if dev > flatTol || most > 4*flatTol {
			break
		}
	}
	e := edge{run: k, c: c}
	if k > 0 && k < limit && lineStep(lum, first+k*next, step, n, -next) >= edgeStep {
		e.k = k
	}
	return e
}

// pairBands decides how deep to cut at two opposite edges. A frame, a mat or
// a letterbox lies on both, in one colour: where both end in a step, each is
// cut; where one does and the other edge is flat in that colour at least as
// deep (the photo's own edge continues the frame there, so no step shows),
// both are cut as deep as the one. A crop that cuts into a flat area of the
// picture lays bare a band at one edge only, which stays.
func pairBands(a, b edge) (int, int) {
	if max(a.c-b.c, b.c-a.c) > 2*flatTol {
		return 0, 0
	}
	switch {
	case a.k > 0 && b.k > 0:
		return a.k, b.k
	case a.k > 0 && b.run >= a.k:
		return a.k, a.k
	case b.k > 0 && a.run >= b.k:
		return b.k, b.k
	}
	return 0, 0
}

// trim finds the rectangle of lum (w by h) left once frames are cut off,
// top and bottom first, then left and right of what is left.
func trim(lum []float32, w, h int) (x0, y0, x1, y1 int) {
	mw, mh := int(maxTrim*float64(w)), int(maxTrim*float64(h))
	top, bottom := pairBands(band(lum, 0, 1, w, w, mh), band(lum, (h-1)*w, 1, w, -w, mh))
	y0, y1 = top, h-bottom
	rows := y1 - y0
	left, right := pairBands(band(lum, y0*w, w, rows, 1, mw), band(lum, y0*w+w-1, w, rows, -1, mw))
	return left, y0, w - right, y1
}
