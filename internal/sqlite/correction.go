package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"sijil/internal/caption"
)

// AddCorrection appends c to its record's corrections.
func (s *Store) AddCorrection(ctx context.Context, c caption.Correction) (_ caption.Correction, err error) {
	defer wrap(&err, "sqlite.AddCorrection(%d, %q)", c.Record, c.Field)
	if c.Field == "" {
		return c, fmt.Errorf("%w: a correction names its field", caption.ErrInvalid)
	}
	for _, f := range []struct{ what, s string }{{"field", c.Field}, {"value", c.Value}, {"previous", c.Previous}, {"note", c.Note}, {"author", c.Author}} {
		if err := checkText(f.what, f.s); err != nil {
			return c, err
		}
	}
	if c.At.IsZero() {
		c.At = time.Now()
	}
	err = s.write(ctx, func(q querier) error {
		var one int
		err := q.QueryRowContext(ctx, "SELECT 1 FROM records WHERE id = ?", c.Record).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("record %d: %w", c.Record, caption.ErrNotFound)
		}
		if err != nil {
			return err
		}
		const insert = `INSERT INTO corrections (record_id, field, value, previous, note, author, created)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq`
		return q.QueryRowContext(ctx, insert, c.Record, c.Field, c.Value, c.Previous, c.Note, c.Author, formatTime(c.At)).Scan(&c.Seq)
	})
	return c, err
}

// Corrections returns a record's corrections, oldest first.
func (s *Store) Corrections(ctx context.Context, record int64) (_ []caption.Correction, err error) {
	defer wrap(&err, "sqlite.Corrections(%d)", record)
	const query = `SELECT seq, field, value, previous, note, author, created FROM corrections
		WHERE record_id = ? ORDER BY seq`
	rows, err := s.read(ctx).QueryContext(ctx, query, record)
	if err != nil {
		return nil, err
	}
	var out []caption.Correction
	err = eachRow(rows, func(rows *sql.Rows) error {
		c := caption.Correction{Record: record}
		var at string
		if err := rows.Scan(&c.Seq, &c.Field, &c.Value, &c.Previous, &c.Note, &c.Author, &at); err != nil {
			return err
		}
		c.At, err = parseTime(at)
		out = append(out, c)
		return err
	})
	if err == nil && len(out) == 0 {
		err = s.mustExist(ctx, record)
	}
	return out, err
}
