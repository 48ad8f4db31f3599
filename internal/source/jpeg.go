package source

import (
	"bytes"
	"encoding/binary"

	"sijil/internal/caption"
)

// FormatJPEG is the Format of the captions ReadJPEG returns.
const FormatJPEG = "jpeg"

// JPEG markers (ITU T.81, table B.1) and the APP segment identifiers that
// hold caption metadata.
const (
	markerSOI   = 0xD8
	markerEOI   = 0xD9
	markerSOS   = 0xDA
	markerTEM   = 0x01
	markerRST0  = 0xD0
	markerRST7  = 0xD7
	markerAPP1  = 0xE1
	markerAPP13 = 0xED
)

var (
	xmpSignature       = []byte("http://ns.adobe.com/xap/1.0/\x00")
	photoshopSignature = []byte("Photoshop 3.0\x00")
)

// ReadJPEG reads the caption of the JPEG file data (see ReadPhoto) from its
// APP1 XMP segment and the IPTC resource of its APP13 Photoshop segments.
// Only the segments before the first scan are read: that is where every
// writer puts metadata, and the scan is most of the file.
func ReadJPEG(data []byte, path string) ([]caption.Raw, error) {
	r := newPhotoReader(path, FormatJPEG)
	if len(data) < 2 || data[0] != 0xFF || data[1] != markerSOI {
		return nil, r.errorf(0, "JPEG: no start-of-image marker")
	}
	// Photoshop resources too big for one segment continue in the next
	// APP13 (each again headed "Photoshop 3.0"), so they are gathered
	// before they are split.
	irb := &block{scale: 1}
	off := 2
	for {
		seg, m, next, err := r.jpegSegment(data, off)
		if err != nil {
			return nil, err
		}
		if m == markerSOS || m == markerEOI {
			break
		}
		switch {
		case m == markerAPP1 && bytes.HasPrefix(seg, xmpSignature):
			at := next - len(seg) + len(xmpSignature)
			if err := r.addXMP(fileBlock(seg[len(xmpSignature):], at)); err != nil {
				return nil, err
			}
		case m == markerAPP13 && bytes.HasPrefix(seg, photoshopSignature):
			if body := seg[len(photoshopSignature):]; len(body) > 0 {
				irb.pieces = append(irb.pieces, piece{at: len(irb.data), off: next - len(body)})
				irb.data = append(irb.data, body...)
			}
		}
		off = next
	}
	if len(irb.data) > 0 {
		if err := r.addIRB(irb); err != nil {
			return nil, err
		}
	}
	return r.raws(), nil
}

// jpegSegment reads the marker at off and the payload of its segment, and
// returns the offset after it. Markers without a segment have no payload.
func (r *photoReader) jpegSegment(data []byte, off int) (payload []byte, marker byte, next int, err error) {
	if off >= len(data) {
		return nil, 0, 0, r.errorf(off, "JPEG: file ends before the image data")
	}
	if data[off] != 0xFF {
		return nil, 0, 0, r.errorf(off, "JPEG: byte %#02x where a marker belongs", data[off])
	}
	at := off
	for off < len(data) && data[off] == 0xFF { // fill bytes (T.81 B.1.1.2)
		off++
	}
	if off >= len(data) {
		return nil, 0, 0, r.errorf(at, "JPEG: file ends inside a marker")
	}
	marker = data[off]
	off++
	switch {
	case marker == markerSOS || marker == markerEOI:
		return nil, marker, off, nil
	case marker == markerTEM || marker >= markerRST0 && marker <= markerRST7:
		return nil, marker, off, nil
	case marker == 0x00 || marker == markerSOI:
		return nil, 0, 0, r.errorf(at, "JPEG: marker %#02x out of place", marker)
	}
	if len(data)-off < 2 {
		return nil, 0, 0, r.errorf(off, "JPEG: segment %#02x length truncated", marker)
	}
	n := int(binary.BigEndian.Uint16(data[off:]))
	if n < 2 {
		return nil, 0, 0, r.errorf(off, "JPEG: segment %#02x length %d is shorter than the length field", marker, n)
	}
	if n > len(data)-off {
		return nil, 0, 0, r.errorf(off, "JPEG: segment %#02x length %d runs past the end of the %d-byte file", marker, n, len(data))
	}
	return data[off+2 : off+n], marker, off + n, nil
}
