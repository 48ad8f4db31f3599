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
	ev      *evidence

	// Scratch reused from caption to caption (see workspace).
	starts   []bool // token starts an actor
	names    []int  // the tokens with tagName, in order (see appendChunks)
	chunkBuf []chunk
	mentions []countryMention
	found    []foundPlace
	hits     []actorHit
}

// newSceneCtx readies ws's scene context for desc, tokenized in ws.toks.
func newSceneCtx(desc string, sents []caption.Span, scene []int, ws *workspace) *sceneCtx {
	toks := ws.toks
	n := len(toks)
	ws.flags = slices.Grow(ws.flags[:0], 4*n)[:4*n]
	clear(ws.flags)
	ws.sentOf = slices.Grow(ws.sentOf[:0], n)[:n]
	flags := ws.flags
	sc := &ws.sc
	sc.desc, sc.toks, sc.sentOf, sc.ev = desc, toks, ws.sentOf, &ws.ev
	sc.inScene, sc.used, sc.demonym, sc.starts = flags[:n], flags[n:2*n], flags[2*n:3*n], flags[3*n:]
	sc.names = sc.names[:0]
	s := 0
	in := slices.Contains(scene, s)
	for i := range toks {
		t := &toks[i]
		if t.tags&tagName != 0 {
			sc.names = append(sc.names, i)
		}
		if s+1 < len(sents) && t.start >= sents[s].End {
			for s+1 < len(sents) && t.start >= sents[s].End {
				s++
			}
			in = slices.Contains(scene, s)
		}
		sc.sentOf[i] = s
		sc.inScene[i] = in
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
	sc.mentions = p.lex.countries.findCountries(sc.mentions[:0], desc, sc.toks, sc.inScene)
	mentions := sc.mentions
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
		sc.ev.add("country", off, best.span)
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
	if len(found) > 0 {
		rec.Places = make([]string, 0, len(found))
		rec.PlaceRefs = make([]caption.PlaceRef, 0, len(found))
	}
	// A caption names a few places: comparing each with those before it
	// costs less than a map of keys, which only a long list needs.
	var seen map[string]bool
	if len(found) > 8 {
		seen = make(map[string]bool, len(found))
	}
	for i, f := range found {
		if seen != nil {
			k := placeKey(f.name)
			if seen[k] {
				continue
			}
			seen[k] = true
		} else if slices.ContainsFunc(found[:i], func(g foundPlace) bool { return samePlace(g.name, f.name) }) {
			continue
		}
		rec.Places = append(rec.Places, f.name)
		span := caption.Span{Start: f.span.Start + off, End: f.span.End + off}
		rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: f.name, Span: span, Kind: f.kind, Near: f.near})
		sc.ev.add("places", off, f.span)
	}
}

// placesIn returns the places of tokens [from, to), in a buffer that the
// next call reuses.
func (sc *sceneCtx) placesIn(from, to int) []foundPlace {
	found := sc.found[:0]
	prevPlace := false
	for _, c := range sc.chunks(from, to) {
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
	sc.found = found
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
	for i >= 0 && sc.toks[i].is(tagPlaceMod) {
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
		if sc.toks[i].is(tagFlee) {
			return prep
		}
		prep = prep || sc.toks[i].key == "in" || sc.toks[i].key == "from"
	}
	return false
}
