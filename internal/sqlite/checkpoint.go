package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// checkpointer copies the frames each commit adds to the write-ahead log
// into the database file on a connection of its own, beside the writer.
//
// Left to the writer, that copy ran on the ingest's critical path: the
// writer connection checkpoints when the log reaches 256 MB (inside the
// COMMIT that crossed it), and when it closes, all the log holds since. A
// bulk load of 100,000 captions leaves a 196 MB log that Close copied in
// 0.75 s on one thread, with the other idle; at a million captions
// COMMIT took 13.9 s of the writer's time with those checkpoints in it,
// and 11.1 s without (2026-12-04, CPU profiles of two runs).
//
// A PASSIVE checkpoint takes no lock the writer needs and waits for
// nobody: it copies what was committed, up to the oldest snapshot still
// read, while the writer appends the next transaction. When the writer's
// own checkpoint (wal_autocheckpoint) or Close comes, little is left to
// copy, and the log restarts from its beginning as before. Nothing depends
// on it: a checkpoint that fails or is skipped leaves the frames to the
// writer's, as without it.
type checkpointer struct {
	db *sql.DB
	// kick says a commit happened: of capacity 1, so that commits
	// coalesce, and never closed, so that a commit after close only
	// fills it.
	kick chan struct{}
	stop chan struct{} // closed by close
	once sync.Once
	wg   sync.WaitGroup
}

// startCheckpointer opens a connection to the database at path and starts
// the goroutine that checkpoints after commits (committed).
func startCheckpointer(path string) (*checkpointer, error) {
	db, err := sql.Open("sqlite", path+"?"+checkpointParams)
	if err != nil {
		return nil, err
	}
	keepOneConnection(db)
	c := &checkpointer{db: db, kick: make(chan struct{}, 1), stop: make(chan struct{})}
	c.wg.Go(func() {
		for {
			select {
			case <-c.stop:
				return
			case <-c.kick:
			}
			// Errors are left to the writer's checkpoint (see above): a
			// PASSIVE one does not fail for a lock, only for I/O, which
			// the writer's own would then meet and report.
			_, _ = db.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
		}
	})
	return c, nil
}

// checkpointParams: a busy timeout for opening the connection while the
// writer changes the schema; no journal_mode, which WAL leaves in the
// file, and which would take a lock to set.
const checkpointParams = "_busy_timeout=10000"

// committed asks for a checkpoint of what was just committed, without
// waiting: one already asked for and not started covers it.
func (c *checkpointer) committed() {
	if c == nil {
		return
	}
	select {
	case c.kick <- struct{}{}:
	default:
	}
}

// close stops the goroutine, after the checkpoint it is running, and
// closes its connection. It may be called again.
func (c *checkpointer) close() error {
	if c == nil {
		return nil
	}
	c.once.Do(func() { close(c.stop) })
	c.wg.Wait()
	return c.db.Close()
}
