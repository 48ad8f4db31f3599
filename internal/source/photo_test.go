package source

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/testenv"
)

// testCaption is invented, like every caption in these tests; the "&"
// checks that XMP escaping is undone in Text and kept in the range.
const testCaption = "Civil defence workers & volunteers search the rubble of a building after an airstrike in the town of Saraqib, " +
	"in Syria's Idlib province, on March 3, 2019. (Photo by Lina Haddad / AFP)"

// metaKeys are every key of caption/meta.go, which is all a photo's Meta
// may hold.
var metaKeys = func() map[string]bool {
	keys := map[string]bool{}
	for _, k := range []string{
		caption.MetaIPTCCaption, caption.MetaIPTCHeadline, caption.MetaIPTCByline, caption.MetaIPTCCredit,
		caption.MetaIPTCSource, caption.MetaIPTCDateCreated, caption.MetaIPTCCity, caption.MetaIPTCSublocation,
		caption.MetaIPTCProvinceState, caption.MetaIPTCCountry, caption.MetaIPTCCountryCode,
		caption.MetaXMPDescription, caption.MetaXMPCreator, caption.MetaXMPCredit, caption.MetaXMPSource,
		caption.MetaXMPCity, caption.MetaXMPState, caption.MetaXMPCountry, caption.MetaXMPDateCreated,
		caption.MetaXMPHeadline, caption.MetaXMPLocation, caption.MetaXMPCountryCode, caption.MetaXMPEvent,
		caption.MetaXMPShownSubloc, caption.MetaXMPShownCity, caption.MetaXMPShownState, caption.MetaXMPShownCountry,
		caption.MetaXMPShownCode, caption.MetaXMPShownID, caption.MetaXMPCreatedSubloc, caption.MetaXMPCreatedCity,
		caption.MetaXMPCreatedState, caption.MetaXMPCreatedCode,
	} {
		keys[k] = true
	}
	return keys
}()

// checkPhoto checks what ReadPhoto promises of any file it reads: at most
// one caption, non-blank UTF-8 without NUL, inside the file, with Meta
// under caption/meta.go's keys only.
func checkPhoto(t testing.TB, data []byte, format string, raws []caption.Raw) {
	t.Helper()
	if len(raws) > 1 {
		t.Fatalf("%d captions, want at most one", len(raws))
	}
	for _, r := range raws {
		if r.Start < 0 || r.Start > r.End || r.End > len(data) {
			t.Fatalf("range [%d,%d) outside the %d-byte file", r.Start, r.End, len(data))
		}
		if strings.TrimSpace(r.Text) == "" || !utf8.ValidString(r.Text) || strings.Contains(r.Text, "\x00") {
			t.Errorf("Text %q is blank, not UTF-8, or holds NUL", r.Text)
		}
		if r.Format != format || r.Path == "" || r.Line != 0 {
			t.Errorf("Format %q, Path %q, Line %d", r.Format, r.Path, r.Line)
		}
		for k, v := range r.Meta {
			if !metaKeys[k] || v == "" || !utf8.ValidString(v) || strings.Contains(v, "\x00") || v != strings.TrimSpace(v) {
				t.Errorf("Meta[%q] = %q", k, v)
			}
		}
	}
}

// checkCorrupt checks that err is what a corrupt file must give: the
// path, a byte offset, caption.ErrInvalid.
func checkCorrupt(t testing.TB, path string, err error) {
	t.Helper()
	rest, ok := strings.CutPrefix(err.Error(), path+": offset ")
	digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
	if !ok || digits == 0 || !strings.HasPrefix(rest[digits:], ": ") || !errors.Is(err, caption.ErrInvalid) {
		t.Fatalf("error %q: want %s: offset N: … wrapping caption.ErrInvalid", err, path)
	}
}

func TestDetectPhoto(t *testing.T) {
	for _, tc := range []struct {
		name, path, head, want string
	}{
		{name: "jpeg", path: "a.txt", head: "\xFF\xD8\xFF\xE0", want: FormatJPEG},
		{name: "tiff little-endian", path: "scan", head: "II*\x00\x08\x00\x00\x00", want: FormatTIFF},
		{name: "tiff big-endian", path: "a.csv", head: "MM\x00*\x00\x00\x00\x08", want: FormatTIFF},
		{name: "png", path: "a.jsonl", head: "\x89PNG\r\n\x1A\n\x00", want: FormatPNG},
		{name: "jpeg named nothing", path: "", head: "\xFF\xD8\xFF", want: FormatJPEG},
		{name: "two bytes of jpeg", path: "a.jpg", head: "\xFF\xD8", want: FormatText},
		{name: "text starting II", path: "a.txt", head: "II* is not a TIFF", want: FormatText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Detect([]byte(tc.head), tc.path); got != tc.want {
				t.Errorf("Detect(%q, %q) = %q, want %q", tc.head, tc.path, got, tc.want)
			}
		})
	}
}

// TestReadPhotoTestdata reads the photos in testdata through Detect and
// Read, as ingest does.
func TestReadPhotoTestdata(t *testing.T) {
	for _, tc := range []struct {
		file, format string
		text         string // the caption's start; "" for none
		raw          string // what data[Start:End] starts with
	}{
		{file: "exiftool.jpg", format: FormatJPEG, text: "Civil defence workers & volunteers", raw: "Civil defence workers & volunteers"},
		{file: "exiftool.tif", format: FormatTIFF, text: "Civil defence workers & volunteers", raw: "Civil defence workers & volunteers"},
		{file: "exiftool.png", format: FormatPNG, text: "Civil defence workers & volunteers", raw: "Civil defence workers &amp; volunteers"},
		{file: "latin1.jpg", format: FormatJPEG, text: "Zoë Haddad, 9, sits outside her family’s tent", raw: "Zo\xEB Haddad, 9, sits outside her family\x92s tent"},
		{file: "nocaption.jpg", format: FormatJPEG},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			format := Detect(data[:min(len(data), HeadSize)], tc.file)
			if format != tc.format {
				t.Fatalf("Detect = %q, want %q", format, tc.format)
			}
			raws, err := Read(bytes.NewReader(data), tc.file, format)
			if tc.text == "" {
				// A photo without a caption is reported, not passed over.
				if !errors.Is(err, caption.ErrInvalid) || !strings.Contains(err.Error(), "no caption") {
					t.Fatalf("got %+v, %v: want the error that there is no caption", raws, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkPhoto(t, data, format, raws)
			if len(raws) != 1 {
				t.Fatalf("got %d captions, want 1", len(raws))
			}
			r := raws[0]
			if !strings.HasPrefix(r.Text, tc.text) || !strings.HasPrefix(string(data[r.Start:r.End]), tc.raw) {
				t.Errorf("Text %.40q, data[%d:%d] %.40q: want %q and %q", r.Text, r.Start, r.End, data[r.Start:r.End], tc.text, tc.raw)
			}
		})
	}
}

// requireTool returns the path of the command name, or skips the test when
// it is missing, unless SIJIL_TEST_TOOLS_REQUIRED=1 makes that a failure.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		testenv.Missing(t, testenv.ToolsRequired, fmt.Sprintf("%s not found (Debian: apt install libimage-exiftool-perl): %v", name, err))
	}
	return p
}

// runExiftool writes tags into file with exiftool.
func runExiftool(t *testing.T, file string, args ...string) {
	t.Helper()
	exiftool := requireTool(t, "exiftool")
	args = append([]string{"-overwrite_original", "-q"}, append(args, file)...)
	out, err := exec.Command(exiftool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("exiftool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// testImage is an 8×8 picture with a diagonal, for the encoders.
func testImage() *image.Gray {
	img := image.NewGray(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.SetGray(i, i, color.Gray{Y: 200})
	}
	return img
}

// writeTestPhoto writes an 8×8 photo of format without metadata.
func writeTestPhoto(t *testing.T, format string) string {
	t.Helper()
	var buf bytes.Buffer
	switch format {
	case FormatJPEG:
		if err := jpeg.Encode(&buf, testImage(), nil); err != nil {
			t.Fatal(err)
		}
	case FormatPNG:
		if err := png.Encode(&buf, testImage()); err != nil {
			t.Fatal(err)
		}
	case FormatTIFF:
		buf.Write(minimalTIFF(testImage()))
	}
	path := filepath.Join(t.TempDir(), "photo."+format)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// minimalTIFF encodes img as a baseline little-endian grayscale TIFF with
// one uncompressed strip (the standard library has no TIFF encoder).
func minimalTIFF(img *image.Gray) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	type entry struct{ tag, typ, count, value uint32 }
	const ifdAt = 8
	entries := []entry{
		{256, 3, 1, uint32(w)}, {257, 3, 1, uint32(h)}, {258, 3, 1, 8}, {259, 3, 1, 1}, {262, 3, 1, 1},
		{273, 4, 1, 0}, {277, 3, 1, 1}, {278, 3, 1, uint32(h)}, {279, 4, 1, uint32(w * h)},
	}
	pixelsAt := ifdAt + 2 + 12*len(entries) + 4
	entries[5].value = uint32(pixelsAt)
	le := binary.LittleEndian
	b := []byte("II*\x00")
	b = le.AppendUint32(b, ifdAt)
	b = le.AppendUint16(b, uint16(len(entries)))
	for _, e := range entries {
		b = le.AppendUint16(b, uint16(e.tag))
		b = le.AppendUint16(b, uint16(e.typ))
		b = le.AppendUint32(b, e.count)
		b = le.AppendUint32(b, e.value) // SHORT values sit left-justified: low bytes first in II
	}
	b = le.AppendUint32(b, 0)
	return append(b, img.Pix...)
}

// exiftoolTags are the tags the exiftool tests write, with the Meta each
// must read back as.
var exiftoolTags = []struct{ arg, key, want string }{
	{"-IPTC:By-line=Lina Haddad", caption.MetaIPTCByline, "Lina Haddad; Omar Saleh"},
	{"-IPTC:By-line=Omar Saleh", "", ""},
	{"-IPTC:Credit=AFP", caption.MetaIPTCCredit, "AFP"},
	{"-IPTC:Source=AFP Syria bureau", caption.MetaIPTCSource, "AFP Syria bureau"},
	{"-IPTC:DateCreated=2019:03:03", caption.MetaIPTCDateCreated, "20190303"},
	{"-IPTC:City=Saraqib", caption.MetaIPTCCity, "Saraqib"},
	{"-IPTC:Sub-location=Old market", caption.MetaIPTCSublocation, "Old market"},
	{"-IPTC:Province-State=Idlib", caption.MetaIPTCProvinceState, "Idlib"},
	{"-IPTC:Country-PrimaryLocationName=Syria", caption.MetaIPTCCountry, "Syria"},
	{"-IPTC:Country-PrimaryLocationCode=SYR", caption.MetaIPTCCountryCode, "SYR"},
	{"-IPTC:Headline=Rescue after airstrike in Saraqib", caption.MetaIPTCHeadline, "Rescue after airstrike in Saraqib"},
	{"-XMP-dc:Creator=Lina Haddad", caption.MetaXMPCreator, "Lina Haddad; Omar Saleh"},
	{"-XMP-dc:Creator=Omar Saleh", "", ""},
	{"-XMP-photoshop:Credit=AFP", caption.MetaXMPCredit, "AFP"},
	{"-XMP-photoshop:Source=AFP Syria bureau", caption.MetaXMPSource, "AFP Syria bureau"},
	{"-XMP-photoshop:City=Saraqib", caption.MetaXMPCity, "Saraqib"},
	{"-XMP-photoshop:State=Idlib", caption.MetaXMPState, "Idlib"},
	{"-XMP-photoshop:Country=Syria", caption.MetaXMPCountry, "Syria"},
	{"-XMP-photoshop:DateCreated=2019-03-03T10:15:00+02:00", caption.MetaXMPDateCreated, "2019-03-03T10:15:00+02:00"},
	{"-XMP-photoshop:Headline=Rescue after airstrike in Saraqib", caption.MetaXMPHeadline, "Rescue after airstrike in Saraqib"},
	{"-XMP-iptcCore:Location=Old market", caption.MetaXMPLocation, "Old market"},
	{"-XMP-iptcCore:CountryCode=SY", caption.MetaXMPCountryCode, "SY"},
	{"-XMP-iptcExt:Event=Airstrike on Saraqib", caption.MetaXMPEvent, "Airstrike on Saraqib"},
	{"-XMP-iptcExt:LocationShownSublocation=Old market", caption.MetaXMPShownSubloc, "Old market"},
	{"-XMP-iptcExt:LocationShownCity=Saraqib", caption.MetaXMPShownCity, "Saraqib"},
	{"-XMP-iptcExt:LocationShownProvinceState=Idlib", caption.MetaXMPShownState, "Idlib"},
	{"-XMP-iptcExt:LocationShownCountryName=Syria", caption.MetaXMPShownCountry, "Syria"},
	{"-XMP-iptcExt:LocationShownCountryCode=SY", caption.MetaXMPShownCode, "SY"},
	{"-XMP-iptcExt:LocationShownLocationId=https://sws.geonames.org/163345/", caption.MetaXMPShownID, "https://sws.geonames.org/163345/"},
	{"-XMP-iptcExt:LocationCreatedSublocation=Press office", caption.MetaXMPCreatedSubloc, "Press office"},
	{"-XMP-iptcExt:LocationCreatedCity=Idlib", caption.MetaXMPCreatedCity, "Idlib"},
	{"-XMP-iptcExt:LocationCreatedProvinceState=Idlib", caption.MetaXMPCreatedState, "Idlib"},
	{"-XMP-iptcExt:LocationCreatedCountryCode=SY", caption.MetaXMPCreatedCode, "SY"},
}

// exiftoolEscape escapes text as exiftool writes it in an XMP text node.
func exiftoolEscape(text string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&#39;").Replace(text)
}

// TestExiftool has exiftool, a reader and writer many archives rely on,
// write every field sijil reads into JPEG, TIFF and PNG files, and checks
// that each reads back and that Start and End slice the file to the
// caption's bytes.
func TestExiftool(t *testing.T) {
	requireTool(t, "exiftool")
	older := "Civil defence workers search the rubble in Saraqib. (Photo by Lina Haddad / AFP)"
	for _, format := range []string{FormatJPEG, FormatTIFF, FormatPNG} {
		for _, tc := range []struct {
			name      string
			iptc, xmp string // the captions written; "" for none
			charset   []string
			text, raw string // the caption read, and the file bytes of its range
		}{
			{name: "same caption", iptc: testCaption, xmp: testCaption, charset: []string{"-IPTC:CodedCharacterSet=UTF8", "-charset", "iptc=UTF8"},
				text: testCaption, raw: testCaption},
			{name: "xmp differs", iptc: older, xmp: testCaption,
				text: testCaption, raw: exiftoolEscape(testCaption)},
			{name: "iptc only latin-1", iptc: "Zoë Haddad’s tent in Saraqib.", charset: []string{"-charset", "iptc=Latin"},
				text: "Zoë Haddad’s tent in Saraqib.", raw: "Zo\xEB Haddad\x92s tent in Saraqib."},
			{name: "xmp only", xmp: "Zoë Haddad, 9, in Saraqib.", text: "Zoë Haddad, 9, in Saraqib.", raw: "Zoë Haddad, 9, in Saraqib."},
			{name: "no caption", text: ""},
		} {
			t.Run(format+"/"+tc.name, func(t *testing.T) {
				path := writeTestPhoto(t, format)
				args := append([]string{}, tc.charset...)
				want := map[string]string{}
				for _, tag := range exiftoolTags {
					args = append(args, tag.arg)
					if tag.key != "" {
						want[tag.key] = tag.want
					}
				}
				if tc.iptc != "" {
					args = append(args, "-IPTC:Caption-Abstract="+tc.iptc)
					want[caption.MetaIPTCCaption] = tc.iptc
				}
				if tc.xmp != "" {
					args = append(args, "-XMP-dc:Description="+tc.xmp)
					want[caption.MetaXMPDescription] = tc.xmp
				}
				runExiftool(t, path, args...)
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				got, err := ReadPhoto(data, path, format)
				if err != nil {
					t.Fatal(err)
				}
				checkPhoto(t, data, format, got)
				if tc.text == "" {
					if len(got) != 0 {
						t.Fatalf("got %d captions from a file without one", len(got))
					}
					return
				}
				if len(got) != 1 {
					t.Fatalf("got %d captions, want 1", len(got))
				}
				r := got[0]
				if r.Text != tc.text {
					t.Errorf("Text = %q, want %q", r.Text, tc.text)
				}
				if diff := cmp.Diff(want, r.Meta); diff != "" {
					t.Errorf("Meta (-want +got):\n%s", diff)
				}
				wantRaw := tc.raw
				if format == FormatPNG {
					// exiftool compresses IPTC in a PNG: the plain XMP text
					// is the better range, and the only one exact.
					if tc.xmp == "" {
						return
					}
					wantRaw = exiftoolEscape(tc.xmp)
				}
				if raw := string(data[r.Start:r.End]); raw != wantRaw {
					t.Errorf("data[%d:%d] = %q, want %q", r.Start, r.End, raw, wantRaw)
				}
			})
		}
	}
}
