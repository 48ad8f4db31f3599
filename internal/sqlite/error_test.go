package sqlite

import (
	"errors"
	"testing"

	"sijil/internal/caption"
)

// TestMapErr checks the kinds of the driver's constraint errors: a
// reference to a row that does not exist is ErrNotFound, as PostgreSQL's
// store has it; a second row with a unique value ErrDuplicate; a value the
// schema refuses ErrInvalid.
func TestMapErr(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	for _, stmt := range []string{
		`CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY, name TEXT UNIQUE)`,
		`CREATE TEMP TABLE child (parent INTEGER NOT NULL REFERENCES parent (id), n INTEGER CHECK (n > 0))`,
		`INSERT INTO parent VALUES (1, 'a')`,
	} {
		if _, err := s.writer.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	for _, tc := range []struct {
		stmt string
		want error
	}{
		{`INSERT INTO child VALUES (2, 1)`, caption.ErrNotFound},
		{`INSERT INTO parent VALUES (3, 'a')`, caption.ErrDuplicate},
		{`INSERT INTO child VALUES (1, 0)`, caption.ErrInvalid},
		{`INSERT INTO child VALUES (NULL, 1)`, caption.ErrInvalid},
	} {
		_, err := s.writer.ExecContext(ctx, tc.stmt)
		if err := mapErr(err); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.stmt, err, tc.want)
		}
	}
}
