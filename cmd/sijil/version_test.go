package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sijil/internal/parse"
)

// TestVersion checks that sijil version names its build, its licence and
// the data credits its licences ask a binary to carry.
func TestVersion(t *testing.T) {
	r := mustRun(t, nil, "version")
	first, rest, _ := strings.Cut(r.stdout, "\n")
	if !strings.HasPrefix(first, "sijil ") || !strings.Contains(first, ", parser "+parse.Version+" (go") {
		t.Errorf("first line %q: want sijil's build, the parser version and the Go release", first)
	}
	for _, want := range []string{
		"Apache License, Version 2.0 (Apache-2.0)",
		"GeoNames",
		"https://www.geonames.org/",
		"(CC BY 4.0)",
		"Natural Earth",
		"iso-codes",
		"no ACLED data",
	} {
		if !strings.Contains(rest, want) {
			t.Errorf("sijil version does not say %q:\n%s", want, r.stdout)
		}
	}
	if h := mustRun(t, nil, "help", "version"); !strings.Contains(h.stdout, "licence (Apache-2.0)") {
		t.Errorf("help version does not mention the licence:\n%s", h.stdout)
	}
}

// TestNoticeCopy checks that the NOTICE the binary embeds is the
// repository's.
func TestNoticeCopy(t *testing.T) {
	root, err := os.ReadFile(filepath.Join("..", "..", "NOTICE"))
	if err != nil {
		t.Fatal(err)
	}
	if string(root) != notice {
		t.Errorf("cmd/sijil/NOTICE differs from the repository's NOTICE: run cp NOTICE cmd/sijil/NOTICE")
	}
}

// TestLicense checks that LICENSE is the Apache License 2.0 that NOTICE
// names, with its terms whole (from the title to the end of the terms).
func TestLicense(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		"Apache License\n                           Version 2.0, January 2004",
		"TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
		"9. Accepting Warranty or Additional Liability.",
		"END OF TERMS AND CONDITIONS",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("LICENSE has no %q", want)
		}
	}
}

// TestNoticeModules checks that NOTICE credits every module compiled into
// sijil, so that a new dependency comes with its credit.
func TestNoticeModules(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	root := filepath.Join("..", "..")
	// go test caches a pass keyed on the files the test opens: read go.mod
	// so that a new requirement runs the test again.
	if _, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gobin, "list", "-deps", "-f", "{{with .Module}}{{.Path}}{{end}}", "./cmd/sijil")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, exitStderr(err))
	}
	seen := map[string]bool{"sijil": true}
	for _, mod := range strings.Fields(string(out)) {
		if seen[mod] {
			continue
		}
		seen[mod] = true
		if !slices.ContainsFunc([]string{",", " ", "\n"}, func(end string) bool { return strings.Contains(notice, mod+end) }) {
			t.Errorf("NOTICE does not credit %s, which sijil is built with", mod)
		}
	}
	if len(seen) < 3 {
		t.Errorf("go list named the modules %v: want sijil's dependencies", seen)
	}
}
