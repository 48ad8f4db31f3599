package parse_test

import (
	"bytes"
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
func TestGolden(t *testing.T) {
	p := mustParser(t)
	files, err := filepath.Glob("testdata/golden/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
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
