package sqlite

import "testing"

// TestRowsQuery checks the multi-row statement texts execRows runs, made
// once and then kept: the placeholders must be as many as the arguments
// execRows passes, or SQLite refuses the statement.
func TestRowsQuery(t *testing.T) {
	for _, tc := range []struct {
		prefix, suffix string
		cols, rows     int
		want           string
	}{
		{"INSERT INTO t (a) VALUES ", "", 1, 1, "INSERT INTO t (a) VALUES (?)"},
		{"INSERT INTO t (a, b) VALUES ", "", 2, 3, "INSERT INTO t (a, b) VALUES (?, ?), (?, ?), (?, ?)"},
		{"INSERT INTO t (a, b, c) VALUES ", " ON CONFLICT DO NOTHING", 3, 2, "INSERT INTO t (a, b, c) VALUES (?, ?, ?), (?, ?, ?) ON CONFLICT DO NOTHING"},
		// The same prefix with another suffix or shape is another text.
		{"INSERT INTO t (a, b) VALUES ", " ON CONFLICT DO NOTHING", 2, 1, "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING"},
		{"INSERT INTO t (a, b) VALUES ", "", 2, 1, "INSERT INTO t (a, b) VALUES (?, ?)"},
	} {
		for range 2 { // made, then kept
			if got := rowsQuery(tc.prefix, tc.suffix, tc.cols, tc.rows); got != tc.want {
				t.Errorf("rowsQuery(%q, %q, %d, %d) = %q, want %q", tc.prefix, tc.suffix, tc.cols, tc.rows, got, tc.want)
			}
		}
	}
}
