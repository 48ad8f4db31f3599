package source

import (
	"encoding/binary"

	"sijil/internal/caption"
)

// FormatTIFF is the Format of the captions ReadTIFF returns.
const FormatTIFF = "tiff"

// TIFF tags that hold caption metadata: the IPTC-NAA IIM stream (TIFF/EP,
// written LONG by Photoshop, UNDEFINED or BYTE by others, the bytes are the
// same), the XMP packet (XMP part 3, 1.2.2) and Photoshop's image resources,
// which may hold IIM again.
const (
	tagXMP       = 700
	tagIPTC      = 33723
	tagPhotoshop = 34377
)

// maxIFDs bounds the chain of IFDs walked: a real multi-page TIFF has a
// handful, and overlapping IFDs that are not a loop could otherwise cost
// time quadratic in the file size.
const maxIFDs = 1024

// tiffTypeSizes gives the size in bytes of each TIFF 6.0 field type.
var tiffTypeSizes = [...]uint64{1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4}

// ReadTIFF reads the caption of the TIFF file data (see ReadPhoto) from the
// IPTC, XMP and Photoshop tags of its IFD chain.
func ReadTIFF(data []byte, path string) ([]caption.Raw, error) {
	r := newPhotoReader(path, FormatTIFF)
	var bo binary.ByteOrder
	switch {
	case len(data) < 8:
		return nil, r.errorf(0, "TIFF: header truncated")
	case string(data[:4]) == "II*\x00":
		bo = binary.LittleEndian
	case string(data[:4]) == "MM\x00*":
		bo = binary.BigEndian
	default:
		return nil, r.errorf(0, "TIFF: no byte-order header")
	}
	seen := map[uint32]bool{}
	ptr := 4 // offset of the pointer to the next IFD
	for ifd := bo.Uint32(data[4:]); ifd != 0; {
		if seen[ifd] {
			return nil, r.errorf(ptr, "TIFF: IFD offset %d loops back to an IFD already read", ifd)
		}
		if len(seen) == maxIFDs {
			return nil, r.errorf(ptr, "TIFF: more than %d IFDs", maxIFDs)
		}
		seen[ifd] = true
		next, err := r.readIFD(data, bo, ifd)
		if err != nil {
			return nil, err
		}
		ptr, ifd = next, bo.Uint32(data[next:])
	}
	return r.raws(), nil
}

// readIFD reads the metadata tags of the IFD at off and returns the offset
// of its pointer to the next IFD.
func (r *photoReader) readIFD(data []byte, bo binary.ByteOrder, off uint32) (next int, err error) {
	if uint64(off)+2 > uint64(len(data)) {
		return 0, r.errorf(int(off), "TIFF: IFD offset past the end of the %d-byte file", len(data))
	}
	at := int(off)
	count := int(bo.Uint16(data[at:]))
	next = at + 2 + 12*count
	if next+4 > len(data) {
		return 0, r.errorf(at, "TIFF: IFD of %d entries runs past the end of the %d-byte file", count, len(data))
	}
	for e := at + 2; e < next; e += 12 {
		tag, typ := bo.Uint16(data[e:]), bo.Uint16(data[e+2:])
		if tag != tagIPTC && tag != tagXMP && tag != tagPhotoshop || int(typ) >= len(tiffTypeSizes) || tiffTypeSizes[typ] == 0 {
			continue // TIFF 6.0: readers skip types they do not know
		}
		size := tiffTypeSizes[typ] * uint64(bo.Uint32(data[e+4:]))
		v := uint64(e + 8) // values of four bytes or less sit in the entry
		if size > 4 {
			v = uint64(bo.Uint32(data[e+8:]))
		}
		if v+size > uint64(len(data)) {
			return 0, r.errorf(e, "TIFF: tag %d value of %d bytes at offset %d runs past the end of the %d-byte file", tag, size, v, len(data))
		}
		b := fileBlock(data[v:v+size], int(v))
		switch tag {
		case tagIPTC:
			err = r.addIIM(b)
		case tagXMP:
			err = r.addXMP(b)
		case tagPhotoshop:
			err = r.addIRB(b)
		}
		if err != nil {
			return 0, err
		}
	}
	return next, nil
}
