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

// TestBudgetIngestMemory: an ingest runs under the memory limit and
// ingestGCPercent unless the environment sets GOMEMLIMIT (neither) or GOGC
// (the limit only), and restore puts back both as they were.
func TestBudgetIngestMemory(t *testing.T) {
	beforeGC := debug.SetGCPercent(100)
	defer debug.SetGCPercent(beforeGC)
	beforeLimit := debug.SetMemoryLimit(-1)
	tests := []struct {
		env               map[string]string
		wantGC, wantLimit int64
	}{
		{nil, ingestGCPercent, ingestMemoryLimit},
		{map[string]string{"GOGC": "50"}, 100, ingestMemoryLimit},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, 100, beforeLimit},
		{map[string]string{"GOMEMLIMIT": "1GiB", "GOGC": "off"}, 100, beforeLimit},
	}
	for _, tc := range tests {
		restore := budgetIngestMemory(func(k string) string { return tc.env[k] })
		gc := int64(debug.SetGCPercent(100)) // as before: restore sets it again
		limit := debug.SetMemoryLimit(-1)
		restore()
		if gc != tc.wantGC || limit != tc.wantLimit {
			t.Errorf("env %v: GC percent %d, limit %d; want %d and %d", tc.env, gc, limit, tc.wantGC, tc.wantLimit)
		}
		if gc, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); gc != 100 || limit != beforeLimit {
			t.Errorf("env %v: after restore GC percent %d, limit %d; want 100 and %d", tc.env, gc, limit, beforeLimit)
		}
	}
}
