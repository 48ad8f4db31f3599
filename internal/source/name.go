package source

import (
	"path/filepath"
	"slices"
	"strings"
)

// documentExts are the file name extensions of the documents Read knows,
// lower-case, in the order of the formats. Detect reads content first and
// ignores most of these; they exist for walking a folder, where the name is
// all there is to go on before a file is opened, and where a README.md, a
// thumbnail cache or a spreadsheet next to the captions is not a caption
// file.
var documentExts = []string{
	".txt", ".text", // FormatText
	".jsonl", ".ndjson", ".json", // FormatJSONL
	".csv", ".tsv", // FormatCSV
	".html", ".htm", // FormatHTML
	".jpg", ".jpeg", // FormatJPEG
	".tif", ".tiff", // FormatTIFF
	".png", // FormatPNG
}

// DocumentExts returns the extensions IsDocumentName accepts, lower-case
// with their dot, for help texts.
func DocumentExts() []string { return slices.Clone(documentExts) }

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
	return slices.Contains(documentExts, strings.ToLower(filepath.Ext(base)))
}
