package source

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"io"
	"strconv"

	"sijil/internal/caption"
)

// FormatPNG is the Format of the captions ReadPNG returns.
const FormatPNG = "png"

var pngSignature = []byte("\x89PNG\r\n\x1A\n")

// PNG text keywords that hold metadata: XMP part 3 (1.1.5) puts the packet in
// an iTXt chunk; ImageMagick, and exiftool for IPTC, write hex "raw
// profiles" in tEXt or zTXt chunks.
const (
	keywordXMP        = "XML:com.adobe.xmp"
	keywordRawIPTC    = "Raw profile type iptc"
	keywordRaw8BIM    = "Raw profile type 8bim"
	keywordRawXMP     = "Raw profile type xmp"
	maxPNGChunkLength = 1<<31 - 1 // PNG 5.3
)

// ReadPNG reads the caption of the PNG file data (see ReadPhoto) from its
// XMP iTXt chunk and its IPTC and XMP raw-profile text chunks. Every chunk's
// CRC is checked up to IEND.
func ReadPNG(data []byte, path string) ([]caption.Raw, error) {
	r := newPhotoReader(path, FormatPNG)
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, r.errorf(0, "PNG: no signature")
	}
	for off := len(pngSignature); ; {
		if len(data)-off < 8 {
			return nil, r.errorf(off, "PNG: file ends before IEND")
		}
		n := uint64(binary.BigEndian.Uint32(data[off:]))
		typ := string(data[off+4 : off+8])
		if !isChunkType(typ) {
			return nil, r.errorf(off+4, "PNG: chunk type %q", typ)
		}
		if n > maxPNGChunkLength || n+12 > uint64(len(data)-off) {
			return nil, r.errorf(off, "PNG: %s chunk length %d runs past the end of the %d-byte file", typ, n, len(data))
		}
		body := data[off+8 : off+8+int(n)]
		crcAt := off + 8 + int(n)
		if crc32.ChecksumIEEE(data[off+4:crcAt]) != binary.BigEndian.Uint32(data[crcAt:]) {
			return nil, r.errorf(crcAt, "PNG: %s chunk CRC mismatch", typ)
		}
		if typ == "IEND" {
			return r.raws(), nil
		}
		if typ == "iTXt" || typ == "tEXt" || typ == "zTXt" {
			if err := r.pngText(typ, body, off+8, len(data)); err != nil {
				return nil, err
			}
		}
		off = crcAt + 4
	}
}

func isChunkType(t string) bool {
	for _, c := range []byte(t) {
		if c < 'A' || c > 'Z' && c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// pngText reads a text chunk whose keyword names metadata; others are
// skipped unread.
func (r *photoReader) pngText(typ string, body []byte, off, fileSize int) error {
	kw, rest, ok := bytes.Cut(body, []byte{0})
	switch string(kw) {
	case keywordXMP, keywordRawIPTC, keywordRaw8BIM, keywordRawXMP:
	default:
		return nil
	}
	if !ok {
		return r.errorf(off, "PNG: %s chunk %q has no text", typ, kw)
	}
	at := off + len(kw) + 1
	b, err := r.pngTextBlock(typ, rest, at, fileSize)
	if err != nil {
		return err
	}
	if string(kw) != keywordXMP {
		if b, err = r.rawProfile(b); err != nil {
			return err
		}
	}
	switch {
	case string(kw) == keywordRawIPTC && bytes.HasPrefix(b.data, []byte{iimTagMarker}):
		return r.addIIM(b)
	case string(kw) == keywordRawIPTC, string(kw) == keywordRaw8BIM:
		// exiftool writes Photoshop resources under the "iptc" name
		return r.addIRB(b)
	}
	return r.addXMP(b)
}

// pngTextBlock returns the text of a text chunk, inflated when compressed;
// rest follows the keyword's NUL and lies at file offset at.
func (r *photoReader) pngTextBlock(typ string, rest []byte, at, fileSize int) (*block, error) {
	compressed := typ == "zTXt"
	if typ == "iTXt" {
		// compression flag, method, language tag, translated keyword
		if len(rest) < 2 {
			return nil, r.errorf(at, "PNG: iTXt chunk truncated")
		}
		compressed = rest[0] != 0
		i := 2
		for range 2 {
			j := bytes.IndexByte(rest[i:], 0)
			if j < 0 {
				return nil, r.errorf(at+i, "PNG: iTXt chunk truncated")
			}
			i += j + 1
		}
		rest, at = rest[i:], at+i
	} else if typ == "zTXt" {
		if len(rest) < 1 {
			return nil, r.errorf(at, "PNG: zTXt chunk truncated")
		}
		rest, at = rest[1:], at+1
	}
	if !compressed {
		return fileBlock(rest, at), nil
	}
	text, err := inflate(rest, max(fileSize, MaxParagraph))
	if err != nil {
		return nil, r.errorf(at, "PNG: %s chunk: %v", typ, err)
	}
	return &block{data: text, packed: true, lo: at, hi: at + len(rest)}, nil
}

// inflate decompresses zlib data, refusing more than limit bytes: a small
// chunk can inflate to gigabytes, and sijil allocates no more than the file
// it reads, or than a caption document may hold when the file is smaller.
func inflate(comp []byte, limit int) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(comp))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(zr, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(out) > limit {
		return nil, errTooBig(limit)
	}
	return out, nil
}

type errTooBig int

func (e errTooBig) Error() string { return "inflates to more than " + strconv.Itoa(int(e)) + " bytes" }

// rawProfile decodes an ImageMagick raw profile: "\nNAME\n   LENGTH\n" and
// then LENGTH bytes in hex digits, in lines. For a plain chunk each run of
// digits becomes a piece, so that values keep exact file ranges.
func (r *photoReader) rawProfile(b *block) (*block, error) {
	t := b.data
	i := skipSpace(t, 0)
	nl := bytes.IndexByte(t[i:], '\n')
	if nl < 0 {
		return nil, r.fail(b, corruptf(i, "PNG: raw profile has no length line"))
	}
	i = skipSpace(t, i+nl+1)
	j := i
	for j < len(t) && t[j] >= '0' && t[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(string(t[i:j]))
	if err != nil || n > (len(t)-j)/2 {
		return nil, r.fail(b, corruptf(i, "PNG: raw profile length %q does not fit its %d bytes", t[i:j], len(t)))
	}
	out := &block{data: make([]byte, 0, n), scale: 2, packed: b.packed, lo: b.lo, hi: b.hi}
	// One piece per line of digits (ImageMagick writes 72 a line); a file
	// with far more runs gets no exact map rather than one that outgrows it.
	maxPieces := len(t)/64 + 8
	for k := j; len(out.data) < n; k += 2 {
		k = skipSpace(t, k)
		if len(t)-k < 2 || unhex(t[k]) < 0 || unhex(t[k+1]) < 0 {
			return nil, r.fail(b, corruptf(k, "PNG: raw profile holds %d of its %d bytes", len(out.data), n))
		}
		if !out.packed && (len(out.pieces) == 0 || isSpace(t[k-1])) {
			if len(out.pieces) == maxPieces {
				out.pieces, out.packed = nil, true
				out.lo, out.hi = b.span(0, len(t))
			} else {
				out.pieces = append(out.pieces, piece{at: len(out.data), off: b.pos(k)})
			}
		}
		out.data = append(out.data, byte(unhex(t[k])<<4|unhex(t[k+1])))
	}
	return out, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

func skipSpace(t []byte, i int) int {
	for i < len(t) && isSpace(t[i]) {
		i++
	}
	return i
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
