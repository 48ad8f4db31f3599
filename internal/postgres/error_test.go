package postgres

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"sijil/internal/caption"
)

func TestMapError(t *testing.T) {
	other := errors.New("connection refused")
	tests := []struct {
		name string
		in   error
		want error
	}{
		{"no rows", pgx.ErrNoRows, caption.ErrNotFound},
		{"wrapped no rows", fmt.Errorf("scan: %w", pgx.ErrNoRows), caption.ErrNotFound},
		{"unique", &pgconn.PgError{Code: "23505"}, caption.ErrDuplicate},
		{"foreign key", &pgconn.PgError{Code: "23503"}, caption.ErrNotFound},
		{"check", &pgconn.PgError{Code: "23514"}, caption.ErrInvalid},
		{"not UTF-8", &pgconn.PgError{Code: "22021"}, caption.ErrInvalid},
		{"NUL in jsonb", &pgconn.PgError{Code: "22P05"}, caption.ErrInvalid},
		{"too long", &pgconn.PgError{Code: "54000"}, caption.ErrInvalid},
		{"already a kind", fmt.Errorf("x: %w", caption.ErrInvalid), caption.ErrInvalid},
		{"deadlock", &pgconn.PgError{Code: "40P01"}, nil},
		{"other", other, other},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := mapError(tc.in)
			if !errors.Is(got, tc.in) {
				t.Errorf("mapError(%v) = %v, which no longer wraps its cause", tc.in, got)
			}
			for _, kind := range []error{caption.ErrNotFound, caption.ErrDuplicate, caption.ErrInvalid, caption.ErrUnsupported} {
				if errors.Is(got, kind) != (kind == tc.want) {
					t.Errorf("mapError(%v) = %v: errors.Is(%v) = %v", tc.in, got, kind, !(kind == tc.want))
				}
			}
		})
	}
}
