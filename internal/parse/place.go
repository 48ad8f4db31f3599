package parse

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// placeNouns are the words captions put before "of X" or after "X" to say
// that X is a place: "the town of Douma", "Tal Samin village", "in Idlib
// province".
var placeNouns = map[string]bool{
	"village": true, "villages": true, "town": true, "towns": true, "city": true, "cities": true,
	"neighbourhood": true, "neighborhood": true, "neighbourhoods": true, "neighborhoods": true,
	"district": true, "districts": true, "area": true, "areas": true, "province": true, "provinces": true,
	"governorate": true, "region": true, "countryside": true, "suburb": true, "suburbs": true,
	"outskirts": true, "camp": true, "airbase": true, "base": true, "airport": true, "square": true,
	"street": true, "road": true, "highway": true, "hospital": true, "market": true, "mosque": true,
	"prison": true, "checkpoint": true, "crossing": true, "valley": true, "mountains": true, "mountain": true,
	"river": true, "bridge": true, "port": true, "desert": true, "plain": true, "plains": true,
	"quarter": true, "municipality": true, "county": true, "oblast": true, "state": true, "hamlet": true,
	"enclave": true, "pocket": true, "heights": true, "island": true, "strip": true,
	"seaport": true, "harbour": true, "harbor": true, "compound": true, "outpost": true,
	"sea": true, "lake": true, "gulf": true, "bay": true, "coast": true, "strait": true, "canal": true,
	"peninsula": true, "point": true, "kibbutz": true, "moshav": true, "settlement": true,
}

// siteNouns name a site rather than an administrative unit, and are place
// nouns too (the vocabulary tags them so): they stay part of
// the place name ("Zaatari refugee camp", "Hmeymim airbase"), while "Tal
// Samin village" is the place "Tal Samin".
var siteNouns = map[string]bool{
	"camp": true, "airbase": true, "airport": true, "square": true, "hospital": true, "market": true,
	"mosque": true, "prison": true, "checkpoint": true, "crossing": true, "bridge": true, "port": true,
	"stadium": true, "university": true, "cathedral": true, "church": true, "palace": true, "park": true,
	"beach": true, "plaza": true, "ghat": true, "temple": true, "shrine": true, "monument": true, "station": true,
	"citadel": true, "fortress": true, "castle": true, "museum": true, "bazaar": true, "souk": true,
	"cemetery": true, "graveyard": true, "monastery": true,
	// Plurals: "the rock-hewn churches of Lalibela", "the camps of Cox's Bazar".
	"camps": true, "hospitals": true, "markets": true, "mosques": true, "prisons": true, "checkpoints": true,
	"bridges": true, "churches": true, "cathedrals": true, "temples": true, "shrines": true, "monasteries": true,
	"cemeteries": true, "palaces": true,
}

// placeVerbs take a place as their object: "Israeli jets hit Gaza City",
// "Russian jets struck Idlib, Syria", "Iraqi forces entered Fallujah".
var placeVerbs = map[string]bool{
	"struck": true, "strike": true, "strikes": true, "hit": true, "hits": true, "shelled": true,
	"shell": true, "shells": true, "bombed": true, "bomb": true, "bombs": true, "pounded": true,
	"pound": true, "pounds": true, "targeted": true, "raided": true, "stormed": true, "storm": true,
	"entered": true, "enter": true, "enters": true, "captured": true, "recaptured": true, "retook": true,
	"seized": true, "liberated": true, "besieged": true, "overran": true, "rocked": true, "visits": true,
	"visited": true, "toured": true, "reached": true, "reach": true, "flooded": true, "lashed": true,
	"swept": true, "battered": true, "devastated": true, "leave": true, "leaves": true,
	"evacuate": true, "encircled": true, "surrounded": true, "patrol": true, "patrols": true,
	"blanketed": true, "blankets": true, "shook": true, "shakes": true, "engulfed": true, "ravaged": true,
	"inundated": true, "swamped": true, "buried": true, "pummelled": true, "pummeled": true,
}

// residentNouns after a name make it the place its people live in: "Acapulco
// residents salvage belongings", "Sao Paulo commuters crowd a bus stop".
var residentNouns = map[string]bool{"residents": true, "villagers": true, "locals": true,
	"inhabitants": true, "commuters": true, "citizens": true, "townspeople": true, "dwellers": true,
	"shoppers": true, "voters": true, "firefighters": true, "police": true}

// residentAdjectives are the capitalised words that start a sentence before
// residentNouns without being a place: "Local residents", "Angry villagers".
var residentAdjectives = map[string]bool{"local": true, "angry": true, "displaced": true, "many": true,
	"other": true, "elderly": true, "young": true, "frightened": true, "stranded": true, "grieving": true,
	"nearby": true, "fellow": true, "former": true, "remaining": true, "worried": true, "terrified": true,
	"desperate": true, "poor": true, "injured": true, "wounded": true, "returning": true, "affected": true,
	"evacuated": true, "trapped": true, "shocked": true, "hundreds": true, "thousands": true, "dozens": true,
	"civilian": true, "rural": true, "urban": true, "armed": true, "riot": true, "traffic": true, "border": true,
	"military": true, "federal": true, "state": true, "city": true, "municipal": true, "volunteer": true}

// groupNames are peoples and faiths, capitalised as places are, whose
// names no gazetteer should match: "Tigrayan residents wave flags",
// "a Fulani village", "the Shiite holy city". Peoples that share a name
// with their state or region (Karen, Kachin, Amhara, Afar) are left out.
var groupNames = map[string]bool{
	"tigrayan": true, "tigrayans": true, "fulani": true, "shiite": true, "shiites": true, "shia": true,
	"sunni": true, "sunnis": true, "druze": true, "alawite": true, "alawites": true, "yazidi": true,
	"yazidis": true, "rohingya": true, "ogoni": true, "hazara": true, "hazaras": true, "pashtun": true,
	"pashtuns": true, "uyghur": true, "uyghurs": true, "tutsi": true, "tutsis": true, "hutu": true, "hutus": true,
	"masalit": true, "bedouin": true, "bedouins": true, "christian": true, "christians": true, "muslim": true,
	"muslims": true, "jewish": true, "catholic": true, "catholics": true, "orthodox": true, "coptic": true,
	"copts": true, "maronite": true, "ismaili": true, "oromo": true, "tuareg": true, "tuaregs": true,
	"zaghawa": true, "dinka": true, "nuer": true, "hausa": true, "igbo": true, "yoruba": true, "baloch": true,
}

// groupChunk reports whether chunk c names a people or a faith only.
func groupChunk(toks []token, c chunk) bool {
	for i := c.a; i < c.b; i++ {
		if !groupNames[toks[i].key] {
			return false
		}
	}
	return true
}

// datelineMarks after a caption's first name make it a dateline: "ABUJA
// (Reuters) -", "Guwahati: Villagers wade …", "KAMPALA, Uganda (AP) —".
var datelineMarks = map[string]bool{"(": true, ":": true, "-": true, "—": true, "–": true}

// relNouns are parts or surroundings of a place: "on the outskirts of X",
// "the eastern edge of X", "north of X", "the streets of X".
var relNouns = map[string]bool{
	"outskirts": true, "edge": true, "edges": true, "heart": true, "centre": true, "center": true,
	"foot": true, "top": true, "middle": true, "shores": true, "banks": true, "stronghold": true,
	"remains": true, "view": true, "views": true, "skyline": true,
	"bastion": true, "hometown": true, "heartland": true, "birthplace": true, "courtyard": true,
	"streets": true, "ruins": true, "orchards": true, "part": true, "parts": true, "side": true,
	"entrance": true, "north": true, "south": true, "east": true, "west": true, "northeast": true,
	"northwest": true, "southeast": true, "southwest": true, "north-east": true, "north-west": true,
	"south-east": true, "south-west": true, "outside": true, "gates": true, "frontline": true,
	"front": true, "suburbs": true, "countryside": true,
	"kilometres": true, "kilometers": true, "km": true, "miles": true,
}

// placePreps introduce the scene's place: "in Harasta", "at Umayyad Square",
// "near the village of …".
var placePreps = map[string]bool{
	"in": true, "at": true, "near": true, "outside": true, "inside": true, "into": true,
	"across": true, "around": true, "through": true, "on": true, "over": true, "off": true,
	"above": true, "along": true, "beneath": true, "below": true, "toward": true, "towards": true,
}

// placeModifiers may stand between a preposition and a place name: "in the
// rebel-held Douma", "in eastern Damascus", "in the war ravaged city of".
var placeModifiers = map[string]bool{
	"the": true, "northern": true, "southern": true, "eastern": true, "western": true, "central": true,
	"northeastern": true, "northwestern": true, "southeastern": true, "southwestern": true,
	"north-eastern": true, "north-western": true, "south-eastern": true, "south-western": true,
	"rebel-held": true, "rebel": true, "held": true, "rebel-controlled": true, "controlled": true,
	"besieged": true, "restive": true, "formerly": true, "war-torn": true, "war-ravaged": true,
	"war": true, "ravaged": true, "torn": true, "devastated": true, "embattled": true, "government-held": true,
	"opposition-held": true, "opposition-controlled": true, "regime-held": true, "jihadist-held": true,
	"militant-held": true, "kurdish-held": true, "occupied": true, "annexed": true, "old": true,
	"ancient": true, "battered": true, "shattered": true, "heavily": true, "damaged": true, "frontline": true,
	"flashpoint": true, "strategic": true, "contested": true, "coastal": true, "northeast": true,
	"downtown": true, "uptown": true, "suburban": true, "rural": true, "remote": true, "mountainous": true,
	"autonomous": true, "semi-autonomous": true, "breakaway": true, "disputed": true,
	"northwest": true, "southeast": true, "southwest": true, "north": true, "south": true, "east": true,
	"west": true, "upper": true, "lower": true, "greater": true, "capital": true,
}

// placeContext reports whether chunk c of toks reads as a place by the
// words around it. prevPlace says whether the chunk before a comma just
// before c was a place ("Douma, eastern Ghouta").
func (sc *sceneCtx) placeContext(c chunk, prevPlace bool) bool {
	toks := sc.toks
	if c.b < len(toks) && toks[c.b].is(tagPlaceNoun) {
		return true // "Tal Samin village", "Hama countryside", "Douma neighbourhood"
	}
	if c.b < len(toks) && attributive(toks[c.b].key) {
		return false // "Islamic State-held Raqqa": who holds the place
	}
	if c.b+1 < len(toks) && toks[c.b].key == "," && (sc.countryAfter(c.b+1) || divisionAfter(toks, c.b+1)) {
		return true // "Beirut, Lebanon", "Tombouctou, northern Mali", "Avdiivka, Donetsk Oblast"
	}
	if c.b+1 < len(toks) && toks[c.b].key == "refugee" && toks[c.b+1].key == "camp" {
		return true
	}
	if c.b < len(toks) && (residentNouns[toks[c.b].key] && !(c.b-c.a == 1 && residentAdjectives[toks[c.a].key]) ||
		c.a == 0 && (datelineMarks[toks[sc.pastCapsEdge(c.b)].key] || sc.capsDateline(c))) {
		return true
	}
	if c.a >= 1 && sc.demonym[c.a-1] && orgAt(toks, c.a) {
		return false // "the Syrian Observatory for Human Rights"
	}
	if c.a >= 1 && toks[c.a-1].key == "'s" && prevPlace {
		return true // "Baghdad's Tahrir Square": the site of a place
	}
	if sc.ownsSite(c) {
		return true // "Baghdad's Tahrir Square": the place of a site
	}
	i := c.a - 1
	for i >= 0 && c.a-i <= 5 && sc.modifies(i) {
		if toks[i].key == "capital" {
			return true // "the capital Damascus", "the Syrian capital Damascus"
		}
		i--
	}
	if i < 0 {
		return false
	}
	k := toks[i].key
	switch {
	case toks[i].is(tagPlacePrep), toks[i].is(tagPlaceVerb):
		return true
	case k == "of" && i > 0 && (toks[i-1].is(tagPlaceNoun) || toks[i-1].is(tagRelNoun) || residentNouns[toks[i-1].key] || toks[i-1].key == "resident"):
		return true // "the town of Douma", "residents of Idleb"
	case k == "," && prevPlace:
		return true
	case k == "between" && i > 0 && routeNouns[toks[i-1].key]:
		return true // "the road between Gao and Menaka"
	case k == "and" && prevPlace && betweenBefore(toks, i):
		// "… and Menaka"; not "Jammu and Kashmir", one name, nor "in
		// Douma and President …".
		return true
	case k == "capital":
		return true
	}
	return false
}

// capsDateline reports whether chunk c, which opens the caption in
// capitals, is the first name of a Getty-style dateline whose second name
// is neither a country nor a known division: "SHUSHA, NAGORNO-KARABAKH -
// OCTOBER 08:", "KHAN YUNIS, GAZA -".
func (sc *sceneCtx) capsDateline(c chunk) bool {
	toks := sc.toks
	b := sc.pastCapsEdge(c.b)
	if b >= len(toks) || toks[b].key != "," || !sc.allCaps(c.a, c.b) {
		return false
	}
	j := b + 1
	for j < len(toks) && toks[j].word && sc.allCaps(j, j+1) {
		j++
	}
	return j > c.b+1 && j < len(toks) && datelineMarks[toks[j].key]
}

// pastCapsEdge returns the index after the capsEdgeWords in capitals from
// toks[i] on, which trimCaps took off a name: "ZAPORIZHZHIA FRONTLINE,".
func (sc *sceneCtx) pastCapsEdge(i int) int {
	for i < len(sc.toks)-1 && capsEdgeWords[sc.toks[i].key] && sc.allCaps(i, i+1) {
		i++
	}
	return i
}

// allCaps reports whether tokens [a, b) are written in capitals.
func (sc *sceneCtx) allCaps(a, b int) bool {
	w := sc.desc[sc.toks[a].start:sc.toks[b-1].end]
	return len(w) > 1 && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

// betweenBefore reports "ROUTE between NAME" ending just before token i.
func betweenBefore(toks []token, i int) bool {
	j := i - 1
	for j >= 0 && (toks[j].upper || toks[j].is(tagParticle)) {
		j--
	}
	return j >= 1 && j < i-1 && toks[j].key == "between" && routeNouns[toks[j-1].key]
}

// routeNouns, before "between" and two names, make them places: "the road
// between Gao and Menaka", "the border between Armenia and Azerbaijan".
var routeNouns = map[string]bool{"road": true, "highway": true, "route": true, "railway": true,
	"border": true, "frontier": true, "corridor": true, "towns": true, "villages": true, "cities": true}

// modifies reports whether toks[i], before a name, may stand between it
// and the word that makes it a place: an adjective ("the besieged"), a
// possessive and its country or demonym ("Hong Kong's", "the Syrian"), a
// place noun in front ("in kibbutz Kfar Aza"), or the name of whoever
// holds the place ("Islamic State-held").
func (sc *sceneCtx) modifies(i int) bool {
	t := sc.toks[i]
	switch {
	case t.is(tagPlaceMod), t.key == "'s", sc.demonym[i], sc.country[i]:
		return true
	case t.is(tagPlaceNoun) && !t.upper:
		return true
	case t.upper && i+1 < len(sc.toks) && attributive(sc.toks[i+1].key):
		return true
	}
	return false
}

// countryAfter reports whether a country's name, or a division written as
// one, follows at toks[j], after any direction: "Beirut, Lebanon",
// "Tombouctou, northern Mali", "Mallacoota, Victoria".
func (sc *sceneCtx) countryAfter(j int) bool {
	for j < len(sc.toks) && sc.toks[j].is(tagPlaceMod) {
		j++
	}
	return j < len(sc.toks) && (sc.country[j] || sc.division[j])
}

// divisionAfter reports whether a name ending in a division word, or
// before one, follows at toks[j]: "Avdiivka, Donetsk Oblast", "Bunia,
// Ituri Province", "Tapachula, Chiapas state".
func divisionAfter(toks []token, j int) bool {
	k := j
	for k < len(toks) && toks[k].upper && toks[k].word {
		k++
	}
	return k > j+1 && adminWords[toks[k-1].key] || k > j && k < len(toks) && adminWords[toks[k].key]
}

// adminWords end the names of divisions: "Donetsk Oblast", "Borno State".
var adminWords = map[string]bool{"oblast": true, "province": true, "governorate": true, "state": true,
	"county": true, "region": true, "district": true, "prefecture": true, "krai": true}

// ownsSite reports whether chunk c is a place whose site follows with a
// possessive: "Baghdad's Tahrir Square", "Kyiv's Maidan square", "Gaza
// City's al-Shifa hospital".
func (sc *sceneCtx) ownsSite(c chunk) bool {
	t := sc.toks
	j := c.b
	if j+1 >= len(t) || t[j].key != "'s" || commonPossessors[t[c.b-1].key] {
		return false
	}
	// The site's name may hold a person's, already read as one: "Kabul's
	// Hamid Karzai International Airport".
	k := j + 1
	for k < len(t) && (t[k].word && t[k].upper || t[k].is(tagParticle)) {
		k++
	}
	if k == j+1 {
		// "Erbil's citadel", "Idlib's central hospital"
		for m := k; m < len(t) && m <= k+2 && t[m].word && !t[m].upper; m++ {
			if t[m].is(tagSiteNoun) {
				return true
			}
			if t[m].is(tagPlacePrep) {
				break
			}
		}
		return false
	}
	return t[k-1].is(tagSiteNoun) || k < len(t) && t[k].is(tagPlaceNoun) && !t[k].upper
}

// commonPossessors own the sites named after them rather than a place's:
// "Martyrs' Square", "People's Park", "Children's Hospital".
var commonPossessors = map[string]bool{"martyr": true, "martyrs": true, "people": true, "children": true,
	"women": true, "saint": true, "st": true, "king": true, "queen": true, "prophet": true, "workers": true,
	"mother": true, "father": true, "soldier": true, "soldiers": true, "heroes": true, "cox": true,
	"martha": true, "bishop": true, "land": true, "lady": true, "prince": true, "new": true, "year": true,
	"valentine": true, "veterans": true, "president": true, "independence": true}

// placeName returns the place as written for chunk c, with a site noun kept
// ("Hmeymim airbase", "Zaatari refugee camp"), and a division's
// abbreviation whole ("N.H.", not "N").
func (sc *sceneCtx) placeName(c chunk) (string, caption.Span) {
	toks := sc.toks
	if sc.division[c.a] {
		for _, m := range sc.mentions {
			if m.division && m.toks[0] == c.a && m.toks[1] >= c.b {
				return sc.desc[m.span.Start:m.span.End], m.span
			}
		}
	}
	end := toks[c.b-1].end
	j := c.b
	if j < len(toks) && toks[j].key == "refugee" && j+1 < len(toks) && toks[j+1].key == "camp" {
		end = toks[j+1].end
	} else if j < len(toks) && toks[j].is(tagSiteNoun) && !toks[j].upper {
		end = toks[j].end
	}
	s := caption.Span{Start: toks[c.a].start, End: end}
	return sc.desc[s.Start:s.End], s
}

// containerNouns, between two names as in "the Damascus suburb of Douma" or
// "the Idlib town of Saraqib", make the first name the container. (With
// "neighbourhood" or "district" agencies write it both ways — "the Douma
// neighbourhood of Damascus", "the Aleppo district of Sukkari" — and the
// written order is kept.)
var containerNouns = map[string]bool{"suburb": true, "suburbs": true, "town": true, "village": true,
	"city": true, "camp": true, "province": true, "countryside": true}

// orderPlaces puts places most specific first. Captions mostly write them so
// ("Harasta, on the outskirts of Damascus"); "the Damascus suburb of Douma",
// "the Amhara region town of Dessie" and "Aleppo's Bustan al-Qasr
// district" name the container first and are swapped.
func orderPlaces(toks []token, found []foundPlace) []foundPlace {
	// A river, a sea or a valley is where a town lies, not a part of it:
	// "the Hooghly river in Calcutta" is in Calcutta.
	slices.SortStableFunc(found, func(a, b foundPlace) int {
		return cmp.Compare(b2i(natureKinds[a.kind]), b2i(natureKinds[b.kind]))
	})
	for i := 0; i+1 < len(found); i++ {
		a, b := found[i], found[i+1]
		gap := b.c.a - a.c.b
		switch {
		case gap == 2 && toks[a.c.b].is(tagContainer) && toks[a.c.b+1].key == "of":
		case gap == 3 && adminWords[toks[a.c.b].key] && toks[a.c.b+1].is(tagContainer) && toks[a.c.b+2].key == "of":
			// "the Amhara region town of Gondar", "the Shan state town
			// of Lashio": the division's name comes first, as in "the
			// Idlib town of Saraqib".
		case gap == 1 && toks[a.c.b].key == "'s" && b.kind != "":
		default:
			continue
		}
		found[i], found[i+1] = b, a
	}
	return found
}

// natureKinds are the place words of rivers, seas and land forms.
var natureKinds = map[string]bool{"river": true, "sea": true, "lake": true, "valley": true, "desert": true,
	"mountains": true, "mountain": true, "plain": true, "plains": true, "gulf": true, "bay": true,
	"coast": true, "strait": true, "canal": true, "peninsula": true, "ocean": true}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// foundPlace is a place chunk with its name as written.
type foundPlace struct {
	c    chunk
	name string
	span caption.Span
	kind string
	near bool
}

// nearWords put the scene around a place rather than in it.
var nearWords = map[string]bool{
	"near": true, "outskirts": true, "outskirt": true, "edge": true, "edges": true, "countryside": true,
	"outside": true, "suburbs": true, "north": true, "south": true, "east": true, "west": true,
	"northeast": true, "northwest": true, "southeast": true, "southwest": true, "north-east": true,
	"north-west": true, "south-east": true, "south-west": true, "km": true, "kilometres": true,
	"kilometers": true, "miles": true, "around": true, "outside of": true, "vicinity": true,
	"environs": true, "frontline": true, "front": true, "toward": true, "towards": true, "off": true,
}

// describePlace reads the place word and nearness around chunk c: "Tal Samin
// village" (kind village), "the town of Douma" (kind town), "on the outskirts
// of Damascus" and "Hama countryside" (near).
func (sc *sceneCtx) describePlace(c chunk) (kind string, near bool) {
	t := sc.toks
	if c.b < len(t) && t[c.b].is(tagPlaceNoun) && !t[c.b].upper {
		kind = t[c.b].key
		near = t[c.b].key == "countryside" || t[c.b].key == "suburbs"
	} else if c.b-c.a >= 2 && t[c.b-1].is(tagSiteNoun) {
		kind = t[c.b-1].key // "Tahrir Square", "Ghazi Stadium"
	} else if c.b-c.a >= 2 && natureKinds[t[c.b-1].key] {
		kind = t[c.b-1].key // "the Red Sea", "the Euphrates River"
	} else if c.a >= 1 && t[c.a-1].key == "'s" {
		kind = "site" // "Madrid's Puerta del Sol"
	}
	i := c.a - 1
	for i >= 0 && (t[i].is(tagPlaceMod) || sc.demonym[i]) && !t[i].is(tagNear) {
		i--
	}
	if i >= 1 && t[i].key == "of" {
		// "the town of Douma" is a town, but in "the Douma neighbourhood of
		// Damascus" the noun belongs to Douma.
		owned := i >= 2 && t[i-2].upper
		if t[i-1].is(tagPlaceNoun) && !t[i-1].is(tagRelNoun) && kind == "" && !owned {
			kind = t[i-1].key
		}
		near = near || nearBeforeOf(t, i)
		if t[i-1].is(tagPlaceNoun) {
			near = near || nearBeforeNounOf(t, i-1) // "the outskirts of the port city of Hodeida"
		}
	} else if i >= 0 && (t[i].is(tagNear) || t[i].key == "from") {
		near = near || t[i].key != "from" || (i >= 1 && t[i-1].is(tagNear))
	} else if i >= 1 && (t[i].key == "between" && routeNouns[t[i-1].key] || t[i].key == "and" && betweenBefore(t, i)) {
		near = true // the road between two towns is in neither
	}
	// "ZAPORIZHZHIA FRONTLINE, UKRAINE -", "on the Pokrovsk front": the
	// front near the place.
	near = near || sc.pastCapsEdge(c.b) > c.b ||
		c.b < len(t) && !t[c.b].upper && (t[c.b].key == "front" || t[c.b].key == "frontline")
	return kind, near
}

// nearBeforeOf reports a near word ("outskirts", "near") within three
// tokens before the "of" at i.
func nearBeforeOf(t []token, i int) bool {
	for j := i - 1; j >= 0 && i-j <= 3; j-- {
		if t[j].is(tagNear) {
			return true
		}
	}
	return false
}

// nearBeforeNounOf reports a near word before the "of" that leads to the
// place noun at n: "the outskirts of the port city of Hodeida" is near
// Hodeida as "the outskirts of Hodeida" is.
func nearBeforeNounOf(t []token, n int) bool {
	for j := n - 1; j >= 1 && n-j <= 3; j-- {
		if !t[j].word || t[j].upper {
			return false
		}
		if t[j].key == "of" {
			return nearBeforeOf(t, j)
		}
	}
	return false
}

// placeKey folds a place name for de-duplication: "Maaret al-Numan" twice
// in one caption is one place.
func placeKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r {
		case '-', ' ', '\'', '’', '‘': // one name, spelt with or without them
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// samePlace reports whether placeKey(a) == placeKey(b), without building
// the keys.
func samePlace(a, b string) bool {
	i, j := 0, 0
	for {
		ra, na := placeKeyRune(a, i)
		rb, nb := placeKeyRune(b, j)
		if ra != rb {
			return false
		}
		if ra < 0 {
			return true
		}
		i, j = na, nb
	}
}

// placeKeyRune returns the next rune of placeKey(s) from byte i on, and the
// byte after it; -1 at the end.
func placeKeyRune(s string, i int) (rune, int) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch r {
		case '-', ' ', '\'', '’', '‘':
		default:
			return unicode.ToLower(r), i
		}
	}
	return -1, i
}
