package caption

import (
	"context"
	"encoding/base64"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Page sizes of Query.Limit.
const (
	DefaultLimit = 50
	MaxLimit     = 1000
)

// Bounds on the lists of a Query.
const (
	maxPlaceFilters = 1000
	// MaxRecordsFilter is the most IDs Query.Records may hold.
	MaxRecordsFilter = 10_000
)

// Plan is a Query checked and reduced to the values a store compares, so
// that every store reads a Query the same way: text parsed, dates made
// days, names folded, the circle given its bounding box.
type Plan struct {
	Text TextQuery
	// Days, when not nil, is the inclusive range of days (since 1970-01-01)
	// that a record's date must overlap.
	Days       *DayRange
	Country    CountryCode // upper case
	GeonameIDs []int
	PlaceKeys  []string
	Admin1Key  string
	Basis      LocationBasis // one of LocationBases
	// Terms are the agency, photographer, event type and actor the record
	// must hold, by Field and Fold.
	Terms     []Term
	KilledMin *int
	Near      *Circle
	// Records, when not nil, are the only records that may match, sorted
	// and without repeats; never empty (an empty Query.Records sets
	// MatchNone).
	Records []int64
	// Box bounds Near's circle, for an index; Hav is the haversine of its
	// radius: a point lies in the circle when Haversine(Near, point) <= Hav.
	// Hav is above 1 for a circle that holds the whole Earth.
	Box   Box
	Hav   float64
	Limit int
	After *Cursor // the page starts after this record; nil for the first page
	// MatchNone is set when a filter can match no record: places were asked
	// for but none has a key or geonameid, or Records was empty.
	MatchNone bool
}

// DayRange is an inclusive range of days since 1970-01-01.
type DayRange struct{ First, Last int64 }

// Box is a latitude and longitude range in degrees. When MinLon > MaxLon it
// crosses the antimeridian: the longitudes from MinLon to 180 and from -180
// to MaxLon.
type Box struct{ MinLat, MaxLat, MinLon, MaxLon float64 }

// PlanAll is Plan for a question about all of q's matches (a timeline,
// a map, an export), which ignores q's Limit and Cursor; it fails first
// when ctx is done.
func (q Query) PlanAll(ctx context.Context) (Plan, error) {
	if err := ctx.Err(); err != nil {
		return Plan{}, err
	}
	q.Limit, q.Cursor = 0, ""
	return q.Plan()
}

// Plan checks q and returns its plan. A bad value is ErrInvalid, with a
// message fit for the user.
func (q Query) Plan() (Plan, error) {
	p := Plan{Country: CountryCode(strings.ToUpper(string(q.Country))), Admin1Key: q.Admin1Key, KilledMin: q.KilledMin}
	if err := checkQueryStrings(q); err != nil {
		return Plan{}, err
	}
	var err error
	if p.Text, err = ParseText(q.Text); err != nil {
		return Plan{}, err
	}
	if p.Days, err = dayRangeOf(q.From, q.To); err != nil {
		return Plan{}, err
	}
	if p.Country != "" && !isCountryCode(string(p.Country)) {
		return Plan{}, fmt.Errorf("%w: country %q is not a two-letter code", ErrInvalid, q.Country)
	}
	if err := p.setPlaces(q); err != nil {
		return Plan{}, err
	}
	if p.Basis, err = basisOf(q.Basis); err != nil {
		return Plan{}, err
	}
	p.setTerms(q)
	if q.KilledMin != nil && *q.KilledMin < 0 {
		return Plan{}, fmt.Errorf("%w: killed minimum %d is negative", ErrInvalid, *q.KilledMin)
	}
	if err := p.setNear(q.Near); err != nil {
		return Plan{}, err
	}
	if q.Records != nil {
		if len(q.Records) > MaxRecordsFilter {
			return Plan{}, fmt.Errorf("%w: %d records to filter; at most %d", ErrInvalid, len(q.Records), MaxRecordsFilter)
		}
		p.Records = slices.Compact(slices.Sorted(slices.Values(q.Records)))
		p.MatchNone = p.MatchNone || len(p.Records) == 0
	}
	switch {
	case q.Limit < 0:
		return Plan{}, fmt.Errorf("%w: limit %d is negative", ErrInvalid, q.Limit)
	case q.Limit == 0:
		p.Limit = DefaultLimit
	default:
		p.Limit = min(q.Limit, MaxLimit)
	}
	if q.Cursor != "" {
		c, err := ParseCursor(q.Cursor)
		if err != nil {
			return Plan{}, err
		}
		p.After = &c
	}
	return p, nil
}

// checkQueryStrings refuses strings no store could compare: invalid UTF-8
// and NUL, which PostgreSQL cannot take.
func checkQueryStrings(q Query) error {
	ss := append([]string{q.Text, q.From, q.To, string(q.Country), q.Admin1Key, string(q.Basis), q.Agency, q.Photographer,
		string(q.EventType), q.Actor, q.Cursor}, q.PlaceKeys...)
	for _, s := range ss {
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
			return fmt.Errorf("%w: %q is not UTF-8 text without NUL", ErrInvalid, s)
		}
	}
	return nil
}

// basisOf returns the LocationBasis b names, in any case; "" for none.
func basisOf(b LocationBasis) (LocationBasis, error) {
	if b == "" {
		return "", nil
	}
	for _, known := range LocationBases {
		if strings.EqualFold(string(b), string(known)) {
			return known, nil
		}
	}
	names := make([]string, len(LocationBases))
	for i, known := range LocationBases {
		names[i] = string(known)
	}
	return "", fmt.Errorf("%w: basis %q is not one of %s", ErrInvalid, b, strings.Join(names, ", "))
}

func isCountryCode(s string) bool {
	return len(s) == 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z'
}

// dayRangeOf returns the days from the first day of from to the last day of
// to; nil when both are empty.
func dayRangeOf(from, to string) (*DayRange, error) {
	if from == "" && to == "" {
		return nil, nil
	}
	// Open ends are the first and last days a record's date can mean.
	r := DayRange{First: minDay, Last: maxDay}
	if from != "" {
		d, err := ParseDate(from)
		if err != nil {
			return nil, fmt.Errorf("%w: from date %q is not YYYY, YYYY-MM or YYYY-MM-DD", ErrInvalid, from)
		}
		r.First, _ = d.Days()
	}
	if to != "" {
		d, err := ParseDate(to)
		if err != nil {
			return nil, fmt.Errorf("%w: to date %q is not YYYY, YYYY-MM or YYYY-MM-DD", ErrInvalid, to)
		}
		_, r.Last = d.Days()
	}
	if r.First > r.Last {
		return nil, fmt.Errorf("%w: from date %s is after to date %s", ErrInvalid, from, to)
	}
	return &r, nil
}

// ParseDate reads a date in ISO 8601 at year, month or day precision
// (2016, 2016-11, 2016-11-06). The empty string is the zero date.
func ParseDate(s string) (PartialDate, error) {
	d, err := parseISODate(s)
	if err == nil {
		err = checkDate(d)
	}
	return d, err
}

// Days returns the first and last day d can mean, as days since
// 1970-01-01: 2016-11 is 2016-11-01 to 2016-11-30. It returns 0, 0 for the
// zero date.
func (d PartialDate) Days() (first, last int64) {
	if d.IsZero() {
		return 0, 0
	}
	from := time.Date(d.Year, time.Month(max(d.Month, 1)), max(d.Day, 1), 0, 0, 0, 0, time.UTC)
	to := from
	switch d.Precision {
	case PrecisionYear:
		to = from.AddDate(1, 0, -1)
	case PrecisionMonth:
		to = from.AddDate(0, 1, -1)
	}
	return epochDay(from), epochDay(to)
}

// The days of 0001-01-01 and 9999-12-31, the range of dates a record holds.
const (
	minDay = -719162
	maxDay = 2932896
)

func epochDay(t time.Time) int64 {
	return int64(math.Floor(float64(t.Unix()) / 86400))
}

// DayDate returns the date of a day since 1970-01-01, as YYYY-MM-DD.
func DayDate(day int64) string {
	return time.Unix(day*86400, 0).UTC().Format(time.DateOnly)
}

func (p *Plan) setPlaces(q Query) error {
	if len(q.GeonameIDs) > maxPlaceFilters || len(q.PlaceKeys) > maxPlaceFilters {
		return fmt.Errorf("%w: more than %d places", ErrInvalid, maxPlaceFilters)
	}
	for _, id := range q.GeonameIDs {
		if id <= 0 {
			return fmt.Errorf("%w: geonameid %d is not positive", ErrInvalid, id)
		}
	}
	p.GeonameIDs = q.GeonameIDs
	for _, k := range q.PlaceKeys {
		if k != "" {
			p.PlaceKeys = append(p.PlaceKeys, k)
		}
	}
	// Places asked for, none of which has a key: nothing matches, rather
	// than everything.
	p.MatchNone = (len(q.GeonameIDs) > 0 || len(q.PlaceKeys) > 0) && len(p.GeonameIDs) == 0 && len(p.PlaceKeys) == 0
	return nil
}

func (p *Plan) setTerms(q Query) {
	for _, t := range []Term{
		{Field: FacetAgency, Value: q.Agency},
		{Field: FacetPhotographer, Value: q.Photographer},
		{Field: FacetEventType, Value: string(q.EventType)},
		{Field: FacetActor, Value: q.Actor},
	} {
		if strings.TrimSpace(t.Value) == "" {
			continue
		}
		// A value of punctuation only folds to "", which no record holds.
		t.Fold = FoldTerm(t.Value)
		p.Terms = append(p.Terms, t)
	}
}

// earthRadius is the mean radius of the Earth in kilometres.
const earthRadius = 6371.0088

func (p *Plan) setNear(c *Circle) error {
	if c == nil {
		return nil
	}
	switch {
	case math.IsNaN(c.Lat) || c.Lat < -90 || c.Lat > 90:
		return fmt.Errorf("%w: latitude %g is not between -90 and 90", ErrInvalid, c.Lat)
	case math.IsNaN(c.Lon) || c.Lon < -180 || c.Lon > 180:
		return fmt.Errorf("%w: longitude %g is not between -180 and 180", ErrInvalid, c.Lon)
	case math.IsNaN(c.Km) || c.Km <= 0 || c.Km > 20100:
		return fmt.Errorf("%w: radius %g km is not between 0 and 20100", ErrInvalid, c.Km)
	}
	circle := *c
	p.Near = &circle
	angle := c.Km / earthRadius // radians
	p.Hav = 2
	if angle < math.Pi {
		s := math.Sin(angle / 2)
		p.Hav = s * s
	}
	dLat := angle * 180 / math.Pi
	p.Box = Box{MinLat: c.Lat - dLat, MaxLat: c.Lat + dLat, MinLon: -180, MaxLon: 180}
	if p.Box.MinLat <= -90 || p.Box.MaxLat >= 90 {
		// The circle holds a pole: every longitude.
		p.Box.MinLat, p.Box.MaxLat = max(p.Box.MinLat, -90), min(p.Box.MaxLat, 90)
		return nil
	}
	dLon := math.Asin(math.Sin(angle)/math.Cos(c.Lat*math.Pi/180)) * 180 / math.Pi
	p.Box.MinLon, p.Box.MaxLon = c.Lon-dLon, c.Lon+dLon
	if p.Box.MinLon < -180 {
		p.Box.MinLon += 360
	}
	if p.Box.MaxLon > 180 {
		p.Box.MaxLon -= 360
	}
	return nil
}

// Distance returns the great-circle distance between two points in
// kilometres (the same-picture conflicts compare scenes by it).
func Distance(lat1, lon1, lat2, lon2 float64) float64 {
	return 2 * earthRadius * math.Asin(math.Sqrt(min(1, Haversine(lat1, lon1, lat2, lon2))))
}

// Haversine returns the haversine of the central angle between two points
// given in degrees: sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2). The stores compare
// it with Plan.Hav, in SQL, by this formula.
func Haversine(lat1, lon1, lat2, lon2 float64) float64 {
	const rad = math.Pi / 180
	a := math.Sin((lat2 - lat1) * rad / 2)
	b := math.Sin((lon2 - lon1) * rad / 2)
	return a*a + math.Cos(lat1*rad)*math.Cos(lat2*rad)*b*b
}

// Cursor is where a page of search results ends: the last record's sort key.
// Results are ordered by the first day of the record's date, newest first,
// undated records last, then by ID.
type Cursor struct {
	Dated bool
	Day   int64 // first day of the date, when Dated
	ID    int64
}

// CursorOf returns the cursor of a page ending at r.
func CursorOf(r StoredRecord) Cursor {
	first, _ := r.Record.Date.Days()
	return Cursor{Dated: !r.Record.Date.IsZero(), Day: first, ID: r.ID}
}

// String encodes c for SearchResult.Next: an opaque token.
func (c Cursor) String() string {
	day := ""
	if c.Dated {
		day = strconv.FormatInt(c.Day, 10)
	}
	return base64.RawURLEncoding.EncodeToString([]byte(day + "," + strconv.FormatInt(c.ID, 10)))
}

// ParseCursor reads a cursor that Cursor.String made; anything else is
// ErrInvalid.
func ParseCursor(s string) (Cursor, error) {
	bad := fmt.Errorf("%w: cursor %q is not one a search returned", ErrInvalid, s)
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Cursor{}, bad
	}
	day, id, ok := strings.Cut(string(b), ",")
	var c Cursor
	if c.ID, err = strconv.ParseInt(id, 10, 64); !ok || err != nil || c.ID <= 0 {
		return Cursor{}, bad
	}
	if day != "" {
		c.Dated = true
		if c.Day, err = strconv.ParseInt(day, 10, 64); err != nil || c.Day < -1e6 || c.Day > 1e7 {
			return Cursor{}, bad
		}
	}
	return c, nil
}
