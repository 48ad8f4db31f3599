package ingest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIngestRoot checks that documents found in a directory named to the
// ingest keep it as their Root, written as their paths are (a relative
// directory, with a trailing slash too), and that a file named itself
// and standard input have none.
func TestIngestRoot(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "case-17", "gallery", "a.txt"), taiz+"\n")
	named := writeFile(t, filepath.Join(dir, "b.txt"), saqba+"\n")
	t.Chdir(dir)
	s := newSQLite(t)
	opt := testOptions(t)
	opt.Stdin = strings.NewReader(saqbaAltered + "\n")
	mustIngest(t, s, []string{"./case-17/", named, "-"}, opt)
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var got [][3]string
	for _, d := range docs {
		got = append(got, [3]string{d.Path, d.Root, d.PublicPath()})
	}
	want := [][3]string{
		{filepath.Join("case-17", "gallery", "a.txt"), "case-17", "gallery/a.txt"},
		{named, "", "b.txt"},
		{"-", "", "-"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("documents' path, root and public path (-want +got):\n%s", diff)
	}
}
