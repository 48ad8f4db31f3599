package photo

import (
	"image"
	"math"
	"math/rand/v2"
)

// The tests draw their own photos: scenes of gradients, noise textures,
// shapes and text-like strokes, each from its own seed, so that several
// hundred genuinely different pictures can be made without fixture files.

// canvas is an RGB drawing surface with float samples in 0..1.
type canvas struct {
	w, h int
	pix  []float64 // 3 per pixel
}

func newCanvas(w, h int) *canvas { return &canvas{w: w, h: h, pix: make([]float64, 3*w*h)} }

func (c *canvas) blend(x, y int, col [3]float64, a float64) {
	i := 3 * (y*c.w + x)
	for k := range 3 {
		c.pix[i+k] = c.pix[i+k]*(1-a) + col[k]*a
	}
}

func (c *canvas) image() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
	for i := range c.w * c.h {
		for k := range 3 {
			img.Pix[4*i+k] = uint8(math.Round(255 * min(max(c.pix[3*i+k], 0), 1)))
		}
		img.Pix[4*i+3] = 255
	}
	return img
}

func randColor(r *rand.Rand) [3]float64 { return [3]float64{r.Float64(), r.Float64(), r.Float64()} }

func mix(a, b [3]float64, t float64) [3]float64 {
	return [3]float64{a[0]*(1-t) + b[0]*t, a[1]*(1-t) + b[1]*t, a[2]*(1-t) + b[2]*t}
}

// noise is value noise: a random lattice of cells×cells values, bilinearly
// interpolated, summed over two octaves; at returns 0..1 for x, y in 0..1.
type noise struct {
	n    int
	grid []float64
}

func newNoise(r *rand.Rand, cells int) *noise {
	g := make([]float64, (cells+1)*(cells+1))
	for i := range g {
		g[i] = r.Float64()
	}
	return &noise{cells, g}
}

func (n *noise) at(x, y float64) float64 {
	fx, fy := x*float64(n.n), y*float64(n.n)
	ix, iy := min(int(fx), n.n-1), min(int(fy), n.n-1)
	tx, ty := fx-float64(ix), fy-float64(iy)
	tx, ty = tx*tx*(3-2*tx), ty*ty*(3-2*ty)
	v := func(i, j int) float64 { return n.grid[j*(n.n+1)+i] }
	a := v(ix, iy)*(1-tx) + v(ix+1, iy)*tx
	b := v(ix, iy+1)*(1-tx) + v(ix+1, iy+1)*tx
	return a*(1-ty) + b*ty
}

// scene draws picture number seed at w by h.
func scene(seed uint64, w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 0x5111))
	c := newCanvas(w, h)
	background(r, c)
	for range 3 + r.IntN(10) {
		switch r.IntN(6) {
		case 0:
			ellipse(r, c)
		case 1, 2:
			polygon(r, c)
		case 3:
			stroke(r, c)
		case 4:
			text(r, c)
		case 5:
			texturedBlob(r, c)
		}
	}
	return c.image()
}

func background(r *rand.Rand, c *canvas) {
	a, b := randColor(r), randColor(r)
	kind := r.IntN(4)
	ang := r.Float64() * 2 * math.Pi
	dx, dy := math.Cos(ang), math.Sin(ang)
	cx, cy := r.Float64(), r.Float64()
	nz := newNoise(r, 2+r.IntN(14))
	nz2 := newNoise(r, 16+r.IntN(24))
	for y := range c.h {
		for x := range c.w {
			u, v := float64(x)/float64(c.w), float64(y)/float64(c.h)
			var t float64
			switch kind {
			case 0: // linear gradient
				t = 0.5 + 0.5*((u-0.5)*dx+(v-0.5)*dy)
			case 1: // radial gradient
				t = math.Min(1, math.Hypot(u-cx, v-cy)*1.4)
			case 2: // cloudy noise
				t = 0.7*nz.at(u, v) + 0.3*nz2.at(u, v)
			case 3: // stripes bent by noise
				t = 0.5 + 0.5*math.Sin(12*((u-0.5)*dx+(v-0.5)*dy)+4*nz.at(u, v))
			}
			c.blend(x, y, mix(a, b, t), 1)
		}
	}
}

func ellipse(r *rand.Rand, c *canvas) {
	col, alpha := randColor(r), 0.6+0.4*r.Float64()
	cx, cy := r.Float64()*float64(c.w), r.Float64()*float64(c.h)
	rx, ry := (0.03+0.25*r.Float64())*float64(c.w), (0.03+0.25*r.Float64())*float64(c.h)
	for y := max(0, int(cy-ry)); y < min(c.h, int(cy+ry)+1); y++ {
		for x := max(0, int(cx-rx)); x < min(c.w, int(cx+rx)+1); x++ {
			if u, v := (float64(x)-cx)/rx, (float64(y)-cy)/ry; u*u+v*v <= 1 {
				c.blend(x, y, col, alpha)
			}
		}
	}
}

// polygon fills a random convex polygon (3 to 6 corners on an ellipse).
func polygon(r *rand.Rand, c *canvas) {
	col, alpha := randColor(r), 0.6+0.4*r.Float64()
	cx, cy := r.Float64()*float64(c.w), r.Float64()*float64(c.h)
	rad := (0.05 + 0.3*r.Float64()) * float64(min(c.w, c.h))
	n := 3 + r.IntN(4)
	angs := make([]float64, n)
	for i := range angs {
		angs[i] = r.Float64() * 2 * math.Pi
	}
	sortFloats(angs)
	px, py := make([]float64, n), make([]float64, n)
	for i, a := range angs {
		px[i], py[i] = cx+rad*math.Cos(a), cy+rad*math.Sin(a)
	}
	for y := max(0, int(cy-rad)); y < min(c.h, int(cy+rad)+1); y++ {
		for x := max(0, int(cx-rad)); x < min(c.w, int(cx+rad)+1); x++ {
			in := true
			for i := range n {
				j := (i + 1) % n
				if (px[j]-px[i])*(float64(y)-py[i])-(py[j]-py[i])*(float64(x)-px[i]) < 0 {
					in = false
					break
				}
			}
			if in {
				c.blend(x, y, col, alpha)
			}
		}
	}
}

func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// segment draws a line of width wd from (x0,y0) to (x1,y1).
func segment(c *canvas, x0, y0, x1, y1, wd float64, col [3]float64, alpha float64) {
	lx, ly := x1-x0, y1-y0
	l2 := max(lx*lx+ly*ly, 1e-9)
	for y := max(0, int(min(y0, y1)-wd)); y < min(c.h, int(max(y0, y1)+wd)+1); y++ {
		for x := max(0, int(min(x0, x1)-wd)); x < min(c.w, int(max(x0, x1)+wd)+1); x++ {
			t := min(max(((float64(x)-x0)*lx+(float64(y)-y0)*ly)/l2, 0), 1)
			if math.Hypot(float64(x)-x0-t*lx, float64(y)-y0-t*ly) <= wd/2 {
				c.blend(x, y, col, alpha)
			}
		}
	}
}

// stroke draws a thick polyline wandering across the picture.
func stroke(r *rand.Rand, c *canvas) {
	col, wd := randColor(r), 2+r.Float64()*float64(c.w)/30
	x, y := r.Float64()*float64(c.w), r.Float64()*float64(c.h)
	for range 2 + r.IntN(5) {
		nx, ny := x+(r.Float64()-0.5)*float64(c.w)*0.6, y+(r.Float64()-0.5)*float64(c.h)*0.6
		segment(c, x, y, nx, ny, wd, col, 1)
		x, y = nx, ny
	}
}

// text draws lines of glyph-like marks (each a few short strokes in a cell),
// as a sign, a banner or a caption burnt into a picture would show.
func text(r *rand.Rand, c *canvas) {
	col := randColor(r)
	size := 6 + r.Float64()*float64(c.h)/14
	x0, y0 := r.Float64()*float64(c.w)*0.6, r.Float64()*float64(c.h)*0.8
	lines, chars := 1+r.IntN(4), 4+r.IntN(14)
	for l := range lines {
		for k := range chars {
			gx, gy := x0+float64(k)*size*0.8, y0+float64(l)*size*1.4
			if r.IntN(6) == 0 {
				continue // a space
			}
			for range 2 + r.IntN(3) {
				segment(c, gx+r.Float64()*size*0.6, gy+r.Float64()*size, gx+r.Float64()*size*0.6, gy+r.Float64()*size, max(1.5, size/7), col, 1)
			}
		}
	}
}

// texturedBlob fills an ellipse with a noise texture between two colours.
func texturedBlob(r *rand.Rand, c *canvas) {
	a, b := randColor(r), randColor(r)
	nz := newNoise(r, 3+r.IntN(20))
	cx, cy := r.Float64()*float64(c.w), r.Float64()*float64(c.h)
	rx, ry := (0.08+0.25*r.Float64())*float64(c.w), (0.08+0.25*r.Float64())*float64(c.h)
	for y := max(0, int(cy-ry)); y < min(c.h, int(cy+ry)+1); y++ {
		for x := max(0, int(cx-rx)); x < min(c.w, int(cx+rx)+1); x++ {
			u, v := (float64(x)-cx)/rx, (float64(y)-cy)/ry
			if u*u+v*v <= 1 {
				c.blend(x, y, mix(a, b, nz.at((u+1)/2, (v+1)/2)), 1)
			}
		}
	}
}
