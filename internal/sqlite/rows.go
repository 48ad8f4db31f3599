package sqlite

import (
	"context"
	"database/sql"
	"math/bits"
	"strings"
	"sync"
)

// batchRows is how many rows one statement writes: a document is stored
// with a few multi-row statements rather than several statements a caption.
const batchRows = 100

// stmtRows is how many of left rows the next statement writes: batchRows,
// or for fewer the largest power of two, so that a table's inserts take at
// most eight statement texts, which stmtTx prepares once per transaction
// (one text for every remainder made each document's last statement a
// statement of its own to compile).
func stmtRows(left int) int {
	if left >= batchRows {
		return batchRows
	}
	return 1 << (bits.Len(uint(left)) - 1)
}

// execRows runs prefix + "(?, …), (?, …)" + suffix over rows, batchRows at a
// time, passing every row it returns to each (when not nil).
func execRows(ctx context.Context, q querier, prefix, suffix string, rows [][]any, each func(*sql.Rows) error) error {
	var args []any
	for len(rows) > 0 {
		n := stmtRows(len(rows))
		query := rowsQuery(prefix, suffix, len(rows[0]), n)
		// One list for all the statements: the driver is done with it
		// when the statement returns.
		args = args[:0]
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		if each == nil {
			if _, err := q.ExecContext(ctx, query, args...); err != nil {
				return err
			}
		} else if err := queryEach(ctx, q, query, args, each); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// rowsQueries are the texts execRows made, by rowsKey: a statement of a
// hundred rows of twenty columns is 8 KB of text, which was built anew
// for each statement, with a new argument list: 85 MB of the 2.2 GB an
// ingest of 100,000 captions allocated, 5 MB since (2026-12-06). The
// prefixes are the store's own constants and the row counts stmtRows's
// eight, so the texts are few.
var rowsQueries sync.Map

type rowsKey struct {
	prefix, suffix string
	cols, rows     int
}

// rowsQuery returns prefix + rows tuples of cols "?" + suffix.
func rowsQuery(prefix, suffix string, cols, rows int) string {
	k := rowsKey{prefix, suffix, cols, rows}
	if q, ok := rowsQueries.Load(k); ok {
		return q.(string)
	}
	tuple := "(?" + strings.Repeat(", ?", cols-1) + ")"
	q := prefix + tuple + strings.Repeat(", "+tuple, rows-1) + suffix
	rowsQueries.Store(k, q)
	return q
}

// eachQuerier is a querier that runs a query and reads its rows itself
// (stmtTx, with its prepared statements).
type eachQuerier interface {
	queryEach(ctx context.Context, query string, args []any, fn func(*sql.Rows) error) error
}

// queryEach runs query and calls fn on every row, with the prepared
// statement of q's transaction when it keeps them (stmtTx).
func queryEach(ctx context.Context, q querier, query string, args []any, fn func(*sql.Rows) error) error {
	if eq, ok := q.(eachQuerier); ok {
		return eq.queryEach(ctx, query, args, fn)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	return eachRow(rows, fn)
}

// eachRow calls fn on every row of rows, and closes them.
func eachRow(rows *sql.Rows, fn func(*sql.Rows) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
