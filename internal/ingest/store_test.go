package ingest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/postgres"
	"sijil/internal/sqlite"
	"sijil/internal/testenv"
)

// backends are the stores the ingest tests run on: SQLite always, PostgreSQL
// when SIJIL_TEST_POSTGRES names a server.
var backends = []struct {
	name string
	open func(t *testing.T) caption.Store
}{
	{"sqlite", newSQLite},
	{"postgres", newPostgres},
}

// forEachBackend runs f as a subtest on each backend.
func forEachBackend(t *testing.T, f func(t *testing.T, open func(t *testing.T) caption.Store)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open) })
	}
}

// newSQLite opens a store in a file of the test's temporary directory.
func newSQLite(t *testing.T) caption.Store {
	t.Helper()
	return mustOpenSQLite(t, filepath.Join(t.TempDir(), "sijil.db"))
}

func mustOpenSQLite(t testing.TB, path string) caption.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// newPostgres opens a store in a schema of its own on the server
// SIJIL_TEST_POSTGRES names, dropped when the test ends.
func newPostgres(t *testing.T) caption.Store {
	t.Helper()
	return mustOpenPostgres(t, postgresSchema(t))
}

// postgresSchema creates a schema with a random name on the server
// SIJIL_TEST_POSTGRES names, dropped when the test ends, and returns the
// server's URL with search_path set to it. Without the variable the test is
// skipped, or fails when SIJIL_TEST_POSTGRES_REQUIRED is set (as in CI).
func postgresSchema(t *testing.T) string {
	t.Helper()
	base := testenv.Postgres(t)
	ctx := context.Background()
	name := strings.ToLower("sijil_ingest_" + rand.Text()[:12])
	exec := func(sql string) {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("connect to SIJIL_TEST_POSTGRES: %v", err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`CREATE SCHEMA ` + pgx.Identifier{name}.Sanitize())
	t.Cleanup(func() { exec(`DROP SCHEMA ` + pgx.Identifier{name}.Sanitize() + ` CASCADE`) })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("SIJIL_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

func mustOpenPostgres(t *testing.T, url string) caption.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// testOptions are ingest options with the built-in parser and no gazetteer
// (loading it costs a second per test; geocoding has its own tests).
func testOptions(t testing.TB) Options {
	t.Helper()
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	return Options{Parser: p, Versions: caption.Versions{Parser: parse.Version, Gazetteer: "none"}, Workers: 2}
}

func mustIngest(t testing.TB, s caption.Store, paths []string, opt Options) Summary {
	t.Helper()
	sum, err := Ingest(t.Context(), s, paths, opt)
	if err != nil {
		t.Fatalf("Ingest(%v): %v", paths, err)
	}
	return sum
}

func mustStats(t testing.TB, s caption.Store) caption.Stats {
	t.Helper()
	st, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func writeFile(t testing.TB, path, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func contextWithCancel(t *testing.T) (context.Context, context.CancelFunc) {
	return context.WithCancel(t.Context())
}

// embeddedGazetteer loads the gazetteer built into sijil.
func embeddedGazetteer(tb testing.TB) *geocode.Gazetteer {
	tb.Helper()
	emb, err := geocode.Embedded()
	if err != nil {
		tb.Fatal(err)
	}
	return geocode.New(emb)
}
