package parse

import (
	"slices"
	"strings"

	"sijil/internal/caption"
)

// The French rules' places (see french.go).

// frPlaceNouns are the place words that precede a name with "de" ("la ville
// d'Alep", "l'oblast de Donetsk", "la plaine de la Bekaa", "la vallée du
// Jourdain"), with the kind records give them.
var frPlaceNouns = map[string]string{
	"ville": "city", "village": "village", "villages": "village", "localité": "town", "bourg": "town",
	"quartier": "neighbourhood", "province": "province", "région": "region", "gouvernorat": "province",
	"camp": "camp", "banlieue": "", "environs": "", "périphérie": "", "capitale": "city", "faubourg": "neighbourhood",
	"oblast": "province", "wilaya": "province", "raion": "district", "district": "district", "territoire": "district",
	"plaine": "region", "vallée": "region", "plateau": "region",
	// Syrian captions place villages in a city's countryside, its
	// province: "la campagne nord de Hama", "le rif de Damas".
	"campagne": "countryside", "rif": "countryside",
	// The divisions of francophone Africa and Haiti: Mali's cercles and
	// sub-prefectures are named for their towns ("le cercle de Bankass"),
	// as districts are; a département or préfecture is a province ("le
	// département de l'Artibonite", "la préfecture de la Ouaka").
	"cercle": "district", "sous-préfecture": "district", "arrondissement": "district",
	"commune": "town", "municipalité": "town",
	"département": "department", "préfecture": "prefecture",
}

// frOfPlaceNouns are nouns of a town's parts, sites, sky and people whose
// "de" and a capitalised name name the town: "une rue de Zaporijjia", "un
// hôpital de Hodeida", "les ruines de Raqa", "des habitants d'Alep", "de
// la fumée au-dessus de Khartoum". (The words of frPlaceNouns give the
// place a kind; these do not.)
var frOfPlaceNouns = map[string]bool{
	"rue": true, "rues": true, "ruelles": true, "route": true, "routes": true, "avenue": true, "pont": true,
	"centre": true, "centre-ville": true, "hauteurs": true, "entrée": true, "sortie": true, "secteur": true,
	"habitants": true, "habitant": true, "habitante": true, "habitantes": true, "résidents": true,
	"ruines": true, "décombres": true, "hôpital": true, "hôpitaux": true, "port": true, "aéroport": true,
	"marché": true, "souk": true, "gare": true, "stade": true, "prison": true, "université": true,
	"citadelle": true, "vieille": true, "ciel": true, "au-dessus": true, "plage": true, "front": true,
	"poste-frontière": true, "cimetière": true, "théâtre": true, "dépôt": true, "usine": true, "raffinerie": true,
	"siège": true, "bâtiment": true, "consulat": true, "terminal": true, "centrale": true, "caserne": true,
	"mairie": true,
	// Crossings and checkpoints named for their town: "au point de passage
	// de Rafah", "le check-point de Qalandia". ("Le poste de Masnaa" is
	// left out: a border post's village is often missing from the data,
	// and its namesake abroad would be worse than no place.)
	"passage": true, "check-point": true, "checkpoint": true,
	// Schools and clinics of a town: "une école de Deir el-Balah". (Not
	// "la mosquée de Djingareyber" nor "l'église de la Nativité", whose
	// "de" names the building.)
	"école": true, "écoles": true, "clinique": true,
}

// frNearWords put the scene near the place that follows: "près de Damas",
// "au nord d'Alep", "dans la banlieue de Damas".
var frNearWords = map[string]bool{"près": true, "nord": true, "sud": true, "est": true, "ouest": true,
	"banlieue": true, "environs": true, "périphérie": true, "abords": true, "loin": true, "nord-est": true,
	"nord-ouest": true, "sud-est": true, "sud-ouest": true}

// frContinents are the parts of the world "en" names that are no place a
// scene is located by: "en Afrique", "en Europe".
var frContinents = map[string]bool{"afrique": true, "europe": true, "asie": true, "amérique": true, "océanie": true,
	"antarctique": true, "orient": true, "occident": true, "moyen-orient": true, "méditerranée": true}

// frNotPlaces are capitalised words that start sentences or name no place.
var frNotPlaces = map[string]bool{"le": true, "la": true, "les": true, "un": true, "une": true, "des": true,
	"l'": true, "d'": true, "photo": true, "afp": true, "à": true, "a": true,
	"état": true, "etat": true} // "le département d'État", "l'État islamique"

// frPlaces reads the places of sentence s: a capitalised name after "à",
// "près de", a place word and "de" ("le quartier de Bab al-Nairab"), "au
// nord de", or before ", en Syrie". Countries are left to the country.
func frPlaces(rec *caption.Record, desc string, toks []frToken, countryTok []bool, sentOf []int, s, off int, ev *evidence) {
	var found []frPlace
	scene, prevEnd := false, 0 // scene: a place people did not flee
	for i := 0; i < len(toks); i++ {
		if sentOf[i] != s || !toks[i].upper || countryTok[i] || frNotPlaces[toks[i].key] || frMonthTok(toks, i) || frNotNameAt(toks, i) ||
			frAttackNouns[toks[i].key] { // a heading's first word: "Frappes sur Kharkiv, Ukraine"
			continue
		}
		// The name: capitalised words and particles up to a lower-case word.
		j := i + 1
		for j < len(toks) && toks[j].word && (toks[j].upper && !countryTok[j] || frNameParticles[toks[j].key] && j+1 < len(toks) && toks[j+1].upper) {
			j++
		}
		j += frCompassSuffix(toks, j)
		kind, near, ok := "", false, false
		k := i - 1
		// "A Kharkiv, …": a capital drops the accent of "À".
		if k >= 0 && (toks[k].key == "à" || toks[k].key == "a" && toks[k].upper || toks[k].key == "vers" || toks[k].key == "sur" && frPlaceVerbContext(toks, k)) {
			ok = true
		}
		if frCommaAu(toks, k) || frAuPlace(toks, k, i, j) {
			ok = true // "Minova, au Sud-Kivu", "Tawila, au Darfour-Nord", "au Caire"
		}
		if k >= 0 && toks[k].key == "en" && !frContinents[toks[i].key] {
			// "en Casamance", "en Ituri", "en Crimée": a region; a
			// country after "en" is the country's (countryTok).
			ok = true
		}
		if k >= 1 && toks[k].key == "," && len(found) > 0 && prevEnd == k && j < len(toks) && toks[j].key == ")" {
			ok = true // "(territoire de Djugu, Ituri)": the place before's container
		}
		if frBetween(toks, k) {
			ok, near = true, true // "sur la route entre Bakhmout et Tchassiv Iar"
		}
		if k >= 2 && (toks[k].key == "la" || toks[k].key == "l'") && (toks[k-1].key == "de" || toks[k-1].key == "d'") && frIsPlaceNoun(toks[k-2].key) {
			k-- // "la plaine de la Bekaa"
		}
		if k >= 1 && (toks[k].key == "la" || toks[k].key == "l'" || toks[k].key == "le") && toks[k-1].key == "dans" && !frRegionNouns[toks[i].key] {
			ok = true // "dans la Bekaa", "dans le Donbass"
		}
		if k >= 1 && (toks[k].key == "de" || toks[k].key == "d'" || toks[k].key == "du" && frIsPlaceNoun(toks[k-1].key)) {
			prev := toks[k-1].key
			if kd, isNoun := frPlaceNounKind(prev); isNoun {
				ok, kind = true, kd
				near = frNearWords[prev]
			} else if frNearWords[prev] {
				ok, near = true, true
				if k >= 2 {
					kind = frPlaceNouns[toks[k-2].key] // "la campagne nord de Hama" is its countryside
				}
			} else if k >= 2 && frPlaceNouns[toks[k-2].key] != "" && frIsDemonymTok(countryTok, k-1) {
				ok, kind = true, frPlaceNouns[toks[k-2].key] // "la ville syrienne d'Alep"
			} else if n := frNamedSite(toks, k-1); n >= 0 {
				// "l'hôpital Nasser de Khan Younès"; "le quartier PK5 de
				// Bangui" is a part of the town, near it.
				ok, near = true, frPlaceNouns[toks[n].key] == "neighbourhood"
			} else if frCampOf(toks, k-1) {
				ok = true // "le camp de réfugiés de Jénine"
			} else if frAfterOrgSite(toks, k-1) {
				ok = true // "le camp du Mécanisme opérationnel de coordination (MOC) de Gao"
			} else if frOfPlaceNouns[prev] {
				ok = true // "une rue de Zaporijjia", "des habitants de Kherson", "au-dessus de Khartoum"
			} else if frStrikeOf[prev] && !frAttackerAfter(toks, j) {
				ok = true // "après l'attaque de Kramatorsk", "le bombardement de Kharkiv"
			} else if n := frQualifiedNoun(toks, k-1); n >= 0 {
				// "le marché historique de Nabatiyé", "un centre d'accueil
				// de Ouagadougou", "la banlieue sud de Beyrouth"
				ok, kind, near = true, frPlaceNouns[toks[n].key], frNearWords[toks[n].key]
			}
		}
		leaving := k >= 0 && frLeaveNow[toks[k].key] && (k == 0 || toks[k-1].key != "qui")
		if leaving {
			ok = true // "Des familles quittent Manbij", "Des civils fuient Ras al-Aïn"
		}
		if !ok && j+2 < len(toks) && toks[j].key == "," && (toks[j+1].key == "en" || toks[j+1].key == "au" || toks[j+1].key == "dans") && !frDateTok(toks, j+2) {
			// ", en juin 2023" is a date, no container.
			ok = true // "Mossoul, en Irak", "Alep, dans le nord de la Syrie"
		}
		if !ok && frAppositive(toks, j) {
			ok = true // "une cuisine d'Omdourman, ville jumelle de Khartoum"
		}
		if !ok && i == 0 && (frDateline(toks, j) || frHeadPlace(toks, countryTok, j)) {
			ok = true // "Kiev, le 29 décembre 2023 — …", "Syrte, Libye. …"
		}
		// "des déplacés de la province de Hama arrivent à Atmeh": where
		// people came from is kept only when the sentence names no other
		// place, as a place they fled is.
		origin := ok && frFromOrigin(toks, k)
		if !ok {
			i = j - 1
			continue
		}
		span := caption.Span{Start: toks[i].start, End: toks[j-1].end}
		fled := (origin || frFled(toks, i, prevEnd) || frFleeAfter(toks, k, j)) && !leaving
		if n := len(found); n > 0 && found[n-1].fled && i-prevEnd <= 6 && toks[prevEnd].key == "," && toks[prevEnd+1].key == "dans" {
			fled = true // "évacués de Koupiansk, dans l'oblast de Kharkiv": the town's container
		}
		scene = scene || !fled
		found = append(found, frPlace{span: span, kind: kind, near: near, fled: fled})
		prevEnd = j
		i = j - 1
	}
	// Most specific first: "dans la campagne de Deraa, à Tafas" is in
	// Tafas, which the province's name precedes.
	slices.SortStableFunc(found, func(a, b frPlace) int { return frDivisionRank(a.kind) - frDivisionRank(b.kind) })
	for _, f := range found {
		if f.fled && scene {
			continue // "des déplacés ayant fui les violences à Djibo arrivent à Kaya" are in Kaya
		}
		name := desc[f.span.Start:f.span.End]
		rec.Places = append(rec.Places, name)
		rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: name, Span: caption.Span{Start: f.span.Start + off, End: f.span.End + off}, Kind: f.kind, Near: f.near})
		ev.add("places", off, f.span)
	}
}

// frContainers adds to the places the English rules found the French
// containers of the first sentence that they leave out: a place in
// brackets ("Sarmada (nord d'Idleb)") or after "dans" ("Hermel, dans la
// plaine de la Bekaa").
func frContainers(rec *caption.Record, desc string, toks []frToken, countryTok []bool, sentOf []int, off int, ev *evidence) {
	var fr caption.Record
	frPlaces(&fr, desc, toks, countryTok, sentOf, 0, 0, &evidence{})
	for _, ref := range fr.PlaceRefs {
		if slices.ContainsFunc(rec.PlaceRefs, func(p caption.PlaceRef) bool {
			return p.Span.Start-off < ref.Span.End && ref.Span.Start < p.Span.End-off || strings.EqualFold(p.Name, ref.Name)
		}) {
			continue
		}
		i := slices.IndexFunc(toks, func(t frToken) bool { return t.start == ref.Span.Start })
		if i < 0 || !frContainerCue(toks, i) {
			continue
		}
		rec.Places = append(rec.Places, ref.Name)
		ref.Span = caption.Span{Start: ref.Span.Start + off, End: ref.Span.End + off}
		rec.PlaceRefs = append(rec.PlaceRefs, ref)
		ev.add("places", off, caption.Span{Start: ref.Span.Start - off, End: ref.Span.End - off})
	}
}

// frContainerCue reports an opening bracket or "dans" a few lower-case
// words before token i: "(nord d'Idleb)", "dans la province d'Idleb".
func frContainerCue(toks []frToken, i int) bool {
	for k := i - 1; k >= 0 && i-k <= 5; k-- {
		switch {
		case toks[k].key == "(" || toks[k].key == "dans" || frCommaAu(toks, k):
			return true
		case !toks[k].word || toks[k].upper:
			return false
		}
	}
	return false
}

// frCommaAu reports "au" after a comma at token k: the name after it is
// a masculine region containing the place before ("Tawila, au Darfour-Nord",
// "Minova, au Sud-Kivu"), as "en" is before a feminine one. Only after a
// comma: "liés au Hezbollah" names a group, not a place. Countries ("au
// Mali") are the country rules'.
func frCommaAu(toks []frToken, k int) bool {
	return k >= 1 && toks[k].key == "au" && toks[k-1].key == ","
}

// frAuPlace reports "au" at token k before a name, toks[i:j], that is a
// place without a comma before it: a region named for its compass point
// ("au Nord-Kivu", "au Darfour-Nord", "au Kordofan du Sud") or one of the
// masculine places French names with the article ("au Caire", "au
// Tigré"). Any other name after "au" is more often a group or an office
// than a place ("liés au Hezbollah", "au Kremlin").
func frAuPlace(toks []frToken, k, i, j int) bool {
	if k < 0 || toks[k].key != "au" {
		return false
	}
	if j-i == 1 && frAuPlaces[toks[i].key] {
		return true
	}
	if j-i >= 3 && toks[j-2].key == "du" {
		return true // frCompassSuffix's "du Nord", "du Sud"
	}
	for _, t := range toks[i:j] {
		// "au Nord-Est du Nigeria" is a direction (frRegionNouns), not
		// a region's name.
		k := t.key
		if !frRegionNouns[k] && (strings.HasPrefix(k, "nord-") || strings.HasPrefix(k, "sud-") || strings.HasSuffix(k, "-nord") || strings.HasSuffix(k, "-sud")) {
			return true
		}
	}
	return false
}

// frAuPlaces are the places, cities and regions, that French names with the
// masculine article, so that "à" before them is "au": "au Caire", "au
// Cap", "au Havre", "au Tigré", "au Darfour", "au Donbass".
var frAuPlaces = map[string]bool{"caire": true, "cap": true, "havre": true, "tigré": true, "darfour": true,
	"kordofan": true, "donbass": true, "kurdistan": true, "sinaï": true, "baloutchistan": true, "cachemire": true,
	"waziristan": true, "panchir": true, "panjshir": true, "karabakh": true, "haut-karabakh": true, "golan": true,
	"sahel": true, "kivu": true, "katanga": true, "kasaï": true}

// frBetween reports whether the name after token k is one end of a road,
// a front or a border "entre X et Y" ("sur la ligne de front entre
// Bakhmout et Tchassiv Iar"): the scene lies near both. k is "entre", or
// "et" after a name that "entre" opens. The way's noun must come just
// before: "entre le Hamas et Israël" or "des pourparlers entre Kiev et
// Moscou" name no scene.
func frBetween(toks []frToken, k int) bool {
	if k >= 1 && toks[k].key == "et" {
		for k--; k >= 1 && toks[k].word && (toks[k].upper || frNameParticles[toks[k].key]); k-- {
		}
	}
	if k < 1 || toks[k].key != "entre" {
		return false
	}
	for n := k - 1; n >= 0 && k-n <= 3; n-- {
		if frWayNouns[toks[n].key] {
			return true
		}
	}
	return false
}

// frWayNouns name roads, fronts and borders that run between two places.
var frWayNouns = map[string]bool{"route": true, "routes": true, "autoroute": true, "axe": true, "front": true,
	"ligne": true, "frontière": true, "corridor": true, "chemin": true, "piste": true}

// frDivisionRank is 1 for the kinds of divisions and regions, which
// contain the towns a caption names with them, and 0 for the others.
func frDivisionRank(kind string) int {
	switch kind {
	case "province", "region", "countryside", "department", "prefecture":
		return 1
	}
	return 0
}

// frPlace is a place frPlaces found; fled marks a place people fled.
type frPlace struct {
	span       caption.Span
	kind       string
	near, fled bool
}

// frFled reports whether the place at token i lies in a clause of fleeing
// ("ayant fui les violences jihadistes à Djibo", "qui ont quitté Alep",
// "chassés de Mossoul"): a flee word within fourteen words before it (the
// clause may name whom they fled: "ayant fui les attaques de l'État
// islamique au Sahel dans la région de Ménaka"), with no
// punctuation, earlier place (prevEnd), destination ("vers") or finite verb
// ("arrivent") between. Such a place is where people came from, as English
// originFled reads "families who fled the fighting in Afrin"; frPlaces
// leaves it out when the sentence names another place. "fuient dans les
// rues de Hama" flees inside Hama, which is the scene.
func frFled(toks []frToken, i, prevEnd int) bool {
	for k := i - 1; k >= 0 && k >= prevEnd && i-k <= 14; k-- {
		t := toks[k]
		if !t.word || t.key == "vers" || frFiniteVerb(t.key) {
			return false
		}
		if frEvacuated[t.key] && k+1 < len(toks) && toks[k+1].key == "par" {
			// "Des Soudanais déplacés par les combats dans l'État
			// d'Al-Jazira arrivent à Gedaref": the participle with its
			// cause, not "des déplacés" the noun, which may be anywhere.
			return true
		}
		if frFleeWords[t.key] {
			// "Des déplacés fuient les combats à Sake" are in Sake, as
			// "Des familles quittent Manbij" are in Manbij (frLeaveNow):
			// "à" places the fighting around them. After "qui" the place
			// is where they came from; "fuient le quartier de X" names
			// what they leave, which the sentence's town places.
			if frLeaveNow[t.key] && (k == 0 || toks[k-1].key != "qui") && toks[i-1].key == "à" {
				return false
			}
			return k+1 >= len(toks) || !frFleeWithin[toks[k+1].key]
		}
	}
	return false
}

// frFleeAfter reports a clause of fleeing right after a place named with
// "de" (k) and ending before token j: "des résidents de Marioupol ayant
// fui la ville assiégée arrivent à Zaporijjia", "des habitants d'Alep
// fuyant les bombardements", "des familles de Kherson qui ont quitté leur
// ville". The place is where the people came from, as frFled's is. A
// present form right after the name ("des habitants de Bakhmout quittent
// la ville") shows them still there, as frLeaveNow's object is.
func frFleeAfter(toks []frToken, k, j int) bool {
	if k < 0 || toks[k].key != "de" && toks[k].key != "d'" {
		return false
	}
	for n := j; n < len(toks) && n <= j+2; n++ {
		key := toks[n].key
		switch {
		case frLeaveNow[key]:
			return n > j // after "qui"
		case frFleeWords[key] || frEvacuated[key]:
			return true
		case !frFleeAux[key]:
			return false
		}
	}
	return false
}

// frEvacuated are the participles of people moved out of the place they
// follow: "des habitants de la région de Koursk évacués après
// l'incursion", "des familles de Kharkiv déplacées par les frappes".
var frEvacuated = map[string]bool{"évacué": true, "évacuée": true, "évacués": true, "évacuées": true,
	"déplacé": true, "déplacée": true, "déplacés": true, "déplacées": true}

// frFleeAux may stand between a name and the word of fleeing of its
// clause: "ayant fui", "qui ont fui", "ayant été chassés".
var frFleeAux = map[string]bool{"ayant": true, "qui": true, "ont": true, "a": true, "avaient": true,
	"avait": true, "été": true}

// frFleeWords are the forms of fleeing and leaving whose clause names where
// people came from.
var frFleeWords = map[string]bool{"fui": true, "fuis": true, "fuie": true, "fuies": true, "fuient": true,
	"fuit": true, "fuyant": true, "fuyait": true, "fuyaient": true, "fuir": true, "quitté": true,
	"quittée": true, "quittés": true, "quittées": true, "quittant": true, "quittent": true, "quitter": true,
	"chassé": true, "chassée": true, "chassés": true, "chassées": true}

// frLeaveNow are the present forms of leaving whose object, right after
// them, is where the people photographed are: "Des familles quittent
// Manbij" shows them in Manbij. After "qui" ("des familles qui fuient Alep
// arrivent à Idleb") the place is where they came from.
var frLeaveNow = map[string]bool{"quittent": true, "quitte": true, "fuient": true, "fuit": true}

// frFleeWithin, right after a flee word, put the fleeing inside the place:
// "fuient dans les rues de Hama", "fuyant à travers Khartoum".
var frFleeWithin = map[string]bool{"dans": true, "à": true, "par": true}

// frFiniteVerb reports a word that looks like a verb in the present plural
// or a finite auxiliary ("arrivent", "attendent", "sont"), which ends a
// clause of fleeing: its place is the scene. Nouns and adjectives in -ent
// that are no verbs are listed.
func frFiniteVerb(key string) bool {
	switch key {
	case "sont", "ont", "est", "se":
		return true
	}
	return len(key) > 4 && strings.HasSuffix(key, "ent") && !strings.HasSuffix(key, "ment") && !frFleeWords[key] && !frEntWords[key]
}

// frEntWords end in -ent and are no verbs.
var frEntWords = map[string]bool{"accident": true, "incident": true, "parent": true, "agent": true,
	"président": true, "récent": true, "violent": true, "différent": true, "urgent": true, "argent": true,
	"continent": true, "occident": true, "orient": true, "talent": true, "torrent": true, "souvent": true,
	"client": true, "patient": true, "adolescent": true, "innocent": true, "excellent": true,
	"précédent": true, "équivalent": true, "contingent": true, "régent": true}

// frIsPlaceNoun reports a word of frPlaceNouns, those without a kind
// ("banlieue", "environs") too.
func frIsPlaceNoun(key string) bool {
	_, ok := frPlaceNouns[key]
	return ok
}

// frDateline reports whether the name opening a caption and ending before
// token j is a dateline's: a comma and a date follow it ("Kiev, le 29
// décembre 2023 —", "KIEV, 29 décembre 2023 (AFP) -", "Odessa, 27/07/2023
// :", "Hébron, Cisjordanie, 15/05/2021 —"), or a comma, a few words that
// place it and a dash before the date ("Tal Rifaat, campagne nord d'Alep —
// 23 août 2022 :").
func frDateline(toks []frToken, j int) bool {
	if j >= len(toks) || toks[j].key != "," {
		return false
	}
	month := func(from int) bool {
		for k := from; k < len(toks) && k <= from+2; k++ {
			if frDateTok(toks, k) {
				return true
			}
		}
		return false
	}
	if month(j + 1) {
		return true
	}
	for k := j + 2; k < len(toks) && k <= j+10; k++ {
		switch toks[k].key {
		case "—", "–", "-":
			return month(k + 1)
		}
		if !toks[k].word {
			return false
		}
	}
	return false
}

// frFromOrigin reports that the place after token k ("de", "d'") is where
// people came from: "des déplacés de Hama", "des familles venues de la
// province de Hama", "originaires d'Alep", "des déplacés du sud d'Idleb".
// The scene is where they are.
func frFromOrigin(toks []frToken, k int) bool {
	if k < 1 || toks[k].key != "de" && toks[k].key != "d'" {
		return false
	}
	j := k - 1
	if frIsPlaceNoun(toks[j].key) { // "de la province de Hama"
		j--
		if j >= 0 && frCountryArticles[toks[j].key] {
			j--
		}
		if j < 1 || toks[j].key != "de" && toks[j].key != "d'" {
			return false
		}
		j--
	} else if frNearWords[toks[j].key] && j >= 2 {
		// "des déplacés du sud d'Idleb", "venues de l'est de Deir ez-Zor"
		switch {
		case toks[j-1].key == "du":
			j -= 2
		case j >= 3 && (toks[j-1].key == "l'" || toks[j-1].key == "la") && (toks[j-2].key == "de" || toks[j-2].key == "d'"):
			j -= 3
		default:
			return false
		}
	}
	if j < 0 || !frOriginWords[toks[j].key] {
		return false
	}
	// "le camp de réfugiés de Jabaliya" is the camp's name.
	return !frCampOf(toks, j)
}

// frCampOf reports "camp de réfugiés" (or of the displaced) ending at
// token j, whose "de" and a name name the camp's town.
func frCampOf(toks []frToken, j int) bool {
	return j >= 2 && frOriginWords[toks[j].key] && toks[j-1].key == "de" && frCampNouns[toks[j-2].key]
}

// frCampNouns name camps and shelters, whose "de réfugiés de X" names X.
var frCampNouns = map[string]bool{"camp": true, "camps": true, "centre": true, "centres": true, "abri": true,
	"abris": true, "site": true, "sites": true}

// frOriginWords are the people and verbs whose "de" names where people came
// from.
var frOriginWords = map[string]bool{"déplacés": true, "déplacées": true, "déplacé": true, "déplacée": true,
	"réfugiés": true, "réfugiées": true, "venus": true, "venues": true, "venu": true, "venue": true,
	"venant": true, "originaires": true, "originaire": true, "chassés": true, "chassées": true,
	"expulsés": true, "expulsées": true, "évacués": true, "évacuées": true, "provenance": true, "arrivés": true}

// frIsDemonymTok reports a country token (a demonym) at k.
func frIsDemonymTok(countryTok []bool, k int) bool { return k >= 0 && countryTok[k] }

// frStrikeOf are the strikes whose "de" names the place struck: "l'attaque
// de Kramatorsk", "le bombardement de Khan Younès", "les frappes de
// Dnipro". Not those of a weapon or a campaign ("l'offensive de Moscou",
// "les tirs de Kiev"), whose "de" names the side that fires.
var frStrikeOf = map[string]bool{"attaque": true, "attaques": true, "bombardement": true, "bombardements": true,
	"pilonnage": true, "pilonnages": true, "frappe": true, "frappes": true, "raid": true, "raids": true,
	"attentat": true, "attentats": true, "massacre": true, "explosion": true}

// frAttackerAfter reports a target after the name that ends at j, which
// makes the name the side that strikes: "les frappes de Moscou sur
// Kharkiv", "l'attaque de Kiev contre le pont".
func frAttackerAfter(toks []frToken, j int) bool {
	return j < len(toks) && (toks[j].key == "sur" || toks[j].key == "contre" || toks[j].key == "visant")
}

// frPlaceVerbContext reports "sur" after a strike word, or after a strike
// word and up to three adjectives or a complement: "une frappe sur Idleb",
// "une frappe russe sur Kharkiv", "une attaque chimique présumée sur Khan
// Cheikhoun", "une frappe de drone sur Odessa".
func frPlaceVerbContext(toks []frToken, k int) bool {
	strike := func(i int) bool { return i >= 0 && frAttackNouns[toks[i].key] }
	lower := func(i int) bool { return i >= 0 && toks[i].word && !toks[i].upper }
	// "frappe sur", "frappe russe sur", "frappe de drone sur"
	if strike(k-1) || lower(k-1) && strike(k-2) || k >= 3 && lower(k-1) && (toks[k-2].key == "de" || toks[k-2].key == "d'") && strike(k-3) {
		return true
	}
	// The side that strikes between: "les frappes de Moscou sur Kharkiv".
	if k >= 3 && toks[k-1].upper && (toks[k-2].key == "de" || toks[k-2].key == "d'") && strike(k-3) {
		return true
	}
	// Up to three qualifiers: "une attaque chimique présumée sur", "une
	// frappe aérienne russe présumée sur".
	for j := k - 1; j >= 0 && k-j <= 3 && frQualifier(toks, j); j-- {
		if strike(j - 1) {
			return true
		}
	}
	return false
}

// frQualifiedNoun returns the place or site noun (frPlaceNouns,
// frOfPlaceNouns, frSiteNouns) that toks[j] qualifies: toks[j] ends up to
// two lower-case adjectives after it ("le marché historique de", "l'hôpital
// principal de", "la vieille ville fortifiée de") or one complement of "de"
// and a lower-case noun ("un centre d'accueil de", "un hôpital de campagne
// de"). It returns -1 when there is none: "la ville voisine de Jablé" is
// not Jablé.
func frQualifiedNoun(toks []frToken, j int) int {
	placeNoun := func(i int) bool {
		if frPlaceNouns[toks[i].key] == "countryside" {
			return false // "la campagne électorale de Zelensky" is no countryside
		}
		_, isPlace := frPlaceNouns[toks[i].key]
		return isPlace || frOfPlaceNouns[toks[i].key] || frSiteNouns[toks[i].key]
	}
	if !frQualifier(toks, j) {
		return -1
	}
	if j >= 1 && placeNoun(j-1) {
		return j - 1
	}
	if j >= 2 && frQualifier(toks, j-1) && placeNoun(j-2) {
		return j - 2
	}
	if j >= 2 && (toks[j-1].key == "de" || toks[j-1].key == "d'") && placeNoun(j-2) {
		return j - 2
	}
	return -1
}

// frQualifier reports a lower-case word at i that may qualify a noun:
// neither an article, a preposition, a pronoun nor a word of nearness.
func frQualifier(toks []frToken, i int) bool {
	t := toks[i]
	return t.word && !t.upper && !t.digits && len(t.key) > 2 && !frNotQualifiers[t.key] && frMonths[t.key] == 0
}

// frNotQualifiers are the lower-case words that qualify no noun before "de".
var frNotQualifiers = map[string]bool{"les": true, "une": true, "des": true, "aux": true, "dans": true,
	"sur": true, "sous": true, "par": true, "pour": true, "avec": true, "sans": true, "qui": true, "que": true,
	"qu'": true, "lors": true, "près": true, "loin": true, "voisin": true, "voisine": true, "voisins": true,
	"voisines": true, "jumelle": true, "jumelles": true, "proche": true, "proches": true, "jusqu'": true, "lorsqu'": true, "entre": true,
	"vers": true, "chez": true, "contre": true, "depuis": true, "après": true, "avant": true, "dont": true}

// frSiteNouns name a site that is named in turn and lies in the place that
// follows with "de": "l'hôpital Nasser de Khan Younès", "le camp Zamzam
// d'El-Facher", "le quartier PK5 de Bangui".
var frSiteNouns = map[string]bool{"quartier": true, "faubourg": true, "hôpital": true, "école": true, "mosquée": true, "église": true, "camp": true,
	"stade": true, "université": true, "prison": true, "marché": true, "aéroport": true, "base": true,
	"théâtre": true, "dépôt": true, "usine": true, "raffinerie": true, "bâtiment": true, "terminal": true,
	"centrale": true, "gare": true, "caserne": true}

// frNamedSite returns the index of the site noun whose name token i ends,
// the words from the noun to i being capitalised words and particles
// ("hôpital Nasser", "hôpital al-Chifa"), or -1.
func frNamedSite(toks []frToken, i int) int {
	if i < 1 || !toks[i].upper {
		return -1
	}
	for j := i; j >= 0 && i-j < 4; j-- {
		if frSiteNouns[toks[j].key] {
			if j < i {
				return j
			}
			return -1
		}
		if !toks[j].word || !toks[j].upper && !frNameParticles[toks[j].key] {
			return -1
		}
	}
	return -1
}

// frDateTok reports a date at token k: a month's name ("29 décembre") or
// a numeric date, day first ("27/07/2023"), which datelines of Belgian,
// Swiss and Canadian papers and of MaxPPP write as often.
func frDateTok(toks []frToken, k int) bool {
	if frMonthTok(toks, k) {
		return true
	}
	_, _, ok := frNumericDate(toks, k)
	return ok
}

// frNotNameAt reports a capitalised word at i that opens no place's name:
// a place noun written with a capital before its "de" ("l'État de Borno",
// "la Province d'Idleb": the name follows), a sea's name ("la mer Rouge",
// "la mer Noire", "le golfe d'Aden": no scene, and "Aden" there is not the
// city), or the head of an organisation's name ("le camp du Mécanisme
// opérationnel de coordination", "une base de la Minusma").
func frNotNameAt(toks []frToken, i int) bool {
	key := toks[i].key
	if frOrgHeads[key] {
		return true
	}
	if i >= 1 && frSeaNouns[toks[i-1].key] {
		return true
	}
	if i >= 2 && frSeaNouns[toks[i-2].key] && (toks[i-1].key == "de" || toks[i-1].key == "d'" || toks[i-1].key == "du") {
		return true
	}
	_, noun := frPlaceNounKind(key)
	return noun && i+1 < len(toks) && (toks[i+1].key == "de" || toks[i+1].key == "d'" || toks[i+1].key == "du")
}

// frPlaceNounKind returns the kind of a place noun of frPlaceNouns or of
// frDivisionNouns, and whether it is one.
func frPlaceNounKind(key string) (string, bool) {
	if kd, ok := frPlaceNouns[key]; ok {
		return kd, true
	}
	kd, ok := frDivisionNouns[key]
	return kd, ok
}

// frDivisionNouns are the divisions named with "de" that frPlaceNouns
// leaves out because they say more than a place elsewhere: "l'État de
// Borno", "l'État du Nil-Bleu" name a state, but "l'État hébreu" is
// Israel and "l'État islamique" a group, which a place noun's demonym
// (frCountryWeight) would take for a scene.
var frDivisionNouns = map[string]string{"état": "province", "états": "province"}

// frSeaNouns name seas and gulfs, whose names are no scene.
var frSeaNouns = map[string]bool{"mer": true, "océan": true, "golfe": true, "détroit": true}

// frOrgHeads open the names of organisations, missions and forces, which
// French writes with one capital: "le Mécanisme opérationnel de
// coordination", "le Conseil de transition du Sud", "la Minusma".
var frOrgHeads = map[string]bool{"mécanisme": true, "conseil": true, "comité": true, "commission": true,
	"mission": true, "mouvement": true, "parti": true, "gouvernement": true, "ministère": true,
	"organisation": true, "observatoire": true, "coalition": true, "union": true, "agence": true,
	"programme": true, "bureau": true, "haut-commissariat": true, "croissant-rouge": true,
	"croix-rouge": true, "armée": true, "forces": true, "force": true, "brigade": true, "brigades": true,
	"bataillon": true, "régiment": true, "direction": true, "service": true, "fonds": true,
	"minusma": true, "monusco": true, "minusca": true, "finul": true, "onu": true, "unrwa": true, "otan": true}

// frAfterOrgSite reports whether token i ends the name of an organisation
// that a site noun before it houses, so that the "de" and name after i
// name the site's town: "le camp du Mécanisme opérationnel de coordination
// (MOC) de Gao", "la base de la Minusma de Tombouctou".
func frAfterOrgSite(toks []frToken, i int) bool {
	for j := i; j >= 2 && i-j <= 10; j-- {
		if !toks[j].word && toks[j].key != "(" && toks[j].key != ")" {
			return false
		}
		if !frOrgHeads[toks[j].key] {
			continue
		}
		a := j - 1 // "du", "des", "de la", "de l'" and the site noun
		if toks[a].key == "la" || toks[a].key == "l'" {
			a--
		}
		return a >= 1 && (toks[a].key == "du" || toks[a].key == "de" || toks[a].key == "des" || toks[a].key == "d'") &&
			(frSiteNouns[toks[a-1].key] || frOfPlaceNouns[toks[a-1].key])
	}
	return false
}

// frAppositive reports a comma at j and a town noun in apposition after
// it, with no article: the name before is a town whatever introduced it
// ("une cuisine communautaire d'Omdourman, ville jumelle de Khartoum",
// "Kaya, ville du centre-nord", "Nyala, capitale du Darfour-Sud"). With an
// article the words describe rather than place ("Gaza, une ville
// assiégée — des enfants jouent" opens a headline, no dateline).
func frAppositive(toks []frToken, j int) bool {
	return j+1 < len(toks) && toks[j].key == "," && frTownNouns[toks[j+1].key]
}

// frTownNouns name a town in apposition.
var frTownNouns = map[string]bool{"ville": true, "capitale": true, "localité": true, "bourgade": true,
	"chef-lieu": true, "cité": true}

// frCompassSuffix returns 2 when toks[j:] goes on "du Nord" or "du Sud"
// with a capital, which is part of the name before it ("l'Ossétie du Sud",
// "le Waziristan du Nord", "le Kordofan du Sud"), and 0 otherwise: cut
// there, the name was another place's, in another country ("Ossétie",
// which the gazetteer does not know, left the scene to "des soldats
// russes" and placed it in Russia).
func frCompassSuffix(toks []frToken, j int) int {
	if j+1 < len(toks) && toks[j].key == "du" && toks[j+1].upper && (toks[j+1].key == "nord" || toks[j+1].key == "sud") {
		return 2
	}
	return 0
}
