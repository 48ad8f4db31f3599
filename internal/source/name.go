package source

import (
	"path/filepath"
	"strings"
)

// documentExts are the file name extensions of the documents Read knows,
// lower-case, in the order of the formats, each with the format its
// content is expected in. Detect reads content first and ignores most of
// these; they exist for walking a folder, where the name is all there is
// to go on before a file is opened, and where a README.md, a thumbnail
// cache or a spreadsheet next to the captions is not a caption file.
var documentExts = []struct{ ext, format string }{
	{".txt", FormatText}, {".text", FormatText},
	{".jsonl", FormatJSONL}, {".ndjson", FormatJSONL}, {".json", FormatJSONL},
	{".csv", FormatCSV}, {".tsv", FormatCSV},
	{".html", FormatHTML}, {".htm", FormatHTML},
	{".jpg", FormatJPEG}, {".jpeg", FormatJPEG},
	{".tif", FormatTIFF}, {".tiff", FormatTIFF},
	{".png", FormatPNG},
}

// DocumentExts returns the extensions IsDocumentName accepts, lower-case
// with their dot, for help texts.
func DocumentExts() []string {
	exts := make([]string, len(documentExts))
	for i, e := range documentExts {
		exts[i] = e.ext
	}
	return exts
}

// FormatOfName returns the format a file called name is expected in by its
// extension, in any case, or "" for an extension of no format Read knows.
// Only Detect, reading the content, says what a file is; this is for
// deciding before a file is opened.
func FormatOfName(name string) string {
	ext := strings.ToLower(filepath.Ext(name))
	for _, e := range documentExts {
		if e.ext == ext {
			return e.format
		}
	}
	return ""
}

// IsDocumentName reports whether a file called name (a base name or a path)
// is, by its extension in any case, one of the formats Read knows: text,
// JSON Lines, CSV, HTML, JPEG, TIFF or PNG. Hidden names (".DS_Store",
// "._photo.jpg", the resource forks macOS leaves beside copied files) are
// not: they are the system's, not the user's.
//
// It answers what a walk of a folder should open; a file a user names
// is read whatever its name, its format told by Detect.
func IsDocumentName(name string) bool {
	base := filepath.Base(name)
	if strings.HasPrefix(base, ".") {
		return false
	}
	return FormatOfName(base) != ""
}
