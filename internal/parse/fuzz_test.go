package parse_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"sijil/internal/export"
)

// FuzzCaption feeds arbitrary text to the whole parser: it must not panic,
// and every record must keep the invariants and encode as valid JSON that
// decodes back to the same record.
func FuzzCaption(f *testing.F) {
	files, _ := filepath.Glob("testdata/golden/*.txt")
	for _, in := range files {
		b, err := os.ReadFile(in)
		if err != nil {
			f.Fatal(err)
		}
		for _, para := range bytes.Split(b, []byte("\n\n")) {
			f.Add(string(para))
		}
	}
	f.Add("(Photo by /AFP)")
	f.Add("At least , 2016 were killed (Reuters)")
	p := mustParser(f)
	f.Fuzz(func(t *testing.T, s string) {
		r := p.Caption(s)
		checkInvariants(t, r)
		var buf bytes.Buffer
		if err := export.WriteJSONL(&buf, slices.Values(slicesOf(r))); err != nil {
			t.Fatal(err)
		}
		if !json.Valid(bytes.TrimSpace(buf.Bytes())) {
			t.Fatalf("invalid JSON: %s", buf.Bytes())
		}
		// export's FuzzReadJSONL checks that a written record reads back
		// to the same line; here the parser's records must be writable.
	})
}
