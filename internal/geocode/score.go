package geocode

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// genericWords end place names as captions write them but not as gazetteers
// do: "Zaatari refugee camp" is Zaatari, "Hmeymim airbase" is Hmeymim.
// Sites named after no town ("Al-Shifa hospital", "Umayyad Square") keep
// their word: without it they would match a namesake town.
var genericWords = map[string]bool{"camp": true, "refugee": true, "refugees": true, "airbase": true,
	"air": true, "base": true, "airport": true, "city": true, "town": true, "village": true,
	"district": true, "area": true, "neighbourhood": true, "neighborhood": true, "province": true,
	"region": true, "governorate": true}

// Candidates returns the places the resolver weighs for a caption's name
// (in country, when the caption names one), as `sijil gazetteer search`
// lists them; fuzzy is true when they are near spellings. See candidates.
func (g *Gazetteer) Candidates(name string, country caption.CountryCode) (places []Place, fuzzy bool) {
	places, _, fuzzy = g.candidates(name, country)
	return places, fuzzy
}

// candidates returns the places a caption's name may mean, and the name
// they were found by: an exact key match and the first-level divisions of
// that name, else the same for the name without its generic last words
// ("Nabatieh Governorate" is Nabatieh), else (inside a known country only)
// a bounded fuzzy match for a spelling the gazetteer lacks.
func (g *Gazetteer) candidates(name string, country caption.CountryCode) (places []Place, matched string, fuzzy bool) {
	words := strings.Fields(name)
	for n := len(words); n >= 1; n-- {
		try := name
		if n < len(words) {
			if !genericWords[strings.ToLower(words[n])] {
				break
			}
			try = strings.Join(words[:n], " ")
		}
		c := g.Lookup(try)
		if divs := g.divisions(try, c); len(divs) > 0 {
			c = withDivisions(c, divs, Spelling(try))
		}
		if len(c) > 0 {
			return c, try, false
		}
	}
	if country == "" {
		return nil, name, false
	}
	k := Key(name)
	switch {
	case len(k) >= 9:
		return g.Fuzzy(name, country, 2), name, true
	case len(k) >= 5:
		return g.Fuzzy(name, country, 1), name, true
	}
	return nil, name, false
}

// best chooses the gazetteer entry for rec.PlaceRefs[i]. A country the
// caption names (or its document agrees on) is a hard constraint: a namesake
// abroad is no match. Otherwise candidates are scored by the caption's
// context; see score.
func (g *Gazetteer) best(rec *caption.Record, sc *scene, i int, anchors []anchor) (p Place, fuzzy, ok bool) {
	strict := rec.Country != "" && (rec.CountryBasis == caption.CountryNamed || rec.CountryBasis == caption.CountryDocument)
	var bestP Place
	bestS, bestJ := math.Inf(-1), -1
	for j, p := range sc.cands[i] {
		if strict && p.Country != rec.Country {
			continue
		}
		if s := sc.score(rec, i, j, anchors); s > bestS {
			bestP, bestS, bestJ = p, s, j
		}
	}
	if bestJ < 0 || sc.loose(rec, i, bestJ, anchors) {
		return Place{}, sc.fuzzy[i], false
	}
	return bestP, sc.fuzzy[i], true
}

// maxCandidates bounds the namesakes scored for one place name.
const maxCandidates = 40

// scene is what Resolve computes once per record and every candidate's
// score reads: each reference's key, spelling and candidates, from the
// gazetteer's candidateSets.
type scene struct {
	sets      []*candidateSet
	keys      []string
	spellings []string
	cands     [][]Place
	fuzzy     []bool
}

func (g *Gazetteer) newScene(rec *caption.Record) *scene {
	n := len(rec.PlaceRefs)
	sc := &scene{sets: make([]*candidateSet, n), keys: make([]string, n), spellings: make([]string, n),
		cands: make([][]Place, n), fuzzy: make([]bool, n)}
	for i, ref := range rec.PlaceRefs {
		cs := g.candidateSet(ref.Name, rec.Country)
		sc.sets[i] = cs
		sc.keys[i], sc.spellings[i], sc.cands[i], sc.fuzzy[i] = cs.key, cs.spelling, cs.places, cs.fuzzy
	}
	return sc
}

// score rates candidate p for rec.PlaceRefs[i] by what the caption says
// around it, strongest evidence first: the caption's country; another place
// of the caption that is p's province ("Maaret al-Numan … in Idlib
// province") or lies near p ("Tal Samin village, north of Raqqa city"); the
// places of the same document; the place word ("Idlib province" is a
// division, "the town of Idlib" a town); and, last, rank and population.
func (sc *scene) score(rec *caption.Record, i, j int, anchors []anchor) float64 {
	return sc.explain(rec, i, j, anchors, nil)
}

// explain is score of candidate j, also noting each reason in why when it
// is not nil, so that `sijil gazetteer search` can show why the first
// candidate won.
func (sc *scene) explain(rec *caption.Record, i, j int, anchors []anchor, why *[]string) float64 {
	ref, p := rec.PlaceRefs[i], sc.cands[i][j]
	s := 0.0
	add := func(w float64, reason string) {
		s += w
		if why != nil {
			*why = append(*why, fmt.Sprintf("%+.0f %s", w, reason))
		}
	}
	sc.context(rec, i, j, anchors, add)
	// The place word outweighs the spelling, and the spelling outweighs
	// rank and population together (at most 8 + 2·log10(4·10⁷) ≈ 23): the
	// key is loose, and "Qayyarah" must find Al Qayyārah, a village, before
	// Cairo, whose other name Kairo shares its key.
	if sc.sets[i].alike[j] {
		add(25, "spelt like the caption") // the key is loose ("Douma" and Damān share one)
	}
	// Among entries spelt alike, the one whose own name it is before one
	// that lists it among many other names: "Tyre" is Tyre in Lebanon, not
	// Tehran, one of whose hundred other names is Teera.
	if sc.sets[i].own[j] {
		add(10, "its own name")
	}
	switch {
	case adminKinds[ref.Kind] && p.Class == 'A':
		add(40, "a division, as '"+ref.Kind+"' asks")
	case ref.Kind != "" && !adminKinds[ref.Kind] && p.Class == 'P':
		add(10, "a populated place, as '"+ref.Kind+"' asks")
	}
	switch p.Feature {
	case "ADM1":
		add(10, "a first-level division")
	case "PPLC":
		add(8, "a capital")
	case "PPLA":
		add(6, "a province seat")
	case "PPLA2":
		add(4, "a district seat")
	}
	if p.Population > 0 {
		add(2*math.Log10(float64(p.Population)+1), fmt.Sprintf("population %d", p.Population))
	}
	return s
}

// context adds to a candidate's score what the caption and its document
// say for it, beyond its name: the caption's country, the province or a
// nearby place the caption also names, the document's other places.
func (sc *scene) context(rec *caption.Record, i, j int, anchors []anchor, add func(w float64, reason string)) {
	p := sc.cands[i][j]
	if rec.Country != "" && p.Country == rec.Country {
		add(100, "in the caption's country "+string(rec.Country))
	}
	admin := sc.sets[i].adminKeys[j]
	for k, other := range rec.PlaceRefs {
		if k == i {
			continue
		}
		if admin != "" && sc.keys[k] == admin {
			add(50, "in the province the caption names, "+other.Name)
		}
		if k > i && sc.near(k, p, rec.Country, 40) {
			add(40, "within 40 km of "+other.Name)
		}
	}
	if a := anchorScore(p, anchors); a > 0 {
		add(a, "near the document's other places")
	}
}

// loose reports whether candidate j of reference i is a guess: spelt
// otherwise than the caption (only the loose key matches: "Tyre" and
// Tehran, "Khiam" and Hamm), with nothing in the caption or its document
// for it, among candidates of more than one country. Such a candidate is
// no match: the scene falls to the containing place or the country, with a
// warning, rather than to a namesake on another continent.
func (sc *scene) loose(rec *caption.Record, i, j int, anchors []anchor) bool {
	if sc.sets[i].alike[j] || sc.fuzzy[i] {
		return false
	}
	supported := false
	sc.context(rec, i, j, anchors, func(float64, string) { supported = true })
	if supported {
		return false
	}
	cands := sc.cands[i]
	return slices.ContainsFunc(cands, func(q Place) bool { return q.Country != cands[j].Country })
}

// Scored is a candidate for a caption's place with its score and the
// reasons for it.
type Scored struct {
	Place   Place
	Score   float64
	Reasons []string
	Fuzzy   bool // matched by a near spelling, not the key
}

// Explain scores every candidate for rec.PlaceRefs[i] as Resolve would,
// best first, with the reasons for each score. Candidates a named country
// rules out are left out.
func (g *Gazetteer) Explain(rec *caption.Record, i int) []Scored {
	sc := g.newScene(rec)
	strict := rec.Country != "" && (rec.CountryBasis == caption.CountryNamed || rec.CountryBasis == caption.CountryDocument)
	var out []Scored
	for j, p := range sc.cands[i] {
		if strict && p.Country != rec.Country {
			continue
		}
		var why []string
		s := sc.explain(rec, i, j, nil, &why)
		out = append(out, Scored{Place: p, Score: s, Reasons: why, Fuzzy: sc.fuzzy[i]})
	}
	slices.SortStableFunc(out, func(a, b Scored) int { return cmp.Compare(b.Score, a.Score) })
	return out
}

// near reports whether a candidate of reference j (in country, when known)
// lies within km of p.
func (sc *scene) near(j int, p Place, country caption.CountryCode, km float64) bool {
	for n, q := range sc.cands[j] {
		if n >= 8 {
			break
		}
		if (country == "" || q.Country == country) && distanceKm(p.Lat, p.Lon, q.Lat, q.Lon) <= km {
			return true
		}
	}
	return false
}

// anchorScore rewards a candidate near, or in the province of, the places of
// the same document.
func anchorScore(p Place, anchors []anchor) float64 {
	s := 0.0
	near, sameAdmin := false, false
	for _, a := range anchors {
		// Two points further apart in latitude than 50 km along a meridian
		// are further apart than that; the test spares most of the
		// distances, which were a third of resolving a caption.
		near = near || math.Abs(p.Lat-a.lat) <= anchorLatSpan && distanceKm(p.Lat, p.Lon, a.lat, a.lon) <= 50
		sameAdmin = sameAdmin || (a.admin1 != "" && a.admin1 == p.Admin1 && a.country == p.Country)
	}
	if near {
		s += 15
	}
	if sameAdmin {
		s += 5
	}
	return s
}

// anchorLatSpan is a little more than the degrees of latitude in 50 km
// (50 / 111.19), so that rounding can never make it skip a place within 50
// km.
const anchorLatSpan = 0.46

// spelledAlike reports whether one of p's names has the Spelling of the
// caption's name: vowels kept, so "Douma" is Dūmā and not Damān.
func spelledAlike(p Place, want string) bool {
	_, alike := spelledAs(p, want)
	return alike
}

// spelledAs reports whether p's own name has the Spelling want, and
// whether any of its names has it.
func spelledAs(p Place, want string) (own, alike bool) {
	if Spelling(p.Name) == want {
		return true, true
	}
	return false, slices.ContainsFunc(p.Alternates, func(a string) bool { return Spelling(a) == want })
}
