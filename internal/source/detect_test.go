package source

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sijil/internal/caption"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name, path, head, want string
	}{
		{name: "empty", path: "a.txt", head: "", want: FormatText},
		{name: "paragraphs", path: "a.txt", head: "Smoke rises over Aleppo.\n\nREUTERS/X\n", want: FormatText},
		{name: "json object per line", path: "dump", head: "\n" + `{"caption":"A"}` + "\n" + `{"caption":"B"}`, want: FormatJSONL},
		{name: "json lines named .txt", path: "a.txt", head: `{"text":"A"}` + "\n", want: FormatJSONL},
		{name: "broken json named .jsonl", path: "a.jsonl", head: `{"text":"A"` + "\n", want: FormatJSONL},
		{name: "json array named .json", path: "a.json", head: "[\n" + `{"text":"A"}` + "\n]", want: FormatJSONL},
		{name: "caption in braces named .txt", path: "a.txt", head: "{Draft} Smoke rises.\n", want: FormatText},
		{name: "long first object", path: "dump", head: `{"caption":"` + strings.Repeat("x", HeadSize), want: FormatJSONL},
		{name: "csv header", path: "export", head: "id,caption,agency\n1,A,AFP\n", want: FormatCSV},
		{name: "csv header named .txt", path: "a.txt", head: "id;Text\n1;A\n", want: FormatCSV},
		{name: "tsv with byte-order mark", path: "a.dat", head: "\xEF\xBB\xBFtext\tid\n", want: FormatCSV},
		{name: "lone caption header", path: "a.csv", head: "caption\nA\n", want: FormatCSV},
		{name: "lone Caption line in text", path: "a.txt", head: "Caption\n\nSmoke rises.\n", want: FormatText},
		{name: "csv without caption column", path: "a.csv", head: "id,title\n", want: FormatCSV},
		{name: "comma text", path: "a.txt", head: "Smoke, fire and text, Aleppo.\n", want: FormatText},
		{name: "utf-16", path: "a.csv", head: "\xFF\xFEc\x00a\x00", want: FormatText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Detect([]byte(tc.head), tc.path); got != tc.want {
				t.Errorf("Detect(%.80q, %q) = %q, want %q", tc.head, tc.path, got, tc.want)
			}
		})
	}
}

func TestReadFormat(t *testing.T) {
	for _, file := range []string{"wire.txt", "crlf.txt", "bom.txt", "captions.jsonl", "captions.csv", "semicolon.csv"} {
		t.Run(file, func(t *testing.T) {
			doc := mustReadFile(t, filepath.Join("testdata", file))
			format := Detect([]byte(doc), "document")
			got, err := Read(strings.NewReader(doc), file, format)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.TrimPrefix(filepath.Ext(file), "."); format != want && !(want == "txt" && format == FormatText) {
				t.Errorf("Detect(%s) = %q", file, format)
			}
			if len(got) == 0 {
				t.Errorf("Read(%s, %s) read no caption", file, format)
			}
		})
	}
	if _, err := ReadBytes(nil, "a.heic", "heic"); !errors.Is(err, caption.ErrUnsupported) {
		t.Errorf("ReadBytes(heic) error %v, want caption.ErrUnsupported", err)
	}
	if _, err := Read(strings.NewReader(""), "a.heic", "heic"); !errors.Is(err, caption.ErrUnsupported) {
		t.Errorf("Read(heic) error %v, want caption.ErrUnsupported", err)
	}
}

// TestReadBytes: ReadBytes reads every format as Read does, the photo
// formats from the bytes in place, and fails as Read does.
func TestReadBytes(t *testing.T) {
	files := []string{"wire.txt", "captions.jsonl", "captions.csv", "article.html", "exiftool.jpg", "exiftool.png", "exiftool.tif", "latin1.jpg", "nocaption.jpg"}
	for _, file := range files {
		data := []byte(mustReadFile(t, filepath.Join("testdata", file)))
		format := Detect(data[:min(len(data), HeadSize)], file)
		want, werr := Read(bytes.NewReader(data), file, format)
		got, gerr := ReadBytes(data, file, format)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s (%s): ReadBytes = %d captions, %v; Read = %d captions, %v", file, format, len(got), gerr, len(want), werr)
		}
		if file == "nocaption.jpg" && gerr == nil {
			t.Errorf("%s: no error; want one for a photo without a caption", file)
		}
		if file == "exiftool.jpg" && (len(got) != 1 || got[0].Text == "") {
			t.Errorf("%s: %+v; want its caption", file, got)
		}
	}
}

// FuzzDetect checks that Detect picks a format for anything and that the
// chosen reader either reads the document or fails with path:line.
func FuzzDetect(f *testing.F) {
	for _, file := range []string{"wire.txt", "captions.jsonl", "captions.csv", "semicolon.csv"} {
		f.Add([]byte(mustReadFile(f, filepath.Join("testdata", file))), file)
	}
	f.Add([]byte("{x}\n"), "a.txt")
	f.Add([]byte("caption\n"), "a.txt")
	f.Fuzz(func(t *testing.T, doc []byte, path string) {
		format := Detect(doc, path)
		switch format {
		case FormatText, FormatJSONL, FormatCSV, FormatHTML, FormatJPEG, FormatTIFF, FormatPNG:
		default:
			t.Fatalf("Detect = %q", format)
		}
		_, err := Read(strings.NewReader(string(doc)), "fuzz", format)
		if err != nil && (!errors.Is(err, caption.ErrInvalid) || !strings.HasPrefix(err.Error(), "fuzz:")) {
			t.Fatalf("Read(%s) error %q: want fuzz:LINE: … wrapping caption.ErrInvalid", format, err)
		}
	})
}

// TestReadStorable checks that what Read returns can be stored: a stray
// byte of another encoding, which the text reader tolerates, and a NUL that
// JSON spells out become U+FFFD, while the byte range still points at the
// bytes in the file.
func TestReadStorable(t *testing.T) {
	for _, tc := range []struct {
		name, doc, format, want string
	}{
		{"latin-1 byte in text", "Rubble in Homs\xe9, Syria. (AFP)\n", FormatText, "Rubble in Homs\uFFFD, Syria. (AFP)"},
		{"NUL in JSON Lines", `{"caption": "Rubble in Homs\u0000, Syria. (AFP)"}` + "\n", FormatJSONL, "Rubble in Homs\uFFFD, Syria. (AFP)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raws, err := Read(strings.NewReader(tc.doc), "doc", tc.format)
			if err != nil {
				t.Fatal(err)
			}
			if len(raws) != 1 || raws[0].Text != tc.want {
				t.Fatalf("got %+v, want one caption %q", raws, tc.want)
			}
			if r := raws[0]; r.Start < 0 || r.End > len(tc.doc) || r.Start >= r.End {
				t.Errorf("range [%d, %d) outside the %d-byte document", r.Start, r.End, len(tc.doc))
			}
		})
	}
}
