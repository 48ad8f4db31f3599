package geocode

import (
	"encoding/binary"
	"fmt"
	"os"
	"sort"
	"strings"

	"sijil/internal/caption"
)

// The index file, version 1. Everything is little-endian; a "ref" is a u32
// offset into the string pool, where each string is a uvarint length and
// its bytes (ref 0 is the empty string). OpenIndex reads it in place: no
// table is copied or turned into a map, so opening costs one validation pass.
//
//	header   magic "sijilgz\x00", u32 version, u32 flags (0), ref name,
//	         u32 reserved, then nSections × (u32 offset, u32 length)
//	pool     the strings
//	sources  u32 ref per source name, sorted ("geonames", "syrian-archive")
//	places   placeSize-byte records sorted by (source, id), see placeAt
//	keyOffs  u32 × (keys+1): key i is keyBytes[keyOffs[i]:keyOffs[i+1]];
//	keyBytes the keys of Key(), concatenated in byte order
//	postOffs u32 × (keys+1): key i's places are postings[postOffs[i]:postOffs[i+1]]
//	postings u32 place numbers, ascending within a key
//	admin1   admin1Size-byte rows sorted by (country, code, name), see admin1At
//	countries countrySize-byte rows sorted by code, see countryAt
const (
	indexMagic   = "sijilgz\x00"
	indexVersion = 1
	headerFixed  = 24
	nSections    = 9
	headerSize   = headerFixed + 8*nSections
	placeSize    = 40
	admin1Size   = 24
	countrySize  = 20
	noRow        = ^uint32(0)
	coordScale   = 1e7 // degrees are stored as int32 × 1e-7: about 1 cm
	altSep       = "\x1f"
)

// The sections, in file order.
const (
	secPool = iota
	secSources
	secPlaces
	secKeyOffs
	secKeyBytes
	secPostOffs
	secPostings
	secAdmin1
	secCountries
)

// Index is one gazetteer file opened in place: the embedded GeoNames data,
// an import, or a user's corrections. It is read-only and safe for
// concurrent use; the bytes it was opened from must not change.
type Index struct {
	name, file string
	size       int
	sec        [nSections][]byte
}

// OpenIndex checks data's header and tables and returns the index. A
// truncated or corrupt file gives an error wrapping caption.ErrInvalid,
// never a panic. data is used in place and must not be modified afterwards.
func OpenIndex(data []byte) (*Index, error) {
	if len(data) < headerSize || string(data[:8]) != indexMagic {
		return nil, fmt.Errorf("geocode.OpenIndex: not a gazetteer index: %w", caption.ErrInvalid)
	}
	if v := le.Uint32(data[8:]); v != indexVersion {
		return nil, fmt.Errorf("geocode.OpenIndex: index version %d, want %d: %w", v, indexVersion, caption.ErrInvalid)
	}
	ix := &Index{size: len(data)}
	for s := range nSections {
		h := data[headerFixed+8*s:]
		off, n := uint64(le.Uint32(h)), uint64(le.Uint32(h[4:]))
		if off+n > uint64(len(data)) {
			return nil, fmt.Errorf("geocode.OpenIndex: section %d out of bounds: %w", s, caption.ErrInvalid)
		}
		ix.sec[s] = data[off : off+n]
	}
	if err := ix.validate(); err != nil {
		return nil, fmt.Errorf("geocode.OpenIndex: %w: %w", err, caption.ErrInvalid)
	}
	ix.name = ix.str(le.Uint32(data[16:]))
	return ix, nil
}

// OpenIndexFile reads an index file written by WriteIndexMeta; the path is
// remembered for Gazetteer.Layers.
func OpenIndexFile(path string) (*Index, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("geocode.OpenIndexFile: %w", err)
	}
	ix, err := OpenIndex(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ix.file = path
	return ix, nil
}

var le = binary.LittleEndian

// Name returns the name the index was written with ("cities500").
func (ix *Index) Name() string { return ix.name }

// Len returns the number of places.
func (ix *Index) Len() int { return len(ix.sec[secPlaces]) / placeSize }

// numKeys returns the number of distinct keys.
func (ix *Index) numKeys() int { return len(ix.sec[secKeyOffs])/4 - 1 }

// u32 reads the i-th u32 of section s; validate has checked the bounds.
func (ix *Index) u32(s, i int) uint32 { return le.Uint32(ix.sec[s][4*i:]) }

// str returns the pool string at ref, or "" for a bad ref (validate has
// rejected those; this keeps a missed case from panicking).
func (ix *Index) str(ref uint32) string {
	pool := ix.sec[secPool]
	if uint64(ref) >= uint64(len(pool)) {
		return ""
	}
	n, w := binary.Uvarint(pool[ref:])
	if w <= 0 || n > uint64(len(pool))-uint64(ref)-uint64(w) {
		return ""
	}
	start := int(ref) + w
	return string(pool[start : start+int(n)])
}

// key returns key i's bytes as a string without copying them; it is only
// compared, never kept.
func (ix *Index) key(i int) []byte {
	return ix.sec[secKeyBytes][ix.u32(secKeyOffs, i):ix.u32(secKeyOffs, i+1)]
}

// findKey returns the number of key k, or -1.
func (ix *Index) findKey(k string) int {
	n := ix.numKeys()
	i := sort.Search(n, func(i int) bool { return string(ix.key(i)) >= k })
	if i < n && string(ix.key(i)) == k {
		return i
	}
	return -1
}

// postings returns the place numbers of key i.
func (ix *Index) postings(i int) []uint32 {
	lo, hi := ix.u32(secPostOffs, i), ix.u32(secPostOffs, i+1)
	out := make([]uint32, 0, hi-lo)
	for j := lo; j < hi; j++ {
		out = append(out, ix.u32(secPostings, int(j)))
	}
	return out
}

// source returns the source name of source number i.
func (ix *Index) source(i int) string {
	if i >= len(ix.sec[secSources])/4 {
		return ""
	}
	return ix.str(ix.u32(secSources, i))
}

// placeAt decodes place number i. The record is: i64 id, i32 lat, i32 lon,
// u32 population, ref name, ref alternates (joined by U+001F), ref feature,
// u32 admin1 row (noRow when none), 2 bytes country, class, u8 source.
func (ix *Index) placeAt(i uint32) Place {
	r := ix.sec[secPlaces][int(i)*placeSize:][:placeSize]
	p := Place{
		ID:         int64(le.Uint64(r)),
		Lat:        float64(int32(le.Uint32(r[8:]))) / coordScale,
		Lon:        float64(int32(le.Uint32(r[12:]))) / coordScale,
		Population: int64(le.Uint32(r[16:])),
		Name:       ix.str(le.Uint32(r[20:])),
		Feature:    ix.str(le.Uint32(r[28:])),
		Country:    countryCode(r[36:38]),
		Class:      r[38],
		Source:     ix.source(int(r[39])),
	}
	if alts := ix.str(le.Uint32(r[24:])); alts != "" {
		p.Alternates = strings.Split(alts, altSep)
	}
	if row := le.Uint32(r[32:]); row != noRow {
		a := ix.admin1At(int(row))
		p.Admin1Code, p.Admin1 = a.code, a.name
	}
	return p
}

// countryCode turns two stored bytes into a code; zero bytes mean none.
func countryCode(b []byte) caption.CountryCode {
	if b[0] == 0 {
		return ""
	}
	return caption.CountryCode(b[:2])
}

// placeCountry returns place i's country without decoding the rest.
func (ix *Index) placeCountry(i uint32) caption.CountryCode {
	return countryCode(ix.sec[secPlaces][int(i)*placeSize+36:])
}

// placeIdentity returns what makes place i the same place in another layer:
// its source (GeoNames for embedded and imported GeoNames rows) and id.
func (ix *Index) placeIdentity(i uint32) (string, int64) {
	src, id := ix.placeSortKey(i)
	return ix.source(int(src)), id
}

// placeSortKey returns place i's source number and id, the order of the
// place table (source numbers follow the sorted source names).
func (ix *Index) placeSortKey(i uint32) (byte, int64) {
	r := ix.sec[secPlaces][int(i)*placeSize:]
	return r[39], int64(le.Uint64(r))
}

// findPlace returns the number of the place with this source and id.
func (ix *Index) findPlace(source string, id int64) (uint32, bool) {
	src := -1
	for i := range len(ix.sec[secSources]) / 4 {
		if ix.source(i) == source {
			src = i
			break
		}
	}
	if src < 0 {
		return 0, false
	}
	n := ix.Len()
	i := sort.Search(n, func(i int) bool {
		s, pid := ix.placeSortKey(uint32(i))
		return int(s) > src || (int(s) == src && pid >= id)
	})
	if i < n {
		if s, pid := ix.placeSortKey(uint32(i)); int(s) == src && pid == id {
			return uint32(i), true
		}
	}
	return 0, false
}
