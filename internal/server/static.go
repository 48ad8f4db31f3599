package server

import (
	_ "embed"
	"io/fs"
	"net/http"
	"strings"

	"sijil/internal/server/web"
)

// staticHandler serves web.FS: static/ at /static/ and data/ at
// /static/data/, the URLs map.js asks for. Directory listings, dot-dot
// segments and backslashes are 404s: only the embedded files are served,
// whatever the path says.
func staticHandler() http.Handler {
	static, err := fs.Sub(web.FS, "static")
	if err != nil {
		panic(err) // web.FS is embedded: a missing directory is a build mistake
	}
	data, err := fs.Sub(web.FS, "data")
	if err != nil {
		panic(err)
	}
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	dataFiles := http.StripPrefix("/static/data/", http.FileServerFS(data))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if strings.HasSuffix(p, "/") || strings.Contains(p, "..") || strings.Contains(p, "\\") || strings.Contains(p, "/.") {
			http.NotFound(w, r)
			return
		}
		if strings.HasPrefix(p, "/static/data/") {
			dataFiles.ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// openAPI is the API's OpenAPI 3 description, kept by hand beside the
// handlers and checked against their answers by the tests.
//
//go:embed openapi.json
var openAPI []byte

func (s *server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(openAPI)
}
