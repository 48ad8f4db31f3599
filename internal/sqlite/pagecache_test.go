package sqlite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lateEnv names the variable under which the test binary, run again by
// TestPageCacheAfterOpen, opens a store before reserving the pool.
const lateEnv = "SIJIL_TEST_PAGECACHE_LATE"

// TestMain reserves the page cache pool before any test opens a store, as
// sijil ingest does: the package's tests all run with it, and a driver
// that no longer takes it fails here.
func TestMain(m *testing.M) {
	if os.Getenv(lateEnv) == "" {
		if err := ReservePageCache(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(m.Run())
}

// TestPageCachePool writes more than the writer's cache holds and checks
// that its pages came from the pool: slots in use, and no page request
// larger than a slot (which would send every page to the allocator, each
// rounded up to twice its size, as without the pool).
func TestPageCachePool(t *testing.T) {
	if os.Getenv(lateEnv) != "" {
		t.Skip("the pool is not reserved in this run")
	}
	ctx := t.Context()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const rows, size = 6000, 4096 // 24 MB: more than the 16 MB cache
	writeScratch(t, s, rows, size)
	u := pageCacheStatus()
	t.Logf("pool: %d slots in use (at most %d), %d bytes outside it (at most %d), largest page request %d bytes", u.used, u.usedMax, u.overflow, u.overflowMax, u.largest)
	if u.largest == 0 || u.largest > pageCacheSlotSize {
		t.Errorf("largest page request %d bytes, slots of %d: the pages do not fit the pool", u.largest, pageCacheSlotSize)
	}
	// The writer's cache alone fills 3,840 slots; parallel tests may
	// take some, but it cannot have filled fewer than half the pool.
	if u.usedMax < pageCacheSlots/2 {
		t.Errorf("at most %d of the pool's %d slots were in use after writing %d MB: the cache did not take its pages from it", u.usedMax, pageCacheSlots, rows*size>>20)
	}
}

// TestPageCacheAfterOpen runs the test binary again without the pool
// reserved, where a store is opened first: reserving it then fails with
// an error that says why, and the store works on.
func TestPageCacheAfterOpen(t *testing.T) {
	if os.Getenv(lateEnv) != "" {
		ctx := t.Context()
		s, err := Open(ctx, filepath.Join(t.TempDir(), "r.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		err = ReservePageCache()
		if err == nil || !strings.Contains(err.Error(), "opened a database already") {
			t.Fatalf("ReservePageCache after Open: %v, want SQLite's refusal", err)
		}
		if again := ReservePageCache(); again != err {
			t.Errorf("a second call returned %v, not the first's %v", again, err)
		}
		if _, err := s.Stats(ctx); err != nil {
			t.Fatalf("the store after the refusal: %v", err)
		}
		if u := pageCacheStatus(); u.usedMax != 0 {
			t.Errorf("%d pool slots in use, with no pool", u.usedMax)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPageCacheAfterOpen$", "-test.v")
	cmd.Env = append(os.Environ(), lateEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the run without the pool failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestPageCacheAfterOpen") {
		t.Fatalf("the run without the pool did not pass the test:\n%s", out)
	}
}
