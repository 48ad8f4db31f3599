package source

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func TestReadText(t *testing.T) {
	raw := func(text string, line, start int) caption.Raw {
		return caption.Raw{Text: text, Path: "doc.txt", Line: line, Start: start, End: start + len(text), Format: FormatText}
	}
	for _, tc := range []struct {
		name string
		in   string
		want []caption.Raw
	}{
		{name: "empty", in: "", want: nil},
		{name: "only blank lines", in: "\n \n\t\r\n\u00a0\n", want: nil},
		{
			name: "one line without newline",
			in:   "Smoke rises over Mariupol. (Photo by Ivan Zelenko/AFP)",
			want: []caption.Raw{raw("Smoke rises over Mariupol. (Photo by Ivan Zelenko/AFP)", 1, 0)},
		},
		{
			name: "two paragraphs",
			in:   "First caption\nwraps here.\n\nREUTERS/Hana Darwish\n",
			want: []caption.Raw{raw("First caption\nwraps here.", 1, 0), raw("REUTERS/Hana Darwish", 4, 27)},
		},
		{
			name: "white space lines are blank",
			in:   "\n  \nA\n \t \nB\n\n\n",
			want: []caption.Raw{raw("A", 3, 4), raw("B", 5, 10)},
		},
		{
			name: "no-break space line is blank",
			in:   "A\n\u00a0\nB",
			want: []caption.Raw{raw("A", 1, 0), raw("B", 3, 5)},
		},
		{
			name: "crlf",
			in:   "Line one\r\nline two\r\n\r\nNext\r\n",
			want: []caption.Raw{raw("Line one\r\nline two", 1, 0), raw("Next", 4, 22)},
		},
		{
			name: "indentation and trailing spaces kept",
			in:   "  Indented caption.  \n",
			want: []caption.Raw{raw("  Indented caption.  ", 1, 0)},
		},
		{
			name: "byte-order mark skipped",
			in:   "\xEF\xBB\xBFCaption\n",
			want: []caption.Raw{raw("Caption", 1, 3)},
		},
		{
			name: "a few invalid bytes tolerated",
			in:   "Caf\xe9 in Aleppo\n\nNext",
			want: []caption.Raw{raw("Caf\xe9 in Aleppo", 1, 0), raw("Next", 3, 16)},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadText(strings.NewReader(tc.in), "doc.txt")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ReadText(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
			checkParagraphs(t, tc.in, got)
		})
	}
}

func TestReadTextInvalid(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string // the error's text
	}{
		{
			name: "NUL byte",
			in:   "Caption one\n\nbinary\x00data",
			want: "doc.txt:3: NUL byte at offset 19: not a text file: invalid input",
		},
		{
			name: "UTF-16",
			in:   "\xFF\xFEA\x00b\x00",
			want: "doc.txt:1: UTF-16 text; save the file as UTF-8: invalid input",
		},
		{
			name: "Windows-1252",
			in:   "Fine line\n\x93Quoted\x94 caf\xe9 na\xefve r\xe9sum\xe9 \x96 \x85 \x93again\x94\n",
			want: "doc.txt:2: not UTF-8 (first invalid byte at offset 10); convert the file to UTF-8: invalid input",
		},
		{
			name: "line too long",
			in:   "Short\n\n" + strings.Repeat("x", MaxParagraph+1) + "\n",
			want: "doc.txt:3: line longer than 1048576 bytes: invalid input",
		},
		{
			name: "paragraph too long",
			in:   "Short\n\n" + strings.Repeat(strings.Repeat("y", 1023)+"\n", 1025),
			want: "doc.txt:3: paragraph longer than 1048576 bytes: invalid input",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadText(strings.NewReader(tc.in), "doc.txt")
			if err == nil {
				t.Fatalf("ReadText = %d paragraphs, want error %q", len(got), tc.want)
			}
			if !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("ReadText error %v does not wrap caption.ErrInvalid", err)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("ReadText error mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestReadTextReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, tc := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{name: "first read", in: iotest.ErrReader(boom), want: "doc.txt:1: disk on fire"},
		{name: "third line", in: io.MultiReader(strings.NewReader("A\nB\n"), iotest.ErrReader(boom)), want: "doc.txt:3: disk on fire"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadText(tc.in, "doc.txt")
			if !errors.Is(err, boom) || errors.Is(err, caption.ErrInvalid) {
				t.Errorf("ReadText error %v: want it to wrap %v and not caption.ErrInvalid", err, boom)
			}
			if err != nil && err.Error() != tc.want {
				t.Errorf("ReadText error = %q, want %q", err, tc.want)
			}
		})
	}
}

func TestReadTextFiles(t *testing.T) {
	for _, tc := range []struct {
		file  string
		lines []int // Line of each paragraph
	}{
		{file: "wire.txt", lines: []int{1, 3, 5, 8}},
		{file: "crlf.txt", lines: []int{1, 5}},
		{file: "bom.txt", lines: []int{1}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			doc := mustReadFile(t, filepath.Join("testdata", tc.file))
			got, err := ReadText(strings.NewReader(doc), tc.file)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, r := range got {
				lines = append(lines, r.Line)
			}
			if diff := cmp.Diff(tc.lines, lines); diff != "" {
				t.Errorf("paragraph lines mismatch (-want +got):\n%s", diff)
			}
			checkParagraphs(t, doc, got)
		})
	}
}

func FuzzReadText(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		f.Add([]byte(mustReadFile(f, file)))
	}
	f.Add([]byte("A\r\n\r\n\r\nB\n \n\u2003\nC"))
	f.Add([]byte("\xEF\xBB\xBF\n\nA"))
	f.Fuzz(func(t *testing.T, doc []byte) {
		got, err := ReadText(strings.NewReader(string(doc)), "fuzz.txt")
		if err != nil {
			if !errors.Is(err, caption.ErrInvalid) || !strings.HasPrefix(err.Error(), "fuzz.txt:") {
				t.Fatalf("ReadText error %q: want fuzz.txt:LINE: … wrapping caption.ErrInvalid", err)
			}
			return
		}
		checkParagraphs(t, string(doc), got)
	})
}

// checkParagraphs checks what ReadText promises about the paragraphs of doc:
// each is doc[Start:End] on line Line, they are in order and separated by a
// blank line, none holds a blank line, and nothing but white space (and a
// leading byte-order mark) lies outside them.
func checkParagraphs(t testing.TB, doc string, paras []caption.Raw) {
	t.Helper()
	prev := 0
	if strings.HasPrefix(doc, "\uFEFF") {
		prev = len("\uFEFF")
	}
	for i, p := range paras {
		if p.Start < prev || p.End <= p.Start || p.End > len(doc) {
			t.Fatalf("paragraph %d at [%d,%d) overlaps the one before (ending at %d) or leaves the %d-byte document", i, p.Start, p.End, prev, len(doc))
		}
		if doc[p.Start:p.End] != p.Text {
			t.Errorf("paragraph %d: doc[%d:%d] = %q, Text = %q", i, p.Start, p.End, doc[p.Start:p.End], p.Text)
		}
		if want := 1 + strings.Count(doc[:p.Start], "\n"); p.Line != want {
			t.Errorf("paragraph %d: Line = %d, want %d", i, p.Line, want)
		}
		gap := doc[prev:p.Start]
		if i > 0 && strings.Count(gap, "\n") < 2 {
			t.Errorf("paragraph %d: no blank line before it: %q", i, gap)
		}
		if !isBlank([]byte(gap)) {
			t.Errorf("paragraph %d: text before it is not in a paragraph: %q", i, gap)
		}
		for _, line := range strings.Split(p.Text, "\n") {
			if isBlank([]byte(strings.TrimSuffix(line, "\r"))) {
				t.Errorf("paragraph %d holds a blank line: %q", i, p.Text)
			}
		}
		if p.Path == "" || p.Format != FormatText {
			t.Errorf("paragraph %d: Path %q, Format %q", i, p.Path, p.Format)
		}
		prev = p.End
	}
	if rest := doc[prev:]; !isBlank([]byte(rest)) {
		t.Errorf("text after the last paragraph is not in a paragraph: %q", rest)
	}
}

func mustReadFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
