package server

import (
	"context"
	"crypto/rand"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/postgres"
	"sijil/internal/testenv"
)

// storeOpener opens an empty register for one test.
type storeOpener func(t *testing.T) caption.Store

// apiTests are the tests that run over every store, so that the API
// answers the same over SQLite and PostgreSQL.
var apiTests = []struct {
	name string
	fn   func(*testing.T, storeOpener)
}{
	{"RecordListFilters", testRecordListFilters},
	{"RecordListFacetsAndOrder", testRecordListFacetsAndOrder},
	{"RecordListPages", testRecordListPages},
	{"RecordListInvalid", testRecordListInvalid},
	{"RecordGet", testRecordGet},
	{"EventGet", testEventGet},
	{"EventPages", testEventPages},
	{"RecordPages", testRecordPages},
	{"Stats", testStats},
	{"Timeline", testTimeline},
	{"GeoJSON", testGeoJSON},
	{"OpenAPI", testOpenAPI},
	{"Correction", testCorrection},
	{"Injection", testInjection},
}

func runAPITests(t *testing.T, open storeOpener) {
	for _, tc := range apiTests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

// TestAPI runs the API tests over SQLite.
func TestAPI(t *testing.T) {
	runAPITests(t, func(t *testing.T) caption.Store { return newTestStore(t) })
}

// TestAPIPostgres runs the API tests over PostgreSQL when
// SIJIL_TEST_POSTGRES names a server; it skips otherwise, or fails when
// SIJIL_TEST_POSTGRES_REQUIRED is set (as in CI).
func TestAPIPostgres(t *testing.T) {
	base := postgresURL(t)
	runAPITests(t, func(t *testing.T) caption.Store { return newPostgresStore(t, base) })
}

func postgresURL(t *testing.T) string {
	t.Helper()
	return testenv.Postgres(t)
}

// newPostgresStore opens a register in a schema of its own on the server
// at base, closed and dropped when the test ends.
func newPostgresStore(t *testing.T, base string) caption.Store {
	t.Helper()
	ctx := context.Background()
	name := strings.ToLower("sijil_server_test_" + rand.Text()[:12])
	exec := func(sql string) {
		t.Helper()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("connect to SIJIL_TEST_POSTGRES: %v", err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	schema := pgx.Identifier{name}.Sanitize()
	exec("CREATE SCHEMA " + schema)
	t.Cleanup(func() { exec("DROP SCHEMA " + schema + " CASCADE") })
	s, err := postgres.Open(ctx, withSearchPath(t, base, name), postgres.WithPlaceKey(geocode.Key))
	if err != nil {
		t.Fatalf("postgres.Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// withSearchPath sets search_path in a URL or keyword/value connection string.
func withSearchPath(t *testing.T, conn, schema string) string {
	if !strings.HasPrefix(conn, "postgres://") && !strings.HasPrefix(conn, "postgresql://") {
		return conn + " search_path=" + schema
	}
	u, err := url.Parse(conn)
	if err != nil {
		t.Fatalf("SIJIL_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
