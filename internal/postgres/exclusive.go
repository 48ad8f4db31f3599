package postgres

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// linkLock is the advisory lock key Exclusive holds. Its bytes spell
// "sijillnk".
const linkLock int64 = 0x73696a696c6c6e6b

// The advisory lock a transaction of the store takes: Exclusive's, which
// no other transaction holding any of them runs beside, and PutDocuments'
// outside Exclusive, which only keeps it out of Exclusive's way (see
// PutDocuments).
const (
	lockNone      = ""
	lockExclusive = "pg_advisory_xact_lock"
	lockShared    = "pg_advisory_xact_lock_shared"
)

// Exclusive runs fn in one transaction that holds a transaction-level
// advisory lock, pg_advisory_xact_lock, so that no other process, nor
// another goroutine of this one, runs Exclusive on the same database at
// the same time (goroutines of one process queue in the Store first, so
// that only one of them holds a connection while it waits for the lock).
//
// Every store method called with fn's ctx (or a context made from it) runs
// in that transaction, reads included: they see fn's writes before anyone
// else does. The transaction is committed when fn returns nil, and the
// lock released with it; when fn returns an error, or a statement failed
// in a way that leaves the transaction unusable, it is rolled back, and
// nothing fn wrote is kept. A killed process keeps nothing of it either:
// the server rolls the transaction back and releases the lock.
//
// Within fn, each write (PutDocuments, PutDocument, SetLinks, SetLink,
// UpdateRecord, AddCorrection, SetSettings) runs in a savepoint: one that
// fails, for its arguments or for the database, returns its error and
// leaves the rest of fn's work alone. A read that fails in the database
// (rather than finding nothing) cannot be undone alone: the later calls of
// fn fail, and Exclusive returns an error. The store's calls may be made
// from several goroutines with fn's ctx; they take turns on the
// transaction. fn must not use its ctx once it has returned.
//
// A call made while fn runs with a context that is not fn's is not part of
// the transaction: a read sees only what is committed, and a write, or
// Exclusive, would wait for the lock or the rows that fn's transaction
// holds, which would wait for it in turn, for ever. Within this process
// such a call waits at the store's gate instead (see caption.ExclusiveGate): from another
// goroutine it waits for fn to end, as another process's would; one that
// has waited for the one Exclusive call longer than the gate's wait, as a
// call made from fn always does, fails.
//
// Inside Exclusive with fn's ctx, Exclusive runs the inner fn in the same
// transaction.
func (s *Store) Exclusive(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	defer wrap(&err, "postgres.Exclusive")
	if s.txOf(ctx) != nil {
		return fn(ctx)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// Goroutines of this process queue at the gate, so that only one of
	// them holds a connection while it waits for the lock.
	release, err := s.gate.Enter(ctx, "Exclusive", true)
	if err != nil {
		return err
	}
	defer release()
	x, err := s.begin(ctx, lockExclusive)
	if err != nil {
		return err
	}
	s.active.Store(x)
	defer s.active.Store(nil)
	return x.end(ctx, fn(context.WithValue(ctx, txKey{}, x)))
}

// txState is a transaction of the store's own that its methods run in:
// Exclusive's, found in the context of fn's calls, or one a method opened
// for itself.
type txState struct {
	store *Store
	conn  *pgxpool.Conn
	tx    pgx.Tx
	// mu gives the transaction to one call at a time.
	mu sync.Mutex
	// failed is the error after which the transaction could only be
	// rolled back.
	failed error
	// lock is the advisory lock the transaction holds (lockNone: none).
	lock string
	// staged are the staging tables written in this transaction, which a
	// second use must empty first (ON COMMIT DELETE ROWS empties them
	// between transactions).
	staged map[string]bool
}

type txKey struct{}

// txOf returns the transaction of s that ctx carries, or nil.
func (s *Store) txOf(ctx context.Context) *txState {
	if x, ok := ctx.Value(txKey{}).(*txState); ok && x.store == s {
		return x
	}
	return nil
}

// begin opens a transaction on a connection of the pool, with its staging
// tables, holding the advisory lock lock (lockNone: none).
func (s *Store) begin(ctx context.Context, lock string) (_ *txState, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			conn.Release()
		}
	}()
	// Created outside the transaction, so that a rollback does not take
	// them away from a connection that believes it has them.
	if err := ensureStage(ctx, conn.Conn()); err != nil {
		return nil, fmt.Errorf("staging tables: %w", err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if lock != lockNone {
		stop := s.reportWait()
		_, err := tx.Exec(ctx, `SELECT `+lock+`($1)`, linkLock)
		stop()
		if err != nil {
			return nil, errors.Join(fmt.Errorf("lock: %w", err), tx.Rollback(context.WithoutCancel(ctx)))
		}
	}
	return &txState{store: s, conn: conn, tx: tx, lock: lock, staged: map[string]bool{}}, nil
}

// end commits the transaction when err is nil and nothing failed in it,
// and rolls it back otherwise, returning err or the failure. The
// connection goes back to the pool, or is closed if it is broken.
func (x *txState) end(ctx context.Context, err error) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	defer x.conn.Release()
	if err == nil && x.failed != nil {
		err = fmt.Errorf("a statement failed, so nothing is kept: %w", x.failed)
	}
	if err != nil {
		if rerr := x.tx.Rollback(context.WithoutCancel(ctx)); rerr != nil && !x.conn.Conn().IsClosed() {
			err = errors.Join(err, fmt.Errorf("rollback: %w", rerr))
		}
		return err
	}
	if err := x.tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// run runs fn on the transaction, alone. A failure that leaves the
// transaction unusable (an error in the database outside a savepoint, a
// broken connection) is kept: later calls fail with it, and end rolls
// back.
func (x *txState) run(ctx context.Context, fn func(tx pgx.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.failed != nil {
		return fmt.Errorf("the transaction failed earlier (%v)", x.failed)
	}
	err := fn(x.tx)
	if err != nil {
		pc := x.conn.Conn().PgConn()
		if pc.IsClosed() || pc.TxStatus() == 'E' {
			x.failed = err
		}
	}
	return err
}

// querier is what a read needs of the pool or of a transaction.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// read runs fn on ctx's transaction (inside Exclusive, so that it sees fn's
// writes), or on the pool.
func (s *Store) read(ctx context.Context, fn func(q querier) error) error {
	if x := s.txOf(ctx); x != nil {
		return x.run(ctx, func(tx pgx.Tx) error { return fn(tx) })
	}
	return fn(s.pool)
}

// write runs fn in a transaction: inside Exclusive, in a savepoint of its
// transaction, so that a failed call leaves the rest of fn's work alone;
// outside, in a transaction of its own. op names the call for the error
// of a call made inside Exclusive with another context (see outside).
func (s *Store) write(ctx context.Context, op string, fn func(tx pgx.Tx, x *txState) error) error {
	if x := s.txOf(ctx); x != nil {
		return x.run(ctx, func(tx pgx.Tx) error {
			return pgx.BeginFunc(ctx, tx, func(sp pgx.Tx) error { return fn(sp, x) })
		})
	}
	if _, err := s.gate.Enter(ctx, op, false); err != nil {
		return err
	}
	x, err := s.begin(ctx, lockNone)
	if err != nil {
		return err
	}
	return x.end(ctx, x.run(ctx, func(tx pgx.Tx) error { return fn(tx, x) }))
}
