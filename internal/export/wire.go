package export

import (
	"sijil/internal/caption"
)

// wireRecord is caption.Record as docs/records.md writes it: field names,
// order and nulls. Pointers are the fields it allows to be null; the slices are
// never nil when written, so that they encode as [].
type wireRecord struct {
	Text          string               `json:"text"`
	Description   string               `json:"description"`
	Lang          *string              `json:"lang"`
	Credit        *string              `json:"credit"`
	Photographers []string             `json:"photographers"`
	Agencies      []caption.Agency     `json:"agencies"`
	Date          *string              `json:"date"`
	DatePrecision *caption.Precision   `json:"date_precision"`
	DateText      *string              `json:"date_text"`
	Places        []string             `json:"places"`
	Location      *wireLocation        `json:"location"`
	Country       *caption.CountryCode `json:"country"`
	Killed        *int                 `json:"killed"`
	Injured       *int                 `json:"injured"`
	Attribution   []string             `json:"attribution"`
	EventTypes    []caption.EventType  `json:"event_types"`
	Actors        []string             `json:"actors"`
	Perpetrator   *wirePerpetrator     `json:"perpetrator"`
	Target        []caption.TargetKind `json:"target"`
	People        []wirePerson         `json:"people"`
	Evidence      map[string][][2]int  `json:"evidence"`
	Warnings      []string             `json:"warnings"`
	// Origins is left out when empty: it appears, last, only on records that
	// took a value from a photo's metadata, naming the metadata key of each
	// such field, so that a reader can tell it from what the caption says.
	Origins map[string]string `json:"origins,omitempty"`
}

// wireLocation is the location object of docs/records.md.
type wireLocation struct {
	Name        string              `json:"name"`
	Preferred   string              `json:"preferred_name,omitempty"`
	GeonameID   *int                `json:"geonameid"`
	Lat         float64             `json:"lat"`
	Lon         float64             `json:"lon"`
	Admin1      *string             `json:"admin1"`
	CountryCode caption.CountryCode `json:"country_code"`
	Feature     string              `json:"feature"`
	Precision   int                 `json:"precision"`
	// Basis is how the entry was chosen among namesakes.
	Basis caption.LocationBasis `json:"basis,omitempty"`
}

// wirePerpetrator is who the caption says did the event: a canonical actor,
// the name it went by on the record's date when it has been renamed since,
// its kind and country (null when the actor vocabulary gives none), and
// claim: null when the caption states it, else how it hedges it
// ("suspected", "reported", "alleged", "claimed", "said").
type wirePerpetrator struct {
	Actor   string               `json:"actor"`
	Name    *string              `json:"name"`
	Kind    *caption.ActorKind   `json:"kind"`
	Country *caption.CountryCode `json:"country"`
	Claim   *caption.Claim       `json:"claim"`
}

// wirePerson is an item of docs/records.md's people; a null age is unknown.
type wirePerson struct {
	Name string `json:"name"`
	Age  *int   `json:"age"`
}

func toWire(r caption.Record) wireRecord {
	w := wireRecord{
		Text:          r.Text,
		Description:   r.Description,
		Lang:          nullable(r.Lang),
		Credit:        nullable(r.Credit),
		Photographers: list(r.Photographers),
		Agencies:      list(r.Agencies),
		Places:        list(r.Places),
		Country:       nullable(r.Country),
		Killed:        r.Killed,
		Injured:       r.Injured,
		Attribution:   list(r.Attribution),
		EventTypes:    list(r.EventTypes),
		Actors:        list(r.Actors),
		Target:        list(r.Target),
		People:        []wirePerson{},
		Evidence:      map[string][][2]int{},
		Warnings:      list(r.Warnings),
		Origins:       r.Origins,
	}
	if !r.Date.IsZero() {
		w.Date, w.DatePrecision, w.DateText = nullable(r.Date.String()), &r.Date.Precision, nullable(r.DateText)
	}
	if pp := r.Perpetrator; pp != nil {
		w.Perpetrator = &wirePerpetrator{Actor: pp.Actor, Name: nullable(pp.Name), Kind: nullable(pp.Kind),
			Country: nullable(pp.Country), Claim: nullable(pp.Claim)}
	}
	if l := r.Location; l != nil {
		w.Location = &wireLocation{Name: l.Name, Preferred: l.Preferred, Lat: l.Lat, Lon: l.Lon, Admin1: nullable(l.Admin1),
			CountryCode: l.CountryCode, Feature: l.Feature, Precision: l.Precision, Basis: l.Basis}
		if l.GeonameID != 0 {
			w.Location.GeonameID = &l.GeonameID
		}
	}
	for _, p := range r.People {
		w.People = append(w.People, wirePerson{Name: p.Name, Age: p.Age})
	}
	for field, spans := range r.Evidence {
		for _, s := range spans {
			w.Evidence[field] = append(w.Evidence[field], [2]int{s.Start, s.End})
		}
	}
	return w
}

// nullable returns nil for the zero value, which docs/records.md writes as null.
func nullable[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// list returns s, or an empty slice when s is nil, so that it encodes as [].
func list[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
