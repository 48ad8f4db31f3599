package geocode

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"sijil/internal/caption"
)

// pick is the entry chosen for one of a caption's places, with what chose
// it among its namesakes.
type pick struct {
	p            Place
	fuzzy, found bool
	basis        caption.LocationBasis
	// note is a warning about the choice ("" for none): the namesakes of
	// other countries that nothing in the caption told apart.
	note string
}

// waterKinds are the place words of seas, rivers and their shores, which
// no town or division is: only a layer's water features may match them.
var waterKinds = map[string]bool{"sea": true, "river": true, "gulf": true, "ocean": true, "lake": true,
	"strait": true, "canal": true, "bay": true, "coast": true}

// closeMargin is how far below the best candidate a namesake may score
// and still be a real alternative to it: a tenth of the population is 2
// points, a province seat against a town 6. "Tripoli" in Libya and in
// Lebanon are close; Damascus in Syria and in Maryland are not.
const closeMargin = 8

// best chooses the gazetteer entry for rec.PlaceRefs[i]. A country the
// caption names (or its document agrees on) is a hard constraint: a namesake
// abroad is no match. Otherwise candidates are scored by the caption's
// context; see score. When nothing but rank and population separates
// namesakes of several countries, a focus country of the register wins
// (SetFocus); without one the largest does, and the pick says so in its
// note.
func (g *Gazetteer) best(rec *caption.Record, sc *scene, i int, anchors []anchor) pick {
	strict := strictCountry(rec)
	type scored struct {
		j   int
		s   float64
		sup support
	}
	var all []scored
	abroad := false // a namesake spelt alike was ruled out by the named country
	water := waterKinds[sc.kind(rec, i)]
	for j, p := range sc.cands[i] {
		if strict && p.Country != rec.Country {
			abroad = abroad || sc.sets[i].alike[j]
			continue
		}
		if water && (p.Class == 'P' || p.Class == 'A') {
			continue // "the Red Sea" is no governorate of Egypt's
		}
		s, sup := sc.score(rec, i, j, anchors)
		all = append(all, scored{j, s, sup})
	}
	if len(all) == 0 {
		return pick{fuzzy: sc.fuzzy[i]}
	}
	w := all[0]
	for _, c := range all[1:] {
		if c.s > w.s {
			w = c
		}
	}
	// A near spelling is a guess that only the caption's or its document's
	// other places may confirm: in a gallery from Mumbai, "Dharavi" is not
	// Dehra Dun.
	unconfirmed := sc.fuzzy[i] && len(anchors) > 0 && w.sup&(supContainer|supNearDocument) == 0
	// A region of several countries is no division of one of them unless
	// the caption or its document puts it there: "the Sahel" is not
	// Burkina Faso's Sahel region, nor "the Kurdistan region" Iran's
	// province, where "Dori, Sahel region" and "Sanandaj, Kurdistan
	// province" are.
	unconfirmed = unconfirmed || sc.ofSeveral(rec, i) && w.sup&(supCountry|supContainer|supDocument) == 0
	// A name of several words found by its loose key alone, whose words
	// are other words than the place's, is another name: "the Golan
	// Heights" is not Glenn Heights, Texas, which only its consonants
	// make alike. Unless the caption or its document places it, it is
	// left unplaced.
	unconfirmed = unconfirmed || !sc.sets[i].alike[w.j] && !sc.fuzzy[i] &&
		w.sup&(supCountry|supContainer|supDocument) == 0 && otherWords(rec.PlaceRefs[i].Name, sc.cands[i][w.j])
	if unconfirmed || sc.loose(rec, i, w.j, anchors) || sc.foreignToDocument(rec, i, sc.cands[i][w.j]) {
		return pick{fuzzy: sc.fuzzy[i]}
	}
	if sc.countryReading(i, sc.cands[i][w.j], w.sup) {
		sc.countryRead, sc.countryRef = sc.sets[i].country, i
		return pick{fuzzy: sc.fuzzy[i]}
	}
	pk := pick{p: sc.cands[i][w.j], fuzzy: sc.fuzzy[i], found: true}
	// The namesakes: other candidates spelt like the caption, and those of
	// them close enough to the winner that only rank and size chose.
	rivals, abroadRivals := false, false
	var close []Place
	var written []bool // of close: a name of it is written as the caption writes it
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(b.s, a.s) })
	for _, c := range all {
		if c.j == w.j || !sc.sets[i].alike[c.j] && !sc.fuzzy[i] {
			continue
		}
		rivals = true
		abroadRivals = abroadRivals || sc.cands[i][c.j].Country != pk.p.Country
		if c.s >= w.s-closeMargin {
			close = append(close, sc.cands[i][c.j])
			written = append(written, sc.sets[i].exact[c.j])
		}
	}
	switch {
	case sc.fuzzy[i]:
		pk.basis = caption.BasisSpelling
	case !rivals && !abroad:
		if w.sup == 0 && sc.sets[i].countries > 1 && guessedByKey(pk.p, sc.sets[i].exact[w.j], hamletPopulation) {
			sc.unchoose(i, rec.PlaceRefs[i].Name, pk.p, nil)
			return pick{fuzzy: sc.fuzzy[i]}
		}
		pk.basis = caption.BasisOnly
	case w.sup&supContainer != 0:
		pk.basis = caption.BasisContainer
	case w.sup&supCountry != 0:
		pk.basis = caption.BasisCountry
	case w.sup&supDocument != 0:
		pk.basis = caption.BasisDocument
	case w.sup&supHint != 0:
		pk.basis = caption.BasisHint
	default:
		// A city abroad, chosen by rank and size, where the caption says
		// village and hints at another country: "the southern village of
		// Qana" with "Lebanese rescuers" is not Qena, a provincial seat
		// of Egypt; the village is one the data lacks. A hint alone does
		// not rule a town out: "Rwandan soldiers … in Mocimboa da Praia"
		// stand abroad.
		village := sc.kind(rec, i) == "village" && pk.p.Population >= townPopulation
		hintedElsewhere := rec.CountryBasis == caption.CountryHint && rec.Country != "" && pk.p.Country != rec.Country && village
		if hintedElsewhere {
			if sc.unchosen == nil {
				sc.unchosen = map[int]string{}
			}
			sc.unchosen[i] = fmt.Sprintf("%s %s: the caption hints at %s, and the place of that name the gazetteer knows is in %s; not chosen: name its city or its country",
				resolvePrefix, strconv.Quote(rec.PlaceRefs[i].Name), rec.Country, pk.p.Country)
			return pick{fuzzy: sc.fuzzy[i]}
		}
		// A hamlet abroad, chosen by rank and size alone among
		// namesakes, where the caption hints at another country: "an
		// Israeli tank … in the Golan" is not in El Golán, a village of
		// 700 in Morelos.
		hamletAbroad := rec.CountryBasis == caption.CountryHint && rec.Country != "" && pk.p.Country != rec.Country &&
			isHamlet(pk.p)
		if hamletAbroad {
			if sc.unchosen == nil {
				sc.unchosen = map[int]string{}
			}
			sc.unchosen[i] = fmt.Sprintf("%s %s: the caption hints at %s, and the places of that name the gazetteer knows are elsewhere, the largest a hamlet of %s; not chosen: name its city or its country",
				resolvePrefix, strconv.Quote(rec.PlaceRefs[i].Name), rec.Country, pk.p.Country)
			return pick{fuzzy: sc.fuzzy[i]}
		}
		if q, ok := g.nearestToHint(rec, pk.p, close); ok {
			return pick{p: q, fuzzy: sc.fuzzy[i], found: true, basis: caption.BasisHint}
		}
		if abroadRivals && guessedByKey(pk.p, sc.sets[i].exact[w.j], townPopulation) {
			sc.unchoose(i, rec.PlaceRefs[i].Name, pk.p, close)
			return pick{fuzzy: sc.fuzzy[i]}
		}
		pk.basis = caption.BasisPopulation
		g.namesakes(&pk, rec.PlaceRefs[i].Name, close, written)
	}
	return pk
}

// nearestToHint returns, of p and its close namesakes (those that only
// rank and size told apart from it), the one that lies near the country
// the caption hints at when none lies in it: within hintNearKm of one of
// that country's first-level divisions, and the others at least three
// times as far. Sudanese refugees at "أدري" are at Adré in Chad, 30 km
// from West Darfur, not at Idri in Libya's Fezzan, the larger, 1,000 km
// from Sudan.
func (g *Gazetteer) nearestToHint(rec *caption.Record, p Place, close []Place) (Place, bool) {
	if rec.CountryBasis != caption.CountryHint || rec.Country == "" || p.Country == rec.Country || len(close) == 0 {
		return Place{}, false
	}
	pts := g.admin1Points(rec.Country)
	if len(pts) == 0 {
		return Place{}, false
	}
	fromHint := func(q Place) float64 {
		d := math.Inf(1)
		for _, pt := range pts {
			d = min(d, distanceKm(q.Lat, q.Lon, pt[0], pt[1]))
		}
		return d
	}
	best, bestKm, nextKm := Place{}, math.Inf(1), math.Inf(1)
	for _, q := range append([]Place{p}, close...) {
		if q.Country == rec.Country {
			return Place{}, false
		}
		switch d := fromHint(q); {
		case d < bestKm:
			best, bestKm, nextKm = q, d, bestKm
		case d < nextKm:
			nextKm = d
		}
	}
	return best, bestKm <= hintNearKm && nextKm >= 3*bestKm
}

// hintNearKm is how near a namesake abroad must lie to one of the hinted
// country's first-level divisions for nearestToHint to take it: a border
// town (Adré, Teknaf, Kilis) lies within some tens of kilometres of a
// province's seat across the border.
const hintNearKm = 150

// countryReading reports whether reference i, a country's name that is
// also a division's or a town's elsewhere ("Georgia"), is the country
// rather than p, its namesake abroad: when nothing in the caption or its
// document speaks for p's country (sup: a town in it, a country named,
// the document's places). "Chechen refugees in the Pankisi Gorge,
// Georgia" are in the Caucasus, not in the US state, for all that the
// gazetteer lacks the gorge; "Macon, Georgia" is the state's, whose town
// the caption names. The name must be spelt as the country's
// (countryNamed): "Sidon" is no Sweden.
func (sc *scene) countryReading(i int, p Place, sup support) bool {
	c := sc.sets[i].country
	return c != "" && p.Country != c && sup&(supCountry|supContainer|supDocument|supNearDocument) == 0
}

// regionsOfSeveral are regions that lie in several countries and share
// their name with a first-level division of one of them (in writtenForm):
// the Sahel (Mali, Niger, Burkina Faso, Chad…) and Burkina Faso's Sahel
// region; Kurdistan (Iraq, Syria, Turkey, Iran) and Iran's Kurdistan
// province, which GeoNames lists and Iraq's Kurdistan Region it does not;
// Kashmir (India, Pakistan, China), which GeoNames lists among the names
// of Pakistan's Azad Kashmir ("Indian troops … in the Kashmir region"
// was in Pakistan).
// The Fergana Valley (Uzbekistan, Kyrgyzstan, Tajikistan) is not
// Uzbekistan's Fergana region, which its name finds without "valley".
var regionsOfSeveral = map[string]bool{"sahel": true, "kurdistan": true, "kashmir": true, "fergana valley": true,
	"ferghana valley": true}

// ofSeveral reports whether reference i names one of regionsOfSeveral,
// with or without its place word ("the Sahel region"), and was not found
// by an exonym, which says which country's the caption means.
func (sc *scene) ofSeveral(rec *caption.Record, i int) bool {
	if sc.sets[i].exonym != "" {
		return false
	}
	words := writtenWords(rec.PlaceRefs[i].Name)
	for {
		if regionsOfSeveral[strings.Join(words, " ")] {
			return true
		}
		if len(words) < 2 || !genericWords[words[len(words)-1]] {
			return false
		}
		words = words[:len(words)-1]
	}
}

// otherWords reports whether name, of two words or more (its place word
// aside), is written with other words than p: some Latin name of p has as
// many words, and none of those reads like name word for word, each word
// within half its letters ("Deir" and "Dayr" are alike, "Golan" and
// "Glenn" are not). A name of p with another count of words ("Kafr
// Nabl", "Kafranbel") tells nothing, and neither does a name of one word,
// nor one in another script, whose words no Latin name reads like.
func otherWords(name string, p Place) bool {
	if !isLatin(name) {
		return false
	}
	words := writtenWords(name)
	for len(words) > 2 && genericWords[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) < 2 {
		return false
	}
	counted := false
	for _, n := range append([]string{p.Name}, p.Alternates...) {
		if !isLatin(n) {
			continue
		}
		theirs := writtenWords(n)
		if len(theirs) != len(words) {
			continue
		}
		counted = true
		same := true
		for k, w := range words {
			a, b := []rune(w), []rune(theirs[k])
			if editDistance(a, b) > max(len(a), len(b))/2 {
				same = false
				break
			}
		}
		if same {
			return false
		}
	}
	return counted
}

// writtenWords returns the words of name, each in writtenForm, which
// joins them; articles left out ("Deir ez-Zor" is deir, zor).
func writtenWords(name string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if f := writtenForm(w); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// foreignToDocument reports whether p, chosen for reference i of a record
// that takes its country from its document, lies abroad among namesakes of
// several countries. A gallery from Aleppo that names "the al-Shaar
// neighbourhood" does not mean Shar in Kazakhstan; but a caption of it
// that names Gaza City, which has no namesake, is in Gaza. Nor does a
// hamlet abroad make a city's name doubtful: a Gaza gallery's caption of
// Kherson is in Ukraine's city of 280,000, not in a Greek village of 800
// that GeoNames also calls Kherson (before, it was placed in Rafah, the
// gallery's other town).
func (sc *scene) foreignToDocument(rec *caption.Record, i int, p Place) bool {
	if rec.CountryBasis != caption.CountryDocument || p.Country == rec.Country {
		return false
	}
	for j, q := range sc.cands[i] {
		if q.Country != p.Country && (sc.sets[i].alike[j] || sc.fuzzy[i]) && (sc.fuzzy[i] || !dwarfs(p, q)) {
			return true
		}
	}
	return false
}

// dwarfs reports whether p is a city (townPopulation or more) and q a
// place of less than a twentieth of its people: a namesake no caption
// naming p alone means.
func dwarfs(p, q Place) bool {
	return p.Population >= townPopulation && q.Population < p.Population/20
}

// namesakes settles a pick made by rank and population alone among close
// namesakes (most alike first; written: which of them are written as the
// caption writes the place): when they lie in several countries, a focus
// country's place wins, else a war zone's (warZoneNamesake), and the note
// names the countries either way.
func (g *Gazetteer) namesakes(pk *pick, name string, close []Place, written []bool) {
	countries := countriesOf(pk.p, close)
	if len(countries) < 2 {
		return
	}
	in := fmt.Sprintf("%s %s has namesakes in %s", resolvePrefix, strconv.Quote(name), strings.Join(countries, ", "))
	for _, f := range g.focus {
		if f == pk.p.Country {
			pk.basis = caption.BasisFocus
			pk.note = fmt.Sprintf("%s; chose %s, a focus country", in, f)
			return
		}
		if k := slices.IndexFunc(close, func(q Place) bool { return q.Country == f }); k >= 0 {
			pk.p, pk.basis = close[k], caption.BasisFocus
			pk.note = fmt.Sprintf("%s; chose %s, a focus country", in, f)
			return
		}
	}
	if k := warZoneNamesake(pk.p, close, written); k >= 0 {
		pk.p, pk.basis = close[k], caption.BasisWarZone
		pk.note = fmt.Sprintf("%s; chose %s, a country at war this century, where the place is no smaller: name the country, or set the register's focus countries", in, pk.p.Country)
		return
	}
	pk.note = fmt.Sprintf("%s; chose %s by spelling, rank and population: name the country, or set the register's focus countries", in, pk.p.Country)
}

// warZoneNamesake returns the index in close of the namesake that a war
// photo most likely shows instead of p, or -1 to keep p: the first namesake
// in a war zone (warZones), when p is not in one, that is written as the
// caption writes the place and is a division, a seat of government or no
// smaller than p. Many towns of the Americas and Australia are named after
// the ancient places of the Middle East, and their rank and their own
// name (where the ancient place goes by another, Tadmur for Palmyra) put
// them ahead: "the ruins of Palmyra" was Palmyra, Missouri (3,600
// people), not Tadmur (51,000); "Antioch" Antioch, California, not
// Antakya. A war zone's namesake that is smaller than p is not chosen: San
// José in the Philippines is no likelier than San Jose, California.
func warZoneNamesake(p Place, close []Place, written []bool) int {
	if warZones[p.Country] {
		return -1
	}
	for k, q := range close {
		if !warZones[q.Country] || !written[k] {
			continue
		}
		switch q.Feature {
		case "PPLC", "PPLA", "ADM1", "ADM2", "PCLI":
			return k
		}
		if q.Population >= p.Population {
			return k
		}
	}
	return -1
}

// warZones are the countries where armed conflict has been fought this
// century and whose wars the agencies photograph: sijil's own list, drawn
// from the conflicts of the UCDP/PRIO Armed Conflict Dataset and of ACLED
// since 2000, and with Bosnia, Croatia, Serbia and Kosovo for the archives
// of the 1990s. It only breaks ties that nothing in the caption, its
// document or the register's focus countries breaks (warZoneNamesake).
// India and the Philippines are left out: their wars are regional, and
// their many small towns share the names of towns everywhere ("Nawa" was
// Nāwa in Rajasthan, a namesake of Nawa in Syria that the data lacks).
var warZones = func() map[caption.CountryCode]bool {
	m := map[caption.CountryCode]bool{}
	for _, c := range strings.Fields(`AF AM AZ BA BF BI CD CF CM CO DZ EG ER ET GE HR HT IL IQ IR KE
		LB LK LY ML MM MZ NE NG PK PS RS RU SD SO SS SY TD TR UA XK YE`) {
		m[caption.CountryCode(c)] = true
	}
	return m
}()

// guessedByKey reports whether p, chosen by nothing but its name, is no
// better than a guess: no name of it is written as the caption writes the
// place (exact), only alike once vowels and articles are evened out, and
// it is no capital or province seat and has fewer than under people.
// Captions name such places with their city or country. Without either,
// "the al-Shaar neighbourhood" was Shar in Kazakhstan (9,000 people, beside
// namesakes in Chad and Oman) and "Jobar", a district of Damascus, Jübar
// in Germany (690, the only one spelt alike); a scene placed in the wrong
// country misleads more than one not placed.
func guessedByKey(p Place, exact bool, under int64) bool {
	if exact {
		return false
	}
	switch p.Feature {
	case "PPLC", "PPLA", "ADM1", "PCLI":
		return false
	}
	// A population of 0 is one the data lacks, as it does for many towns
	// of Syria (‘Ayn ‘Īsá), not a small one.
	return p.Population > 0 && p.Population < under
}

// isHamlet reports whether p is a place of fewer than hamletPopulation
// people, and no capital, seat or division (a population of 0 is unknown).
func isHamlet(p Place) bool {
	switch p.Feature {
	case "PPLC", "PPLA", "ADM1", "PCLI":
		return false
	}
	return p.Population > 0 && p.Population < hamletPopulation
}

// The populations under which guessedByKey doubts a place: a town chosen
// over namesakes abroad by rank and size alone, and a hamlet that is the
// only place spelt alike among places of several countries that share
// only its loose key. Myawaddy is Myawadi in Myanmar (45,000 people) in a
// caption that names no country.
const (
	townPopulation   = 100000
	hamletPopulation = 5000
)

// unchoose notes that reference i (name) was left unplaced although p and
// the close namesakes of other countries are spelt like it.
func (sc *scene) unchoose(i int, name string, p Place, close []Place) {
	countries := countriesOf(p, close)
	if sc.unchosen == nil {
		sc.unchosen = map[int]string{}
	}
	sc.unchosen[i] = fmt.Sprintf("%s %s: only small places in %s are spelt like it, none written as the caption writes it and none that the caption or its document places; not chosen: name its city or its country",
		resolvePrefix, strconv.Quote(name), strings.Join(countries, ", "))
}

// countriesOf returns the countries of p and of its namesakes close, p's
// first, each once.
func countriesOf(p Place, close []Place) []string {
	countries := []string{string(p.Country)}
	for _, q := range close {
		if !slices.Contains(countries, string(q.Country)) {
			countries = append(countries, string(q.Country))
		}
	}
	return countries
}
