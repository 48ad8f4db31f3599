package ingest

import "sijil/internal/docwalk"

// expand returns the documents paths name, in docwalk.Expand's order, and
// notes in the Summary what the walk passed over and, as failures, what it
// could not walk; the documents found in a directory keep it as their
// root. It is called once a run: the counts are set, not added to.
func (in *ingester) expand(paths []string) []string {
	w := docwalk.Expand(paths)
	in.sum.Links, in.sum.LinkPaths = w.Links, w.LinkPaths
	in.sum.Skipped, in.sum.SkippedPaths = w.Skipped, w.SkippedPaths
	// The walk opens no document: its failures are reported before any
	// document's, as when the ingester walked the paths itself.
	for _, f := range w.Failures {
		in.fail(f.Path, f.Err)
	}
	in.setRoots(w.Docs)
	docs := make([]string, len(w.Docs))
	for i, d := range w.Docs {
		docs[i] = d.Path
	}
	return docs
}
