package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"modernc.org/sqlite"
)

// OnLockWait makes the store call waited, with the time waited so far,
// each time a write has waited another busy_timeout (10 s) for a write
// lock another process holds. The write waits on either way (beginWrite);
// waited lets a command say why it is not moving.
func OnLockWait(waited func(time.Duration)) Option {
	return func(s *Store) { s.lockWaited = waited }
}

// minLockRound is the least time a round of beginWrite takes: SQLite can
// report the lock busy without waiting for it (while another connection
// recovers the WAL, say), and beginWrite must not spin then.
const minLockRound = 50 * time.Millisecond

// beginWrite begins a transaction on the writer db, which takes the file's
// write lock at BEGIN (_txlock=immediate). SQLite waits busy_timeout for
// another process's lock and then fails with SQLITE_BUSY, but another
// process may hold the lock far longer, and rightly: an ingest writes a
// document of 200,000 captions as one transaction of half a minute, so
// that a kill leaves none of it, and builds a deferred index of ten
// million records in one of more than ten seconds. A second `sijil ingest`
// into the same file, or any command opening it while those indexes are
// being restored, failed after 10 s ("database is locked"). beginWrite
// tries again for as long as ctx allows, as PostgreSQL's advisory lock
// waits (postgres.Store.Exclusive), calling waited, if not nil, after each
// round. Cancelling ctx ends the wait at once: the driver interrupts
// SQLite's busy wait.
func beginWrite(ctx context.Context, db *sql.DB, waited func(time.Duration)) (*sql.Tx, error) {
	start := time.Now()
	for {
		round := time.Now()
		tx, err := db.BeginTx(ctx, nil)
		if err == nil || !isBusy(err) || ctx.Err() != nil {
			return tx, err
		}
		if rest := minLockRound - time.Since(round); rest > 0 {
			t := time.NewTimer(rest)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, errors.Join(err, ctx.Err())
			case <-t.C:
			}
		}
		if waited != nil {
			waited(time.Since(start))
		}
	}
}

// isBusy reports whether err is SQLITE_BUSY, under any of its extended codes.
func isBusy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == 5
}
