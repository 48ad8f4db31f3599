package dedup

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestAdviseHugePages checks that a band index's table is marked for huge
// pages ("hg" among the flags of its mapping in /proc/self/smaps), which
// is what adviseHugePages asks of the kernel.
func TestAdviseHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages:", err)
	}
	ix := NewBandIndex(200_000, 33) // a table of 32 MB
	addr := uintptr(unsafe.Pointer(&ix.slots[len(ix.slots)/2]))
	flags := mappingFlags(t, addr)
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the band index's table at %#x is not marked for huge pages: VmFlags %q", addr, flags)
	}
	small := make([]uint32, 1024)
	adviseHugePages(small) // no whole 2 MB page: nothing to advise, no panic
}

// mappingFlags returns the VmFlags of the mapping of /proc/self/smaps that
// holds addr.
func mappingFlags(t *testing.T, addr uintptr) string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			in = lo <= addr && addr < hi
			continue
		}
		if rest, ok := strings.CutPrefix(line, "VmFlags:"); ok && in {
			return strings.TrimSpace(rest)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Fatalf("no mapping of /proc/self/smaps holds %#x", addr)
	return ""
}

// mappingRange reads the address range of a mapping's first line in smaps
// ("7f…000-7f…000 rw-p …").
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	r, _, found := strings.Cut(line, " ")
	a, b, dash := strings.Cut(r, "-")
	if !found || !dash {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}
