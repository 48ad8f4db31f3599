package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"sijil/internal/caption"
)

// Corrections are kept beside the register, not in it: the stores have no
// table for them yet, so the server appends them to corrections.jsonl in
// its data directory, one JSON object a line, never rewriting a line. The
// parsed values stay as they are; pages and the API show each correction
// next to the value it corrects, with who made it, when and why.
const correctionsFile = "corrections.jsonl"

// correctionJSON is one correction as stored and as the API returns it.
type correctionJSON struct {
	Seq      int             `json:"seq"` // 1-based position in the log
	Record   int64           `json:"record"`
	Field    string          `json:"field"`
	Value    json.RawMessage `json:"value"`    // the corrected value
	Previous json.RawMessage `json:"previous"` // the parsed value, as the record's JSON has it
	Note     string          `json:"note"`
	Author   string          `json:"author"`
	At       time.Time       `json:"at"`
}

// correctionLog is the append-only file of corrections. Its mutex orders
// this process's appends; O_APPEND keeps each line whole.
type correctionLog struct {
	mu   sync.Mutex
	path string
}

func newCorrectionLog(dir string) *correctionLog {
	return &correctionLog{path: filepath.Join(dir, correctionsFile)}
}

// add appends c, numbering it, and returns it as stored.
func (l *correctionLog) add(c correctionJSON) (correctionJSON, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	all, err := l.readAll()
	if err != nil {
		return c, err
	}
	c.Seq = len(all) + 1
	line, err := json.Marshal(c)
	if err != nil {
		return c, fmt.Errorf("corrections: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(l.path), 0o700); err != nil {
		return c, fmt.Errorf("corrections: %w", err)
	}
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return c, fmt.Errorf("corrections: %w", err)
	}
	_, err = f.Write(append(line, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return c, fmt.Errorf("corrections %s: %w", l.path, err)
	}
	return c, nil
}

// forRecord returns the corrections of one record, oldest first.
func (l *correctionLog) forRecord(id int64) ([]correctionJSON, error) {
	l.mu.Lock()
	all, err := l.readAll()
	l.mu.Unlock()
	if err != nil {
		return nil, err
	}
	out := []correctionJSON{}
	for _, c := range all {
		if c.Record == id {
			out = append(out, c)
		}
	}
	return out, nil
}

// readAll reads every correction; a missing file holds none.
func (l *correctionLog) readAll() ([]correctionJSON, error) {
	data, err := os.ReadFile(l.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("corrections: %w", err)
	}
	var out []correctionJSON
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var c correctionJSON
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("corrections %s:%d: %w", l.path, n, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("corrections %s: %w", l.path, err)
	}
	return out, nil
}

func (s *server) recordCorrections(id int64) ([]correctionJSON, error) {
	if s.corrections == nil {
		return []correctionJSON{}, nil
	}
	return s.corrections.forRecord(id)
}

// errNoDataDir answers corrections on a server without a data directory.
var errNoDataDir = &UserError{Kind: caption.ErrUnsupported,
	Message: "corrections are kept in the server's data directory, and this server has none: start it with --data-dir DIR"}
