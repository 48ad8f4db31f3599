package sqlite

import (
	"context"
	"database/sql"
	"math/bits"
	"strings"
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
	for len(rows) > 0 {
		n := stmtRows(len(rows))
		tuple := "(?" + strings.Repeat(", ?", len(rows[0])-1) + ")"
		query := prefix + tuple + strings.Repeat(", "+tuple, n-1) + suffix
		args := make([]any, 0, n*len(rows[0]))
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
