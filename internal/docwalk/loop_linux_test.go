package docwalk

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExpandBindLoop mounts a directory inside itself, the loop no
// symbolic link makes (links are passed over): the walk reads the
// directory once and fails the mount point instead of going round. Only
// root may mount, so elsewhere the test skips.
func TestExpandBindLoop(t *testing.T) {
	t.Chdir(t.TempDir())
	makeTree(t, "d/a.txt", "d/sub/", "d/z.txt")
	abs, err := filepath.Abs("d")
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount(abs, filepath.Join(abs, "sub"), "", syscall.MS_BIND, ""); err != nil {
		t.Skip("cannot bind-mount (root only):", err)
	}
	// Before t.TempDir removes the tree, which it could not through the
	// mount point.
	t.Cleanup(func() {
		if err := syscall.Unmount(filepath.Join(abs, "sub"), syscall.MNT_DETACH); err != nil {
			t.Errorf("unmount: %v", err)
		}
	})
	if _, err := os.Stat(filepath.Join("d", "sub", "a.txt")); err != nil {
		t.Fatalf("the mount does not show the directory: %v", err)
	}
	want := walked{
		Docs:     under("d", "d/a.txt", "d/z.txt"),
		Failures: []string{"d/sub | d/sub: directory loop: it is a directory being read, not read again"},
	}
	if diff := cmp.Diff(slashed(want), walkedOf(Expand([]string{"d"}))); diff != "" {
		t.Errorf("Expand (-want +got):\n%s", diff)
	}
}
