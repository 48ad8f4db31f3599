package parse

// arDatelineSeps end the place of a dateline that starts the caption:
// "حلب، سوريا", "إدلب - …", "بنغازي: …", "غزة / الأناضول: …".
var arDatelineSeps = map[string]bool{",": true, "-": true, ":": true, "/": true}

// arDateline reads a dateline at the caption's first token and returns the
// token after its place. The place is one a comma, a dash, a colon or a
// slash ends when the lexicon knows it or the words after it say it is a
// place ("حلب، سوريا"); a place the lexicon lacks is a dateline too when an
// outlet and a colon follow the dash ("مقديشو - الأناضول:", "كسلا - سونا:"),
// the shape of the Arabic wires' datelines, which no sentence takes.
func (at *arText) arDateline(countryTok []bool, lex *arabicLexicon) (int, bool) {
	b := at.arNameAt(0, countryTok, lex, false)
	if _, n := at.match(&lex.places, 0); n > 0 && n >= b {
		b = n
	}
	if b == 0 || b >= len(at.toks) || !arDatelineSeps[at.toks[b].key] {
		return 0, false
	}
	if at.isKnownPlace(lex, 0, b) || at.arOutletDateline(b) {
		return b, true
	}
	sep := at.toks[b].key
	return b, (sep == "," || sep == "-") && at.placeFollows(b, countryTok)
}

// arOutletDateline reports a dash or a slash at token b followed by one to
// three words and a colon or a bar: "- الأناضول:", "- الوكالة الوطنية
// للإعلام:", "/ سبأ |".
func (at *arText) arOutletDateline(b int) bool {
	if k := at.toks[b].key; k != "-" && k != "/" {
		return false
	}
	for j := b + 1; j < len(at.toks) && j <= b+4; j++ {
		t := at.toks[j]
		if t.key == ":" || t.key == "|" {
			return j > b+1
		}
		if !t.word || t.digits {
			return false
		}
	}
	return false
}
