package sqlite

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

func TestStmtRows(t *testing.T) {
	for _, tc := range []struct{ left, want int }{
		{1, 1}, {2, 2}, {3, 2}, {7, 4}, {8, 8}, {99, 64}, {100, 100}, {101, 100}, {5000, 100},
	} {
		if got := stmtRows(tc.left); got != tc.want {
			t.Errorf("stmtRows(%d) = %d, want %d", tc.left, got, tc.want)
		}
	}
}

// TestStmtTx checks the transaction's statement cache: a statement run
// again reuses its preparation, a query of the same text run while the
// rows of the first are being read gets its own, and texts past the
// cache's bound still run.
func TestStmtTx(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "stmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := t.Context()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	q := newStmtTx(tx)
	if _, err := q.ExecContext(ctx, "CREATE TABLE t (a INTEGER)"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := q.ExecContext(ctx, "INSERT INTO t (a) VALUES (?)", i); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(q.stmts); n != 2 {
		t.Errorf("%d statements cached after two texts, want 2", n)
	}
	const sel = "SELECT a FROM t ORDER BY a"
	var outer, inner []int
	err = queryEach(ctx, q, sel, nil, func(rows *sql.Rows) error {
		var a int
		if err := rows.Scan(&a); err != nil {
			return err
		}
		outer = append(outer, a)
		return queryEach(ctx, q, sel, nil, func(rows *sql.Rows) error {
			var b int
			err := rows.Scan(&b)
			inner = append(inner, b)
			return err
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(outer) != "[0 1 2]" || len(inner) != 9 {
		t.Errorf("nested queries of one text: outer %v, inner %v; want [0 1 2] and 9 rows", outer, inner)
	}
	for i := range maxTxStmts + 10 {
		if _, err := q.ExecContext(ctx, fmt.Sprintf("INSERT INTO t (a) VALUES (%d)", 10+i)); err != nil {
			t.Fatal(err)
		}
	}
	if len(q.stmts) > maxTxStmts {
		t.Errorf("%d statements cached, more than %d", len(q.stmts), maxTxStmts)
	}
	var n int
	if err := q.QueryRowContext(ctx, "SELECT count(*) FROM t").Scan(&n); err != nil || n != 3+maxTxStmts+10 {
		t.Errorf("count = %d, %v; want every insert run", n, err)
	}
}
