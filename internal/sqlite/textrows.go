package sqlite

import (
	"strconv"
	"unicode/utf8"
)

// textRows are rows for a full-text index, written as the one JSON object,
// rowid to text, that insertText's json_each unrolls, in the order they are
// added: a batch's new records, in ascending rowids. FTS5 writes out its
// pending terms as a new segment whenever a rowid is not above the last
// one, and the map that encoding/json wrote before came out sorted as
// text ("1009" before "101"): a batch whose IDs have different numbers of
// digits (a register's first thousands of records, and the batches that
// cross a power of ten) flushed every ten rows or so, and FTS5 merged the
// segments again and again. Ingesting 10,000 captions into a new register
// took 7.55 billion instructions instead of 8.11, FTS5's share 0.26
// instead of 0.59 (cachegrind, 2026-12-06). Encoding the texts here
// rather than through encoding/json's reflection also spares sorting the
// map's keys.
type textRows struct {
	buf []byte
	n   int
}

// add appends the row of rowid id and its text.
func (t *textRows) add(id int64, text string) {
	if t.n == 0 {
		t.buf = append(t.buf, '{')
	} else {
		t.buf = append(t.buf, ',')
	}
	t.buf = append(t.buf, '"')
	t.buf = strconv.AppendInt(t.buf, id, 10)
	t.buf = append(t.buf, '"', ':')
	t.buf = appendJSONString(t.buf, text)
	t.n++
}

// json returns the object; "{}" when no row was added.
func (t *textRows) json() string {
	if t.n == 0 {
		return "{}"
	}
	return string(append(t.buf, '}'))
}

// appendJSONString appends s as a JSON string that decodes to s, but for
// each byte of invalid UTF-8, which decodes to U+FFFD as encoding/json
// makes it: the quote, the backslash and the control characters are
// escaped, everything else is copied.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += n
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
