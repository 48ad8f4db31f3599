package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestMemoryLimitFor(t *testing.T) {
	const MiB = 1 << 20
	tests := []struct {
		live  uint64
		floor int64
		want  int64
	}{
		{0, 400 * MiB, 400 * MiB},
		{200 * MiB, 400 * MiB, 400 * MiB},
		{320 * MiB, 400 * MiB, 400 * MiB}, // 400 MiB: still the floor
		{400 * MiB, 400 * MiB, 492 * MiB},
		{2000 * MiB, 400 * MiB, 2332 * MiB},
		{1 << 63, 400 * MiB, 1<<60 + (1<<60)*15/100 + 32*MiB}, // no overflow
	}
	for _, tc := range tests {
		if got := memoryLimitFor(tc.live, tc.floor); got != tc.want {
			t.Errorf("memoryLimitFor(%d MiB, %d MiB) = %d MiB, want %d MiB", tc.live/MiB, tc.floor/MiB, got/MiB, tc.want/MiB)
		}
	}
}

// TestFollowMemoryLimit: with a live heap over the floor, the limit rises
// above the heap instead of holding the collector at work, and stop puts
// back the limit before.
func TestFollowMemoryLimit(t *testing.T) {
	const MiB = 1 << 20
	before := debug.SetMemoryLimit(-1)
	stop := followMemoryLimit(16*MiB, 10*time.Millisecond)
	if got := debug.SetMemoryLimit(-1); got != 16*MiB {
		t.Errorf("limit at start = %d, want the floor, 16 MiB", got)
	}
	live := make([]byte, 96*MiB)
	for i := range live {
		live[i] = byte(i)
	}
	deadline := time.Now().Add(time.Minute)
	var got int64
	for {
		runtime.GC() // the live heap metric is the last collection's
		time.Sleep(20 * time.Millisecond)
		if got = debug.SetMemoryLimit(-1); got > 96*MiB || time.Now().After(deadline) {
			break
		}
	}
	runtime.KeepAlive(live)
	if got <= 96*MiB {
		t.Errorf("limit = %d MiB with a live heap of 96 MiB: never followed it", got/MiB)
	}
	stop()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after stop = %d, want %d as before", got, before)
	}
}

// TestBatchGC: the batch commands' GOGC, unless the environment sets one,
// and the setting before put back.
func TestBatchGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	t.Setenv("GOGC", "")
	restore := batchGC()
	if got := debug.SetGCPercent(batchGCPercent); got != batchGCPercent {
		t.Errorf("GOGC under batchGC = %d, want %d", got, batchGCPercent)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC after restore = %d, want 100 as before", got)
	}
	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	restore = batchGC()
	if got := debug.SetGCPercent(50); got != 50 {
		t.Errorf("GOGC under batchGC with GOGC=50 set = %d, want 50", got)
	}
	restore()
}
