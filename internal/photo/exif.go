package photo

import (
	"bytes"
	"encoding/binary"
)

// tagOrientation is the TIFF/EXIF tag of the orientation (TIFF 6.0, 274).
const tagOrientation = 0x0112

// jpegOrientation reads the EXIF orientation from the APP1 "Exif" segment of
// the JPEG data, walking the marker segments before the image data only. It
// returns 1 (as stored) when there is none or it cannot be read: a wrong
// orientation turns a thumbnail, a failed read of it should not refuse the
// photo.
func jpegOrientation(data []byte) int {
	p := 2 // after SOI
	for p+4 <= len(data) {
		if data[p] != 0xFF {
			return 1
		}
		marker := data[p+1]
		switch {
		case marker == 0xFF: // fill byte
			p++
			continue
		case marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7 || marker == 0x01:
			p += 2 // markers without a length
			continue
		case marker == 0xDA || marker == 0xD9: // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[p+2:]))
		if n < 2 || p+2+n > len(data) {
			return 1
		}
		seg := data[p+4 : p+2+n]
		if marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return tiffOrientation(seg[6:])
		}
		p += 2 + n
	}
	return 1
}

// pngOrientation reads the orientation from the eXIf chunk of the PNG data
// (PNG 1.5 extensions), which holds an EXIF TIFF structure without the
// "Exif" prefix. The chunk must come before IDAT to count.
func pngOrientation(data []byte) int {
	p := 8 // after the signature
	for p+8 <= len(data) {
		n := int64(binary.BigEndian.Uint32(data[p:]))
		typ := string(data[p+4 : p+8])
		if n > int64(len(data)-p-12) {
			return 1
		}
		switch typ {
		case "eXIf":
			return tiffOrientation(data[p+8 : p+8+int(n)])
		case "IDAT", "IEND":
			return 1
		}
		p += 12 + int(n)
	}
	return 1
}

// tiffOrientation reads tag 274 from IFD0 of the TIFF structure t, every
// offset checked against len(t). Values outside 1..8 read as 1.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int64(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > int64(len(t)) {
		return 1
	}
	n := int64(bo.Uint16(t[ifd:]))
	for i := range n {
		e := ifd + 2 + 12*i
		if e+12 > int64(len(t)) {
			return 1
		}
		if bo.Uint16(t[e:]) != tagOrientation {
			continue
		}
		// SHORT (3), one value, held in the first two bytes of the value field.
		if bo.Uint16(t[e+2:]) != 3 || bo.Uint32(t[e+4:]) != 1 {
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}
