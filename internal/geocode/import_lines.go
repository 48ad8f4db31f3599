package geocode

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"sijil/internal/caption"
)

// maxLine bounds one line of a GeoNames file. The longest lines of
// allCountries.txt (capitals with hundreds of alternate names) are tens of
// kilobytes; a megabyte-long line means the file is not what we think.
const maxLine = 1 << 20

// inputError is a problem with one line or record of an input file. It
// unwraps to caption.ErrInvalid, and its text starts with the position
// ("SY.txt:12", "locations.json[5747]") so a user can find the row.
type inputError struct {
	pos, msg string
}

func (e *inputError) Error() string { return e.pos + ": " + e.msg }
func (e *inputError) Unwrap() error { return caption.ErrInvalid }

// lineError returns an inputError positioned at line of the named file.
func lineError(name string, line int, format string, args ...any) error {
	return &inputError{fmt.Sprintf("%s:%d", name, line), fmt.Sprintf(format, args...)}
}

// internCode returns the one copy of string(b) kept in m.
func internCode(m map[string]string, b []byte) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	s := string(b)
	m[s] = s
	return s
}

// splitTabs splits text on tabs into dst and returns the number of fields
// text has, which may exceed len(dst).
func splitTabs(text []byte, dst [][]byte) int {
	n := 0
	for {
		i := bytes.IndexByte(text, '\t')
		if n < len(dst) {
			if i < 0 {
				dst[n] = text
			} else {
				dst[n] = text[:i]
			}
		}
		n++
		if i < 0 {
			return n
		}
		text = text[i+1:]
	}
}

// scanLines calls fn with each non-empty line of r and its 1-based number,
// without the line ending (\n or \r\n), stopping at the first error.
func scanLines(r io.Reader, name string, fn func(line int, text []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSuffix(sc.Bytes(), []byte{'\r'})
		if len(text) == 0 {
			continue
		}
		if err := fn(line, text); err != nil {
			return err
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return lineError(name, line+1, "line longer than %d bytes", maxLine)
	case err != nil:
		return fmt.Errorf("read %s:%d: %w", name, line+1, err)
	}
	return nil
}
