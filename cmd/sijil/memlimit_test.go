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
// above the heap instead of holding the collector at work, the limit alone
// starts the collector, and stop puts back the limit and GOGC before.
func TestFollowMemoryLimit(t *testing.T) {
	const MiB = 1 << 20
	before := debug.SetMemoryLimit(-1)
	percent := debug.SetGCPercent(137)
	defer debug.SetGCPercent(percent)
	stop := followMemoryLimit(16*MiB, 10*time.Millisecond, false)
	if got := debug.SetMemoryLimit(-1); got != 16*MiB {
		t.Errorf("limit at start = %d, want the floor, 16 MiB", got)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Errorf("GOGC while following = %d, want -1 (off: the limit starts collections)", got)
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
	if got := debug.SetGCPercent(137); got != 137 {
		t.Errorf("GOGC after stop = %d, want 137 as before", got)
	}
}

// TestFollowMemoryLimitKeepsGOGC: a GOGC the user set stays in force.
func TestFollowMemoryLimitKeepsGOGC(t *testing.T) {
	percent := debug.SetGCPercent(137)
	defer debug.SetGCPercent(percent)
	stop := followMemoryLimit(1<<30, time.Hour, true)
	got := debug.SetGCPercent(137)
	stop()
	if got != 137 {
		t.Errorf("GOGC while following with keepGCPercent = %d, want 137", got)
	}
	if got := debug.SetGCPercent(percent); got != 137 {
		t.Errorf("GOGC after stop = %d, want 137", got)
	}
}
