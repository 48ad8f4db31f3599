package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// linkLock is the advisory lock key Exclusive holds. Its bytes spell
// "sijillnk".
const linkLock int64 = 0x73696a696c6c6e6b

// Exclusive runs fn while no other process, nor another goroutine of this
// one, runs Exclusive on the same database.
//
// It holds a session-level pg_advisory_lock on a connection of its own,
// opened for the purpose outside the pool, rather than a transaction-level
// lock: fn works through the store's methods, each on a pool connection in
// its own short transaction, and a transaction that lasted as long as fn
// would hold a snapshot and row locks for the whole linking pass. Outside
// the pool, because a pool connection waiting for the lock could leave fn
// none to work with. Goroutines of one process queue in the Store first, so
// that they open one such connection at a time. The lock is released when fn
// returns, or by the server if the process dies. Waiting ends with ctx.
func (s *Store) Exclusive(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	defer wrap(&err, "postgres.Exclusive")
	select {
	case s.exclusive <- struct{}{}:
		defer func() { <-s.exclusive }()
	case <-ctx.Done():
		return ctx.Err()
	}
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	// Closing the session releases the lock, should unlocking fail.
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, linkLock); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer func() {
		var unlocked bool
		uerr := conn.QueryRow(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, linkLock).Scan(&unlocked)
		if uerr == nil && !unlocked {
			uerr = errors.New("the lock was not held")
		}
		if uerr != nil {
			err = errors.Join(err, fmt.Errorf("unlock: %w", uerr))
		}
	}()
	return fn(ctx)
}
