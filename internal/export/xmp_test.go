package export

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestXMPGolden writes the sidecar of every fixture record and compares it
// with testdata/xmp/ID.xmp.
func TestXMPGolden(t *testing.T) {
	for _, e := range fixture() {
		var buf bytes.Buffer
		if err := WriteXMP(&buf, e); err != nil {
			t.Fatal(err)
		}
		golden(t, filepath.Join("xmp", strconv.FormatInt(e.ID, 10)+".xmp"), buf.Bytes())
	}
}

func TestGPSCoord(t *testing.T) {
	for _, tc := range []struct {
		x        float64
		pos, neg string
		want     string
	}{
		{33.55869, "N", "S", "33,33.521400N"},
		{-0.5, "N", "S", "0,30.000000S"},
		{36.9999999, "E", "W", "37,0.000000E"},     // the next degree, never 60 minutes
		{-179.9999994, "E", "W", "179,59.999940W"}, // to the millionth of a degree
		{0, "N", "S", "0,0.000000N"},
	} {
		if got := gpsCoord(tc.x, tc.pos, tc.neg); got != tc.want {
			t.Errorf("gpsCoord(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}

func TestPlaceOf(t *testing.T) {
	idlib := &caption.Location{Name: "Idlib", GeonameID: 169389, Admin1: "Idlib", CountryCode: "SY", Precision: 3}
	for _, tc := range []struct {
		name string
		in   caption.Record
		want xmpPlace
	}{
		{name: "nothing", want: xmpPlace{}},
		{name: "country only", in: caption.Record{Country: "ye"}, want: xmpPlace{code: "ye", country: "Yemen"}},
		{name: "province", in: caption.Record{Places: []string{"Idlib"}, Country: "SY", Location: idlib},
			want: xmpPlace{state: "Idlib", country: "Syria", code: "SY", geonameURI: "https://sws.geonames.org/169389/",
				lat: "0,0.000000N", lon: "0,0.000000E"}},
		{name: "neighbourhood of a city", in: caption.Record{Places: []string{"Bab al-Nairab", "Aleppo"},
			Location: &caption.Location{Name: "Aleppo", Admin1: "Aleppo", CountryCode: "SY", Lat: 36.2, Lon: 37.16, Precision: 2}},
			want: xmpPlace{sublocation: "Bab al-Nairab", city: "Aleppo", state: "Aleppo", country: "Syria", code: "SY",
				lat: "36,12.000000N", lon: "37,9.600000E"}},
		{name: "country-precision location", in: caption.Record{Country: "UA",
			Location: &caption.Location{Name: "Ukraine", GeonameID: 690791, CountryCode: "UA", Lat: 49, Lon: 32, Precision: 4}},
			want: xmpPlace{country: "Ukraine", code: "UA"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, placeOf(&tc.in), cmp.AllowUnexported(xmpPlace{})); diff != "" {
				t.Errorf("placeOf (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteXMPDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sidecars")
	es := fixture()
	c, err := WriteXMPDir(dir, seq(es), false)
	if err != nil || c.Wrote != len(es) {
		t.Fatalf("WriteXMPDir: %+v, %v", c, err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.xmp"))
	if len(names) != len(es) {
		t.Errorf("%d files written, want %d", len(names), len(es))
	}
	// Someone edits a sidecar: a second export must not destroy the edit.
	edited := filepath.Join(dir, "3.xmp")
	if err := os.WriteFile(edited, []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = WriteXMPDir(dir, seq(es[2:]), false)
	if !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), "3.xmp") {
		t.Errorf("second WriteXMPDir: %v, want an error naming 3.xmp that wraps fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(edited); string(b) != "edited" {
		t.Errorf("3.xmp was overwritten without overwrite: %.40q", b)
	}
	if _, err := WriteXMPDir(dir, seq(es[2:]), true); err != nil {
		t.Fatalf("WriteXMPDir with overwrite: %v", err)
	}
	var want bytes.Buffer
	if err := WriteXMP(&want, es[2]); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(edited); !bytes.Equal(b, want.Bytes()) {
		t.Errorf("3.xmp after overwrite:\n%s", b)
	}
}

// xmpValues reads back the text of the elements of an XMP file, by local
// name, checking that it is well-formed XML.
func xmpValues(t testing.TB, data []byte) map[string][]string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	out := map[string][]string{}
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, data)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" && len(stack) >= 2 {
				key := stack[len(stack)-1]
				if key == "li" {
					key = stack[len(stack)-3] // the property holding the Alt, Seq or Bag
				}
				out[key] = append(out[key], string(tok))
			}
		}
	}
}

// FuzzWriteXMP checks that any caption text, credit and name give a
// well-formed sidecar that reads back to the same values (where XML can
// hold them: it has no place for most control characters, which
// encoding/xml replaces with U+FFFD).
func FuzzWriteXMP(f *testing.F) {
	for _, e := range fixture() {
		f.Add(e.Record.Description, e.Record.Credit, strings.Join(e.Record.Photographers, ""))
	}
	f.Add("a\x00b\x1b]]>&", "<![CDATA[", "\xff\xfe")
	f.Fuzz(func(t *testing.T, desc, credit, name string) {
		e := fixture()[2]
		e.Record.Description, e.Record.Credit, e.Record.Photographers = desc, credit, []string{name}
		var buf bytes.Buffer
		if err := WriteXMP(&buf, e); err != nil {
			t.Fatal(err)
		}
		got := xmpValues(t, buf.Bytes())
		for prop, want := range map[string]string{"description": desc, "Credit": credit, "creator": name} {
			if !xmlSafe(want) || strings.TrimSpace(want) == "" || strings.TrimSpace(want) != want {
				continue
			}
			if len(got[prop]) != 1 || got[prop][0] != want {
				t.Errorf("%s read back as %q, want %q", prop, got[prop], want)
			}
		}
	})
}

// xmlSafe reports whether XML 1.0 can hold s as it is.
func xmlSafe(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF || r == utf8.RuneError {
			return false
		}
	}
	return !strings.Contains(s, "\r") // XML parsers normalise line ends
}

// TestWriteXMPDirLink plants symbolic links named as sidecars in the
// directory, one to a file outside it and one to a name that does not
// exist yet: neither an export nor an export with overwrite writes
// through them, and the sidecars are regular files of mode 0600.
func TestWriteXMPDirLink(t *testing.T) {
	outside := t.TempDir()
	target := filepath.Join(outside, "precious.txt")
	if err := os.WriteFile(target, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(outside, "created-through-link")
	dir := t.TempDir()
	if err := os.Symlink(target, filepath.Join(dir, "1.xmp")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dangling, filepath.Join(dir, "2.xmp")); err != nil {
		t.Fatal(err)
	}
	es := fixture()
	if _, err := WriteXMPDir(dir, seq(es), false); !errors.Is(err, fs.ErrExist) {
		t.Errorf("WriteXMPDir over a link without overwrite: %v, want fs.ErrExist", err)
	}
	if _, err := WriteXMPDir(dir, seq(es), true); err != nil {
		t.Fatalf("WriteXMPDir with overwrite: %v", err)
	}
	if b, err := os.ReadFile(target); err != nil || string(b) != "precious" {
		t.Errorf("the link's target was written: %.40q, %v", b, err)
	}
	if _, err := os.Lstat(dangling); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file was created through the dangling link: %v", err)
	}
	for _, e := range es {
		name := filepath.Join(dir, strconv.FormatInt(e.ID, 10)+".xmp")
		fi, err := os.Lstat(name)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v, %v; want a regular file of mode 0600", name, fi.Mode(), err)
		}
	}
	if names, _ := filepath.Glob(filepath.Join(dir, ".*")); len(names) != 0 {
		t.Errorf("temporary files left: %v", names)
	}
}
