package caption

// Query selects records for search, facets, the map and exports. The zero
// Query selects every record. Filters combine with AND.
type Query struct {
	// Text is a full-text query: words (all must match, in any form the
	// index folds: case, diacritics, apostrophes), "quoted phrases", -word
	// to exclude, OR between alternatives. A syntax error is ErrInvalid
	// with a message fit for the user.
	Text string
	// From and To bound the record's date, inclusive ("2016-11-06", "2016-11",
	// "2016"); a record matches when its date's range overlaps them.
	From, To string
	Country CountryCode
	// GeonameIDs and PlaceKeys match a record's location (by geonameid) or
	// any of its places (by geocode.Key of the name): the caller expands a
	// user's place name to every spelling and entry the gazetteer knows.
	GeonameIDs []int
	PlaceKeys  []string
	// Admin1 matches the location's first-level division by name, folded
	// like PlaceKeys (the caller passes geocode.Key of the name).
	Admin1Key    string
	Agency       string // canonical agency name, case-insensitive
	Photographer string // case-insensitive, whole name
	EventType    EventType
	Actor        string // canonical actor name, case-insensitive
	KilledMin    *int
	Near         *Circle
	// Limit is the page size (default 50, at most 1000); Cursor the Next of
	// the previous page. Results are ordered by date (newest first, undated
	// last), then ID.
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
	FacetAgency       = "agency"
	FacetPhotographer = "photographer"
	FacetEventType    = "event_type"
	FacetActor        = "actor"
	FacetYear         = "year"
)

// SearchResult is one page of matching records, the total count, the
// cursor of the next page ("" on the last) and facet counts over all
// matches (top 20 values of each facet, most frequent first, then by value).
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
