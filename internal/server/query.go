package server

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// filterParams are the query parameters a search takes, as `sijil search`
// names its flags, in the order links write them.
var filterParams = []string{"q", "from", "to", "country", "place", "admin1", "basis", "agency", "photographer", "event", "actor", "killed_min", "near"}

// Bounds on parameter sizes: no real filter comes close, and the store never
// sees an unbounded string.
const (
	maxTextParam  = 1000
	maxOtherParam = 200
	maxPageLimit  = 1000
)

// filter is a search's parameters as the request gave them: the first
// value of each of filterParams, trimmed, empty ones left out. Links to
// other searches are built from it, so that they keep what the user chose.
type filter map[string]string

func filterOf(v url.Values) filter {
	f := filter{}
	for _, k := range filterParams {
		if s := strings.TrimSpace(v.Get(k)); s != "" {
			f[k] = s
		}
	}
	return f
}

// with returns f with key set to value (removed when value is empty).
func (f filter) with(kv ...string) filter {
	g := make(filter, len(f)+1)
	for k, v := range f {
		g[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			delete(g, kv[i])
		} else {
			g[kv[i]] = kv[i+1]
		}
	}
	return g
}

// encode returns f as a query string, in filterParams order.
func (f filter) encode() string {
	var b strings.Builder
	for _, k := range filterParams {
		if s, ok := f[k]; ok {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(k + "=" + url.QueryEscape(s))
		}
	}
	return b.String()
}

// url returns path with f as its query.
func (f filter) url(path string) string {
	if q := f.encode(); q != "" {
		return path + "?" + q
	}
	return path
}

// invalid is a UserError of kind ErrInvalid naming a parameter.
func invalid(param, format string, args ...any) error {
	return &UserError{Kind: caption.ErrInvalid, Message: param + ": " + fmt.Sprintf(format, args...)}
}

// query turns a filter into a caption.Query, checking every value; the
// errors are UserErrors naming the parameter.
func (s *server) query(f filter) (caption.Query, error) {
	var q caption.Query
	for _, k := range filterParams {
		v := f[k]
		limit := maxOtherParam
		if k == "q" {
			limit = maxTextParam
		}
		if len(v) > limit || !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
			return q, invalid(k, "want valid UTF-8 text of at most %d bytes", limit)
		}
	}
	q.Text = f["q"]
	var err error
	if q.From, err = checkDate("from", f["from"]); err != nil {
		return q, err
	}
	if q.To, err = checkDate("to", f["to"]); err != nil {
		return q, err
	}
	if q.Country, err = checkCountry(f["country"]); err != nil {
		return q, err
	}
	if p := f["place"]; p != "" {
		q.GeonameIDs, q.PlaceKeys = s.expandPlace(p, q.Country)
	}
	if a := f["admin1"]; a != "" {
		q.Admin1Key = s.admin1Key(a)
	}
	if q.Basis, err = checkBasis(f["basis"]); err != nil {
		return q, err
	}
	q.Agency, q.Photographer, q.Actor = f["agency"], f["photographer"], f["actor"]
	if q.EventType, err = checkEventType(f["event"]); err != nil {
		return q, err
	}
	if v := f["killed_min"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return q, invalid("killed_min", "want a whole number, 0 or more")
		}
		q.KilledMin = &n
	}
	if q.Near, err = checkNear(f["near"]); err != nil {
		return q, err
	}
	return q, nil
}

// page adds the page size and cursor of v to q.
func page(q caption.Query, v url.Values) (caption.Query, error) {
	if l := v.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxPageLimit {
			return q, invalid("limit", "want a number from 1 to %d", maxPageLimit)
		}
		q.Limit = n
	}
	q.Cursor = v.Get("cursor")
	if len(q.Cursor) > maxOtherParam {
		return q, invalid("cursor", "not a cursor this server gave")
	}
	return q, nil
}

func checkDate(param, v string) (string, error) {
	if v == "" {
		return "", nil
	}
	layout := map[int]string{4: "2006", 7: "2006-01", 10: "2006-01-02"}[len(v)]
	if layout == "" {
		return "", invalid(param, "want YYYY, YYYY-MM or YYYY-MM-DD")
	}
	if _, err := time.Parse(layout, v); err != nil {
		return "", invalid(param, "want YYYY, YYYY-MM or YYYY-MM-DD, a real date")
	}
	return v, nil
}

func checkCountry(v string) (caption.CountryCode, error) {
	if v == "" {
		return "", nil
	}
	v = strings.ToUpper(v)
	if len(v) != 2 || v[0] < 'A' || v[0] > 'Z' || v[1] < 'A' || v[1] > 'Z' {
		return "", invalid("country", "want a two-letter ISO 3166 code such as SY")
	}
	return caption.CountryCode(v), nil
}

func checkEventType(v string) (caption.EventType, error) {
	if v == "" {
		return "", nil
	}
	t := caption.EventType(strings.ToLower(v))
	if t.Index() < 0 {
		return "", invalid("event", "want one of %v", caption.EventTypes())
	}
	return t, nil
}

// checkBasis reads a location basis, in any case.
func checkBasis(v string) (caption.LocationBasis, error) {
	if v == "" {
		return "", nil
	}
	for _, b := range caption.LocationBases {
		if strings.EqualFold(v, string(b)) {
			return b, nil
		}
	}
	return "", invalid("basis", "want one of %q", caption.LocationBases)
}

// checkNear reads "LAT,LON,KM".
func checkNear(v string) (*caption.Circle, error) {
	if v == "" {
		return nil, nil
	}
	parts := strings.Split(v, ",")
	var n [3]float64
	if len(parts) != 3 {
		return nil, invalid("near", "want LAT,LON,KM")
	}
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, invalid("near", "want LAT,LON,KM as numbers")
		}
		n[i] = f
	}
	if n[0] < -90 || n[0] > 90 || n[1] < -180 || n[1] > 180 || n[2] <= 0 || n[2] > 20000 {
		return nil, invalid("near", "want -90 ≤ LAT ≤ 90, -180 ≤ LON ≤ 180 and 0 < KM ≤ 20000")
	}
	return &caption.Circle{Lat: n[0], Lon: n[1], Km: n[2]}, nil
}

func (s *server) expandPlace(name string, country caption.CountryCode) ([]int, []string) {
	if s.opt.ExpandPlace != nil {
		ids, keys := s.opt.ExpandPlace(name, country)
		if len(ids) > 0 || len(keys) > 0 {
			return ids, keys
		}
	}
	return nil, []string{foldKey(name)}
}

func (s *server) admin1Key(v string) string {
	if s.opt.Admin1Key != nil {
		if k := s.opt.Admin1Key(v); k != "" {
			return k
		}
	}
	return foldKey(v)
}

// foldKey is the place key used when no gazetteer is wired in: the letters
// and digits of name, lower-cased. Stores match place filters against
// gazetteer keys (consonant skeletons), so without Options.ExpandPlace a
// place filter finds little: cmd/sijil always supplies one.
func foldKey(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
