package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"sijil/internal/caption"
)

// searchError gives a store's ErrInvalid (a query syntax error, a stale
// cursor) a message for the user; other errors pass unchanged.
func searchError(err error) error {
	var ue *UserError
	if errors.Is(err, caption.ErrInvalid) && !errors.As(err, &ue) {
		return &UserError{Kind: caption.ErrInvalid, Err: err,
			Message: "the search could not be read: check its quotes and operators (\"exact phrase\", -word, a OR b), or start again without the cursor"}
	}
	return err
}

// filterQuery reads a search's filters from r.
func (s *server) filterQuery(r *http.Request) (filter, caption.Query, error) {
	f := filterOf(r.URL.Query())
	q, err := s.query(f)
	return f, q, err
}

// recordList is the answer to GET /api/v1/records.
type recordList struct {
	Records []json.RawMessage      `json:"records"`
	Total   int                    `json:"total"`
	Next    *string                `json:"next"`
	Facets  map[string][]facetJSON `json:"facets"`
}

func (s *server) handleRecordList(w http.ResponseWriter, r *http.Request) {
	rev := s.revision()
	res, err := s.search(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	recs, err := s.recordsJSONAt(res.Records, rev)
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeRecordList(w, recordList{Records: recs, Total: res.Total, Next: nullable(res.Next), Facets: toFacetsJSON(res.Facets)})
}

// writeRecordList sends l as writeJSON would, with its records (already
// HTML-escaped, by listRecordJSON) written as they are: json.Marshal would
// check, compact and escape each again, which took as long as encoding
// them.
func writeRecordList(w http.ResponseWriter, l recordList) {
	rest, err := json.Marshal(struct {
		Total  int                    `json:"total"`
		Next   *string                `json:"next"`
		Facets map[string][]facetJSON `json:"facets"`
	}{l.Total, l.Next, l.Facets})
	if err != nil {
		writeJSON(w, http.StatusOK, l) // which reports the error
		return
	}
	n := len(rest) + 16
	for _, r := range l.Records {
		n += len(r) + 1
	}
	body := make([]byte, 0, n)
	body = append(body, `{"records":[`...)
	for i, r := range l.Records {
		if i > 0 {
			body = append(body, ',')
		}
		body = append(body, r...)
	}
	body = append(body, "],"...)
	body = append(body, rest[1:]...)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(append(body, '\n'))
}

// search runs the search r asks for, with its page size and cursor.
func (s *server) search(r *http.Request) (caption.SearchResult, error) {
	_, q, err := s.filterQuery(r)
	if err != nil {
		return caption.SearchResult{}, err
	}
	if q, err = page(q, r.URL.Query()); err != nil {
		return caption.SearchResult{}, err
	}
	res, err := s.store.Search(r.Context(), q)
	return res, searchError(err)
}

// pathID reads the {id} of r's path: a positive integer.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, &UserError{Kind: caption.ErrInvalid, Message: "id: want a positive whole number"}
	}
	return id, nil
}

// recordDetail is the answer to GET /api/v1/records/{id}.
type recordDetail struct {
	Record         json.RawMessage  `json:"record"`
	Sources        []sourceJSON     `json:"sources"`
	Links          []linkJSON       `json:"links"`
	ClusterMembers []memberJSON     `json:"cluster_members"`
	ClusterTotal   int              `json:"cluster_total"`
	ClusterNext    *string          `json:"cluster_next"`
	EventMembers   []memberJSON     `json:"event_members"`
	EventTotal     int              `json:"event_total"`
	EventNext      *string          `json:"event_next"`
	Corrections    []correctionJSON `json:"corrections"`
}

func (s *server) handleRecordGet(w http.ResponseWriter, r *http.Request) {
	d, err := s.recordDetail(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	rec, err := recordJSON(d.record)
	if err != nil {
		s.error(w, r, err)
		return
	}
	out := recordDetail{Record: rec, Links: toLinksJSON(d.links), Corrections: d.corrections, Sources: make([]sourceJSON, 0, len(d.sources)),
		ClusterMembers: toMembersJSON(d.cluster.Records), ClusterTotal: d.cluster.Total, ClusterNext: nullable(d.cluster.Next),
		EventMembers: toMembersJSON(d.event.Records), EventTotal: d.event.Total, EventNext: nullable(d.event.Next)}
	for _, src := range d.sources {
		out.Sources = append(out.Sources, toSourceJSON(src, d.pictures))
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *server) handleEventGet(w http.ResponseWriter, r *http.Request) {
	ev, err := s.event(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	out, err := toEventJSON(ev)
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// statsJSON is the answer to GET /api/v1/stats.
type statsJSON struct {
	Documents   int `json:"documents"`
	Occurrences int `json:"occurrences"`
	Records     int `json:"records"`
	Clusters    int `json:"clusters"`
	Events      int `json:"events"`
}

func (s *server) handleStats(w http.ResponseWriter, r *http.Request) {
	st, err := s.store.Stats(r.Context())
	if err != nil {
		s.error(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, statsJSON{Documents: st.Documents, Occurrences: st.Occurrences, Records: st.Records,
		Clusters: st.Clusters, Events: st.Events})
}

// dayCountJSON is one bar of the timeline.
type dayCountJSON struct {
	Date  string `json:"date"`
	Count int    `json:"count"`
}

func (s *server) handleTimeline(w http.ResponseWriter, r *http.Request) {
	_, q, err := s.filterQuery(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	days, err := s.store.Timeline(r.Context(), q)
	if err != nil {
		s.error(w, r, searchError(err))
		return
	}
	out := make([]dayCountJSON, 0, len(days))
	for _, d := range days {
		out = append(out, dayCountJSON{Date: d.Date, Count: d.Count})
	}
	writeJSON(w, http.StatusOK, out)
}
