package caption

import (
	"fmt"
	"slices"
)

// Span is a half-open byte range [Start, End) in a record's Text. Every value
// the parser extracts keeps the spans it was read from, so a reader can see why
// it was chosen.
type Span struct{ Start, End int }

// Len returns the number of bytes the span covers.
func (s Span) Len() int { return s.End - s.Start }

// Precision says how much of a PartialDate is known.
type Precision string

// The precisions of a record's date_precision (docs/records.md).
const (
	PrecisionNone  Precision = ""
	PrecisionYear  Precision = "year"
	PrecisionMonth Precision = "month"
	PrecisionDay   Precision = "day"
)

// PartialDate is a calendar date known to day, month or year precision.
// Fields below the precision are zero.
type PartialDate struct {
	Year, Month, Day int
	Precision        Precision
}

// IsZero reports whether no date is known.
func (d PartialDate) IsZero() bool { return d.Precision == PrecisionNone }

// String formats the date in ISO 8601 at its precision: 2016-11-06, 2016-11
// or 2016; the empty string when no date is known.
func (d PartialDate) String() string {
	switch d.Precision {
	case PrecisionDay:
		return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
	case PrecisionMonth:
		return fmt.Sprintf("%04d-%02d", d.Year, d.Month)
	case PrecisionYear:
		return fmt.Sprintf("%04d", d.Year)
	}
	return ""
}

// CountryCode is an ISO 3166-1 alpha-2 code such as SY or JO.
type CountryCode string

// Agency is the canonical short name of an organisation in a credit: AFP, AP,
// Reuters, Getty Images, or a provider as written (Aleppo Media Center).
type Agency string

// EventType is one of the event categories of docs/records.md.
type EventType string

// The event types, in the order records list them.
const (
	Airstrike    EventType = "airstrike"
	Shelling     EventType = "shelling"
	BarrelBomb   EventType = "barrel_bomb"
	Explosion    EventType = "explosion"
	Clashes      EventType = "clashes"
	Protest      EventType = "protest"
	Rescue       EventType = "rescue"
	Displacement EventType = "displacement"
	Funeral      EventType = "funeral"
)

// eventTypes are the valid EventTypes in canonical order: an array, so
// that no importer can change it through a slice of it.
var eventTypes = [...]EventType{Airstrike, Shelling, BarrelBomb, Explosion, Clashes, Protest, Rescue, Displacement, Funeral}

// EventTypes returns every valid EventType in canonical order, in a new
// slice.
func EventTypes() []EventType { return slices.Clone(eventTypes[:]) }

// Index returns t's position in EventTypes, -1 when t is not a valid type.
func (t EventType) Index() int { return slices.Index(eventTypes[:], t) }

// Person is a named person shown in the photo. Age is nil when the caption
// gives none.
type Person struct {
	Name string
	Age  *int
}

// Location is a caption's scene resolved in a gazetteer.
type Location struct {
	// Name is the gazetteer's name for the place as the caption spells it:
	// among the entry's names, the closest to the caption's ("Raqa" for
	// GeoNames' Ar Raqqah), so a reader sees what matched.
	Name string
	// Preferred is the entry's own preferred name ("Ar Raqqah").
	Preferred   string
	GeonameID   int // 0 when the entry is not from GeoNames
	Lat, Lon    float64
	Admin1      string
	CountryCode CountryCode
	Feature     string // GeoNames feature code: PPL, PPLA, ADM1, PPLX…
	// Precision is 1 for the place itself, 2 for near or part of a named
	// place, 3 for the province or region only, 4 for the country only.
	Precision int
	// Basis says what chose this entry among the gazetteer's namesakes, so
	// that a reviewer can find the weakest locations.
	Basis LocationBasis
}

// LocationBasis says how a Location was chosen, from the strongest evidence
// to the weakest.
type LocationBasis string

// The bases of a location.
const (
	BasisOnly        LocationBasis = "only candidate" // the gazetteer knows one place of that name, or one spelt so
	BasisCountry     LocationBasis = "country named"  // the caption names the scene's country, which has one such place
	BasisHint        LocationBasis = "country hinted" // a demonym hints at the country, and namesakes abroad are close
	BasisContainer   LocationBasis = "container"      // another place the caption names contains it or lies near it
	BasisDocument    LocationBasis = "document"       // the other captions of its document lie near it
	BasisFocus       LocationBasis = "focus"          // the register's focus countries chose among namesakes
	BasisWarZone     LocationBasis = "war zone"       // of close namesakes, the one in a country at war, no smaller than the others
	BasisPopulation  LocationBasis = "population"     // rank and population chose among namesakes: the weakest
	BasisSpelling    LocationBasis = "near spelling"  // the name is spelt otherwise in the gazetteer
	BasisCountryOnly LocationBasis = "country only"   // no place was found: the country's point stands for the scene
)

// LocationBases lists every LocationBasis, roughly strongest first.
var LocationBases = []LocationBasis{BasisOnly, BasisCountry, BasisContainer, BasisDocument, BasisHint, BasisFocus,
	BasisWarZone, BasisPopulation, BasisSpelling, BasisCountryOnly}

// Record is one caption parsed into the fields of docs/records.md. Empty
// strings, nil pointers and empty slices stand for its nulls and empty lists.
type Record struct {
	Text        string // whitespace folded, trimmed
	Description string // Text without the credit
	// Lang is the ISO 639-1 code of the caption's language ("en", "fr",
	// "ar"), read from its script and function words, whose rules the
	// parser applied; empty when the words were too few to tell.
	Lang          string
	Credit        string // as written, without parentheses
	Photographers []string
	Agencies      []Agency
	Date          PartialDate
	DateText      string
	Places        []string   // most specific first
	PlaceRefs     []PlaceRef // Places with what the caption says about each
	Location      *Location
	Country       CountryCode
	CountryBasis  CountryBasis // how Country was decided
	Killed        *int
	Injured       *int
	Attribution   []string
	EventTypes    []EventType
	Actors        []string
	// Perpetrator is who the caption says carried out the event, nil when
	// it says nobody; its evidence is "perpetrator" (and "perpetrator_claim"
	// for the words that hedge it).
	Perpetrator *Perpetrator
	Target      []TargetKind // what the event struck, in TargetKinds order
	People      []Person
	// Evidence maps a record field name ("date", "killed", "places"…) to the
	// spans of Text it was read from.
	Evidence map[string][]Span
	// Origins maps a field whose value came from a photo's embedded
	// metadata rather than the caption text ("places", "country", "date",
	// "photographers", "agencies") to the Meta key it came from
	// ("xmp:photoshop:City"). Metadata fills what the text leaves silent,
	// and wins only where the text is ambiguous: a more precise date that
	// agrees with the text's, a country the text only hints at. Where both
	// speak and disagree the text's value is kept, with a warning, and the
	// metadata's stays in the occurrence's Meta beside it.
	Origins  map[string]string
	Warnings []string
}

// PlaceRef is a scene place as the caption names it, with the words around it
// that a gazetteer needs to choose among namesakes and to set precision.
type PlaceRef struct {
	Name string
	Span Span
	// Kind is the place word the caption gives it: village, town, city,
	// neighbourhood, province, countryside, camp…; empty when none.
	Kind string
	// Near is true when the caption places the scene near or around the
	// place rather than in it: "on the outskirts of", "near", "20 km from",
	// "north of", "countryside of".
	Near bool
}

// CountryBasis says how a record's country was decided, from the strongest
// evidence to the weakest, so that a gazetteer knows whether it may overrule
// it ("A Russian serviceman … in Mariupol" is in Ukraine).
type CountryBasis string

// The bases of a record's country.
const (
	CountryNamed     CountryBasis = "named"     // the caption names it, or a demonym places the scene: "Syrian city of"
	CountryHint      CountryBasis = "hint"      // a demonym that only describes someone: "Syrian refugees"
	CountryDocument  CountryBasis = "document"  // the other captions of the document agree on it
	CountryGazetteer CountryBasis = "gazetteer" // the resolved place lies in it
)

// DocumentCountryWarning is the warning of a record whose country was taken
// from the other captions of its document, so that a gazetteer that finds
// the record's place elsewhere can take it back.
func DocumentCountryWarning(c CountryCode) string {
	return "country " + string(c) + " inferred from the other captions of the document"
}
