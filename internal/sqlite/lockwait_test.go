package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// holdWriteLock takes path's write lock on a connection of its own, as
// another process's transaction would, until the returned function is
// called.
func holdWriteLock(t *testing.T, path string) (release func()) {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	tx, err := db.Begin()
	if err != nil {
		db.Close()
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			if err := tx.Commit(); err != nil {
				t.Error(err)
			}
			db.Close()
		})
	}
	t.Cleanup(release)
	return release
}

// shortBusyTimeout makes the store's writer wait out another process's
// lock in rounds of 100 ms instead of 10 s, so that a test sees rounds
// end. The writer pool keeps one connection, which keeps the setting.
func shortBusyTimeout(t *testing.T, s *Store) {
	t.Helper()
	if _, err := s.writer.ExecContext(t.Context(), "PRAGMA busy_timeout = 100"); err != nil {
		t.Fatal(err)
	}
}

// A write waits for another process's write lock however long it is
// held, where it failed with SQLITE_BUSY after one busy timeout; each
// round it waits is reported, which shows that SQLite did report the lock
// busy.
func TestWriteWaitsForAnotherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	var waits storetest.LockWaits
	s, err := Open(t.Context(), path, OnLockWait(waits.Add))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	shortBusyTimeout(t, s)

	for _, tc := range []struct {
		name  string
		write func(ctx context.Context) error
	}{
		{"write", func(ctx context.Context) error {
			return s.SetSettings(ctx, caption.Settings{Focus: []caption.CountryCode{"SY"}})
		}},
		{"Exclusive", func(ctx context.Context) error {
			return s.Exclusive(ctx, func(ctx context.Context) error {
				return s.SetSettings(ctx, caption.Settings{Focus: []caption.CountryCode{"UA", "SD"}})
			})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.WaitsBehindLock(t, &waits, tc.write, holdWriteLock(t, path))
		})
	}
	st, err := s.Settings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if want := []caption.CountryCode{"UA", "SD"}; !slices.Equal(st.Focus, want) {
		t.Errorf("focus after both writes = %v, want %v", st.Focus, want)
	}
}

// Cancelling a write that waits for another process's lock ends it at
// once, with the context's error, and writes nothing.
func TestLockWaitCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The default busy timeout, 10 s: the cancel must cut a round short.
	release := holdWriteLock(t, path)
	ctx, cancel := context.WithCancel(t.Context())
	start := time.Now()
	time.AfterFunc(300*time.Millisecond, cancel)
	err = s.SetSettings(ctx, caption.Settings{Focus: []caption.CountryCode{"SY"}})
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled write = %v, want context.Canceled", err)
	}
	if took > 5*time.Second {
		t.Errorf("cancelled write returned after %v, want well within one busy timeout", took)
	}
	release()
	st, err := s.Settings(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Focus) != 0 {
		t.Errorf("focus after a cancelled write = %v, want none", st.Focus)
	}
}
