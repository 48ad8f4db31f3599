package ingest

import (
	"hash/maphash"
	"sync"
)

// repeats finds the captions an ingest has read before (caption.Item.Repeat):
// a third of a wire archive's captions are exact copies, each of which was
// geocoded a second time with its document's context and fingerprinted,
// only for the store to keep its occurrence and throw the rest away.
//
// It is a lossy table of the keys prepared, each with the place of the
// first item that held it in the order the documents are stored (their
// place in the walk, then the caption's in its document). Workers prepare
// documents out of that order, so a copy is a repeat only when the item it
// copies comes before it: that item is stored first, or earlier in the same
// call, and the store finds its record. A key forgets its place when
// another takes its slot (the copy is then read in full, as without the
// table), and a repeat never takes a slot, so each place held is a caption
// read in full.
type repeats struct {
	seeds [2]maphash.Seed
	mu    sync.Mutex
	slots []repeatSlot
	found int // repeats marked so far
}

// repeatSlot is a key's two hashes, the first with its low bit set (0 is
// an empty slot), and the place of the first item known to hold it. Two
// keys of the same 128 bits, which no one can choose without the seeds,
// would make the second a repeat its store refuses to make a record of.
type repeatSlot struct {
	hash [2]uint64
	at   uint64
}

// repeatSlots is the size of an ingest's table: 6 MB, which remembers the
// last hundred thousand or so distinct captions read.
const repeatSlots = 1 << 18

func newRepeats(n int) *repeats {
	return &repeats{seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, slots: make([]repeatSlot, n)}
}

// place is where a caption is stored in an ingest's order: the document's
// place in the walk (doc), then the caption's index in it.
func place(doc, index int) uint64 { return uint64(doc)<<32 | uint64(uint32(index)) }

// mark reports for each of keys, the keys of the captions of document doc
// from its caption offset on, whether an earlier caption of the ingest
// held it: a caption before it in this document or in one stored before.
// The others are remembered as read.
func (r *repeats) mark(keys []string, doc, offset int) []bool {
	out := make([]bool, len(keys))
	hashes := make([][2]uint64, len(keys))
	for i, k := range keys {
		hashes[i] = [2]uint64{maphash.String(r.seeds[0], k), maphash.String(r.seeds[1], k)}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, h := range hashes {
		// The slot is taken before the low bit is set: after, every
		// even slot would go unused.
		s := &r.slots[h[0]%uint64(len(r.slots))]
		h[0] |= 1
		at := place(doc, offset+i)
		switch {
		case s.hash == h && s.at < at:
			out[i] = true
			r.found++
		case s.hash == h:
			s.at = at // a copy read before the caption it copies
		default:
			*s = repeatSlot{h, at}
		}
	}
	return out
}
