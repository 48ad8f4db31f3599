package sqlite

import "sync"

// recordIDs remembers which record IDs exist, so that linkedRecords looks
// up only the targets and groups it has not met: a linking batch names
// thousands of stored records, spread over the whole register, and at a
// million records each lookup read a page of records the writer's cache
// no longer held, 3.6 CPU-s of a million-caption ingest (2026-12-07).
//
// An ID is kept once its row is committed: no call deletes a record, nor
// changes its ID, so a committed record stays found for as long as the
// register exists, whoever writes to it. What a transaction learns (the
// records it creates, the IDs its checks find) is pending until the store
// commits it (committed) and forgotten when the store begins another
// transaction or rolls back to a savepoint (abandon), whose inserts may
// have made the rows it names. Only whether an ID exists is kept, one bit
// an ID: 125 KB for a million records.
type recordIDs struct {
	mu      sync.Mutex
	known   []uint64 // bit id of word id/64
	pending []int64
}

// maxKnownRecordID bounds the bitmap (16 MB at most); an ID above it is
// never kept, and always looked up.
const maxKnownRecordID = 1 << 27

// has reports whether record id is known to exist, committed. Those the
// open transaction learnt are not asked: its own records are in the
// writer's cache, and cheap to look up.
func (r *recordIDs) has(id int64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if id > 0 && id < maxKnownRecordID {
		if w := int(id >> 6); w < len(r.known) && r.known[w]&(1<<(id&63)) != 0 {
			return true
		}
	}
	return false
}

// learn notes that the records ids exist in the open transaction.
func (r *recordIDs) learn(ids []int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending = append(r.pending, ids...)
}

// committed keeps what the transaction that just committed learnt.
func (r *recordIDs) committed() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range r.pending {
		if id <= 0 || id >= maxKnownRecordID {
			continue
		}
		w := int(id >> 6)
		if w >= len(r.known) {
			r.known = append(r.known, make([]uint64, w+1-len(r.known))...)
		}
		r.known[w] |= 1 << (id & 63)
	}
	r.pending = r.pending[:0]
}

// abandon forgets what the open transaction learnt.
func (r *recordIDs) abandon() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending = r.pending[:0]
}
