package parse

import (
	"slices"
	"strings"

	"sijil/internal/caption"
)

// The French rules for a caption's heading: the name that opens it before a
// comma, a colon or a dash (see frPlaces and french.go).

// frHeadPlace reports whether the name opening a caption and ending before
// token j heads it with a short apposition that places it and a mark that
// ends the heading: "Syrte, Libye. Des combattants…", "Beni, Nord-Kivu :
// des soldats…", "Pokrovsk, région de Donetsk – Une femme…", "Bamenda,
// région du Nord-Ouest du Cameroun, le 20 mai 2023 –". frDateline wants a
// date right after the comma; these headings give none, or give it after
// the apposition.
func frHeadPlace(toks []frToken, countryTok []bool, j int) bool {
	if j >= len(toks) || toks[j].key != "," {
		return false
	}
	k, named := frPlacingWords(toks, countryTok, j+1)
	if !named || k >= len(toks) {
		return false
	}
	switch toks[k].key {
	case ".", ":", "—", "–", "-", "(":
		return true
	case ",":
		return frDateline(toks, k) // "…, région de Donetsk, le 3 mai 2024"
	}
	return false
}

// frPlacingWords returns the end of the words from token i that may place a
// name (countries, capitalised names, place and region nouns and their
// particles: "région du Nord-Ouest du Cameroun"), at most eight, and
// whether one of them is a name. Any other word ends them: "Ahmed, 12 ans,
// …" or "Alep, où les combats…" are no headings.
func frPlacingWords(toks []frToken, countryTok []bool, i int) (int, bool) {
	named := false
	k := i
	for ; k < len(toks) && k < i+8; k++ {
		t := toks[k]
		switch {
		case countryTok[k] || t.word && t.upper && !t.digits && !frNotPlaces[t.key]:
			named = true
		case frIsPlaceNoun(t.key) || frRegionNouns[t.key] || frHeadParticles[t.key]:
		default:
			return k, named
		}
	}
	return k, false // too long for a heading
}

// frHeadParticles join the words of a heading's apposition.
var frHeadParticles = map[string]bool{"de": true, "du": true, "d'": true, "des": true, "la": true, "l'": true}

// frDropCountryPlaces drops the places the English rules read that are a
// French country's name: "Liban : des secouristes…" made "Liban" a place,
// which the gazetteer found in Czechia (Libáň). The French rules read the
// country from the name; used marks the tokens of the country mentions.
func frDropCountryPlaces(rec *caption.Record, toks []frToken, used []bool, off int, ev *evidence) {
	dropPlaces(rec, ev, func(r caption.PlaceRef) bool { return frAllCountryToks(toks, used, r.Span, off) })
}

// dropPlaces removes from rec the places drop reports, and their evidence.
// It leaves a record whose Places and PlaceRefs do not pair alone.
func dropPlaces(rec *caption.Record, ev *evidence, drop func(caption.PlaceRef) bool) {
	if len(rec.Places) != len(rec.PlaceRefs) {
		return
	}
	n := len(rec.PlaceRefs)
	for k := n - 1; k >= 0; k-- {
		if drop(rec.PlaceRefs[k]) {
			rec.PlaceRefs = slices.Delete(rec.PlaceRefs, k, k+1)
			rec.Places = slices.Delete(rec.Places, k, k+1)
		}
	}
	if len(rec.PlaceRefs) == n {
		return
	}
	ev.drop("places")
	for _, r := range rec.PlaceRefs {
		ev.add("places", 0, r.Span)
	}
}

// frAllCountryToks reports whether the tokens in sp (relative to the text,
// the description starting at off) are all of a country's name.
func frAllCountryToks(toks []frToken, used []bool, sp caption.Span, off int) bool {
	found := false
	for i, t := range toks {
		if t.start+off >= sp.Start && t.end+off <= sp.End && t.word {
			if !used[i] {
				return false
			}
			found = true
		}
	}
	return found
}

// frSceneAfterHeading puts first the place the first sentence gives with
// "à" when the English rules read only the caption's heading, a wider
// place: "Gaza : des Palestiniens … à Rafah, dans le sud de la bande de
// Gaza" and "Idleb, 6 février 2023 – … à Harem, dans la province d'Idleb"
// show Rafah and Harem. A dateline tells where the story was filed, the
// sentence where the photo was taken, as the English rules read "GOMA,
// Congo - … in Sake". Only "à" and a settlement noun (frSceneCue) are
// taken: "fuient vers Rafah" does not move the scene, and a later
// sentence may tell of elsewhere.
func frSceneAfterHeading(rec *caption.Record, desc string, toks []frToken, countryTok []bool, sentOf []int, off int, ev *evidence) {
	if len(rec.PlaceRefs) == 0 || len(rec.Places) != len(rec.PlaceRefs) || rec.PlaceRefs[0].Span.Start != off+toks[0].start {
		return
	}
	head := frTokensIn(toks, 0, rec.PlaceRefs[0].Span.End-off)
	// "BUNIA, RDC - …": a comma and a placing apposition end it too.
	if head >= len(toks) || !frHeadingMark(toks, head) && !frHeadPlace(toks, countryTok, head) {
		return
	}
	var body caption.Record
	var bev evidence
	frPlaces(&body, desc, toks, countryTok, sentOf, 0, off, &bev)
	for _, r := range body.PlaceRefs {
		if r.Span.Start < rec.PlaceRefs[0].Span.End {
			continue // the heading itself
		}
		i := slices.IndexFunc(toks, func(t frToken) bool { return t.start+off == r.Span.Start })
		if i < 1 || !frSceneCue(toks, i) {
			return
		}
		// The English rules may have read it after the heading: it moves.
		if k := slices.IndexFunc(rec.Places, func(p string) bool { return strings.EqualFold(p, r.Name) }); k >= 0 {
			r = rec.PlaceRefs[k]
			rec.Places = slices.Delete(rec.Places, k, k+1)
			rec.PlaceRefs = slices.Delete(rec.PlaceRefs, k, k+1)
		} else {
			ev.add("places", 0, r.Span)
		}
		rec.Places = slices.Insert(rec.Places, 0, r.Name)
		rec.PlaceRefs = slices.Insert(rec.PlaceRefs, 0, r)
		return
	}
}

// frSceneCue reports whether the place at token i is given as where the
// people of the sentence are: after "à", or as the name of the village or
// town they are in ("dans le village de Djaiba", "au village de
// Kibati", "dans la localité de Kalehe"). "au nord de Goma" and
// "dans la province d'Idleb" place the scene only near or within a name,
// and "les déplacés du village de Djaiba" came from it.
func frSceneCue(toks []frToken, i int) bool {
	if toks[i-1].key == "à" {
		return true
	}
	if i < 3 || toks[i-1].key != "de" && toks[i-1].key != "d'" || !frSettlementNouns[toks[i-2].key] {
		return false
	}
	switch det := toks[i-3].key; {
	case det == "au":
		return true
	case det == "le" || det == "la" || det == "l'":
		return i >= 4 && (toks[i-4].key == "dans" || toks[i-4].key == "à" && det != "le")
	}
	return false
}

// frSettlementNouns name a place people are in, which the gazetteer may
// hold as a point: frSceneCue's nouns. A "quartier" or a "camp" is left to
// the heading's town: the gazetteer seldom holds neighbourhoods and camps,
// and the town places them ("BAMAKO - … dans le quartier de Médina-Coura",
// "GOMA - … dans le camp de Bulengo").
var frSettlementNouns = map[string]bool{"village": true, "ville": true, "localité": true, "bourg": true}

// frHeadingMark reports a mark that ends a caption's heading after token
// i: a colon, a dash, a comma before a date ("Idleb, 6 février 2023 –"), or
// a bracket ("TYR (Liban) (AFP) -").
func frHeadingMark(toks []frToken, i int) bool {
	switch toks[i].key {
	case ":", "—", "–", "-", "(":
		return true
	}
	return frDateline(toks, i)
}
