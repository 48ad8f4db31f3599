package postgres

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// An Exclusive call that waits for another session's hold of the advisory
// lock reports each interval it waits, and goes on once the lock is free.
// The reports show that it did wait: the lock was taken first.
func TestExclusiveReportsLockWait(t *testing.T) {
	url := newSchema(t)
	var mu sync.Mutex
	var waits []time.Duration
	s, err := Open(t.Context(), url, OnLockWait(func(d time.Duration) {
		mu.Lock()
		waits = append(waits, d)
		mu.Unlock()
	}))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.lockEvery = 50 * time.Millisecond
	waited := func() []time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(waits)
	}

	other, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(context.Background())
	if _, err := other.Exec(t.Context(), `SELECT pg_advisory_lock($1)`, linkLock); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- s.Exclusive(t.Context(), func(ctx context.Context) error {
			return s.SetSettings(ctx, caption.Settings{Focus: []caption.CountryCode{"YE"}})
		})
	}()
	deadline := time.After(30 * time.Second)
	for len(waited()) < 3 {
		select {
		case err := <-done:
			t.Fatalf("Exclusive returned while another session held its lock: %v", err)
		case <-deadline:
			t.Fatal("no wait reported in 30 s")
		case <-time.After(20 * time.Millisecond):
		}
	}
	if _, err := other.Exec(t.Context(), `SELECT pg_advisory_unlock($1)`, linkLock); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Exclusive still waiting 30 s after the lock was released")
	}
	n := len(waited())
	time.Sleep(200 * time.Millisecond)
	if ws := waited(); len(ws) != n || !slices.IsSorted(ws) {
		t.Errorf("waits reported %v (%d when Exclusive ended): want growing times, none after the wait", ws, n)
	}
	st, err := s.Settings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st.Focus, []caption.CountryCode{"YE"}) {
		t.Errorf("focus = %v, want [YE]", st.Focus)
	}
}
