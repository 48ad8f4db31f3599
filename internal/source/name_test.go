package source

import (
	"slices"
	"strings"
	"testing"
)

func TestIsDocumentName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"captions.txt", true},
		{"notes.text", true},
		{"export.jsonl", true},
		{"export.ndjson", true},
		{"export.json", true},
		{"sheet.csv", true},
		{"sheet.tsv", true},
		{"gallery.html", true},
		{"gallery.htm", true},
		{"IMG_2041.jpg", true},
		{"IMG_2041.jpeg", true},
		{"scan.tif", true},
		{"scan.tiff", true},
		{"screenshot.png", true},
		{"IMG_2041.JPG", true},         // cameras write upper case
		{"Captions.TxT", true},         // any case
		{"dir/sub/export.JSONL", true}, // a path: its base name decides
		{"archive.2016.txt", true},     // only the last extension counts
		{"README.md", false},           // the folder's notes
		{".DS_Store", false},           // macOS folder settings
		{"._IMG_2041.jpg", false},      // a macOS resource fork beside a copy
		{".hidden.txt", false},         // hidden, whatever its extension
		{"Thumbs.db", false},           // Windows thumbnail cache
		{"desktop.ini", false},         // Windows folder settings
		{"photo.heic", false},          // a photo format sijil cannot read
		{"photo.gif", false},           // likewise
		{"report.pdf", false},          // nor documents of other kinds
		{"report.docx", false},         //
		{"captions.txt.bak", false},    // an editor's backup
		{"captions.txt~", false},       // likewise
		{"captions", false},            // no extension
		{"txt", false},                 // a name, not an extension
		{"dir.txt/README", false},      // the directory's name does not count
		{"", false},                    //
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsDocumentName(tc.name); got != tc.want {
				t.Errorf("IsDocumentName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

// TestDocumentExtsDetect checks that each extension a walk reads is read
// as the format it names, so that a walk never opens files only to read
// them as something else, and that every format has an extension.
func TestDocumentExtsDetect(t *testing.T) {
	unchecked := DocumentExts()
	// A head each format's reader would take: content that leaves the
	// format to the extension, or the photo format's signature.
	for _, tc := range []struct{ ext, head, want string }{
		{".txt", "Smoke rises.\n", FormatText},
		{".text", "Smoke rises.\n", FormatText},
		{".jsonl", "{", FormatJSONL},
		{".ndjson", "{", FormatJSONL},
		{".json", "[", FormatJSONL},
		{".csv", "id\n", FormatCSV},
		{".tsv", "id\n", FormatCSV},
		{".html", "<div><figure>", FormatHTML},
		{".htm", "<p>", FormatHTML},
		{".jpg", "\xFF\xD8\xFF\xE0", FormatJPEG},
		{".jpeg", "\xFF\xD8\xFF\xE0", FormatJPEG},
		{".tif", "II*\x00", FormatTIFF},
		{".tiff", "MM\x00*", FormatTIFF},
		{".png", "\x89PNG\r\n\x1a\n", FormatPNG},
	} {
		if !slices.Contains(unchecked, tc.ext) {
			t.Errorf("%s is not in documentExts, or twice in this test", tc.ext)
		}
		if got := Detect([]byte(tc.head), "a"+tc.ext); got != tc.want {
			t.Errorf("Detect(%q, a%s) = %q, want %q", tc.head, tc.ext, got, tc.want)
		}
		if got := FormatOfName("dir/A" + strings.ToUpper(tc.ext)); got != tc.want {
			t.Errorf("FormatOfName(dir/A%s) = %q, want %q", strings.ToUpper(tc.ext), got, tc.want)
		}
		unchecked = slices.DeleteFunc(unchecked, func(e string) bool { return e == tc.ext })
	}
	for _, ext := range unchecked {
		t.Errorf("documentExts has %s, which this test does not check", ext)
	}
}
