package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// expand returns the documents paths name, in a fixed order: the paths in
// the order given, and the files of a directory in name order, its
// subdirectories walked where they sort. Symbolic links are followed, except
// one that leads back into a directory being walked (a loop), which is a
// failure. Inside a
// directory, names starting with "." are skipped (.git, .DS_Store), as are
// files that are not regular files; a path given by name is always tried.
// A path that does not exist or a directory that cannot be listed is a
// failure.
func (in *ingester) expand(paths []string) []string {
	var docs []string
	for _, p := range paths {
		if p == "-" {
			docs = append(docs, p)
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			in.fail(p, pathError(p, err))
			continue
		}
		if !fi.IsDir() {
			docs = append(docs, p)
			continue
		}
		docs = in.walk(p, []os.FileInfo{fi}, docs)
	}
	return docs
}

// walk adds the documents under dir to docs. ancestors are the directories
// being walked, dir's last, to recognise a symbolic link loop.
func (in *ingester) walk(dir string, ancestors []os.FileInfo, docs []string) []string {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		in.fail(dir, pathError(dir, err))
		return docs
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		fi, err := os.Stat(p) // follows links
		if err != nil {
			in.fail(p, pathError(p, err))
			continue
		}
		switch {
		case fi.IsDir():
			if isAncestor(fi, ancestors) {
				// A link back up the tree: walking it would never end. It
				// is reported, not skipped in silence, so that a user who
				// meant it to lead elsewhere learns that nothing under it
				// was read.
				in.fail(p, fmt.Errorf("%s: symbolic link loop: it leads back to a directory being read, not followed", p))
				continue
			}
			docs = in.walk(p, append(ancestors, fi), docs)
		case fi.Mode().IsRegular():
			docs = append(docs, p)
		}
	}
	return docs
}

func isAncestor(fi os.FileInfo, ancestors []os.FileInfo) bool {
	for _, a := range ancestors {
		if os.SameFile(fi, a) {
			return true
		}
	}
	return false
}

// pathError is err about path, without the operation os adds ("open",
// "stat"): "docs/a.txt: permission denied".
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", path, err)
}
