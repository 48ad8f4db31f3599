package caption

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestExclusiveGate holds the gate as an Exclusive call does and checks
// that a call waiting behind it past Wait fails with ErrLockWait, that a
// call whose context ends stops waiting, and that once released the gate
// lets calls through.
func TestExclusiveGate(t *testing.T) {
	g := &ExclusiveGate{Wait: 50 * time.Millisecond}
	release, err := g.Enter(t.Context(), "Exclusive", true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Enter(t.Context(), "a write", false); !errors.Is(err, ErrLockWait) {
		t.Fatalf("a write behind a held gate: %v, want ErrLockWait", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := (&ExclusiveGate{Wait: time.Hour}).Enter(ctx, "a write", false)
		done <- err
	}()
	if err := <-done; err != nil {
		t.Fatalf("a free gate: %v", err)
	}
	g.Wait = time.Hour
	go func() {
		_, err := g.Enter(ctx, "a write", false)
		done <- err
	}()
	for g.Waiters() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled wait: %v, want context.Canceled", err)
	}
	release()
	if _, err := g.Enter(t.Context(), "a write", false); err != nil {
		t.Fatalf("after release: %v", err)
	}
}
