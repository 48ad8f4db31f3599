//go:build unix

package dedup

import (
	"syscall"
	"unsafe"
)

// mapSlots returns n zeroed slots in memory mapped apart from the Go heap,
// and the function that unmaps them. A band index's slots are most of an
// ingest's memory (a quarter of a gigabyte at a million records) and hold
// no pointers: on the heap the collector lets the heap grow to twice what
// is live before it runs (GOGC), so slots there cost up to twice their size
// in resident memory; mapped, they cost their size. Small tables, and any
// the system refuses to map, are made on the heap.
func mapSlots(n int) ([]uint32, func()) {
	const minMapped = 1 << 20 // slots: below 4 MB the heap is as good
	if n < minMapped {
		return make([]uint32, n), func() {}
	}
	b, err := syscall.Mmap(-1, 0, 4*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint32, n), func() {}
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), n), func() { _ = syscall.Munmap(b) }
}
