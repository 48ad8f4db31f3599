package photo

import (
	"encoding/binary"
	"errors"
	"image"
)

// DC-only JPEG decoding. The DC coefficient of each 8x8 block of a JPEG is
// eight times the block's mean (less the 128 level shift), so the DC terms
// alone are the image reduced eight times by a box filter: what libjpeg's
// DCT scaling at 1/8 gives. Getting them still means reading every
// Huffman code of the entropy-coded data, but skips dequantising, the
// inverse DCT and writing 24 million samples for a 24-megapixel photo,
// about half of image/jpeg's time (see BenchmarkAnalyze). Only baseline
// and extended Huffman JPEGs with 8-bit samples and one interleaved scan
// of one or three components are read this way (what cameras and most
// editors write); anything else, and any file this decoder finds malformed,
// goes to image/jpeg, whose errors are the ones reported.

// errDCUnsupported marks a JPEG the DC decoder leaves to image/jpeg.
var errDCUnsupported = errors.New("photo: JPEG not read by the DC decoder")

// dcComponent is one colour component of a frame and its DC terms.
type dcComponent struct {
	id, h, v, tq int
	dc, ac       *huffman
	w, hgt       int     // blocks per line and lines of blocks held
	mean         []uint8 // block means, w*hgt
	pred         int32
}

// dcFrame is what decodeDC has read of the markers so far.
type dcFrame struct {
	quant      [4]int32 // DC quantiser of each table, 0 if not defined
	dcTab      [4]*huffman
	acTab      [4]*huffman
	w, h       int
	hmax, vmax int
	comps      []*dcComponent
	restart    int
}

// decodeDC returns the JPEG data reduced eight times, from the DC terms of
// its blocks: an *image.YCbCr, or an *image.Gray for one component. It
// returns errDCUnsupported, or another error, for files image/jpeg should
// read instead.
func decodeDC(data []byte) (image.Image, error) {
	var f dcFrame
	p := 2
	for {
		if p+4 > len(data) || data[p] != 0xFF {
			return nil, errors.New("bad marker")
		}
		m := data[p+1]
		if m == 0xFF {
			p++
			continue
		}
		n := int(binary.BigEndian.Uint16(data[p+2:]))
		if n < 2 || p+2+n > len(data) {
			return nil, errors.New("bad segment length")
		}
		seg := data[p+4 : p+2+n]
		p += 2 + n
		var err error
		switch {
		case m == 0xDB:
			err = f.readDQT(seg)
		case m == 0xC4:
			err = f.readDHT(seg)
		case m == 0xC0 || m == 0xC1:
			err = f.readSOF(seg)
		case m == 0xDD:
			if len(seg) != 2 {
				return nil, errors.New("bad DRI")
			}
			f.restart = int(binary.BigEndian.Uint16(seg))
		case m == 0xEE && len(seg) >= 12 && string(seg[:5]) == "Adobe" && seg[11] == 0:
			return nil, errDCUnsupported // RGB samples, not YCbCr
		case m == 0xDA:
			return f.scan(seg, data[p:])
		case m >= 0xC2 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC, m == 0xD9:
			return nil, errDCUnsupported // progressive, lossless, arithmetic, or no image
		}
		if err != nil {
			return nil, err
		}
	}
}

func (f *dcFrame) readDQT(seg []byte) error {
	for len(seg) > 0 {
		pq, tq := seg[0]>>4, int(seg[0]&3)
		size := 65
		if pq == 1 {
			size = 129
		}
		if pq > 1 || len(seg) < size {
			return errors.New("bad DQT")
		}
		if pq == 0 {
			f.quant[tq] = int32(seg[1])
		} else {
			f.quant[tq] = int32(binary.BigEndian.Uint16(seg[1:]))
		}
		seg = seg[size:]
	}
	return nil
}

func (f *dcFrame) readDHT(seg []byte) error {
	for len(seg) > 0 {
		if len(seg) < 17 || seg[0]>>4 > 1 || seg[0]&15 > 3 {
			return errors.New("bad DHT")
		}
		total := 0
		for _, c := range seg[1:17] {
			total += int(c)
		}
		if total > 256 || len(seg) < 17+total {
			return errors.New("bad DHT")
		}
		h := new(huffman)
		if err := h.build(seg[1:17], seg[17:17+total]); err != nil {
			return err
		}
		if seg[0]>>4 == 0 {
			f.dcTab[seg[0]&3] = h
		} else {
			f.acTab[seg[0]&3] = h
		}
		seg = seg[17+total:]
	}
	return nil
}

func (f *dcFrame) readSOF(seg []byte) error {
	if f.comps != nil || len(seg) < 6 {
		return errors.New("bad SOF")
	}
	if seg[0] != 8 {
		return errDCUnsupported // 12-bit samples
	}
	f.h, f.w = int(binary.BigEndian.Uint16(seg[1:])), int(binary.BigEndian.Uint16(seg[3:]))
	nc := int(seg[5])
	if f.w == 0 || f.h == 0 || (nc != 1 && nc != 3) || len(seg) != 6+3*nc {
		return errDCUnsupported // height given later by DNL, or CMYK
	}
	for i := range nc {
		c := seg[6+3*i:]
		d := &dcComponent{id: int(c[0]), h: int(c[1] >> 4), v: int(c[1] & 15), tq: int(c[2] & 3)}
		if d.h < 1 || d.h > 4 || d.v < 1 || d.v > 4 {
			return errors.New("bad sampling factor")
		}
		f.hmax, f.vmax = max(f.hmax, d.h), max(f.vmax, d.v)
		f.comps = append(f.comps, d)
	}
	return nil
}

// scan decodes the entropy-coded data after the SOS header hdr.
func (f *dcFrame) scan(hdr, data []byte) (image.Image, error) {
	if f.comps == nil || len(hdr) < 1 || len(hdr) != 4+2*int(hdr[0]) {
		return nil, errors.New("bad SOS")
	}
	if int(hdr[0]) != len(f.comps) {
		return nil, errDCUnsupported // components in separate scans
	}
	for i, c := range f.comps {
		sel, tabs := int(hdr[1+2*i]), hdr[2+2*i]
		if sel != c.id || tabs>>4 > 3 || tabs&15 > 3 {
			return nil, errDCUnsupported
		}
		c.dc, c.ac = f.dcTab[tabs>>4], f.acTab[tabs&15]
		if c.dc == nil || c.ac == nil || f.quant[c.tq] == 0 {
			return nil, errors.New("missing table")
		}
	}
	mcusX, mcusY := (f.w+8*f.hmax-1)/(8*f.hmax), (f.h+8*f.vmax-1)/(8*f.vmax)
	if len(f.comps) == 1 {
		// One component is not interleaved: its blocks run in raster order
		// over the frame, one per MCU, whatever its sampling factors say.
		c := f.comps[0]
		c.h, c.v, mcusX, mcusY = 1, 1, (f.w+7)/8, (f.h+7)/8
	}
	for _, c := range f.comps {
		c.w, c.hgt = mcusX*c.h, mcusY*c.v
		c.mean = make([]uint8, c.w*c.hgt)
	}
	b := &bitReader{data: data}
	for m := range mcusX * mcusY {
		if f.restart > 0 && m > 0 && m%f.restart == 0 {
			if !b.restart() {
				return nil, errors.New("missing restart marker")
			}
			for _, c := range f.comps {
				c.pred = 0
			}
		}
		mx, my := m%mcusX, m/mcusX
		for _, c := range f.comps {
			q := f.quant[c.tq]
			for v := range c.v {
				for h := range c.h {
					if !b.block(c) {
						return nil, errors.New("bad entropy-coded data")
					}
					c.mean[(my*c.v+v)*c.w+mx*c.h+h] = uint8(min(max((c.pred*q+4)>>3+128, 0), 255))
				}
			}
		}
	}
	if !hasEOI(data[min(b.p, len(data)):]) {
		return nil, errors.New("truncated JPEG")
	}
	return f.image()
}

// block decodes one block of c, keeping its DC term in c.pred and reading
// past its AC terms.
func (b *bitReader) block(c *dcComponent) bool {
	s, ok := b.decode(c.dc)
	if !ok || s > 11 {
		return false
	}
	c.pred += b.receive(s)
	k := 1
	for k < 64 {
		if b.n < 16 {
			b.fill()
		}
		// The terms of the run must end inside the block: one that
		// would cover coefficients past the 63rd is read alone below, as
		// the block may end there and the bits after it be the next
		// block's.
		if e := c.ac.run[b.acc>>(64-lookBits)]; e != 0 && k+int(e&127) <= 64 {
			l := uint(e >> 8)
			b.acc <<= l
			b.n -= l
			if e&128 != 0 {
				return true // end of block
			}
			k += int(e & 127)
			continue
		}
		rs, ok := b.decode(c.ac)
		if !ok {
			return false
		}
		r, s := int(rs>>4), rs&15
		if s == 0 {
			if r != 15 {
				return true // end of block
			}
			k += 16
			continue
		}
		if k += r; k > 63 || s > 10 {
			return false
		}
		b.skip(s)
		k++
	}
	return k <= 64
}

// hasEOI reports whether the data after the scan ends the image, as a
// file cut short does not.
func hasEOI(rest []byte) bool {
	for i := 0; i+1 < len(rest); i++ {
		if rest[i] == 0xFF && rest[i+1] == 0xD9 {
			return true
		}
	}
	return false
}

// image assembles the block means into an image one eighth of the frame.
func (f *dcFrame) image() (image.Image, error) {
	r := image.Rect(0, 0, (f.w+7)/8, (f.h+7)/8)
	y := f.comps[0]
	if len(f.comps) == 1 {
		g := image.NewGray(r)
		for row := range r.Dy() {
			copy(g.Pix[row*g.Stride:][:r.Dx()], y.mean[row*y.w:])
		}
		return g, nil
	}
	cb, cr := f.comps[1], f.comps[2]
	if y.h != f.hmax || y.v != f.vmax || cb.h != cr.h || cb.v != cr.v || y.id == 'R' {
		return nil, errDCUnsupported
	}
	var ratio image.YCbCrSubsampleRatio
	switch [2]int{f.hmax / cb.h, f.vmax / cb.v} {
	case [2]int{1, 1}:
		ratio = image.YCbCrSubsampleRatio444
	case [2]int{2, 1}:
		ratio = image.YCbCrSubsampleRatio422
	case [2]int{2, 2}:
		ratio = image.YCbCrSubsampleRatio420
	case [2]int{1, 2}:
		ratio = image.YCbCrSubsampleRatio440
	case [2]int{4, 1}:
		ratio = image.YCbCrSubsampleRatio411
	case [2]int{4, 2}:
		ratio = image.YCbCrSubsampleRatio410
	default:
		return nil, errDCUnsupported
	}
	if f.hmax%cb.h != 0 || f.vmax%cb.v != 0 {
		return nil, errDCUnsupported
	}
	m := image.NewYCbCr(r, ratio)
	for row := range r.Dy() {
		copy(m.Y[row*m.YStride:][:r.Dx()], y.mean[row*y.w:])
	}
	ch := len(m.Cb) / max(1, m.CStride)
	for row := range min(ch, cb.hgt) {
		n := min(m.CStride, cb.w)
		copy(m.Cb[row*m.CStride:][:n], cb.mean[row*cb.w:])
		copy(m.Cr[row*m.CStride:][:n], cr.mean[row*cr.w:])
	}
	return m, nil
}
