package sqlite

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"sijil/internal/caption"
)

// mapErr gives a driver error the caption kind it stands for, keeping the
// driver's message: a UNIQUE or PRIMARY KEY violation is a duplicate; a
// FOREIGN KEY violation, a reference to a row that does not exist, is not
// found (as in PostgreSQL); a CHECK or NOT NULL violation is invalid input.
// Other errors, and nil, are returned as they are.
func mapErr(err error) error {
	var e *sqlite.Error
	if !errors.As(err, &e) || errors.Is(err, caption.ErrDuplicate) || errors.Is(err, caption.ErrInvalid) ||
		errors.Is(err, caption.ErrNotFound) {
		return err
	}
	switch e.Code() {
	case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
		return fmt.Errorf("%w: %w", caption.ErrDuplicate, err)
	case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
		return fmt.Errorf("%w: %w", caption.ErrNotFound, err)
	case sqlite3.SQLITE_CONSTRAINT_CHECK, sqlite3.SQLITE_CONSTRAINT_NOTNULL, sqlite3.SQLITE_CONSTRAINT_DATATYPE:
		return fmt.Errorf("%w: %w", caption.ErrInvalid, err)
	}
	return err
}

// wrap adds the operation to a method's error, once, in a defer:
// defer wrap(&err, "sqlite.Record(%d)", id).
func wrap(errp *error, format string, args ...any) {
	if *errp != nil {
		*errp = fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), *errp)
	}
}
