package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// recordJSON is a stored record as the API sends it: the object export
// writes (docs/records.md's fields, order and nulls) with the record's id, cluster
// and event in front. Cluster and event are null until linked.
func recordJSON(sr caption.StoredRecord) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := export.WriteJSONL(&buf, slices.Values([]caption.Record{sr.Record})); err != nil {
		return nil, fmt.Errorf("record %d: %w", sr.ID, err)
	}
	body := bytes.TrimSpace(buf.Bytes())
	if len(body) < 2 || body[0] != '{' || body[1] == '}' {
		return nil, fmt.Errorf("record %d: export wrote %.20q, not a JSON object", sr.ID, body)
	}
	out := make([]byte, 0, len(body)+64)
	out = append(out, `{"id":`...)
	out = strconv.AppendInt(out, sr.ID, 10)
	out = append(out, `,"cluster":`...)
	out = appendGroup(out, sr.Cluster)
	out = append(out, `,"event":`...)
	out = appendGroup(out, sr.Event)
	out = append(out, ',')
	return append(out, body[1:]...), nil
}

func appendGroup(b []byte, id int64) []byte {
	if id == 0 {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, id, 10)
}

// recordsJSON encodes each record with recordJSON.
func recordsJSON(rs []caption.StoredRecord) ([]json.RawMessage, error) {
	out := make([]json.RawMessage, 0, len(rs))
	for _, r := range rs {
		j, err := recordJSON(r)
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, nil
}

// writeJSON sends v with status. HTML characters are escaped (the default),
// so a caption can never be read as markup even by a careless client.
func writeJSON(w http.ResponseWriter, status int, v any) {
	writeJSONType(w, status, "application/json", v)
}

func writeJSONType(w http.ResponseWriter, status int, contentType string, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		// Only a server bug makes a value unencodable; say so generically.
		status, body = http.StatusInternalServerError, []byte(`{"error":"internal error","status":500}`)
	}
	w.Header().Set("Content-Type", contentType+"; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// documentJSON is a source document.
type documentJSON struct {
	ID        int64     `json:"id"`
	Path      string    `json:"path"`
	SHA256    string    `json:"sha256"`
	Size      int64     `json:"size"`
	Format    string    `json:"format"`
	FirstSeen time.Time `json:"first_seen"`
	LastSeen  time.Time `json:"last_seen"`
}

// sourceJSON is one occurrence of a record in a document: the byte range
// [start, end) and the 1-based line (0 when the format has none).
type sourceJSON struct {
	Document documentJSON      `json:"document"`
	Index    int               `json:"index"`
	Start    int               `json:"start"`
	End      int               `json:"end"`
	Line     int               `json:"line"`
	Text     string            `json:"text"`
	Meta     map[string]string `json:"meta"`
	Photo    *photoJSON        `json:"photo"` // null for a text source
}

func toSourceJSON(src caption.Source, p pictures) sourceJSON {
	d := src.Document
	meta := src.Meta
	if meta == nil {
		meta = map[string]string{}
	}
	return sourceJSON{
		Document: documentJSON{ID: d.ID, Path: d.Path, SHA256: d.SHA256, Size: d.Size, Format: d.Format,
			FirstSeen: d.FirstSeen.UTC(), LastSeen: d.LastSeen.UTC()},
		Index: src.Index, Start: src.Start, End: src.End, Line: src.Line, Text: src.Text, Meta: meta,
		Photo: p.photoOf(src),
	}
}

// linkJSON is why a record joined a group.
type linkJSON struct {
	Level      caption.LinkLevel `json:"level"`
	Target     int64             `json:"target"`
	Group      int64             `json:"group"`
	Similarity float64           `json:"similarity"`
	Rule       string            `json:"rule"`
	Created    time.Time         `json:"created"`
}

func toLinksJSON(ls []caption.Link) []linkJSON {
	out := make([]linkJSON, 0, len(ls))
	for _, l := range ls {
		out = append(out, linkJSON{Level: l.Level, Target: l.Target, Group: l.Group, Similarity: l.Similarity,
			Rule: l.Rule, Created: l.Created.UTC()})
	}
	return out
}

// memberJSON is a record named in another's group: enough to list and link it.
type memberJSON struct {
	ID          int64               `json:"id"`
	Date        *string             `json:"date"`
	Place       *string             `json:"place"`
	Country     *string             `json:"country"`
	Killed      *int                `json:"killed"`
	EventTypes  []caption.EventType `json:"event_types"`
	Description string              `json:"description"`
}

func toMemberJSON(sr caption.StoredRecord) memberJSON {
	r := sr.Record
	m := memberJSON{ID: sr.ID, Date: nullable(r.Date.String()), Place: nullable(placeName(r)),
		Country: nullable(string(r.Country)), Killed: r.Killed, EventTypes: r.EventTypes, Description: r.Description}
	if m.EventTypes == nil {
		m.EventTypes = []caption.EventType{}
	}
	return m
}

func toMembersJSON(rs []caption.StoredRecord) []memberJSON {
	out := make([]memberJSON, 0, len(rs))
	for _, r := range rs {
		out = append(out, toMemberJSON(r))
	}
	return out
}

// placeName is the record's place for lists: the resolved location's name,
// else the first place the caption names.
func placeName(r caption.Record) string {
	if r.Location != nil && r.Location.Name != "" {
		return r.Location.Name
	}
	if len(r.Places) > 0 {
		return r.Places[0]
	}
	return ""
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// facetJSON is one facet value and its count.
type facetJSON struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// facetNames are the facets every search returns, in display order.
var facetNames = []string{caption.FacetCountry, caption.FacetAdmin1, caption.FacetBasis, caption.FacetEventType, caption.FacetYear,
	caption.FacetAgency, caption.FacetPhotographer, caption.FacetActor}

// toFacetsJSON returns every facet, empty ones as [].
func toFacetsJSON(fs map[string][]caption.FacetCount) map[string][]facetJSON {
	out := make(map[string][]facetJSON, len(facetNames))
	for _, name := range facetNames {
		out[name] = []facetJSON{}
	}
	for name, counts := range fs {
		list := make([]facetJSON, 0, len(counts))
		for _, c := range counts {
			list = append(list, facetJSON{Value: c.Value, Count: c.Count})
		}
		out[name] = list
	}
	return out
}
