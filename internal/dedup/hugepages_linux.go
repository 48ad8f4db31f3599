package dedup

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back s's memory with 2 MB pages where
// it can: the whole 2 MB pages inside s, which must not have been written
// yet (a page the kernel has mapped stays as it is until its collapse
// daemon gets to it). A band index is read at random, a few dozen reads a
// record in a table of a hundred megabytes or more; on the virtual
// machines sijil is measured on, with 4 KB pages nearly every read also
// missed the TLB, whose refill walks two sets of page tables there. With
// huge pages BenchmarkBandIndexMillion's Candidates took 1,128–1,158 ns
// against 1,294–1,345, and Add 796–819 against 940–1,007 (alternated,
// 2026-12-07). Linux only gives them when
// transparent huge pages are "always" or "madvise", the usual settings;
// elsewhere, and on error, the memory stays as it was.
func adviseHugePages[T any](s []T) {
	const huge = 2 << 20
	if cap(s) == 0 {
		return
	}
	var zero T
	p := unsafe.Pointer(unsafe.SliceData(s))
	start := uintptr(p)
	end := start + uintptr(cap(s))*unsafe.Sizeof(zero)
	first := (start + huge - 1) &^ (huge - 1)
	last := end &^ (huge - 1)
	if first >= last {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, first-start)), last-first)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
