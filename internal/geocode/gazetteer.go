package geocode

import (
	"cmp"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// Gazetteer answers place-name questions over layered indexes: the embedded
// GeoNames data, then imports, then a user's corrections. A place in a
// later layer overrides the same place (same Source and ID; GeoNames rows
// share the "geonames" source wherever they come from) in earlier ones: its
// record is returned, while the names of every layer still find it. A
// Gazetteer is safe for concurrent use.
type Gazetteer struct {
	layers    []*Index
	fuzzy     fuzzyCache
	cands     candidateCache
	divs      divisionNames
	countries countryNames
	// focus lists the countries the register documents (SetFocus): among
	// namesakes that nothing in a caption tells apart, one of them wins.
	focus []caption.CountryCode
}

// SetFocus sets the countries a team documents, most important first.
// Among namesakes that nothing in a caption or its document tells apart
// ("Tripoli" in Libya and in Lebanon), a place in a focus country wins, and
// the record's warnings say so. Call it before the gazetteer is shared: it
// is not safe to call concurrently with resolving.
func (g *Gazetteer) SetFocus(countries []caption.CountryCode) {
	g.focus = slices.Clone(countries)
}

// Focus returns the countries SetFocus set.
func (g *Gazetteer) Focus() []caption.CountryCode { return slices.Clone(g.focus) }

// New returns a gazetteer over layers, later layers overriding earlier
// ones. Nil layers are skipped.
func New(layers ...*Index) *Gazetteer {
	g := &Gazetteer{}
	for _, ix := range layers {
		if ix != nil {
			g.layers = append(g.layers, ix)
		}
	}
	return g
}

// hit is a place found in a layer, at some key distance from the query.
type hit struct {
	layer int
	place uint32
	dist  int
}

// Lookup returns every place with a name whose Key equals name's: the
// candidates for disambiguation by country, context and feature. Places
// whose Spelling also equals the query's come first ("Daraa": Darʿā before
// Dārayyā), then larger populations; ties go by country and ID.
func (g *Gazetteer) Lookup(name string) []Place {
	k := Key(name)
	if k == "" {
		return nil
	}
	var hits []hit
	for li, ix := range g.layers {
		if i := ix.findKey(k); i >= 0 {
			for _, p := range ix.postings(i) {
				hits = append(hits, hit{layer: li, place: p})
			}
		}
	}
	return g.rank(hits, spellingRunes(name, nil))
}

// latest returns the newest version of a layer's place: the same place in
// the last later layer that has it, or itself.
func (g *Gazetteer) latest(h hit) hit {
	if h.layer == len(g.layers)-1 {
		return h
	}
	src, id := g.layers[h.layer].placeIdentity(h.place)
	for li := len(g.layers) - 1; li > h.layer; li-- {
		if p, ok := g.layers[li].findPlace(src, id); ok {
			return hit{layer: li, place: p, dist: h.dist}
		}
	}
	return h
}

// ranked is a decoded candidate with its sort keys.
type ranked struct {
	p     Place
	dist  int
	tier  int // 0 when a name has the query's Spelling
	layer int
}

// rank resolves overrides, drops duplicates and sorts the hits.
func (g *Gazetteer) rank(hits []hit, spelling []rune) []Place {
	seen := map[hit]int{} // index in rs, keyed with dist 0
	var rs []ranked
	for _, h := range hits {
		h = g.latest(h)
		d := h.dist
		h.dist = 0
		if i, ok := seen[h]; ok {
			rs[i].dist = min(rs[i].dist, d)
			continue
		}
		seen[h] = len(rs)
		p := g.placeOf(h)
		rs = append(rs, ranked{p: p, dist: d, tier: spellingTier(p, spelling), layer: h.layer})
	}
	rs = yieldSupplement(rs)
	slices.SortStableFunc(rs, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.tier, b.tier),
			cmp.Compare(b.p.Population, a.p.Population),
			strings.Compare(string(a.p.Country), string(b.p.Country)),
			strings.Compare(a.p.Source, b.p.Source), cmp.Compare(a.p.ID, b.p.ID))
	})
	out := make([]Place, len(rs))
	for i, r := range rs {
		out[i] = r.p
	}
	return out
}

// SupplementSource is the Source of the places the embedded index adds to
// GeoNames from gen's supplement.tsv: villages and camps that conflict
// captions name and cities500 lacks, written by hand.
const SupplementSource = "sijil"

// yieldSupplement drops the supplement's places that a later layer holds
// too, by the same name within 10 km in the same country: a team's
// imported gazetteer places its villages to the metre, where the
// supplement's points are rounded to a kilometre or so, and the two must
// not compete as namesakes.
func yieldSupplement(rs []ranked) []ranked {
	drop := make([]bool, len(rs))
	dropped := false
	for i, r := range rs {
		if r.p.Source != SupplementSource {
			continue
		}
		drop[i] = slices.ContainsFunc(rs, func(o ranked) bool {
			return o.layer > r.layer && o.p.Country == r.p.Country && distanceKm(o.p.Lat, o.p.Lon, r.p.Lat, r.p.Lon) <= 10
		})
		dropped = dropped || drop[i]
	}
	if !dropped {
		return rs
	}
	out := rs[:0:0]
	for i, r := range rs {
		if !drop[i] {
			out = append(out, r)
		}
	}
	return out
}

// spellingTier is 0 when one of p's names has this Spelling, else 1.
func spellingTier(p Place, spelling []rune) int {
	var buf [64]rune
	if slices.Equal(spellingRunes(p.Name, buf[:0]), spelling) {
		return 0
	}
	for _, a := range p.Alternates {
		if slices.Equal(spellingRunes(a, buf[:0]), spelling) {
			return 0
		}
	}
	return 1
}

// Admin1Name returns the name of a country's first-level division ("SY",
// "12" → "Idlib"), or "" when no layer knows the code.
func (g *Gazetteer) Admin1Name(country caption.CountryCode, code string) string {
	for li := len(g.layers) - 1; li >= 0; li-- {
		if a, ok := g.layers[li].findAdmin1(country, code); ok && a.name != "" {
			return a.name
		}
	}
	return ""
}

// Country returns a country's English name and a point standing for it:
// its capital (the most populous PPLC place) or, when the data has no
// capital, the mean of its places. ok is false for an unknown code.
func (g *Gazetteer) Country(code caption.CountryCode) (name string, lat, lon float64, ok bool) {
	for li := len(g.layers) - 1; li >= 0; li-- {
		c, found := g.layers[li].findCountry(code)
		if !found {
			continue
		}
		if c.capital != noRow {
			p := g.placeOf(g.latest(hit{layer: li, place: c.capital}))
			return c.name, p.Lat, p.Lon, true
		}
		return c.name, c.lat, c.lon, true
	}
	return "", 0, 0, false
}

// placeOf decodes a hit's place. An import that gives admin1 codes
// without names gets them from the other layers.
func (g *Gazetteer) placeOf(h hit) Place {
	p := g.layers[h.layer].placeAt(h.place)
	if p.Admin1 == "" && p.Admin1Code != "" {
		p.Admin1 = g.Admin1Name(p.Country, p.Admin1Code)
	}
	return p
}
