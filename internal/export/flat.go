package export

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// column is one field of a record flattened for a table (CSV) or a feature's
// properties (GeoJSON): both read the same list, so their fields cannot
// drift apart. get returns nil for docs/records.md's null, a string, an int64, a
// json.Number (a coordinate, already rounded) or a []string.
type column struct {
	name string
	// geometry marks the coordinates, which a GeoJSON feature holds in its
	// geometry rather than among its properties.
	geometry bool
	get      func(e *Entry) any
}

// coordDecimals is how many decimals coordinates keep: 6 is about 0.1 m,
// finer than any gazetteer entry sijil resolves to.
const coordDecimals = 6

// columns are the flat fields: the record's ID and groups, the record's
// fields in docs/records.md's order (the location spread over columns of its own),
// then the sources.
func columns() []column {
	loc := func(f func(l *caption.Location) any) func(e *Entry) any {
		return func(e *Entry) any {
			if e.Record.Location == nil {
				return nil
			}
			return f(e.Record.Location)
		}
	}
	rec := func(f func(r *caption.Record) any) func(e *Entry) any {
		return func(e *Entry) any { return f(&e.Record) }
	}
	return []column{
		{name: "id", get: func(e *Entry) any { return e.ID }},
		{name: "cluster", get: func(e *Entry) any { return nullID(e.Cluster) }},
		{name: "event", get: func(e *Entry) any { return nullID(e.Event) }},
		{name: "text", get: rec(func(r *caption.Record) any { return r.Text })},
		{name: "description", get: rec(func(r *caption.Record) any { return r.Description })},
		{name: "lang", get: rec(func(r *caption.Record) any { return nullString(r.Lang) })},
		{name: "credit", get: rec(func(r *caption.Record) any { return nullString(r.Credit) })},
		{name: "photographers", get: rec(func(r *caption.Record) any { return strs(r.Photographers) })},
		{name: "agencies", get: rec(func(r *caption.Record) any { return strs(r.Agencies) })},
		{name: "date", get: rec(func(r *caption.Record) any { return nullString(r.Date.String()) })},
		{name: "date_precision", get: rec(func(r *caption.Record) any { return nullString(r.Date.Precision) })},
		{name: "date_text", get: rec(func(r *caption.Record) any {
			if r.Date.IsZero() {
				return nil // as WriteJSONL: no date, no date text
			}
			return nullString(r.DateText)
		})},
		{name: "places", get: rec(func(r *caption.Record) any { return strs(r.Places) })},
		{name: "location_name", get: loc(func(l *caption.Location) any { return l.Name })},
		{name: "latitude", geometry: true, get: loc(func(l *caption.Location) any { return coord(l.Lat) })},
		{name: "longitude", geometry: true, get: loc(func(l *caption.Location) any { return coord(l.Lon) })},
		{name: "geonameid", get: loc(func(l *caption.Location) any { return nullID(int64(l.GeonameID)) })},
		{name: "admin1", get: loc(func(l *caption.Location) any { return nullString(l.Admin1) })},
		{name: "location_country", get: loc(func(l *caption.Location) any { return nullString(l.CountryCode) })},
		{name: "location_feature", get: loc(func(l *caption.Location) any { return nullString(l.Feature) })},
		{name: "location_precision", get: loc(func(l *caption.Location) any { return int64(l.Precision) })},
		// How the entry was chosen among namesakes
		// (caption.LocationBasis); empty for a location stored before
		// sijil recorded one.
		{name: "location_basis", get: loc(func(l *caption.Location) any { return nullString(l.Basis) })},
		{name: "country", get: rec(func(r *caption.Record) any { return nullString(r.Country) })},
		{name: "killed", get: rec(func(r *caption.Record) any { return nullInt(r.Killed) })},
		{name: "injured", get: rec(func(r *caption.Record) any { return nullInt(r.Injured) })},
		{name: "attribution", get: rec(func(r *caption.Record) any { return strs(r.Attribution) })},
		{name: "event_types", get: rec(func(r *caption.Record) any { return strs(r.EventTypes) })},
		{name: "actors", get: rec(func(r *caption.Record) any { return strs(r.Actors) })},
		{name: "perpetrator", get: rec(func(r *caption.Record) any {
			if r.Perpetrator == nil {
				return nil
			}
			return r.Perpetrator.Actor
		})},
		{name: "perpetrator_claim", get: rec(func(r *caption.Record) any {
			if r.Perpetrator == nil {
				return nil
			}
			return nullString(r.Perpetrator.Claim)
		})},
		{name: "target", get: rec(func(r *caption.Record) any { return strs(r.Target) })},
		{name: "people", get: rec(func(r *caption.Record) any { return people(r.People) })},
		{name: "evidence", get: rec(func(r *caption.Record) any { return evidence(r.Evidence) })},
		{name: "warnings", get: rec(func(r *caption.Record) any { return strs(r.Warnings) })},
		{name: "sources", get: func(e *Entry) any { return sources(e.Sources) }},
		// Not SPEC fields: the pictures of the record's photo sources, by
		// file name and SHA-256, in the order of sources (issue 16).
		{name: "photo_files", get: func(e *Entry) any { return photoFiles(e.Sources) }},
		{name: "photo_sha256", get: func(e *Entry) any { return photoDigests(e.Sources) }},
	}
}

// photoFiles is the file name of each photo source: the base name of its
// document, never the folders it lay in (see caption.Document.PublicPath).
func photoFiles(srcs []caption.Source) []string {
	out := []string{}
	for _, s := range srcs {
		if s.Photo != nil {
			out = append(out, fileName(s.Document.Path))
		}
	}
	return out
}

// photoDigests is the SHA-256 of each photo source's file.
func photoDigests(srcs []caption.Source) []string {
	out := []string{}
	for _, s := range srcs {
		if s.Photo != nil {
			out = append(out, s.Photo.SHA256)
		}
	}
	return out
}

// fileName is the last element of a path written with either separator.
func fileName(path string) string {
	return path[strings.LastIndexAny(path, `/\`)+1:]
}

func nullString[T ~string](s T) any {
	if s == "" {
		return nil
	}
	return string(s)
}

func nullInt(n *int) any {
	if n == nil {
		return nil
	}
	return int64(*n)
}

// nullID is a group or GeoNames ID: 0 means none.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// coord rounds a coordinate to coordDecimals and writes it as JSON writes
// numbers; NaN and infinities (which no gazetteer gives) are null.
func coord(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return json.Number(formatCoord(x))
}

func formatCoord(x float64) string {
	scale := math.Pow10(coordDecimals)
	r := math.Round(x*scale) / scale
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// strs is a list of strings of any string type, never nil, so that GeoJSON
// writes [] for an empty list.
func strs[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

// people writes each person as "Name (age)", or "Name" when the age is
// unknown.
func people(ps []caption.Person) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
		if p.Age != nil {
			out[i] += " (" + strconv.Itoa(*p.Age) + ")"
		}
	}
	return out
}

// evidence writes each span as "field:start-end", fields in name order so
// that the output does not depend on map order.
func evidence(ev map[string][]caption.Span) []string {
	fields := make([]string, 0, len(ev))
	for f := range ev {
		fields = append(fields, f)
	}
	slices.Sort(fields)
	out := []string{}
	for _, f := range fields {
		for _, s := range ev[f] {
			out = append(out, f+":"+strconv.Itoa(s.Start)+"-"+strconv.Itoa(s.End))
		}
	}
	return out
}

// sources writes each occurrence as "document:start-end", the byte range
// of the caption in the document as ingested.
func sources(srcs []caption.Source) []string {
	out := make([]string, len(srcs))
	for i, s := range srcs {
		out[i] = s.Document.Path + ":" + strconv.Itoa(s.Start) + "-" + strconv.Itoa(s.End)
	}
	return out
}

// listSep joins a list in one cell. A value holding "; " itself is rare in
// captions (names, agencies, places) and is left as it is.
const listSep = "; "

func joinList(list []string) string { return strings.Join(list, listSep) }
