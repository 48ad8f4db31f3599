package sqlite

import (
	"context"
	"database/sql"
	"strings"
)

// batchRows is how many rows one statement writes: a document is stored
// with a few multi-row statements rather than several statements a caption.
const batchRows = 100

// execRows runs prefix + "(?, …), (?, …)" + suffix over rows, batchRows at a
// time, passing every row it returns to each (when not nil).
func execRows(ctx context.Context, q querier, prefix, suffix string, rows [][]any, each func(*sql.Rows) error) error {
	for len(rows) > 0 {
		n := min(len(rows), batchRows)
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
		} else {
			rs, err := q.QueryContext(ctx, query, args...)
			if err != nil {
				return err
			}
			if err := eachRow(rs, each); err != nil {
				return err
			}
		}
		rows = rows[n:]
	}
	return nil
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
