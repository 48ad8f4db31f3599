package caption

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// DefaultLockWait is how long a call of this process waits for one
// Exclusive call of the same Store before it fails: SQLite's busy_timeout,
// which another process waits for the write lock.
const DefaultLockWait = 10 * time.Second

// ErrLockWait is the error of a call that waited for one Exclusive call
// longer than its gate's wait.
var ErrLockWait = errors.New("lock wait exceeded")

// ExclusiveGate is what both stores use to keep Exclusive's rule on
// calls made with another context than fn's (see Store.Exclusive); the
// zero value is ready. It holds the Exclusive call a Store of this process
// runs, if any: calls
// with another context, which would wait for its transaction, wait here
// first, so that one made from inside fn (which waits for it in turn) fails
// instead of waiting for ever. Go does not say which goroutine is fn's, and
// goroutines that share a context may all be outside fn, so neither tells
// such a call from one another goroutine makes: the gate fails a call that
// has waited for one Exclusive call longer than wait, which a call made
// from fn always does, and another goroutine's only behind a call that
// holds the store that long. Each Exclusive call that takes its turn
// starts the wait again.
type ExclusiveGate struct {
	mu   sync.Mutex
	held *turn
	// Wait is how long a call waits for one Exclusive call; 0 is
	// DefaultLockWait.
	Wait time.Duration
	// waiting counts the calls waiting, for tests to observe.
	waiting int
}

// turn is one Exclusive call's hold of the gate.
type turn struct {
	done chan struct{} // closed when the call ends
}

// Enter waits until no Exclusive call holds the gate and, when hold is
// true, holds it for the caller until release is called.
func (g *ExclusiveGate) Enter(ctx context.Context, op string, hold bool) (release func(), err error) {
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

// await waits for t to end, for ctx, or for g.Wait.
func (g *ExclusiveGate) await(ctx context.Context, t *turn, op string) error {
	wait := g.Wait
	if wait == 0 {
		wait = DefaultLockWait
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
			ErrLockWait, op, wait)
	}
}

// Waiters returns how many calls wait at the gate, for tests to observe.
func (g *ExclusiveGate) Waiters() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.waiting
}
