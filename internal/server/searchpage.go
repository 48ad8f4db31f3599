package server

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// searchView is the data of search.html.
type searchView struct {
	Title  string
	Q      string
	Hidden []param // the other filters, kept by a new text search
	// PhotoAction is where the photo form posts: the photo search with
	// this page's filters, which it applies to the records it finds.
	PhotoAction string
	Chips       []chip
	Facets      []facetView
	Results     []resultView
	Total       int
	NextURL     string
	FirstURL    string // set on pages after the first
	Error       string

	MapPoints, MapCountry, MapAdmin1 string
	TimelineSrc, From, To            string
}

type param struct{ Name, Value string }

// chip is an active filter; its link removes it.
type chip struct{ Label, Value, RemoveURL string }

type facetView struct {
	Name, Title string
	Items       []facetItem
}

type facetItem struct {
	Label  string
	Count  int
	URL    string
	Active bool
}

// resultView is one result in the list.
type resultView struct {
	URL, Title, Date, Place, Country string
	Killed                           *int
	EventTypes                       string
	Snippet                          string
	// Thumb is the thumbnail URL of the record's first photo source, ""
	// for a caption read from text only; Distance, in a photo search, how
	// far its picture lies from the one searched for.
	Thumb    string
	Distance *int
}

// facetParams maps facets to the filter parameter a facet link sets.
var facetParams = map[string]string{
	caption.FacetCountry: "country", caption.FacetAdmin1: "admin1", caption.FacetBasis: "basis", caption.FacetAgency: "agency",
	caption.FacetPhotographer: "photographer", caption.FacetEventType: "event", caption.FacetActor: "actor",
}

// admin1Code is how the map names an admin area: "SY.09".
var admin1Code = regexp.MustCompile(`^[A-Z]{2}\.[0-9A-Za-z]{1,20}$`)

func (s *server) handleSearchPage(w http.ResponseWriter, r *http.Request) {
	f := filterOf(r.URL.Query())
	v := searchView{Title: "Search", Q: f["q"], From: f["from"], To: f["to"], PhotoAction: f.url("/photo-search"),
		MapPoints: f.url("/api/v1/geojson"), TimelineSrc: f.url("/api/v1/timeline"),
		MapCountry: strings.ToUpper(f["country"])}
	if admin1Code.MatchString(f["admin1"]) {
		v.MapAdmin1 = f["admin1"]
	}
	for _, k := range filterParams {
		if val, ok := f[k]; ok {
			v.Chips = append(v.Chips, chip{Label: fieldLabel(k), Value: val, RemoveURL: f.with(k, "").url("/")})
			if k != "q" {
				v.Hidden = append(v.Hidden, param{k, val})
			}
		}
	}
	res, err := s.search(r)
	if err != nil {
		status, msg := errorStatus(err)
		if status != http.StatusBadRequest {
			s.error(w, r, err)
			return
		}
		v.Error = msg
		s.render(w, r, status, "search.html", v)
		return
	}
	v.Total = res.Total
	v.Facets = facetViews(f, res.Facets)
	if v.Results, err = s.resultViews(r, res.Records); err != nil {
		s.error(w, r, err)
		return
	}
	if res.Next != "" {
		v.NextURL = pageURL(f, r.URL.Query().Get("limit"), res.Next)
	}
	if r.URL.Query().Get("cursor") != "" {
		v.FirstURL = pageURL(f, r.URL.Query().Get("limit"), "")
	}
	if f["q"] != "" {
		v.Title = "Search: " + f["q"]
	}
	s.render(w, r, http.StatusOK, "search.html", v)
}

// pageURL is the search page of f at cursor.
func pageURL(f filter, limit, cursor string) string {
	q := f.encode()
	for _, p := range [][2]string{{"limit", limit}, {"cursor", cursor}} {
		if p[1] != "" {
			if q != "" {
				q += "&"
			}
			q += p[0] + "=" + url.QueryEscape(p[1])
		}
	}
	if q == "" {
		return "/"
	}
	return "/?" + q
}

// facetViews turns the search's facets into links that add each value to
// the current filters.
func facetViews(f filter, facets map[string][]caption.FacetCount) []facetView {
	var out []facetView
	for _, name := range facetNames {
		counts := facets[name]
		if len(counts) == 0 {
			continue
		}
		fv := facetView{Name: name, Title: fieldLabel(name)}
		for _, c := range counts {
			item := facetItem{Label: facetLabel(name, c.Value), Count: c.Count}
			if name == caption.FacetYear {
				item.URL = f.with("from", c.Value, "to", c.Value).url("/")
				item.Active = f["from"] == c.Value && f["to"] == c.Value
			} else {
				p := facetParams[name]
				item.URL = f.with(p, c.Value).url("/")
				item.Active = strings.EqualFold(f[p], c.Value)
			}
			fv.Items = append(fv.Items, item)
		}
		out = append(out, fv)
	}
	return out
}

// facetLabel is how the page shows a facet's value: event types as words,
// countries by name with their code ("Syria (SY)"), as a reader knows them.
func facetLabel(facet, value string) string {
	switch facet {
	case caption.FacetEventType:
		return strings.ReplaceAll(value, "_", " ")
	case caption.FacetCountry:
		if name := export.CountryName(caption.CountryCode(value)); name != "" {
			return name + " (" + value + ")"
		}
	}
	return value
}

// resultViews are the results of rs, each with the thumbnail of its first
// photo source: the sources of the page read at once.
func (s *server) resultViews(r *http.Request, rs []caption.StoredRecord) ([]resultView, error) {
	ids := make([]int64, len(rs))
	for i, sr := range rs {
		ids[i] = sr.ID
	}
	srcs, err := s.store.SourcesOf(r.Context(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]resultView, len(rs))
	for i, sr := range rs {
		out[i] = toResultView(sr)
		for _, src := range srcs[sr.ID] {
			if src.Photo != nil {
				out[i].Thumb = thumbnailURL(src.Photo.SHA256)
				break
			}
		}
	}
	return out, nil
}

func toResultView(sr caption.StoredRecord) resultView {
	r := sr.Record
	v := resultView{URL: fmt.Sprintf("/records/%d", sr.ID), Date: r.Date.String(), Place: placeName(r),
		Country: string(r.Country), Killed: r.Killed, Snippet: truncate(r.Description, 320)}
	var ets []string
	for _, t := range r.EventTypes {
		ets = append(ets, facetLabel(caption.FacetEventType, string(t)))
	}
	v.EventTypes = strings.Join(ets, ", ")
	v.Title = recordTitle(sr)
	return v
}

// recordTitle names a record in lists and headings: its place and date,
// else the start of its description.
func recordTitle(sr caption.StoredRecord) string {
	r := sr.Record
	place, date := placeName(r), r.Date.String()
	switch {
	case place != "" && date != "":
		return place + ", " + date
	case place != "" || date != "":
		return place + date
	case r.Description != "":
		return truncate(r.Description, 80)
	}
	return fmt.Sprintf("Record %d", sr.ID)
}

// truncate shortens s to at most n runes, at a word boundary when one is
// near, marking the cut with an ellipsis.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut, runes := len(s), 0
	for i := range s {
		if runes == n {
			cut = i
			break
		}
		runes++
	}
	if sp := strings.LastIndexByte(s[:cut], ' '); sp > cut*3/4 {
		cut = sp
	}
	return strings.TrimRight(s[:cut], " ,.;:") + "…"
}
