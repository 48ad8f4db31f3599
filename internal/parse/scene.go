package parse

import (
	"slices"
	"strings"

	"sijil/internal/caption"
)

// sceneCtx is the working state of one description while places, country,
// events, actors and people are read from it.
type sceneCtx struct {
	desc     string
	toks     []token
	sentOf   []int  // sentence index of each token
	inScene  []bool // token lies in a scene sentence
	used     []bool // token already claimed by a country, actor or person
	demonym  []bool // token is (part of) a demonym
	country  []bool // token is (part of) a country's name
	division []bool // token is (part of) a division written as a country is ("Calif.", "N.H.")
	ev       *evidence

	// Scratch reused from caption to caption (see workspace).
	starts   []bool // token starts an actor
	names    []int  // the tokens with tagName, in order (see appendChunks)
	chunkBuf []chunk
	mentions []countryMention
	found    []foundPlace
	hits     []actorHit
	// origins are the token ranges of the places left out as where people
	// came from or died, with the words chaining them ("El Geneina, in
	// Sudan's West Darfur state"): a country named there is not the
	// scene's.
	origins [][2]int
}

// newSceneCtx readies ws's scene context for desc, tokenized in ws.toks.
func newSceneCtx(desc string, sents []caption.Span, scene []int, ws *workspace) *sceneCtx {
	toks := ws.toks
	n := len(toks)
	ws.flags = slices.Grow(ws.flags[:0], 6*n)[:6*n]
	clear(ws.flags)
	ws.sentOf = slices.Grow(ws.sentOf[:0], n)[:n]
	flags := ws.flags
	sc := &ws.sc
	sc.desc, sc.toks, sc.sentOf, sc.ev = desc, toks, ws.sentOf, &ws.ev
	sc.inScene, sc.used, sc.demonym, sc.starts = flags[:n], flags[n:2*n], flags[2*n:3*n], flags[3*n:4*n]
	sc.country, sc.division = flags[4*n:5*n], flags[5*n:]
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
// and places must not take the names already read as actors or people. The
// country is read twice: before the actors, for their scope, and after
// them, without the country words inside them ("U.S. troops", "Syrian
// Democratic Forces"), which say who is in the scene, not where it is.
func (p *Parser) scene(rec *caption.Record, desc string, off int, sents []caption.Span, scene []int, ws *workspace) {
	sc := newSceneCtx(desc, sents, scene, ws)
	sc.mentions = p.lex.countries.findCountries(sc.mentions[:0], desc, sc.toks, sc.inScene)
	for _, m := range sc.mentions {
		if m.division {
			for i := m.toks[0]; i < m.toks[1]; i++ {
				sc.division[i] = true
			}
		}
		if !m.claim {
			continue
		}
		for i := m.toks[0]; i < m.toks[1]; i++ {
			sc.used[i] = true
			sc.demonym[i] = m.demonym
			sc.country[i] = !m.demonym
		}
	}
	// A border, a war or talks between two countries ("the
	// Syrian-Turkish border", "the Israel-Lebanon frontier") put the scene
	// in neither, and are no place; as a demonym, the word still modifies
	// the noun after it as "the Turkish border" does.
	for i, t := range sc.toks {
		if t.word && !sc.used[i] && p.lex.countries.compound(t.key) {
			sc.used[i], sc.demonym[i] = true, true
		}
	}
	setCountry(rec, sc.mentions)
	p.events(rec, sc, off)
	p.actors(rec, sc, off)
	p.perpetrator(rec, sc, off)
	p.targets(rec, sc, off)
	ignoreInside(sc.mentions, sc.hits, sc.toks, func(name string) bool {
		in, ok := p.lex.actorInfoOf(name, "")
		return ok && in.kind != caption.KindState && in.kind != caption.KindCoalition && in.kind != caption.KindUN
	})
	if best, ok := setCountry(rec, sc.mentions); ok {
		sc.ev.add("country", off, best.span)
	}
	p.people(rec, sc, off)
	p.places(rec, sc, off)
	// A country named among the places people came from is not the
	// scene's: "women who fled El Geneina, in Sudan's West Darfur state,
	// wait at a camp in Adre, Chad".
	if sc.outOfOrigins() {
		sc.ev.drop("country")
		if best, ok := setCountry(rec, sc.mentions); ok {
			sc.ev.add("country", off, best.span)
		}
	}
	if rec.Country == "" {
		p.actorCountry(rec, sc, off)
	}
}

// actorCountry hints, for a caption that names no country, the home of a
// state's forces it shows, which mostly fight at home: "Yazidi fighters
// stand in Sinjar after Kurdish peshmerga forces retook it" is Iraq's
// Sinjar, not a village of that name in Syria. An expeditionary country's
// forces say nothing (see expeditionary), nor do rebel groups, which
// captions show across borders (Hamas in Israel, Hezbollah in Syria), nor
// militias, nor words that name an actor in one country's captions only
// ("pro-government fighters" are Syria's by default, but also Yemen's).
func (p *Parser) actorCountry(rec *caption.Record, sc *sceneCtx, off int) {
	for _, h := range sc.hits {
		in, ok := p.lex.actorInfoOf(h.name, "")
		if !ok || h.scoped || in.kind != caption.KindState ||
			len(in.country) != 2 || expeditionary[string(in.country)] {
			continue
		}
		rec.Country, rec.CountryBasis = in.country, caption.CountryHint
		sc.ev.add("country", off, sc.span(h.a, h.b))
		return
	}
}

// outOfOrigins lowers to weightOutside the country mentions that lie in
// the ranges of left-out origins, and reports whether it lowered any.
func (sc *sceneCtx) outOfOrigins() bool {
	changed := false
	for i := range sc.mentions {
		m := &sc.mentions[i]
		if m.weight <= weightOutside {
			continue
		}
		for _, r := range sc.origins {
			if m.toks[0] >= r[0] && m.toks[1] <= r[1] || sc.trailsOrigin(m, r) {
				m.weight, changed = weightOutside, true
				break
			}
		}
	}
	return changed
}

// trailsOrigin reports whether mention m is the country right after an
// origin ending at r[1], set off by a comma: "refugees who fled violence in
// El Geneina, Sudan, wait for food in Adre, Chad" came from Sudan. A
// division between stays the origin's too ("fled Bakhmut, Donetsk region,
// Ukraine"). After "from" the country is already a hint (townWeight), and
// "heading north from Agadez, Niger" is where the photo was taken.
func (sc *sceneCtx) trailsOrigin(m *countryMention, r [2]int) bool {
	i := r[1]
	if m.demonym || m.toks[0] <= i || i >= len(sc.toks) || sc.toks[i].key != "," ||
		r[0] > 0 && sc.toks[r[0]-1].key == "from" {
		return false
	}
	for i++; i < m.toks[0]; i++ {
		if t := sc.toks[i]; !(t.upper && t.word || t.key == "," || adminWords[t.key] || t.key == "-") {
			return false
		}
	}
	return true
}

// setCountry sets rec's country from the heaviest mention, or clears it.
func setCountry(rec *caption.Record, ms []countryMention) (countryMention, bool) {
	best, ok := bestCountry(ms)
	rec.Country, rec.CountryBasis = "", ""
	if ok {
		rec.Country, rec.CountryBasis = caption.CountryCode(best.code), caption.CountryHint
		if best.weight >= weightPlace {
			rec.CountryBasis = caption.CountryNamed
		}
	}
	return best, ok
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
// next call reuses. A place people flee or set out from, or where the dead
// were killed, is not where the photo was taken, and is left out; but when
// it is the only place of the sentence it is where the photo was taken, or
// near it: "Children ride on a truck as they flee air strikes in Aden",
// "Migrants set out in a caravan from Tapachula, Chiapas state".
func (sc *sceneCtx) placesIn(from, to int) []foundPlace {
	found := sc.found[:0]
	sc.origins = sc.origins[:0]
	prevPlace, prevPooled, prevEnd := false, false, 0
	pooled := 0 // such places, kept at the end of found
	for _, c := range sc.chunks(from, to) {
		c = sc.trimCaps(c)
		if c.b-c.a == 1 && len(sc.toks[c.a].key) == 1 && !prevPlace || groupChunk(sc.toks, c) {
			// A lone capital is an initial ("the U.N. site in
			// Malakal"), but after a place a state's ("Concord, N.H.");
			// a people is no place ("Tigrayan residents").
			prevPlace = false
			continue
		}
		origin := sc.origin(c)
		if sc.dateWord(c) || origin == originFrom && !sc.setOutFrom(c) {
			prevPlace = false
			continue
		}
		reach := c.a // where the place's words start, with the words chaining it to an origin
		if origin == originNone && prevPooled && sc.chained(prevEnd, c.a) {
			origin = originFled // "killed … in London, Ontario": Ontario goes with London
			reach = prevEnd
		}
		// "who fled El Geneina", "residents flee Kurakhove": the object
		// of a flee word is a place, where they came from or, after
		// "flee", where they are photographed leaving; "Armenians
		// fleeing Nagorno-Karabakh arrive in Goris" are not there.
		fledObject := c.a > 0 && sc.toks[c.a-1].is(tagFlee) &&
			(origin == originFled || sc.toks[c.a-1].key == "flee" || sc.toks[c.a-1].key == "flees")
		if origin == originFrom || fledObject || sc.placeContext(c, prevPlace) {
			name, span := sc.placeName(c)
			kind, near := sc.describePlace(c)
			if n := sc.routeEnd(c); n > 0 {
				// "the Kostiantynivka-Druzhkivka road": near its first town.
				name, span.End, near = name[:n], span.Start+n, true
			}
			f := foundPlace{c: c, name: name, span: span, kind: kind, near: near || origin != originNone}
			if origin != originNone {
				found = append(found, f)
				pooled++
				sc.origins = append(sc.origins, [2]int{reach, c.b})
			} else {
				found = slices.Insert(found, len(found)-pooled, f)
			}
			prevPlace, prevPooled, prevEnd = true, origin != originNone, c.b
			continue
		}
		prevPlace = false
	}
	if pooled < len(found) {
		found = found[:len(found)-pooled]
	} else {
		sc.origins = sc.origins[:0] // kept: they are the scene's
	}
	found = found[:sc.chainEnd(found)]
	// A dateline names where the photo was filed, the widest of the
	// caption's places: "IDLIB, SYRIA - MARCH 05: … a camp near Sarmada"
	// is near Sarmada.
	if len(found) > 1 && found[0].c.a == 0 && sc.dateline(found[0].c) {
		// The dateline's places, up to its dash or colon, go after the
		// others: "KHAN YUNIS, GAZA - … in Khan Yunis, Gaza".
		mark := found[0].c.b
		for mark < len(sc.toks) && !datelineMarks[sc.toks[mark].key] {
			mark++
		}
		k := 1
		for k < len(found) && found[k].c.b <= mark {
			k++
		}
		if k < len(found) {
			found = append(found[k:], found[:k]...)
		}
	}
	sc.found = found
	return found
}

// routeEnd returns the length of the first town's name when chunk c is
// one hyphenated word joining two capitalised names before a route noun
// ("the Djibo-Ouahigouya road", "the Kherson-Mykolaiv highway"), else 0.
// The road runs from that town, which locates the scene better than
// the country does.
func (sc *sceneCtx) routeEnd(c chunk) int {
	if c.b-c.a != 1 || c.b >= len(sc.toks) || !routeWords[sc.toks[c.b].key] {
		return 0
	}
	w := sc.desc[sc.toks[c.a].start:sc.toks[c.a].end]
	first, second, ok := strings.Cut(w, "-")
	if !ok || len(first) < 3 || len(second) < 3 || !isUpperStart(first) || !isUpperStart(second) {
		return 0
	}
	return len(first)
}

// routeWords after a hyphenated pair of towns make it a route between them.
var routeWords = map[string]bool{"road": true, "highway": true, "route": true, "railway": true, "motorway": true}

// isUpperStart reports whether s starts with an ASCII capital letter.
func isUpperStart(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// capsEdgeWords, at either end of a name written in capitals, say where the
// scene lies around it, as the same words in lower case would: a Getty
// dateline's "NEAR BAKHMUT, UKRAINE -", "ZAPORIZHZHIA FRONTLINE, UKRAINE -".
var capsEdgeWords = map[string]bool{"near": true, "outside": true, "frontline": true, "front": true,
	"outskirts": true, "countryside": true, "border": true, "area": true}

// trimCaps returns chunk c without the capsEdgeWords at its ends, when it
// is written in capitals and a name remains.
func (sc *sceneCtx) trimCaps(c chunk) chunk {
	if c.b-c.a < 2 || !sc.allCaps(c.a, c.b) {
		return c
	}
	for c.b-c.a >= 2 && capsEdgeWords[sc.toks[c.a].key] {
		c.a++
	}
	for c.b-c.a >= 2 && capsEdgeWords[sc.toks[c.b-1].key] {
		c.b--
	}
	return c
}

// dateline reports whether chunk c, which opens the description, is a
// dateline: in capitals ("IDLIB, SYRIA - MARCH 05:") or before a dash, a
// colon or an agency in brackets ("ABUJA (Reuters) -").
func (sc *sceneCtx) dateline(c chunk) bool {
	if c.b < len(sc.toks) && datelineMarks[sc.toks[c.b].key] {
		return true
	}
	return sc.toks[c.b-1].end-sc.toks[c.a].start > 2 && sc.allCaps(c.a, c.b)
}

// chained reports whether tokens [a, b) only join two places of one
// chain: commas, place words and directions ("London, Ontario", "Tapachula,
// Chiapas state, Mexico"), "in" ("El Geneina in West Darfur"), after a
// comma "in the" or "of the" ("killed
// six people in Jabalia, in the northern Gaza Strip"), and a distance
// ("wounded in Jowhar, some 90 km north of Mogadishu"): the place it is
// measured from goes with the place before it.
func (sc *sceneCtx) chained(a, b int) bool {
	comma := false
	for i := a; i < b; i++ {
		t := sc.toks[i]
		switch {
		case t.key == "," || t.key == "." || t.key == "in" && i == a:
			// "in" right after the place opens its container as a comma
			// does: "fled fighting near Mrauk U in Myanmar's Rakhine state".
			comma = true
		case comma && (t.key == "in" || t.key == "of" || t.key == "the" || distanceWords[t.key] || isNumber(t.key)),
			t.key == "'s" && i > a && sc.country[i-1]: // ", in Sudan's West Darfur state"
		case t.is(tagPlaceMod) || t.is(tagPlaceNoun) || sc.division[i] || sc.country[i]:
		default:
			return false
		}
	}
	return true
}

// distanceWords write a distance between two places: "some 30 km",
// "about 60 kilometres", "15 miles".
var distanceWords = map[string]bool{"km": true, "kilometres": true, "kilometers": true, "miles": true,
	"some": true, "about": true, "around": true, "roughly": true, "nearly": true, "approximately": true}

// isNumber reports whether key is written in digits: "90", "1,200".
func isNumber(key string) bool {
	return key != "" && strings.Trim(key, "0123456789,.") == ""
}

// setOutFrom reports whether chunk c, after "from", is a town people set out
// from rather than someone's origin: a country or division follows it
// ("from Agadez, Niger"), or a direction ("from San Pedro Sula toward the
// United States").
func (sc *sceneCtx) setOutFrom(c chunk) bool {
	t := sc.toks
	if c.b+1 < len(t) && t[c.b].key == "," && (sc.countryAfter(c.b+1) || divisionAfter(t, c.b+1)) {
		return true
	}
	return c.b < len(t) && (t[c.b].key == "toward" || t[c.b].key == "towards" || t[c.b].key == "to")
}

// chainEnd returns how many of found, in the order written, locate the
// scene: a place after a word that opens another clause belongs to another
// scene ("the funeral in Misrata of fighters killed in clashes in Sirte",
// "in Athens' Syntagma Square … after a train collision near Larissa"),
// while one after a site's name stays ("the Uffizi gallery in Firenze").
func (sc *sceneCtx) chainEnd(found []foundPlace) int {
	for k := 1; k < len(found); k++ {
		a, b := found[k-1].c.b, found[k].c.a
		if b < a {
			return k // out of order: fled places after the scene's
		}
		if !slices.ContainsFunc(found[:k], func(f foundPlace) bool { return !natureKinds[f.kind] }) {
			continue // a river is no scene: "a bridge over the Irpin river as they flee the town of Irpin"
		}
		for i := a; i < b; i++ {
			if t := sc.toks[i]; clauseWords[t.key] || t.key == ";" {
				return k
			}
		}
		// "in Ciudad Juarez, on the border with El Paso, Texas": a
		// neighbour, not a container.
		i := b - 1
		for i > a && (sc.toks[i].key == "the" || sc.toks[i].is(tagPlaceMod)) {
			i--
		}
		if w := sc.toks[i].key; w == "with" || w == "between" {
			return k
		}
	}
	return len(found)
}

// clauseWords open a clause whose places are not the photo's: background,
// how people died, where they fled, from where the photo was taken.
var clauseWords = map[string]bool{"after": true, "following": true, "as": true, "since": true, "when": true,
	"while": true, "who": true, "whom": true, "whose": true, "which": true, "where": true, "before": true,
	"killed": true, "died": true, "dead": true, "wounded": true, "injured": true, "fled": true, "fleeing": true,
	"seen": true, "said": true, "says": true, "according": true, "amid": true, "despite": true, "until": true,
	"ago": true, "earlier": true, "later": true}

// fleeWords say that the place after them is where people came from, not
// where the photo was taken: "Sudanese refugees who fled the conflict in
// Darfur gather at a camp in Adre".
var fleeWords = map[string]bool{"fled": true, "flee": true, "fleeing": true, "flees": true,
	"escaped": true, "escaping": true, "evacuated": true}

// displacedBy reports whether the chunk starting at token a ends a "by"
// phrase after "displaced": "Sudanese displaced by fighting in El Geneina
// arrive in Adre" came from El Geneina. The phrase is a few words and a
// place preposition: in "families displaced by floods wade through water
// in Bentiu" the place follows the verb, and is where they are.
func (sc *sceneCtx) displacedBy(a int) bool {
	t := sc.toks
	if a < 4 || !t[a-1].is(tagPlacePrep) {
		return false
	}
	for i := a - 2; i >= 1 && i >= a-6; i-- {
		if t[i].key == "by" {
			return t[i-1].key == "displaced" && i < a-2
		}
		if !t[i].word {
			return false
		}
	}
	return false
}

// next returns the key of the token after i, or "".
func (sc *sceneCtx) next(i int) string {
	if i+1 < len(sc.toks) {
		return sc.toks[i+1].key
	}
	return ""
}

// actorNouns after a capitalised word make it a people or a force, not a
// place: "Karen fighters", "Houthi rebels", "Wagner mercenaries".
var actorNouns = map[string]bool{"fighters": true, "rebels": true, "forces": true, "troops": true,
	"militia": true, "militias": true, "militiamen": true, "soldiers": true, "insurgents": true,
	"gunmen": true, "militants": true, "mercenaries": true, "jihadists": true, "police": true, "army": true}

// How a chunk names where people came from (see origin).
const (
	originNone = iota
	originFrom // "a displaced girl from Raqqa"
	originFled // "families who fled the fighting in Afrin"
	originDied // "a fighter killed in clashes in Deir ez-Zor"
)

// deathWords before "in X" make X where the dead died, not where their
// funeral or their bodies are photographed.
var deathWords = map[string]bool{"killed": true, "died": true, "slain": true, "wounded": true, "injured": true}

// injuryClause, after "wounded" or "injured", go on with where or how it
// happened: the word is a participle, not an adjective.
var injuryClause = map[string]bool{"by": true, "when": true, "after": true, "during": true, "as": true, "while": true,
	"and": true, "or": true, "on": true, "near": true, "outside": true, "earlier": true, "yesterday": true}

// captiveWords before "in X" make X where people are held, not where their
// families are photographed: "mothers of men detained in Syria hold their
// pictures in Beirut".
var captiveWords = map[string]bool{"detained": true, "imprisoned": true, "jailed": true, "abducted": true,
	"kidnapped": true, "captured": true, "missing": true}

// captiveWord reports a word at i that tells where people are held: one of
// captiveWords, or "held" with "hostage" or "captive" on either side
// ("hostages held in Gaza", "soldiers held captive in Russia"), where
// "a rally held in Paris" is the scene.
func captiveWord(t []token, i int) bool {
	switch k := t[i].key; {
	case captiveWords[k]:
		return true
	case k == "held":
		return i+1 < len(t) && captiveNouns[t[i+1].key] || i > 0 && captiveNouns[t[i-1].key]
	case captiveNouns[k]:
		return i > 0 && t[i-1].key == "held"
	}
	return false
}

var captiveNouns = map[string]bool{"hostage": true, "hostages": true, "captive": true, "captives": true}

// deathWord reports a word at i that tells where people died: one of
// deathWords; "victims" or "casualties" of something ("victims of a
// bombing in Mastung", where "treat casualties at a hospital in Deir
// al-Balah" is where they are); "dead" after "shot" or "found".
func (sc *sceneCtx) deathWord(i int) bool {
	t := sc.toks
	switch k := t[i].key; {
	case (k == "wounded" || k == "injured") && i+1 < len(t) && t[i+1].word && !t[i+1].is(tagPlacePrep) && !injuryClause[t[i+1].key]:
		// An adjective before its noun, no clause of where it
		// happened: "a wounded child sits in Azaz" is in Azaz, where "a
		// man wounded in Azaz is treated in Kilis" is not.
		return false
	case deathWords[k]:
		return true
	case captiveWord(t, i):
		// Only as a participle before its place: "men detained in
		// Syria", "hostages held in Gaza"; "parents of kidnapped
		// schoolgirls pray in Chibok" and "rescuers search for missing
		// people after a landslide in Casamicciola" are where they are.
		j := i + 1
		if j < len(t) && t[i].key == "held" && captiveNouns[t[j].key] {
			j++
		}
		return j < len(t) && t[j].is(tagPlacePrep)
	case k == "victims" || k == "casualties":
		return i+1 < len(t) && t[i+1].key == "of"
	case k == "dead":
		return i > 0 && (t[i-1].key == "shot" || t[i-1].key == "found")
	}
	return false
}

// origin reports whether chunk c names where people came from: "from"
// right before it ("a displaced girl from Raqqa"; but "the withdrawal of
// troops from Syria at Hmeymim airbase" still places the photo at Hmeymim),
// or a flee word within a few words before it in the same clause.
func (sc *sceneCtx) origin(c chunk) int {
	i := c.a - 1
	for i >= 0 && (sc.toks[i].is(tagPlaceMod) || sc.toks[i].word && strings.Contains(sc.toks[i].key, "-")) {
		i-- // "from sub-Saharan Africa"
	}
	if i >= 0 && sc.toks[i].key == "from" {
		return originFrom
	}
	if i >= 1 && sc.toks[i].key == "'s" && sc.country[i-1] {
		// "refugees from Sudan's Darfur region arrive at a camp near
		// Adre": the country's part is where they came from too.
		j := i - 1
		for j >= 0 && sc.country[j] {
			j--
		}
		if j >= 0 && sc.toks[j].key == "from" {
			return originFrom
		}
	}
	if sc.displacedBy(c.a) {
		return originFled
	}
	// "fled the conflict in Darfur" names where they came from; in "flee
	// the town of Maaret al-Numan" the town is the object and the photo is
	// taken there or on its roads.
	prep, fledPrep, diedPrep, counted := false, false, false, false
	for i := c.a - 1; i >= 0 && c.a-i <= 10; i-- {
		if !sc.toks[i].word && sc.toks[i].key != "'s" {
			return originNone
		}
		if sc.country[i] && sc.next(i) != "'s" && sc.next(i) != "-" {
			// A country's name ends another place's clause: "a fighter
			// killed in Syria during his funeral in Beirut"; but in
			// "fled Myanmar's Rakhine state" the walk goes on.
			return originNone
		}
		if sc.toks[i].is(tagName) && !sc.used[i] && !actorNouns[sc.next(i)] {
			// Another place's clause: "fled … in Darfur gather at a camp
			// in Adre"; but "fled fighting between the army and Karen
			// fighters in Myawaddy" names a people, not a place.
			return originNone
		}
		// A count after the death word is its object, and what follows
		// it another clause: "an attack that killed at least 70 people
		// shelter at a school in Saint-Marc".
		if _, _, ok := readNumber(sc.desc[sc.toks[i].start:]); ok {
			counted = true
		}
		if sc.deathWord(i) && diedPrep && !counted {
			return originDied // "fighters killed in clashes in Deir ez-Zor, during his funeral in Qamishli"
		}
		if sc.toks[i].is(tagFlee) {
			// "civilians flee in the area of Kobani" are in Kobani.
			// "villagers flee fighting near Mrauk U" are photographed
			// as they go, by the town: "flee" in the present names no
			// origin, as "fled" and "fleeing" do.
			if fledPrep && !fleeWithin[sc.toks[i+1].key] && sc.toks[i].key != "flee" && sc.toks[i].key != "flees" {
				return originFled
			}
			// "women who fled El Geneina … wait at a camp in Adre": the
			// past tense tells of where they were; "residents flee the
			// town of Maaret al-Numan" are photographed leaving it.
			if sc.toks[i].key == "fled" || sc.toks[i].key == "escaped" {
				return originFled
			}
			return originNone
		}
		// "fled Myanmar's Rakhine state": a country's province is where
		// they fled from, as "the conflict in Darfur" is; and after a
		// flee word, though not after a death word ("a wounded child
		// after an attack on the Sukkari district"), so are "an attack
		// on Pont-Sonde" and "attacks around Djibo".
		prep = prep || sc.toks[i].key == "in" || sc.toks[i].key == "from" || sc.country[i]
		fledPrep = prep || fledPrep || sc.toks[i].is(tagPlacePrep)
		// "shot dead by Israeli forces near Bethlehem, during his
		// funeral in Hebron".
		diedPrep = prep || diedPrep || nearPreps[sc.toks[i].key]
	}
	return originNone
}

// nearPreps put the dead near or at a place: where they died.
var nearPreps = map[string]bool{"near": true, "outside": true, "at": true}

// fleeWithin, right after a flee word, put the fleeing inside the place.
var fleeWithin = map[string]bool{"in": true, "within": true, "inside": true, "through": true, "across": true}

// dateWord reports whether chunk c is a misspelt month or weekday, which a
// caption's date shows it to be: "on Febuary 3, 2017", "on Wendesday".
func (sc *sceneCtx) dateWord(c chunk) bool {
	if c.b-c.a != 1 {
		return false
	}
	t := sc.toks[c.a]
	if len(t.key) < 3 || len(t.key) > 10 || !t.letters {
		return false
	}
	dated := c.b < len(sc.toks) && isDayOrYear(sc.toks[c.b].key)
	for _, m := range monthNames {
		if dated && nearWord(t.key, m, 2) {
			return true
		}
	}
	for _, d := range weekdayNames {
		if nearWord(t.key, d, 1) {
			return true
		}
	}
	return false
}

var (
	monthNames = []string{"january", "february", "march", "april", "may", "june", "july", "august",
		"september", "october", "november", "december"}
	weekdayNames = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)

// isDayOrYear reports whether key is a day of the month (1 to 31) or a year.
func isDayOrYear(key string) bool {
	if len(key) == 0 || len(key) > 4 {
		return false
	}
	n := 0
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return false // most keys are words: no error to build, as strconv would
		}
		n = 10*n + int(key[i]-'0')
	}
	return n >= 1 && n <= 31 && len(key) <= 2 || len(key) == 4 && n >= 1900
}

// nearWord reports whether a and b, ASCII words, are at most max edits
// apart, a swap of two letters counting as one edit ("Wendesday"), and not
// equal: a month spelt right is never a name anyway. b is a month or a
// weekday, so that three rows of its length fit on the stack.
func nearWord(a, b string, max int) bool {
	const width = 12 // longer than "wednesday" and "september"
	if a == b || len(a)-len(b) > max || len(b)-len(a) > max || len(b) >= width {
		return false
	}
	// d[i%3][j] is the distance between a[:i] and b[:j].
	var d [3][width]int
	for j := range len(b) + 1 {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		row, prev, prev2 := &d[i%3], &d[(i-1)%3], &d[(i+1)%3]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			sub := 1
			if a[i-1] == b[j-1] {
				sub = 0
			}
			row[j] = min(prev[j]+1, row[j-1]+1, prev[j-1]+sub)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				row[j] = min(row[j], prev2[j-2]+1)
			}
		}
	}
	return d[len(a)%3][len(b)] <= max
}
