package ingest

import (
	"path/filepath"

	"sijil/internal/docwalk"
)

// setRoots notes, for each of docs found in a directory named to Ingest,
// that directory as its Root: readers without the write token see a
// document by its path below its root (caption.Document.PublicPath), not
// by where it lies on the disk of whoever ingested it. The root is written
// as the walk writes the documents' paths (filepath.Join cleans them), so
// that they lie under it. A file named itself has no root and is shown by
// its base name.
func (in *ingester) setRoots(docs []docwalk.Doc) {
	for _, d := range docs {
		if d.Root == "" {
			continue
		}
		if in.roots == nil {
			in.roots = make(map[string]string, len(docs))
		}
		in.roots[d.Path] = filepath.Clean(d.Root)
	}
}
