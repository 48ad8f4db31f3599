// Package ingest is sijil's pipeline from documents to the register: it
// walks the paths it is given, reads each document with the reader its
// content calls for (internal/source), cuts and parses its captions
// (internal/parse), resolves their places (internal/geocode), fingerprints
// them (internal/dedup) and stores them in a caption.Store, a batch of
// documents per transaction, linking the records each batch created in the
// same transaction, in ID order: first into clusters of altered copies,
// then into events.
//
// Every step can be re-run. A document already stored unchanged is not
// parsed again; linking only ever takes the unlinked records with the lowest
// IDs (a run first links those a killed run left), and a record's links
// depend only on the records linked before it, so an ingest killed at any
// point and run again ends with the same groups as one that was never
// interrupted.
//
// Documents are read and parsed by several goroutines but stored in the
// order of the walk, so that record IDs, and with them the groups, do not
// depend on scheduling; one more goroutine writes a batch while the next is
// parsed.
package ingest
