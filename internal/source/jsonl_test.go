package source

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func TestReadJSONL(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []caption.Raw
	}{
		{name: "empty", in: "", want: nil},
		{name: "blank lines", in: "\n  \r\n\t\n", want: nil},
		{
			name: "caption field and metadata",
			in:   `{"id":7,"caption":"Smoke rises.","tags":["a", "b"],"by":"AFP","x":null}` + "\n",
			want: []caption.Raw{{Text: "Smoke rises.", Path: "doc.jsonl", Line: 1, Start: 18, End: 32, Format: FormatJSONL,
				Meta: map[string]string{"id": "7", "tags": `["a","b"]`, "by": "AFP", "x": ""}}},
		},
		{
			name: "text field, escapes, no final newline",
			in:   "\n" + `{ "text" : "A \"quoted\"\nline\u00e9" }`,
			want: []caption.Raw{{Text: "A \"quoted\"\nline\u00e9", Path: "doc.jsonl", Line: 2, Start: 12, End: 38, Format: FormatJSONL}},
		},
		{
			name: "caption preferred to text",
			in:   `{"text":"t","caption":"c"}`,
			want: []caption.Raw{{Text: "c", Path: "doc.jsonl", Line: 1, Start: 22, End: 25, Format: FormatJSONL, Meta: map[string]string{"text": "t"}}},
		},
		{
			name: "blank caption skipped",
			in:   `{"caption":" \n "}` + "\n" + `{"caption":"B"}` + "\r\n",
			want: []caption.Raw{{Text: "B", Path: "doc.jsonl", Line: 2, Start: 30, End: 33, Format: FormatJSONL}},
		},
		{
			name: "byte-order mark",
			in:   "\xEF\xBB\xBF" + `{"caption":"A"}`,
			want: []caption.Raw{{Text: "A", Path: "doc.jsonl", Line: 1, Start: 14, End: 17, Format: FormatJSONL}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadJSONL(strings.NewReader(tc.in), "doc.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ReadJSONL(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
			checkJSONL(t, tc.in, got)
		})
	}
}

func TestReadJSONLInvalid(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{name: "not JSON", in: `{"caption":"A"}` + "\n" + `{caption`, want: "doc.jsonl:2: invalid JSON at column 2: invalid character 'c' looking for beginning of object key string: invalid input"},
		{name: "not an object", in: `["caption"]`, want: "doc.jsonl:1: not a JSON object: invalid input"},
		{name: "no caption", in: "\n\n" + `{"title":"A"}`, want: `doc.jsonl:3: no "caption" or "text" field: invalid input`},
		{name: "caption not a string", in: `{"caption":12}`, want: `doc.jsonl:1: field "caption" is not a string: invalid input`},
		{name: "null caption", in: `{"text":null}`, want: `doc.jsonl:1: field "text" is not a string: invalid input`},
		{name: "object not closed", in: `{"caption":"A"` + "\n" + `}`, want: "doc.jsonl:1: JSON value not closed on its line: invalid input"},
		{name: "two objects", in: `{"caption":"A"} {"caption":"B"}`, want: "doc.jsonl:1: invalid JSON at column 17: invalid character '{' after top-level value: invalid input"},
		{name: "too many fields", in: `{"caption":"A"` + strings.Repeat(`,"f":1`, MaxColumns) + "}", want: "doc.jsonl:1: more than 256 fields: invalid input"},
		{
			name: "metadata too large",
			in:   `{"caption":"A","note":"short"}` + "\n" + `{"caption":"B","note":"` + strings.Repeat("n", MaxMeta) + `"}`,
			want: "doc.jsonl:2: 65540 bytes of metadata (the fields beside the caption), at most 65536: invalid input",
		},
		{name: "line too long", in: `{"caption":"` + strings.Repeat("x", MaxLine) + `"}`, want: "doc.jsonl:1: line longer than 8388608 bytes: invalid input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadJSONL(strings.NewReader(tc.in), "doc.jsonl")
			if err == nil {
				t.Fatalf("ReadJSONL = %d captions, want error %q", len(got), tc.want)
			}
			if !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("ReadJSONL error %v does not wrap caption.ErrInvalid", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("ReadJSONL error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadJSONLFile(t *testing.T) {
	doc := mustReadFile(t, filepath.Join("testdata", "captions.jsonl"))
	got, err := ReadJSONL(strings.NewReader(doc), "captions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, r := range got {
		lines = append(lines, r.Line)
	}
	if diff := cmp.Diff([]int{1, 3, 5}, lines); diff != "" {
		t.Errorf("caption lines mismatch (-want +got):\n%s", diff)
	}
	if got[2].Meta["text"] != "kept as meta" || got[0].Meta["tags"] != `["smoke","aleppo"]` {
		t.Errorf("metadata: %v, %v", got[0].Meta, got[2].Meta)
	}
	checkJSONL(t, doc, got)
}

func FuzzReadJSONL(f *testing.F) {
	f.Add([]byte(mustReadFile(f, filepath.Join("testdata", "captions.jsonl"))))
	f.Add([]byte(`{"caption":"A\u0000","x":{"y":[1,2]}}` + "\r\n\n" + `{"text":"\ud800"}`))
	f.Add([]byte("\xEF\xBB\xBF" + `{"caption":"A"}`))
	f.Add([]byte(`{"caption":"A"` + strings.Repeat(`,"f":1`, MaxColumns-1) + "}\n" + `{"caption":"B"` + strings.Repeat(`,"f":1`, MaxColumns) + "}"))
	f.Add([]byte(`{"caption":"A","m":"` + strings.Repeat("m", MaxMeta-1) + `"}` + "\n" + `{"text":"B","m":"` + strings.Repeat("m", MaxMeta) + `"}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		got, err := ReadJSONL(strings.NewReader(string(doc)), "fuzz.jsonl")
		if err != nil {
			if !errors.Is(err, caption.ErrInvalid) || !strings.HasPrefix(err.Error(), "fuzz.jsonl:") {
				t.Fatalf("ReadJSONL error %q: want fuzz.jsonl:LINE: … wrapping caption.ErrInvalid", err)
			}
			return
		}
		checkJSONL(t, string(doc), got)
	})
}

// checkJSONL checks what ReadJSONL promises: each caption's range holds a
// JSON string that decodes to its Text, on line Line, in document order.
func checkJSONL(t testing.TB, doc string, raws []caption.Raw) {
	t.Helper()
	prev := 0
	for i, r := range raws {
		if r.Start < prev || r.End <= r.Start || r.End > len(doc) {
			t.Fatalf("caption %d at [%d,%d) is out of order or leaves the %d-byte document", i, r.Start, r.End, len(doc))
		}
		var text string
		if err := json.Unmarshal([]byte(doc[r.Start:r.End]), &text); err != nil || text != r.Text {
			t.Errorf("caption %d: doc[%d:%d] = %s decodes to %q (%v), Text = %q", i, r.Start, r.End, doc[r.Start:r.End], text, err, r.Text)
		}
		if want := 1 + strings.Count(doc[:r.Start], "\n"); r.Line != want {
			t.Errorf("caption %d: Line = %d, want %d", i, r.Line, want)
		}
		if isBlank([]byte(r.Text)) || r.Format != FormatJSONL || r.Path == "" {
			t.Errorf("caption %d: blank text %q, Format %q, Path %q", i, r.Text, r.Format, r.Path)
		}
		if len(r.Meta) >= MaxColumns || metaSize(r.Meta) > MaxMeta {
			t.Errorf("caption %d: %d metadata fields of %d bytes, beyond the caps", i, len(r.Meta), metaSize(r.Meta))
		}
		prev = r.End
	}
}
