package geocode

import (
	"cmp"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// indexBuilder lays out the sections of an index in memory.
type indexBuilder struct {
	places  []Place // sorted by (source, id)
	meta    IndexMeta
	pool    []byte
	refs    map[string]uint32
	sources []string
	a1      []admin1Build
	a1Row   []uint32 // per place: its admin1 row or noRow
	sec     [nSections][]byte
}

// admin1Build collects one admin1 row: (country, code) or, for imports that
// give names without codes, (country, "", name).
type admin1Build struct {
	country      caption.CountryCode
	code, name   string
	adm1, capt   int // place numbers of the ADM1 entry and best capital, or -1
	capPop       int64
	capRank      int // 2 for PPLA, 1 for PPLC
	sumLat, sumL float64
	n            int
}

func newIndexBuilder(places []Place, meta IndexMeta) *indexBuilder {
	b := &indexBuilder{places: places, meta: meta, refs: map[string]uint32{}}
	b.pool = []byte{0} // ref 0: the empty string
	b.refs[""] = 0
	return b
}

// ref interns s in the string pool.
func (b *indexBuilder) ref(s string) uint32 {
	if r, ok := b.refs[s]; ok {
		return r
	}
	r := uint32(len(b.pool))
	b.pool = binary.AppendUvarint(b.pool, uint64(len(s)))
	b.pool = append(b.pool, s...)
	b.refs[s] = r
	return r
}

// build fills every section but the pool's final form.
func (b *indexBuilder) build() error {
	b.ref(b.meta.Name)
	for _, p := range b.places {
		if len(b.sources) == 0 || b.sources[len(b.sources)-1] != p.Source {
			b.sources = append(b.sources, p.Source)
		}
	}
	if len(b.sources) > 256 {
		return errors.New("more than 256 sources in one index")
	}
	for _, s := range b.sources {
		b.sec[secSources] = le.AppendUint32(b.sec[secSources], b.ref(s))
	}
	b.buildAdmin1()
	b.buildPlaces()
	b.buildKeys()
	b.buildCountries()
	return nil
}

// buildPlaces writes the place records (see Index.placeAt).
func (b *indexBuilder) buildPlaces() {
	src := map[string]byte{}
	for i, s := range b.sources {
		src[s] = byte(i)
	}
	out := make([]byte, 0, len(b.places)*placeSize)
	for i, p := range b.places {
		out = le.AppendUint64(out, uint64(p.ID))
		out = le.AppendUint32(out, fixedCoord(p.Lat))
		out = le.AppendUint32(out, fixedCoord(p.Lon))
		out = le.AppendUint32(out, saturate32(p.Population))
		out = le.AppendUint32(out, b.ref(p.Name))
		out = le.AppendUint32(out, b.ref(strings.Join(p.Alternates, altSep)))
		out = le.AppendUint32(out, b.ref(p.Feature))
		out = le.AppendUint32(out, b.a1Row[i])
		out = append(out, countryBytes(p.Country)...)
		out = append(out, p.Class, src[p.Source])
	}
	b.sec[secPlaces] = out
}

// countryBytes returns the two stored bytes of a code, zero for none.
func countryBytes(c caption.CountryCode) []byte {
	if c == "" {
		return []byte{0, 0}
	}
	return []byte(c[:2])
}

// keyPosting is one (key, place) pair of the inverted index.
type keyPosting struct {
	key   string
	place uint32
}

// buildKeys indexes each place under the keys of its names.
func (b *indexBuilder) buildKeys() {
	var kp []keyPosting
	for i, p := range b.places {
		for _, n := range append([]string{p.Name}, p.Alternates...) {
			if k := Key(n); k != "" {
				kp = append(kp, keyPosting{k, uint32(i)})
			}
		}
	}
	slices.SortFunc(kp, func(a, b keyPosting) int {
		return cmp.Or(strings.Compare(a.key, b.key), cmp.Compare(a.place, b.place))
	})
	kp = slices.Compact(kp)
	offs := le.AppendUint32(nil, 0)
	posts := le.AppendUint32(nil, 0)
	var keys, postings []byte
	for i, e := range kp {
		if i == 0 || e.key != kp[i-1].key {
			if i > 0 {
				offs = le.AppendUint32(offs, uint32(len(keys)))
				posts = le.AppendUint32(posts, uint32(len(postings)/4))
			}
			keys = append(keys, e.key...)
		}
		postings = le.AppendUint32(postings, e.place)
	}
	if len(kp) > 0 {
		offs = le.AppendUint32(offs, uint32(len(keys)))
		posts = le.AppendUint32(posts, uint32(len(postings)/4))
	}
	b.sec[secKeyOffs], b.sec[secKeyBytes] = offs, keys
	b.sec[secPostOffs], b.sec[secPostings] = posts, postings
}

// write emits the header and the sections.
func (b *indexBuilder) write(w io.Writer) error {
	b.sec[secPool] = b.pool
	head := append([]byte(indexMagic), make([]byte, headerSize-len(indexMagic))...)
	le.PutUint32(head[8:], indexVersion)
	le.PutUint32(head[16:], b.ref(b.meta.Name))
	off := uint64(headerSize)
	for s, data := range b.sec {
		if off+uint64(len(data)) > math.MaxUint32 {
			return errors.New("index larger than 4 GiB")
		}
		le.PutUint32(head[headerFixed+8*s:], uint32(off))
		le.PutUint32(head[headerFixed+8*s+4:], uint32(len(data)))
		off += uint64(len(data))
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	for _, data := range b.sec {
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return nil
}
