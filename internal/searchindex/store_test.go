package searchindex_test

import (
	"context"
	"crypto/rand"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
	"sijil/internal/postgres"
	"sijil/internal/searchindex"
	"sijil/internal/sqlite"
	"sijil/internal/storetest"
	"sijil/internal/testenv"
)

// newSQLite opens a SQLite store in t's temporary directory.
func newSQLite(t *testing.T) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "sijil.db"), sqlite.WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wrap builds the index of src; the store is closed when t ends.
func wrap(t *testing.T, src searchindex.Source) *searchindex.Store {
	t.Helper()
	s, err := searchindex.New(t.Context(), src, searchindex.Options{Poll: -1})
	if err != nil {
		src.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// TestConformanceSQLite runs the store conformance suite on the index over
// SQLite: its searches must answer as the store's own do.
func TestConformanceSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) caption.Store { return wrap(t, newSQLite(t)) })
}

// TestConformancePostgres does the same over PostgreSQL, when
// SIJIL_TEST_POSTGRES names a server.
func TestConformancePostgres(t *testing.T) {
	base := testenv.Postgres(t)
	storetest.Run(t, func(t *testing.T) caption.Store {
		s, err := postgres.Open(t.Context(), newSchema(t, base), postgres.WithPlaceKey(storetest.PlaceKey))
		if err != nil {
			t.Fatal(err)
		}
		return wrap(t, s)
	})
}

// newSchema creates a schema of its own for t, dropped when t ends, and
// returns base with search_path set to it.
func newSchema(t *testing.T, base string) string {
	t.Helper()
	name := strings.ToLower("sijil_test_" + rand.Text()[:12])
	ctx := context.Background()
	exec := func(sql string) {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("connect to SIJIL_TEST_POSTGRES: %v", err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Errorf("%s: %v", sql, err)
		}
	}
	exec("CREATE SCHEMA " + name)
	t.Cleanup(func() { exec("DROP SCHEMA " + name + " CASCADE") })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", name)
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}
