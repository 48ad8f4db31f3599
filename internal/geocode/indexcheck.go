package geocode

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// validate checks every table of a freshly opened index once, so that the
// accessors may index without further checks: section sizes, string refs,
// row and place numbers in range, and the sort orders binary search relies
// on. On the embedded data it takes a few milliseconds (see
// BenchmarkEmbedded).
func (ix *Index) validate() error {
	for _, c := range []struct {
		sec  int
		size int
		name string
	}{
		{secSources, 4, "sources"}, {secPlaces, placeSize, "places"},
		{secKeyOffs, 4, "key offsets"}, {secPostOffs, 4, "posting offsets"},
		{secPostings, 4, "postings"}, {secAdmin1, admin1Size, "admin1"},
		{secCountries, countrySize, "countries"},
	} {
		if len(ix.sec[c.sec])%c.size != 0 {
			return fmt.Errorf("%s table has a partial record", c.name)
		}
	}
	if len(ix.sec[secSources]) > 4*256 {
		return errors.New("more than 256 sources")
	}
	for i := range len(ix.sec[secSources]) / 4 {
		if !ix.validRef(ix.u32(secSources, i)) {
			return errors.New("bad source name")
		}
	}
	for _, check := range []func() error{ix.checkPlaces, ix.checkKeys, ix.checkPostings, ix.checkAdmin1, ix.checkCountries} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validRef reports whether ref points at a whole string inside the pool.
func (ix *Index) validRef(ref uint32) bool {
	pool := ix.sec[secPool]
	if uint64(ref) >= uint64(len(pool)) {
		return false
	}
	n, w := binary.Uvarint(pool[ref:])
	return w > 0 && n <= uint64(len(pool))-uint64(ref)-uint64(w)
}

// checkPlaces checks each place record's refs and numbers and the
// (source, id) order.
func (ix *Index) checkPlaces() error {
	nSources := len(ix.sec[secSources]) / 4
	nAdmin1 := len(ix.sec[secAdmin1]) / admin1Size
	places := ix.sec[secPlaces]
	for i := 0; i < len(places); i += placeSize {
		r := places[i : i+placeSize]
		if !ix.validRef(le.Uint32(r[20:])) || !ix.validRef(le.Uint32(r[24:])) || !ix.validRef(le.Uint32(r[28:])) {
			return fmt.Errorf("place %d: bad string", i/placeSize)
		}
		if row := le.Uint32(r[32:]); row != noRow && uint64(row) >= uint64(nAdmin1) {
			return fmt.Errorf("place %d: bad admin1 row", i/placeSize)
		}
		if int(r[39]) >= nSources {
			return fmt.Errorf("place %d: bad source", i/placeSize)
		}
		if !validCoords(r[8:]) {
			return fmt.Errorf("place %d: coordinates out of range", i/placeSize)
		}
		if i > 0 {
			s0, id0 := ix.placeSortKey(uint32(i/placeSize - 1))
			s1, id1 := ix.placeSortKey(uint32(i / placeSize))
			if s1 < s0 || (s1 == s0 && id1 <= id0) {
				return fmt.Errorf("place %d: out of order", i/placeSize)
			}
		}
	}
	return nil
}

// checkKeys checks that the key offsets cut keyBytes into non-empty keys in
// strictly increasing byte order.
func (ix *Index) checkKeys() error {
	n := len(ix.sec[secKeyOffs])/4 - 1
	if n < 0 || len(ix.sec[secPostOffs]) != len(ix.sec[secKeyOffs]) {
		return errors.New("key and posting offsets disagree")
	}
	if ix.u32(secKeyOffs, 0) != 0 || int(ix.u32(secKeyOffs, n)) != len(ix.sec[secKeyBytes]) {
		return errors.New("key offsets do not span the keys")
	}
	var prev []byte
	for i := range n {
		lo, hi := ix.u32(secKeyOffs, i), ix.u32(secKeyOffs, i+1)
		if hi <= lo || int(hi) > len(ix.sec[secKeyBytes]) {
			return fmt.Errorf("key %d: bad offsets", i)
		}
		k := ix.sec[secKeyBytes][lo:hi]
		if i > 0 && bytes.Compare(prev, k) >= 0 {
			return fmt.Errorf("key %d: out of order", i)
		}
		prev = k
	}
	return nil
}

// checkPostings checks that every key has places and that they exist.
func (ix *Index) checkPostings() error {
	n := len(ix.sec[secPostOffs])/4 - 1
	total := len(ix.sec[secPostings]) / 4
	if ix.u32(secPostOffs, 0) != 0 || int(ix.u32(secPostOffs, n)) != total {
		return errors.New("posting offsets do not span the postings")
	}
	for i := range n {
		lo, hi := ix.u32(secPostOffs, i), ix.u32(secPostOffs, i+1)
		if hi <= lo || int(hi) > total {
			return fmt.Errorf("key %d: bad postings", i)
		}
	}
	nPlaces := uint32(ix.Len())
	for j := range total {
		if ix.u32(secPostings, j) >= nPlaces {
			return fmt.Errorf("posting %d: no such place", j)
		}
	}
	return nil
}

// checkAdmin1 checks the admin1 rows' strings and representative places.
func (ix *Index) checkAdmin1() error {
	rows := ix.sec[secAdmin1]
	for i := 0; i < len(rows); i += admin1Size {
		r := rows[i:]
		if !ix.validRef(le.Uint32(r[4:])) || !ix.validRef(le.Uint32(r[8:])) {
			return fmt.Errorf("admin1 row %d: bad string", i/admin1Size)
		}
		rep := le.Uint32(r[12:])
		if rep != noRow && int(rep) >= ix.Len() {
			return fmt.Errorf("admin1 row %d: no such place", i/admin1Size)
		}
		// A division represented by a place (its ADM1 entry or its
		// capital) must name one: Admin1Place decodes it.
		if how := r[2]; how > repNone || (how == repADM1 || how == repCapital) && rep == noRow {
			return fmt.Errorf("admin1 row %d: representative %d without a place", i/admin1Size, how)
		}
		if !validCoords(r[16:]) {
			return fmt.Errorf("admin1 row %d: coordinates out of range", i/admin1Size)
		}
	}
	return nil
}

// checkCountries checks the country rows' names and capitals.
func (ix *Index) checkCountries() error {
	rows := ix.sec[secCountries]
	for i := 0; i < len(rows); i += countrySize {
		r := rows[i:]
		if !ix.validRef(le.Uint32(r[4:])) {
			return fmt.Errorf("country row %d: bad name", i/countrySize)
		}
		if c := le.Uint32(r[16:]); c != noRow && int(c) >= ix.Len() {
			return fmt.Errorf("country row %d: no such place", i/countrySize)
		}
		if !validCoords(r[8:]) {
			return fmt.Errorf("country row %d: coordinates out of range", i/countrySize)
		}
	}
	return nil
}

// validCoords checks a stored (lat, lon) pair of int32 × 1e-7 degrees.
func validCoords(b []byte) bool {
	lat, lon := int32(le.Uint32(b)), int32(le.Uint32(b[4:]))
	return lat >= -90*coordScale && lat <= 90*coordScale && lon >= -180*coordScale && lon <= 180*coordScale
}
