package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"sijil/internal/caption"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationLock is the advisory lock key that serialises migrators: two
// processes opening a fresh database at once must not both create tables.
// Its bytes spell "sijilmig".
const migrationLock int64 = 0x73696a696c6d6967

// A migration is one numbered file of migrations/: 0001_init.sql is version
// 1, named "init".
type migration struct {
	Version int
	Name    string
	File    string
}

var migrationName = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+)\.sql$`)

// migrations lists the embedded migrations in version order.
func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return parseMigrations(names)
}

// parseMigrations reads migration file names, sorted. It fails on a name
// that is not NNNN_name.sql and on a gap or repeat in the numbering, which
// would otherwise skip or reorder a change.
func parseMigrations(names []string) ([]migration, error) {
	var ms []migration
	for _, name := range names {
		m := migrationName.FindStringSubmatch(name)
		if m == nil {
			return nil, fmt.Errorf("migration %s: name is not NNNN_name.sql", name)
		}
		v, _ := strconv.Atoi(m[1])
		if want := len(ms) + 1; v != want {
			return nil, fmt.Errorf("migration %s: number %d, want %d", name, v, want)
		}
		ms = append(ms, migration{Version: v, Name: m[2], File: path.Join("migrations", name)})
	}
	return ms, nil
}

// migrate applies the migrations the database lacks, in order, in one
// transaction that holds migrationLock: a concurrent migrator waits, then
// finds them applied. A failed migration leaves the database as it was.
func migrate(ctx context.Context, pool *pgxpool.Pool) (err error) {
	defer wrap(&err, "migrate")
	ms, err := migrations()
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    integer PRIMARY KEY,
			name       text NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now()
		)`); err != nil {
			return err
		}
		var applied int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&applied); err != nil {
			return err
		}
		if applied > len(ms) {
			return fmt.Errorf("%w: database is at migration %d, this sijil knows %d: upgrade sijil",
				caption.ErrUnsupported, applied, len(ms))
		}
		for _, m := range ms[applied:] {
			if err := apply(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
}

// apply runs one migration file and records it.
func apply(ctx context.Context, tx pgx.Tx, m migration) error {
	sql, err := migrationFiles.ReadFile(m.File)
	if err != nil {
		return err
	}
	// The simple protocol runs a file of several statements in one call.
	if _, err := tx.Exec(ctx, string(sql), pgx.QueryExecModeSimpleProtocol); err != nil {
		return fmt.Errorf("%s: %w", m.File, err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name)
	return err
}
