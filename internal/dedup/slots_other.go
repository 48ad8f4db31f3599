//go:build !unix

package dedup

// mapSlots returns n zeroed slots on the heap: see slots_unix.go for why
// other systems map them apart.
func mapSlots(n int) ([]uint32, func()) { return make([]uint32, n), func() {} }
