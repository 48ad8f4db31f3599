package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sijil/internal/source"
)

// expand returns the documents paths name, in a fixed order: the paths in
// the order given, and the files of a directory in name order, its
// subdirectories walked where they sort. A path given by name is read as
// given, a symbolic link included. Inside a directory, symbolic links are
// passed over, to files and directories alike, and counted in the Summary:
// an archive with a link to /etc/passwd must not store it as a caption.
// Only the files whose names are those of documents sijil reads
// (source.IsDocumentName: .txt, .jsonl, .csv, .html, .jpg, …, in any case)
// are read; the others (a README.md, a .DS_Store, a spreadsheet) are passed
// over and counted in the Summary, and so are hidden directories (.git),
// which are not walked: a folder of captions holds other files, and a
// README read as paragraphs would become records. Entries that are neither
// directories nor regular files (sockets, devices) are passed over too. A
// path that does not exist or a directory that cannot be listed is a
// failure, and so is a directory met again inside itself (a bind mount),
// which would never end.
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
		n := len(docs)
		docs = in.walk(p, []os.FileInfo{fi}, docs)
		in.setRoot(docs[n:], p)
	}
	return docs
}

// walk adds the documents under dir to docs. ancestors are the directories
// being walked, dir's last, to recognise a directory met inside itself.
func (in *ingester) walk(dir string, ancestors []os.FileInfo, docs []string) []string {
	entries, err := os.ReadDir(dir) // sorted by name
	if err != nil {
		in.fail(dir, pathError(dir, err))
		return docs
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch t := e.Type(); {
		case t&fs.ModeSymlink != 0:
			in.skipLink(p)
		case strings.HasPrefix(e.Name(), "."):
			in.skipFile(p)
		case t.IsDir():
			fi, err := e.Info() // lstat: the directory itself
			if err != nil {
				in.fail(p, pathError(p, err))
				continue
			}
			if isAncestor(fi, ancestors) {
				in.fail(p, fmt.Errorf("%s: directory loop: it is a directory being read, not read again", p))
				continue
			}
			docs = in.walk(p, append(ancestors, fi), docs)
		case t.IsRegular() && source.IsDocumentName(p):
			docs = append(docs, p)
		case t.IsRegular():
			in.skipFile(p)
		}
	}
	return docs
}

// maxLinkPaths is how many of the symbolic links, and of the other files,
// passed over the Summary names.
const maxLinkPaths = 5

// skipLink counts a symbolic link passed over in a walk.
func (in *ingester) skipLink(p string) {
	in.sum.Links++
	if len(in.sum.LinkPaths) < maxLinkPaths {
		in.sum.LinkPaths = append(in.sum.LinkPaths, p)
	}
}

// skipFile counts a file (or hidden directory) passed over in a walk
// because its name is not that of a document sijil reads.
func (in *ingester) skipFile(p string) {
	in.sum.Skipped++
	if len(in.sum.SkippedPaths) < maxLinkPaths {
		in.sum.SkippedPaths = append(in.sum.SkippedPaths, p)
	}
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
