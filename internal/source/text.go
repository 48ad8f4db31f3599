package source

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// MaxParagraph is the longest line, and the longest paragraph, ReadText
// accepts, in bytes. A caption is a few hundred bytes; a megabyte without a
// blank line is not a caption document, and holding it would only cost memory.
const MaxParagraph = 1 << 20

// maxInvalidUTF8 is how many invalid UTF-8 sequences a document may hold before
// it is taken for another encoding. One stray Latin-1 byte in a UTF-8 file
// should not cost the user the whole document (the parser shows it as U+FFFD),
// but a Windows-1252 file has one at every accent and curly quote and is
// better re-encoded by the user than half-read.
const maxInvalidUTF8 = 8

// FormatText is the Format of the captions ReadText returns.
const FormatText = "text"

var (
	utf8BOM    = []byte("\xEF\xBB\xBF")
	utf16LEBOM = []byte("\xFF\xFE")
	utf16BEBOM = []byte("\xFE\xFF")
)

// ReadText splits the plain-text document r into paragraphs, the captions of
// plain-text input: runs of non-blank lines, where a line holding only white
// space is blank. Each paragraph's Text is its exact bytes, from the first
// byte of its first line to the end of its last line without the line's "\n"
// or "\r\n"; Start and End are its byte offsets in the document and Line the
// 1-based line of its first byte. A leading UTF-8 byte-order mark is skipped.
//
// Input that is not UTF-8 text (a NUL byte, more than a few invalid UTF-8
// sequences) or a line or paragraph longer than MaxParagraph is rejected with
// an error wrapping caption.ErrInvalid that names path and line.
func ReadText(r io.Reader, path string) ([]caption.Raw, error) {
	t := &textReader{br: bufio.NewReaderSize(r, 64<<10), path: path, lineNo: 1}
	for {
		line, err := t.readLine()
		if len(line) > 0 && (err == nil || err == io.EOF) {
			if lerr := t.addLine(line); lerr != nil {
				return nil, lerr
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	t.endParagraph()
	return t.paras, nil
}

// textReader holds ReadText's state: where it is in the document and the
// paragraph it is collecting.
type textReader struct {
	br     *bufio.Reader
	path   string
	off    int    // document offset of the next line's first byte
	lineNo int    // 1-based number of the next line
	buf    []byte // holds a line longer than br's buffer
	utf16  bool   // the document starts with a UTF-16 byte-order mark

	invalid     int // invalid UTF-8 sequences seen so far
	invalidLine int // line and offset of the first one
	invalidOff  int

	para      []byte // the paragraph so far, with its last line's terminator
	paraEnd   int    // length of para without that terminator
	paraStart int    // document offset of para[0]
	paraLine  int    // line of para[0]; 0 when no paragraph is open
	paras     []caption.Raw
}

// readLine returns the next line with its terminator. The slice is valid
// until the next call. I/O errors are returned with path and line.
func (t *textReader) readLine() ([]byte, error) {
	chunk, err := t.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return chunk, t.ioError(err)
	}
	t.buf = append(t.buf[:0], chunk...)
	for err == bufio.ErrBufferFull {
		chunk, err = t.br.ReadSlice('\n')
		if len(t.buf)+len(chunk) > MaxParagraph {
			return nil, t.invalidf(t.lineNo, "line longer than %d bytes", MaxParagraph)
		}
		t.buf = append(t.buf, chunk...)
	}
	return t.buf, t.ioError(err)
}

func (t *textReader) ioError(err error) error {
	if err == nil || err == io.EOF {
		return err
	}
	return fmt.Errorf("%s:%d: %w", t.path, t.lineNo, err)
}

// addLine checks one line (with its terminator) and adds it to the open
// paragraph, or closes the paragraph when the line is blank.
func (t *textReader) addLine(line []byte) error {
	start, n := t.off, t.lineNo
	t.off += len(line)
	t.lineNo++
	if start == 0 {
		t.utf16 = bytes.HasPrefix(line, utf16LEBOM) || bytes.HasPrefix(line, utf16BEBOM)
		if bytes.HasPrefix(line, utf8BOM) {
			line, start = line[len(utf8BOM):], len(utf8BOM)
		}
	}
	if err := t.check(line, start, n); err != nil {
		return err
	}
	content := trimEOL(line)
	if isBlank(content) {
		t.endParagraph()
		return nil
	}
	if t.paraLine == 0 {
		t.para, t.paraStart, t.paraLine = t.para[:0], start, n
	}
	if len(t.para)+len(content) > MaxParagraph {
		return t.invalidf(t.paraLine, "paragraph longer than %d bytes", MaxParagraph)
	}
	t.para = append(t.para, line...)
	t.paraEnd = len(t.para) - (len(line) - len(content))
	return nil
}

// endParagraph closes the open paragraph, if any.
func (t *textReader) endParagraph() {
	if t.paraLine == 0 {
		return
	}
	t.paras = append(t.paras, caption.Raw{
		Text:   string(t.para[:t.paraEnd]),
		Path:   t.path,
		Line:   t.paraLine,
		Start:  t.paraStart,
		End:    t.paraStart + t.paraEnd,
		Format: FormatText,
	})
	t.paraLine = 0
}

// check rejects a line (starting at document offset start, on line n) that
// shows the document is not UTF-8 text.
func (t *textReader) check(line []byte, start, n int) error {
	if i := bytes.IndexByte(line, 0); i >= 0 {
		if t.utf16 {
			return t.invalidf(n, "UTF-16 text; save the file as UTF-8")
		}
		return t.invalidf(n, "NUL byte at offset %d: not a text file", start+i)
	}
	if utf8.Valid(line) {
		return nil
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && size == 1 {
			if t.invalid == 0 {
				t.invalidLine, t.invalidOff = n, start+i
			}
			t.invalid++
		}
		i += size
	}
	if t.invalid > maxInvalidUTF8 {
		return t.invalidf(t.invalidLine, "not UTF-8 (first invalid byte at offset %d); convert the file to UTF-8", t.invalidOff)
	}
	return nil
}

// invalidf returns an error wrapping caption.ErrInvalid for line n.
func (t *textReader) invalidf(n int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s: %w", t.path, n, fmt.Sprintf(format, args...), caption.ErrInvalid)
}

// trimEOL cuts the "\n" or "\r\n" ending a line.
func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// isBlank reports whether b holds only white space, as unicode.IsSpace (and
// so the parser's whitespace folding) sees it.
func isBlank(b []byte) bool {
	for i := 0; i < len(b); {
		if c := b[i]; c < utf8.RuneSelf {
			if c != ' ' && (c < '\t' || c > '\r') {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !unicode.IsSpace(r) {
			return false
		}
		i += size
	}
	return true
}
