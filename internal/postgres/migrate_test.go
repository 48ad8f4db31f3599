package postgres

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// TestMigrationNumbering checks the embedded migrations, as pkgsite's
// check_bad_migrations does: NNNN_name.sql, numbered from 1 without gaps.
func TestMigrationNumbering(t *testing.T) {
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 || ms[0].Name != "init" {
		t.Fatalf("migrations = %+v, want 0001_init.sql first", ms)
	}
	for _, m := range ms {
		if _, err := migrationFiles.ReadFile(m.File); err != nil {
			t.Errorf("migration %d: %v", m.Version, err)
		}
	}
}

func TestParseMigrations(t *testing.T) {
	tests := []struct {
		name  string
		in    []string
		want  []int // versions; nil when parsing fails
		fails bool
	}{
		{"none", nil, nil, false},
		{"in order", []string{"0001_init.sql", "0002_search.sql", "0003_add_x.sql"}, []int{1, 2, 3}, false},
		{"gap", []string{"0001_init.sql", "0003_search.sql"}, nil, true},
		{"repeat", []string{"0001_init.sql", "0001_other.sql"}, nil, true},
		{"starts at 0", []string{"0000_init.sql"}, nil, true},
		{"starts at 2", []string{"0002_init.sql"}, nil, true},
		{"three digits", []string{"001_init.sql"}, nil, true},
		{"no name", []string{"0001.sql"}, nil, true},
		{"upper case", []string{"0001_Init.sql"}, nil, true},
		{"not sql", []string{"0001_init.txt"}, nil, true},
		{"stray file", []string{"0001_init.sql", "README"}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := parseMigrations(tc.in)
			if (err != nil) != tc.fails {
				t.Fatalf("parseMigrations(%q) error = %v, want failure %v", tc.in, err, tc.fails)
			}
			var got []int
			for _, m := range ms {
				got = append(got, m.Version)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("versions (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMigrateConcurrently opens a fresh schema from several goroutines at
// once: the advisory lock lets one migrate, and the others find it done.
func TestMigrateConcurrently(t *testing.T) {
	url := newSchema(t)
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			s, err := Open(t.Context(), url)
			if err != nil {
				t.Errorf("Open: %v", err)
				return
			}
			s.Close()
		})
	}
	wg.Wait()
	s := mustOpen(t, url) // and once more, afterwards
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.pool.Query(t.Context(), `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	for _, m := range ms {
		want = append(want, m.Version)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schema_migrations (-want +got):\n%s", diff)
	}
}

// TestMigrateNewerDatabase opens a database that a newer sijil migrated:
// ErrUnsupported, rather than writing to a schema it does not know.
func TestMigrateNewerDatabase(t *testing.T) {
	url := newSchema(t)
	s := mustOpen(t, url)
	if _, err := s.pool.Exec(t.Context(), `INSERT INTO schema_migrations (version, name) VALUES (9999, 'future')`); err != nil {
		t.Fatal(err)
	}
	_, err := Open(context.Background(), url)
	if !errors.Is(err, caption.ErrUnsupported) {
		t.Errorf("Open of a newer database = %v, want ErrUnsupported", err)
	}
}
