package parse_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/export"
	"sijil/internal/parse"
	"sijil/internal/source"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func mustParser(t testing.TB) *parse.Parser {
	t.Helper()
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// parseDocument runs a document through the same steps as `sijil parse`.
func parseDocument(t testing.TB, p *parse.Parser, path string) []caption.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raws, err := source.ReadText(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return p.Document(p.Segment(raws))
}

// TestGolden parses each testdata/golden/NAME.txt and compares the records,
// as `sijil parse` prints them (indented), with NAME.golden.json. Run
// `go test ./internal/parse -run Golden -update` after a deliberate change and
// read the diff before committing it.
//
// The outputs' digest is kept in testdata/golden/VERSION with the
// parse.Version they were written at (goldenVersion): a change of the
// rules that changes what a caption yields must raise the version, which
// records keep so that `sijil reparse` knows the ones older rules made.
func TestGolden(t *testing.T) {
	p := mustParser(t)
	files, err := filepath.Glob("testdata/golden/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	goldenVersion(t, p, files)
	for _, in := range files {
		name := strings.TrimSuffix(filepath.Base(in), ".txt")
		t.Run(name, func(t *testing.T) {
			recs := parseDocument(t, p, in)
			for _, r := range recs {
				checkInvariants(t, r)
			}
			got := render(t, recs)
			golden := strings.TrimSuffix(in, ".txt") + ".golden.json"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s mismatch (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// goldenFile holds the parse.Version the golden outputs were written at
// and their digest, on one line.
const goldenFile = "testdata/golden/VERSION"

// goldenVersion checks goldenFile against the outputs of files at
// parse.Version. With -update it writes it, before any output is written,
// unless the outputs changed and the version did not.
func goldenVersion(t *testing.T, p *parse.Parser, files []string) {
	t.Helper()
	h := sha256.New()
	for _, in := range files {
		h.Write(render(t, parseDocument(t, p, in)))
	}
	line := parse.Version + " " + hex.EncodeToString(h.Sum(nil))[:16] + "\n"
	old, err := os.ReadFile(goldenFile)
	if err != nil && !*update {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	oldVersion, _, _ := strings.Cut(string(old), " ")
	switch {
	case string(old) == line:
	case !*update:
		t.Errorf("%s holds %q; the outputs at parse.Version %s make %q: raise parse.Version if the rules changed, then run with -update", goldenFile, old, parse.Version, line)
	case oldVersion == parse.Version:
		t.Fatalf("the golden outputs changed and parse.Version (%s) did not: raise it, so that reparse re-derives what the old rules made, then update", parse.Version)
	default:
		if err := os.WriteFile(goldenFile, []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// render prints records as export.WriteJSONL does, one indented object each.
func render(t testing.TB, recs []caption.Record) []byte {
	t.Helper()
	var lines bytes.Buffer
	if err := export.WriteJSONL(&lines, slices.Values(recs)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, line := range bytes.Split(bytes.TrimSpace(lines.Bytes()), []byte("\n")) {
		if err := json.Indent(&out, line, "", "  "); err != nil {
			t.Fatalf("invalid JSON line %q: %v", line, err)
		}
		out.WriteByte('\n')
	}
	return out.Bytes()
}
