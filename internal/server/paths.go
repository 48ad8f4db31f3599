package server

import (
	"crypto/subtle"
	"iter"
	"net/http"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// Where the register's documents lie on the disk of whoever ingested them
// is for the command line and the holders of the write token: folder names
// often name cases, sources or accounts. Everyone else sees a document by
// its ID and its caption.Document.PublicPath (its path below the directory
// that was ingested, or its base name), in the API's JSON, on the pages
// and in exports.

// tokenHolder reports whether r carries the write token, as requireToken
// checks it; never on a read-only server.
func (s *server) tokenHolder(r *http.Request) bool {
	if s.opt.WriteToken == "" {
		return false
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(s.opt.WriteToken)) == 1
}

// sourcesFor returns srcs as r may see them: unchanged for a token holder,
// else with each document's public path in place of its path (a copy).
func (s *server) sourcesFor(r *http.Request, srcs []caption.Source) []caption.Source {
	if s.tokenHolder(r) {
		return srcs
	}
	return publicSources(srcs)
}

func publicSources(srcs []caption.Source) []caption.Source {
	if srcs == nil {
		return nil
	}
	out := make([]caption.Source, len(srcs))
	for i, src := range srcs {
		src.Document = src.Document.Public()
		out[i] = src
	}
	return out
}

// entriesFor is sourcesFor for the entries of an export.
func (s *server) entriesFor(r *http.Request, entries iter.Seq2[export.Entry, error]) iter.Seq2[export.Entry, error] {
	if s.tokenHolder(r) {
		return entries
	}
	return func(yield func(export.Entry, error) bool) {
		for e, err := range entries {
			e.Sources = publicSources(e.Sources)
			if !yield(e, err) {
				return
			}
		}
	}
}
