package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// stmtTx is Exclusive's transaction as the store's calls use it: each SQL
// text is prepared once per transaction and its statement run again for
// every later call. The driver prepares a statement for every ExecContext
// and QueryContext, and an ingest's chunk runs the same few multi-row
// inserts (batchRows rows each) hundreds of times, and compiling them anew
// took a large share of the writer's time. database/sql
// closes the statements when the transaction ends.
type stmtTx struct {
	tx    *sql.Tx
	mu    sync.Mutex // guards stmts; statements themselves are safe to share
	stmts map[string]*sql.Stmt
}

// maxTxStmts bounds the statements one transaction keeps: a multi-row
// statement's program grows with its rows, and the texts that recur are
// few (one per table and row count), so past this many the rest are not
// worth keeping.
const maxTxStmts = 256

func newStmtTx(tx *sql.Tx) *stmtTx {
	return &stmtTx{tx: tx, stmts: map[string]*sql.Stmt{}}
}

// stmt returns the prepared statement of query, preparing it the first
// time; nil (and no error) once the cache is full.
func (t *stmtTx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if st, ok := t.stmts[query]; ok {
		return st, nil
	}
	if len(t.stmts) >= maxTxStmts {
		return nil, nil
	}
	st, err := t.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	t.stmts[query] = st
	return st, nil
}

func (t *stmtTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return t.tx.ExecContext(ctx, query, args...)
	}
	return st.ExecContext(ctx, args...)
}

// QueryContext and QueryRowContext run their query unprepared: a caller
// may run the same text again while the rows of the first are still open
// (paging through Records while writing, or from another goroutine inside
// Exclusive), and one statement cannot step two result sets at once.
func (t *stmtTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, query, args...)
}

func (t *stmtTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, query, args...)
}

// queryEach runs query with its prepared statement, calls fn on every row
// and closes the rows before it returns, so that the statement is free
// again (execRows' INSERT … RETURNING). The statement is taken out of the
// cache while its rows are read: a query of the same text from fn
// prepares its own.
func (t *stmtTx) queryEach(ctx context.Context, query string, args []any, fn func(*sql.Rows) error) error {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return err
	}
	if st == nil {
		rows, err := t.tx.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		return eachRow(rows, fn)
	}
	t.mu.Lock()
	delete(t.stmts, query)
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.stmts[query] = st
		t.mu.Unlock()
	}()
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	return eachRow(rows, fn)
}
