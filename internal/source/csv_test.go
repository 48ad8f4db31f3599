package source

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func TestReadCSV(t *testing.T) {
	raw := func(text string, line, start, end int, meta map[string]string) caption.Raw {
		return caption.Raw{Text: text, Path: "doc.csv", Line: line, Start: start, End: end, Format: FormatCSV, Meta: meta}
	}
	for _, tc := range []struct {
		name string
		in   string
		want []caption.Raw
	}{
		{name: "header only", in: "caption\n", want: nil},
		{name: "header without newline", in: "id,text", want: nil},
		{
			name: "caption last, no final newline",
			in:   "id,caption\n1,Smoke rises.",
			want: []caption.Raw{raw("Smoke rises.", 2, 13, 25, map[string]string{"id": "1"})},
		},
		{
			name: "quoted caption in the middle with a line break",
			in:   "id,Caption ,by\r\n7,\"A \"\"big\"\"\r\nfire\",AFP\r\n8,,x\r\n9,B,\r\n",
			want: []caption.Raw{
				raw("A \"big\"\nfire", 2, 18, 35, map[string]string{"id": "7", "by": "AFP"}),
				raw("B", 5, 49, 50, map[string]string{"id": "9"}),
			},
		},
		{
			name: "text column, blank lines between rows",
			in:   "TEXT\n\nA\n\n\nB\n",
			want: []caption.Raw{raw("A", 3, 6, 7, nil), raw("B", 6, 10, 11, nil)},
		},
		{
			name: "caption preferred to text",
			in:   "text,caption\nt,c\n",
			want: []caption.Raw{raw("c", 2, 15, 16, map[string]string{"text": "t"})},
		},
		{
			name: "semicolons",
			in:   "caption;place\n\"Smoke; fire\";Kharkiv\n",
			want: []caption.Raw{raw("Smoke; fire", 2, 14, 27, map[string]string{"place": "Kharkiv"})},
		},
		{
			name: "tabs, byte-order mark",
			in:   "\xEF\xBB\xBFno\tcaption\n1\tA, then B\n",
			want: []caption.Raw{raw("A, then B", 2, 16, 25, map[string]string{"no": "1"})},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadCSV(strings.NewReader(tc.in), "doc.csv")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ReadCSV(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
			checkCSV(t, tc.in, got)
		})
	}
}

func TestReadCSVInvalid(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{name: "empty", in: "", want: `doc.csv:1: no "caption" or "text" column in the header: invalid input`},
		{name: "no caption column", in: "id,title\n1,A\n", want: `doc.csv:1: no "caption" or "text" column in the header: invalid input`},
		{name: "short row", in: "id,caption\n1,A\n2\n", want: "doc.csv:3: 1 fields, the header has 2: invalid input"},
		{name: "long row", in: "id,caption\n1,A,extra\n", want: "doc.csv:2: 3 fields, the header has 2: invalid input"},
		{name: "bare quote", in: "id,caption\n1,A \"quoted\" word\n", want: `doc.csv:2: bare " in non-quoted-field: invalid input`},
		{name: "quote not closed", in: "id,caption\n1,\"A\n\n2,B\n", want: `doc.csv:2: extraneous or missing " in quoted-field (at line 4): invalid input`},
		{name: "too many columns", in: "caption" + strings.Repeat(",c", MaxColumns) + "\n", want: "doc.csv:1: 257 columns, at most 256: invalid input"},
		{name: "a million columns", in: "caption" + strings.Repeat(",", 1_000_000) + "\nA" + strings.Repeat(",x", 1_000_000) + "\n", want: "doc.csv:1: 1000001 columns, at most 256: invalid input"},
		{
			name: "metadata too large",
			in:   "id,caption,note\n1,A,short\n\n2,B," + strings.Repeat("n", MaxMeta) + "\n",
			want: "doc.csv:4: 65543 bytes of metadata (the cells beside the caption), at most 65536: invalid input",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadCSV(strings.NewReader(tc.in), "doc.csv")
			if err == nil {
				t.Fatalf("ReadCSV = %d captions, want error %q", len(got), tc.want)
			}
			if !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("ReadCSV error %v does not wrap caption.ErrInvalid", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("ReadCSV error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadCSVFiles(t *testing.T) {
	for _, tc := range []struct {
		file  string
		lines []int
	}{
		{file: "captions.csv", lines: []int{2, 3, 5}},
		{file: "semicolon.csv", lines: []int{2}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			doc := mustReadFile(t, filepath.Join("testdata", tc.file))
			got, err := ReadCSV(strings.NewReader(doc), tc.file)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, r := range got {
				lines = append(lines, r.Line)
			}
			if diff := cmp.Diff(tc.lines, lines); diff != "" {
				t.Errorf("caption lines mismatch (-want +got):\n%s", diff)
			}
			checkCSV(t, doc, got)
		})
	}
}

func FuzzReadCSV(f *testing.F) {
	for _, file := range []string{"captions.csv", "semicolon.csv"} {
		f.Add([]byte(mustReadFile(f, filepath.Join("testdata", file))))
	}
	f.Add([]byte("a\tTEXT\r\n\r\n1\t\"x\"\"\ny\"\n"))
	f.Add([]byte("caption" + strings.Repeat(",c", MaxColumns) + "\nA" + strings.Repeat(",", MaxColumns) + "\n"))
	f.Add([]byte("caption" + strings.Repeat(",c", MaxColumns-1) + "\nA" + strings.Repeat(",x", MaxColumns-1) + "\n"))
	f.Add([]byte("caption,m\nA," + strings.Repeat("m", MaxMeta-1) + "\nB," + strings.Repeat("m", MaxMeta) + "\n"))
	f.Fuzz(func(t *testing.T, doc []byte) {
		got, err := ReadCSV(strings.NewReader(string(doc)), "fuzz.csv")
		if err != nil {
			if !errors.Is(err, caption.ErrInvalid) || !strings.HasPrefix(err.Error(), "fuzz.csv:") {
				t.Fatalf("ReadCSV error %q: want fuzz.csv:LINE: … wrapping caption.ErrInvalid", err)
			}
			return
		}
		checkCSV(t, string(doc), got)
	})
}

// checkCSV checks what ReadCSV promises: each caption's range holds its
// field as written (quoted or not), starting on line Line, in order.
func checkCSV(t testing.TB, doc string, raws []caption.Raw) {
	t.Helper()
	prev := 0
	for i, r := range raws {
		if r.Start < prev || r.End <= r.Start || r.End > len(doc) {
			t.Fatalf("caption %d at [%d,%d) is out of order or leaves the %d-byte document", i, r.Start, r.End, len(doc))
		}
		if got := unquoteCSV(doc[r.Start:r.End]); got != r.Text {
			t.Errorf("caption %d: doc[%d:%d] = %q reads as %q, Text = %q", i, r.Start, r.End, doc[r.Start:r.End], got, r.Text)
		}
		if want := 1 + strings.Count(doc[:r.Start], "\n"); r.Line != want {
			t.Errorf("caption %d: Line = %d, want %d", i, r.Line, want)
		}
		if isBlank([]byte(r.Text)) || r.Format != FormatCSV || r.Path == "" {
			t.Errorf("caption %d: blank text %q, Format %q, Path %q", i, r.Text, r.Format, r.Path)
		}
		if len(r.Meta) >= MaxColumns || metaSize(r.Meta) > MaxMeta {
			t.Errorf("caption %d: %d metadata cells of %d bytes, beyond the caps", i, len(r.Meta), metaSize(r.Meta))
		}
		prev = r.End
	}
}

// unquoteCSV reads one field as written: quotes removed, doubled quotes
// halved and, inside quotes, "\r\n" read as "\n", as encoding/csv does.
func unquoteCSV(field string) string {
	if len(field) < 2 || field[0] != '"' || field[len(field)-1] != '"' {
		return field
	}
	field = field[1 : len(field)-1]
	return strings.ReplaceAll(strings.ReplaceAll(field, `""`, `"`), "\r\n", "\n")
}
