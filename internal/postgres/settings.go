package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// The names of the settings table's rows (see 0005_settings.sql).
const settingFocus = "focus"

// Settings returns the register's settings.
func (s *Store) Settings(ctx context.Context) (st caption.Settings, err error) {
	defer wrap(&err, "postgres.Settings")
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, "SELECT name, value FROM settings")
		if err != nil {
			return err
		}
		var name, value string
		_, err = pgx.ForEachRow(rows, []any{&name, &value}, func() error {
			if name == settingFocus {
				st.Focus = caption.ParseFocus(value)
			}
			return nil
		})
		return err
	})
	return st, err
}

// SetSettings replaces the register's settings: a setting left empty has
// no row.
func (s *Store) SetSettings(ctx context.Context, st caption.Settings) (err error) {
	defer wrap(&err, "postgres.SetSettings")
	if err := st.Check(); err != nil {
		return err
	}
	return s.write(ctx, "SetSettings", func(tx pgx.Tx, _ *txState) error {
		if len(st.Focus) == 0 {
			_, err := tx.Exec(ctx, "DELETE FROM settings WHERE name = $1", settingFocus)
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO settings (name, value) VALUES ($1, $2)
			ON CONFLICT (name) DO UPDATE SET value = excluded.value`, settingFocus, caption.FormatFocus(st.Focus))
		return err
	})
}

// RecordVersions counts the records by the versions that derived them,
// from records_versions_idx.
func (s *Store) RecordVersions(ctx context.Context) (vs []caption.VersionCount, err error) {
	defer wrap(&err, "postgres.RecordVersions")
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `SELECT parser_version, gazetteer_version, count(*) FROM records
			GROUP BY parser_version, gazetteer_version ORDER BY count(*) DESC, parser_version, gazetteer_version`)
		if err != nil {
			return err
		}
		var v caption.VersionCount
		_, err = pgx.ForEachRow(rows, []any{&v.Versions.Parser, &v.Versions.Gazetteer, &v.Records}, func() error {
			vs = append(vs, v)
			return nil
		})
		return err
	})
	return vs, err
}
