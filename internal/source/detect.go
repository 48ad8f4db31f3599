package source

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"sijil/internal/caption"
)

// HeadSize is how much of a document Detect wants to see: enough for a
// JSON Lines record or a CSV header, and the first few captions of a text.
const HeadSize = 64 << 10

// Detect returns the format of the document that starts with head (its first
// HeadSize bytes, or all of it when shorter): FormatJSONL when its first
// non-blank line is a JSON object, FormatCSV when that line is a CSV header
// naming a "caption" or "text" column, FormatText otherwise.
//
// The content decides; the extension of path only settles what the content
// leaves open, so that a broken file is reported by the reader its name
// promises rather than read as paragraphs: a first line opening a JSON value
// in a .jsonl, .ndjson or .json file is JSON Lines, a .csv or .tsv file is
// CSV whatever its header, and a lone "caption" header line in a .txt file is
// text.
func Detect(head []byte, path string) string {
	ext := strings.ToLower(filepath.Ext(path))
	head = bytes.TrimPrefix(head, utf8BOM)
	if bytes.HasPrefix(head, utf16LEBOM) || bytes.HasPrefix(head, utf16BEBOM) {
		return FormatText // ReadText explains what to do about UTF-16
	}
	line, complete := firstLine(head)
	trimmed := bytes.TrimSpace(line)
	switch {
	case len(trimmed) == 0:
	case trimmed[0] == '{' && (!complete || json.Valid(trimmed)):
		if complete || ext != ".txt" {
			return FormatJSONL
		}
	case trimmed[0] == '{' || trimmed[0] == '[':
		if ext == ".jsonl" || ext == ".ndjson" || ext == ".json" {
			return FormatJSONL
		}
	}
	if _, _, n, ok := csvHeader(line); ok && (ext != ".txt" || n > 1) {
		return FormatCSV
	}
	if ext == ".csv" || ext == ".tsv" {
		return FormatCSV
	}
	return FormatText
}

// firstLine returns the first non-blank line of head and whether head holds
// all of it (a newline ends it, or head is shorter than HeadSize and so the
// whole document).
func firstLine(head []byte) (line []byte, complete bool) {
	for len(head) > 0 {
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			return head, len(head) < HeadSize
		}
		if !isBlank(head[:i]) {
			return head[:i+1], true
		}
		head = head[i+1:]
	}
	return nil, true
}

// Read reads the document r in format (as Detect names it) with that
// format's reader.
func Read(r io.Reader, path, format string) ([]caption.Raw, error) {
	switch format {
	case FormatText:
		return ReadText(r, path)
	case FormatJSONL:
		return ReadJSONL(r, path)
	case FormatCSV:
		return ReadCSV(r, path)
	}
	return nil, fmt.Errorf("%s: format %q: %w", path, format, caption.ErrUnsupported)
}
