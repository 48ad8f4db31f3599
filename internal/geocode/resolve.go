package geocode

import (
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"sijil/internal/caption"
)

// anchor is a place already resolved in the same document: captions of one
// gallery are usually near each other, which settles namesakes.
type anchor struct {
	lat, lon float64
	country  caption.CountryCode
	admin1   string
	loc      caption.Location // the place itself, for a caption whose own places are unknown
}

// ResolveDocument resolves the scene of every record of one document, or
// of one window of a large one (parse.Parser.Window records: callers give it no
// more, so that a document's distant captions are no evidence for each
// other and its records need not be held all at once). Each
// record is resolved once on its own; then records are resolved again with
// the others' places as context, and records that name no country take the
// one the document's places agree on.
func (g *Gazetteer) ResolveDocument(recs []caption.Record) {
	g.ResolveDocumentExcept(recs, nil)
}

// ResolveDocumentExcept is ResolveDocument for a caller that has no use
// for some records' final reading: a record with first[i] set is resolved
// on its own only, and that reading still counts as evidence for the
// others, whose readings are ResolveDocument's. Ingest marks so the copies
// of captions it has read before, whose records the store throws away:
// the second reading was a sixth of its workers' time. first may be nil
// or shorter than recs (none marked past its end).
func (g *Gazetteer) ResolveDocumentExcept(recs []caption.Record, first []bool) {
	// Each record's candidates are kept for the second pass, unless the
	// document is so large that holding them all would cost more memory
	// than looking them up again.
	keep := len(recs) <= keepScenes
	scenes := make([]*scene, len(recs))
	// The second pass starts from what the caption said of its country,
	// not from the country the first pass found: that is no evidence for
	// itself.
	type said struct {
		c caption.CountryCode
		b caption.CountryBasis
	}
	saids := make([]said, len(recs))
	eachRecord(len(recs), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			saids[i] = said{recs[i].Country, recs[i].CountryBasis}
			sc := g.newScene(&recs[i])
			g.resolve(&recs[i], sc, nil)
			if keep {
				scenes[i] = sc
			}
		}
	})
	anchors := documentAnchors(recs)
	if len(anchors) == 0 {
		return
	}
	eachRecord(len(recs), func(lo, hi int) {
		others := make([]anchor, 0, len(anchors))
		for i := lo; i < hi; i++ {
			if len(recs[i].PlaceRefs) == 0 || i < len(first) && first[i] {
				continue
			}
			// A caption's own first reading is no evidence for itself.
			others = others[:0]
			for _, a := range anchors {
				if l := recs[i].Location; l == nil || !sameCell(a.lat, a.lon, l.Lat, l.Lon) || a.country != l.CountryCode {
					others = append(others, a)
				}
			}
			recs[i].Country, recs[i].CountryBasis = saids[i].c, saids[i].b
			sc := scenes[i]
			if sc == nil {
				sc = g.newScene(&recs[i])
			}
			g.resolve(&recs[i], sc, others)
		}
	})
}

// parallelRecords is the smallest document whose records ResolveDocument
// resolves on every core: a wire dump of thousands of captions is one
// document, read by one of ingest's workers while the others wait for
// it, where a gallery of a hundred is one of many read at once.
const parallelRecords = 1024

// eachRecord calls fn with the bounds of slices of [0, n) that together
// cover it, on every core when n is at least parallelRecords. Each
// record's resolution reads only the gazetteer, which is not written once
// loaded, and the document's anchors, so the order does not change it.
func eachRecord(n int, fn func(lo, hi int)) {
	if n < parallelRecords {
		fn(0, n)
		return
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	step := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += step {
		wg.Go(func() { fn(lo, min(lo+step, n)) })
	}
	wg.Wait()
}

// keepScenes is the largest document whose candidates are kept between
// ResolveDocument's two passes.
const keepScenes = 2000

// sameCell reports whether two points round to the same tenth of a degree.
func sameCell(lat1, lon1, lat2, lon2 float64) bool {
	return math.Round(lat1*10) == math.Round(lat2*10) && math.Round(lon1*10) == math.Round(lon2*10)
}

// maxAnchors bounds the distinct places a document contributes as context,
// so that a wire dump of 100,000 captions costs as much per caption as a
// gallery of twenty.
const maxAnchors = 64

// documentAnchors returns the distinct places (to about 10 km) located with
// precision 1 or 2 in a document, the first maxAnchors of them.
func documentAnchors(recs []caption.Record) []anchor {
	type cell struct {
		lat, lon int
		country  caption.CountryCode
	}
	seen := map[cell]bool{}
	var out []anchor
	for _, r := range recs {
		l := r.Location
		if l == nil || l.Precision > 2 {
			continue
		}
		c := cell{int(math.Round(l.Lat * 10)), int(math.Round(l.Lon * 10)), l.CountryCode}
		if seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, anchor{l.Lat, l.Lon, l.CountryCode, l.Admin1, *l})
		if len(out) == maxAnchors {
			break
		}
	}
	return out
}

// Resolve sets rec.Location from rec.PlaceRefs (most specific first) and the
// caption's country, and sets rec.Country from the location when the caption
// did not name one. The first reference the gazetteer knows locates the
// scene: precision 1 when it is the scene's own place, 2 when the caption
// says "near" it or a more specific place was not found, 3 for a province, 4
// for the country alone. Places not found are named in a warning.
func (g *Gazetteer) Resolve(rec *caption.Record, anchors []anchor) {
	g.resolve(rec, g.newScene(rec), anchors)
}

func (g *Gazetteer) resolve(rec *caption.Record, sc *scene, anchors []anchor) {
	rec.Location = nil
	rec.Warnings = dropResolveWarnings(rec.Warnings)
	i, pk := g.choose(rec, sc, anchors)
	var missing, unchosen []string
	for j, ref := range rec.PlaceRefs {
		if !pk.found || j < i {
			if sc.countryRead != "" && j == sc.countryRef || pk.found && sc.gaveWay[j] {
				continue // the country, read as such, or a division holding the place: not missing
			}
			if note, ok := sc.unchosen[j]; ok {
				unchosen = append(unchosen, note)
			} else {
				missing = append(missing, ref.Name)
			}
		}
	}
	if pk.found {
		ref, p := rec.PlaceRefs[i], pk.p
		// A near spelling may be the place or a namesake nearby: never
		// precision 1.
		// Located by a container when a more specific place was not
		// found; not when the places before were divisions holding it,
		// or the country read as such ("Georgia's capital Tbilisi").
		contained := false
		for j := range i {
			contained = contained || !sc.gaveWay[j] && (sc.countryRead == "" || j != sc.countryRef)
		}
		rec.Location = g.location(p, precision(sc.kind(rec, i), ref.Near || pk.fuzzy, p, contained))
		// A place found by an exonym is named by the exonym's name:
		// none of its own is spelt like the caption's, and the closest
		// by edit distance read as nonsense ("J. Hoose" for Jubaland).
		rec.Location.Name = matchedName(p, cmp.Or(sc.sets[i].exonym, ref.Name))
		rec.Location.Basis = pk.basis
		if contained && pk.basis != caption.BasisSpelling {
			// The scene is located by the place that contains it.
			rec.Location.Basis = caption.BasisContainer
			if sc.deadReckon(rec.Location, i-1, i) {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("%s %q located by the distance and direction the caption gives from %s",
					resolvePrefix, rec.PlaceRefs[i-1].Name, rec.PlaceRefs[i].Name))
			}
		}
		// A place from a photo's metadata has no span in the text: its
		// origin is in rec.Origins, and an empty span would highlight
		// nothing.
		hasSpan := ref.Span.Len() > 0
		if hasSpan {
			rec.Evidence["location"] = []caption.Span{ref.Span}
		} else {
			delete(rec.Evidence, "location")
		}
		if rec.Country == "" || rec.CountryBasis != caption.CountryNamed {
			if rec.Country != p.Country && hasSpan {
				rec.Evidence["country"] = []caption.Span{ref.Span}
			}
			if rec.CountryBasis == caption.CountryDocument && rec.Country != p.Country {
				rec.Warnings = slices.DeleteFunc(rec.Warnings, func(w string) bool {
					return w == caption.DocumentCountryWarning(rec.Country)
				})
			}
			rec.Country, rec.CountryBasis = p.Country, caption.CountryGazetteer
		}
		if pk.note != "" {
			rec.Warnings = append(rec.Warnings, pk.note)
		}
	}
	// A country's name read as the country (countryReading) names the
	// scene's country, as "Syria" would.
	if rec.Location == nil && sc.countryRead != "" && (rec.Country == "" || rec.CountryBasis != caption.CountryNamed) {
		rec.Country, rec.CountryBasis = sc.countryRead, caption.CountryNamed
	}
	if rec.Location == nil && len(rec.PlaceRefs) > 0 {
		if rec.Location = galleryPlace(rec.Country, anchors); rec.Location != nil && rec.Country == "" {
			rec.Country, rec.CountryBasis = rec.Location.CountryCode, caption.CountryDocument
		}
	}
	// A caption that names its country and no place ("smoke rises over a
	// village in Syria") is somewhere in it, as one whose places the
	// gazetteer lacks is; a country only hinted at ("Syrian refugees
	// queue in a field") may not be the scene's.
	if rec.Location == nil && rec.Country != "" && (len(rec.PlaceRefs) > 0 || rec.CountryBasis == caption.CountryNamed) {
		if name, lat, lon, ok := g.Country(rec.Country); ok {
			if dir, ok := countryDirection(rec); ok {
				if plat, plon, ok := g.countryPart(rec.Country, dir); ok {
					lat, lon = plat, plon // "western Nepal": see countryPart
				}
			}
			rec.Location = &caption.Location{Name: name, Lat: lat, Lon: lon, CountryCode: rec.Country,
				Feature: "PCLI", Precision: 4, Basis: caption.BasisCountryOnly}
		}
	}
	rec.Warnings = append(rec.Warnings, unchosen...)
	if len(missing) > 0 {
		how := "not located"
		if rec.Location != nil {
			how = fmt.Sprintf("located by %s (precision %d)", rec.Location.Name, rec.Location.Precision)
		}
		quoted := make([]string, len(missing))
		for i, m := range missing {
			quoted[i] = strconv.Quote(m)
		}
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("%s %s not found in the gazetteer; %s",
			resolvePrefix, strings.Join(quoted, ", "), how))
	}
}

// galleryPlace returns, for a caption whose places the gazetteer does not
// know, the place where all of its document's other captions are (within
// 50 km of one another, in the caption's country
// when it has one), with precision 2: a gallery from Mumbai that names
// only "Dharavi" is in Mumbai. Nil when the document is not so gathered.
func galleryPlace(country caption.CountryCode, anchors []anchor) *caption.Location {
	if len(anchors) == 0 || country != "" && anchors[0].country != country {
		return nil
	}
	for _, a := range anchors[1:] {
		if distanceKm(a.lat, a.lon, anchors[0].lat, anchors[0].lon) > 50 {
			return nil
		}
	}
	l := anchors[0].loc
	l.Precision, l.Basis = max(l.Precision, 2), caption.BasisDocument
	return &l
}

// choose picks the reference that locates the scene and its place: the most
// specific one with an exact match in the caption's country; else, when
// the country is only hinted, the most specific exact match anywhere; else a
// fuzzy match. A namesake abroad ("al-Torshan" and Tarxien in Malta share a
// key) or a near spelling must not beat a sure match of the containing
// place ("Raqa"), which is located with precision 2 instead.
func (g *Gazetteer) choose(rec *caption.Record, sc *scene, anchors []anchor) (int, pick) {
	picks := make([]pick, len(rec.PlaceRefs))
	clear(sc.unchosen)
	sc.countryRead, sc.countryRef = "", -1
	for i := range rec.PlaceRefs {
		picks[i] = g.best(rec, sc, i, anchors)
	}
	clear(sc.gaveWay)
	for i := range picks {
		if sc.givesWay(i, picks) {
			picks[i].found = false
			if sc.gaveWay == nil {
				sc.gaveWay = map[int]bool{}
			}
			sc.gaveWay[i] = true
		}
	}
	for pass := range 3 {
		for i, pk := range picks {
			switch {
			case !pk.found, pass < 2 && !sc.corroborated(i, pk.p, picks, partKinds[sc.kind(rec, i)]):
			case pass == 0 && !pk.fuzzy && (rec.Country == "" || pk.p.Country == rec.Country),
				pass == 1 && !pk.fuzzy,
				pass == 2:
				return i, pk
			}
		}
	}
	return 0, pick{}
}

// givesWay reports whether reference i, found as a first-level
// division, gives way to a later reference found as a place in it: the
// parser lists places in the order the caption writes them, and "the
// Casamance region near Ziguinchor" or "the Donbas region near Bakhmut"
// are at the town, the more specific, not at the region's point.
func (sc *scene) givesWay(i int, picks []pick) bool {
	if !picks[i].found || !isDivision(picks[i].p) {
		return false
	}
	for j := i + 1; j < len(picks); j++ {
		if picks[j].found && !picks[j].fuzzy && !isDivision(picks[j].p) && inDivision(picks[j].p, picks[i].p) {
			return true
		}
	}
	return false
}

// corroborateKm is how far a place may lie from a containing place the
// caption also names: a province's towns can be 150 km from its seat.
const corroborateKm = 150

// maxContainerGap is the most words a caption writes between a place and
// its container: "Kramatorsk, in the eastern Donetsk region", "Kafr
// Nabl, a town in Idlib province".
const maxContainerGap = 4

// corroborated reports whether p, chosen for reference i, lies within
// corroborateKm (or the distance the caption states between them,
// statedKm) of some candidate of every later reference the resolver can
// place. "al-Shaar, Aleppo" must not become Sarh in Chad, which shares
// al-Shaar's key, when Aleppo is in Syria: the containing place is then used
// instead, with precision 2. part says that the caption's own place word
// makes reference i a part of a town (partKinds), which any later place may
// contain.
func (sc *scene) corroborated(i int, p Place, picks []pick, part bool) bool {
	sure := sc.onlyExact(i, p)
	for j := i + 1; j < len(sc.cands); j++ {
		if !picks[j].found || sc.fuzzy[j] || sc.sets[j].country == p.Country || sc.regionOf(j, p) {
			// A place the gazetteer cannot resolve cannot disown another
			// ("La Restinga on El Hierro"); a country the caption names
			// vouches for every place in it, and so does a region that
			// one of its divisions stands for.
			continue
		}
		// When some of the containing place's candidates are spelt as the
		// caption spells it, only they count: "Beirut" is Beirut, not a
		// West Bank village whose name shares its loose key and which
		// would vouch for a namesake of "Dahiyeh" there.
		cands := sc.cands[j]
		// A place written far from p in its sentence, and that may lie
		// in p's country, is another place the caption mentions, not
		// p's container: "aid at the airport in Benghazi bound for flood
		// victims in Derna", "displaced people reach Wad Medani … fleeing
		// the fighting in Khartoum".
		if sc.wordsBetween(i, j) > maxContainerGap && slices.ContainsFunc(cands, func(q Place) bool { return q.Country == p.Country }) {
			continue
		}
		alike := slices.Contains(sc.sets[j].alike[:min(len(cands), containerCands)], true)
		if !part && !containerLike(cands, sc.sets[j].alike, alike, p) || sure && !alike && slices.ContainsFunc(cands, func(q Place) bool { return q.Country == p.Country }) {
			continue
		}
		near, radius := false, max(corroborateKm, sc.statedKm(i, j))
		for n, q := range cands {
			if alike && !sc.sets[j].alike[n] {
				continue
			}
			// A province vouches for every place in it, however far from
			// its centre: Joplin lies 230 km from Missouri's. Other places
			// vouch by distance, the first few of them.
			if inDivision(p, q) ||
				n < containerCands && distanceKm(p.Lat, p.Lon, q.Lat, q.Lon) <= radius {
				near = true
				break
			}
		}
		if !near {
			return false
		}
	}
	return true
}

// regionOf reports whether reference j is a region that exonyms.tsv maps
// to one of its divisions, in p's country: such a division stands for a
// wider region whose edges the gazetteer does not know, and Zakho, "in
// the Kurdistan region of Iraq", lies 170 km from the point of Erbil's
// governorate, which stands for the region, in Duhok's.
func (sc *scene) regionOf(j int, p Place) bool {
	if sc.sets[j].exonym == "" || len(sc.cands[j]) == 0 {
		return false
	}
	for _, q := range sc.cands[j] {
		if q.Class != 'A' || q.Country != p.Country {
			return false
		}
	}
	return true
}

// onlyExact reports whether p is the one candidate of reference i spelt
// like the caption's name, and is written as the caption writes it: such
// a place is what the caption means, and a containing place of its
// country that the gazetteer knows only by a loose key, and far from it,
// does not disown it ("El Geneina, West Darfur", whose "West Darfur" finds
// only Wasat Darfur, another state). A container spelt as the caption
// spells it still does: "Rocinha, Rio de Janeiro" is not the Rocinha of
// São Paulo state.
func (sc *scene) onlyExact(i int, p Place) bool {
	n, exact := 0, false
	for j, q := range sc.cands[i] {
		if sc.sets[i].alike[j] {
			n++
			exact = exact || sc.sets[i].exact[j] && q.ID == p.ID && q.Source == p.Source
		}
	}
	return n == 1 && exact
}

// partKinds are the place words that make a place part of a town: a
// caption's "the al-Amal neighbourhood of Khan Younis" (حي الأمل في خان
// يونس) cannot be Āmol in Iran, a city larger than Khan Younis that goes by
// the same Arabic name, however large.
var partKinds = map[string]bool{"neighbourhood": true, "camp": true, "square": true, "street": true}

// containerLike reports whether a later place of the caption may contain
// p: a division, or a place at least as large. Only such a place can say
// that p is a namesake far from the scene ("al-Shaar, Aleppo"); a smaller
// one is another place the caption mentions ("in Athens' Syntagma Square
// … after a train collision near Larissa").
func containerLike(cands []Place, alikes []bool, onlyAlike bool, p Place) bool {
	for n, q := range cands {
		if onlyAlike && !alikes[n] {
			continue
		}
		if q.Class == 'A' || q.Population >= p.Population || featureRank(q.Feature) > featureRank(p.Feature) {
			return true
		}
	}
	return false
}

// featureRank orders the features of populated places by the rank of the
// seat: capital, province seat, district seat, the rest.
func featureRank(f string) int {
	switch f {
	case "PPLC":
		return 4
	case "PPLA":
		return 3
	case "PPLA2":
		return 2
	}
	return 1
}

// resolvePrefix starts every warning Resolve writes, so that resolving a
// record again replaces them instead of adding copies.
const resolvePrefix = "gazetteer: place"

func dropResolveWarnings(ws []string) []string {
	out := ws[:0]
	for _, w := range ws {
		if !strings.HasPrefix(w, resolvePrefix) {
			out = append(out, w)
		}
	}
	return out
}

// adminKinds are the place words of first-level divisions and regions.
// "district" and "territory", second-level units named for their towns
// ("Harim district", "Rutshuru territory"), are not: they mean the town.
var adminKinds = map[string]bool{"province": true, "governorate": true, "region": true, "oblast": true,
	"countryside": true, "state": true, "county": true, "krai": true, "kray": true, "prefecture": true,
	"wilaya": true, "wilayah": true, "emirate": true, "voivodeship": true, "canton": true,
	"department": true, "departamento": true, "district": false}

// precision grades a resolved reference of the given place word: the scene
// itself (1), near or part of it (2), or only its province (3). fallback
// is true when a more specific reference was not found.
func precision(kind string, near bool, p Place, fallback bool) int {
	switch {
	case p.Class == 'A' || adminKinds[kind]:
		return 3
	case fallback || near:
		return 2
	}
	return 1
}

func (g *Gazetteer) location(p Place, prec int) *caption.Location {
	admin1 := p.Admin1
	if admin1 == "" && p.Admin1Code != "" {
		admin1 = g.Admin1Name(p.Country, p.Admin1Code)
	}
	loc := &caption.Location{Name: p.Name, Preferred: p.Name, Lat: p.Lat, Lon: p.Lon, Admin1: admin1, CountryCode: p.Country,
		Feature: p.Feature, Precision: prec}
	if p.IsGeoNames() {
		loc.GeonameID = int(p.ID)
	}
	return loc
}

// distanceKm is the great-circle distance between two points.
func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dlat, dlon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dlon/2)*math.Sin(dlon/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// matchedName returns, among p's names in Latin script, the one spelt most
// like the caption's name (case and diacritics aside): a reader checking
// "Raqa" against the gazetteer sees the entry's "Raqa" and its geonameid, not
// only "Ar Raqqah". p.Name when no other name is closer. A name the caption's
// holds as whole words wins, the longest first: "Kabul airport" located at
// Kabul is "Kabul", where edit distance alone found the alternate "Kabula"
// a letter closer. A name written in another script ("الرقة") is shown
// as the entry's name: its distance to a Latin spelling means nothing.
func matchedName(p Place, written string) string {
	if !isLatin(written) {
		return p.Name
	}
	lower := strings.ToLower(written)
	want := []rune(lower)
	best, bestD, held := p.Name, editDistance(want, []rune(strings.ToLower(p.Name))), holdsWords(lower, strings.ToLower(p.Name))
	for _, a := range p.Alternates {
		if !isLatin(a) {
			continue
		}
		la := strings.ToLower(a)
		h := holdsWords(lower, la)
		switch {
		case h && (!held || len(a) > len(best)):
			best, held = a, true
		case !h && !held:
			if d := editDistance(want, []rune(la)); d < bestD {
				best, bestD = a, d
			}
		}
	}
	return best
}

// holdsWords reports whether s holds name as whole words: at its start or
// after a space or hyphen, and at its end or before one.
func holdsWords(s, name string) bool {
	if name == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		if (start == 0 || s[start-1] == ' ' || s[start-1] == '-') && (end == len(s) || s[end] == ' ' || s[end] == '-') {
			return true
		}
		i = start + 1
	}
}

// editDistance is the Levenshtein distance between a and b. Its rows are
// on the stack for a b of a place name's length: it runs for every
// alternate name of every candidate place, and allocating them was 2.5%
// of the bytes an ingest allocated.
func editDistance(a, b []rune) int {
	const short = 64
	var rows [2 * short]int
	var prev, cur []int
	if len(b) < short {
		prev, cur = rows[:len(b)+1], rows[short:short+len(b)+1]
	} else {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
