package caption

import (
	"cmp"
	"slices"
	"strings"
)

// Query selects records for search, facets, the map and exports. The zero
// Query selects every record. Filters combine with AND.
type Query struct {
	// Text is a full-text query over the caption, places, actors,
	// photographers and agencies (SearchText): words (all must match, in
	// any form the index folds: case, diacritics, apostrophes; a word also
	// finds its possessive), "quoted phrases", -word to exclude, OR between
	// alternatives (ParseText). A syntax error is ErrInvalid with a message
	// fit for the user.
	Text string
	// From and To bound the record's date, inclusive ("2016-11-06", "2016-11",
	// "2016"); a record matches when its date's range overlaps them. An
	// undated record matches no date range.
	From, To string
	Country  CountryCode
	// GeonameIDs and PlaceKeys match a record's location (by geonameid) or
	// any of its places (by geocode.Key of the name, which the store is
	// opened with): the caller expands a user's place name to every
	// spelling and entry the gazetteer knows. A record matching either
	// matches.
	GeonameIDs []int
	PlaceKeys  []string
	// Admin1Key matches the location's first-level division by name, folded
	// like PlaceKeys (the caller passes geocode.Key of the name).
	Admin1Key string
	// Basis matches how the location was chosen (Location.Basis): one of
	// LocationBases, in any case. Records located before sijil recorded a
	// basis have none, and match no Basis filter.
	Basis LocationBasis
	// Agency, Photographer (whole name), EventType and Actor compare
	// folded (FoldTerm): case, diacritics and punctuation do not matter.
	Agency       string
	Photographer string
	EventType    EventType
	Actor        string
	KilledMin    *int    // at least this many killed; unknown counts never match
	Near         *Circle // the location within Km of the point
	// Records, when not nil, keeps only the records of these IDs (at most
	// MaxRecordsFilter): the other filters applied to what another search
	// found, such as the records of the same picture as a photo
	// (FilterPhotoMatches). Empty and not nil, it matches none.
	Records []int64
	// Limit is the page size (0 is 50; more than 1000 is 1000); Cursor the
	// Next of the previous page. Results are ordered by the first day of
	// their date (newest first, undated last), then ID; a cursor is a place
	// in that order, so pages stay stable while records are added.
	Limit  int
	Cursor string
}

// Circle is a point and a radius in kilometres.
type Circle struct {
	Lat, Lon, Km float64
}

// FacetCount is one value of a facet and how many matching records have it.
type FacetCount struct {
	Value string
	Count int
}

// The facets every search returns, keyed by these names.
const (
	FacetCountry      = "country"
	FacetAdmin1       = "admin1"
	FacetBasis        = "basis" // Location.Basis; records without one are not counted
	FacetAgency       = "agency"
	FacetPhotographer = "photographer"
	FacetEventType    = "event_type"
	FacetActor        = "actor"
	FacetYear         = "year"
)

// SearchResult is one page of matching records, the total count, the
// cursor of the next page ("" on the last) and facet counts over all
// matches (top 20 values of each facet, most frequent first, then by value;
// every facet name is a key). A facet value is spelt as first stored.
type SearchResult struct {
	Records []StoredRecord
	Total   int
	Next    string
	Facets  map[string][]FacetCount
}

// DayCount is the number of matching records dated on one day (records of
// month or year precision count on their first day).
type DayCount struct {
	Date  string
	Count int
}

// facets are the facet names, in the order a user interface shows them.
var facets = [...]string{FacetCountry, FacetAdmin1, FacetBasis, FacetAgency, FacetPhotographer, FacetEventType, FacetActor, FacetYear}

// Facets returns the facet names, in the order a user interface shows them,
// in a new slice.
func Facets() []string { return slices.Clone(facets[:]) }

// MaxFacetValues is how many values of each facet a search returns.
const MaxFacetValues = 20

// TopFacets sorts the counts of one facet, most frequent first, then by
// value (byte order), and keeps the first MaxFacetValues.
func TopFacets(counts []FacetCount) []FacetCount {
	slices.SortFunc(counts, func(a, b FacetCount) int {
		if a.Count != b.Count {
			return cmp.Compare(b.Count, a.Count)
		}
		return strings.Compare(a.Value, b.Value)
	})
	return counts[:min(len(counts), MaxFacetValues)]
}
