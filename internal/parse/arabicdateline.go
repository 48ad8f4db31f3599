package parse

import (
	"slices"
	"strings"
	"unicode"

	"sijil/internal/caption"
)

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
	if b > 0 && at.bracketDateline(b) {
		return b, true
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

// bracketDateline reports an outlet or a country in brackets at token b,
// one to four words, and a dash after it: "خان يونس (رويترز) - …", "صور
// (لبنان) - …", the wires' dateline, which the credit leaves in the
// description when the caption closes with a photographer's credit of its
// own ("… تصوير: محمد سالم - رويترز").
func (at *arText) bracketDateline(b int) bool {
	if b >= len(at.toks) || at.toks[b].key != "(" {
		return false
	}
	for j := b + 1; j < len(at.toks) && j <= b+5; j++ {
		t := at.toks[j]
		if t.key == ")" {
			return j > b+1 && j+1 < len(at.toks) && at.toks[j+1].key == "-"
		}
		if !t.word || t.digits {
			return false
		}
	}
	return false
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

// arDatelinePlace adds the city of a dateline the credit cut from the
// description ("حمص-سانا| …", "دمشق (أ ف ب) - …", "غزة / الأناضول: …"),
// name at span (arDatelineCity), as the caption's widest place, after its
// own, as the English rules place "ABUJA (Reuters) -": a neighbourhood the
// gazetteer lacks ("حي الوعر") is then near its city, and a caption naming
// no place is in it.
func arDatelinePlace(rec *caption.Record, name string, span caption.Span, ev *evidence) {
	if name == "" || slices.Contains(rec.Places, name) {
		return
	}
	rec.Places = append(rec.Places, name)
	rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: name, Span: span})
	ev.add("places", 0, span)
}

// arDatelineCountry sets the country a dateline's city, name at span,
// names when the description names none, as it would have had the credit
// not cut the dateline: "غزة / الأناضول: فلسطينيون …" is in Gaza, which the demonym
// only hinted at.
func (p *Parser) arDatelineCountry(rec *caption.Record, name string, span caption.Span, ev *evidence) {
	if name == "" || rec.Country != "" && rec.CountryBasis != caption.CountryHint {
		return
	}
	at := newArText(name)
	found, n := at.match(&p.ar.countries, 0)
	if n == 0 || n != len(at.toks) || found[0].demonym {
		return
	}
	ev.drop("country")
	rec.Country, rec.CountryBasis = caption.CountryCode(found[0].value), caption.CountryNamed
	ev.add("country", 0, span)
}

// arDatelineCity returns the city of the dateline that text[:off], the
// part a credit cut before the description, opens with: the words before
// its first bracket, dash, slash, bar, comma or digit ("صيدا (لبنان) -
// رويترز: ", "غزة / الأناضول: ", "جنين 12-7-2023 وفا- "), at most three
// words of Arabic letters and no credit's label.
func arDatelineCity(text string, off int) (string, caption.Span, bool) {
	if off <= 0 || off > len(text) {
		return "", caption.Span{}, false
	}
	head := text[:off]
	end := strings.IndexFunc(head, func(r rune) bool {
		return strings.ContainsRune("([-–—|،,/", r) || unicode.IsDigit(r)
	})
	if end <= 0 {
		return "", caption.Span{}, false
	}
	name := strings.TrimSpace(head[:end])
	if words := strings.Fields(name); len(words) == 0 || len(words) > 3 || arCreditLabelAt(head, 0, end) > 0 {
		return "", caption.Span{}, false
	}
	for _, r := range name {
		if r != ' ' && !unicode.Is(unicode.Arabic, r) {
			return "", caption.Span{}, false
		}
	}
	start := strings.Index(head, name)
	return name, caption.Span{Start: start, End: start + len(name)}, true
}

// arDatelineDate gives back the date of a dated dateline the credit cut
// ("جنين 12-7-2023 وفا- …") when the description has none: the day the
// story was filed, which WAFA's captions of the day's events call "اليوم"
// (today). A date the description gives is the scene's and wins.
func arDatelineDate(rec *caption.Record, off int, ev *evidence) {
	if !rec.Date.IsZero() || off <= 0 || off > len(rec.Text) {
		return
	}
	_, d, span, _, ok := arDatedDateline(rec.Text[:off])
	if !ok {
		return
	}
	rec.Date, rec.DateText = d, rec.Text[span.Start:span.End]
	ev.add("date", 0, span)
}
