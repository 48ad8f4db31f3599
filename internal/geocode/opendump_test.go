package geocode

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"sijil/internal/caption"
)

// TestOpenDumpErrors checks that OpenDump's errors keep their cause: a
// missing archive is fs.ErrNotExist (not the input's fault), a file that is
// not a zip archive is caption.ErrInvalid.
func TestOpenDumpErrors(t *testing.T) {
	dir := t.TempDir()
	notZip := filepath.Join(dir, "SY.zip")
	if err := os.WriteFile(notZip, []byte("geonameid\tname\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path      string
		want, not error
	}{
		{filepath.Join(dir, "missing.zip"), fs.ErrNotExist, caption.ErrInvalid},
		{filepath.Join(dir, "missing.txt"), fs.ErrNotExist, caption.ErrInvalid},
		{notZip, caption.ErrInvalid, fs.ErrNotExist},
	} {
		r, _, err := OpenDump(tc.path)
		if err == nil {
			r.Close()
		}
		if !errors.Is(err, tc.want) || errors.Is(err, tc.not) {
			t.Errorf("OpenDump(%s) = %v, want %v and not %v", filepath.Base(tc.path), err, tc.want, tc.not)
		}
	}
}
