// Package postgres is caption.Store on PostgreSQL, for teams that share one
// register. It uses pgx's pool and hand-written, portable SQL (no extensions),
// so that PostgreSQL-compatible engines can host it too.
//
// The schema is the numbered files in migrations/, embedded and applied in
// order by Open, in one transaction under an advisory lock, and recorded in
// schema_migrations; testdata/schema.sql shows the result. Captions are
// searchable through a generated tsvector column with a GIN index, over
// words folded in Go (caption.SearchText) and queried with a tsquery built
// from caption.ParseText; filters and facets use the search_terms table.
//
// Several processes may ingest into one database at once: PutDocument finds
// or creates records with INSERT … ON CONFLICT DO NOTHING, so concurrent
// writers never duplicate a record or lose an occurrence, and Exclusive holds
// a session-level advisory lock so that only one process links records at a
// time. Driver errors are mapped to caption's kinds here, at the edge.
package postgres
