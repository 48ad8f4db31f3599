package caption

import (
	"slices"
	"strconv"
)

// The fields of a Term beyond the facets' (FacetAgency, FacetPhotographer,
// FacetEventType, FacetActor, FacetAdmin1): a place the record names, and
// its location's GeoNames ID.
const (
	TermPlace     = "place"
	TermGeonameID = "geonameid"
)

// Term is a value a record is filtered or faceted by: an agency,
// photographer, event type, actor, place name, its location's first-level
// division, or its location's geonameid (Field). Value is as the record
// holds it; Fold is FoldTerm of Value, which filters compare.
type Term struct {
	Field string
	Value string
	Fold  string
}

// RecordTerms returns the terms a store indexes for r, each (Field, Fold)
// once, in a fixed order. Places are r.Places and its location's name, so
// that a place filter finds a record by any name the caption used for it.
// Values that fold to nothing (punctuation) are left out.
func RecordTerms(r Record) []Term {
	var ts []Term
	add := func(field, value string) {
		t := Term{Field: field, Value: value, Fold: FoldTerm(value)}
		if t.Fold == "" || slices.ContainsFunc(ts, func(u Term) bool { return u.Field == t.Field && u.Fold == t.Fold }) {
			return
		}
		ts = append(ts, t)
	}
	for _, a := range r.Agencies {
		add(FacetAgency, string(a))
	}
	for _, p := range r.Photographers {
		add(FacetPhotographer, p)
	}
	for _, e := range r.EventTypes {
		add(FacetEventType, string(e))
	}
	for _, a := range r.Actors {
		add(FacetActor, a)
	}
	for _, p := range r.Places {
		add(TermPlace, p)
	}
	if l := r.Location; l != nil {
		add(TermPlace, l.Name)
		add(FacetAdmin1, l.Admin1)
		if l.GeonameID > 0 {
			add(TermGeonameID, strconv.Itoa(l.GeonameID))
		}
	}
	return ts
}

// maxIndexedWords bounds the words indexed for one record: PostgreSQL keeps
// word positions up to 16383 and a tsvector under 1 MB, and both stores
// must find the same records.
const maxIndexedWords = 10000

// SearchText returns what the full-text index holds for r: the SearchWords
// of its text (description and credit), places, actors, photographers and
// agencies, joined by spaces, at most 10,000 words. Phrases may span the
// boundary between two of these.
func SearchText(r Record) string {
	j := wordJoiner{limit: maxIndexedWords}
	if r.Text != "" {
		j.add(r.Text)
	} else {
		j.add(r.Description)
		j.add(r.Credit)
	}
	for _, ps := range [][]string{r.Places, r.Actors, r.Photographers} {
		for _, p := range ps {
			j.add(p)
		}
	}
	for _, a := range r.Agencies {
		j.add(string(a))
	}
	return j.String()
}

// PointRecord returns the fields of r that a map draws: its date, country,
// location, places, casualty figures and event types. Store.Points returns
// records cut to these.
func PointRecord(r Record) Record {
	return Record{Date: r.Date, Country: r.Country, Location: r.Location, Places: r.Places,
		Killed: r.Killed, Injured: r.Injured, EventTypes: r.EventTypes}
}

// The codes of term fields in both stores' search_values.field columns (see
// their 0002_search.sql): the facets first, so that "code <=
// LastFacetCode" selects the facet terms.
const (
	CodeAgency       = 1
	CodePhotographer = 2
	CodeEventType    = 3
	CodeActor        = 4
	CodeAdmin1       = 5
	CodePlace        = 6
	CodeGeonameID    = 7
	LastFacetCode    = CodeAdmin1
)

// TermCode returns the stored code of a Term field; it panics on a field
// RecordTerms never produces.
func TermCode(field string) int {
	switch field {
	case FacetAgency:
		return CodeAgency
	case FacetPhotographer:
		return CodePhotographer
	case FacetEventType:
		return CodeEventType
	case FacetActor:
		return CodeActor
	case FacetAdmin1:
		return CodeAdmin1
	case TermPlace:
		return CodePlace
	case TermGeonameID:
		return CodeGeonameID
	}
	panic("caption: unknown term field " + field)
}

// FacetOfCode returns the facet a stored code stands for; "" for the codes
// that are not facets.
func FacetOfCode(code int) string {
	switch code {
	case CodeAgency:
		return FacetAgency
	case CodePhotographer:
		return FacetPhotographer
	case CodeEventType:
		return FacetEventType
	case CodeActor:
		return FacetActor
	case CodeAdmin1:
		return FacetAdmin1
	}
	return ""
}
