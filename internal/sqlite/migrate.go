package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"time"
)

// migrationFiles holds the schema as numbered, forward-only SQL files:
// migrations/0001_init.sql, 0002_….sql. A file once released is never
// edited; a change is a new file.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered schema change.
type migration struct {
	version int
	name    string // file name
	sql     string
}

var migrationName = regexp.MustCompile(`^(\d{4})_[a-z0-9_]+\.sql$`)

// readMigrations lists the migrations in fsys's migrations directory in
// order, checking that they are numbered 1 to N with no gap and no
// duplicate, as pkgsite's check_bad_migrations does.
func readMigrations(fsys fs.FS) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, "migrations")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration %q is not named NNNN_name.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		if want := len(ms) + 1; v != want {
			return nil, fmt.Errorf("migration %q: want number %04d (numbers run 1 to N without gaps or duplicates)", e.Name(), want)
		}
		b, err := fs.ReadFile(fsys, "migrations/"+e.Name())
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(b)})
	}
	if len(ms) == 0 {
		return nil, errors.New("no migrations")
	}
	return ms, nil
}

// migrate applies the migrations db has not recorded in schema_migrations,
// in order, each in its own transaction with its record. A database from a
// newer sijil (one with a migration this one does not have) is refused.
func migrate(ctx context.Context, db *sql.DB, fsys fs.FS, waited func(time.Duration)) error {
	ms, err := readMigrations(fsys)
	if err != nil {
		return err
	}
	const create = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version INTEGER PRIMARY KEY,
	name    TEXT NOT NULL,
	applied TEXT NOT NULL
) STRICT`
	if _, err := db.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	var current int
	if err := db.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&current); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if current > len(ms) {
		return fmt.Errorf("database schema version %d is newer than this program's %d", current, len(ms))
	}
	for _, m := range ms[current:] {
		if err := applyMigration(ctx, db, m, waited); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}

// applyMigration applies m unless it is recorded, checking inside the
// transaction (which takes the write lock at BEGIN), so that two processes
// opening a new database at once apply it once.
func applyMigration(ctx context.Context, db *sql.DB, m migration, waited func(time.Duration)) error {
	tx, err := beginWrite(ctx, db, waited)
	if err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations WHERE version = ?", m.version).Scan(&n); err != nil || n > 0 {
		return errors.Join(err, rollback(tx))
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return errors.Join(err, rollback(tx))
	}
	const record = "INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)"
	if _, err := tx.ExecContext(ctx, record, m.version, m.name, formatTime(time.Now())); err != nil {
		return errors.Join(err, rollback(tx))
	}
	return tx.Commit()
}
