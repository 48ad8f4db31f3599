package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"sijil/internal/caption"
)

// ReadPhoto reads the caption of the photo file data, in format (FormatJPEG,
// FormatTIFF or FormatPNG), from its embedded IPTC IIM and XMP metadata. It
// returns one caption, or none when the file carries no caption, however
// much other metadata it has.
//
// Text is the IPTC Caption-Abstract, or the XMP dc:description (its
// x-default entry) when there is no Caption-Abstract or when the two differ
// once white space is folded: an IIM caption is limited to 2000 bytes and
// often left behind by tools that update only XMP, so a different XMP
// description is the newer one. Start and End are the range of the bytes the
// caption was read from: the IIM value or the XMP text node, raw (an XMP
// "&amp;" stays five bytes, a Latin-1 "é" one). Where the metadata is
// compressed in the file (a PNG zTXt chunk) no file bytes hold the text, and
// the range is that of the whole compressed chunk data. Meta holds every
// field read, under the keys of caption/meta.go.
//
// Input that is not what the format promises (a truncated segment, a length
// or offset past the end, an IFD loop, a bad PNG CRC, lying IIM lengths,
// XMP that is not XML) is an error wrapping caption.ErrInvalid that names
// path and the byte offset where reading failed.
func ReadPhoto(data []byte, path, format string) ([]caption.Raw, error) {
	switch format {
	case FormatJPEG:
		return ReadJPEG(data, path)
	case FormatTIFF:
		return ReadTIFF(data, path)
	case FormatPNG:
		return ReadPNG(data, path)
	}
	return nil, fmt.Errorf("%s: format %q: %w", path, format, caption.ErrUnsupported)
}

// readPhoto is Read for photos: every format needs random access (TIFF
// offsets point anywhere), so the whole file is read first.
func readPhoto(r io.Reader, path, format string) ([]caption.Raw, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ReadPhoto(data, path, format)
}

// photoFormat names the photo format whose signature head starts with, or
// returns "".
func photoFormat(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\xFF\xD8\xFF")):
		return FormatJPEG
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return FormatTIFF
	case bytes.HasPrefix(head, pngSignature):
		return FormatPNG
	}
	return ""
}

// corruptError is a failure to read metadata at offset off of the bytes
// being read; photoReader.fail turns it into an error naming the file offset.
type corruptError struct {
	off int
	msg string
}

func (e *corruptError) Error() string { return fmt.Sprintf("offset %d: %s", e.off, e.msg) }

func corruptf(off int, format string, args ...any) error {
	return &corruptError{off: off, msg: fmt.Sprintf(format, args...)}
}

// piece says that block data from index at on lies at file offset off.
type piece struct{ at, off int }

// block is a run of metadata bytes (an IIM stream, Photoshop resources, an
// XMP packet) and where they lie in the file, so that a value read from it
// gets the file range it came from. The bytes may be gathered from several
// places (Photoshop resources split over APP13 segments, hex lines of a PNG
// raw profile): pieces maps them back.
type block struct {
	data   []byte
	pieces []piece // sorted by at; pieces[0].at == 0
	scale  int     // file bytes per data byte: 2 for hex digits
	// packed is set when data was inflated, so that no file bytes hold it:
	// every range is then [lo, hi), the compressed data.
	packed bool
	lo, hi int
}

// fileBlock is a block that lies in the file as it is, at off.
func fileBlock(data []byte, off int) *block {
	return &block{data: data, pieces: []piece{{0, off}}, scale: 1}
}

// pos returns the file offset of data[i]; i may be len(data).
func (b *block) pos(i int) int {
	if b.packed || len(b.pieces) == 0 {
		return b.lo
	}
	k := sort.Search(len(b.pieces), func(k int) bool { return b.pieces[k].at > i }) - 1
	p := b.pieces[max(k, 0)]
	return p.off + (i-p.at)*b.scale
}

// span returns the file range of data[i:j].
func (b *block) span(i, j int) (start, end int) {
	if b.packed {
		return b.lo, b.hi
	}
	if j <= i {
		s := b.pos(i)
		return s, s
	}
	return b.pos(i), b.pos(j-1) + b.scale
}

// photoReader collects what the metadata blocks of one photo file hold.
type photoReader struct {
	path, format string
	meta         map[string]string
	iptc, xmp    *captionValue // the first caption of each kind
}

// captionValue is a caption found in a block, with its file range.
type captionValue struct {
	text       string
	start, end int
	precise    bool // the range holds the text's own bytes, not a compressed chunk
}

func newPhotoReader(path, format string) *photoReader {
	return &photoReader{path: path, format: format, meta: map[string]string{}}
}

// errorf reports corrupt input at file offset off.
func (r *photoReader) errorf(off int, format string, args ...any) error {
	return fmt.Errorf("%s: offset %d: %s: %w", r.path, off, fmt.Sprintf(format, args...), caption.ErrInvalid)
}

// fail turns an error from reading b into one naming the file offset.
func (r *photoReader) fail(b *block, err error) error {
	var ce *corruptError
	if errors.As(err, &ce) {
		return r.errorf(b.pos(min(max(ce.off, 0), len(b.data))), "%s", ce.msg)
	}
	return r.errorf(b.pos(0), "%v", err)
}

// merge adds fields to r.meta. A field already read from an earlier block
// keeps its value: files with two copies of a block (a Photoshop resource in
// two APP13 runs) should not have every value doubled.
func (r *photoReader) merge(fields map[string]string) {
	for k, v := range fields {
		if _, ok := r.meta[k]; !ok {
			r.meta[k] = v
		}
	}
}

// raws chooses the caption and returns it with everything read.
func (r *photoReader) raws() []caption.Raw {
	c := r.iptc
	if x := r.xmp; x != nil {
		// The two are the same caption when they fold alike; then the range
		// that holds the text's own bytes is worth more (a PNG keeps IIM
		// compressed and XMP plain).
		switch {
		case c == nil, foldSpace(c.text) != foldSpace(x.text):
			c = x
		case !c.precise && x.precise:
			c = x
		}
	}
	if c == nil {
		return []caption.Raw{}
	}
	return []caption.Raw{{
		Text: c.text, Path: r.path, Start: c.start, End: c.end, Format: r.format, Meta: r.meta,
	}}
}

// foldSpace folds white-space runs to one space and trims the ends, as the
// record's text is folded.
func foldSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// joinValues joins the non-blank values of a repeated field.
func joinValues(old, v string) string {
	switch {
	case v == "":
		return old
	case old == "":
		return v
	}
	return old + "; " + v
}
