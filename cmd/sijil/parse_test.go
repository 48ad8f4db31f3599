package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// specFields are the record's fields in docs/records.md's order.
var specFields = []string{
	"text", "description", "lang", "credit", "photographers", "agencies", "date", "date_precision", "date_text",
	"places", "location", "country", "killed", "injured", "attribution", "event_types", "actors", "perpetrator", "target",
	"people", "evidence", "warnings",
}

// listFields are the fields docs/records.md makes lists, never null.
var listFields = []string{"photographers", "agencies", "places", "attribution", "event_types", "actors", "target", "people", "warnings"}

// TestParseExamples runs "sijil parse" on the project's example documents and
// checks the output contract: one JSON object per caption, in input order,
// with every docs/records.md field in order, lists never null, and evidence spans
// inside the text.
func TestParseExamples(t *testing.T) {
	examples := filepath.Join("..", "..", "examples")
	files := []struct {
		name     string
		captions int
		first    string // the start of the document's first caption
	}{
		{name: "syria.txt", captions: 6, first: "Syrian civil defence volunteers search"},
		{name: "ukraine.txt", captions: 5, first: "Residents walk past a burning"},
		{name: "yemen-sudan-gaza.txt", captions: 6, first: "Yemeni men inspect the rubble"},
	}
	args := []string{"parse"}
	for _, f := range files {
		args = append(args, filepath.Join(examples, f.name))
	}
	got := runSijil(t, nil, "", args...)
	if got.code != 0 || got.stderr != "" {
		t.Fatalf("sijil %s: exit code %d, stderr:\n%s", strings.Join(args, " "), got.code, got.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
	n := 0
	for _, f := range files {
		if n < len(lines) && !strings.HasPrefix(lines[n], `{"text":"`+f.first) {
			t.Errorf("%s: record %d starts %.60q, want the file's first caption %q", f.name, n+1, lines[n], f.first)
		}
		n += f.captions
	}
	if len(lines) != n {
		t.Fatalf("got %d JSON lines, want one per caption: %d", len(lines), n)
	}
	for i, line := range lines {
		checkRecordLine(t, i+1, line)
	}
}

// checkRecordLine checks one line of parse output against docs/records.md.
func checkRecordLine(t *testing.T, n int, line string) {
	t.Helper()
	keys := objectKeys(t, line)
	// origins follows the other fields on records that took a value from a
	// photo's metadata, and only there.
	if len(keys) > 0 && keys[len(keys)-1] == "origins" {
		keys = keys[:len(keys)-1]
	}
	if diff := cmp.Diff(specFields, keys); diff != "" {
		t.Errorf("line %d: fields mismatch (-want +got):\n%s", n, diff)
	}
	var rec map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatalf("line %d: %v", n, err)
	}
	for _, f := range listFields {
		if !bytes.HasPrefix(rec[f], []byte("[")) {
			t.Errorf("line %d: %s = %s, want a list", n, f, rec[f])
		}
	}
	var r struct {
		Text     string
		Evidence map[string][][2]int
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("line %d: %v", n, err)
	}
	if r.Text == "" || !utf8.ValidString(r.Text) || r.Text != strings.Join(strings.Fields(r.Text), " ") {
		t.Errorf("line %d: text %q is not folded, valid, non-empty UTF-8", n, r.Text)
	}
	for field, spans := range r.Evidence {
		for _, s := range spans {
			if s[0] < 0 || s[0] >= s[1] || s[1] > len(r.Text) {
				t.Errorf("line %d: evidence %s [%d, %d) is not inside the %d-byte text", n, field, s[0], s[1], len(r.Text))
			}
		}
	}
}

// objectKeys returns the keys of the JSON object line in their order.
func objectKeys(t *testing.T, line string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%.60q is not a JSON object: %v", line, err)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}
