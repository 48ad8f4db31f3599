package server

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// eventJSON is the answer to GET /api/v1/events/{id}: a page of the
// event's records (Total in all, Next the cursor of the next page), the
// places and dates they give, and each casualty figure among them with the
// source the caption attributes it to.
type eventJSON struct {
	ID      int64             `json:"id"`
	Records []json.RawMessage `json:"records"`
	Total   int               `json:"total"`
	Next    *string           `json:"next"`
	Places  []facetJSON       `json:"places"`
	Dates   []facetJSON       `json:"dates"`
	Figures []figureJSON      `json:"figures"`
}

// figureJSON is one record's casualty figures and who gave them:
// attribution as the caption words it ("according to the Syrian
// Observatory for Human Rights"), and the agencies of its credit.
type figureJSON struct {
	Record      int64            `json:"record"`
	Source      string           `json:"source"`
	Attribution []string         `json:"attribution"`
	Agencies    []caption.Agency `json:"agencies"`
	Date        *string          `json:"date"`
	Killed      *int             `json:"killed"`
	Injured     *int             `json:"injured"`
}

func toEventJSON(ev event) (eventJSON, error) {
	rs := ev.page.Records
	recs, err := recordsJSON(rs)
	if err != nil {
		return eventJSON{}, err
	}
	return eventJSON{ID: ev.id, Records: recs, Total: ev.page.Total, Next: nullable(ev.page.Next),
		Places: eventPlaces(rs), Dates: eventDates(rs), Figures: eventFigures(rs)}, nil
}

// eventPlaces counts the records by place, most frequent first.
func eventPlaces(rs []caption.StoredRecord) []facetJSON {
	return countBy(rs, func(r caption.Record) string { return placeName(r) })
}

// eventDates counts the records by date, earliest first.
func eventDates(rs []caption.StoredRecord) []facetJSON {
	out := countBy(rs, func(r caption.Record) string { return r.Date.String() })
	slices.SortFunc(out, func(a, b facetJSON) int { return cmp.Compare(a.Value, b.Value) })
	return out
}

// countBy counts the non-empty keys of rs, most frequent first, then by key.
func countBy(rs []caption.StoredRecord, key func(caption.Record) string) []facetJSON {
	n := map[string]int{}
	for _, sr := range rs {
		if k := key(sr.Record); k != "" {
			n[k]++
		}
	}
	out := make([]facetJSON, 0, len(n))
	for k, c := range n {
		out = append(out, facetJSON{Value: k, Count: c})
	}
	slices.SortFunc(out, func(a, b facetJSON) int { return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Value, b.Value)) })
	return out
}

// eventFigures lists the records that give a casualty figure, grouped by
// source (in order of first appearance), then in record order.
func eventFigures(rs []caption.StoredRecord) []figureJSON {
	out := []figureJSON{}
	for _, sr := range rs {
		r := sr.Record
		if r.Killed == nil && r.Injured == nil {
			continue
		}
		out = append(out, figureJSON{Record: sr.ID, Source: figureSource(r), Attribution: orEmpty(r.Attribution),
			Agencies: orEmpty(r.Agencies), Date: nullable(r.Date.String()), Killed: r.Killed, Injured: r.Injured})
	}
	first := map[string]int{}
	for i, f := range out {
		if _, ok := first[f.Source]; !ok {
			first[f.Source] = i
		}
	}
	slices.SortStableFunc(out, func(a, b figureJSON) int { return cmp.Compare(first[a.Source], first[b.Source]) })
	return out
}

// figureSource names who gave a record's figures: the caption's attribution,
// else its agencies' report, else nobody named.
func figureSource(r caption.Record) string {
	switch {
	case len(r.Attribution) > 0:
		return strings.Join(r.Attribution, "; ")
	case len(r.Agencies) > 0:
		as := make([]string, len(r.Agencies))
		for i, a := range r.Agencies {
			as[i] = string(a)
		}
		return "unattributed (" + strings.Join(as, ", ") + " caption)"
	}
	return "unattributed"
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
