package ingest

import "math"

// headEvents maps the first record of each cluster to its event, for
// linkEvents: an altered copy joins the event of its cluster's first
// record. A run links records in ID order and the store gives new records
// consecutive IDs, so the heads of one run's clusters are dense in a range
// of IDs: a slice indexed by ID keeps them in 4 bytes a record. A map of
// int64 to int64 held 38 bytes a head (18.9 MB for 500,000 heads, the
// clusters of a million generated captions) and allocated twice that as it
// grew; at a million captions the heap sits at its limit, where every
// megabyte held is a megabyte less between collections.
//
// Heads outside the dense range (a register's older records, looked up in
// the store) and events that do not fit the slice go to a map.
type headEvents struct {
	base  int64    // ID of dense[0]
	dense []uint32 // event of head base+i; 0: not known
	other map[int64]int64
}

// maxHeadGap bounds how far past the dense range an ID may extend it: a
// gap of IDs this wide costs 256 KB of zeros.
const maxHeadGap = 1 << 16

// get returns the event of head id, and whether it is known.
func (h *headEvents) get(id int64) (int64, bool) {
	if i := id - h.base; i >= 0 && i < int64(len(h.dense)) {
		if e := h.dense[i]; e != 0 {
			return int64(e), true
		}
	}
	e, ok := h.other[id]
	return e, ok
}

// add records the event of head id, a record of the run's own linking:
// they come in ID order, so add starts and extends the dense range.
func (h *headEvents) add(id, event int64) {
	if len(h.dense) == 0 {
		h.base = id
	}
	h.put(id, event, true)
}

// remember records the event of head id, read from the store (0: it has
// none yet). Such heads are older than the run's own, so they go to the
// dense range only where it already reaches.
func (h *headEvents) remember(id, event int64) { h.put(id, event, false) }

func (h *headEvents) put(id, event int64, extend bool) {
	i, n := id-h.base, int64(len(h.dense))
	if event > 0 && event <= math.MaxUint32 && i >= 0 && (i < n || extend && i < n+maxHeadGap) {
		if i >= n {
			h.dense = append(h.dense, make([]uint32, i+1-n)...)
		}
		h.dense[i] = uint32(event)
		delete(h.other, id)
		return
	}
	if h.other == nil {
		h.other = map[int64]int64{}
	}
	h.other[id] = event
	if i >= 0 && i < n {
		h.dense[i] = 0
	}
}
