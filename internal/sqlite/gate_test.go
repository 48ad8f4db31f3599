package sqlite

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"sijil/internal/caption"
)

// TestExclusiveOtherContext calls the store inside fn with a context that
// is not fn's: a write or Exclusive, which would wait for the writer
// connection fn holds for ever, fails once it has waited the lock wait; a
// read runs outside the transaction. From another goroutine, a write waits
// for fn to end and then succeeds.
func TestExclusiveOtherContext(t *testing.T) {
	s := newTestStore(t)
	s.gate.Wait = 2 * time.Second
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	v := caption.Versions{Parser: "p"}
	doc, items := genDocument("a.txt", 0, 2)
	if _, err := s.PutDocument(ctx, doc, items, v); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	err := s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := genDocument("b.txt", 2, 1)
		calls := map[string]func() error{
			"PutDocument": func() error { _, err := s.PutDocument(ctx, doc, items, v); return err },
			"SetLink": func() error {
				return s.SetLink(ctx, caption.Link{Record: 1, Level: caption.LevelCluster, Target: 1, Group: 1, Rule: "new"})
			},
			"UpdateRecord": func() error { return s.UpdateRecord(ctx, 1, items[0].Record, v) },
			"SetSettings":  func() error { return s.SetSettings(ctx, caption.Settings{}) },
			"Exclusive":    func() error { return s.Exclusive(ctx, func(context.Context) error { return nil }) },
		}
		var wg sync.WaitGroup
		for call, fn := range calls {
			wg.Go(func() {
				if err := fn(); !errors.Is(err, caption.ErrLockWait) {
					t.Errorf("%s with another context inside fn = %v, want the lock wait's error", call, err)
				}
			})
		}
		wg.Wait()
		if _, err := s.PutDocument(xctx, doc, items, v); err != nil {
			return err
		}
		if st, err := s.Stats(ctx); err != nil || st.Documents != 1 {
			t.Errorf("Stats with another context inside fn = %+v, %v; want the one document committed", st, err)
		}
		go func() {
			doc, items := genDocument("c.txt", 3, 2)
			_, err := s.PutDocument(ctx, doc, items, v)
			waited <- err
		}()
		for s.gate.Waiters() == 0 {
			runtime.Gosched()
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	if err := <-waited; err != nil {
		t.Errorf("PutDocument from another goroutine: %v", err)
	}
	if st, err := s.Stats(ctx); err != nil || st.Documents != 3 {
		t.Errorf("Stats = %+v, %v; want 3 documents", st, err)
	}
}
