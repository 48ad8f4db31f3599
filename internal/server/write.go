package server

import (
	"net/http"
	"path"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// handleDocumentCreate ingests the request body as one document. Its name
// is the "name" parameter (a file name, without directories); the body is
// capped at Limits.MaxUpload.
func (s *server) handleDocumentCreate(w http.ResponseWriter, r *http.Request) {
	if s.opt.Ingest == nil {
		s.error(w, r, &UserError{Kind: caption.ErrUnsupported, Message: "this server does not take uploads"})
		return
	}
	name, err := uploadName(r.URL.Query().Get("name"))
	if err != nil {
		s.error(w, r, err)
		return
	}
	body := http.MaxBytesReader(w, r.Body, s.limits.MaxUpload)
	res, err := s.opt.Ingest(r.Context(), name, body)
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, uploadJSON(res))
}

// uploadJSON is the answer to an upload: IngestResult with JSON names.
type uploadJSON struct {
	Path            string `json:"path"`
	SHA256          string `json:"sha256"`
	Size            int64  `json:"size"`
	Unchanged       bool   `json:"unchanged"`
	Captions        int    `json:"captions"`
	NewRecords      int    `json:"new_records"`
	ExactDuplicates int    `json:"exact_duplicates"`
}

// uploadName checks a client's file name: a base name of printable UTF-8,
// whose extension helps choose the reader.
func uploadName(name string) (string, error) {
	if name == "" {
		return "", invalid("name", "give the document's file name, e.g. ?name=captions.txt")
	}
	if len(name) > 200 || !utf8.ValidString(name) || strings.ContainsAny(name, "/\\\x00") ||
		name == "." || name == ".." || path.Base(name) != name || strings.IndexFunc(name, isControl) >= 0 {
		return "", invalid("name", "want a plain file name of at most 200 bytes, without directories")
	}
	return name, nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
