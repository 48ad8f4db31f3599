package docwalk

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// caption is what every document written here holds: Expand opens none,
// so the text only has to be one a reader would take.
const caption = "Volunteers clear debris from a street in Hodeidah, Yemen, on June 14, 2018.\n"

// makeTree creates, in the current directory, each of entries: "x/" a
// directory, "x -> target" a symbolic link, "x|socket" a Unix socket (an
// entry that is neither a file nor a directory), anything else a file
// holding caption. Parents are made as needed. It skips the test where
// the system makes no links or sockets.
func makeTree(t *testing.T, entries ...string) {
	t.Helper()
	for _, e := range entries {
		name, target, isLink := strings.Cut(e, " -> ")
		name, isSocket := strings.CutSuffix(name, "|socket")
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case isLink:
			if err := os.Symlink(target, name); err != nil {
				t.Skip("no symbolic links:", err)
			}
		case isSocket:
			l, err := net.Listen("unix", name)
			if err != nil {
				t.Skip("no Unix sockets:", err)
			}
			t.Cleanup(func() { l.Close() })
		case strings.HasSuffix(name, "/"):
			if err := os.MkdirAll(name, 0o755); err != nil {
				t.Fatal(err)
			}
		default:
			if err := os.WriteFile(name, []byte(caption), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// walked is a Result with its failures as text, to compare.
type walked struct {
	Docs         []Doc
	Links        int
	LinkPaths    []string
	Skipped      int
	SkippedPaths []string
	Failures     []string // "path | error"
}

func walkedOf(r Result) walked {
	w := walked{Docs: r.Docs, Links: r.Links, LinkPaths: r.LinkPaths, Skipped: r.Skipped, SkippedPaths: r.SkippedPaths}
	for _, f := range r.Failures {
		w.Failures = append(w.Failures, f.Path+" | "+f.Err.Error())
	}
	return w
}

// under returns the documents at paths, found in the directory root.
func under(root string, paths ...string) []Doc {
	docs := make([]Doc, len(paths))
	for i, p := range paths {
		docs[i] = Doc{Path: filepath.FromSlash(p), Root: root}
	}
	return docs
}

// TestExpand walks small trees built in a temporary directory, named by
// relative paths so that the expected ones read as they are written.
func TestExpand(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tree  []string
		paths []string
		want  walked
	}{
		{
			name:  "name order",
			tree:  []string{"d/b.txt", "d/a.jsonl", "d/C.CSV", "d/10.txt", "d/2.txt", "d/page.HTML"},
			paths: []string{"d"},
			// Byte order: digits, then upper case, then lower case.
			want: walked{Docs: under("d", "d/10.txt", "d/2.txt", "d/C.CSV", "d/a.jsonl", "d/b.txt", "d/page.HTML")},
		},
		{
			name:  "nested directories where they sort",
			tree:  []string{"d/a.txt", "d/b/c.txt", "d/b/d/e.txt", "d/ba.txt", "d/c.txt", "d/empty/"},
			paths: []string{"d"},
			want:  walked{Docs: under("d", "d/a.txt", "d/b/c.txt", "d/b/d/e.txt", "d/ba.txt", "d/c.txt")},
		},
		{
			name:  "paths in the order given",
			tree:  []string{"z.txt", "d/a.txt", "e/b.txt"},
			paths: []string{"z.txt", "e", "-", "d", "z.txt"},
			want: walked{Docs: []Doc{
				{Path: "z.txt"}, {Path: filepath.Join("e", "b.txt"), Root: "e"}, {Path: "-"},
				{Path: filepath.Join("d", "a.txt"), Root: "d"}, {Path: "z.txt"},
			}},
		},
		{
			name:  "root as named",
			tree:  []string{"d/sub/a.txt"},
			paths: []string{"./d/"},
			// The paths are joined, so cleaned; the root is kept as named.
			want: walked{Docs: under("./d/", "d/sub/a.txt")},
		},
		{
			name:  "hidden files and directories",
			tree:  []string{"d/.git/config.txt", "d/.hidden.txt", "d/._a.txt", "d/a.txt", "d/sub/.DS_Store"},
			paths: []string{"d"},
			want: walked{
				Docs:    under("d", "d/a.txt"),
				Skipped: 4, SkippedPaths: []string{"d/._a.txt", "d/.git", "d/.hidden.txt", "d/sub/.DS_Store"},
			},
		},
		{
			name:  "names that are not documents",
			tree:  []string{"d/README.md", "d/notes.docx", "d/Thumbs.db", "d/a.TXT", "d/sheet.xlsx", "d/noext"},
			paths: []string{"d"},
			want: walked{
				Docs:    under("d", "d/a.TXT"),
				Skipped: 5, SkippedPaths: []string{"d/README.md", "d/Thumbs.db", "d/noext", "d/notes.docx", "d/sheet.xlsx"},
			},
		},
		{
			name:  "the first few passed over named",
			tree:  []string{"d/1.md", "d/2.md", "d/3.md", "d/4.md", "d/5.md", "d/6.md", "d/7.md", "d/a.txt"},
			paths: []string{"d"},
			want: walked{
				Docs:    under("d", "d/a.txt"),
				Skipped: 7, SkippedPaths: []string{"d/1.md", "d/2.md", "d/3.md", "d/4.md", "d/5.md"},
			},
		},
		{
			name:  "links to a file and to a directory passed over",
			tree:  []string{"outside.txt", "other/x.txt", "d/a.txt", "d/to-file.txt -> ../outside.txt", "d/to-dir -> ../other", "d/dangling.txt -> ../nowhere.txt"},
			paths: []string{"d"},
			want: walked{
				Docs:  under("d", "d/a.txt"),
				Links: 3, LinkPaths: []string{"d/dangling.txt", "d/to-dir", "d/to-file.txt"},
			},
		},
		{
			name:  "link loops passed over",
			tree:  []string{"d/a.txt", "d/loop -> .", "d/up -> ..", "d/self.txt -> self.txt"},
			paths: []string{"d"},
			want: walked{
				Docs:  under("d", "d/a.txt"),
				Links: 3, LinkPaths: []string{"d/loop", "d/self.txt", "d/up"},
			},
		},
		{
			name:  "links named are read as given",
			tree:  []string{"outside.txt", "d/a.txt", "d/README.md", "d/to-file.txt -> ../outside.txt", "d/loop -> ."},
			paths: []string{"d/to-file.txt", "d/README.md", "d/loop"},
			// A link to a directory named itself is walked, and the links
			// met inside it passed over: its own included.
			want: walked{
				Docs:  append([]Doc{{Path: "d/to-file.txt"}, {Path: "d/README.md"}}, under("d/loop", "d/loop/a.txt")...),
				Links: 2, LinkPaths: []string{"d/loop/loop", "d/loop/to-file.txt"},
				Skipped: 1, SkippedPaths: []string{"d/loop/README.md"},
			},
		},
		{
			name:  "a link loop named fails",
			tree:  []string{"self.txt -> self.txt"},
			paths: []string{"self.txt"},
			want:  walked{Failures: []string{"self.txt | self.txt: too many levels of symbolic links"}},
		},
		{
			name:  "missing paths fail, the others are walked",
			tree:  []string{"d/a.txt"},
			paths: []string{"missing.txt", "d", "gone/"},
			want: walked{
				Docs:     under("d", "d/a.txt"),
				Failures: []string{"missing.txt | missing.txt: no such file or directory", "gone/ | gone/: no such file or directory"},
			},
		},
		{
			name:  "neither file nor directory",
			tree:  []string{"d/a.txt", "d/s.txt|socket"},
			paths: []string{"d"},
			// Not a document, and not counted: nothing a user would
			// look for among the files passed over.
			want: walked{Docs: under("d", "d/a.txt")},
		},
		{
			name:  "an empty directory",
			tree:  []string{"d/"},
			paths: []string{"d"},
			want:  walked{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			makeTree(t, tc.tree...)
			got := walkedOf(Expand(tc.paths))
			if diff := cmp.Diff(slashed(tc.want), got); diff != "" {
				t.Errorf("Expand(%q) (-want +got):\n%s", tc.paths, diff)
			}
		})
	}
}

// slashed is w with the paths written with the system's separator.
func slashed(w walked) walked {
	from := func(ps []string) []string {
		for i, p := range ps {
			ps[i] = filepath.FromSlash(p)
		}
		return ps
	}
	for i := range w.Docs {
		w.Docs[i].Path = filepath.FromSlash(w.Docs[i].Path)
	}
	from(w.LinkPaths)
	from(w.SkippedPaths)
	from(w.Failures)
	return w
}

// TestExpandUnreadable checks that a directory that cannot be listed is a
// failure naming it, keeping the system's reason for errors.Is, and that
// the walk goes on past it.
func TestExpandUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root lists any directory")
	}
	t.Chdir(t.TempDir())
	makeTree(t, "d/a.txt", "d/locked/b.txt", "d/z.txt")
	if err := os.Chmod(filepath.Join("d", "locked"), 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(filepath.Join("d", "locked"), 0o755) // for t.TempDir's removal
	got := Expand([]string{"d"})
	locked := filepath.Join("d", "locked")
	if diff := cmp.Diff(under("d", "d/a.txt", "d/z.txt"), got.Docs); diff != "" {
		t.Errorf("documents (-want +got):\n%s", diff)
	}
	if len(got.Failures) != 1 || got.Failures[0].Path != locked ||
		got.Failures[0].Err.Error() != locked+": permission denied" || !errors.Is(got.Failures[0].Err, fs.ErrPermission) {
		t.Errorf("failures %v, want %s: permission denied, wrapping fs.ErrPermission", got.Failures, locked)
	}
}

// TestExpandMissingIsNotExist checks that a missing path's error wraps
// the system's, so that callers can tell it with errors.Is.
func TestExpandMissingIsNotExist(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	got := Expand([]string{missing})
	if len(got.Docs) != 0 || len(got.Failures) != 1 || !errors.Is(got.Failures[0].Err, fs.ErrNotExist) {
		t.Errorf("Expand(%q) = %+v, want one failure wrapping fs.ErrNotExist", missing, got)
	}
	if want := fmt.Sprintf("%s: no such file or directory", missing); got.Failures[0].Err.Error() != want {
		t.Errorf("error %q, want %q", got.Failures[0].Err, want)
	}
}
