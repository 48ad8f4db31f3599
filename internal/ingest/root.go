package ingest

import "path/filepath"

// setRoot notes dir, a directory named to Ingest, as the Root of the
// documents found in it: readers without the write token see a document
// by its path below its root (caption.Document.PublicPath), not by where it
// lies on the disk of whoever ingested it. The root is written as the
// walk writes the documents' paths (filepath.Join cleans them), so that
// they lie under it. A file named itself has no root and is shown by its
// base name.
func (in *ingester) setRoot(docs []string, dir string) {
	if len(docs) == 0 {
		return
	}
	if in.roots == nil {
		in.roots = make(map[string]string, len(docs))
	}
	root := filepath.Clean(dir)
	for _, d := range docs {
		in.roots[d] = root
	}
}
