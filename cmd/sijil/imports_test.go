package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// importRules are docs/design.md's import rules: for each sijil package, the sijil
// packages it may depend on (directly or not). cmd/sijil may depend on
// everything. A package missing from this table fails the test, so a new
// package comes with its rule.
var importRules = map[string][]string{
	"internal/caption": {},
	"internal/parse":   {"internal/caption"},
	"internal/geocode": {"internal/caption"},
	// the generator of the embedded gazetteer, run by scripts/gazetteer.sh
	"internal/geocode/gen": {"internal/caption", "internal/geocode"},
	"internal/dedup":       {"internal/caption"},
	"internal/corpus":      {"internal/caption"},
	// the benchmark scripts' corpus writer and scorer (scripts/bench-ingest.sh)
	"internal/corpus/benchtool": {"internal/caption", "internal/corpus", "internal/source", "internal/sqlite"},
	"internal/source":           {"internal/caption"},
	"internal/export":           {"internal/caption"},
	// the walk of the paths a user names, shared by ingest and parse
	"internal/docwalk": {"internal/caption", "internal/source"},
	// photo fingerprints pictures: a leaf, like parse
	"internal/photo": {},
	// picture keys, links and finds photos in a store
	"internal/picture":   {"internal/caption", "internal/photo"},
	"internal/ingest":    {"internal/caption", "internal/parse", "internal/geocode", "internal/dedup", "internal/source", "internal/docwalk", "internal/photo", "internal/picture"},
	"internal/sqlite":    {"internal/caption"},
	"internal/postgres":  {"internal/caption"},
	"internal/storetest": {"internal/caption"},
	// the in-memory search index in front of a store (cmd/sijil wires it)
	"internal/searchindex": {"internal/caption"},
	"internal/server":      {"internal/caption", "internal/export", "internal/server/web"},
	"internal/server/web":  {},
	// what the tests need of the machine (imported by tests only)
	"internal/testenv": {},
}

// TestImportRules checks the dependencies of every package under cmd/ and
// internal/ (docs/design.md's layout; scratch packages elsewhere are not the
// project's), as go list reports them for the build, against importRules.
func TestImportRules(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	root := filepath.Join("..", "..")
	cmd := exec.Command(gobin, "list", "-f", "{{.ImportPath}} {{.Dir}} {{join .Deps \" \"}}", "sijil/...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, exitStderr(err))
	}
	// go test caches this test's result keyed on the files the test itself
	// opens, not on what go list read: list the directories so that a changed
	// or new package invalidates the cached pass.
	readDirs(t, filepath.Join(root, "internal"), filepath.Join(root, "cmd"))
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], "sijil/")
		readDirs(t, fields[1])
		fields = slices.Delete(fields, 1, 2)
		if pkg == "cmd/sijil" || !strings.HasPrefix(pkg, "internal/") && !strings.HasPrefix(pkg, "cmd/") {
			continue
		}
		allowed, ok := importRules[pkg]
		if !ok {
			t.Errorf("package %s has no import rule: add it to importRules (and docs/design.md)", pkg)
			continue
		}
		for _, dep := range fields[1:] {
			dep, ok := strings.CutPrefix(dep, "sijil/")
			if ok && !slices.Contains(allowed, dep) {
				t.Errorf("package %s depends on %s; it may depend only on %v", pkg, dep, allowed)
			}
		}
	}
}

func readDirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, dir := range dirs {
		if _, err := os.ReadDir(dir); err != nil {
			t.Fatal(err)
		}
	}
}

func exitStderr(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
