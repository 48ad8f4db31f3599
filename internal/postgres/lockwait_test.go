package postgres

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// An Exclusive call that waits for another session's hold of the advisory
// lock reports each interval it waits, and goes on once the lock is free.
// The reports show that it did wait: the lock was taken first.
func TestExclusiveReportsLockWait(t *testing.T) {
	url := newSchema(t)
	var waits storetest.LockWaits
	s, err := Open(t.Context(), url, OnLockWait(waits.Add))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.lockEvery = 50 * time.Millisecond

	other, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(context.Background())
	if _, err := other.Exec(t.Context(), `SELECT pg_advisory_lock($1)`, linkLock); err != nil {
		t.Fatal(err)
	}
	release := func() {
		if _, err := other.Exec(t.Context(), `SELECT pg_advisory_unlock($1)`, linkLock); err != nil {
			t.Fatal(err)
		}
	}
	storetest.WaitsBehindLock(t, &waits, func(ctx context.Context) error {
		return s.Exclusive(ctx, func(ctx context.Context) error {
			return s.SetSettings(ctx, caption.Settings{Focus: []caption.CountryCode{"YE"}})
		})
	}, release)
	st, err := s.Settings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(st.Focus, []caption.CountryCode{"YE"}) {
		t.Errorf("focus = %v, want [YE]", st.Focus)
	}
}
