package dedup

import (
	"cmp"
	"math/bits"
	"slices"

	"sijil/internal/caption"
)

// BandIndex finds the records that share LSH bands with a fingerprint, in
// memory, for a linking pass: a store's band table, read once, costs a
// B-tree seek per band of every new record, and a table of random keys
// written a batch at a time dirties most of its pages in every batch, so
// that storing a record cost more the larger the register.
//
// A posting takes 8 bytes: the top 38 bits of the band hash and the
// record's ordinal in the index, in an open-addressed table with linear
// probing kept at most three-quarters full, plus 16 bytes per record for
// its ID and cluster. A million records of 33 bands take about 300 MB;
// Index, which keeps full hashes, about 1.3 GB. Two bands that agree in
// their top 38 bits are taken for one: a false candidate, which MatchCluster
// then rejects on the captions themselves, once in about 4·10¹¹ probes.
//
// A band held by many records (wire services send thousands of
// near-identical captions) keeps only its first MaxPerBand postings, and
// Candidates ranks and cuts what it finds, so that linking a record costs
// at most a fixed amount however repetitive the register: a record like
// thousands of others still finds the earliest of them, which is where it
// would have been linked.
type BandIndex struct {
	slots    []uint64 // key<<ordBits | ordinal+1; 0 is empty
	used     int
	ids      []int64  // by ordinal
	clusters []int64  // by ordinal
	tags     []uint32 // by ordinal
	// MaxPerBand is how many records one band hash keeps; 0 means
	// DefaultMaxPerBand.
	MaxPerBand int
}

const (
	ordBits = 26 // ordinals of up to 67 million records
	keyBits = 64 - ordBits
	ordMask = 1<<ordBits - 1
	// DefaultMaxPerBand is BandIndex's cap on the records of one band.
	DefaultMaxPerBand = 64
	// MaxIndexed is the most records a BandIndex holds.
	MaxIndexed = ordMask - 1
)

// NewBandIndex returns an index sized for about n records of bands bands.
func NewBandIndex(n, bands int) *BandIndex {
	ix := &BandIndex{}
	ix.grow(max(1024, n*bands*4/3))
	ix.ids = make([]int64, 0, n)
	ix.clusters = make([]int64, 0, n)
	ix.tags = make([]uint32, 0, n)
	return ix
}

// Len returns the number of records indexed.
func (ix *BandIndex) Len() int { return len(ix.ids) }

// Bytes returns the memory the index holds.
func (ix *BandIndex) Bytes() int {
	return 8*len(ix.slots) + 8*cap(ix.ids) + 8*cap(ix.clusters) + 4*cap(ix.tags)
}

// Add indexes record id of cluster under each of bands, with a tag that
// Candidates returns with it (what its caller needs to know of a candidate
// before reading it: see DateTag). It reports false, and indexes nothing,
// when the index holds MaxIndexed records.
func (ix *BandIndex) Add(id, cluster int64, tag uint32, bands []uint64) bool {
	if len(ix.ids) >= MaxIndexed {
		return false
	}
	if 4*(ix.used+len(bands)) > 3*len(ix.slots) {
		ix.grow(2 * len(ix.slots))
	}
	ord := uint64(len(ix.ids))
	ix.ids = append(ix.ids, id)
	ix.clusters = append(ix.clusters, cluster)
	ix.tags = append(ix.tags, tag)
	limit := ix.MaxPerBand
	if limit <= 0 {
		limit = DefaultMaxPerBand
	}
	for _, b := range bands {
		k := b >> ordBits
		i, held := ix.home(k), 0
		for ; ix.slots[i] != 0; i = ix.next(i) {
			if ix.slots[i]>>ordBits == k {
				held++
			}
		}
		if held < limit {
			ix.slots[i] = k<<ordBits | (ord + 1)
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
// and the one an uncut search would rank first among equals.
func (ix *BandIndex) Candidates(bands []uint64, skip int64, limit int) []Candidate {
	var found []Candidate
	var ords []uint64
	for _, b := range bands {
		k := b >> ordBits
		for i := ix.home(k); ix.slots[i] != 0; i = ix.next(i) {
			if s := ix.slots[i]; s>>ordBits == k {
				ords = append(ords, s&ordMask-1)
			}
		}
	}
	slices.Sort(ords)
	for i := 0; i < len(ords); {
		j := i + 1
		for j < len(ords) && ords[j] == ords[i] {
			j++
		}
		if id := ix.ids[ords[i]]; id != skip {
			found = append(found, Candidate{ID: id, Cluster: ix.clusters[ords[i]], Tag: ix.tags[ords[i]], Shared: j - i})
		}
		i = j
	}
	slices.SortFunc(found, func(a, b Candidate) int {
		if c := cmp.Compare(b.Shared, a.Shared); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	if limit > 0 && len(found) > limit {
		found = found[:limit]
	}
	return found
}

// home is the slot a key's probe starts at: the key's position scaled to
// the table, so that growing needs only the key.
func (ix *BandIndex) home(k uint64) int {
	hi, _ := bits.Mul64(k<<ordBits, uint64(len(ix.slots)))
	return int(hi)
}

func (ix *BandIndex) next(i int) int {
	if i++; i == len(ix.slots) {
		return 0
	}
	return i
}

// grow moves the postings to a table of n slots.
func (ix *BandIndex) grow(n int) {
	old := ix.slots
	ix.slots = make([]uint64, n)
	for _, s := range old {
		if s != 0 {
			i := ix.home(s >> ordBits)
			for ix.slots[i] != 0 {
				i = ix.next(i)
			}
			ix.slots[i] = s
		}
	}
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
// MatchCluster requires of a copy.
func DatesAgree(a, b caption.PartialDate) bool { return datesAgree(a, b) }
