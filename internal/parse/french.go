package parse

import (
	"io/fs"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// French captions (AFP's French wire, francophone outlets) are read by the
// rules of this file and of frdate.go, frcasualty.go, frcountry.go and
// frplace.go once detectLang says a caption is French. They fill what the
// English rules left empty, and only that: a French caption keeps its
// credit (the credit forms are the same), and no English caption reaches
// them. Their vocabulary is in lexicon/fr_*.tsv, extensible as the English
// lexicons are.

// frenchLexicon is the vocabulary of the French rules.
type frenchLexicon struct {
	countries []frPhrase // value: country code; demonym marks a demonym
	events    []frPhrase // value: event type
	sources   []frPhrase // value: the attribution records give
	actors    []frActor  // fr_actors.tsv, longest first
}

// frPhrase is one lexicon phrase as lower-case words; a word ending in *
// matches any word it starts.
type frPhrase struct {
	words   []string
	value   string
	demonym bool
}

func loadFrench(extra []fs.FS) (*frenchLexicon, error) {
	var lex frenchLexicon
	rows, err := readLexicon("fr_countries.tsv", extra)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r.fields) < 2 || len(r.fields) > 3 || len(r.fields[0]) != 2 {
			return nil, r.errorf("want CODE<TAB>name|name<TAB>demonym|demonym")
		}
		for _, n := range strings.Split(r.fields[1], "|") {
			lex.countries = appendPhrase(lex.countries, n, r.fields[0], false)
		}
		if len(r.fields) == 3 {
			for _, n := range strings.Split(r.fields[2], "|") {
				lex.countries = appendPhrase(lex.countries, n, r.fields[0], true)
			}
		}
	}
	if rows, err = readLexicon("fr_events.tsv", extra); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r.fields) != 2 || caption.EventType(r.fields[0]).Index() < 0 {
			return nil, r.errorf("want EVENT_TYPE<TAB>phrase with one of %v", caption.EventTypes())
		}
		lex.events = appendPhrase(lex.events, r.fields[1], r.fields[0], false)
	}
	if rows, err = readLexicon("fr_sources.tsv", extra); err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r.fields) != 2 || r.fields[0] == "" {
			return nil, r.errorf("want value<TAB>alias|alias")
		}
		for _, a := range strings.Split(r.fields[1], "|") {
			lex.sources = appendPhrase(lex.sources, a, r.fields[0], false)
		}
	}
	if lex.actors, err = loadFrenchActors(extra); err != nil {
		return nil, err
	}
	// Longest first, so that "Soudan du Sud" wins over "Soudan".
	for _, l := range [][]frPhrase{lex.countries, lex.events, lex.sources} {
		slices.SortStableFunc(l, func(a, b frPhrase) int { return len(b.words) - len(a.words) })
	}
	return &lex, nil
}

func appendPhrase(l []frPhrase, text, value string, demonym bool) []frPhrase {
	var words []string
	for _, t := range frTokens(text) {
		switch {
		case t.word:
			words = append(words, t.key)
		case t.key == "*" && len(words) > 0:
			words[len(words)-1] += "*"
		}
	}
	if len(words) == 0 {
		return l
	}
	return append(l, frPhrase{words: words, value: value, demonym: demonym})
}

// frToken is a word, a number or a punctuation mark of a French text.
type frToken struct {
	start, end int
	key        string // lower case; an elided article keeps its apostrophe folded to ' ("d'")
	word       bool   // letters or digits
	upper      bool
	digits     bool
}

// frTokens splits s into words (letters, digits, inner hyphens, an elided
// "l'", "d'", "qu'" apart from the word it precedes) and single marks.
func frTokens(s string) []frToken {
	var toks []frToken
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) || r == '\u00a0' || r == '\u202f' {
			i += n
			continue
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			toks = append(toks, frToken{start: i, end: i + n, key: s[i : i+n]})
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				j += n
				continue
			}
			if (r == '-') && j+n < len(s) {
				if r2, _ := utf8.DecodeRuneInString(s[j+n:]); unicode.IsLetter(r2) || unicode.IsDigit(r2) {
					j += n
					continue
				}
			}
			if (r == '\'' || r == '’') && j+n < len(s) {
				// Elision: "d'Alep" is "d'" and "Alep".
				if w := strings.ToLower(s[i:j]); w == "l" || w == "d" || w == "qu" || w == "s" || w == "n" || w == "j" || w == "jusqu" || w == "lorsqu" ||
					w == "c" || w == "m" || w == "t" || w == "puisqu" || w == "quoiqu" {
					j += n
					break
				}
				// Any other apostrophe between letters is a transliterated
				// ayn or hamza inside a name: "Ma'arat al-Nu'man", "Sana'a".
				if r2, _ := utf8.DecodeRuneInString(s[j+n:]); unicode.IsLetter(r2) {
					j += n
					continue
				}
			}
			break
		}
		w := s[i:j]
		key := strings.ToLower(strings.ReplaceAll(w, "’", "'"))
		first, _ := utf8.DecodeRuneInString(w)
		digits := strings.Trim(w, "0123456789") == ""
		upper := unicode.IsUpper(first)
		if p, rest, ok := strings.Cut(w, "-"); ok && frNameParticles[p] && rest != "" {
			r, _ := utf8.DecodeRuneInString(rest)
			upper = unicode.IsUpper(r) // "al-Nairab", "ez-Zor" go on a name
		}
		toks = append(toks, frToken{start: i, end: j, key: key, word: true, upper: upper, digits: digits})
		i = j
	}
	return mergeThousands(s, toks)
}

// mergeThousands joins the groups of a number French writes with spaces
// between thousands ("300 000", "1 200"), or with tight dots ("3.800"),
// into one token.
func mergeThousands(s string, toks []frToken) []frToken {
	out := toks[:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		for t.digits && len(t.key) <= 3 && i+1 < len(toks) && toks[i+1].digits && len(toks[i+1].key) == 3 &&
			strings.TrimFunc(s[t.end:toks[i+1].start], func(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' }) == "" &&
			toks[i+1].start > t.end {
			t.end = toks[i+1].end
			t.key += toks[i+1].key
			i++
		}
		// "3.800 morts": Belgian and Swiss papers group thousands with a
		// dot, written tight; "12.03.2020" has no group of three.
		for t.digits && len(t.key) <= 3 && i+2 < len(toks) && toks[i+1].key == "." && toks[i+2].digits && len(toks[i+2].key) == 3 &&
			toks[i+1].start == t.end && toks[i+2].start == toks[i+1].end {
			t.end = toks[i+2].end
			t.key += toks[i+2].key
			i += 2
		}
		out = append(out, t)
	}
	return out
}

// matchPhrase returns the length in tokens of the phrase at toks[i:], or 0.
func (ph frPhrase) match(toks []frToken, i int) int {
	if i+len(ph.words) > len(toks) {
		return 0
	}
	for k, w := range ph.words {
		t := toks[i+k]
		if !t.word {
			return 0
		}
		if stem, ok := strings.CutSuffix(w, "*"); ok {
			if !strings.HasPrefix(t.key, stem) {
				return 0
			}
		} else if t.key != w {
			return 0
		}
	}
	return len(ph.words)
}

// frSentences returns the token index where each sentence starts, and the
// number of sentences: a sentence ends at ".", "!" or "?" after a word that
// is not a single capital (an initial).
func frSentenceOf(toks []frToken) []int {
	of := make([]int, len(toks))
	s := 0
	for i, t := range toks {
		of[i] = s
		if (t.key == "." || t.key == "!" || t.key == "?") && i > 0 && !(toks[i-1].upper && toks[i-1].end-toks[i-1].start == 1) && !frAbbrevStop(toks, i) && !frInnerDot(toks, i) &&
			(s > 0 || !frHeadingOnly(toks[:i])) {
			s++
		}
	}
	return of
}

// french fills the fields of rec the English rules left empty from desc, a
// French description at offset off of rec.Text.
func (p *Parser) french(rec *caption.Record, desc string, off int, ev *evidence) {
	toks := frTokens(desc)
	if len(toks) == 0 {
		return
	}
	sentOf := frSentenceOf(toks)
	if rec.Date.IsZero() {
		d, span, text, warn := frDate(desc, toks)
		if !d.IsZero() {
			rec.Date, rec.DateText = d, text
			ev.add("date", off, span)
		}
		if warn != "" {
			rec.Warnings = append(rec.Warnings, warn)
		}
	}
	var figSents []int
	if rec.Killed == nil && rec.Injured == nil {
		figs := frCasualties(toks, rec.Date)
		figSents = setFigures(rec, figs, sentOf, off, ev)
		if len(figs) > 0 && len(rec.Attribution) == 0 {
			setAttribution(rec, p.fr.attribution(toks), off, ev)
		}
	}
	scene := func(i int) bool { return sentOf[i] == 0 || slices.Contains(figSents, sentOf[i]) }
	if len(rec.EventTypes) == 0 {
		types := caption.EventTypes()
		seen := make([]bool, len(types))
		for i := 0; i < len(toks); i++ {
			if !scene(i) || frOpposedAt(toks, i) {
				continue
			}
			for _, ph := range p.fr.events {
				if n := ph.match(toks, i); n > 0 {
					seen[caption.EventType(ph.value).Index()] = true
					ev.add("event_types", off, caption.Span{Start: toks[i].start, End: toks[i+n-1].end})
					i += n - 1
					break
				}
			}
		}
		for i, e := range types {
			if seen[i] {
				rec.EventTypes = append(rec.EventTypes, e)
			}
		}
	}
	countryTok := make([]bool, len(toks))
	// The English rules may have read a French country name they share
	// ("Ukraine", "France") only as a hint; the French ones know "en
	// Ukraine" names the scene's, and that "contre la guerre en Ukraine"
	// or "appuyée par la Russie" does not.
	if rec.Country != "" && frEnglishCountryAside(toks, ev, off) {
		frDropMediaPlace(rec, toks, ev, off)
		rec.Country, rec.CountryBasis = "", ""
		ev.drop("country")
	}
	mentions := p.fr.countryMentions(toks, countryTok, scene)
	frDropCountryPlaces(rec, toks, countryTok, off, ev)
	// "Morts : 7 ; blessés : 21. Frappe sur …", "Bilan : 5 morts. …": a
	// toll's label opening the caption is no place (Bilan is a town in
	// Turkey), though a heading rule read it as one.
	// Nor is a heading's strike read as a name: "Bombardements sur
	// Kharkiv, Ukraine", where the English rules took all before the
	// country.
	dropPlaces(rec, ev, func(r caption.PlaceRef) bool {
		key := strings.ToLower(r.Name)
		first, _, _ := strings.Cut(key, " ")
		return frTollLabel(key) || key == "bilan" || frAttackNouns[first] && first != key
	})
	if len(rec.Places) == 0 {
		for s := 0; len(rec.Places) == 0 && s <= sentOf[len(toks)-1]; s++ {
			frPlaces(rec, desc, toks, countryTok, sentOf, s, off, ev)
		}
	} else {
		frContainers(rec, desc, toks, countryTok, sentOf, off, ev)
	}
	frSceneAfterHeading(rec, desc, toks, countryTok, sentOf, off, ev)
	if rec.Country == "" || rec.CountryBasis == caption.CountryHint {
		// After the places: a background clause after the scene's first
		// place names no country of the scene's.
		frBackground(toks, mentions, frFirstPlace(rec, toks, off))
		p.fr.setCountry(rec, mentions, off, ev)
	}
	// After the country: "les forces gouvernementales" are the scene's.
	p.frActors(rec, desc, toks, sentOf, scene, off, ev)
}

// frOpposedAt reports whether the words at token i are what people
// oppose, not what the photo shows: "Des habitants manifestent contre les
// frappes russes" shows a protest, not a strike (frNotAgentCues).
func frOpposedAt(toks []frToken, i int) bool {
	k := i - 1
	if k >= 0 && frArticles[toks[k].key] && toks[k].key != "de" && toks[k].key != "d'" {
		k--
	}
	return k >= 0 && frNotAgentCues[toks[k].key]
}

// frHeadingOnly reports whether toks, all before a caption's first full
// stop, are only a heading of a few capitalised names ("Liban.", "Syrte,
// Libye."): the sentence after it is the scene's, not a background one.
func frHeadingOnly(toks []frToken) bool {
	if len(toks) == 0 || len(toks) > 4 {
		return false
	}
	for _, t := range toks {
		if t.word && (!t.upper || t.digits) || !t.word && t.key != "," {
			return false
		}
	}
	return true
}

// frKeyAt returns the key of token k when it lies before token end, else
// "": the rules look a few words ahead without running off their clause.
func frKeyAt(toks []frToken, k, end int) string {
	if k >= 0 && k < end && k < len(toks) {
		return toks[k].key
	}
	return ""
}
