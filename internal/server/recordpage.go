package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// recordView is the data of record.html.
type recordView struct {
	Title    string
	ID       int64
	JSONURL  string
	Caption  []segment
	Legend   []string // the fields highlighted in the caption
	Fields   []fieldRow
	Location *caption.Location
	MapLat   string
	MapLon   string
	Sources  []sourceRow
	Photos   []pictureView
	Links    []linkRow
	Cluster  memberList
	EventURL string
	Event    memberList
}

// memberList is a page of the other records of a record's cluster or
// event: how many there are in all, and the link to the next page.
type memberList struct {
	Members []memberView
	Total   int
	NextURL string
}

// fieldRow is one parsed field with the corrections made to it.
type fieldRow struct {
	Field, Label, Value string
	Corrections         []correctionRow
}

type correctionRow struct {
	Value, Author, Note, At string
}

type sourceRow struct {
	Path, SHA256, Format, Range string
	Line, Index                 int
}

// SHA256Parts cuts the digest into groups of 16 hex digits, which the page
// joins with <wbr> so that it can wrap in a narrow column.
func (r sourceRow) SHA256Parts() []string {
	var parts []string
	for s := r.SHA256; s != ""; {
		n := min(16, len(s))
		parts = append(parts, s[:n])
		s = s[n:]
	}
	return parts
}

// pictureView is a photo of the record's sources: its thumbnail, how it was
// linked into its group of the same picture, and the other records whose
// sources carry that picture.
type pictureView struct {
	Thumb, File, Size, Link string
	Same                    []int64
}

type linkRow struct {
	Level, Rule, Similarity, Created, TargetURL string
	Target                                      int64
}

// memberView is a record listed on another's page.
type memberView struct {
	URL, Title, Description string
}

// recordFields are the rows of the fields table, in order.
var recordFields = []string{"date", "places", "location", "country", "killed", "injured", "attribution",
	"event_types", "actors", "people", "credit", "photographers", "agencies", "warnings"}

func (s *server) handleRecordPage(w http.ResponseWriter, r *http.Request) {
	d, err := s.recordDetail(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	sr := d.record
	v := recordView{Title: recordTitle(sr), ID: sr.ID, JSONURL: fmt.Sprintf("/api/v1/records/%d", sr.ID),
		Caption: segments(sr.Record), Location: sr.Record.Location}
	for _, f := range markFields {
		if len(sr.Record.Evidence[f]) > 0 {
			v.Legend = append(v.Legend, f)
		}
	}
	if l := sr.Record.Location; l != nil {
		v.MapLat, v.MapLon = strconv.FormatFloat(l.Lat, 'f', -1, 64), strconv.FormatFloat(l.Lon, 'f', -1, 64)
	}
	v.Fields = fieldRows(sr.Record, d.corrections)
	for _, src := range d.sources {
		v.Sources = append(v.Sources, sourceRow{Path: src.Document.Path, SHA256: src.Document.SHA256, Format: src.Document.Format,
			Range: fmt.Sprintf("%d–%d", src.Start, src.End), Line: src.Line, Index: src.Index})
	}
	for _, src := range d.sources {
		if p := d.pictures.photoOf(src); p != nil {
			pv := pictureView{Thumb: p.Thumbnail, File: src.Document.PublicPath(), Size: fmt.Sprintf("%d × %d", p.Width, p.Height), Same: p.SamePicture}
			switch {
			case p.Link == nil:
				pv.Link = "not linked yet"
			case p.Link.Rule == "new":
				pv.Link = "the first known photo of this picture"
			default:
				pv.Link = fmt.Sprintf("matched a photo at distance %d (%s)", p.Link.Distance, p.Link.Rule)
			}
			v.Photos = append(v.Photos, pv)
		}
	}
	for _, l := range d.links {
		v.Links = append(v.Links, linkRow{Level: string(l.Level), Rule: l.Rule, Similarity: strconv.FormatFloat(l.Similarity, 'f', 2, 64),
			Created: l.Created.UTC().Format("2006-01-02 15:04"), Target: l.Target, TargetURL: fmt.Sprintf("/records/%d", l.Target)})
	}
	v.Cluster = memberList{Members: memberViews(d.cluster.Records), Total: d.cluster.Total, NextURL: nextURL(r, d.cluster, paramClusterCursor)}
	if sr.Event != 0 {
		v.EventURL = fmt.Sprintf("/events/%d", sr.Event)
		v.Event = memberList{Members: memberViews(d.event.Records), Total: d.event.Total, NextURL: nextURL(r, d.event, paramEventCursor)}
	}
	s.render(w, r, http.StatusOK, "record.html", v)
}

// markFields are the evidence keys app.css styles, in legend order.
var markFields = []string{"date", "places", "country", "killed", "injured", "attribution", "actors", "event_types",
	"people", "credit", "photographers", "agencies"}

func fieldRows(r caption.Record, cs []correctionJSON) []fieldRow {
	var rows []fieldRow
	for _, f := range recordFields {
		row := fieldRow{Field: f, Label: fieldLabel(f), Value: recordFieldValue(r, f)}
		for _, c := range cs {
			if c.Field == f {
				row.Corrections = append(row.Corrections, correctionRow{Value: correctionText(c.Value), Author: c.Author,
					Note: c.Note, At: c.At.UTC().Format("2006-01-02 15:04 MST")})
			}
		}
		if row.Value == "" && len(row.Corrections) == 0 {
			continue
		}
		rows = append(rows, row)
	}
	return rows
}

// recordFieldValue is fieldValue with the fields only the table shows.
func recordFieldValue(r caption.Record, field string) string {
	switch field {
	case "date":
		if r.Date.IsZero() {
			return ""
		}
		v := r.Date.String() + " (" + string(r.Date.Precision) + ")"
		if r.DateText != "" {
			v += " — “" + r.DateText + "”"
		}
		return v
	case "country":
		if r.Country == "" {
			return ""
		}
		return string(r.Country) + " (" + string(r.CountryBasis) + ")"
	case "location":
		return locationString(r.Location)
	case "warnings":
		return strings.Join(r.Warnings, "; ")
	}
	return fieldValue(r, field)
}

func locationString(l *caption.Location) string {
	if l == nil {
		return ""
	}
	parts := []string{l.Name}
	if l.Preferred != "" && l.Preferred != l.Name {
		parts[0] += " (" + l.Preferred + ")"
	}
	if l.Admin1 != "" {
		parts = append(parts, l.Admin1)
	}
	parts = append(parts, string(l.CountryCode),
		fmt.Sprintf("%.4f, %.4f", l.Lat, l.Lon))
	if l.GeonameID != 0 {
		parts = append(parts, fmt.Sprintf("GeoNames %d", l.GeonameID))
	}
	precision := fmt.Sprintf("precision %d", l.Precision)
	if l.Basis != "" {
		// How the entry was chosen among namesakes, beside how precise
		// it is: a reviewer weighs the two together.
		precision += " (basis: " + string(l.Basis) + ")"
	}
	parts = append(parts, l.Feature, precision)
	return strings.Join(slicesCompact(parts), " · ")
}

func slicesCompact(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// correctionText shows a corrected value: strings bare, lists joined,
// null as a cleared field.
func correctionText(v json.RawMessage) string {
	var s string
	var ss []string
	switch {
	case string(v) == "null":
		return "(cleared)"
	case json.Unmarshal(v, &s) == nil:
		return s
	case json.Unmarshal(v, &ss) == nil:
		if len(ss) == 0 {
			return "(none)"
		}
		return strings.Join(ss, "; ")
	}
	return string(v)
}

func memberViews(rs []caption.StoredRecord) []memberView {
	var out []memberView
	for _, sr := range rs {
		out = append(out, memberView{URL: fmt.Sprintf("/records/%d", sr.ID), Title: recordTitle(sr),
			Description: truncate(sr.Record.Description, 200)})
	}
	return out
}
