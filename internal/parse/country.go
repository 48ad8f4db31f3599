package parse

import (
	"io/fs"
	"strings"

	"sijil/internal/caption"
)

// countryLexicon finds country names and demonyms (lexicon/countries.tsv).
type countryLexicon struct {
	names    *phraseSet // value: ISO code
	demonyms *phraseSet
}

func loadCountries(extra []fs.FS) (countryLexicon, error) {
	rows, err := readLexicon("countries.tsv", extra)
	if err != nil {
		return countryLexicon{}, err
	}
	cl := countryLexicon{names: newPhraseSet(lexCountryNames), demonyms: newPhraseSet(lexDemonyms)}
	for _, r := range rows {
		if len(r.fields) < 2 || len(r.fields[0]) != 2 || strings.ToUpper(r.fields[0]) != r.fields[0] {
			return countryLexicon{}, r.errorf("want CODE<TAB>names[<TAB>demonyms] with a two-letter upper-case code")
		}
		for _, n := range strings.Split(r.fields[1], "|") {
			cl.names.add(n, r.fields[0], "")
		}
		if len(r.fields) > 2 {
			for _, d := range strings.Split(r.fields[2], "|") {
				cl.demonyms.add(d, r.fields[0], "")
			}
		}
	}
	cl.names.sortLongestFirst()
	cl.demonyms.sortLongestFirst()
	return cl, nil
}

// Weights of country evidence. A country named in the scene ("in Mafraq,
// Jordan") outranks a demonym that places the scene ("the northern Syrian
// city of Aleppo"), which outranks a demonym that only describes someone
// ("Syrian refugee Samah … in Mafraq, Jordan" is in Jordan).
const (
	weightHint    = 1 // a demonym anywhere in a scene sentence
	weightPlace   = 2 // a demonym before a place word: "Syrian city of"
	weightNamed   = 3 // the country's name in a scene sentence
	weightPlaced  = 4 // the name after a place: "Cox's Bazar, Bangladesh", "in Mafraq, Jordan"
	weightOutside = 0 // any mention outside the scene sentences only counts when nothing else does
)

// countryMention is one piece of evidence for the scene's country.
type countryMention struct {
	code   string
	span   caption.Span
	weight int
	first  int // token index, for ties: the earlier mention wins
	toks   [2]int
}

// findCountries appends to out every country name and demonym in toks.
// Names must be capitalised, so "jordan" in running text is not a country.
func (cl countryLexicon) findCountries(out []countryMention, desc string, toks []token, inScene []bool) []countryMention {
	for i := 0; i < len(toks); i++ {
		if !toks[i].word || !toks[i].upper {
			continue
		}
		if found, n := cl.names.match(toks, i); n > 0 {
			w := nameWeight(toks, i)
			if !inScene[i] {
				w = weightOutside
			}
			out = append(out, countryMention{code: found[0].value, weight: w, first: i, toks: [2]int{i, i + n},
				span: caption.Span{Start: toks[i].start, End: toks[i+n-1].end}})
			i += n - 1
			continue
		}
		if found, n := cl.demonyms.match(toks, i); n > 0 {
			w := weightHint
			if placeWordAfter(toks, i+n) {
				w = weightPlace
			}
			if !inScene[i] {
				w = weightOutside
			}
			out = append(out, countryMention{code: found[0].value, weight: w, first: i, toks: [2]int{i, i + n},
				span: caption.Span{Start: toks[i].start, End: toks[i+n-1].end}})
			i += n - 1
		}
	}
	return out
}

// nameWeight grades a country name at toks[i] by the word before it: after
// a place and a comma it places the scene ("Mafraq, Jordan"); after "from",
// "with" or "and" it names where people came from or a neighbour ("crossing
// the border from Myanmar into Palang Khali", "the border with Gaza").
func nameWeight(toks []token, i int) int {
	if i == 0 {
		return weightNamed
	}
	switch toks[i-1].key {
	case ",":
		if i >= 2 && toks[i-2].word && toks[i-2].upper {
			return weightPlaced
		}
	case "from", "with", "and", "between", "to", "toward", "towards", "into":
		return weightHint
	}
	return weightNamed
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

// bestCountry picks the heaviest mention, the earliest among equals.
func bestCountry(ms []countryMention) (countryMention, bool) {
	best, ok := countryMention{weight: -1}, false
	for _, m := range ms {
		if m.weight > best.weight {
			best, ok = m, true
		}
	}
	return best, ok
}
