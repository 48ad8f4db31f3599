package sqlite

import (
	"context"
	"database/sql"

	"sijil/internal/caption"
)

// The names of the settings table's rows (see 0007_settings.sql).
const settingFocus = "focus"

// Settings returns the register's settings.
func (s *Store) Settings(ctx context.Context) (st caption.Settings, err error) {
	defer wrap(&err, "sqlite.Settings")
	rows, err := s.read(ctx).QueryContext(ctx, "SELECT name, value FROM settings")
	if err != nil {
		return st, err
	}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var name, value string
		if err := rows.Scan(&name, &value); err != nil {
			return err
		}
		if name == settingFocus {
			st.Focus = caption.ParseFocus(value)
		}
		return nil
	})
	return st, err
}

// SetSettings replaces the register's settings: a setting left empty has
// no row.
func (s *Store) SetSettings(ctx context.Context, st caption.Settings) (err error) {
	defer wrap(&err, "sqlite.SetSettings")
	if err := st.Check(); err != nil {
		return err
	}
	return s.write(ctx, func(q querier) error {
		if len(st.Focus) == 0 {
			_, err := q.ExecContext(ctx, "DELETE FROM settings WHERE name = ?", settingFocus)
			return err
		}
		_, err := q.ExecContext(ctx, `INSERT INTO settings (name, value) VALUES (?, ?)
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, settingFocus, caption.FormatFocus(st.Focus))
		return err
	})
}

// RecordVersions counts the records by the versions that derived them.
func (s *Store) RecordVersions(ctx context.Context) (vs []caption.VersionCount, err error) {
	defer wrap(&err, "sqlite.RecordVersions")
	// The counts are kept as records are written (0016_version_counts.sql).
	rows, err := s.read(ctx).QueryContext(ctx, `SELECT parser_version, gazetteer_version, records FROM record_versions
		ORDER BY records DESC, parser_version, gazetteer_version`)
	if err != nil {
		return nil, err
	}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var v caption.VersionCount
		err := rows.Scan(&v.Versions.Parser, &v.Versions.Gazetteer, &v.Records)
		vs = append(vs, v)
		return err
	})
	return vs, err
}
