// Package sqlite is the caption.Store kept in one SQLite file, through the
// pure-Go modernc.org/sqlite driver: WAL, one writer connection and a pool
// of read-only ones, the schema in numbered migration files, a search index
// written with each record (FTS5 over words folded in Go, the values that
// filters and facets use, a narrow row per record that searches scan), and
// driver errors mapped to caption's error kinds.
package sqlite
