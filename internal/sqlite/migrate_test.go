package sqlite

import (
	"context"
	"database/sql"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/storetest"
)

var update = flag.Bool("update", false, "rewrite testdata/schema.sql from the migrated schema")

// TestMigrationNumbering checks the embedded migrations, and that
// readMigrations refuses gaps, duplicates and stray names (pkgsite's
// check_bad_migrations).
func TestMigrationNumbering(t *testing.T) {
	ms, err := readMigrations(migrationFiles)
	if err != nil {
		t.Fatalf("embedded migrations: %v", err)
	}
	for i, m := range ms {
		if m.version != i+1 {
			t.Errorf("migration %s has version %d, want %d", m.name, m.version, i+1)
		}
	}
	file := &fstest.MapFile{Data: []byte("SELECT 1;")}
	tests := []struct {
		name  string
		files []string
		ok    bool
	}{
		{"in order", []string{"0001_init.sql", "0002_more.sql", "0003_again.sql"}, true},
		{"gap", []string{"0001_init.sql", "0003_more.sql"}, false},
		{"duplicate", []string{"0001_init.sql", "0002_a.sql", "0002_b.sql"}, false},
		{"not from one", []string{"0002_init.sql"}, false},
		{"zero", []string{"0000_init.sql", "0001_more.sql"}, false},
		{"bad name", []string{"0001_init.sql", "2_more.sql"}, false},
		{"not sql", []string{"0001_init.sql", "0002_more.txt"}, false},
		{"none", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"migrations": &fstest.MapFile{Mode: os.ModeDir}}
			for _, f := range tc.files {
				fsys["migrations/"+f] = file
			}
			_, err := readMigrations(fsys)
			if (err == nil) != tc.ok {
				t.Errorf("readMigrations(%q) = %v, want ok %v", tc.files, err, tc.ok)
			}
		})
	}
}

// TestMigrateTwice opens a database twice: the second Open applies nothing,
// and a database from a newer program is refused.
func TestMigrateTwice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	for range 2 {
		s, err := Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	db := openRaw(t, path)
	var n, max int
	if err := db.QueryRow("SELECT count(*), max(version) FROM schema_migrations").Scan(&n, &max); err != nil {
		t.Fatal(err)
	}
	ms, _ := readMigrations(migrationFiles)
	if n != len(ms) || max != len(ms) {
		t.Errorf("schema_migrations has %d rows up to %d, want %d", n, max, len(ms))
	}
	if _, err := db.Exec("INSERT INTO schema_migrations VALUES (?, 'future.sql', '')", len(ms)+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if s, err := Open(t.Context(), path); err == nil {
		s.Close()
		t.Error("Open of a database with a newer schema succeeded")
	}
}

func openRaw(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_busy_timeout=10000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestSchema compares the migrated schema with testdata/schema.sql, as
// pkgsite does with its db-schema.sql: a migration's effect is reviewed
// as a diff of that file. Regenerate it with go test ./internal/sqlite -run
// TestSchema -update.
func TestSchema(t *testing.T) {
	s := newTestStore(t)
	got, err := dumpSchema(t.Context(), s.writer)
	if err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/schema.sql"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("schema differs from %s (-want +got); run with -update if the change is meant:\n%s", golden, diff)
	}
}

// dumpSchema writes sqlite_master's statements in a stable order.
func dumpSchema(ctx context.Context, db *sql.DB) (string, error) {
	rows, err := db.QueryContext(ctx, `SELECT type, name, sql FROM sqlite_master
		WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'view' THEN 1
		WHEN 'index' THEN 2 ELSE 3 END, name`)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	b.WriteString("-- The schema after every migration (sqlite_master), checked by TestSchema.\n")
	b.WriteString("-- Regenerate: go test ./internal/sqlite -run TestSchema -update\n")
	for rows.Next() {
		var typ, name, stmt string
		if err := rows.Scan(&typ, &name, &stmt); err != nil {
			return "", err
		}
		b.WriteString("\n-- " + typ + " " + name + "\n" + stmt + ";\n")
	}
	return b.String(), rows.Err()
}

// TestFTSMergeSetting checks that both full-text tables merge sixteen
// segments at a time (0015), in a new register and in one of schema 0010
// brought up to date.
func TestFTSMergeSetting(t *testing.T) {
	fresh := newTestStore(t)
	old, err := Open(t.Context(), copyRegister0010(t), WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	for name, s := range map[string]*Store{"new": fresh, "0010": old} {
		for _, table := range []string{"records_fts", "search_terms_fts"} {
			var v int
			err := s.reader.QueryRowContext(t.Context(), "SELECT v FROM "+table+"_config WHERE k = 'automerge'").Scan(&v)
			if err != nil {
				t.Fatalf("%s register, %s: %v", name, table, err)
			}
			if v != 16 {
				t.Errorf("%s register, %s: automerge = %d, want 16", name, table, v)
			}
		}
	}
}
