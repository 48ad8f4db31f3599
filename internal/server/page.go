package server

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"strconv"
	"strings"
)

//go:embed templates
var templateFS embed.FS

// pageNames are the templates/ files that are whole pages; each defines
// "content" for layout.html.
var pageNames = []string{"search.html", "record.html", "event.html", "error.html", "photos.html"}

// parsePages parses each page with the layout. The templates are embedded,
// so an error is a build mistake that every test shows.
func parsePages() map[string]*template.Template {
	funcs := template.FuncMap{
		"join":  func(sep string, s []string) string { return strings.Join(s, sep) },
		"label": fieldLabel,
		"int":   func(p *int) string { return strconv.Itoa(*p) },
	}
	pages := make(map[string]*template.Template, len(pageNames))
	for _, name := range pageNames {
		pages[name] = template.Must(template.New(name).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/"+name))
	}
	return pages
}

// render executes page into a buffer first, so that a template failure
// becomes a clean 500 rather than half a page.
func (s *server) render(w http.ResponseWriter, r *http.Request, status int, page string, data any) {
	var buf bytes.Buffer
	if err := s.pages[page].ExecuteTemplate(&buf, "layout", data); err != nil {
		s.error(w, r, err)
		return
	}
	writePage(w, status, buf.Bytes())
}

// writePage sends an HTML page with its control characters shown (see
// showControls). Like every answer but the static assets, it is sent with
// Cache-Control: no-store (see secure).
func writePage(w http.ResponseWriter, status int, page []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(showControls(page))
}

// errorView is the data of error.html.
type errorView struct {
	Title   string
	Status  int
	Message string
}

// renderError writes the error page; only error() calls it. A failure
// here falls back to plain text.
func (s *server) renderError(w http.ResponseWriter, r *http.Request, status int, msg string) {
	var buf bytes.Buffer
	v := errorView{Title: http.StatusText(status), Status: status, Message: msg}
	if err := s.pages["error.html"].ExecuteTemplate(&buf, "layout", v); err != nil {
		http.Error(w, msg, status)
		return
	}
	writePage(w, status, buf.Bytes())
}

// fieldLabels name the record's fields for people.
var fieldLabels = map[string]string{
	"date": "Date", "places": "Places", "country": "Country", "killed": "Killed", "injured": "Injured",
	"attribution": "Attribution", "actors": "Actors", "event_types": "Event types", "people": "People",
	"credit": "Credit", "photographers": "Photographers", "agencies": "Agencies", "location": "Location",
	"warnings": "Warnings", "event_type": "Event type", "admin1": "Admin area", "agency": "Agency",
	"photographer": "Photographer", "actor": "Actor", "year": "Year", "q": "Text", "from": "From", "to": "To",
	"place": "Place", "event": "Event type", "killed_min": "Killed at least", "near": "Near", "basis": "Location basis",
}

func fieldLabel(field string) string {
	if l, ok := fieldLabels[field]; ok {
		return l
	}
	return strings.ReplaceAll(field, "_", " ")
}
