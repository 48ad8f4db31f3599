package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// AddCorrection appends c to its record's corrections. A record that does
// not exist fails the foreign key, which mapError makes ErrNotFound.
func (s *Store) AddCorrection(ctx context.Context, c caption.Correction) (_ caption.Correction, err error) {
	defer wrap(&err, "postgres.AddCorrection(%d, %q)", c.Record, c.Field)
	if c.Field == "" {
		return c, fmt.Errorf("%w: a correction names its field", caption.ErrInvalid)
	}
	if err := checkText(c.Field, c.Value, c.Previous, c.Note, c.Author); err != nil {
		return c, err
	}
	if c.At.IsZero() {
		c.At = time.Now()
	}
	const insert = `INSERT INTO corrections (record_id, field, value, previous, note, author, created)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING seq`
	err = s.write(ctx, "AddCorrection", func(tx pgx.Tx, _ *txState) error {
		return tx.QueryRow(ctx, insert, c.Record, c.Field, c.Value, c.Previous, c.Note, c.Author, c.At.UTC()).Scan(&c.Seq)
	})
	return c, err
}

// Corrections returns a record's corrections, oldest first.
func (s *Store) Corrections(ctx context.Context, record int64) (_ []caption.Correction, err error) {
	defer wrap(&err, "postgres.Corrections(%d)", record)
	const query = `SELECT seq, field, value, previous, note, author, created FROM corrections
		WHERE record_id = $1 ORDER BY seq`
	var out []caption.Correction
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, query, record)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.Correction, error) {
			c := caption.Correction{Record: record}
			err := row.Scan(&c.Seq, &c.Field, &c.Value, &c.Previous, &c.Note, &c.Author, &c.At)
			c.At = c.At.UTC()
			return c, err
		})
		return err
	})
	if err == nil && len(out) == 0 {
		err = s.checkRecord(ctx, record)
	}
	return out, err
}
