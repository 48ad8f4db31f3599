package postgres

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"sijil/internal/caption"
)

// SQLSTATE codes that map to caption's kinds or that PutDocument retries.
const (
	codeUniqueViolation      = "23505"
	codeForeignKeyViolation  = "23503"
	codeCheckViolation       = "23514"
	codeNotNullViolation     = "23502"
	codeInvalidByteSequence  = "22021" // a string that is not UTF-8
	codeUntranslatable       = "22P05" // NUL (\u0000) in text or jsonb
	codeLimitExceeded        = "54000" // e.g. a caption too long for a tsvector (1 MB)
	codeSerializationFailure = "40001"
	codeDeadlockDetected     = "40P01"
)

// mapError returns err with the caption kind that its cause stands for
// wrapped in, keeping the driver's text: no rows, or a reference to a row
// that does not exist, is ErrNotFound; a unique violation ErrDuplicate; a
// value the schema refuses ErrInvalid. Other errors are returned unchanged.
func mapError(err error) error {
	if errors.Is(err, caption.ErrNotFound) || errors.Is(err, caption.ErrDuplicate) ||
		errors.Is(err, caption.ErrInvalid) || errors.Is(err, caption.ErrUnsupported) {
		return err
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %w", caption.ErrNotFound, err)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return err
	}
	switch pgErr.Code {
	case codeUniqueViolation:
		return fmt.Errorf("%w: %w", caption.ErrDuplicate, err)
	case codeForeignKeyViolation:
		return fmt.Errorf("%w: %w", caption.ErrNotFound, err)
	case codeCheckViolation, codeNotNullViolation,
		codeInvalidByteSequence, codeUntranslatable, codeLimitExceeded:
		return fmt.Errorf("%w: %w", caption.ErrInvalid, err)
	}
	return err
}

// retryable reports whether err is a transient conflict between concurrent
// transactions after which the whole transaction may simply be run again.
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == codeSerializationFailure || pgErr.Code == codeDeadlockDetected)
}
