package photo

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"

	"golang.org/x/image/tiff"
)

// Info is what sijil keeps of a photo file.
type Info struct {
	SHA256        [32]byte
	Width, Height int    // pixel size of the image as stored (before orientation)
	Orientation   int    // EXIF orientation 1..8, 1 when absent
	Hash          Hash   // perceptual fingerprint, of the image with orientation applied
	Thumb         []byte // JPEG, ThumbSize px on the long edge, orientation applied
}

// Limits on what Analyze reads. MaxPixels refuses decompression bombs before
// a pixel is decoded: a 100-megapixel frame is larger than any camera sijil's
// users carry, and decoding it takes some 150 MB (JPEG 4:2:0) to 400 MB (RGBA
// PNG). MaxBytes bounds the file read into memory.
const (
	MaxPixels = 100_000_000
	MaxBytes  = 256 << 20
)

// Errors that Analyze wraps, so that callers (an upload handler) can tell the
// user what was wrong with the file rather than report a failure of their own.
var (
	// ErrFormat is returned for a file that is not an image type sijil reads.
	ErrFormat = errors.New("photo: not a JPEG, PNG or TIFF image")
	// ErrTooLarge is returned for a file or an image frame larger than
	// MaxBytes or MaxPixels.
	ErrTooLarge = errors.New("photo: image too large")
	// ErrCorrupt is returned for a file that starts as an image but cannot
	// be decoded: truncated, or its data is malformed.
	ErrCorrupt = errors.New("photo: corrupt image")
)

// format is an image container Analyze reads.
type format int

const (
	formatNone format = iota
	formatJPEG
	formatPNG
	formatTIFF
)

// sniff names the format whose signature b starts with.
func sniff(b []byte) format {
	switch {
	case bytes.HasPrefix(b, []byte("\xFF\xD8\xFF")):
		return formatJPEG
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return formatPNG
	case bytes.HasPrefix(b, []byte("II*\x00")), bytes.HasPrefix(b, []byte("MM\x00*")):
		return formatTIFF
	}
	return formatNone
}

// Sniff reports whether b, the first bytes of a file (8 are enough), starts
// as an image type Analyze reads. It checks the signature only: the file may
// still be corrupt.
func Sniff(b []byte) bool { return sniff(b) != formatNone }

// Analyze reads a JPEG, PNG or TIFF image from r to its end, and returns the
// SHA-256 of every byte read, the stored pixel size, the EXIF orientation,
// the perceptual fingerprint and a thumbnail. The frame size is checked
// before any pixel is decoded (see MaxPixels).
func Analyze(r io.Reader) (Info, error) {
	return analyze(r, limits{bytes: MaxBytes, pixels: MaxPixels})
}

// limits are the bounds analyze enforces: MaxBytes and MaxPixels, smaller
// in tests and fuzzing. noThumb skips the thumbnail, for tests that hash
// thousands of pictures and look at nothing else.
type limits struct {
	bytes, pixels int64
	noThumb       bool
}

// AnalyzeBytes is Analyze of a file already in memory, whose SHA-256 the
// caller has taken: ingest hashes every document it reads, to know whether
// it is stored already, and a camera file is neither copied nor hashed a
// second time here. sum is trusted to be data's.
func AnalyzeBytes(data []byte, sum [32]byte) (Info, error) {
	return analyzeData(data, sum, limits{bytes: MaxBytes, pixels: MaxPixels})
}

func analyze(r io.Reader, lim limits) (Info, error) {
	data, err := readAll(r, lim.bytes)
	if err != nil {
		return Info{}, err
	}
	return analyzeData(data, sha256.Sum256(data), lim)
}

func analyzeData(data []byte, sum [32]byte, lim limits) (Info, error) {
	if int64(len(data)) > lim.bytes {
		return Info{}, fmt.Errorf("%w: file larger than %d bytes", ErrTooLarge, lim.bytes)
	}
	info := Info{SHA256: sum, Orientation: 1}
	img, err := decode(data, &info, lim.pixels)
	if err != nil {
		return Info{}, err
	}
	work := reduce(img, workSize)
	work = orient(work, info.Orientation)
	info.Hash = hashOf(work)
	if lim.noThumb {
		return info, nil
	}
	info.Thumb, err = thumbnail(work)
	if err != nil {
		return Info{}, err
	}
	return info, nil
}

// readAll reads r to its end, or to one byte past limit. Where r knows its
// size (a file, a bytes.Reader) the buffer is made that size at once rather
// than grown by doubling, which for an 8 MB photo copies 16 MB more.
func readAll(r io.Reader, limit int64) ([]byte, error) {
	var size int64
	switch v := r.(type) {
	case interface{ Len() int }:
		size = int64(v.Len())
	case *os.File:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
	}
	b := bytes.NewBuffer(make([]byte, 0, min(size, limit)+bytes.MinRead))
	_, err := b.ReadFrom(io.LimitReader(r, limit+1))
	return b.Bytes(), err
}

// decode checks the frame size of data, reads its orientation into info,
// and decodes it.
func decode(data []byte, info *Info, maxPixels int64) (image.Image, error) {
	var (
		cfg image.Config
		err error
	)
	f := sniff(data)
	switch f {
	case formatJPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
		info.Orientation = jpegOrientation(data)
	case formatPNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
		info.Orientation = pngOrientation(data)
	case formatTIFF:
		cfg, err = tiff.DecodeConfig(bytes.NewReader(data))
		info.Orientation = tiffOrientation(data)
	default:
		return nil, ErrFormat
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if err := checkSize(cfg.Width, cfg.Height, maxPixels); err != nil {
		return nil, err
	}
	info.Width, info.Height = cfg.Width, cfg.Height
	var img image.Image
	switch f {
	case formatJPEG:
		img, err = decodeJPEG(data, cfg)
	case formatPNG:
		img, err = png.Decode(bytes.NewReader(data))
	case formatTIFF:
		img, err = tiff.Decode(bytes.NewReader(data))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	return img, nil
}

// checkSize refuses empty frames and frames over maxPixels.
func checkSize(w, h int, maxPixels int64) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("%w: empty frame %dx%d", ErrCorrupt, w, h)
	}
	if int64(w)*int64(h) > maxPixels {
		return fmt.Errorf("%w: %dx%d is more than %d pixels", ErrTooLarge, w, h, maxPixels)
	}
	return nil
}

// dcMinEdge is the long edge from which a JPEG is decoded at one eighth of
// its size (decodeDC): the eighth is then at least a thumbnail wide.
const dcMinEdge = 8 * ThumbSize

// decodeJPEG decodes data, from its DC terms alone when the frame is large
// enough and the file is of a kind decodeDC reads, else with image/jpeg.
func decodeJPEG(data []byte, cfg image.Config) (image.Image, error) {
	if max(cfg.Width, cfg.Height) >= dcMinEdge {
		if img, err := decodeDC(data); err == nil {
			return img, nil
		}
	}
	return jpeg.Decode(bytes.NewReader(data))
}
