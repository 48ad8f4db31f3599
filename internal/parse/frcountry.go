package parse

import (
	"slices"
	"strings"

	"sijil/internal/caption"
)

// The French rules' country of the scene (see french.go).

// frMention is one name or demonym of a country in a French caption, weighed
// as the English countryMention is: weightPlaced for ", en Syrie", "Alep,
// Syrie" and ", dans le nord de la Syrie"; weightNamed for "en Syrie" and
// "dans le nord de la Syrie"; weightPlace for a demonym after a place word
// ("la ville syrienne d'Alep"); weightHint for a bare name ("le séisme a
// frappé la Turquie") or another demonym; weightOutside for a name in a
// background clause after the scene's first place or outside the scene's
// sentences; weightIgnored for one that says where the scene is not.
type frMention struct {
	code    string
	span    caption.Span
	tok     int // its first token
	weight  int
	demonym bool
}

// countryMentions returns the mentions of countries in toks, marking their
// tokens in used so that no place is read from them. scene reports the
// tokens of the scene's sentences.
func (lex *frenchLexicon) countryMentions(toks []frToken, used []bool, scene func(int) bool) []frMention {
	var ms []frMention
	for i := 0; i < len(toks); i++ {
		for pi := range lex.countries {
			ph := &lex.countries[pi]
			n := ph.match(toks, i)
			if n == 0 {
				continue
			}
			for k := i; k < i+n; k++ {
				used[k] = true
			}
			m := frMention{code: ph.value, span: caption.Span{Start: toks[i].start, End: toks[i+n-1].end},
				tok: i, demonym: ph.demonym, weight: frCountryWeight(toks, i, ph.demonym)}
			if !scene(i) {
				m.weight = min(m.weight, weightOutside)
			}
			if frMediaName(toks, i, n) {
				m.weight = weightIgnored
			}
			ms = append(ms, m)
			i += n - 1
			break
		}
	}
	return ms
}

// frCountryWeight grades the country's name or demonym at toks[i] by the
// words before it.
func frCountryWeight(toks []frToken, i int, demonym bool) int {
	if frCountryAside(toks, i, demonym) {
		return weightIgnored
	}
	if demonym {
		if i > 0 && frPlaceNouns[toks[i-1].key] != "" {
			return weightPlace // "la ville syrienne d'Alep"
		}
		if frRegionOf(toks, i) {
			return weightPlace // "dans le Kurdistan irakien", "au Kurdistan irakien"
		}
		if i >= 2 && frRegionNouns[toks[i-1].key] && (frCountryArticles[toks[i-2].key] || toks[i-2].key == "du" || toks[i-2].key == "au") {
			return weightNamed // "ville frontalière du nord-est syrien", "dans l'est syrien"
		}
		return weightHint // "des réfugiés syriens"
	}
	k := i - 1
	if k >= 0 && frCountryArticles[toks[k].key] {
		k--
	}
	if k < 0 {
		return weightHint
	}
	switch toks[k].key {
	case "en", "au", "aux", "dans":
		if frAfterPlace(toks, k-1) {
			return weightPlaced // "Mossoul, en Irak"
		}
		return weightNamed // "des déplacés en Syrie"
	case ",":
		if frAfterPlace(toks, k) {
			return weightPlaced // "Alep, Syrie"
		}
	case "de", "d'", "du":
		// "dans le nord de la Syrie", "au sud du Liban": a part of the
		// country; after a place and "dans", the place's.
		if k < 1 || !frRegionNouns[toks[k-1].key] {
			return weightHint
		}
		j := k - 2
		if j >= 0 && frCountryArticles[toks[j].key] {
			j--
		}
		if j >= 0 && toks[j].key == "dans" && frAfterPlace(toks, j-1) {
			return weightPlaced
		}
		return weightNamed
	}
	return weightHint
}

// frRegionOf reports a demonym at i that qualifies the region the scene
// is put in before it: "dans le Kurdistan irakien", "au Kurdistan
// irakien", "dans la Galilée israélienne". It names the region's country.
// After "du" or "de la" the name may be an actor's ("des partisans du
// Hezbollah libanais à Bagdad"), which names no country of the scene's.
func frRegionOf(toks []frToken, i int) bool {
	if i < 2 || !toks[i-1].upper || !toks[i-1].word {
		return false
	}
	switch toks[i-2].key {
	case "au":
		return true
	case "la", "le", "l'":
		return i >= 3 && toks[i-3].key == "dans"
	}
	return false
}

// frAfterPlace reports a comma at toks[k] after a capitalised name or a
// closing bracket: "Alep, …", "Mamoudzou (Mayotte), …".
func frAfterPlace(toks []frToken, k int) bool {
	return k >= 1 && toks[k].key == "," && (toks[k-1].upper && toks[k-1].word || toks[k-1].key == ")")
}

// frRegionNouns name a part of a country: "le nord de la Syrie", "le
// centre du Mali".
var frRegionNouns = map[string]bool{"nord": true, "sud": true, "est": true, "ouest": true, "nord-est": true,
	"nord-ouest": true, "sud-est": true, "sud-ouest": true, "centre": true, "reste": true}

// frBackground puts aside the mentions in a background clause: one that
// tells of the event the scene follows or of an earlier time ("au lendemain
// du séisme qui a frappé la Turquie", "après l'attaque contre …", "depuis
// la guerre …", "lors de …"). Such a clause after the scene's first place
// (token place, or -1 when there is none) names no country of the scene's:
// its mentions weigh only when nothing else does. Countries named together
// in one such clause ("la Turquie et la Syrie") are each no more the
// scene's than the other, and none is by that clause.
func frBackground(toks []frToken, ms []frMention, place int) {
	for a := 0; a < len(ms); a++ {
		start, end := frBackgroundClause(toks, ms[a].tok)
		if start < 0 {
			continue
		}
		b := a
		for b+1 < len(ms) && ms[b+1].tok < end {
			b++
		}
		purpose := frPurposeOpens(toks, start)
		for i := a; i <= b; i++ {
			switch {
			case ms[i].weight == weightIgnored:
			case purpose:
				ms[i].weight = weightIgnored // "à Genève, pour dénoncer l'offensive turque dans le nord de la Syrie"
			case b > a && !ms[i].demonym:
				ms[i].weight = weightIgnored // "le séisme qui a frappé la Turquie et la Syrie"
			case place >= 0 && place < start:
				ms[i].weight = min(ms[i].weight, weightOutside)
			}
		}
		a = b
	}
}

// frBackgroundClause returns the background clause holding token i, from
// its opening word to the comma or sentence end that closes it, or -1.
func frBackgroundClause(toks []frToken, i int) (start, end int) {
	start = -1
	for k := i - 1; k >= 0; k-- {
		if frClauseEnd(toks[k].key) {
			break
		}
		if frBackgroundOpens(toks, k) {
			start = k
			break
		}
	}
	if start < 0 {
		return -1, -1
	}
	end = i
	for end < len(toks) && !frClauseEnd(toks[end].key) {
		end++
	}
	return start, end
}

func frClauseEnd(key string) bool {
	switch key {
	case ",", ".", ";", "!", "?", "(", ")", "—", "–", ":":
		return true
	}
	return false
}

// frBackgroundOpens reports a word at k that opens a background clause:
// "au lendemain de", "à la veille de", "après" and an article ("après le
// séisme", "après l'attaque"), "depuis", "lors de", or "qui" and a verb of
// an event in the past ("qui a frappé", "qui ont ravagé").
func frBackgroundOpens(toks []frToken, k int) bool {
	next := func(d int) string { return frKeyAt(toks, k+d, len(toks)) }
	if frPurposeOpens(toks, k) {
		return true
	}
	switch toks[k].key {
	case "lendemain", "veille", "depuis":
		return true
	case "lors":
		return next(1) == "de" || next(1) == "d'" || next(1) == "du" || next(1) == "des"
	case "après":
		return frCountryArticles[next(1)] || next(1) == "un" || next(1) == "une" || next(1) == "des" ||
			next(1) == "du" || next(1) == "que" || next(1) == "qu'"
	case "qui":
		switch next(1) {
		case "a", "ont", "avait", "avaient":
			return frEventVerbs[next(2)] || frBackgroundVerbs[next(2)]
		}
	}
	return false
}

// frPurposeOpens reports a word at k that opens a clause of what a
// protest is for or against: "pour" and a verb of protest or support ("pour
// dénoncer l'offensive turque en Syrie"), "en soutien à", "en solidarité
// avec", or "contre" after a word of protest in its sentence ("manifestent
// à Stockholm contre …"). The countries it names are the protest's cause,
// not where it is.
func frPurposeOpens(toks []frToken, k int) bool {
	next := func(d int) string { return frKeyAt(toks, k+d, len(toks)) }
	switch toks[k].key {
	case "pour":
		return frPurposeVerbs[next(1)]
	case "en":
		return next(1) == "soutien" && (next(2) == "à" || next(2) == "au" || next(2) == "aux") ||
			next(1) == "solidarité" && next(2) == "avec"
	case "contre":
		for j := k - 1; j >= 0; j-- {
			switch toks[j].key {
			case ".", "!", "?", ";":
				return false
			}
			if frMarchWords[toks[j].key] {
				return true
			}
			for _, p := range frProtestStems {
				if strings.HasPrefix(toks[j].key, p) {
					return true
				}
			}
		}
	}
	return false
}

// frPurposeVerbs follow "pour" in a clause of a protest's cause.
var frPurposeVerbs = map[string]bool{"dénoncer": true, "denoncer": true, "protester": true, "réclamer": true,
	"soutenir": true, "exiger": true, "condamner": true, "demander": true, "manifester": true,
	"exprimer": true, "témoigner": true, "défendre": true}

// frProtestStems begin the words of a protest before "contre"; a march is
// listed whole (frMarchWords), as "march" also begins "marché" (a market).
var frProtestStems = []string{"manifest", "rassembl", "protest", "défil", "mobilis", "sit-in"}

var frMarchWords = map[string]bool{"marche": true, "marches": true, "marchent": true, "marchant": true,
	"marcheurs": true, "marcheuses": true}

// frEventVerbs are the participles of an event that struck a place: "le
// séisme qui a frappé la Turquie".
var frEventVerbs = map[string]bool{"frappé": true, "touché": true, "ravagé": true, "dévasté": true,
	"secoué": true, "visé": true, "endeuillé": true, "meurtri": true, "tué": true, "fait": true}

// setCountry sets rec's country from the heaviest mention, among equals a
// name before a demonym ("depuis le retrait des troupes françaises du
// Mali" is of Mali) and then the earliest: as named when it is a name in a location phrase or a
// demonym after a place word, else (and only when nothing set it) as a hint.
func (lex *frenchLexicon) setCountry(rec *caption.Record, ms []frMention, off int, ev *evidence) {
	best := -1
	for i, m := range ms {
		if m.weight > weightIgnored && (best < 0 || m.weight > ms[best].weight ||
			m.weight == ms[best].weight && ms[best].demonym && !m.demonym) {
			best = i
		}
	}
	if best < 0 {
		return
	}
	m := ms[best]
	switch {
	case m.weight >= weightPlace:
		rec.Country, rec.CountryBasis = caption.CountryCode(m.code), caption.CountryNamed
	case rec.Country == "":
		rec.Country, rec.CountryBasis = caption.CountryCode(m.code), caption.CountryHint
	default:
		return
	}
	ev.add("country", off, m.span)
}

// frFirstPlace returns the token of toks where rec's first place starts, or
// -1.
func frFirstPlace(rec *caption.Record, toks []frToken, off int) int {
	if len(rec.PlaceRefs) == 0 {
		return -1
	}
	s := rec.PlaceRefs[0].Span.Start - off
	for i, t := range toks {
		if t.start >= s {
			return i
		}
	}
	return -1
}

// frCountryAside reports a country's name or demonym at i that says where
// the scene is not: a name after "par", "avec", "contre" or "entre" (the
// country that leads, backs or faces), after "de" and a noun of the state
// or its border ("l'armée de la Syrie", "la frontière de la Turquie"), or
// after "guerre en" ("contre la guerre en Ukraine", in Paris); a demonym
// after a weapon or an attack ("une frappe israélienne", "des drones
// russes", "un missile de croisière russe"), which names who struck.
func frCountryAside(toks []frToken, i int, demonym bool) bool {
	k := i - 1
	if k >= 0 && frCountryArticles[toks[k].key] {
		k--
	}
	if k < 0 {
		return false
	}
	if demonym {
		if toks[k].key == "frontière" || toks[k].key == "frontières" {
			return true // "près de la frontière turque" is either side of it
		}
		if frControlNouns[toks[k].key] {
			return true // "la ville passée sous contrôle russe" is the country's that holds it
		}
		// "frappe israélienne", "drones russes", "missile de croisière russe"
		for j := k; j >= max(0, i-3); j-- {
			if frAttackNoun(toks[j].key) {
				return true
			}
			if !toks[j].word || toks[j].upper {
				break
			}
		}
		return false
	}
	switch toks[k].key {
	case "par", "avec", "contre", "entre":
		return true
	case "de", "d'", "du":
		return k >= 1 && (frStateNouns[toks[k-1].key] || frControlNouns[toks[k-1].key])
	case "en", "au", "aux":
		return k >= 1 && (toks[k-1].key == "guerre" || toks[k-1].key == "conflit")
	}
	return false
}

// frEnglishCountryAside reports that the country the English rules named
// (its first evidence span) stands where frCountryAside puts it aside.
func frEnglishCountryAside(toks []frToken, ev *evidence, off int) bool {
	sp, ok := ev.first("country", off)
	if !ok {
		return false
	}
	for i, t := range toks {
		if t.start == sp.Start {
			if start, _ := frBackgroundClause(toks, i); start >= 0 && frPurposeOpens(toks, start) {
				return true // "pour réclamer la paix au Mali"
			}
			return frCountryAside(toks, i, false) || frMediaName(toks, i, frTokensIn(toks, i, sp.End))
		}
	}
	return false
}

// frTokensIn returns the number of tokens from i that end by end.
func frTokensIn(toks []frToken, i, end int) int {
	n := 0
	for i+n < len(toks) && toks[i+n].end <= end {
		n++
	}
	return n
}

// frDropMediaPlace drops the place the English rules read right before a
// broadcaster's name, as in "Alep, Syrie": a photographer's name in a
// credit they left in the description ("© Adam Ibrahim, France 24").
func frDropMediaPlace(rec *caption.Record, toks []frToken, ev *evidence, off int) {
	sp, ok := ev.first("country", off)
	if !ok {
		return
	}
	i := slices.IndexFunc(toks, func(t frToken) bool { return t.start == sp.Start })
	if i < 2 || toks[i-1].key != "," || !frMediaName(toks, i, frTokensIn(toks, i, sp.End)) {
		return
	}
	dropPlaces(rec, ev, func(r caption.PlaceRef) bool { return r.Span.End-off == toks[i-2].end })
}

// frCountryArticles are the articles before a country's name.
var frCountryArticles = map[string]bool{"la": true, "le": true, "les": true, "l'": true}

// frControlNouns say who holds a place, not where it is: "sous contrôle
// russe", "sous le contrôle de la Russie", "sous occupation israélienne".
var frControlNouns = map[string]bool{"contrôle": true, "controle": true, "occupation": true, "domination": true}

// frStateNouns are the nouns of a state, its forces and its border, which
// "de" and a country's name complete without placing the scene there.
var frStateNouns = map[string]bool{"armée": true, "gouvernement": true, "président": true, "régime": true,
	"ministère": true, "ministre": true, "ambassade": true, "ambassadeur": true, "consulat": true,
	"forces": true, "troupes": true, "soldats": true, "aviation": true, "frontière": true, "frontières": true,
	"drapeau": true, "drapeaux": true, "roi": true, "allié": true, "alliés": true, "ennemi": true}

// frAttackNoun reports a word of a weapon or an attack (frAttackNouns, and
// the aircraft and guns that strike), whose demonym is the attacker's.
func frAttackNoun(key string) bool {
	return frAttackNouns[key] || frWeaponNouns[key]
}

var frWeaponNouns = map[string]bool{"avion": true, "avions": true, "aviation": true, "hélicoptère": true,
	"hélicoptères": true, "bombe": true, "bombes": true, "char": true, "chars": true, "artillerie": true,
	"incursion": true, "invasion": true, "croisière": true, "balistique": true, "balistiques": true}

// frNameParticles may stand inside a place name: "Bab al-Nairab", "Deir
// ez-Zor", "Khan Cheikhoun", "Ras el Aïn".
var frNameParticles = map[string]bool{"al": true, "el": true, "ez": true, "as": true, "ach": true, "ad": true,
	"ar": true, "an": true, "ibn": true, "bin": true, "ben": true, "abou": true, "abu": true}

// frMediaName reports a country's name, at toks[i:i+n], that is part of a
// broadcaster's name: "France 24", "France Télévisions", "Radio France
// internationale", "Radio Ukraine". A credit the credit rules left in the
// description ("© Adam Ibrahim, France 24") reads like "Alep, Syrie", and
// a reporter "de France 24" is no scene in France.
func frMediaName(toks []frToken, i, n int) bool {
	if i > 0 && toks[i-1].key == "radio" {
		return true
	}
	e := i + n
	return e < len(toks) && toks[e].word && (toks[e].digits || frMediaWords[toks[e].key])
}

// frMediaWords follow a country's name in broadcasters' names.
var frMediaWords = map[string]bool{"télévisions": true, "televisions": true, "info": true, "inter": true,
	"culture": true, "médias": true, "medias": true}
