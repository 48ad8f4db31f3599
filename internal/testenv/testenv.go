// Package testenv is what sijil's tests need from the machine they run on,
// in one place: the PostgreSQL server (SIJIL_TEST_POSTGRES), the shared
// test data beside the repository (../shared), and the external programs
// the interoperability and browser tests drive. Each is optional on a
// developer's machine, where a test without it skips, and required in CI,
// where a *_REQUIRED variable turns that skip into a failure, so that CI
// cannot pass by not running a test:
//
//	SIJIL_TEST_POSTGRES_REQUIRED  the PostgreSQL server
//	SIJIL_TEST_SHARED_REQUIRED    ../shared (seeds, GeoNames, gazetteers)
//	SIJIL_TEST_TOOLS_REQUIRED     exiftool, ogrinfo, sqlite3
//	SIJIL_TEST_BROWSER_REQUIRED   Chromium
//
// A variable is set when it is neither empty nor "0". Only tests import
// this package.
package testenv

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// The switches that turn a missing resource into a failure.
const (
	PostgresRequired = "SIJIL_TEST_POSTGRES_REQUIRED"
	SharedRequired   = "SIJIL_TEST_SHARED_REQUIRED"
	ToolsRequired    = "SIJIL_TEST_TOOLS_REQUIRED"
	BrowserRequired  = "SIJIL_TEST_BROWSER_REQUIRED"
)

// Required reports whether the switch named required is set.
func Required(required string) bool {
	v := os.Getenv(required)
	return v != "" && v != "0"
}

// Missing ends tb for a resource it lacks, described by why: it fails
// when the switch named required is set, and skips otherwise.
func Missing(tb testing.TB, required, why string) {
	tb.Helper()
	if Required(required) {
		tb.Fatalf("%s (%s is set)", why, required)
	}
	tb.Skip(why)
}

// Postgres returns the URL of the PostgreSQL server the tests use,
// SIJIL_TEST_POSTGRES, or ends tb with Missing when it is not set.
func Postgres(tb testing.TB) string {
	tb.Helper()
	if u := os.Getenv("SIJIL_TEST_POSTGRES"); u != "" {
		return u
	}
	Missing(tb, PostgresRequired, "SIJIL_TEST_POSTGRES is not set; set it to a postgres:// URL to run the PostgreSQL tests, "+
		"e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable")
	return ""
}

// Shared returns the path of elem within the shared test data, the
// directory shared beside the repository's root (../shared from it), or
// ends tb with Missing when that path does not exist. The data is read in
// place, never copied into the project.
func Shared(tb testing.TB, elem ...string) string {
	tb.Helper()
	root, err := repoRoot()
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(append([]string{root, "..", "shared"}, elem...)...)
	if _, err := os.Stat(path); err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			tb.Fatal(err)
		}
		Missing(tb, SharedRequired, "no shared test data: "+err.Error())
	}
	return path
}

// repoRoot returns the directory holding go.mod above the test's working
// directory (its package's directory).
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
}
