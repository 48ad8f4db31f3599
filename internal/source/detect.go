package source

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// HeadSize is how much of a document Detect wants to see: enough for a
// JSON Lines record or a CSV header, and the first few captions of a text.
const HeadSize = 64 << 10

// FormatHTML is the Format of the captions ReadHTML returns.
const FormatHTML = "html"

// Detect returns the format of the document that starts with head (its first
// HeadSize bytes, or all of it when shorter): FormatJSONL when its first
// non-blank line is a JSON object, FormatCSV when that line is a CSV header
// naming a "caption" or "text" column, FormatText otherwise. A web page is
// FormatHTML: it starts (after blank space) with "<!doctype html" or
// "<html", or, in a .html or .htm file, with any tag.
//
// The content decides; the extension of path only settles what the content
// leaves open, so that a broken file is reported by the reader its name
// promises rather than read as paragraphs: a first line opening a JSON value
// in a .jsonl, .ndjson or .json file is JSON Lines, a .csv or .tsv file is
// CSV whatever its header, and a lone "caption" header line in a .txt file is
// text.
func Detect(head []byte, path string) string {
	if f := photoFormat(head); f != "" {
		return f // a photo's signature is certain; its name may not be
	}
	ext := strings.ToLower(filepath.Ext(path))
	head = bytes.TrimPrefix(head, utf8BOM)
	if bytes.HasPrefix(head, utf16LEBOM) || bytes.HasPrefix(head, utf16BEBOM) {
		return FormatText // ReadText explains what to do about UTF-16
	}
	if isHTMLHead(head, ext) {
		return FormatHTML
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
	raws, err := readFormat(r, path, format)
	return finish(raws, err, path, format)
}

// ReadBytes is Read of a document already in memory. A photo's metadata is
// read from data in place: Read would copy the whole file first, as its
// readers need random access, which for a folder of camera files is
// megabytes copied for every caption of a few hundred bytes.
func ReadBytes(data []byte, path, format string) ([]caption.Raw, error) {
	var (
		raws []caption.Raw
		err  error
	)
	switch format {
	case FormatJPEG, FormatTIFF, FormatPNG:
		raws, err = ReadPhoto(data, path, format)
	default:
		raws, err = readFormat(bytes.NewReader(data), path, format)
	}
	return finish(raws, err, path, format)
}

// finish makes the captions a reader returned storable and checks them.
func finish(raws []caption.Raw, err error, path, format string) ([]caption.Raw, error) {
	if err != nil {
		return nil, err
	}
	for i := range raws {
		raws[i].Text = storable(raws[i].Text)
	}
	return raws, checkCaptions(raws, path, format)
}

// storable returns text as a register can keep it: valid UTF-8 without NUL,
// which neither store's text columns take. Readers let through a few stray
// bytes of another encoding (and JSON may spell a NUL \u0000); each becomes
// U+FFFD. The byte range still points at the bytes as they stand in the
// file.
func storable(text string) string {
	if utf8.ValidString(text) && strings.IndexByte(text, 0) < 0 {
		return text
	}
	return strings.ReplaceAll(strings.ToValidUTF8(text, "\uFFFD"), "\x00", "\uFFFD")
}

func readFormat(r io.Reader, path, format string) ([]caption.Raw, error) {
	switch format {
	case FormatText:
		return ReadText(r, path)
	case FormatJSONL:
		return ReadJSONL(r, path)
	case FormatCSV:
		return ReadCSV(r, path)
	case FormatHTML:
		return ReadHTML(r, path)
	case FormatJPEG, FormatTIFF, FormatPNG:
		return readPhoto(r, path, format)
	}
	return nil, fmt.Errorf("%s: format %q: %w", path, format, caption.ErrUnsupported)
}

// MaxCaption is the longest caption Read accepts, in bytes. Agency captions
// run to a few hundred bytes and the longest descriptions to a few
// kilobytes; anything this long is a document whose separators were lost (a
// CSV quote left open, paragraphs run together), and storing it as one
// record would bury the captions inside it.
const MaxCaption = 64 << 10

// checkCaptions refuses a document that gave no caption at all (an empty
// file, white space only, a photo without a caption in its metadata): a
// user who ingests a folder must learn which files gave nothing rather than
// find them missing later. It also refuses a caption longer than
// MaxCaption, naming its line (or offset, in formats without lines).
func checkCaptions(raws []caption.Raw, path, format string) error {
	if len(raws) == 0 {
		what := "no captions found"
		switch format {
		case FormatJPEG, FormatTIFF, FormatPNG:
			what = "no caption in the photo's IPTC or XMP metadata"
		case FormatHTML:
			what = "no captions found (no figcaption, caption element, captioned image or ImageObject)"
		}
		return fmt.Errorf("%s: %s: %w", path, what, caption.ErrInvalid)
	}
	for _, r := range raws {
		if len(r.Text) <= MaxCaption {
			continue
		}
		if r.Line > 0 {
			return fmt.Errorf("%s:%d: caption of %d bytes, longer than the %d a caption can be: %w", path, r.Line, len(r.Text), MaxCaption, caption.ErrInvalid)
		}
		return fmt.Errorf("%s: offset %d: caption of %d bytes, longer than the %d a caption can be: %w", path, r.Start, len(r.Text), MaxCaption, caption.ErrInvalid)
	}
	return nil
}
