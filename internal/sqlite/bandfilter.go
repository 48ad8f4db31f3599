package sqlite

import (
	"context"
	"database/sql"
	"math/bits"
	"sync"
)

// bandFilter is a Bloom filter of the band hashes in the bands table, which
// lets ClusterCandidates skip looking up the bands no record has: a linking
// batch asks for the bands of thousands of records at once, four in five of
// which no other record shares, and each look-up of the index cost a few
// microseconds, a seventh of an ingest. It answers "maybe" for every band
// in the table (and a percent of the others), so the candidates are those
// of a look-up of every band.
//
// It is built from the table on first use inside Exclusive, kept up to date
// by indexBands on the same connection, and built again when PRAGMA
// data_version says another connection has written to the database since.
// A transaction rolled back after indexBands leaves it holding bands the
// table lacks, which only costs look-ups.
type bandFilter struct {
	mu      sync.Mutex
	words   []uint64 // a blocked Bloom filter: each band sets filterBits bits of one word
	n       int      // bands added
	version int64    // data_version of the writer connection when built
	built   bool
}

// filterMin is the fewest bands a ClusterCandidates call needs for the
// filter to be used: building it reads the whole band index, which a
// look-up of a single record's bands does not pay for.
const filterMin = 1024

// filterBits is the bits each band sets in its word, and bandsPerWord the
// bands a 64-bit word of the filter is sized for: about one band in twenty absent from
// the table passes, for a megabyte per million bands.
const (
	filterBits   = 3
	bandsPerWord = 8
)

// wordBits returns the word of b and the bits b sets in it. Bands are
// already uniform 64-bit hashes, so their own bits choose both.
func (f *bandFilter) wordBits(b uint64) (int, uint64) {
	w := int(b & uint64(len(f.words)-1))
	h := b >> 32
	var m uint64
	for range filterBits {
		m |= 1 << (h & 63)
		h >>= 6
	}
	return w, m
}

// maybe returns the bands of bands that may be in the table, reading the
// table first if the filter is not built or another connection wrote since.
func (f *bandFilter) maybe(ctx context.Context, q querier, bands []uint64) ([]uint64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var v int64
	if err := q.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v); err != nil {
		return nil, err
	}
	if !f.built || v != f.version {
		if err := f.build(ctx, q); err != nil {
			return nil, err
		}
		f.version = v
	}
	out := make([]uint64, 0, len(bands)/4)
	for _, b := range bands {
		w, m := f.wordBits(b)
		if f.words[w]&m == m {
			out = append(out, b)
		}
	}
	return out, nil
}

// build reads every band of the table.
func (f *bandFilter) build(ctx context.Context, q querier) error {
	var n int
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM bands").Scan(&n); err != nil {
		return err
	}
	f.reset(n)
	rows, err := q.QueryContext(ctx, "SELECT band FROM bands")
	if err != nil {
		return err
	}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var b int64
		err := rows.Scan(&b)
		f.set(uint64(b))
		return err
	})
	if err != nil {
		f.built = false
		return err
	}
	f.built = true
	return nil
}

// reset empties the filter and sizes it for twice n bands, so that it is
// built again only after the table has doubled.
func (f *bandFilter) reset(n int) {
	words := max(1<<12, 1<<bits.Len(uint(2*n/bandsPerWord)))
	f.words = make([]uint64, words)
	f.n = 0
}

func (f *bandFilter) set(b uint64) {
	w, m := f.wordBits(b)
	f.words[w] |= m
	f.n++
}

// add notes bands written to the table by this connection.
func (f *bandFilter) add(bands []uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.built {
		return
	}
	if (f.n+len(bands))/bandsPerWord > len(f.words) {
		f.built = false // full: read the table again when next needed
		return
	}
	for _, b := range bands {
		f.set(b)
	}
}
