// Package server is sijil's HTTP face: a JSON API under /api/v1/ (records
// with facets and cursor pagination, one record with its sources and groups,
// events, stats, the timeline and the GeoJSON of a search, documented by an
// embedded OpenAPI file) and server-rendered pages (search with facets, map
// and timeline; record pages that show the evidence behind each value; event
// pages). The pages use html/template and the assets of package web, so the
// program works offline with no front-end build.
//
// It depends on caption.Store and package export only: the gazetteer and the
// ingest pipeline reach it as functions in Options, supplied by cmd/sijil.
// It is read-only unless Options.WriteToken is set; then field corrections
// and document uploads are accepted from requests that carry the token as
// "Authorization: Bearer TOKEN" (CheckWriteToken says what a token must be).
// It answers only requests for localhost, the loopback addresses and
// Options.Hosts (421 otherwise, against DNS rebinding), and shows control
// characters in captions visibly on its pages.
package server
