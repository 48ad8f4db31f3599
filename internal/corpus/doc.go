// Package corpus generates benchmark corpora for the archive: plain-text
// caption documents (the format `sijil parse` and `sijil ingest` read) with a
// known share of exact duplicates, altered copies and other photos of one
// incident, and the truth to score a clustering against.
//
// The captions come from this package's own templates: sentence shapes for
// each kind of scene, real place names of several countries, dates in the
// styles of the big agencies, casualty figures with their attribution,
// background sentences and invented photographers credited in AFP, Reuters,
// AP, EPA-EFE, Getty Images and Anadolu styles. Generation is deterministic
// from Options.Seed and streams one document at a time, so a million captions
// take seconds and little memory.
//
// Evaluate scores a clustering by pairwise precision and recall.
package corpus
