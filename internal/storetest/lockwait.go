package storetest

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
)

// LockWaits records what a store's OnLockWait function is told: give
// Add to it.
type LockWaits struct {
	mu    sync.Mutex
	waits []time.Duration
}

// Add records one report of a wait.
func (l *LockWaits) Add(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waits = append(l.waits, d)
}

// All returns the reports so far.
func (l *LockWaits) All() []time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.waits)
}

// WaitsBehindLock checks a write made while another session holds the
// store's write lock, which release frees: write must not return before
// waits has recorded three more reports (so it did wait), then must
// succeed once the lock is released; the times reported must grow, and no
// report may come once write has returned.
func WaitsBehindLock(t *testing.T, waits *LockWaits, write func(ctx context.Context) error, release func()) {
	t.Helper()
	before := len(waits.All())
	done := make(chan error, 1)
	go func() { done <- write(t.Context()) }()
	deadline := time.After(30 * time.Second)
	for len(waits.All()) < before+3 {
		select {
		case err := <-done:
			t.Fatalf("the write returned while another session held the lock: %v", err)
		case <-deadline:
			t.Fatal("no wait reported in 30 s")
		case <-time.After(20 * time.Millisecond):
		}
	}
	release()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the write still waits 30 s after the lock was released")
	}
	n := len(waits.All())
	time.Sleep(200 * time.Millisecond)
	if ws := waits.All()[before:]; len(ws) != n-before || !slices.IsSorted(ws) || ws[0] <= 0 {
		t.Errorf("waits reported %v (%d when the write returned): want growing times, none after the write", ws, n-before)
	}
}
