package source

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// dataset is one IPTC IIM dataset (IIM 4.2, section 1.5): record and dataset
// number, and the range of its value in the stream.
type dataset struct {
	rec, num   byte
	start, end int
}

// iimTagMarker starts every IIM dataset.
const iimTagMarker = 0x1C

// iimKeys names the datasets sijil reads from record 2, the application
// record (IIM 4.2, chapter 6).
var iimKeys = map[[2]byte]string{
	{2, 120}: caption.MetaIPTCCaption,
	{2, 105}: caption.MetaIPTCHeadline,
	{2, 80}:  caption.MetaIPTCByline,
	{2, 110}: caption.MetaIPTCCredit,
	{2, 115}: caption.MetaIPTCSource,
	{2, 55}:  caption.MetaIPTCDateCreated,
	{2, 90}:  caption.MetaIPTCCity,
	{2, 92}:  caption.MetaIPTCSublocation,
	{2, 95}:  caption.MetaIPTCProvinceState,
	{2, 100}: caption.MetaIPTCCountryCode,
	{2, 101}: caption.MetaIPTCCountry,
}

// utf8Escape is the value of dataset 1:90, Coded Character Set, that
// declares UTF-8 (ISO 2022 "ESC % G").
var utf8Escape = []byte("\x1B%G")

// parseIIM calls each for the datasets of an IIM stream in order. A dataset
// whose length runs past the stream, or a byte other than the tag marker
// where a dataset should start, is corrupt input; zero bytes after the last
// dataset are padding (Photoshop pads resources to even lengths, some
// writers to 4). Datasets are not gathered in a slice, which for a stream of
// empty ones would be five times its size.
func parseIIM(b []byte, each func(dataset)) error {
	for i := 0; i < len(b); {
		if b[i] != iimTagMarker {
			if allZero(b[i:]) {
				break
			}
			return corruptf(i, "IPTC: byte %#02x where a dataset tag marker belongs", b[i])
		}
		if len(b)-i < 5 {
			return corruptf(i, "IPTC: dataset header truncated")
		}
		rec, num := b[i+1], b[i+2]
		n := int(binary.BigEndian.Uint16(b[i+3:]))
		start := i + 5
		if n&0x8000 != 0 {
			// Extended dataset: the low bits count the octets of the length
			// that follows (IIM 4.2, 1.5.3). More than four could not
			// describe a value in any file sijil reads.
			k := n & 0x7FFF
			if k == 0 || k > 4 || len(b)-start < k {
				return corruptf(i, "IPTC: dataset %d:%d has a bad extended length", rec, num)
			}
			n = 0
			for _, c := range b[start : start+k] {
				n = n<<8 | int(c)
			}
			start += k
		}
		if n > len(b)-start {
			return corruptf(i, "IPTC: dataset %d:%d length %d runs past the end of its %d-byte block", rec, num, n, len(b))
		}
		each(dataset{rec: rec, num: num, start: start, end: start + n})
		i = start + n
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// addIIM reads the datasets of the IIM stream b.
func (r *photoReader) addIIM(b *block) error {
	isUTF8 := false // records come in order: 1:90 precedes record 2
	fields := map[string]string{}
	err := parseIIM(b.data, func(s dataset) {
		if s.rec == 1 && s.num == 90 {
			isUTF8 = bytes.Equal(b.data[s.start:s.end], utf8Escape)
		}
		key := iimKeys[[2]byte{s.rec, s.num}]
		if key == "" {
			return
		}
		raw := bytes.TrimRight(b.data[s.start:s.end], "\x00") // C strings from some writers
		text := decodeIIM(raw, isUTF8)
		if key == caption.MetaIPTCCaption && r.iptc == nil && strings.TrimSpace(text) != "" {
			start, end := b.span(s.start, s.start+len(raw))
			r.iptc = &captionValue{text: text, start: start, end: end, precise: !b.packed}
		}
		if v := joinValues(fields[key], strings.TrimSpace(text)); v != "" {
			fields[key] = v
		}
	})
	if err != nil {
		return r.fail(b, err)
	}
	r.merge(fields)
	return nil
}

// decodeIIM decodes an IIM value to UTF-8. Without 1:90 declaring UTF-8 the
// character set is unknown: bytes that are valid UTF-8 almost always are
// (Latin-1 text rarely forms valid multi-byte sequences), and the rest is
// taken for ISO 8859-1, the usual default of older writers, read as
// Windows-1252 the way browsers read it (WHATWG Encoding): "Latin" writers,
// exiftool among them, put curly quotes and dashes at 0x80–0x9F, where ISO
// 8859-1 has only control codes no caption holds. NUL, which no caption
// holds and PostgreSQL cannot store, becomes U+FFFD.
func decodeIIM(raw []byte, isUTF8 bool) string {
	var s string
	switch {
	case isUTF8, utf8.Valid(raw):
		s = strings.ToValidUTF8(string(raw), "\uFFFD")
	default:
		rs := make([]rune, len(raw))
		for i, c := range raw {
			rs[i] = rune(c)
			if c >= 0x80 && c < 0xA0 {
				rs[i] = cp1252[c-0x80]
			}
		}
		s = string(rs)
	}
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

// cp1252 maps Windows-1252 bytes 0x80–0x9F; the five it leaves undefined
// keep their ISO 8859-1 control codes, as WHATWG Encoding has it.
var cp1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// Photoshop image resources (Photoshop File Formats Specification, "Image
// Resource Blocks"): signature, id, padded Pascal name, size, padded data.
const irbIPTC = 0x0404

// irbSignatures are the resource signatures writers use; "8BIM" nearly always.
var irbSignatures = []string{"8BIM", "PHUT", "AgHg", "DCSR", "MeSa"}

// irbResource is the range of one resource's data.
type irbResource struct {
	id         uint16
	start, end int
}

// parseIRB calls each for the Photoshop image resources of b in order.
func parseIRB(b []byte, each func(irbResource) error) error {
	for i := 0; i < len(b); {
		if len(b)-i < 4 && allZero(b[i:]) {
			break // padding
		}
		if len(b)-i < 7 {
			return corruptf(i, "Photoshop resource header truncated")
		}
		sig := string(b[i : i+4])
		if !isIRBSignature(sig) {
			return corruptf(i, "Photoshop resource signature %q", sig)
		}
		id := binary.BigEndian.Uint16(b[i+4:])
		nameLen := int(b[i+6])
		j := i + 6 + nameLen + 1 + (nameLen+1)%2 // the name, padded to an even length
		if len(b)-j < 4 {
			return corruptf(i, "Photoshop resource %#04x header truncated", id)
		}
		n := binary.BigEndian.Uint32(b[j:])
		start := j + 4
		if uint64(n) > uint64(len(b)-start) {
			return corruptf(j, "Photoshop resource %#04x size %d runs past the end of its %d-byte block", id, n, len(b))
		}
		end := start + int(n)
		if err := each(irbResource{id: id, start: start, end: end}); err != nil {
			return err
		}
		i = min(end+int(n%2), len(b))
	}
	return nil
}

func isIRBSignature(s string) bool {
	for _, sig := range irbSignatures {
		if s == sig {
			return true
		}
	}
	return false
}

// addIRB reads the IPTC resources among the Photoshop resources in b.
func (r *photoReader) addIRB(b *block) error {
	var iimErr error // already names the file offset
	err := parseIRB(b.data, func(rs irbResource) error {
		if rs.id == irbIPTC {
			iimErr = r.addIIM(b.sub(rs.start, rs.end))
		}
		return iimErr
	})
	switch {
	case iimErr != nil:
		return iimErr
	case err != nil:
		return r.fail(b, err)
	}
	return nil
}

// sub returns the block of b.data[i:j], with its file positions.
func (b *block) sub(i, j int) *block {
	s := &block{data: b.data[i:j], scale: b.scale, packed: b.packed, lo: b.lo, hi: b.hi}
	if b.packed {
		return s
	}
	for k, p := range b.pieces {
		next := len(b.data)
		if k+1 < len(b.pieces) {
			next = b.pieces[k+1].at
		}
		if next <= i || p.at >= j {
			continue
		}
		at := max(p.at, i)
		s.pieces = append(s.pieces, piece{at: at - i, off: p.off + (at-p.at)*b.scale})
	}
	if len(s.pieces) == 0 {
		s.pieces = []piece{{0, b.pos(i)}}
	}
	return s
}
