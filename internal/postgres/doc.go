// Package postgres is caption.Store on PostgreSQL, for teams that share one
// register. It uses pgx's pool and hand-written, portable SQL (no extensions),
// so that PostgreSQL-compatible engines can host it too.
//
// The schema is the numbered files in migrations/, embedded and applied in
// order by Open, in one transaction under an advisory lock, and recorded in
// schema_migrations; testdata/schema.sql shows the result. Captions are
// searchable through a tsvector column with a GIN index, of words folded
// in Go (caption.SearchText) and built in Go (searchVector), and queried
// with a tsquery literal built from caption.ParseText; filters and facets
// use the search_terms table.
//
// Several processes may ingest into one database at once. An ingest stores
// and links a batch of documents at a time with PutDocuments inside
// Exclusive: one transaction holding a transaction-level advisory lock, so
// that one process at a time stores and links, and a batch's rows reach
// the server by COPY in a few round trips (putdocuments.go, stage.go).
// PutDocument and PutDocuments outside Exclusive take the lock shared, run
// side by side, and insert records through a staging table with INSERT …
// ON CONFLICT DO NOTHING, so that concurrent writers never duplicate a
// record or lose an occurrence. Driver errors are mapped to caption's kinds
// here, at the edge.
package postgres
