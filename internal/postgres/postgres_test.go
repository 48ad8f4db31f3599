package postgres

import (
	"context"
	"crypto/rand"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
	"sijil/internal/storetest"
	"sijil/internal/testenv"
)

// testURL returns the server the tests use, from SIJIL_TEST_POSTGRES. When
// it is unset the test is skipped, or fails when SIJIL_TEST_POSTGRES_REQUIRED
// is set (as in CI), so that a missing server cannot pass for a green run.
func testURL(tb testing.TB) string {
	tb.Helper()
	return testenv.Postgres(tb)
}

// newSchema creates an empty schema with a random name, dropped when the test
// ends, and returns the test server's URL with search_path set to it: each
// test has a database of its own, and tests may run in parallel.
func newSchema(tb testing.TB) string {
	tb.Helper()
	base := testURL(tb)
	name := "sijil_test_" + rand.Text()[:12]
	name = strings.ToLower(name)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		tb.Fatalf("connect to SIJIL_TEST_POSTGRES: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+pgx.Identifier{name}.Sanitize()); err != nil {
		tb.Fatalf("create schema %s: %v", name, err)
	}
	tb.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			tb.Errorf("connect to drop schema %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+pgx.Identifier{name}.Sanitize()+` CASCADE`); err != nil {
			tb.Errorf("drop schema %s: %v", name, err)
		}
	})
	return withSettings(tb, base, map[string]string{
		"search_path": name,
		// Names the test's sessions in pg_stat_activity.
		"application_name": name,
		// A test's data need not survive a server crash: not waiting for
		// each commit to reach the disk makes the suite several times
		// faster on a busy machine, and changes nothing that it checks.
		"synchronous_commit": "off",
	})
}

// withSettings adds run-time settings to a connection URL or to a
// keyword/value connection string.
func withSettings(tb testing.TB, conn string, settings map[string]string) string {
	tb.Helper()
	if !strings.HasPrefix(conn, "postgres://") && !strings.HasPrefix(conn, "postgresql://") {
		for k, v := range settings {
			conn += " " + k + "=" + v
		}
		return conn
	}
	u, err := url.Parse(conn)
	if err != nil {
		tb.Fatalf("SIJIL_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	for k, v := range settings {
		q.Set(k, v)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// newTestStore opens a store in a schema of its own, closed and dropped when
// the test ends.
func newTestStore(tb testing.TB) *Store {
	tb.Helper()
	return mustOpen(tb, newSchema(tb))
}

// mustOpen opens the store at url, closed when the test ends.
func mustOpen(tb testing.TB, url string) *Store {
	tb.Helper()
	s, err := Open(context.Background(), url, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	testURL(t)
	storetest.Run(t, func(t *testing.T) caption.Store {
		s := newTestStore(t)
		s.gate.Wait = conformanceLockWait
		return s
	})
}

// conformanceLockWait is the stores' lock wait in the conformance suite,
// which waits it out for calls made inside fn with another context: long
// enough for the suite's Exclusive calls, short enough not to slow it.
const conformanceLockWait = 2 * time.Second
