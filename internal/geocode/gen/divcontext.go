package main

import (
	"slices"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// altFilterStats counts the division alternates kept and left out.
type altFilterStats struct {
	kept, abbrev      int // names kept, of which abbreviations
	junk, same        int // junk; the name again, or a spelling already kept
	seat, shared      int // a town's other name; another division's name
	abbrevFromNatural int // abbreviations Natural Earth already had
}

// addAlternates gives each division place the names of its feature that a
// caption may use for it. Beyond junk, two kinds of Natural Earth names
// are left out because they name something else:
//
//   - the name of a town of the same country that is not the division's
//     namesake: Natural Earth lists Nineveh's seat "Mosul", Anbar's
//     "Ramadi", Rif Dimashq's "Damascus" and Al Marqab's "Homs" among their
//     names, and a caption's "Mosul" is the city. A town sharing the
//     division's name keeps the division's other names ("Halab" for the
//     Aleppo governorate, as for the city).
//   - a name of another division of the same country, or one that several
//     divisions list ("Sanaa" for the capital's own division beside Sanaa
//     governorate; "Acadia" for New Brunswick and Nova Scotia).
//
// Postal codes and state abbreviations are kept whatever they collide
// with ("LA" is also Los Angeles): they are what a caption writes after a
// city, where the resolver looks for a division.
func addAlternates(places []geocode.Place, feats []neProps, cities []geocode.Place) altFilterStats {
	var st altFilterStats
	cands := make([][]string, len(places))
	for i, f := range feats {
		cands[i] = candidateAlternates(places[i].Name, f, &st)
	}
	own := ownSpellings(places)
	listed := listedBy(places, cands)
	seats := seatIndex(places, cands, cities)
	for i, p := range places {
		cc := p.Country
		for _, a := range cands[i] {
			s := geocode.Spelling(a)
			switch {
			case !own[cc][s][i] && (len(own[cc][s]) > 0 || len(listed[cc][s]) > 1):
				st.shared++
			case notNamesake(seats[cc][s], p):
				st.seat++
			default:
				places[i].Alternates = append(places[i].Alternates, a)
			}
		}
		places[i].Alternates = addAbbreviations(places[i], feats[i], &st)
		st.kept += len(places[i].Alternates)
	}
	return st
}

// candidateAlternates returns a feature's clean names other than name,
// each spelling once.
func candidateAlternates(name string, f neProps, st *altFilterStats) []string {
	var out []string
	for _, raw := range rawAlternates(name, f) {
		if raw == "" {
			continue
		}
		names := cleanAlternate(raw)
		if len(names) == 0 {
			st.junk++
		}
		for _, a := range names {
			if sameName(a, name) || slices.ContainsFunc(out, func(b string) bool { return sameName(a, b) }) {
				st.same++
				continue
			}
			out = append(out, a)
		}
	}
	return out
}

// sameName reports whether a adds nothing to b for finding or ranking: the
// same Key and the same Spelling.
func sameName(a, b string) bool {
	return geocode.Key(a) == geocode.Key(b) && geocode.Spelling(a) == geocode.Spelling(b)
}

// addAbbreviations appends the division's abbreviations not yet among its
// alternates.
func addAbbreviations(p geocode.Place, f neProps, st *altFilterStats) []string {
	alts := p.Alternates
	for _, a := range abbreviations(f) {
		st.abbrev++
		if slices.ContainsFunc(alts, func(b string) bool { return a == b }) || slices.Contains(splitAlt(f.NameAlt), a) {
			st.abbrevFromNatural++
		}
		if !slices.Contains(alts, a) {
			alts = append(alts, a)
		}
	}
	return alts
}

// ownSpellings maps country → Spelling → the divisions (place numbers)
// whose name, or name without division words, has it.
func ownSpellings(places []geocode.Place) map[caption.CountryCode]map[string]map[int]bool {
	m := map[caption.CountryCode]map[string]map[int]bool{}
	for i, p := range places {
		for _, s := range []string{geocode.Spelling(p.Name), core(p.Name)} {
			addIndex(m, p.Country, s, i)
		}
	}
	return m
}

// listedBy maps country → Spelling → the divisions listing it.
func listedBy(places []geocode.Place, cands [][]string) map[caption.CountryCode]map[string]map[int]bool {
	m := map[caption.CountryCode]map[string]map[int]bool{}
	for i, alts := range cands {
		for _, a := range alts {
			addIndex(m, places[i].Country, geocode.Spelling(a), i)
		}
	}
	return m
}

func addIndex(m map[caption.CountryCode]map[string]map[int]bool, cc caption.CountryCode, s string, i int) {
	if m[cc] == nil {
		m[cc] = map[string]map[int]bool{}
	}
	if m[cc][s] == nil {
		m[cc][s] = map[int]bool{}
	}
	m[cc][s][i] = true
}

// seatIndex maps country → Spelling of a candidate alternate → the Keys
// of every name of each town of that country that has the spelling.
func seatIndex(places []geocode.Place, cands [][]string, cities []geocode.Place) map[caption.CountryCode]map[string][][]string {
	want := map[caption.CountryCode]map[string][][]string{}
	for i, alts := range cands {
		cc := places[i].Country
		if want[cc] == nil {
			want[cc] = map[string][][]string{}
		}
		for _, a := range alts {
			want[cc][geocode.Spelling(a)] = nil
		}
	}
	for _, c := range cities {
		w := want[c.Country]
		if w == nil {
			continue
		}
		var keys []string
		for _, n := range append([]string{c.Name}, c.Alternates...) {
			s := geocode.Spelling(n)
			if _, ok := w[s]; !ok {
				continue
			}
			if keys == nil {
				keys = townKeys(c)
			}
			w[s] = append(w[s], keys)
		}
	}
	return want
}

func townKeys(c geocode.Place) []string {
	keys := []string{geocode.Key(c.Name)}
	for _, a := range c.Alternates {
		keys = append(keys, geocode.Key(a))
	}
	return keys
}

// notNamesake reports whether towns (the name keys of each town spelt
// like an alternate) holds towns and none of them shares p's name, or its
// name without division words, by Key: then the alternate is a town's.
func notNamesake(towns [][]string, p geocode.Place) bool {
	k1, k2 := geocode.Key(p.Name), geocode.Key(stripDivisionWords(p.Name))
	for _, keys := range towns {
		if slices.Contains(keys, k1) || slices.Contains(keys, k2) {
			return false
		}
	}
	return len(towns) > 0
}
