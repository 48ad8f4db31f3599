package ingest

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"image"
	"image/jpeg"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sijil/internal/photo"
)

// A test-only JPEG writer for BenchmarkIngestPhotos. image/jpeg takes some
// 6 s of CPU to encode a 24-megapixel frame (a forward DCT of every block),
// which made 2,000 such photos a day's work. This writer skips the
// transform: it chooses each block's quantised coefficients directly, the DC
// term from a distinct drawing at one eighth of the size (so that the
// picture, as the DC decoder and image/jpeg see it, is that drawing) and a
// camera's worth of small AC terms drawn at random (sensor grain: zero mean,
// so the block means stay the drawing's), and entropy-codes them with the
// tables image/jpeg writes. The files are baseline 4:2:0 JPEGs that
// image/jpeg and exiftool read, a few megabytes each like a camera's, at
// some 0.1 s each (BenchmarkBenchJPEG).

// jpegTables is the header image/jpeg writes at quality 85 (DQT, SOF0,
// DHT, SOS), with the Huffman codes of each component's tables.
type jpegTables struct {
	head      []byte // from after SOI to the end of the SOS header
	sofAt     int    // offset in head of the SOF0 frame height
	dc, ac    [3]*huffCodes
	dcQuantY  int32 // DC quantiser of luma
	dcQuantCb int32 // and of chroma
}

// huffCodes is an encoding table: code and length of each symbol.
type huffCodes struct {
	code [256]uint32
	size [256]uint8
}

var (
	tablesOnce sync.Once
	tables     jpegTables
	tablesErr  error
)

// benchTables reads the tables of a small JPEG from image/jpeg once.
func benchTables(tb testing.TB) *jpegTables {
	tablesOnce.Do(func() { tablesErr = tables.read() })
	if tablesErr != nil {
		tb.Fatal(tablesErr)
	}
	return &tables
}

func (t *jpegTables) read() error {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 16, 16)), &jpeg.Options{Quality: 85}); err != nil {
		return err
	}
	data := buf.Bytes()
	var (
		dht   [2][4]*huffCodes
		quant [4]int32
		sofTq [3]int
		p     = 2
	)
	for p+4 <= len(data) {
		m, n := data[p+1], int(binary.BigEndian.Uint16(data[p+2:]))
		seg := data[p+4 : p+2+n]
		switch m {
		case 0xDB:
			for len(seg) >= 65 {
				quant[seg[0]&3] = int32(seg[1])
				seg = seg[65:]
			}
		case 0xC0:
			if len(seg) != 15 || seg[5] != 3 || seg[7] != 0x22 || seg[10] != 0x11 || seg[13] != 0x11 {
				return errBadTables // not the 4:2:0 frame this writer lays out
			}
			t.sofAt = p + 5 - 2
			for i := range 3 {
				sofTq[i] = int(seg[8+3*i] & 3)
			}
		case 0xC4:
			for len(seg) >= 17 {
				total := 0
				for _, c := range seg[1:17] {
					total += int(c)
				}
				dht[seg[0]>>4&1][seg[0]&3] = huffOf(seg[1:17], seg[17:17+total])
				seg = seg[17+total:]
			}
		case 0xDA:
			if seg[0] != 3 {
				return errBadTables
			}
			for i := range 3 {
				sel := seg[2+2*i]
				t.dc[i], t.ac[i] = dht[0][sel>>4&3], dht[1][sel&3]
				if t.dc[i] == nil || t.ac[i] == nil {
					return errBadTables
				}
			}
			t.head = append([]byte(nil), data[2:p+2+n]...)
			t.dcQuantY, t.dcQuantCb = quant[sofTq[0]], quant[sofTq[1]]
			if t.sofAt <= 0 || t.dcQuantY == 0 || t.dcQuantCb == 0 {
				return errBadTables
			}
			return nil
		}
		p += 2 + n
	}
	return errBadTables
}

var errBadTables = errors.New("image/jpeg's header is not the baseline 4:2:0 one benchJPEG expects")

// huffOf makes the canonical codes of a DHT table (JPEG C.2).
func huffOf(counts, vals []byte) *huffCodes {
	h := new(huffCodes)
	code, k := uint32(0), 0
	for l := 1; l <= 16; l++ {
		for range counts[l-1] {
			h.code[vals[k]], h.size[vals[k]] = code, uint8(l)
			code++
			k++
		}
		code <<= 1
	}
	return h
}

// bitWriter writes entropy-coded data, stuffing a 0x00 after each 0xFF.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// put writes the low size (at most 32) bits of v.
func (w *bitWriter) put(v uint32, size uint8) {
	w.acc = w.acc<<size | uint64(v)&(1<<size-1)
	w.n += uint(size)
	for w.n >= 8 {
		w.n -= 8
		c := byte(w.acc >> w.n)
		w.out = append(w.out, c)
		if c == 0xFF {
			w.out = append(w.out, 0)
		}
	}
}

// flush pads the last byte with ones (JPEG F.1.2.3).
func (w *bitWriter) flush() {
	if w.n > 0 {
		w.put(1<<(8-w.n)-1, uint8(8-w.n))
	}
}

// symbol writes the code of s and then the low size bits of v, a value of
// that category in JPEG's one's-complement form for negatives.
func (w *bitWriter) symbol(h *huffCodes, s uint8, v int32, size uint8) {
	if v < 0 {
		v--
	}
	w.put(h.code[s]<<size|uint32(v)&(1<<size-1), h.size[s]+size)
}

// benchPlanes is a picture at block resolution: one mean per 8x8 block of
// luma (bw by bh) and of each chroma plane (half of that each way).
type benchPlanes struct {
	bw, bh    int
	y, cb, cr []uint8
}

// benchDrawing is a distinct drawing for seed, one sample per block of a
// w by h frame: a patchwork of colours under rectangles of every size, with
// a little grain, in YCbCr.
func benchDrawing(seed uint64, w, h int) *benchPlanes {
	bw, bh := w/8, h/8
	p := &benchPlanes{bw: bw, bh: bh, y: make([]uint8, bw*bh), cb: make([]uint8, bw*bh/4), cr: make([]uint8, bw*bh/4)}
	r := rand.New(rand.NewPCG(seed, 6000))
	fill := func(x0, y0, x1, y1 int) {
		yv, cb, cr := uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256))
		x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, bw), min(y1, bh)
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				p.y[y*bw+x] = yv
				p.cb[y/2*(bw/2)+x/2], p.cr[y/2*(bw/2)+x/2] = cb, cr
			}
		}
	}
	for y := 0; y < bh; y += bh / 6 {
		for x := 0; x < bw; x += bw / 8 {
			fill(x, y, x+bw/8, y+bh/6)
		}
	}
	for range 40 {
		x, y := r.IntN(bw), r.IntN(bh)
		fill(x, y, x+bw/40+r.IntN(bw/5), y+bh/40+r.IntN(bh/4))
	}
	for i, v := range p.y {
		p.y[i] = uint8(min(max(int(v)+r.IntN(5)-2, 0), 255))
	}
	return p
}

// benchJPEG writes the drawing p as a baseline 4:2:0 JPEG of 8*p.bw by
// 8*p.bh pixels (both multiples of 16) with random AC terms, grain seeded
// by seed: luma blocks carry some 12 of them, chroma blocks 3.
func benchJPEG(tb testing.TB, p *benchPlanes, seed uint64) []byte {
	t := benchTables(tb)
	w := &bitWriter{out: make([]byte, 0, 4<<20)}
	w.out = append(w.out, 0xFF, 0xD8)
	w.out = append(w.out, t.head...)
	binary.BigEndian.PutUint16(w.out[2+t.sofAt:], uint16(8*p.bh))
	binary.BigEndian.PutUint16(w.out[2+t.sofAt+2:], uint16(8*p.bw))
	x := seed*0x9E3779B97F4A7C15 | 1
	var pred [3]int32
	block := func(c int, mean uint8, q int32, nac int) {
		dc := (int32(mean)-128)*8/q - pred[c]
		pred[c] += dc
		size := uint8(bits.Len32(uint32(max(dc, -dc))))
		w.symbol(t.dc[c], size, dc, size)
		k := 1
		for range nac {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			run := int(x & 3 * (x >> 2 & 1)) // runs of 0 most, up to 3
			if k+run > 63 {
				break
			}
			k += run + 1
			size := uint8(1 + x>>3&1 + x>>4&x>>5&1) // 1 or 2 bits, now and then 3
			v := int32(1<<(size-1) | uint32(x>>6)&(1<<(size-1)-1))
			if x>>9&1 == 1 {
				v = -v
			}
			w.symbol(t.ac[c], uint8(run<<4)|size, v, size)
		}
		if k <= 63 {
			w.symbol(t.ac[c], 0, 0, 0) // end of block
		}
	}
	for my := range p.bh / 2 {
		for mx := range p.bw / 2 {
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				block(0, p.y[(2*my+d[1])*p.bw+2*mx+d[0]], t.dcQuantY, 12)
			}
			ci := my*(p.bw/2) + mx
			block(1, p.cb[ci], t.dcQuantCb, 3)
			block(2, p.cr[ci], t.dcQuantCb, 3)
		}
	}
	w.flush()
	return append(w.out, 0xFF, 0xD9)
}

// benchPicture is the drawing p at block resolution, as an image: what
// benchJPEG's file of p shows without its grain, for tests to compare with.
func benchPicture(p *benchPlanes) image.Image {
	img := image.NewYCbCr(image.Rect(0, 0, p.bw, p.bh), image.YCbCrSubsampleRatio420)
	copy(img.Y, p.y)
	copy(img.Cb, p.cb)
	copy(img.Cr, p.cr)
	return img
}

// TestBenchJPEG: the writer's files are JPEGs that image/jpeg decodes to
// the drawing (block means within grain of it), that package photo
// fingerprints as the drawing encoded by image/jpeg, that exiftool reads the
// caption of, and whose drawings are distinct pictures.
func TestBenchJPEG(t *testing.T) {
	small := benchDrawing(7, 640, 480)
	img, err := jpeg.Decode(bytes.NewReader(benchJPEG(t, small, 7)))
	if err != nil {
		t.Fatalf("image/jpeg: %v", err)
	}
	m, ok := img.(*image.YCbCr)
	if !ok || m.Rect.Dx() != 640 || m.Rect.Dy() != 480 || m.SubsampleRatio != image.YCbCrSubsampleRatio420 {
		t.Fatalf("decoded %T %v; want a 640x480 YCbCr 4:2:0", img, img.Bounds())
	}
	checked, off := 0, 0
	for by := range small.bh {
		for bx := range small.bw {
			want := int(small.y[by*small.bw+bx])
			if want < 48 || want > 207 {
				continue // grain clips near black and white, moving the mean
			}
			sum := 0
			for y := range 8 {
				for x := range 8 {
					sum += int(m.Y[(8*by+y)*m.YStride+8*bx+x])
				}
			}
			checked++
			if d := sum/64 - want; d < -2 || d > 2 {
				off++
			}
		}
	}
	if checked < len(small.y)/4 || off > checked/100 {
		t.Errorf("%d of %d luma blocks more than 2 levels from the drawing", off, checked)
	}

	const text = "Smoke over the port of Hodeidah on June 3, 2018. (Photo by Test / AFP)"
	big := benchDrawing(8, 6000, 4000)
	data := withCaption(benchJPEG(t, big, 8), text)
	if len(data) < 2<<20 {
		t.Errorf("a 24-megapixel file of %d bytes; want a camera's few megabytes", len(data))
	}
	got, err := photo.Analyze(bytes.NewReader(data))
	if err != nil || got.Width != 6000 || got.Height != 4000 {
		t.Fatalf("Analyze: %dx%d, %v", got.Width, got.Height, err)
	}
	var ref bytes.Buffer
	if err := jpeg.Encode(&ref, benchPicture(big), &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	want, err := photo.Analyze(&ref)
	if err != nil {
		t.Fatal(err)
	}
	if d := photo.Distance(got.Hash, want.Hash); d > 12 {
		t.Errorf("the file lies %d from its drawing; want the same picture (at most 12)", d)
	}
	if exiftool, err := exec.LookPath("exiftool"); err == nil {
		path := filepath.Join(t.TempDir(), "big.jpg")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(exiftool, "-fast", "-s3", "-IPTC:Caption-Abstract", "-File:ImageWidth", path).Output()
		if err != nil || !strings.Contains(string(out), text) || !strings.Contains(string(out), "6000") {
			t.Errorf("exiftool: %q, %v; want the caption and the width", out, err)
		}
	}

	// Distinct seeds are distinct pictures, at the DC decoder's sizes.
	var hashes []photo.Hash
	for seed := range uint64(40) {
		info, err := photo.Analyze(bytes.NewReader(benchJPEG(t, benchDrawing(100+seed, 2560, 1712), seed)))
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, info.Hash)
	}
	nearest := 256
	for i := range hashes {
		for j := range i {
			nearest = min(nearest, photo.Distance(hashes[i], hashes[j]))
		}
	}
	if nearest <= photo.SameMax {
		t.Errorf("two distinct drawings lie %d apart; want more than SameMax %d", nearest, photo.SameMax)
	}
	t.Logf("%d of %d luma blocks off; 24 MP file %d bytes, %d from its drawing; nearest distinct drawings %d", off, checked, len(data), photo.Distance(got.Hash, want.Hash), nearest)
}

// BenchmarkBenchJPEG is the cost of writing one 24-megapixel photo.
func BenchmarkBenchJPEG(b *testing.B) {
	var n uint64
	for b.Loop() {
		n++
		data := benchJPEG(b, benchDrawing(n, 6000, 4000), n)
		b.SetBytes(int64(len(data)))
	}
}

// BenchmarkAnalyzeBenchPhoto is package photo's share of
// BenchmarkIngestPhotos: one of its photos analysed, most of it the DC
// decoder reading the entropy-coded data.
func BenchmarkAnalyzeBenchPhoto(b *testing.B) {
	data := benchJPEG(b, benchDrawing(1, 6000, 4000), 1)
	sum := sha256.Sum256(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := photo.AnalyzeBytes(data, sum); err != nil {
			b.Fatal(err)
		}
	}
}
