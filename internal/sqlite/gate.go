package sqlite

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// defaultLockWait is how long a call of this process waits for one
// Exclusive call of the same Store before it fails: SQLite's busy_timeout,
// which another process waits for the write lock.
const defaultLockWait = 10 * time.Second

// errLockWait is the error of a call that waited for one Exclusive call
// longer than its gate's wait.
var errLockWait = errors.New("lock wait exceeded")

// gate is the Exclusive call a Store of this process runs, if any: calls
// with another context, which would wait for its transaction, wait here
// first, so that one made from inside fn (which waits for it in turn) fails
// instead of waiting for ever. Go does not say which goroutine is fn's, and
// goroutines that share a context may all be outside fn, so neither tells
// such a call from one another goroutine makes: the gate fails a call that
// has waited for one Exclusive call longer than wait, which a call made
// from fn always does, and another goroutine's only behind a call that
// holds the store that long. Each Exclusive call that takes its turn
// starts the wait again.
type gate struct {
	mu   sync.Mutex
	held *turn
	wait time.Duration
	// waiting counts the calls waiting, for tests to observe.
	waiting int
}

// turn is one Exclusive call's hold of the gate.
type turn struct {
	done chan struct{} // closed when the call ends
}

// enter waits until no Exclusive call holds the gate and, when hold is
// true, holds it for the caller until release is called.
func (g *gate) enter(ctx context.Context, op string, hold bool) (release func(), err error) {
	for {
		g.mu.Lock()
		t := g.held
		if t == nil {
			if !hold {
				g.mu.Unlock()
				return func() {}, nil
			}
			t = &turn{done: make(chan struct{})}
			g.held = t
			g.mu.Unlock()
			return func() {
				g.mu.Lock()
				g.held = nil
				g.mu.Unlock()
				close(t.done)
			}, nil
		}
		g.waiting++
		g.mu.Unlock()
		err := g.await(ctx, t, op)
		g.mu.Lock()
		g.waiting--
		g.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
}

// await waits for t to end, for ctx, or for g.wait.
func (g *gate) await(ctx context.Context, t *turn, op string) error {
	wait := g.wait
	if wait == 0 {
		wait = defaultLockWait
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-t.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return fmt.Errorf("%w: %s waited %v for an Exclusive call of this process to end: called from fn with a context other than fn's?",
			errLockWait, op, wait)
	}
}

// waiters returns how many calls wait at the gate.
func (g *gate) waiters() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waiting
}
