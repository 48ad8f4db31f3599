package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// txStmts holds the statements SetLink has prepared in one Exclusive
// transaction. A linking pass calls SetLink thousands of times in each
// transaction, and preparing its few statements anew on every call (which
// the driver does for every ExecContext and QueryContext) was a fifth of
// the pass's time. The statements are closed by database/sql when the
// transaction ends.
type txStmts struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

// lastTxStmts is the statement cache of the last Exclusive transaction
// SetLink ran in: one at a time is enough for a linking pass, and holding
// its transaction keeps the pointer from being reused by another.
var lastTxStmts struct {
	sync.Mutex
	c *txStmts
}

// preparer returns the statements of the Exclusive transaction ctx carries
// if q is that transaction, and nil otherwise: a transaction of its own is
// used for one call, and preparing in it would save nothing.
func (s *Store) preparer(ctx context.Context, q querier) *txStmts {
	x := s.exclusiveTx(ctx)
	if x == nil || q != querier(x.tx) {
		return nil
	}
	lastTxStmts.Lock()
	defer lastTxStmts.Unlock()
	if c := lastTxStmts.c; c != nil && c.tx == x.tx {
		return c
	}
	c := &txStmts{tx: x.tx, stmts: map[string]*sql.Stmt{}}
	lastTxStmts.c = c
	return c
}

// stmt returns the prepared statement of query, preparing it the first
// time. Callers hold the transaction's savepoint lock (exclusive.mu), which
// serialises them.
func (c *txStmts) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := c.stmts[query]; ok {
		return st, nil
	}
	st, err := c.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.stmts[query] = st
	return st, nil
}

// exec runs query on q, with a prepared statement when c is not nil.
func (c *txStmts) exec(ctx context.Context, q querier, query string, args ...any) (sql.Result, error) {
	if c == nil {
		return q.ExecContext(ctx, query, args...)
	}
	st, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

// queryRow runs query on q, with a prepared statement when c is not nil.
func (c *txStmts) queryRow(ctx context.Context, q querier, query string, args ...any) *sql.Row {
	if c == nil {
		return q.QueryRowContext(ctx, query, args...)
	}
	st, err := c.stmt(ctx, query)
	if err != nil {
		return q.QueryRowContext(ctx, query, args...) // which fails as the prepare did

	}
	return st.QueryRowContext(ctx, args...)
}
