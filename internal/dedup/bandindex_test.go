package dedup

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"
	"unsafe"

	"sijil/internal/caption"
)

// TestBandIndexMatchesIndex checks BandIndex against Index, which keeps
// every posting with its full hash, on random fingerprints that share some
// bands: it finds every candidate Index finds, and rarely another (a
// posting of another band that agrees in the bits kept).
func TestBandIndexMatchesIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const records, bands = 3000, 33
	full := NewIndex(0, bands)
	compact := NewBandIndex(records, bands)
	compact.MaxPerBand = records
	var fps [][]uint64
	for id := int64(1); id <= records; id++ {
		fp := make([]uint64, bands)
		for i := range fp {
			fp[i] = rng.Uint64()
		}
		if id > 1 && rng.IntN(3) == 0 { // a copy of an earlier record: shares some bands
			src := fps[rng.IntN(len(fps))]
			for i := range rng.IntN(bands) + 1 {
				fp[i] = src[i]
			}
		}
		fps = append(fps, fp)
		full.Add(id, fp)
		if !compact.Add(id, id, 0, fp) {
			t.Fatalf("Add(%d) refused", id)
		}
	}
	extra := 0
	for i, fp := range fps {
		id := int64(i + 1)
		want := slices.DeleteFunc(full.Candidates(fp), func(c int64) bool { return c == id })
		got := map[int64]bool{}
		for _, c := range compact.Candidates(fp, id, 0) {
			got[c.ID] = true
			if c.Cluster != c.ID {
				t.Fatalf("candidate %d: cluster %d", c.ID, c.Cluster)
			}
		}
		for _, w := range want {
			if !got[w] {
				t.Fatalf("record %d: candidate %d not found", id, w)
			}
		}
		extra += len(got) - len(want)
	}
	// A probe meets a few postings of other bands; one in 256 agrees in
	// the bits kept. Here, with no cap on a band and every third record a
	// copy, about one record in six gets one such candidate.
	if extra > records/4 {
		t.Errorf("%d false candidates for %d records", extra, records)
	}
	t.Logf("%d false candidates for %d records", extra, records)
	// Filled up, it refuses more, as Room says.
	n := 0
	for compact.Add(int64(records+1+n), 0, 0, fps[n%records]) {
		n++
	}
	if compact.Room(1, bands) || n == 0 || 4*compact.used > 3*len(compact.slots) {
		t.Errorf("after %d more, Room %v with %d postings in %d slots", n, compact.Room(1, bands), compact.used, len(compact.slots))
	}
}

// TestBandIndexRanksAndCaps checks the order of candidates (most shared
// bands, then lowest ID), the limit, and the cap on a band's postings.
func TestBandIndexRanksAndCaps(t *testing.T) {
	band := func(i uint64) uint64 { return mix64(i * 0x9e3779b97f4a7c15) }
	ix := NewBandIndex(10, 4)
	ix.MaxPerBand = 3
	ix.Add(10, 10, 7, []uint64{band(1), band(2), band(3), band(4)})
	ix.Add(11, 10, 0, []uint64{band(1), band(9), band(3), band(8)})
	ix.Add(12, 12, 0, []uint64{band(1), band(2), band(3), band(7)})
	ix.Add(13, 13, 0, []uint64{band(1), band(2), band(6), band(5)}) // band 1 full: not kept under it
	got := ix.Candidates([]uint64{band(1), band(2), band(3), band(5)}, 0, 0)
	want := []Candidate{{10, 10, 7, 3}, {12, 12, 0, 3}, {11, 10, 0, 2}, {13, 13, 0, 2}}
	if !slices.Equal(got, want) {
		t.Fatalf("Candidates = %v, want %v", got, want)
	}
	if got := ix.Candidates([]uint64{band(1), band(2), band(3), band(5)}, 10, 2); !slices.Equal(got, []Candidate{{12, 12, 0, 3}, {11, 10, 0, 2}}) {
		t.Fatalf("Candidates skipping 10, limit 2 = %v", got)
	}
	if got := ix.Candidates([]uint64{band(99)}, 0, 0); len(got) != 0 {
		t.Fatalf("Candidates of an unknown band = %v", got)
	}
}

// TestDateTag round-trips dates of every precision through a tag.
func TestDateTag(t *testing.T) {
	for _, d := range []caption.PartialDate{
		{},
		{Year: 2016, Precision: caption.PrecisionYear},
		{Year: 2016, Month: 11, Precision: caption.PrecisionMonth},
		{Year: 2016, Month: 12, Day: 31, Precision: caption.PrecisionDay},
		{Year: 1945, Month: 1, Day: 1, Precision: caption.PrecisionDay},
	} {
		if got := TagDate(DateTag(d)); got != d {
			t.Errorf("TagDate(DateTag(%v)) = %v", d, got)
		}
	}
}

// TestBandIndexRelease: a released index holds nothing: Add refuses, and
// a lookup panics rather than answer from nothing.
func TestBandIndexRelease(t *testing.T) {
	ix := NewBandIndex(40000, 33)
	bands := make([]uint64, 33)
	for i := range bands {
		bands[i] = uint64(i)*0x9e3779b97f4a7c15 + 1
	}
	if !ix.Add(7, 7, 0, bands) {
		t.Fatal("Add refused")
	}
	if c := ix.Candidates(bands, 0, 0); len(c) != 1 || c[0].ID != 7 || c[0].Shared != 33 {
		t.Fatalf("Candidates = %+v, want record 7 sharing 33 bands", c)
	}
	ix.Release()
	ix.Release() // twice is harmless
	if ix.Len() != 0 || ix.Add(8, 8, 0, bands) {
		t.Fatalf("released index: Len %d, Add accepted", ix.Len())
	}
	defer func() {
		if recover() == nil {
			t.Error("Candidates on a released index did not panic")
		}
	}()
	ix.Candidates(bands, 0, 0)
}

// TestBandIndexRanking checks Candidates' order against a sort by bands
// shared and ID, on records indexed in the order of their IDs and out of
// it (ordinals then do not follow IDs, so the order within a count must
// come from sorting by ID), from a small pool of bands so that records
// share from one band to all of them.
func TestBandIndexRanking(t *testing.T) {
	band := func(i uint64) uint64 { return mix64(i*0x9e3779b97f4a7c15 + 1) }
	for _, inOrder := range []bool{true, false} {
		rng := rand.New(rand.NewPCG(7, 9))
		const records, bands = 400, 8
		ix := NewBandIndex(records, bands)
		ix.MaxPerBand = records
		ids := make([]int64, records)
		for i := range ids {
			ids[i] = int64(i + 1)
		}
		if !inOrder {
			rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		}
		held := map[int64][]uint64{}
		for _, id := range ids {
			bs := make([]uint64, bands)
			for b := range bs {
				bs[b] = band(uint64(b*4 + rng.IntN(4))) // 4 choices a band
			}
			held[id] = bs
			if !ix.Add(id, id, 0, bs) {
				t.Fatal("no room")
			}
		}
		for q := range 50 {
			query := held[ids[rng.IntN(records)]]
			var want []Candidate
			for id, bs := range held {
				shared := 0
				for b := range bs {
					if bs[b] == query[b] {
						shared++
					}
				}
				if shared > 0 {
					want = append(want, Candidate{ID: id, Cluster: id, Shared: shared})
				}
			}
			slices.SortFunc(want, func(a, b Candidate) int {
				if a.Shared != b.Shared {
					return b.Shared - a.Shared
				}
				return int(a.ID - b.ID)
			})
			got := ix.Candidates(query, 0, 0)
			if !slices.Equal(got, want) {
				t.Fatalf("in order %v, query %d: Candidates gave %d candidates, want %d; first %v, want %v",
					inOrder, q, len(got), len(want), got[:min(5, len(got))], want[:min(5, len(want))])
			}
			limited := ix.Candidates(query, want[0].ID, 3)
			if !slices.Equal(limited, want[1:4]) {
				t.Fatalf("in order %v: Candidates skipping %d, limit 3 = %v, want %v", inOrder, want[0].ID, limited, want[1:4])
			}
		}
	}
}

// TestNewBandIndexTouchesPages checks that a new index's table is in
// memory, page by page, before linking reads it (touchPages): the pages of
// a table never written are the kernel's page of zeros, whose reads cost
// dozens of times more on the virtual machines sijil is measured on. Every
// page of the table must be present in /proc/self/pagemap (Linux only). A
// table made of memory the heap reused is present either way, which
// passes for the right reason: the runtime cleared it by writing.
func TestNewBandIndexTouchesPages(t *testing.T) {
	pagemap, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skip("no /proc/self/pagemap:", err)
	}
	defer pagemap.Close()
	ix := NewBandIndex(1<<17, 33) // a table of 32 MB
	page := uintptr(os.Getpagesize())
	// The table's address, to find its pages' entries: 8 bytes a page,
	// bit 63 set when the page is present.
	start := uintptr(unsafe.Pointer(unsafe.SliceData(ix.slots)))
	end := start + uintptr(4*len(ix.slots))
	first, last := start/page, (end-1)/page
	entries := make([]byte, 8*(last-first+1))
	if _, err := pagemap.ReadAt(entries, int64(8*first)); err != nil {
		t.Fatal(err)
	}
	missing := 0
	for i := 0; i < len(entries); i += 8 {
		if binary.LittleEndian.Uint64(entries[i:])>>63 == 0 {
			missing++
		}
	}
	t.Logf("table of %d pages, %d not present", len(entries)/8, missing)
	if missing > 0 {
		t.Errorf("%d of the table's %d pages not present", missing, len(entries)/8)
	}
	runtime.KeepAlive(ix)
}
