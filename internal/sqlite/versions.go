package sqlite

import (
	"context"
	"fmt"

	"sijil/internal/caption"
)

// countVersions adds n (which may be negative) to the records counted for
// v in record_versions (0016_version_counts.sql), and removes v's row when
// none is left: the counts RecordVersions reads without reading the
// records. Every write that adds a record, or changes a record's
// versions, calls it in the same transaction.
func countVersions(ctx context.Context, q querier, v caption.Versions, n int64) error {
	if n == 0 {
		return nil
	}
	if n > 0 {
		_, err := q.ExecContext(ctx, `INSERT INTO record_versions (parser_version, gazetteer_version, records) VALUES (?, ?, ?)
			ON CONFLICT (parser_version, gazetteer_version) DO UPDATE SET records = records + excluded.records`, v.Parser, v.Gazetteer, n)
		return err
	}
	// The row goes when its last record does: the CHECK keeps every
	// row's count positive.
	res, err := q.ExecContext(ctx, "DELETE FROM record_versions WHERE parser_version = ? AND gazetteer_version = ? AND records = ?", v.Parser, v.Gazetteer, -n)
	if err != nil {
		return err
	}
	if gone, err := res.RowsAffected(); err != nil || gone > 0 {
		return err
	}
	res, err = q.ExecContext(ctx, "UPDATE record_versions SET records = records + ? WHERE parser_version = ? AND gazetteer_version = ? AND records > ?", n, v.Parser, v.Gazetteer, -n)
	if err != nil {
		return err
	}
	if moved, err := res.RowsAffected(); err != nil || moved > 0 {
		return err
	}
	// Fewer counted than taken away: only a register written outside
	// sijil would make the counts and the records disagree.
	return fmt.Errorf("%w: record_versions counts fewer than %d records of parser %q, gazetteer %q", caption.ErrInvalid, -n, v.Parser, v.Gazetteer)
}
