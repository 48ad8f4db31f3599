package parse

import (
	"slices"

	"sijil/internal/caption"
)

// sceneCtx is the working state of one description while places, country,
// events, actors and people are read from it.
type sceneCtx struct {
	desc    string
	toks    []token
	sentOf  []int  // sentence index of each token
	inScene []bool // token lies in a scene sentence
	used    []bool // token already claimed by a country, actor or person
	demonym []bool // token is (part of) a demonym
}

func newSceneCtx(desc string, sents []caption.Span, scene []int, ws *workspace) *sceneCtx {
	toks := ws.toks
	ws.flags = slices.Grow(ws.flags[:0], 3*len(toks))[:3*len(toks)]
	clear(ws.flags)
	ws.sentOf = slices.Grow(ws.sentOf[:0], len(toks))[:len(toks)]
	flags := ws.flags
	sc := &sceneCtx{desc: desc, toks: toks, sentOf: ws.sentOf, inScene: flags[:len(toks)],
		used: flags[len(toks) : 2*len(toks)], demonym: flags[2*len(toks):]}
	s := 0
	for i, t := range toks {
		for s+1 < len(sents) && t.start >= sents[s].End {
			s++
		}
		sc.sentOf[i] = s
		sc.inScene[i] = slices.Contains(scene, s)
	}
	return sc
}

// span returns the byte span of tokens [a, b).
func (sc *sceneCtx) span(a, b int) caption.Span {
	return caption.Span{Start: sc.toks[a].start, End: sc.toks[b-1].end}
}

// sentenceRange returns the token range [from, to) of sentence s.
func (sc *sceneCtx) sentenceRange(s int) (from, to int) {
	from = -1
	for i, si := range sc.sentOf {
		if si == s && from < 0 {
			from = i
		}
		if si > s {
			return max(from, 0), i
		}
	}
	if from < 0 {
		return len(sc.toks), len(sc.toks)
	}
	return from, len(sc.toks)
}

// scene fills country, event types, actors, people and places, in that order:
// actors depend on the country ("government forces" in a Syrian caption),
// and places must not take the names already read as actors or people.
func (p *Parser) scene(rec *caption.Record, desc string, off int, sents []caption.Span, scene []int, ws *workspace) {
	sc := newSceneCtx(desc, sents, scene, ws)
	mentions := p.lex.countries.findCountries(desc, sc.toks, sc.inScene)
	for _, m := range mentions {
		for i := m.toks[0]; i < m.toks[1]; i++ {
			sc.used[i] = true
			sc.demonym[i] = m.weight != weightNamed
		}
	}
	if best, ok := bestCountry(mentions); ok {
		rec.Country = caption.CountryCode(best.code)
		rec.CountryBasis = caption.CountryHint
		if best.weight >= weightPlace {
			rec.CountryBasis = caption.CountryNamed
		}
		addEvidence(rec, "country", off, best.span)
	}
	p.events(rec, sc, off)
	p.actors(rec, sc, off)
	p.people(rec, sc, off)
	p.places(rec, sc, off)
}

// places reads the scene's places from the first sentence, or from the other
// scene sentences when the first names none. Later sentences name places for
// background ("other strikes hit the towns of Saraqib and Khan Sheikhoun").
func (p *Parser) places(rec *caption.Record, sc *sceneCtx, off int) {
	var found []foundPlace
	for s := 0; len(found) == 0 && s < len(sc.toks) && s <= sc.sentOf[len(sc.toks)-1]; s++ {
		from, to := sc.sentenceRange(s)
		if from >= to || !sc.inScene[from] {
			continue
		}
		found = sc.placesIn(from, to)
	}
	found = orderPlaces(sc.toks, found)
	seen := map[string]bool{}
	for _, f := range found {
		k := placeKey(f.name)
		if seen[k] {
			continue
		}
		seen[k] = true
		rec.Places = append(rec.Places, f.name)
		span := caption.Span{Start: f.span.Start + off, End: f.span.End + off}
		rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: f.name, Span: span, Kind: f.kind, Near: f.near})
		addEvidence(rec, "places", off, f.span)
	}
}

func (sc *sceneCtx) placesIn(from, to int) []foundPlace {
	var found []foundPlace
	prevPlace := false
	for _, c := range chunks(sc.toks, from, to, sc.used) {
		if sc.origin(c) {
			prevPlace = false
			continue
		}
		if sc.placeContext(c, prevPlace) {
			name, span := placeName(sc.desc, sc.toks, c)
			kind, near := sc.describePlace(c)
			found = append(found, foundPlace{c: c, name: name, span: span, kind: kind, near: near})
			prevPlace = true
			continue
		}
		prevPlace = false
	}
	return found
}

// fleeWords say that the place after them is where people came from, not
// where the photo was taken: "Sudanese refugees who fled the conflict in
// Darfur gather at a camp in Adre".
var fleeWords = map[string]bool{"fled": true, "flee": true, "fleeing": true, "flees": true,
	"escaped": true, "escaping": true, "evacuated": true}

// origin reports whether chunk c names where people came from: a flee word
// within a few words before it in the same clause, or "from" right before it
// ("a displaced girl from Raqqa"; but "the withdrawal of troops from Syria at
// Hmeymim airbase" still places the photo at Hmeymim).
func (sc *sceneCtx) origin(c chunk) bool {
	i := c.a - 1
	for i >= 0 && placeModifiers[sc.toks[i].key] {
		i--
	}
	if i >= 0 && sc.toks[i].key == "from" {
		return true
	}
	// "fled the conflict in Darfur" names where they came from; in "flee
	// the town of Maaret al-Numan" the town is the object and the photo is
	// taken there or on its roads.
	prep := false
	for i := c.a - 1; i >= 0 && c.a-i <= 6; i-- {
		if !sc.toks[i].word {
			return false
		}
		if fleeWords[sc.toks[i].key] {
			return prep
		}
		prep = prep || sc.toks[i].key == "in" || sc.toks[i].key == "from"
	}
	return false
}
