package sqlite

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"sijil/internal/caption"
)

// TestFileModes checks that a new register and its -wal and -shm files are
// readable by their owner only, even under a umask that lets everyone read
// (SQLite alone creates them 0644), and that an existing file keeps the
// mode its owner gave it.
func TestFileModes(t *testing.T) {
	old := syscall.Umask(0o022)
	t.Cleanup(func() { syscall.Umask(old) })
	path := filepath.Join(t.TempDir(), "sijil.db")
	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	doc := caption.Document{Path: "a.txt", SHA256: "aa", Size: 1, Format: "text"}
	item := caption.Item{Occurrence: caption.Occurrence{Text: "a"}, Record: caption.Record{Text: "a"},
		Fingerprint: caption.Fingerprint{Key: "k"}}
	if _, err := s.PutDocument(t.Context(), doc, []caption.Item{item}, caption.Versions{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want -rw-------", filepath.Base(name), fi.Mode())
		}
	}

	shared := filepath.Join(t.TempDir(), "shared.db")
	if err := os.WriteFile(shared, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(t.Context(), shared)
	if err != nil {
		t.Fatal(err)
	}
	s2.Close()
	if fi, err := os.Stat(shared); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("an existing register's mode was changed: %v, %v", fi.Mode(), err)
	}
}
