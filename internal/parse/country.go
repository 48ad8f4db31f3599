package parse

import (
	"io/fs"
	"strings"

	"sijil/internal/caption"
)

// countryLexicon finds country names and demonyms (lexicon/countries.tsv),
// and the first-level divisions that captions write as countries are
// written (lexicon/divisions.tsv: "Fresno, Calif.").
type countryLexicon struct {
	names     *phraseSet // value: ISO code
	demonyms  *phraseSet
	divisions *phraseSet // value: ISO code; scope: the division's kind; abbr: only after a town
	// adjectives holds each country's first demonym, which names its
	// forces: "Iraqi government forces".
	adjectives map[caption.CountryCode]string
}

func loadCountries(extra []fs.FS) (countryLexicon, error) {
	rows, err := readLexicon("countries.tsv", extra)
	if err != nil {
		return countryLexicon{}, err
	}
	cl := countryLexicon{names: newPhraseSet(lexCountryNames), demonyms: newPhraseSet(lexDemonyms),
		// Divisions share the names' bit: a word that starts either is
		// looked up in both, and the sets stay apart.
		divisions: newPhraseSet(lexCountryNames), adjectives: map[caption.CountryCode]string{}}
	for _, r := range rows {
		if len(r.fields) < 2 || !isCountryCode(r.fields[0]) {
			return countryLexicon{}, r.errorf("want CODE<TAB>names[<TAB>demonyms] with a two-letter upper-case code")
		}
		for _, n := range strings.Split(r.fields[1], "|") {
			if ph := cl.names.add(n, r.fields[0], ""); ph != nil {
				ph.caps = acronym(n)
			}
		}
		if len(r.fields) > 2 {
			for _, d := range strings.Split(r.fields[2], "|") {
				cl.demonyms.add(d, r.fields[0], "")
			}
			if cc := caption.CountryCode(r.fields[0]); cl.adjectives[cc] == "" {
				cl.adjectives[cc] = strings.Split(r.fields[2], "|")[0]
			}
		}
	}
	if err := cl.loadDivisions(extra); err != nil {
		return countryLexicon{}, err
	}
	cl.names.sortLongestFirst()
	cl.demonyms.sortLongestFirst()
	cl.divisions.sortLongestFirst()
	return cl, nil
}

// compound reports whether key, a word with hyphens, joins country names or
// demonyms only: "syrian-turkish", "israel-lebanon", "russia-ukraine".
func (cl countryLexicon) compound(key string) bool {
	if !strings.Contains(key, "-") {
		return false
	}
	for part := range strings.SplitSeq(key, "-") {
		if !cl.names.word(part) && !cl.demonyms.word(part) {
			return false
		}
	}
	return true
}

// loadDivisions reads lexicon/divisions.tsv: code, kind, names,
// abbreviations.
func (cl countryLexicon) loadDivisions(extra []fs.FS) error {
	rows, err := readLexicon("divisions.tsv", extra)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if len(r.fields) < 3 || !isCountryCode(r.fields[0]) || r.fields[1] == "" {
			return r.errorf("want CODE<TAB>kind<TAB>names[<TAB>abbreviations] with a two-letter upper-case code")
		}
		for _, n := range strings.Split(r.fields[2], "|") {
			cl.divisions.add(n, r.fields[0], r.fields[1])
		}
		if len(r.fields) > 3 {
			for _, a := range strings.Split(r.fields[3], "|") {
				if ph := cl.divisions.add(a, r.fields[0], r.fields[1]); ph != nil {
					ph.abbr = true
				}
			}
		}
	}
	return nil
}

func isCountryCode(s string) bool {
	return len(s) == 2 && strings.ToUpper(s) == s
}

// Weights of country evidence. A country named in the scene ("in Mafraq,
// Jordan") outranks a demonym that places the scene ("the northern Syrian
// city of Aleppo"), which outranks a demonym that only describes someone
// ("Syrian refugee Samah … in Mafraq, Jordan" is in Jordan). Only location
// phrases name the scene's country: a country word inside an actor, an
// organisation or an attribution ("U.S.-backed forces", "the Islamic State
// of Iraq and the Levant", "Russia's defence ministry said") is ignored,
// and one elsewhere ("the Iraq war") is a hint.
const (
	weightIgnored = -1 // says nothing of the scene: bestCountry never picks it
	weightOutside = 0  // any mention outside the scene sentences only counts when nothing else does
	weightHint    = 1  // a demonym anywhere in a scene sentence, or a name outside a location phrase
	weightPlace   = 2  // a demonym before a place word: "Syrian city of"
	weightNamed   = 3  // the country's name in a location phrase: "in Syria", "northern Syria", "Syria's Idlib"
	weightPlaced  = 4  // the name after a place: "Cox's Bazar, Bangladesh", "in Mafraq, Jordan"
)

// countryMention is one piece of evidence for the scene's country.
type countryMention struct {
	code   string
	span   caption.Span
	weight int
	first  int // token index, for ties: the earlier mention wins
	toks   [2]int
	// demonym is true for "Syrian", false for "Syria"; claim is false
	// for words that are also read as places: a division ("Calif.") or a
	// name that is a country's and a division's ("Georgia").
	demonym, claim bool
	division       bool // a first-level division ("Calif.", "N.H.", "Gaza Strip")
}

// findCountries appends to out every country name, demonym and division
// in toks. Names must be capitalised, so "jordan" in running text is not a
// country.
func (cl countryLexicon) findCountries(out []countryMention, desc string, toks []token, inScene []bool) []countryMention {
	for i := 0; i < len(toks); i++ {
		if !toks[i].word || !toks[i].upper {
			continue
		}
		m := countryMention{first: i, claim: true}
		n := 0
		if div, dn, ok := cl.division(desc, toks, i); ok {
			m, n = div, dn
		} else if found, fn := cl.names.match(toks, i); fn > 0 && (!found[0].caps || acronym(desc[toks[i].start:toks[i+fn-1].end])) {
			if cl.divisionAfter(desc, toks, i+fn) || townName(toks, i, i+fn) {
				i += fn - 1 // "Palestine, Texas", "Mexico City", "Port Sudan": a town, read as a place
				continue
			}
			m.code, m.weight, n = found[0].value, nameWeight(toks, i, fn), fn
		} else if found, fn := cl.demonyms.match(toks, i); fn > 0 {
			m.code, m.weight, m.demonym, n = found[0].value, demonymWeight(toks, i+fn, found[0].value), true, fn
		} else {
			continue
		}
		if !inScene[i] {
			m.weight = min(m.weight, weightOutside)
		}
		m.toks = [2]int{i, i + n}
		m.span = caption.Span{Start: toks[i].start, End: toks[i+n-1].end}
		out = append(out, m)
		i += n - 1
	}
	return out
}

// acronym reports whether s is written in capital letters only: "CAR",
// "DRC", "UK".
func acronym(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return len(s) >= 2
}

// townName reports whether the country's name at toks[i:j] is part of a
// town's: "Mexico City", "Mexico Beach", "Port Sudan"; or of a river's,
// a lake's or a valley's, which lie in or along other countries too: "the
// Jordan Valley" and "the Jordan River" in the West Bank, "the Niger
// Delta" in Nigeria, "Lake Chad"; or of another country's state: "Niger
// State" is Nigeria's.
func townName(toks []token, i, j int) bool {
	if j < len(toks) && toks[j].upper && townWordsAfter[toks[j].key] {
		return true
	}
	return i > 0 && toks[i-1].upper && townWordsBefore[toks[i-1].key]
}

var (
	townWordsAfter = map[string]bool{"city": true, "beach": true, "springs": true, "falls": true, "heights": true,
		"valley": true, "river": true, "delta": true, "basin": true, "state": true}
	townWordsBefore = map[string]bool{"port": true, "fort": true, "lake": true}
)

// division reads a first-level division at toks[i] as country evidence.
// A division's name counts where a country's would; an abbreviation only
// after a town and a comma, and a postal code only in capitals. A word
// that names divisions of two countries ("WA"), or a division and a
// country ("Georgia"), decides nothing here: the gazetteer weighs the
// town's namesakes, and the country reading is a hint.
func (cl countryLexicon) division(desc string, toks []token, i int) (countryMention, int, bool) {
	found, n := cl.divisions.match(toks, i)
	if n == 0 {
		return countryMention{}, 0, false
	}
	weight := nameWeight(toks, i, n)
	placed := weight == weightPlaced
	code := ""
	for _, ph := range found {
		switch {
		case ph.abbr && (!placed || !postalOK(desc, toks[i], ph)):
			continue
		case code != "" && code != ph.value:
			return countryMention{}, 0, false
		}
		code = ph.value
	}
	if code == "" {
		return countryMention{}, 0, false
	}
	m := countryMention{code: code, first: i, weight: weight, division: true}
	if country, cn := cl.names.match(toks, i); cn == n {
		m.code, m.weight = country[0].value, min(m.weight, weightHint)
	}
	return m, n, true
}

// postalOK reports whether a two-letter postal code is written in capitals
// ("Austin, TX"), as it must be to be one.
func postalOK(desc string, t token, ph *phrase) bool {
	if len(ph.keys) != 1 || len(ph.keys[0]) != 2 {
		return true
	}
	w := desc[t.start:t.end]
	return strings.ToUpper(w) == w
}

// divisionAfter reports whether toks[j:] is a comma and a division that
// counts there: then the country name before it is a town ("Palestine,
// Texas", "Lebanon, Pa.").
func (cl countryLexicon) divisionAfter(desc string, toks []token, j int) bool {
	if j+1 >= len(toks) || toks[j].key != "," || !toks[j+1].upper {
		return false
	}
	m, _, ok := cl.division(desc, toks, j+1)
	return ok && m.weight == weightPlaced
}

// nameWeight grades a country name at toks[i:i+n] by the words around it.
// After a place and a comma it places the scene ("Mafraq, Jordan", "Medyka,
// southeastern Poland"); after in, at, near, outside and their kin, or
// with a possessive before a place ("Syria's Idlib province"), it names it.
// After from, with, and, to or into it names where people came from or a
// neighbour ("crossing the border from Myanmar"): a hint. Inside an
// attributive compound ("U.S.-backed") or a proper name ("the Islamic State
// of Iraq", "the President of Ukraine") it says nothing of the scene.
func nameWeight(toks []token, i, n int) int {
	if k := i + n; k+1 < len(toks) && toks[k].key == "-" && attributiveEnds[toks[k+1].key] ||
		k < len(toks) && (toks[k].upper && orgAt(toks, k) || forceWords[toks[k].key]) {
		return weightIgnored // "U.S.-backed", "the U.S. Embassy", "killed in U.S. air strikes"
	}
	j := i - 1
	for j >= 0 && (toks[j].key == "the" || toks[j].is(tagPlaceMod)) {
		j--
	}
	if k := i + n; k+1 < len(toks) && toks[k].key == "'s" {
		switch {
		case fledFrom(toks, i):
			return weightHint // "Rohingya who fled Myanmar's Rakhine state"
		case placeAfter(toks, k+1) && j >= 0 && sceneCountryPreps[toks[j].key]:
			// "at the Chaman crossing in Pakistan's Balochistan province"
			// holds the place itself: it outweighs "cross back into
			// Afghanistan".
			return weightPlaced
		case placeAfter(toks, k+1):
			return weightNamed // "Syria's Idlib province", but "Argentina's Lionel Messi" may be a person
		case toks[k+1].is(tagTitle) || orgAt(toks, k+1):
			return weightIgnored // "Russia's defence ministry said", "Ukraine's President"
		}
	}
	if j >= 0 && launchedFrom(toks, j) {
		return weightIgnored // "a missile launched from Yemen" lands elsewhere
	}
	if j >= 0 {
		switch k := toks[j].key; {
		case k == ",":
			if j >= 1 && (toks[j-1].upper || toks[j-1].is(tagPlaceNoun) || toks[j-1].key == ".") {
				return townWeight(toks, j-1)
			}
		case k == "with" && j >= 1 && borderNouns[toks[j-1].key]:
			// "the Jarinje crossing on the border with Serbia", "the Bab
			// al-Hawa crossing with Turkey": the neighbour across it, as
			// "near the Turkish border" is either side of it.
			return weightIgnored
		case sceneCountryPreps[k] && (fledFrom(toks, j) || j >= 1 && warNouns[toks[j-1].key]):
			return weightHint // "refugees fleeing the war in Ukraine", "a rally in Paris against the war in Ukraine"
		case k == "in" && j >= 1 && (deathWords[toks[j-1].key] || captiveWord(toks, j-1)):
			// "the funeral in Beirut of a fighter killed in Syria",
			// "relatives of soldiers held captive in Russia rally in
			// Kyiv": where the dead died or the captives are held. Alone,
			// it still hints: "a boy killed in Syria".
			return weightHint
		case sceneCountryPreps[k]:
			return weightNamed
		case k == "of" && j >= 1:
			switch p := toks[j-1]; {
			case p.upper:
				return weightIgnored // "State of Iraq", "President of Ukraine"
			case p.is(tagRelNoun) || p.is(tagPlaceNoun):
				return weightNamed // "the north of Syria", "parts of Syria"
			}
		}
	}
	return weightHint
}

// fledFrom reports whether a flee word stands within a few words before
// toks[j] in the same clause: the country after it is where people came
// from.
func fledFrom(toks []token, j int) bool {
	for i := j - 1; i >= 0 && j-i <= 5 && (toks[i].word || toks[i].key == "'s"); i-- {
		if toks[i].is(tagFlee) {
			return true
		}
	}
	return false
}

// launchedFrom reports whether toks[j] is "from" after a launch verb that
// qualifies a weapon: "rockets fired from Lebanon hit Kiryat Shmona", "a
// drone launched from Ukraine": the country is where the weapon came from,
// not where it struck. A verb after "is", "are" or "were" makes the launch
// the scene: "Rockets are fired from Gaza towards Israel" is photographed
// in Gaza.
func launchedFrom(toks []token, j int) bool {
	if toks[j].key != "from" || j < 2 || !launchVerbs[toks[j-1].key] {
		return false
	}
	switch toks[j-2].key {
	case "is", "are", "was", "were", "being", "been", "be":
		return false
	}
	return true
}

// launchVerbs send a weapon from one place to another.
var launchVerbs = map[string]bool{"fired": true, "launched": true, "shot": true, "lobbed": true}

// warNouns, before "in" and a country, name a war rather than the scene's
// country: a protest "against the war in Ukraine" is in Paris, London or
// Tbilisi as often as not.
var warNouns = map[string]bool{"war": true, "conflict": true, "invasion": true, "wars": true}

// sceneCountryPreps put the scene in the country after them: "in Syria",
// "near Syria's border", "crossing into Moldova at Palanca". "on" and
// "over" do not: "strikes on Syria" are often photographed elsewhere.
var sceneCountryPreps = map[string]bool{"in": true, "at": true, "near": true, "outside": true, "inside": true,
	"across": true, "around": true, "throughout": true, "within": true, "into": true}

// townWeight grades a country after "Town," whose name ends at toks[j]: it
// places the scene, unless the town is where people came from or a
// neighbour ("on the border with El Paso, Texas", "refugees from Kharkiv,
// Ukraine").
func townWeight(toks []token, j int) int {
	for j >= 0 && (toks[j].upper || toks[j].is(tagParticle) || toks[j].key == "." || toks[j].is(tagPlaceNoun)) {
		j--
	}
	if j >= 0 && neighbourWords[toks[j].key] {
		return weightHint
	}
	return weightPlaced
}

// borderNouns before "with" and a country make it the neighbour across a
// border.
var borderNouns = map[string]bool{"border": true, "frontier": true, "boundary": true, "crossing": true,
	"borders": true, "frontiers": true}

// neighbourWords before a place or a country make it where people came
// from, or a neighbour of the scene.
var neighbourWords = map[string]bool{"from": true, "with": true, "and": true, "between": true, "to": true,
	"toward": true, "towards": true}

// placeAfter reports whether a place follows a possessive at toks[k]:
// "Syria's (northern) Idlib province", not "Russia's defence ministry" or
// "Ukraine's President".
func placeAfter(toks []token, k int) bool {
	for k < len(toks) && toks[k].is(tagPlaceMod) {
		k++
	}
	if k >= len(toks) {
		return false
	}
	t := toks[k]
	return t.is(tagPlaceNoun) || t.is(tagRelNoun) || t.upper && t.word && !t.is(tagTitle) && !orgAt(toks, k)
}

// demonymWeight grades a demonym of country code followed by toks[k:]:
// before a place word it places the scene ("Syrian city of"); before an
// organisation's word it is part of the organisation's name ("the Syrian
// Observatory for Human Rights", "the Turkish Red Crescent") and says
// nothing of the scene; before a word for a force's people it hints when
// the country's forces mostly act at home ("a Lebanese soldier in
// Tripoli"), and before other force words ("Pakistani shelling", "Russian
// drones") or for an expeditionary country it says nothing; otherwise it
// hints.
func demonymWeight(toks []token, k int, code string) int {
	switch {
	case k+1 < len(toks) && toks[k].key == "side" && toks[k+1].key == "of":
		return weightPlace // "the Egyptian side of the Rafah crossing"
	case k+1 < len(toks) && (toks[k].key == "border" || toks[k].key == "frontier") && borderPlaceWords[toks[k+1].key]:
		return weightPlace // "the Lebanese border village of Houla" is in Lebanon
	case k < len(toks) && (toks[k].key == "border" || toks[k].key == "frontier"):
		return weightIgnored // "near the Turkish border" is either side of it
	case k < len(toks) && abroadWords[toks[k].key] && code != "PS" && !returning(toks, k+1):
		// "Ethiopian refugees arrive at Hamdayet" in Sudan: refugees and
		// migrants are outside the country they are named for, unless
		// they return to it. Palestine's refugees live in its camps too
		// ("a Palestinian refugee camp in Jenin").
		return weightIgnored
	case k < len(toks) && peopleWords[toks[k].key]:
		return weightHint // "the Palestinian refugee camp" is the refugees', not the country's
	case placeWordAfter(toks, k):
		return weightPlace
	case k < len(toks) && toks[k].upper && orgAt(toks, k):
		return weightIgnored
	case k < len(toks) && forceWords[toks[k].key] && (expeditionary[code] || !personnelWords[toks[k].key]):
		return weightIgnored // "Pakistani shelling in Poonch" falls across the border
	}
	return weightHint
}

// borderPlaceWords after "border" make a demonym's border place its
// country's: "the Lebanese border village", "the Syrian border town". A
// border crossing or area is either side of it.
var borderPlaceWords = map[string]bool{"village": true, "villages": true, "town": true, "towns": true,
	"city": true, "district": true, "province": true, "region": true}

// personnelWords are the forceWords for people, who stand where the photo
// is; weapons and attacks ("shelling", "drones", "strikes") reach across
// borders.
var personnelWords = map[string]bool{"soldiers": true, "soldier": true, "troops": true, "forces": true,
	"army": true, "police": true, "servicemen": true, "serviceman": true, "military": true, "commandos": true}

// expeditionary are the countries whose forces captions show abroad as
// often as at home: "Israeli jets hit Rafah", "Russian drones over
// Kharkiv", "Turkish troops in Afrin", "U.S. soldiers in Kirkuk". Another
// country's soldiers, police or army mostly stand in their own country,
// which settles namesakes: "a Lebanese soldier in Tripoli", "Syrian troops
// in Homs".
var expeditionary = map[string]bool{"US": true, "RU": true, "IL": true, "TR": true, "IR": true,
	"FR": true, "GB": true, "SA": true, "AE": true}

// peopleWords after a demonym make it the people's: "Palestinian refugee
// camp", "Syrian displaced families".
var peopleWords = map[string]bool{"refugee": true, "refugees": true, "displaced": true, "migrant": true,
	"migrants": true, "family": true, "families": true, "community": true, "diaspora": true, "embassy": true}

// abroadWords after a demonym name people outside that country.
var abroadWords = map[string]bool{"refugee": true, "refugees": true, "migrant": true, "migrants": true,
	"asylum": true, "exiles": true, "diaspora": true, "embassy": true}

// returning reports whether a return word follows at toks[k]: "Afghan
// refugees returning from Pakistan", "Syrian refugees who returned".
func returning(toks []token, k int) bool {
	for i := k; i < len(toks) && i <= k+1; i++ {
		switch toks[i].key {
		case "return", "returns", "returning", "returned", "go", "going", "head", "heading":
			return true
		}
	}
	return false
}

// forceWords after a demonym make it an armed force's, which acts far from
// home as often as in it: "Israeli jets hit Rafah", "Turkish troops in
// Afrin", "Russian drones over Kharkiv".
var forceWords = map[string]bool{
	"jets": true, "jet": true, "warplanes": true, "warplane": true, "aircraft": true, "planes": true,
	"helicopters": true, "helicopter": true, "drones": true, "drone": true, "missiles": true, "missile": true,
	"rockets": true, "rocket": true, "artillery": true, "tanks": true, "tank": true, "troops": true,
	"soldiers": true, "soldier": true, "forces": true, "army": true, "navy": true, "military": true,
	"militia": true, "militias": true, "gunmen": true, "shelling": true, "strike": true, "strikes": true,
	"airstrike": true, "airstrikes": true, "bombardment": true, "raid": true, "raids": true,
	"offensive": true, "servicemen": true, "serviceman": true, "commandos": true, "marines": true,
	"police": true, "warships": true, "warship": true, "navy's": true, "air": true,
	// Weapons and attacks: "a Russian glide bomb strike on Pokrovsk".
	"glide": true, "bomb": true, "bombs": true, "bombing": true, "bombings": true, "shells": true,
	"shell": true, "attack": true, "attacks": true, "ballistic": true, "cruise": true, "munitions": true,
}

// orgWords start or continue the names of organisations and offices after
// a demonym or a possessive.
var orgWords = map[string]bool{
	"observatory": true, "ministry": true, "defence": true, "defense": true, "foreign": true,
	"interior": true, "health": true, "army": true, "armed": true, "air": true, "navy": true, "naval": true,
	"military": true, "national": true, "state": true, "government": true, "presidency": true,
	"parliament": true, "security": true, "intelligence": true, "police": true, "border": true, "coast": true,
	"emergency": true, "emergencies": true, "civil": true, "federal": true, "supreme": true, "central": true,
	"special": true, "news": true, "media": true, "embassy": true, "consulate": true, "council": true,
	"committee": true, "olympic": true, "football": true, "league": true, "centre": true, "center": true,
	"institute": true, "agency": true, "office": true, "authority": true, "authorities": true, "service": true,
	"services": true, "forces": true, "force": true, "guard": true, "guards": true, "revolutionary": true,
	"arab": true, "human": true, "network": true, "union": true, "commission": true, "relief": true,
}

// orgAt reports whether an organisation's or office's word stands at
// toks[k]: one of orgWords, or "Red" before Crescent or Cross ("the
// Turkish Red Crescent", where "Yemen's Red Sea coast" is a place).
func orgAt(toks []token, k int) bool {
	if toks[k].key == "red" {
		return k+1 < len(toks) && (toks[k+1].key == "crescent" || toks[k+1].key == "cross")
	}
	return orgWords[toks[k].key]
}

// placeWordAfter reports whether a place word follows toks[i], allowing one
// adjective between: "Syrian city of", "Syrian capital", "Syrian border town".
// "The Turkish border" alone is not in Turkey: captions say it of places
// on the other side.
func placeWordAfter(toks []token, i int) bool {
	for j := i; j < len(toks) && j < i+2; j++ {
		if toks[j].is(tagPlaceNoun) || toks[j].key == "capital" {
			return true
		}
	}
	return false
}

// bestCountry picks the heaviest mention, the earliest among equals; an
// ignored mention never.
func bestCountry(ms []countryMention) (countryMention, bool) {
	best, ok := countryMention{weight: weightIgnored}, false
	for _, m := range ms {
		if m.weight > best.weight {
			best, ok = m, true
		}
	}
	return best, ok
}

// ignoreInside sets the weight of every mention that lies inside one of
// the actors found, or owns a state's, to weightIgnored: "Syrian Democratic
// Forces", "U.S. troops", "Russian jets" and "Russia's army" are who is in
// the scene, not where it is. One that owns an armed group local says
// is at most a hint ("Yemen's Houthis", "Lebanon's Hezbollah").
func ignoreInside(ms []countryMention, hits []actorHit, toks []token, local func(actor string) bool) {
	for i := range ms {
		a, b := ms[i].toks[0], ms[i].toks[1]
		owns := b+1 < len(toks) && toks[b].key == "'s"
		for _, h := range hits {
			switch {
			case a >= h.a && b <= h.b:
				ms[i].weight = weightIgnored
			case owns && h.a == b+1 && local(h.name):
				// "Yemen's Houthis": an armed group fights mostly at
				// home, which settles namesakes ("the port of Salif");
				// a state's forces ("Russia's army") as often abroad.
				ms[i].weight = min(ms[i].weight, weightHint)
			case owns && h.a == b+1:
				ms[i].weight = weightIgnored
			}
		}
	}
}
