package sqlite

import "sync"

// valueIDs remembers the IDs of search_values rows, so that indexRecords
// looks up only the values it has not met: a register's records share few
// values (the 69,024 records of 100,000 generated captions hold 3,863), but
// each batch of records inserted and then read back every value its
// records hold, some 2,400 a batch of 5,000 captions, 182 ms of the
// writer's time in that ingest (2026-12-06).
//
// An ID is kept once its row is committed: search_values rows are never
// deleted, nor their IDs changed, so a committed ID stays right for as
// long as the register exists, whoever writes to it. What a transaction
// learns is pending until the store commits it (committed) and forgotten
// when the store begins another transaction or rolls back to a savepoint
// (abandon), whose inserts may have made the rows it names.
type valueIDs struct {
	mu      sync.Mutex
	known   map[valueKey]int64
	pending map[valueKey]int64
}

// maxValueIDs bounds the IDs kept: past it, the committed ones are
// forgotten and learnt again, as a register's new values come.
const maxValueIDs = 1 << 17

// get returns the ID of the value k, committed or learnt in the open
// transaction.
func (v *valueIDs) get(k valueKey) (int64, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if id, ok := v.known[k]; ok {
		return id, true
	}
	id, ok := v.pending[k]
	return id, ok
}

// learn notes the IDs of keys, read in the open transaction.
func (v *valueIDs) learn(keys []valueKey, ids map[valueKey]int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.pending == nil {
		v.pending = map[valueKey]int64{}
	}
	for _, k := range keys {
		if id := ids[k]; id != 0 {
			v.pending[k] = id
		}
	}
}

// committed keeps what the transaction that just committed learnt.
func (v *valueIDs) committed() {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.pending) == 0 {
		return
	}
	if v.known == nil || len(v.known)+len(v.pending) > maxValueIDs {
		v.known = make(map[valueKey]int64, len(v.pending))
	}
	for k, id := range v.pending {
		v.known[k] = id
	}
	clear(v.pending)
}

// abandon forgets what the open transaction learnt.
func (v *valueIDs) abandon() {
	v.mu.Lock()
	defer v.mu.Unlock()
	clear(v.pending)
}
