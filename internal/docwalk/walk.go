package docwalk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sijil/internal/source"
)

// MaxPaths is how many of the symbolic links, and of the other files,
// passed over a Result names: enough to recognise them by, few enough for
// one line.
const MaxPaths = 5

// Doc is a document to read.
type Doc struct {
	// Path is the path as named, or, for a document found in a directory,
	// the directory's path joined with the names below it (filepath.Join:
	// cleaned).
	Path string
	// Root is the directory, as named, that Path was found in; "" for a
	// path named itself and for "-".
	Root string
}

// Failure is a path that could not be walked.
type Failure struct {
	Path string
	Err  error // starts with Path: "docs/a.txt: no such file or directory"
}

// Result is what Expand found.
type Result struct {
	Docs []Doc // in the order to read them

	// Links counts the symbolic links met inside directories, which are
	// passed over, not followed; LinkPaths names the first MaxPaths.
	Links     int
	LinkPaths []string

	// Skipped counts the files met inside directories whose names are not
	// those of documents (source.IsDocumentName), and the hidden files
	// and directories, which are passed over; SkippedPaths names the
	// first MaxPaths.
	Skipped      int
	SkippedPaths []string

	Failures []Failure // in the order met
}

// Expand returns the documents paths name, in a fixed order: the paths in
// the order given, and the files of a directory in name order, its
// subdirectories walked where they sort. A path given by name is read as
// given, a symbolic link included, and so is "-" (standard input). Inside
// a directory, symbolic links are passed over, to files and directories
// alike, and counted: an archive with a link to /etc/passwd must not be
// read as captions. Only the files whose names are those of documents
// sijil reads (source.IsDocumentName: .txt, .jsonl, .csv, .html, .jpg, …,
// in any case) are read; the others (a README.md, a .DS_Store, a
// spreadsheet) are passed over and counted, and so are hidden directories
// (.git), which are not walked: a folder of captions holds other files,
// and a README read as paragraphs would become records. Entries that are
// neither directories nor regular files (sockets, devices) are passed over
// without a count. A path that does not exist or a directory that cannot
// be listed is a failure, and so is a directory met again inside itself
// (a bind mount), which would never end.
func Expand(paths []string) Result {
	var w walker
	for _, p := range paths {
		if p == "-" {
			w.res.Docs = append(w.res.Docs, Doc{Path: p})
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			w.fail(p, PathError(p, err))
			continue
		}
		if !fi.IsDir() {
			w.res.Docs = append(w.res.Docs, Doc{Path: p})
			continue
		}
		w.walk(p, p, []os.FileInfo{fi})
	}
	return w.res
}

// walker is one run of Expand.
type walker struct {
	res Result
}

// walk adds the documents under dir, found under root, to the result.
// ancestors are the directories being walked, dir's last, to recognise a
// directory met inside itself.
func (w *walker) walk(root, dir string, ancestors []os.FileInfo) {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		w.fail(dir, PathError(dir, err))
		return
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch t := e.Type(); {
		case t&fs.ModeSymlink != 0:
			w.res.Links++
			w.res.LinkPaths = appendFew(w.res.LinkPaths, p)
		case strings.HasPrefix(e.Name(), "."):
			w.skip(p)
		case t.IsDir():
			fi, err := e.Info() // lstat: the directory itself
			if err != nil {
				w.fail(p, PathError(p, err))
				continue
			}
			if isAncestor(fi, ancestors) {
				w.fail(p, fmt.Errorf("%s: directory loop: it is a directory being read, not read again", p))
				continue
			}
			w.walk(root, p, append(ancestors, fi))
		case t.IsRegular() && source.IsDocumentName(p):
			w.res.Docs = append(w.res.Docs, Doc{Path: p, Root: root})
		case t.IsRegular():
			w.skip(p)
		}
	}
}

// skip counts a file (or hidden directory) passed over because its name
// is not that of a document sijil reads.
func (w *walker) skip(p string) {
	w.res.Skipped++
	w.res.SkippedPaths = appendFew(w.res.SkippedPaths, p)
}

func (w *walker) fail(p string, err error) {
	w.res.Failures = append(w.res.Failures, Failure{Path: p, Err: err})
}

// appendFew appends p to paths while they are fewer than MaxPaths.
func appendFew(paths []string, p string) []string {
	if len(paths) < MaxPaths {
		paths = append(paths, p)
	}
	return paths
}

func isAncestor(fi os.FileInfo, ancestors []os.FileInfo) bool {
	for _, a := range ancestors {
		if os.SameFile(fi, a) {
			return true
		}
	}
	return false
}

// PathError is err about path, without the operation os adds ("open",
// "stat"): "docs/a.txt: permission denied".
func PathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", path, err)
}
