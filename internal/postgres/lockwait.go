package postgres

import (
	"time"

	"sijil/internal/caption"
)

// OnLockWait makes the store call waited, with the time waited so far,
// every ten seconds that a transaction waits for the advisory lock another
// process's Exclusive holds (a large document is one such transaction, of
// half a minute or more). The wait goes on either way, as long as its
// context allows; waited lets a command say why it is not moving, as the
// SQLite store's OnLockWait does after each of its busy timeouts.
func OnLockWait(waited func(time.Duration)) Option {
	return func(s *Store) { s.lockWaited = waited }
}

// reportWait calls s.lockWaited every s.lockEvery (caption.DefaultLockWait
// when zero, SQLite's busy timeout, so that both stores speak alike) until
// the returned function is called.
func (s *Store) reportWait() (stop func()) {
	if s.lockWaited == nil {
		return func() {}
	}
	every := s.lockEvery
	if every <= 0 {
		every = caption.DefaultLockWait
	}
	start := time.Now()
	t := time.NewTicker(every)
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				s.lockWaited(time.Since(start))
			}
		}
	}()
	return func() {
		close(quit)
		<-done
	}
}
