package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"sijil/internal/parse"
)

// notice is the repository's NOTICE: the licence and the credits of the data
// sijil carries, which a binary must carry too (GeoNames' CC BY 4.0 asks
// for attribution wherever the data goes, and Apache-2.0 for the NOTICE
// to go with the work). go:embed reads only files inside the package's
// directory, so this is a copy of the root NOTICE, which TestNoticeCopy
// keeps identical; a package at the root just to hold it would be the
// only Go code outside cmd/ and internal/.
//
//go:embed NOTICE
var notice string

func versionCommand() command {
	return command{
		name:    "version",
		summary: "print sijil's version, licence and data credits",
		help: `
Version prints the build of sijil (its version control revision, when it was
built from a checkout), the parser version records are made with, and the Go
release it was built with; then its licence (Apache-2.0) and the credits of
the data it carries, GeoNames' among them: the NOTICE file of the source.`,
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil version")
				return errUsage
			}
			return printVersion(std.out)
		},
	}
}

// printVersion writes what sijil version prints.
func printVersion(w io.Writer) error {
	_, err := fmt.Fprintf(w, "sijil %s, parser %s (%s)\n\n%s", buildVersion(), parse.Version, runtime.Version(), notice)
	return err
}

// buildVersion names the build: the module version when sijil was
// installed as a module, else the revision of the checkout it was built
// from ("devel 1abfb06", "+dirty" when it had changes), else "devel".
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev == "" {
		return "devel"
	}
	return "devel " + rev[:min(len(rev), 12)] + dirty
}
