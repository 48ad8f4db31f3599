package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/ingest"
)

// result is what one call of run did.
type result struct {
	code           int
	stdout, stderr string
}

// runSijil calls run with args, stdin and environment env.
func runSijil(t *testing.T, env map[string]string, stdin string, args ...string) result {
	t.Helper()
	return runSijilContext(t.Context(), env, stdin, args...)
}

func runSijilContext(ctx context.Context, env map[string]string, stdin string, args ...string) result {
	var stdout, stderr bytes.Buffer
	getenv := func(k string) string { return env[k] }
	err := run(ctx, args, getenv, strings.NewReader(stdin), &stdout, &stderr)
	return result{code: exitCode(err), stdout: stdout.String(), stderr: stderr.String()}
}

func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	binary := filepath.Join(dir, "scan.txt")
	if err := os.WriteFile(binary, []byte("A caption.\n\nNot\x00text"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	example := filepath.Join("..", "..", "examples", "ukraine.txt")
	for _, tc := range []struct {
		name       string
		args       []string
		stdin      string
		wantCode   int
		wantStdout string // a line stdout must contain
		wantStderr string // a line stderr must contain; stderr must be empty when ""
		wantLines  int    // JSON lines on stdout, when > 0
		cancel     bool   // run with a cancelled context
	}{
		{name: "help", args: []string{"help"}, wantStdout: "\tparse      parse the captions of documents into JSON lines"},
		{name: "help lists help", args: []string{"help"}, wantStdout: "\thelp       show a command's usage"},
		{name: "-h", args: []string{"-h"}, wantStdout: "Commands:"},
		{name: "help parse", args: []string{"help", "parse"}, wantStdout: "usage: sijil parse [-lexicon DIR] [-focus CC,CC] [FILE ...]"},
		{name: "parse -h", args: []string{"parse", "-h"}, wantStdout: "  -lexicon DIR"},
		{name: "version", args: []string{"version"}, wantStdout: ", parser "},
		{name: "no command", args: nil, wantCode: 2, wantStderr: "Usage:"},
		{name: "unknown command", args: []string{"frobnicate"}, wantCode: 2, wantStderr: `sijil: unknown command "frobnicate"`},
		{name: "help unknown command", args: []string{"help", "frobnicate"}, wantCode: 2, wantStderr: `sijil help: unknown command "frobnicate"`},
		{name: "bad flag", args: []string{"parse", "-nope", example}, wantCode: 2, wantStderr: "flag provided but not defined: -nope"},
		{name: "version with argument", args: []string{"version", "now"}, wantCode: 2, wantStderr: "usage: sijil version"},
		{
			name: "missing file", args: []string{"parse", missing, example}, wantCode: 1,
			wantStderr: "sijil: parse " + missing + ": no such file or directory", wantLines: 5,
		},
		{
			name: "binary file", args: []string{"parse", example, binary}, wantCode: 1,
			wantStderr: "sijil: parse " + binary + ":3: NUL byte at offset 15: not a text file: invalid input", wantLines: 5,
		},
		// A directory is walked: its binary file is read, and fails.
		{
			name: "directory", args: []string{"parse", dir, example}, wantCode: 1,
			wantStderr: "sijil: parse " + binary + ":3: NUL byte at offset 15", wantLines: 5,
		},
		{name: "cancelled", args: []string{"parse", example}, cancel: true, wantCode: 1},
		{name: "empty lexicon directory", args: []string{"parse", "-lexicon", dir, example}, wantLines: 5},
		{
			name: "missing lexicon directory", args: []string{"parse", "-lexicon", missing, example}, wantCode: 1,
		},
		{name: "stdin", args: []string{"parse"}, stdin: "Smoke over Taiz.\n\nSmoke over Aden.\n", wantLines: 2},
		{name: "stdin as -", args: []string{"parse", "-", example}, stdin: "Smoke over Taiz.\n", wantLines: 6},
		// An empty or whitespace-only document is an error naming it.
		{name: "empty input", args: []string{"parse"}, stdin: "\n\n", wantCode: 1, wantStderr: "sijil: parse -: no captions found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			if tc.cancel {
				cancel()
			}
			got := runSijilContext(ctx, nil, tc.stdin, tc.args...)
			cancel()
			if got.code != tc.wantCode {
				t.Errorf("exit code = %d, want %d; stderr:\n%s", got.code, tc.wantCode, got.stderr)
			}
			if !hasLine(got.stdout, tc.wantStdout) {
				t.Errorf("stdout has no line containing %q:\n%s", tc.wantStdout, got.stdout)
			}
			if tc.wantStderr == "" && tc.wantCode == 0 && got.stderr != "" {
				t.Errorf("stderr = %q, want it empty", got.stderr)
			}
			if !hasLine(got.stderr, tc.wantStderr) {
				t.Errorf("stderr has no line containing %q:\n%s", tc.wantStderr, got.stderr)
			}
			if n := strings.Count(got.stdout, "\n"); tc.wantLines > 0 && n != tc.wantLines {
				t.Errorf("stdout has %d lines, want %d", n, tc.wantLines)
			}
		})
	}
}

func hasLine(out, want string) bool {
	for line := range strings.Lines(out) {
		if strings.Contains(line, want) {
			return true
		}
	}
	return want == ""
}

func TestConfig(t *testing.T) {
	dirEnv, dirFlag := t.TempDir(), t.TempDir()
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want Config
	}{
		{name: "default", want: DefaultConfig()},
		{name: "environment", env: map[string]string{"SIJIL_LEXICON": dirEnv}, want: Config{Lexicon: dirEnv, DB: defaultDB, IngestBatch: ingest.DefaultBatch}},
		{name: "flag wins", env: map[string]string{"SIJIL_LEXICON": dirEnv}, args: []string{"-lexicon", dirFlag}, want: Config{Lexicon: dirFlag, DB: defaultDB, IngestBatch: ingest.DefaultBatch}},
		{name: "batch", env: map[string]string{"SIJIL_INGEST_BATCH": "1500"}, want: Config{DB: defaultDB, IngestBatch: 1500}},
		{name: "batch not a number", env: map[string]string{"SIJIL_INGEST_BATCH": "lots"}, want: Config{DB: defaultDB, IngestBatch: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := findCommand("parse")
			cfg := configFromEnv(func(k string) string { return tc.env[k] })
			fs := newFlagSet(c, &cfg, &bytes.Buffer{})
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, cfg); diff != "" {
				t.Errorf("config mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
