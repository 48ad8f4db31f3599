// Package sqlite is the caption.Store kept in one SQLite file, through the
// pure-Go modernc.org/sqlite driver: WAL, one writer connection and a pool
// of read-only ones, the schema in numbered migration files, an FTS5 index
// over captions kept by triggers, and driver errors mapped to caption's
// error kinds.
package sqlite
