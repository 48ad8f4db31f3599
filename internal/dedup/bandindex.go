package dedup

import (
	"cmp"
	"slices"

	"sijil/internal/caption"
)

// BandIndex finds the records that share LSH bands with a fingerprint, in
// memory, for a linking pass: a store's band table, read once, costs a
// B-tree seek per band of every new record, and a table of random keys
// written a batch at a time dirties most of its pages in every batch, so
// that storing a record cost more the larger the register.
//
// A posting takes 4 bytes: 8 bits of the band hash and the record's
// ordinal in the index, in an open-addressed table of a power of two
// slots, the slot a probe starts at given by other bits of the hash; plus
// 20 bytes per record for its ID, cluster and tag. A million records of 33
// bands take about 160 MB. What the table keeps of a hash is too little to
// move it to a larger table: an index holds the records it was made for
// (Room), and its owner makes a larger one from where the records came
// from. A posting of another band met on a probe passes for one of the
// band sought once in 256: a false candidate, which its tag (a date that
// does not agree) or ClusterMatcher.Match then rejects.
//
// The table is probed in triangular steps, not linearly: a band held by
// many records fills a run of slots, and linear probing made every other
// band whose slot fell in the run scan it, which on repetitive captions
// made linking slower the more there were.
//
// A band held by many records (wire services send thousands of
// near-identical captions) keeps only its first MaxPerBand postings, and
// Candidates ranks what it finds, so that linking a record costs at most a
// fixed amount however repetitive the register: a record like thousands of
// others still finds the earliest of them, which is where it would have
// been linked.
type BandIndex struct {
	slots    []uint32 // fragment<<ordBits | ordinal+1; 0 is empty
	used     int
	ids      []int64  // by ordinal
	clusters []int64  // by ordinal
	tags     []uint32 // by ordinal
	// MaxPerBand is how many records one band hash keeps; 0 means
	// DefaultMaxPerBand.
	MaxPerBand int
	// ords, found and starts are Candidates' buffers, kept between
	// calls: a record of repetitive captions meets hundreds of postings,
	// and growing new slices for each record was a tenth of linking them.
	ords   []uint32
	found  []Candidate
	starts []int
	// shared counts, by ordinal, the postings Candidates met of each
	// record: zero between calls.
	shared []uint16
	// sink is where prefetch puts what it read.
	sink uint32
}

const (
	ordBits = 24 // ordinals of up to 16 million records
	ordMask = 1<<ordBits - 1
	// DefaultMaxPerBand is BandIndex's cap on the records of one band.
	DefaultMaxPerBand = 16
	// MaxIndexed is the most records a BandIndex holds.
	MaxIndexed = ordMask - 1
)

// NewBandIndex returns an index with room for n records of bands bands.
func NewBandIndex(n, bands int) *BandIndex {
	n = min(n, MaxIndexed)
	size := 1024
	for 3*size < 4*n*bands {
		size *= 2
	}
	slots := make([]uint32, size)
	adviseHugePages(slots)
	touchPages(slots)
	ix := &BandIndex{
		slots:    slots,
		ids:      make([]int64, 0, n),
		clusters: make([]int64, 0, n),
		tags:     make([]uint32, 0, n),
	}
	// Candidates reads these by ordinal too, at random.
	adviseHugePages(ix.ids)
	adviseHugePages(ix.clusters)
	adviseHugePages(ix.tags)
	return ix
}

// touchPages writes a zero into each page of slots. A new table comes
// from memory the process has never written, which the kernel maps to
// its one page of zeros; on the virtual machines sijil is measured on, a
// read of such a page cost some 6 µs, against 0.1 µs once the page was
// written (1.25 million random reads of a new 16 MB table: 7.3 s, and 0.1
// s after writing a word a page, which took 0.1 s). Linking reads a new
// table's slots before it writes most of them: the first batch of 50,000
// near-identical captions spent 3.7 s of its 12 s probing an empty
// table.
func touchPages(slots []uint32) {
	const perPage = 4096 / 4
	for i := 0; i < len(slots); i += perPage {
		slots[i] = 0
	}
}

// Release lets the index's memory go as soon as the collector runs, even
// while something still refers to the index: ingest drops an index for a
// larger one, and at a million records it is a few hundred megabytes. The
// index must not be used again (it then holds nothing, and Add and
// Candidates panic).
func (ix *BandIndex) Release() {
	ix.slots, ix.ids, ix.clusters, ix.tags, ix.shared = nil, nil, nil, nil, nil
}

// Len returns the number of records indexed.
func (ix *BandIndex) Len() int { return len(ix.ids) }

// Bytes returns the memory the index holds.
func (ix *BandIndex) Bytes() int {
	return 4*len(ix.slots) + 8*cap(ix.ids) + 8*cap(ix.clusters) + 4*cap(ix.tags) + 2*cap(ix.shared)
}

// Room reports whether n more records of bands bands fit: the table stays
// at most three-quarters full.
func (ix *BandIndex) Room(n, bands int) bool {
	return 4*(ix.used+n*bands) <= 3*len(ix.slots) && len(ix.ids)+n <= MaxIndexed
}

// Add indexes record id of cluster under each of bands, with a tag that
// Candidates returns with it (what its caller needs to know of a candidate
// before reading it: see DateTag). It reports false, and indexes nothing,
// when there is no Room for it.
func (ix *BandIndex) Add(id, cluster int64, tag uint32, bands []uint64) bool {
	if !ix.Room(1, len(bands)) {
		return false
	}
	ix.prefetch(bands)
	ord := uint32(len(ix.ids))
	ix.ids = append(ix.ids, id)
	ix.clusters = append(ix.clusters, cluster)
	ix.tags = append(ix.tags, tag)
	limit := ix.MaxPerBand
	if limit <= 0 {
		limit = DefaultMaxPerBand
	}
	for _, b := range bands {
		f := fragment(b)
		i, step, held := ix.home(b), 0, 0
		for ; ix.slots[i] != 0 && held < limit; i, step = ix.next(i, step) {
			if ix.slots[i]>>ordBits == f {
				held++
			}
		}
		if held < limit {
			ix.slots[i] = f<<ordBits | (ord + 1)
			ix.used++
		}
	}
	return true
}

// Candidate is a record found by Candidates.
type Candidate struct {
	ID, Cluster int64
	Tag         uint32
	Shared      int // bands in common
}

// Candidates returns up to limit of the records sharing bands with bands,
// other than skip: those sharing the most bands first, then the lowest
// IDs (the earliest records), so that the cut keeps the likeliest copies
// and the one an uncut search would rank first among equals. The slice is
// the index's own: valid until the next call, which reuses it.
//
// The postings met are counted by ordinal, not sorted: a record of
// near-identical captions meets hundreds of postings, and sorting them,
// then the records by bands shared, was most of linking 50,000 such
// captions. The records are put in order of bands shared by a counting
// sort, and only the counts that reach limit are sorted by ID.
func (ix *BandIndex) Candidates(bands []uint64, skip int64, limit int) []Candidate {
	if len(ix.shared) < len(ix.ids) {
		ix.shared = make([]uint16, cap(ix.ids))
		adviseHugePages(ix.shared)
	}
	ix.prefetch(bands)
	ords := ix.ords[:0]
	for _, b := range bands {
		f := fragment(b)
		for i, step := ix.home(b), 0; ix.slots[i] != 0; i, step = ix.next(i, step) {
			if s := ix.slots[i]; s>>ordBits == f {
				o := s&ordMask - 1
				if ix.shared[o] == 0 {
					ords = append(ords, o)
				}
				ix.shared[o]++
			}
		}
	}
	// The most shared, over the records met rather than in the probe
	// loop above, which runs for every posting.
	most := 0
	for _, o := range ords {
		most = max(most, int(ix.shared[o]))
	}
	// starts[most-n+1] counts the records sharing n bands, then (summed)
	// starts[most-n] is where the first of them goes.
	starts := slices.Grow(ix.starts[:0], most+2)[:most+2]
	clear(starts)
	for _, o := range ords {
		starts[most-int(ix.shared[o])+1]++
	}
	for i := 1; i < len(starts); i++ {
		starts[i] += starts[i-1]
	}
	found := slices.Grow(ix.found[:0], len(ords))[:len(ords)]
	for _, o := range ords {
		n := int(ix.shared[o])
		ix.shared[o] = 0
		found[starts[most-n]] = Candidate{ID: ix.ids[o], Cluster: ix.clusters[o], Tag: ix.tags[o], Shared: n}
		starts[most-n]++
	}
	// starts[k] is now the end of the records sharing most-k bands.
	begin := 0
	for k := 0; k <= most && (limit <= 0 || begin < limit+1); k++ {
		slices.SortFunc(found[begin:starts[k]], func(a, b Candidate) int { return cmp.Compare(a.ID, b.ID) })
		begin = starts[k]
	}
	found = slices.DeleteFunc(found[:begin], func(c Candidate) bool { return c.ID == skip })
	if limit > 0 && len(found) > limit {
		found = found[:limit]
	}
	ix.ords, ix.found, ix.starts = ords[:0], found[:0], starts[:0]
	return found
}

// prefetch reads the home slot of each band before any is probed. In a
// table larger than the CPU's caches each is a read from memory, and
// the probe loop, whose every step branches on the slot it read, has
// the CPU wait for them one after the other; these reads depend on
// nothing and branch on nothing, so the CPU makes them all at once, and
// the probes then find the slots in its cache. The sum only keeps the
// compiler from dropping the reads.
func (ix *BandIndex) prefetch(bands []uint64) {
	var sum uint32
	for _, b := range bands {
		sum += ix.slots[ix.home(b)]
	}
	ix.sink = sum
}

// fragment is the part of a band hash a posting keeps: its top 8 bits.
func fragment(b uint64) uint32 { return uint32(b >> 56) }

// home is the slot a probe for band b starts at: its low bits (a band
// hash's bits are uniform).
func (ix *BandIndex) home(b uint64) int { return int(b & uint64(len(ix.slots)-1)) }

// next is the slot after i in a probe of step steps so far: triangular
// steps, which visit every slot of a table of a power of two.
func (ix *BandIndex) next(i, step int) (int, int) {
	step++
	return (i + step) & (len(ix.slots) - 1), step
}

// DateTag packs a date into a BandIndex tag, and TagDate unpacks it, so
// that a linking pass can pass over the candidates whose date rules them
// out (DatesAgree) without reading them: bands are salted with the month,
// so most records sharing one by chance are of another day of it.
func DateTag(d caption.PartialDate) uint32 {
	var p uint32
	switch d.Precision {
	case caption.PrecisionYear:
		p = 1
	case caption.PrecisionMonth:
		p = 2
	case caption.PrecisionDay:
		p = 3
	default:
		return 0
	}
	return p<<30 | uint32(d.Year&0xffff)<<9 | uint32(d.Month&0xf)<<5 | uint32(d.Day&0x1f)
}

// TagDate is the date DateTag packed.
func TagDate(t uint32) caption.PartialDate {
	p := [...]caption.Precision{caption.PrecisionNone, caption.PrecisionYear, caption.PrecisionMonth, caption.PrecisionDay}[t>>30]
	if p == caption.PrecisionNone {
		return caption.PartialDate{}
	}
	return caption.PartialDate{Year: int(t >> 9 & 0xffff), Month: int(t >> 5 & 0xf), Day: int(t & 0x1f), Precision: p}
}

// DatesAgree reports whether two photo dates can be one caption's, as
// ClusterMatcher.Match requires of a copy.
func DatesAgree(a, b caption.PartialDate) bool { return datesAgree(a, b) }
