package caption

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"
)

// wireRecord is the stored form of a Record: every field, under a fixed name
// and in a fixed order, so that both stores keep byte-identical JSON for equal
// records. Optional values are omitted when empty; empty lists decode as nil
// and Evidence decodes as an empty, non-nil map, which is what the parser
// builds. Names follow docs/records.md, which lists this form too.
type wireRecord struct {
	Text          string              `json:"text"`
	Description   string              `json:"description,omitempty"`
	Lang          string              `json:"lang,omitempty"` // absent from records stored before it was read
	Credit        string              `json:"credit,omitempty"`
	Photographers []string            `json:"photographers,omitempty"`
	Agencies      []Agency            `json:"agencies,omitempty"`
	Date          string              `json:"date,omitempty"` // ISO 8601 at its precision: 2016, 2016-11, 2016-11-06
	DateText      string              `json:"date_text,omitempty"`
	Places        []string            `json:"places,omitempty"`
	PlaceRefs     []wirePlaceRef      `json:"place_refs,omitempty"`
	Location      *wireLocation       `json:"location,omitempty"`
	Country       CountryCode         `json:"country,omitempty"`
	CountryBasis  CountryBasis        `json:"country_basis,omitempty"`
	Killed        *int                `json:"killed,omitempty"`
	Injured       *int                `json:"injured,omitempty"`
	Attribution   []string            `json:"attribution,omitempty"`
	EventTypes    []EventType         `json:"event_types,omitempty"`
	Actors        []string            `json:"actors,omitempty"`
	Perpetrator   *wirePerpetrator    `json:"perpetrator,omitempty"`
	Target        []TargetKind        `json:"target,omitempty"`
	People        []wirePerson        `json:"people,omitempty"`
	Evidence      map[string][][2]int `json:"evidence,omitempty"` // keys sorted by encoding/json
	Origins       map[string]string   `json:"origins,omitempty"`
	Warnings      []string            `json:"warnings,omitempty"`
}

type wirePlaceRef struct {
	Name string `json:"name"`
	Span [2]int `json:"span"`
	Kind string `json:"kind,omitempty"`
	Near bool   `json:"near,omitempty"`
}

// wireLocation keeps every Location field; zero numbers are written so that
// a place on the equator or meridian is not mistaken for a missing one.
type wireLocation struct {
	Name        string        `json:"name"`
	Preferred   string        `json:"preferred_name,omitempty"`
	GeonameID   int           `json:"geonameid"`
	Lat         float64       `json:"lat"`
	Lon         float64       `json:"lon"`
	Admin1      string        `json:"admin1,omitempty"`
	CountryCode CountryCode   `json:"country_code,omitempty"`
	Feature     string        `json:"feature,omitempty"`
	Precision   int           `json:"precision"`
	Basis       LocationBasis `json:"basis,omitempty"`
}

// wirePerpetrator is a Perpetrator. Records stored before perpetrators
// existed have none, and decode with a nil one.
type wirePerpetrator struct {
	Actor   string      `json:"actor"`
	Name    string      `json:"name,omitempty"`
	Kind    ActorKind   `json:"kind,omitempty"`
	Country CountryCode `json:"country,omitempty"`
	Claim   Claim       `json:"claim,omitempty"`
}

type wirePerson struct {
	Name string `json:"name"`
	Age  *int   `json:"age,omitempty"`
}

// MarshalRecord encodes r as the JSON both stores keep. Equal records encode
// to equal bytes. A record that JSON would not keep exactly (invalid UTF-8,
// which encoding/json silently replaces; a non-finite coordinate), that
// would not decode again (an impossible date, a span outside Text), or that
// PostgreSQL could not store (a NUL, which neither text nor jsonb holds) is
// rejected with ErrInvalid rather than stored altered.
func MarshalRecord(r Record) ([]byte, error) {
	if err := checkRecord(r); err != nil {
		return nil, fmt.Errorf("marshal record: %w", err)
	}
	return encodeWire(toWireRecord(r))
}

// MarshalFields encodes r as MarshalRecord does but without its text,
// which a store keeps once on its own, and without its description when
// that begins the text (most do: it is the text less the credit): descLen
// is then the description's length in bytes, else -1. The text stored
// beside each record's JSON and again inside it was two of the four copies
// of every caption a register held.
func MarshalFields(r Record) (fields []byte, descLen int, err error) {
	if err := checkRecord(r); err != nil {
		return nil, 0, fmt.Errorf("marshal record: %w", err)
	}
	w := toWireRecord(r)
	w.Text, descLen = "", -1
	if strings.HasPrefix(r.Text, r.Description) {
		w.Description, descLen = "", len(r.Description)
	}
	fields, err = encodeWire(w)
	return fields, descLen, err
}

func encodeWire(w wireRecord) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep "<" and "&" readable; the bytes are stable either way
	if err := enc.Encode(w); err != nil {
		return nil, fmt.Errorf("marshal record: %w: %w", ErrInvalid, err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalFields decodes what MarshalFields wrote, given the record's
// text and descLen.
func UnmarshalFields(fields []byte, text string, descLen int) (Record, error) {
	w, err := decodeWire(fields)
	if err != nil {
		return Record{}, err
	}
	if w.Text != "" {
		return Record{}, fmt.Errorf("unmarshal record: %w: text kept in the fields too", ErrInvalid)
	}
	w.Text = text
	if descLen >= 0 {
		if descLen > len(text) || w.Description != "" {
			return Record{}, fmt.Errorf("unmarshal record: %w: description of %d bytes in a text of %d", ErrInvalid, descLen, len(text))
		}
		w.Description = text[:descLen]
	}
	return fromWire(w)
}

// UnmarshalRecord decodes what MarshalRecord wrote. Unknown fields are an
// error (ErrInvalid), so that a record written by a newer sijil is never read
// and rewritten by an older one with fields dropped.
func UnmarshalRecord(b []byte) (Record, error) {
	w, err := decodeWire(b)
	if err != nil {
		return Record{}, err
	}
	return fromWire(w)
}

func decodeWire(b []byte) (wireRecord, error) {
	var w wireRecord
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return w, fmt.Errorf("unmarshal record: %w: %w", ErrInvalid, err)
	}
	if dec.More() {
		return w, fmt.Errorf("unmarshal record: %w: data after the record", ErrInvalid)
	}
	return w, nil
}

// fromWire is the checked record of w.
func fromWire(w wireRecord) (Record, error) {
	r, err := fromWireRecord(w)
	if err == nil {
		err = checkRecord(r)
	}
	if err != nil {
		return Record{}, fmt.Errorf("unmarshal record: %w", err)
	}
	return r, nil
}

func toWireRecord(r Record) wireRecord {
	w := wireRecord{
		Text: r.Text, Description: r.Description, Lang: r.Lang, Credit: r.Credit,
		Photographers: r.Photographers, Agencies: r.Agencies,
		Date: r.Date.String(), DateText: r.DateText, Places: r.Places,
		Country: r.Country, CountryBasis: r.CountryBasis,
		Killed: r.Killed, Injured: r.Injured, Attribution: r.Attribution,
		EventTypes: r.EventTypes, Actors: r.Actors, Target: r.Target, Warnings: r.Warnings,
	}
	if len(r.Origins) > 0 {
		w.Origins = r.Origins
	}
	if p := r.Perpetrator; p != nil {
		w.Perpetrator = &wirePerpetrator{Actor: p.Actor, Name: p.Name, Kind: p.Kind, Country: p.Country, Claim: p.Claim}
	}
	for _, p := range r.PlaceRefs {
		w.PlaceRefs = append(w.PlaceRefs, wirePlaceRef{Name: p.Name, Span: [2]int{p.Span.Start, p.Span.End}, Kind: p.Kind, Near: p.Near})
	}
	if l := r.Location; l != nil {
		w.Location = &wireLocation{Name: l.Name, Preferred: l.Preferred, GeonameID: l.GeonameID, Lat: l.Lat, Lon: l.Lon,
			Admin1: l.Admin1, CountryCode: l.CountryCode, Feature: l.Feature, Precision: l.Precision, Basis: l.Basis}
	}
	for _, p := range r.People {
		w.People = append(w.People, wirePerson(p))
	}
	if len(r.Evidence) > 0 {
		w.Evidence = make(map[string][][2]int, len(r.Evidence))
		for field, spans := range r.Evidence {
			ws := make([][2]int, len(spans))
			for i, s := range spans {
				ws[i] = [2]int{s.Start, s.End}
			}
			w.Evidence[field] = ws
		}
	}
	return w
}

func fromWireRecord(w wireRecord) (Record, error) {
	r := Record{
		Text: w.Text, Description: w.Description, Lang: w.Lang, Credit: w.Credit,
		Photographers: nilIfEmpty(w.Photographers), Agencies: nilIfEmpty(w.Agencies),
		DateText: w.DateText, Places: nilIfEmpty(w.Places),
		Country: w.Country, CountryBasis: w.CountryBasis,
		Killed: w.Killed, Injured: w.Injured, Attribution: nilIfEmpty(w.Attribution),
		EventTypes: nilIfEmpty(w.EventTypes), Actors: nilIfEmpty(w.Actors), Target: nilIfEmpty(w.Target),
		Evidence: make(map[string][]Span, len(w.Evidence)), Warnings: nilIfEmpty(w.Warnings),
	}
	if len(w.Origins) > 0 {
		r.Origins = w.Origins
	}
	if p := w.Perpetrator; p != nil {
		r.Perpetrator = &Perpetrator{Actor: p.Actor, Name: p.Name, Kind: p.Kind, Country: p.Country, Claim: p.Claim}
	}
	var err error
	if r.Date, err = parseISODate(w.Date); err != nil {
		return Record{}, err
	}
	for _, p := range w.PlaceRefs {
		r.PlaceRefs = append(r.PlaceRefs, PlaceRef{Name: p.Name, Span: Span{p.Span[0], p.Span[1]}, Kind: p.Kind, Near: p.Near})
	}
	if l := w.Location; l != nil {
		r.Location = &Location{Name: l.Name, Preferred: l.Preferred, GeonameID: l.GeonameID, Lat: l.Lat, Lon: l.Lon,
			Admin1: l.Admin1, CountryCode: l.CountryCode, Feature: l.Feature, Precision: l.Precision, Basis: l.Basis}
	}
	for _, p := range w.People {
		r.People = append(r.People, Person(p))
	}
	for field, spans := range w.Evidence {
		ss := make([]Span, len(spans))
		for i, s := range spans {
			ss[i] = Span{s[0], s[1]}
		}
		r.Evidence[field] = ss
	}
	return r, nil
}

// parseISODate reads a date at the precision its length shows.
func parseISODate(s string) (PartialDate, error) {
	var d PartialDate
	var layout string
	switch len(s) {
	case 0:
		return d, nil
	case 4:
		layout, d.Precision = "2006", PrecisionYear
	case 7:
		layout, d.Precision = "2006-01", PrecisionMonth
	case 10:
		layout, d.Precision = "2006-01-02", PrecisionDay
	default:
		return PartialDate{}, fmt.Errorf("%w: date %q is not YYYY, YYYY-MM or YYYY-MM-DD", ErrInvalid, s)
	}
	t, err := time.Parse(layout, s)
	if err != nil {
		return PartialDate{}, fmt.Errorf("%w: date %q: %w", ErrInvalid, s, err)
	}
	d.Year = t.Year()
	if d.Precision != PrecisionYear {
		d.Month = int(t.Month())
	}
	if d.Precision == PrecisionDay {
		d.Day = t.Day()
	}
	return d, nil
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// checkRecord reports, as ErrInvalid, what the JSON could not keep exactly or
// read back, or PostgreSQL store: strings that are not UTF-8 or hold a NUL, a
// date whose fields disagree with its precision, spans outside Text.
func checkRecord(r Record) error {
	if err := checkDate(r.Date); err != nil {
		return err
	}
	if l := r.Location; l != nil {
		for _, c := range [...]float64{l.Lat, l.Lon} {
			if math.IsNaN(c) || math.IsInf(c, 0) {
				return fmt.Errorf("%w: location coordinate %v", ErrInvalid, c)
			}
		}
	}
	for field, spans := range r.Evidence {
		for _, s := range spans {
			if err := checkSpan(r.Text, "evidence ", field, s); err != nil {
				return err
			}
		}
	}
	for _, p := range r.PlaceRefs {
		if err := checkSpan(r.Text, "place ", p.Name, p.Span); err != nil {
			return err
		}
	}
	var bad string
	ok := true
	eachRecordString(r, func(s string) bool {
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
			bad, ok = s, false
		}
		return ok
	})
	if !ok {
		return fmt.Errorf("%w: %q is not UTF-8 without NUL", ErrInvalid, bad)
	}
	return nil
}

// checkSpan checks that s lies in text. The span is named kind+name only
// when it does not: every record is checked as it is stored, and joining
// the two for every span was a fifth of the check.
func checkSpan(text, kind, name string, s Span) error {
	if s.Start < 0 || s.Start > s.End || s.End > len(text) {
		return fmt.Errorf("%w: %s%s span [%d, %d) outside the %d-byte text", ErrInvalid, kind, name, s.Start, s.End, len(text))
	}
	return nil
}

func checkDate(d PartialDate) error {
	ok := false
	switch d.Precision {
	case PrecisionNone:
		ok = d == PartialDate{}
	case PrecisionYear:
		ok = d.Month == 0 && d.Day == 0
	case PrecisionMonth:
		ok = d.Month >= 1 && d.Month <= 12 && d.Day == 0
	case PrecisionDay:
		last := time.Date(d.Year, time.Month(d.Month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
		ok = d.Month >= 1 && d.Month <= 12 && d.Day >= 1 && d.Day <= last
	}
	if !ok || (d.Precision != PrecisionNone && (d.Year < 1 || d.Year > 9999)) {
		return fmt.Errorf("%w: date %+v", ErrInvalid, d)
	}
	return nil
}

// eachRecordString calls yield with every string a record holds, for the
// UTF-8 check, until yield returns false. A visitor, not a list: the check
// runs on every record stored, and building the list was a third of it.
func eachRecordString(r Record, yield func(string) bool) {
	fixed := [...]string{r.Text, r.Description, r.Lang, r.Credit, r.DateText, string(r.Country), string(r.CountryBasis)}
	if !yieldEach(yield, fixed[:]) || !yieldEach(yield, r.Photographers) || !yieldEach(yield, r.Places) ||
		!yieldEach(yield, r.Attribution) || !yieldEach(yield, r.Actors) || !yieldEach(yield, r.Warnings) {
		return
	}
	for _, a := range r.Agencies {
		if !yield(string(a)) {
			return
		}
	}
	for _, e := range r.EventTypes {
		if !yield(string(e)) {
			return
		}
	}
	for _, p := range r.PlaceRefs {
		if !yield(p.Name) || !yield(p.Kind) {
			return
		}
	}
	for _, p := range r.People {
		if !yield(p.Name) {
			return
		}
	}
	for k := range r.Evidence {
		if !yield(k) {
			return
		}
	}
	for k, v := range r.Origins {
		if !yield(k) || !yield(v) {
			return
		}
	}
	for _, t := range r.Target {
		if !yield(string(t)) {
			return
		}
	}
	if p := r.Perpetrator; p != nil {
		ps := [...]string{p.Actor, p.Name, string(p.Kind), string(p.Country), string(p.Claim)}
		if !yieldEach(yield, ps[:]) {
			return
		}
	}
	if l := r.Location; l != nil {
		ls := [...]string{l.Name, l.Preferred, l.Admin1, string(l.CountryCode), l.Feature, string(l.Basis)}
		yieldEach(yield, ls[:])
	}
}

// yieldEach calls yield with each of ss until it returns false, and
// reports whether it never did.
func yieldEach(yield func(string) bool, ss []string) bool {
	for _, s := range ss {
		if !yield(s) {
			return false
		}
	}
	return true
}
