package testenv

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestRequired(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
	}{{"", false}, {"0", false}, {"1", true}, {"yes", true}} {
		t.Setenv("SIJIL_TEST_X_REQUIRED", tc.value)
		if got := Required("SIJIL_TEST_X_REQUIRED"); got != tc.want {
			t.Errorf("Required with %q = %v, want %v", tc.value, got, tc.want)
		}
	}
}

// TestShared checks that Shared finds the shared directory beside the
// repository's root, whatever the package directory.
func TestShared(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repoRoot = %s, which holds no go.mod", root)
	}
	want := filepath.Join(root, "..", "shared")
	if _, err := os.Stat(want); err != nil {
		Missing(t, SharedRequired, "no shared test data")
	}
	if got := Shared(t); got != want {
		t.Errorf("Shared() = %s, want %s", got, want)
	}
}

// recorder is a testing.TB that records how Missing ended it.
type recorder struct {
	testing.TB
	failed, skipped bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Fatal(...any)          { r.failed = true; runtime.Goexit() }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; runtime.Goexit() }
func (r *recorder) Skip(...any)           { r.skipped = true; runtime.Goexit() }
func (r *recorder) run(fn func(testing.TB)) {
	done := make(chan struct{})
	go func() { defer close(done); fn(r) }()
	<-done
}

// TestMissing checks that a missing resource skips the test, or fails it
// when its switch is set.
func TestMissing(t *testing.T) {
	for _, required := range []string{"", "1"} {
		t.Setenv(SharedRequired, required)
		t.Setenv("SIJIL_TEST_POSTGRES", "")
		t.Setenv(PostgresRequired, required)
		for name, fn := range map[string]func(testing.TB){
			"Shared":   func(tb testing.TB) { Shared(tb, "no such directory of sijil's tests") },
			"Postgres": func(tb testing.TB) { Postgres(tb) },
		} {
			r := &recorder{TB: t}
			r.run(fn)
			if want := required != ""; r.failed != want || r.skipped == want {
				t.Errorf("%s with the switch %q: failed %v, skipped %v", name, required, r.failed, r.skipped)
			}
		}
	}
}
