package source

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"sijil/internal/caption"
)

// FormatCSV is the Format of the captions ReadCSV returns.
const FormatCSV = "csv"

// csvDelimiters are the separators ReadCSV recognises, in the order it tries
// them on the header: spreadsheets export commas, semicolons where the comma
// is the decimal mark, and tabs.
var csvDelimiters = []rune{',', ';', '\t'}

// ReadCSV reads a CSV document whose header row names a "caption" or "text"
// column (case and surrounding spaces ignored; "caption" wins when both are
// there). Fields are separated by commas, semicolons or tabs, whichever
// makes the header name such a column. Each row's caption becomes a Raw;
// the row's other non-empty cells become its Meta, keyed by their header.
// Rows whose caption is blank are skipped.
//
// Start and End are the byte range of the caption's field in the document,
// quotes included; Line is the line the field starts on. A quoted field keeps
// its line breaks, with "\r\n" read as "\n" (encoding/csv's rule).
//
// A header without such a column or with more than MaxColumns columns, a
// row with more or fewer fields than the header or with more than MaxMeta
// bytes of metadata, a stray quote, or a record longer than MaxLine is an
// error wrapping caption.ErrInvalid that names path and line; nothing of
// the document is returned then.
func ReadCSV(r io.Reader, path string) ([]caption.Raw, error) {
	tr := &trackReader{r: bufio.NewReaderSize(r, 64<<10)}
	bom, err := tr.skipBOM()
	if err != nil {
		return nil, fmt.Errorf("%s:1: %w", path, err)
	}
	head, err := tr.peekLine()
	if err != nil {
		return nil, fmt.Errorf("%s:1: %w", path, err)
	}
	delim, _, _, ok := csvHeader(head)
	if !ok {
		return nil, fmt.Errorf(`%s:1: no "caption" or "text" column in the header: %w`, path, caption.ErrInvalid)
	}
	cr := csv.NewReader(tr)
	cr.Comma = delim
	cr.ReuseRecord = true
	c := &csvReader{cr: cr, tr: tr, path: path, bom: bom, line: 1}
	return c.read()
}

// csvReader holds ReadCSV's state between records.
type csvReader struct {
	cr     *csv.Reader
	tr     *trackReader
	path   string
	col    int      // the caption column
	header []string // column names
	bom    int      // bytes of byte-order mark before what cr reads
	prev   int64    // cr's offset after the previous record
	line   int      // the line at prev
	out    []caption.Raw
}

func (c *csvReader) read() ([]caption.Raw, error) {
	var ok bool
	for {
		rec, err := c.cr.Read()
		if err == io.EOF {
			return c.out, nil
		}
		if err != nil {
			return nil, c.error(err, len(rec))
		}
		end := c.cr.InputOffset()
		b := c.tr.span(c.prev, end)
		if len(b) > MaxLine {
			return nil, fmt.Errorf("%s:%d: record longer than %d bytes: %w", c.path, c.line, MaxLine, caption.ErrInvalid)
		}
		if c.header == nil {
			c.header = make([]string, len(rec))
			for i, h := range rec {
				c.header[i] = strings.TrimSpace(h)
			}
			if c.col, ok = captionColumn(c.header); !ok {
				return nil, fmt.Errorf(`%s:1: no "caption" or "text" column in the header: %w`, c.path, caption.ErrInvalid)
			}
			if len(c.header) > MaxColumns {
				return nil, fmt.Errorf("%s:1: %d columns, at most %d: %w", c.path, len(c.header), MaxColumns, caption.ErrInvalid)
			}
		} else if err := c.row(rec, b); err != nil {
			return nil, err
		}
		c.line += bytes.Count(b, []byte("\n"))
		c.prev = end
		c.tr.discard(end)
	}
}

// row adds the caption of one data row, whose bytes (from the end of the
// previous record) are b. Its metadata must be within MaxMeta.
func (c *csvReader) row(rec []string, b []byte) error {
	text := rec[c.col]
	if isBlank([]byte(text)) {
		return nil
	}
	line, _ := c.cr.FieldPos(c.col)
	start, end := c.fieldRange(len(rec), b)
	raw := caption.Raw{Text: text, Path: c.path, Line: line, Start: start, End: end, Format: FormatCSV}
	for i, v := range rec {
		if i == c.col || v == "" {
			continue
		}
		if raw.Meta == nil {
			raw.Meta = make(map[string]string, len(rec)-1)
		}
		raw.Meta[c.columnName(i)] = v
	}
	if err := checkMeta(raw.Meta, "cells"); err != nil {
		first, _ := c.cr.FieldPos(0)
		return fmt.Errorf("%s:%d: %w: %w", c.path, first, err, caption.ErrInvalid)
	}
	c.out = append(c.out, raw)
	return nil
}

// fieldRange returns the document byte range of the caption field of a
// record of n fields whose bytes are b: from its first byte (or quote) to the
// separator after it, or to the record's line ending.
func (c *csvReader) fieldRange(n int, b []byte) (start, end int) {
	start = c.offsetOf(c.col, b)
	if c.col+1 < n {
		end = c.offsetOf(c.col+1, b) - 1
	} else {
		end = int(c.prev) + len(trimEOL(b))
	}
	return start + c.bom, end + c.bom
}

// offsetOf returns the reader offset of field i of the current record,
// whose bytes are b.
func (c *csvReader) offsetOf(i int, b []byte) int {
	line, col := c.cr.FieldPos(i)
	off := int(c.prev)
	for l := c.line; l < line; l++ {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			break
		}
		off += nl + 1
		b = b[nl+1:]
	}
	return off + col - 1
}

func (c *csvReader) columnName(i int) string {
	if i < len(c.header) && c.header[i] != "" {
		return c.header[i]
	}
	return fmt.Sprintf("column %d", i+1)
}

// error turns a csv error for a record of n fields into path:line: reason,
// wrapping caption.ErrInvalid.
func (c *csvReader) error(err error, n int) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		reason := pe.Err.Error()
		if errors.Is(pe.Err, csv.ErrFieldCount) {
			reason = fmt.Sprintf("%d fields, the header has %d", n, len(c.header))
		}
		if pe.Line != pe.StartLine {
			reason += fmt.Sprintf(" (at line %d)", pe.Line)
		}
		return fmt.Errorf("%s:%d: %s: %w", c.path, pe.StartLine, reason, caption.ErrInvalid)
	}
	return fmt.Errorf("%s:%d: %w", c.path, c.line, err)
}

// csvHeader reports whether line is a CSV header naming a caption or text
// column, with the separator that makes it one, the column's index and the
// number of columns.
func csvHeader(line []byte) (delim rune, col, n int, ok bool) {
	line = bytes.TrimRight(line, "\r\n")
	for _, d := range csvDelimiters {
		cr := csv.NewReader(bytes.NewReader(line))
		cr.Comma = d
		names, err := cr.Read()
		if err != nil {
			continue
		}
		if col, ok := captionColumn(names); ok {
			return d, col, len(names), true
		}
	}
	return 0, 0, 0, false
}

// captionColumn returns the index of the caption column among a header's
// names: "caption", else "text", in any case and with spaces around.
func captionColumn(names []string) (int, bool) {
	for _, want := range captionFields {
		for i, n := range names {
			if strings.EqualFold(strings.TrimSpace(n), want) {
				return i, true
			}
		}
	}
	return 0, false
}

// trackReader remembers the bytes csv.Reader has read since the start of
// the record being read, so that fields can be located in the document:
// encoding/csv reports a field's line and column, not its offset.
type trackReader struct {
	r    *bufio.Reader
	buf  []byte // bytes read from base on
	base int64  // reader offset of buf[0]
}

func (t *trackReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.buf = append(t.buf, p[:n]...)
	if len(t.buf) > MaxLine+len(p) {
		return n, errLineTooLong
	}
	return n, err
}

// skipBOM drops a leading UTF-8 byte-order mark and returns its length.
func (t *trackReader) skipBOM() (int, error) {
	b, err := t.r.Peek(len(utf8BOM))
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return 0, err
	}
	if bytes.Equal(b, utf8BOM) {
		_, err := t.r.Discard(len(utf8BOM))
		return len(utf8BOM), err
	}
	return 0, nil
}

// peekLine returns the first line without consuming it (at most the
// reader's buffer).
func (t *trackReader) peekLine() ([]byte, error) {
	b, err := t.r.Peek(t.r.Size())
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i+1]
	}
	return b, nil
}

// span returns the bytes read between reader offsets from and to.
func (t *trackReader) span(from, to int64) []byte {
	return t.buf[from-t.base : to-t.base]
}

// discard forgets the bytes before offset off.
func (t *trackReader) discard(off int64) {
	n := int(off - t.base)
	t.buf = t.buf[:copy(t.buf, t.buf[n:])]
	t.base = off
}
