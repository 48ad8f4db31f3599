package geocode

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// genericWords end place names as captions write them but not as gazetteers
// do: "Zaatari refugee camp" is Zaatari, "Hmeymim airbase" is Hmeymim, and
// a border crossing named after a town is at the town ("the Bab al-Hawa
// crossing", "the Qalandiya checkpoint", "the Torkham border").
// Sites named after no town ("Al-Shifa hospital", "Umayyad Square") keep
// their word: without it they would match a namesake town.
var genericWords = map[string]bool{"camp": true, "refugee": true, "refugees": true, "airbase": true,
	"air": true, "base": true, "airport": true, "city": true, "town": true, "village": true,
	"district": true, "area": true, "neighbourhood": true, "neighborhood": true, "province": true,
	"region": true, "governorate": true, "state": true, "county": true, "oblast": true, "krai": true,
	"prefecture": true, "wilaya": true, "wilayah": true, "department": true, "departamento": true,
	"municipality": true, "kray": true, "emirate": true, "voivodeship": true, "canton": true, "territory": true,
	"crossing": true, "checkpoint": true, "border": true,
	// A valley is the province named for it, or nothing (onlyDivisions).
	"valley": true,
	// Arabic: a city's old quarter is in the city ("درعا البلد", "الموصل
	// القديمة").
	"البلد": true, "القديمة": true, "القديمه": true, "القديم": true}

// Candidates returns the places the resolver weighs for a caption's name
// (in country, when the caption names one), as `sijil gazetteer search`
// lists them; fuzzy is true when they are near spellings. See candidates.
func (g *Gazetteer) Candidates(name string, country caption.CountryCode) (places []Place, fuzzy bool) {
	places, _, fuzzy, _ = g.candidates(name, country)
	return places, fuzzy
}

// candidates returns the places a caption's name may mean, and the name
// they were found by: an exact key match and the first-level divisions of
// that name, else the same for the name without its generic last words
// ("Nabatieh Governorate" is Nabatieh) (direct); the places of its exonym
// instead, when exonyms.tsv has one that direct does not find; else
// (inside a known country only) a bounded fuzzy match for a spelling the
// gazetteer lacks. byExonym says the places are an exonym's.
func (g *Gazetteer) candidates(name string, country caption.CountryCode) (places []Place, matched string, fuzzy, byExonym bool) {
	c, try := g.direct(name)
	// An Arabic name the gazetteer lacks, or knows only as another
	// place's ("الفاشر"), is looked up by the name the data gives the
	// place (exonyms.tsv).
	if alt, latin := g.exonym(name, country, c); len(alt) > 0 {
		return alt, latin, false, true
	}
	if len(c) > 0 {
		return c, try, false, false
	}
	words := strings.Fields(name)
	// "Alep-Est", "Mossoul-Ouest": a French compass word joined to a city
	// names a part of it.
	if base, ok := cutCompassSuffix(name); ok {
		if c, matched, fuzzy, byExonym := g.candidates(base, country); len(c) > 0 {
			return c, matched, fuzzy, byExonym
		}
	}
	if country == "" || len(words) == 0 || siteWords[strings.ToLower(words[len(words)-1])] {
		// A site ("Union Station") is no misspelt town.
		return nil, name, false, false
	}
	if edits := fuzzyEdits(Key(name)); edits > 0 {
		return g.Fuzzy(name, country, edits), name, true, false
	}
	return nil, name, false, false
}

// fuzzyEdits is how many edits a misspelt name of key k may be from the
// gazetteer's spelling: two from nine letters, one from five. Arabic
// writes no short vowels, so its names are shorter and one letter in them
// is a larger part of the name: one edit, from seven letters. Counted in
// bytes, a five-letter Arabic name (ten bytes) was allowed two, and
// "سرمدا" (Sarmada) became As-Suwayda, 390 km away.
func fuzzyEdits(k string) int {
	n := utf8.RuneCountInString(k)
	if n != len(k) && arabicKey(k) {
		if n >= 7 {
			return 1
		}
		return 0
	}
	switch {
	case n >= 9:
		return 2
	case n >= 5:
		return 1
	}
	return 0
}

// arabicKey reports whether k holds an Arabic letter.
func arabicKey(k string) bool {
	for _, r := range k {
		if unicode.Is(unicode.Arabic, r) {
			return true
		}
	}
	return false
}

// direct returns the places found by name itself: an exact key match and
// the first-level divisions of that name, else the same for the name
// without its generic last words, or without a settlement word before it
// ("Kibbutz Kfar Aza" is Kfar Aza); and the name they were found by.
func (g *Gazetteer) direct(name string) ([]Place, string) {
	if c, try := g.directWhole(name); len(c) > 0 {
		return c, try
	}
	if first, rest, ok := strings.Cut(name, " "); ok && settlementWords[strings.ToLower(first)] {
		if c, try := g.directWhole(rest); len(c) > 0 {
			return c, try
		}
	}
	return nil, name
}

// settlementWords name a kind of settlement before its name.
var settlementWords = map[string]bool{"kibbutz": true, "moshav": true}

// directWhole is direct without the settlement word.
func (g *Gazetteer) directWhole(name string) ([]Place, string) {
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
		if n < len(words) {
			c = onlyDivisions(c, strings.ToLower(words[n]))
		}
		if len(c) > 0 {
			return c, try
		}
	}
	return nil, name
}

// cutCompassSuffix returns name without a French compass word joined to
// it by a hyphen ("Alep-Est" is Alep), and whether it had one.
func cutCompassSuffix(name string) (string, bool) {
	i := strings.LastIndexByte(name, '-')
	if i <= 0 {
		return name, false
	}
	switch strings.ToLower(name[i+1:]) {
	case "est", "ouest", "nord", "sud":
		return name[:i], true
	}
	return name, false
}

// siteWords end the names of sites, which a near spelling must not turn
// into a town's name.
var siteWords = map[string]bool{"station": true, "square": true, "stadium": true, "hospital": true,
	"camp": true, "bridge": true, "market": true, "mosque": true, "church": true, "airport": true,
	"temple": true, "park": true, "street": true, "road": true, "avenue": true, "gate": true, "palace": true,
	"university": true, "school": true, "prison": true, "crossing": true, "checkpoint": true, "port": true}

// onlyDivisions keeps, of the candidates of a name written with a division
// word ("Kherson Oblast", "Borno State", "Cook County"), the divisions:
// the caption means the province, not its namesake seat. When the data
// has none, a first-level word keeps every candidate (a region the data
// lacks may share a town's name), and "county", a second-level word that
// the data never holds, keeps none rather than a namesake town.
//
// A valley ("the Panjshir Valley", "the Bekaa Valley") is the province
// named for it, or no place: the town of its name may lie at one end of
// it, and the name without "valley" matches towns abroad by its loose key
// ("Swat" and Sète).
func onlyDivisions(c []Place, word string) []Place {
	if !adminKinds[word] && word != "valley" {
		return c
	}
	divs := slices.DeleteFunc(slices.Clone(c), func(p Place) bool { return p.Class != 'A' })
	if len(divs) > 0 || word == "county" || word == "valley" {
		return divs
	}
	return c
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
	// unchosen holds, by reference, why best chose none of the
	// reference's candidates when it had some (guessedByKey), for the
	// warning that replaces "not found"; set anew by each choose.
	unchosen map[int]string
	// countryRead is the country a reference named that best read as the
	// country rather than as a namesake abroad (countryReading), or "",
	// and countryRef that reference; set anew by each choose.
	countryRead caption.CountryCode
	countryRef  int
	// gaveWay holds the references found as divisions that gave way to a
	// place in them written after (givesWay); set anew by each choose.
	gaveWay map[int]bool
	// text and spans are the caption and its references' spans in it,
	// for how far apart two references are written (wordsBetween).
	text  string
	spans []caption.Span
}

func (g *Gazetteer) newScene(rec *caption.Record) *scene {
	n := len(rec.PlaceRefs)
	sc := &scene{sets: make([]*candidateSet, n), keys: make([]string, n), spellings: make([]string, n),
		cands: make([][]Place, n), fuzzy: make([]bool, n), text: rec.Text, spans: make([]caption.Span, n)}
	for i, ref := range rec.PlaceRefs {
		sc.spans[i] = ref.Span
	}
	for i, ref := range rec.PlaceRefs {
		cs := g.candidateSet(ref.Name, rec.Country)
		sc.sets[i] = cs
		sc.keys[i], sc.spellings[i], sc.cands[i], sc.fuzzy[i] = cs.key, cs.spelling, cs.places, cs.fuzzy
	}
	return sc
}

// wordsBetween returns how many words the caption writes between
// references i and j (i before j): none for "al-Shaar, Aleppo", three for
// "Kramatorsk, in the eastern Donetsk region". It is 0 when the spans do
// not tell (a record built without its text).
func (sc *scene) wordsBetween(i, j int) int {
	a, b := sc.spans[i], sc.spans[j]
	if a.End == 0 || a.End > b.Start || b.Start > len(sc.text) {
		return 0
	}
	n := 0
	for _, w := range strings.Fields(sc.text[a.End:b.Start]) {
		if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}

// statedDistance is a distance written between a place and the place it is
// measured from: "Baiji, some 200 km north of Baghdad", "Tikrit, 160
// kilometres from the capital Baghdad", "15 miles south of".
var statedDistance = regexp.MustCompile(`(?i)\b(\d{1,3}(?:,\d{3})?)\s?(km|kms|kilometres|kilometers|kilometre|kilometer|miles|mile)\b`)

// statedKm is the distance the caption writes between references i and j,
// with a margin for rounding and roads, or 0 when it writes none. A town
// the caption puts 200 km from Baghdad is not disowned for lying farther
// from it than corroborateKm.
func (sc *scene) statedKm(i, j int) float64 {
	if km := sc.writtenKm(i, j); km > 0 {
		return km*1.25 + 15
	}
	return 0
}

// writtenKm is the distance the caption writes between references i and
// j, in kilometres, or 0 when it writes none.
func (sc *scene) writtenKm(i, j int) float64 {
	a, b := sc.spans[i], sc.spans[j]
	if a.End == 0 || a.End > b.Start || b.Start > len(sc.text) || sc.wordsBetween(i, j) > maxContainerGap+2 {
		return 0
	}
	between := sc.text[a.End:b.Start]
	// corroborated asks for every candidate and later place: most
	// captions write no number between two places, and the regexp is
	// spared them.
	if !strings.ContainsAny(between, "0123456789") {
		return 0
	}
	m := statedDistance.FindStringSubmatch(between)
	if m == nil {
		return 0
	}
	n, err := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	if err != nil {
		return 0
	}
	km := float64(n)
	if strings.HasPrefix(strings.ToLower(m[2]), "mile") {
		km *= 1.609
	}
	return km
}

// writtenBearing is the compass word written between references i and j
// ("370 km east of"), as a vector; ok is false when there is none.
func (sc *scene) writtenBearing(i, j int) (dir [2]float64, ok bool) {
	a, b := sc.spans[i], sc.spans[j]
	if a.End == 0 || a.End > b.Start || b.Start > len(sc.text) {
		return dir, false
	}
	for _, w := range strings.Fields(strings.ToLower(sc.text[a.End:b.Start])) {
		if dir, ok = compass[strings.Trim(w, ",()")]; ok {
			return dir, true
		}
	}
	return dir, false
}

// deadReckonKm is the least written distance worth moving a container's
// point by: closer, the container's own point is as good.
const deadReckonKm = 30

// deadReckon moves loc, the point of reference j that stands for an
// unknown reference i, by the distance and bearing the caption writes
// between them: "Ras Lanuf, some 370 km east of Tripoli", where Ras Lanuf
// is missing from the data, is not in Tripoli. It reports whether it moved
// it. A point moved is no longer the gazetteer entry's: it loses the
// entry's GeoNames id, which a reader would join to Tripoli's own point,
// and keeps its name, which the warning the caller adds explains.
func (sc *scene) deadReckon(loc *caption.Location, i, j int) bool {
	km := sc.writtenKm(i, j)
	dir, ok := sc.writtenBearing(i, j)
	if km < deadReckonKm || !ok {
		return false
	}
	norm := math.Hypot(dir[0], dir[1])
	dlat := km / 111.2 * dir[1] / norm
	dlon := km / (111.2 * math.Cos(loc.Lat*math.Pi/180)) * dir[0] / norm
	loc.Lat, loc.Lon, loc.GeonameID = loc.Lat+dlat, loc.Lon+dlon, 0
	return true
}

// support is the context that spoke for a candidate, beyond its name.
type support uint8

const (
	supCountry      support = 1 << iota // in the country the caption names, or its document agrees on
	supHint                             // in the country a demonym hints at
	supContainer                        // in, or near, another place the caption names
	supDocument                         // in the country of the document's other captions, or near their places
	supNearDocument                     // near their places, or in their province
)

// score rates candidate p for rec.PlaceRefs[i] by what the caption says
// around it, strongest evidence first: the caption's country; another place
// of the caption that is p's province ("Maaret al-Numan … in Idlib
// province"), that p is the province of ("Fresno, Calif."), or that lies
// near p ("Tal Samin village, north of Raqqa city"); the places of the same
// document; the place word ("Idlib province" is a division, "the town of
// Idlib" a town); the spelling; and, last, rank and population. It returns
// what context spoke for p too.
func (sc *scene) score(rec *caption.Record, i, j int, anchors []anchor) (float64, support) {
	return sc.explain(rec, i, j, anchors, nil)
}

// explain is score of candidate j, also noting each reason in why when it
// is not nil, so that `sijil gazetteer search` can show why the first
// candidate won.
func (sc *scene) explain(rec *caption.Record, i, j int, anchors []anchor, why *[]string) (float64, support) {
	p := sc.cands[i][j]
	s, sup := 0.0, support(0)
	add := func(by support, w float64, reason string) {
		s += w
		sup |= by
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
		add(0, 25, "spelt like the caption") // the key is loose ("Douma" and Damān share one)
	}
	// A name written letter for letter as the caption writes it outweighs
	// a large namesake that only the evened-out vowels make alike: "Bosra"
	// is Buşrá ash Shām, one of whose names it is, and not Basra, whose
	// "Busra" it only resembles.
	if sc.sets[i].exact[j] {
		add(0, 15, "written as the caption writes it")
	}
	// Among entries spelt alike, the one whose own name it is before one
	// that lists it among many other names: "Tyre" is Tyre in Lebanon, not
	// Tehran, one of whose hundred other names is Teera.
	if sc.sets[i].own[j] {
		add(0, 10, "its own name")
	}
	switch kind := sc.kind(rec, i); {
	case adminKinds[kind] && p.Class == 'A':
		add(0, 40, "a division, as '"+kind+"' asks")
	case kind != "" && !adminKinds[kind] && p.Class == 'P':
		add(0, 10, "a populated place, as '"+kind+"' asks")
	}
	switch p.Feature {
	case "ADM1":
		// A bare name that is a province's and a town's elsewhere is the
		// province ("California", not California, Missouri), but not a
		// capital's or a large city's ("Washington"); one that is a
		// province's and its own city's is the city ("Idlib", "New York"),
		// which a caption means unless it says "province".
		if !sc.sets[i].seat[j] {
			add(0, 18, "a first-level division")
		}
	case "PPLC":
		add(0, 8, "a capital")
	case "PPLA":
		add(0, 6, "a province seat")
	case "PPLA2":
		add(0, 4, "a district seat")
	}
	if p.Population > 0 {
		add(0, 2*math.Log10(float64(p.Population)+1), fmt.Sprintf("population %d", p.Population))
	}
	return s, sup
}

// kind is the place word of rec.PlaceRefs[i]: the one the caption puts
// beside it ("Idlib province"), else the division word its name ends in
// ("Kherson Oblast").
func (sc *scene) kind(rec *caption.Record, i int) string {
	if k := rec.PlaceRefs[i].Kind; k != "" {
		return k
	}
	return sc.sets[i].kind
}

// Weights of a candidate's country: one the caption names or its document
// agrees on rules out every other (see best); one a demonym hints at
// ("Syrian refugees") settles namesakes that are otherwise close, but not
// a much larger or better-known place. A hint of 12 outweighs what sets
// Tripoli in Libya ahead of Tripoli in Lebanon (3 points of rank and
// size); at 30 it also took "Ukrainian refugees protest in Paris" to a
// Ukrainian village that GeoNames lists under the old name Paris, 25
// points behind the capital of France.
const (
	countryWeight = 100
	hintWeight    = 12
)

// context adds to a candidate's score what the caption and its document
// say for it, beyond its name: the caption's country, the province or a
// nearby place the caption also names, the document's other places.
func (sc *scene) context(rec *caption.Record, i, j int, anchors []anchor, add func(by support, w float64, reason string)) {
	p := sc.cands[i][j]
	// dwarfed is dwarfedAbroad(i, j), which the document's two kinds of
	// support ask, made once when first asked.
	dwarfedKnown, dwarfedIs := false, false
	dwarfed := func() bool {
		if !dwarfedKnown {
			dwarfedKnown, dwarfedIs = true, sc.dwarfedAbroad(i, j)
		}
		return dwarfedIs
	}
	if rec.Country != "" && p.Country == rec.Country {
		switch rec.CountryBasis {
		case caption.CountryNamed:
			add(supCountry, countryWeight, "in the caption's country "+string(rec.Country))
		case caption.CountryDocument:
			if !dwarfed() {
				add(supDocument, countryWeight, "in the country of the document's other captions, "+string(rec.Country))
			}
		default:
			add(supHint, hintWeight, "in the country the caption hints at, "+string(rec.Country))
		}
	}
	admin := sc.sets[i].adminKeys[j]
	for k, other := range rec.PlaceRefs {
		if k == i {
			continue
		}
		if sc.sets[k].country != "" && sc.sets[k].country == p.Country {
			add(supCountry, countryWeight, "in the country the caption names, "+other.Name)
		}
		switch {
		case admin != "" && sc.keys[k] == admin, sc.inDivisionOf(k, p):
			add(supContainer, 50, "in the province the caption names, "+other.Name)
		case sc.divisionOf(p, k):
			add(supContainer, 50, "the province of "+other.Name)
		}
		if k > i && sc.near(k, p, rec.Country, 40) {
			add(supContainer, 40, "within 40 km of "+other.Name)
		}
	}
	// The caption's own hint outweighs its neighbours' places: "Kurdish
	// peshmerga forces retook Sinjar" in a gallery from Idlib is Iraq's
	// Sinjar, not the village of that name 10 km from Saraqib.
	if rec.CountryBasis == caption.CountryHint && p.Country != rec.Country {
		return
	}
	if a, close := anchorScore(p, anchors); a > 0 && !dwarfed() {
		by := supDocument
		if close {
			by |= supNearDocument
		}
		add(by, a, "near the document's other places")
	}
}

// dwarfedAbroad reports whether candidate j of reference i, which the
// caption does not write letter for letter, has a namesake abroad that it
// does and that dwarfs it: then neither the document's country nor its
// places speak for j. A Syrian gallery's caption of "Erbil" means Iraq's
// city of 1.6 million, not ‘Irbīn by Damascus, which only one of its other
// names (Aarbil) makes alike; it was placed there, in the wrong country.
func (sc *scene) dwarfedAbroad(i, j int) bool {
	if sc.sets[i].exact[j] {
		return false
	}
	p := sc.cands[i][j]
	for k, q := range sc.cands[i] {
		if q.Country != p.Country && sc.sets[i].exact[k] && dwarfs(q, p) {
			return true
		}
	}
	return false
}

// strictCountry reports whether rec's country rules out places abroad: the
// caption names it. A country the document's other captions agree on
// weighs as much but rules nothing out: a gallery from Syria may hold one
// caption from Gaza City, which has no namesake in Syria.
func strictCountry(rec *caption.Record) bool {
	return rec.Country != "" && rec.CountryBasis == caption.CountryNamed
}

// containerCands is how many of a place's candidates are weighed when
// testing that a division contains one of them: enough for a name shared
// by a province and its seat, and by a few namesakes. A division itself
// is looked for among all of a name's candidates: having no population, it
// ranks after every town of its name ("Florida").
const containerCands = 16

// isDivision reports whether p is a first-level division.
func isDivision(p Place) bool { return p.Class == 'A' && p.Feature == "ADM1" }

// inDivision reports whether p lies in the first-level division div.
func inDivision(p, div Place) bool {
	return isDivision(div) && div.Country == p.Country && div.Admin1Code != "" && div.Admin1Code == p.Admin1Code
}

// inDivisionOf reports whether a candidate of reference k is the
// first-level division p lies in: "Joplin" in "Mo.", which is Missouri.
func (sc *scene) inDivisionOf(k int, p Place) bool {
	if p.Admin1Code == "" || isDivision(p) {
		return false
	}
	for _, q := range sc.cands[k] {
		if inDivision(p, q) {
			return true
		}
	}
	return false
}

// divisionOf reports whether p is a first-level division that a candidate
// of reference k lies in: "Calif." for "Fresno".
func (sc *scene) divisionOf(p Place, k int) bool {
	if !isDivision(p) || p.Admin1Code == "" {
		return false
	}
	for _, q := range sc.cands[k][:min(len(sc.cands[k]), containerCands)] {
		if !isDivision(q) && inDivision(q, p) {
			return true
		}
	}
	return false
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
	sc.context(rec, i, j, anchors, func(support, float64, string) { supported = true })
	if supported {
		return false
	}
	return sc.sets[i].countries > 1
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
	strict := strictCountry(rec)
	var out []Scored
	for j, p := range sc.cands[i] {
		if strict && p.Country != rec.Country {
			continue
		}
		var why []string
		s, _ := sc.explain(rec, i, j, nil, &why)
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

// anchorScore rewards a candidate near, in the province of, or in the
// country of most of the places of the same document. Only places of the
// candidate's own country count: a village across a border says little of
// a caption ("Bint Jbeil" in Lebanon put "north of Kabul" at Kavul in
// Israel, 35 km from it), and one other caption is no majority.
func anchorScore(p Place, anchors []anchor) (s float64, close bool) {
	near, sameAdmin, sameCountry := false, false, 0
	for _, a := range anchors {
		if a.country != p.Country {
			continue
		}
		sameCountry++
		// Two points further apart in latitude than 50 km along a meridian
		// are further apart than that; the test spares most of the
		// distances, which were a third of resolving a caption.
		near = near || math.Abs(p.Lat-a.lat) <= anchorLatSpan && distanceKm(p.Lat, p.Lon, a.lat, a.lon) <= 50
		sameAdmin = sameAdmin || (a.admin1 != "" && a.admin1 == p.Admin1)
	}
	if near {
		s += 15
	}
	if sameAdmin {
		s += 5
	}
	// Most of a gallery's places in one country settle a namesake
	// there: "Tripoli's Al-Nour square" among captions from Beirut and
	// Sidon is the Lebanese Tripoli.
	if 2*sameCountry > len(anchors) && sameCountry >= 2 {
		s += 20
	}
	return s, near || sameAdmin
}

// anchorLatSpan is a little more than the degrees of latitude in 50 km
// (50 / 111.19), so that rounding can never make it skip a place within 50
// km.
const anchorLatSpan = 0.46

// writtenForm folds a name for writtenAs: case, diacritics, articles and
// the marks between words evened out, the letters kept.
func writtenForm(name string) string {
	var buf [64]rune
	return string(normalize(name, buf[:0]))
}

// writtenAs reports whether one of p's names has the writtenForm want.
func writtenAs(p Place, want string) bool {
	if writtenForm(p.Name) == want {
		return true
	}
	return slices.ContainsFunc(p.Alternates, func(a string) bool { return writtenForm(a) == want })
}

// writtenNear reports whether one of p's Latin names, in writtenForm, is
// within a third of its letters of want: "Kafranbel" and Kafr Nabl share
// their consonants and most of their vowels, while "Shibuya" and Chiba
// share only a loose key, and "Rocinha" and Rukn nothing a reader would
// call the same name.
func writtenNear(p Place, want string) bool {
	w := []rune(want)
	near := func(name string) bool {
		if !isLatin(name) {
			return false
		}
		n := []rune(writtenForm(name))
		return editDistance(w, n) <= max(len(w), len(n))/3
	}
	return near(p.Name) || slices.ContainsFunc(p.Alternates, near)
}

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
