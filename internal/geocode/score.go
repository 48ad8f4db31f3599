package geocode

import (
	"math"
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

// candidates returns the places a caption's name may mean: an exact key
// match, else the name without its generic last words, else (inside a known
// country only) a bounded fuzzy match for a spelling the gazetteer lacks.
func (g *Gazetteer) candidates(name string, country caption.CountryCode) (places []Place, fuzzy bool) {
	if c := g.Lookup(name); len(c) > 0 {
		return c, false
	}
	words := strings.Fields(name)
	for len(words) > 1 && genericWords[strings.ToLower(words[len(words)-1])] {
		words = words[:len(words)-1]
		if c := g.Lookup(strings.Join(words, " ")); len(c) > 0 {
			return c, false
		}
	}
	if country == "" {
		return nil, false
	}
	k := Key(name)
	switch {
	case len(k) >= 9:
		return g.Fuzzy(name, country, 2), true
	case len(k) >= 5:
		return g.Fuzzy(name, country, 1), true
	}
	return nil, false
}

// best chooses the gazetteer entry for rec.PlaceRefs[i]. A country the
// caption names (or its document agrees on) is a hard constraint: a namesake
// abroad is no match. Otherwise candidates are scored by the caption's
// context; see score.
func (g *Gazetteer) best(rec *caption.Record, sc *scene, i int, anchors []anchor) (p Place, fuzzy, ok bool) {
	strict := rec.Country != "" && (rec.CountryBasis == caption.CountryNamed || rec.CountryBasis == caption.CountryDocument)
	var bestP Place
	bestS, found := math.Inf(-1), false
	for _, p := range sc.cands[i] {
		if strict && p.Country != rec.Country {
			continue
		}
		if s := sc.score(rec, i, p, anchors); s > bestS {
			bestP, bestS, found = p, s, true
		}
	}
	return bestP, sc.fuzzy[i], found
}

// scene is what Resolve computes once per record and every candidate's
// score reads: each reference's key, spelling and candidates.
type scene struct {
	keys      []string
	spellings []string
	cands     [][]Place
	fuzzy     []bool
}

func (g *Gazetteer) newScene(rec *caption.Record) *scene {
	n := len(rec.PlaceRefs)
	sc := &scene{keys: make([]string, n), spellings: make([]string, n), cands: make([][]Place, n), fuzzy: make([]bool, n)}
	for i, ref := range rec.PlaceRefs {
		sc.keys[i], sc.spellings[i] = Key(ref.Name), Spelling(ref.Name)
		sc.cands[i], sc.fuzzy[i] = g.candidates(ref.Name, rec.Country)
	}
	return sc
}

// score rates candidate p for rec.PlaceRefs[i] by what the caption says
// around it, strongest evidence first: the caption's country; another place
// of the caption that is p's province ("Maaret al-Numan … in Idlib
// province") or lies near p ("Tal Samin village, north of Raqqa city"); the
// places of the same document; the place word ("Idlib province" is a
// division, "the town of Idlib" a town); and, last, rank and population.
func (sc *scene) score(rec *caption.Record, i int, p Place, anchors []anchor) float64 {
	ref := rec.PlaceRefs[i]
	s := 0.0
	if rec.Country != "" && p.Country == rec.Country {
		s += 100
	}
	admin := Key(p.Admin1)
	for j := range rec.PlaceRefs {
		if j == i {
			continue
		}
		if admin != "" && sc.keys[j] == admin {
			s += 50
		}
		if j > i && sc.near(j, p, rec.Country, 40) {
			s += 40
		}
	}
	s += anchorScore(p, anchors)
	if spelledAlike(p, sc.spellings[i]) {
		s += 15 // the key is loose ("Douma" and Damān share one); the vowels agree here
	}
	switch {
	case adminKinds[ref.Kind] && p.Class == 'A':
		s += 30
	case ref.Kind != "" && !adminKinds[ref.Kind] && p.Class == 'P':
		s += 10
	}
	switch p.Feature {
	case "PPLC":
		s += 8
	case "PPLA":
		s += 6
	case "PPLA2":
		s += 4
	}
	return s + 2*math.Log10(float64(p.Population)+1)
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
		near = near || distanceKm(p.Lat, p.Lon, a.lat, a.lon) <= 50
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

// spelledAlike reports whether one of p's names has the Spelling of the
// caption's name: vowels kept, so "Douma" is Dūmā and not Damān.
func spelledAlike(p Place, want string) bool {
	if Spelling(p.Name) == want {
		return true
	}
	for _, a := range p.Alternates {
		if Spelling(a) == want {
			return true
		}
	}
	return false
}
