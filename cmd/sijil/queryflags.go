package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// queryFlags are the filters of a register query as given on the command
// line; search and export share them, so the two select records alike.
type queryFlags struct {
	from, to, country, place, admin1 string
	basis                            string
	agency, photographer, event      string
	actor, near                      string
	killedMin                        optionalInt
}

// define adds the filters to fs.
func (f *queryFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.from, "from", "", "only records dated on or after `DATE`")
	fs.StringVar(&f.to, "to", "", "only records dated on or before `DATE`")
	fs.StringVar(&f.country, "country", "", "only records in `CC`, an ISO country code")
	fs.StringVar(&f.place, "place", "", "only records at or naming the place `NAME`")
	fs.StringVar(&f.admin1, "admin1", "", "only records in the first-level division `NAME`")
	fs.StringVar(&f.basis, "basis", "", "only records whose location was chosen by `BASIS`: "+basisList())
	fs.StringVar(&f.agency, "agency", "", "only records credited to agency `A`")
	fs.StringVar(&f.photographer, "photographer", "", "only records by photographer `P` (whole name)")
	fs.StringVar(&f.event, "event", "", "only records of event `TYPE` (airstrike, shelling, barrel_bomb, …)")
	fs.StringVar(&f.actor, "actor", "", "only records naming actor `A`")
	fs.Var(&f.killedMin, "killed-min", "only records reporting at least `N` killed")
	fs.StringVar(&f.near, "near", "", "only records within KM of a point: `LAT,LON,KM`")
}

// query makes the caption.Query of the filters and the full-text query,
// without a page size or cursor. Place and admin1 filters are added by
// expand, which needs the gazetteer.
func (f *queryFlags) query(text string) (caption.Query, error) {
	q := caption.Query{
		Text: text, From: f.from, To: f.to, Country: caption.CountryCode(strings.ToUpper(f.country)),
		Basis:  caption.LocationBasis(strings.TrimSpace(f.basis)),
		Agency: f.agency, Photographer: f.photographer, EventType: caption.EventType(f.event), Actor: f.actor,
		KilledMin: f.killedMin.v,
	}
	if f.near != "" {
		c, err := parseNear(f.near)
		if err != nil {
			return q, err
		}
		q.Near = &c
	}
	return q, nil
}

// expand adds the -place and -admin1 filters to q: every spelling and
// entry the gazetteer knows for the place, the key of the division. The
// gazetteer is opened only when one of them is given.
func (f *queryFlags) expand(cfg Config, q *caption.Query) error {
	if f.place == "" && f.admin1 == "" {
		return nil
	}
	g, err := openGazetteer(cfg)
	if err != nil {
		return err
	}
	if f.place != "" {
		q.GeonameIDs, q.PlaceKeys = placeExpander(g)(f.place, q.Country)
	}
	if f.admin1 != "" {
		q.Admin1Key = admin1Keyer(g)(f.admin1)
	}
	return nil
}

// basisList names the bases of a location, quoted, for help texts.
func basisList() string {
	names := make([]string, len(caption.LocationBases))
	for i, b := range caption.LocationBases {
		names[i] = strconv.Quote(string(b))
	}
	return strings.Join(names, ", ")
}

// optionalInt is an int flag that knows whether it was set.
type optionalInt struct{ v *int }

func (o *optionalInt) String() string {
	if o == nil || o.v == nil {
		return ""
	}
	return strconv.Itoa(*o.v)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("not a whole number")
	}
	o.v = &n
	return nil
}

// parseNear reads LAT,LON,KM.
func parseNear(s string) (caption.Circle, error) {
	parts := strings.Split(s, ",")
	bad := fmt.Errorf("-near %q: want LAT,LON,KM (such as 33.57,36.40,10)", s)
	if len(parts) != 3 {
		return caption.Circle{}, bad
	}
	var v [3]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return caption.Circle{}, bad
		}
		v[i] = f
	}
	return caption.Circle{Lat: v[0], Lon: v[1], Km: v[2]}, nil
}

// placeExpander expands a place filter (of search, export and serve alike) with the gazetteer: the
// geonameids of the entries the name may mean (within country, when given)
// and the keys of all their names, so that Douma finds captions that say
// Duma. Bounded, so a common name cannot make a huge query.
func placeExpander(g *geocode.Gazetteer) func(string, caption.CountryCode) ([]int, []string) {
	const maxPlaces, maxKeys = 50, 200
	return func(name string, country caption.CountryCode) ([]int, []string) {
		keys := []string{geocode.Key(name)}
		var ids []int
		n := 0
		for _, p := range g.Lookup(name) {
			if country != "" && p.Country != country {
				continue
			}
			if n++; n > maxPlaces {
				break
			}
			if p.IsGeoNames() && p.ID > 0 {
				ids = append(ids, int(p.ID))
			}
			keys = append(keys, geocode.Key(p.Name))
			for _, a := range p.Alternates {
				keys = append(keys, geocode.Key(a))
			}
		}
		slices.Sort(keys)
		keys = slices.DeleteFunc(slices.Compact(keys), func(k string) bool { return k == "" })
		return ids, keys[:min(len(keys), maxKeys)]
	}
}

// admin1Keyer maps an admin1 filter to the key of its name: a name as
// given ("Idlib"), or a GeoNames code as the map sends it ("SY.09").
func admin1Keyer(g *geocode.Gazetteer) func(string) string {
	return func(v string) string {
		if cc, code, ok := strings.Cut(v, "."); ok && len(cc) == 2 && code != "" {
			if name := g.Admin1Name(caption.CountryCode(strings.ToUpper(cc)), code); name != "" {
				return geocode.Key(name)
			}
		}
		return geocode.Key(v)
	}
}
