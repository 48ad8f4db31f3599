package parse

import (
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// French captions (AFP's French wire, francophone outlets) are read by the
// rules of this file once detectLang says a caption is French. They fill
// what the English rules left empty, and only that: a French caption keeps
// its credit (the credit forms are the same), and no English caption
// reaches them. Their vocabulary is in lexicon/fr_*.tsv, extensible as the
// English lexicons are.

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
				if w := strings.ToLower(s[i:j]); w == "l" || w == "d" || w == "qu" || w == "s" || w == "n" || w == "j" || w == "jusqu" || w == "lorsqu" {
					j += n
					break
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
// between thousands ("300 000", "1 200") into one token.
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
		if (t.key == "." || t.key == "!" || t.key == "?") && i > 0 && !(toks[i-1].upper && toks[i-1].end-toks[i-1].start == 1) && !frAbbrevStop(toks, i) {
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
			if !scene(i) {
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
		rec.Country, rec.CountryBasis = "", ""
		ev.drop("country")
	}
	mentions := p.fr.countryMentions(toks, countryTok, scene)
	if len(rec.Places) == 0 {
		for s := 0; len(rec.Places) == 0 && s <= sentOf[len(toks)-1]; s++ {
			frPlaces(rec, desc, toks, countryTok, sentOf, s, off, ev)
		}
	} else {
		frContainers(rec, desc, toks, countryTok, sentOf, off, ev)
	}
	if rec.Country == "" || rec.CountryBasis == caption.CountryHint {
		// After the places: a background clause after the scene's first
		// place names no country of the scene's.
		frBackground(toks, mentions, frFirstPlace(rec, toks, off))
		p.fr.setCountry(rec, mentions, off, ev)
	}
	// After the country: "les forces gouvernementales" are the scene's.
	p.frActors(rec, desc, toks, sentOf, scene, off, ev)
}

// frMonths are the French month names, and the forms without accents
// captions typed on English keyboards write.
var frMonths = map[string]int{
	"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7,
	"août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
}

// frMonthAbbrevs are the months French wires abbreviate, with or without
// a stop ("30 nov 2024", "4 févr. 2023"). They are read only before a year:
// "sept" is also seven, "Jan" a first name.
var frMonthAbbrevs = map[string]int{
	"janv": 1, "jan": 1, "févr": 2, "fevr": 2, "fév": 2, "fev": 2, "avr": 4, "juil": 7,
	"sept": 9, "oct": 10, "nov": 11, "déc": 12, "dec": 12,
}

// frMonthPrefixes join a part of the month to its name: "mi-mars",
// "début-avril", "fin-mai" date the month, with no day.
var frMonthPrefixes = []string{"mi-", "début-", "debut-", "fin-"}

// frMonthWord returns the month a word names (0 for none), whether it is an
// abbreviation, and whether a part of the month is joined to it.
func frMonthWord(key string) (m int, abbr, part bool) {
	if m := frMonths[key]; m > 0 {
		return m, false, false
	}
	if m := frMonthAbbrevs[key]; m > 0 {
		return m, true, false
	}
	for _, p := range frMonthPrefixes {
		if rest, ok := strings.CutPrefix(key, p); ok {
			m, abbr, _ := frMonthWord(rest)
			return m, abbr, m > 0
		}
	}
	return 0, false, false
}

// frMonthTok reports a month at token k: a full name, or an abbreviation
// before a year ("9 juil. 2017").
func frMonthTok(toks []frToken, k int) bool {
	m, abbr, _ := frMonthWord(toks[k].key)
	if !abbr {
		return m > 0
	}
	if k+1 < len(toks) && toks[k+1].key == "." {
		k++
	}
	return k+1 < len(toks) && frYear(toks[k+1]) > 0
}

// frAbbrevStop reports a full stop at i that ends an abbreviated month
// ("le 2 déc. 2022"): it ends no sentence.
func frAbbrevStop(toks []frToken, i int) bool {
	if i < 1 || toks[i].key != "." {
		return false
	}
	m, abbr, _ := frMonthWord(toks[i-1].key)
	return m > 0 && abbr && (i+1 < len(toks) && frYear(toks[i+1]) > 0 || i >= 2 && toks[i-2].digits)
}

// frHolidayWords name a day by its date: "la révolution du 15 mars", "le
// défilé du 14 juillet", "l'anniversaire du 11 septembre". A day and month
// they govern is a name, not the photo's date.
var frHolidayWords = map[string]bool{
	"révolution": true, "revolution": true, "fête": true, "fete": true, "anniversaire": true,
	"commémoration": true, "commémorer": true, "commémorent": true, "célébrer": true, "célèbrent": true,
	"célébrant": true, "célébration": true, "défilé": true, "journée": true, "soulèvement": true,
	"mouvement": true, "attentats": true, "massacre": true,
}

// frDate reads the French date that dates the scene: the first after a
// word of the photo's taking ("photo prise le 2 mars 2024", as "Picture
// taken" wins in English), else the first of the caption: "le 3 mars
// 2017", "1er mars 2017", "le 31/10/2023" (day), "en mars 2017" (month);
// else a year after a word of taking ("photographiée en 2013"). A day and
// month with no year is not read (the English rule), and says so in a
// warning unless it names a holiday or a revolution.
func frDate(desc string, toks []frToken) (d caption.PartialDate, span caption.Span, text, warning string) {
	for i := range toks {
		if !frTaken(toks, i) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+4; j++ {
			if d, sp, _, ok := frDateAt(desc, toks, j); ok {
				return d, sp, desc[sp.Start:sp.End], ""
			}
			if toks[j].key == "en" && j+1 < len(toks) {
				if y := frYear(toks[j+1]); y > 0 {
					sp := caption.Span{Start: toks[j+1].start, End: toks[j+1].end}
					return caption.PartialDate{Year: y, Precision: caption.PrecisionYear}, sp, desc[sp.Start:sp.End], ""
				}
			}
		}
	}
	for i := range toks {
		d, sp, warn, ok := frDateAt(desc, toks, i)
		if ok {
			if frCommemorated(toks, i) {
				// "lors de la commémoration du massacre commis en août
				// 2014, le 3 août 2023": the day of the photo is later.
				if d2, sp2, ok := frLaterDay(desc, toks, i); ok {
					return d2, sp2, desc[sp2.Start:sp2.End], ""
				}
			}
			return d, sp, desc[sp.Start:sp.End], ""
		}
		if warning == "" {
			warning = warn
		}
	}
	if y, sp, ok := frSceneYear(toks); ok {
		return caption.PartialDate{Year: y, Precision: caption.PrecisionYear}, sp, desc[sp.Start:sp.End], warning
	}
	return caption.PartialDate{}, caption.Span{}, "", warning
}

// frCommemorated reports a date at token i in a clause (back to a comma or
// the sentence's start) that remembers an earlier event: "la commémoration
// de l'attaque de mars 1988", "l'anniversaire du massacre commis en juillet
// 1995".
func frCommemorated(toks []frToken, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].key {
		case ",", ";", ".", "!", "?", "(", "–", "—":
			return false
		}
		if frHolidayWords[toks[k].key] || frRemembered[toks[k].key] {
			return true
		}
	}
	return false
}

// frRemembered are words of an earlier event a caption remembers.
var frRemembered = map[string]bool{"commis": true, "commise": true, "perpétré": true, "perpétrée": true,
	"commémore": true, "commémorant": true, "hommage": true, "souvenir": true, "mémoire": true}

// frLaterDay returns the first full date after token i in its sentence
// that is not itself remembered.
func frLaterDay(desc string, toks []frToken, i int) (caption.PartialDate, caption.Span, bool) {
	for j := i + 1; j < len(toks); j++ {
		switch toks[j].key {
		case ".", "!", "?":
			if !frAbbrevStop(toks, j) {
				return caption.PartialDate{}, caption.Span{}, false
			}
		}
		d, sp, _, ok := frDateAt(desc, toks, j)
		if ok && d.Precision == caption.PrecisionDay && !frCommemorated(toks, j) {
			return d, sp, true
		}
	}
	return caption.PartialDate{}, caption.Span{}, false
}

// frSceneYear reads, when the caption has no fuller date, a year that
// dates the scene of its first sentence: "en 2014", "fin 2014", "début
// 2015", "courant 2016", as English reads "in 2014". Not a year that bounds
// a span ("depuis 2011", "jusqu'en 2014", "de 2012 à 2014"), nor one in a
// clause of an earlier event ("la ville, reprise par l'armée en 2016",
// "qui avait été détruite en 2012").
func frSceneYear(toks []frToken) (int, caption.Span, bool) {
	for j := 1; j < len(toks); j++ {
		switch toks[j].key {
		case ".", "!", "?", ";":
			return 0, caption.Span{}, false
		}
		y := frYear(toks[j])
		if y == 0 {
			continue
		}
		switch toks[j-1].key {
		case "en", "fin", "début", "courant", "mi":
		default:
			continue
		}
		if j >= 2 && (toks[j-2].key == "jusqu'" || toks[j-2].key == "depuis") {
			continue
		}
		if j+2 < len(toks) && (toks[j+1].key == "à" || toks[j+1].key == "et") && frYear(toks[j+2]) > 0 {
			continue // "entre 2012 et 2014", "de 2012 à 2014"
		}
		if frEarlierClause(toks, j) {
			continue
		}
		return y, caption.Span{Start: toks[j].start, End: toks[j].end}, true
	}
	return 0, caption.Span{}, false
}

// frEarlierClause reports whether the clause of token i (back to a comma
// or the sentence's start) tells of an earlier event: a pluperfect, or a
// participle of taking or destroying ("reprise", "détruite", "tombée").
func frEarlierClause(toks []frToken, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].key {
		case ",", ".", ";", "!", "?":
			return false
		case "depuis", "entre":
			return true
		}
		if frPast[toks[k].key] || frBackgroundVerbs[toks[k].key] {
			return true
		}
	}
	return false
}

// frBackgroundVerbs tell of what happened to a place before the photo.
var frBackgroundVerbs = map[string]bool{
	"reprise": true, "repris": true, "prise": true, "pris": true, "tombée": true, "tombé": true,
	"détruite": true, "détruit": true, "détruits": true, "détruites": true, "libérée": true, "libéré": true,
	"conquise": true, "assiégée": true, "bombardée": true, "construite": true, "construit": true,
	"fondée": true, "fondé": true, "née": true, "né": true, "créée": true, "créé": true, "déclenchée": true,
	"éclaté": true, "commencé": true, "débuté": true,
}

// frTaken reports a word at i that says when the photo was taken:
// "photographiée en 2013", or "prise" and "réalisée" after a word of the
// photo ("photo prise le", "image réalisée le"), where alone they may say
// when a town was taken ("la ville, prise par les rebelles le 3 mars").
func frTaken(toks []frToken, i int) bool {
	switch toks[i].key {
	case "photographié", "photographiée", "photographiés", "photographiées":
		return true
	case "prise", "prises", "réalisée", "réalisées":
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			switch toks[k].key {
			case "photo", "photos", "image", "images", "cliché", "clichés", "photographie", "photographies":
				return true
			}
		}
	}
	return false
}

// frYear returns the year a token writes, or 0.
func frYear(t frToken) int {
	if !t.digits || len(t.key) != 4 {
		return 0
	}
	y, _ := strconv.Atoi(t.key)
	if y < 1900 || y > 2100 {
		return 0
	}
	return y
}

// frDateAt reads a date whose month name or numeric form ("31/10/2023",
// day first as French writes it) is at token i; warning is set for a day
// and month without a year.
func frDateAt(desc string, toks []frToken, i int) (d caption.PartialDate, span caption.Span, warning string, ok bool) {
	t := toks[i]
	if t.digits && i+4 < len(toks) && toks[i+1].key == "/" && toks[i+2].digits && toks[i+3].key == "/" {
		day, _ := strconv.Atoi(t.key)
		m, _ := strconv.Atoi(toks[i+2].key)
		y := frYear(toks[i+4])
		if y > 0 && m >= 1 && m <= 12 && day >= 1 && validDay(y, m, day) {
			return caption.PartialDate{Year: y, Month: m, Day: day, Precision: caption.PrecisionDay},
				caption.Span{Start: t.start, End: toks[i+4].end}, "", true
		}
		return caption.PartialDate{}, caption.Span{}, "", false
	}
	m, abbr, part := frMonthWord(t.key)
	if m == 0 {
		return caption.PartialDate{}, caption.Span{}, "", false
	}
	yi := i + 1
	if abbr && yi < len(toks) && toks[yi].key == "." {
		yi++
	}
	year := 0
	if yi < len(toks) && toks[yi].digits && len(toks[yi].key) == 4 {
		year, _ = strconv.Atoi(toks[yi].key)
	}
	if abbr && frYear(toks[min(yi, len(toks)-1)]) == 0 {
		return caption.PartialDate{}, caption.Span{}, "", false // "sept civils"
	}
	day := 0
	if i > 0 && !part {
		k := strings.TrimSuffix(toks[i-1].key, "er")
		if toks[i-1].key == "1er" || toks[i-1].digits {
			if n, err := strconv.Atoi(k); err == nil && n >= 1 && n <= 31 {
				day = n
			}
		}
	}
	start, end := t.start, t.end
	if day > 0 {
		start = toks[i-1].start
	}
	if year > 0 {
		end = toks[yi].end
	}
	holiday := false
	if day > 0 {
		for k := i - 2; k >= 0 && k >= i-5; k-- {
			if frHolidayWords[toks[k].key] || k == i-2 && toks[k].key == "du" && year == 0 {
				holiday = true
			}
		}
	}
	switch {
	case holiday && year == 0:
		return caption.PartialDate{}, caption.Span{}, "", false
	case year < 1900 || year > 2100:
		if day > 0 {
			warning = "a date without a year, not read as the date: " + desc[start:end]
		}
		return caption.PartialDate{}, caption.Span{}, warning, false
	case day > 0:
		if !validDay(year, m, day) {
			return caption.PartialDate{}, caption.Span{}, "", false
		}
		d = caption.PartialDate{Year: year, Month: m, Day: day, Precision: caption.PrecisionDay}
	default:
		d = caption.PartialDate{Year: year, Month: m, Precision: caption.PrecisionMonth}
	}
	return d, caption.Span{Start: start, End: end}, "", true
}

func validDay(y, m, d int) bool {
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if m == 2 && d == 29 {
		return y%4 == 0 && (y%100 != 0 || y%400 == 0)
	}
	return d <= days[m]
}

// frNumbers are the French number words up to twenty and the tens.
var frNumbers = map[string]int{
	"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
	"neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
	"seize": 16, "dix-sept": 17, "dix-huit": 18, "dix-neuf": 19, "vingt": 20, "trente": 30,
	"quarante": 40, "cinquante": 50, "soixante": 60, "soixante-dix": 70, "quatre-vingt": 80,
	"quatre-vingts": 80, "quatre-vingt-dix": 90, "cent": 100,
}

// frNumber reads a number token: digits, or a number word, hyphenated
// compounds included ("vingt-deux", "trente-et-un").
func frNumber(t frToken) (int, bool) {
	if t.digits {
		n, err := strconv.Atoi(t.key)
		return n, err == nil && n < 1_000_000_000
	}
	if n, ok := frNumbers[t.key]; ok {
		return n, true
	}
	parts := strings.Split(t.key, "-")
	if len(parts) < 2 {
		return 0, false
	}
	sum := 0
	for _, p := range parts {
		if p == "et" {
			continue
		}
		n, ok := frNumbers[p]
		if !ok {
			return 0, false
		}
		sum += n
	}
	if strings.HasPrefix(t.key, "quatre-vingt") {
		sum += 80 - 24 // quatre (4) + vingt (20) read as 80
	}
	return sum, true
}

// frPeopleTok reports a noun of people between a number and a casualty
// word: frPeople, or a people's name in the plural ("huit Palestiniens ont
// été tués", "trois Soudanais").
func frPeopleTok(t frToken) bool {
	if frPeople[t.key] {
		return true
	}
	if _, isNum := frNumber(t); isNum {
		return false // "Trois civils"
	}
	return t.upper && t.word && len(t.key) > 4 && strings.HasSuffix(t.key, "s")
}

// frKin are the relatives a caption adds to a count with a possessive
// ("deux enfants et leur mère"); frPossessives those possessives.
var (
	frKin         = map[string]bool{"mère": true, "père": true, "femme": true, "mari": true, "fils": true, "fille": true, "frère": true, "sœur": true, "soeur": true, "grand-mère": true, "grand-père": true}
	frPossessives = map[string]bool{"leur": true, "sa": true, "son": true}
)

// frKilled and frInjured are the casualty words; frPeople the nouns
// between a number and them ("douze civils ont été tués").
var (
	frKilled = map[string]bool{"tuant": true, "tué": true, "tués": true, "tuée": true, "tuées": true, "mort": true, "morts": true,
		"morte": true, "mortes": true, "décédé": true, "décédés": true, "décédée": true, "décédées": true, "péri": true}
	frInjured = map[string]bool{"blessant": true, "blessé": true, "blessés": true, "blessée": true, "blessées": true}
	frPeople  = map[string]bool{"personnes": true, "personne": true, "civils": true, "civil": true, "enfants": true,
		"enfant": true, "femmes": true, "femme": true, "hommes": true, "homme": true, "soldats": true, "soldat": true,
		"combattants": true, "rebelles": true, "militaires": true, "policiers": true, "manifestants": true,
		"membres": true, "jihadistes": true, "djihadistes": true, "habitants": true, "passants": true,
		"secouristes": true, "autres": true, "militants": true, "fidèles": true, "élèves": true, "patients": true}
	// frAux stand between the subject and the participle.
	frAux = map[string]bool{"ont": true, "été": true, "sont": true, "a": true, "est": true, "qui": true,
		"auraient": true, "aurait": true, "ont-ils": true, "y": true, "ayant": true, "avoir": true}
	// frPast marks a figure of an earlier event: "qui avait fait 80 morts".
	frPast = map[string]bool{"avait": true, "avaient": true, "précédent": true, "précédente": true}
	// frUpTo introduce the figure a lower bound stands for.
	frBound = map[string]bool{"moins": true, "plus": true, "quelque": true, "environ": true}
)

// frCasualties reads the figures of the event shown: "douze civils ont été
// tués", "20 blessés", "faisant 3 morts", "tuant au moins 7 personnes".
// Vague words ("des dizaines de morts") give none, and neither do figures
// of an earlier event: a pluperfect ("qui avait fait 80 morts") or a year
// other than the caption's in the same clause ("l'attaque de 2017").
func frCasualties(toks []frToken, date caption.PartialDate) []langFigure {
	var figs []langFigure
	for i, t := range toks {
		if f, ok := frCostLives(toks, i); ok {
			if !frVague(toks, f.tok) && !frEarlier(toks, f.tok, date) && !frRunningTotal(toks, f.tok) {
				figs = append(figs, f)
			}
			continue
		}
		injured := frInjured[t.key]
		if !injured && !frKilled[t.key] {
			continue
		}
		// Number before the word: NUM [nouns] [aux] WORD, and sums of
		// such groups joined by "et" ("trois femmes et deux enfants").
		n, first, ok := 0, -1, false
		k := i - 1
		aux := false
		for k >= 0 && frAux[toks[k].key] {
			k--
			aux = true
		}
		k = skipDont(toks, k)
		// "deux enfants et leur mère ont été tués": one more, when a
		// number comes before.
		if k >= 3 && frKin[toks[k].key] && frPossessives[toks[k-1].key] && toks[k-2].key == "et" {
			n, k = 1, k-3
		}
		for k >= 0 {
			for k >= 0 && (frPeopleTok(toks[k]) || frBlueHelmets(toks, k)) {
				if frBlueHelmets(toks, k) {
					k--
				}
				k--
			}
			if k < 0 {
				break
			}
			v, isNum := frNumber(toks[k])
			if !isNum || k > 0 && frMonths[toks[k-1].key] > 0 || (toks[k].key == "un" || toks[k].key == "une") && !aux && (k+1 != i || !frTollAt(toks, k-1)) {
				// "un enfant blessé" is a wounded child and "évacuent un
				// blessé" a wounded man carried, no count, as "a wounded
				// man" is none in English; "un civil a été tué" and "a
				// fait un mort" count one.
				break
			}
			n, first, ok = n+v, k, true
			if k >= 1 && toks[k-1].key == "et" && k >= 2 {
				k -= 2
				continue
			}
			break
		}
		start := -1
		if ok {
			start = first
			for start >= 2 && toks[start-1].key == "de" && frBound[toks[start-2].key] {
				start -= 2 // "plus de 20", "au moins 12" below
			}
			if start >= 2 && toks[start-1].key == "moins" && toks[start-2].key == "au" {
				start -= 2
			}
		} else {
			// The verb before the number: "tuant au moins 7 personnes", "a
			// tué 12 civils".
			participle := t.key == "tuant" || t.key == "blessant"
			if !participle && (!strings.HasPrefix(t.key, "tu") && !strings.HasPrefix(t.key, "bless") ||
				i == 0 || !frAux[toks[i-1].key] && !frPast[toks[i-1].key]) {
				continue
			}
			k := i + 1
			for k < len(toks) && (frBound[toks[k].key] || toks[k].key == "au" || toks[k].key == "de") {
				k++
			}
			if k >= len(toks) {
				continue
			}
			v, isNum := frNumber(toks[k])
			if !isNum || k+1 >= len(toks) || !frPeopleTok(toks[k+1]) && !frKin[toks[k+1].key] {
				continue
			}
			n, ok, start = v, true, i
			i = frJoinedCount(toks, k+2, &n) - 1 // the span runs from the verb to the people
		}
		if !ok || frVague(toks, start) || frEarlier(toks, start, date) || frRunningTotal(toks, start) {
			continue
		}
		article := first >= 0 && n == 1 && (toks[first].key == "un" || toks[first].key == "une")
		figs = append(figs, langFigure{n: n, injured: injured, article: article, tok: start,
			span: caption.Span{Start: toks[start].start, End: max(toks[i].end, t.end)}})
	}
	return figs
}

// frBlueHelmets reports the "bleus" of "casques bleus" at k, which with
// "casques" are the people counted: "deux casques bleus
// ont été blessés".
func frBlueHelmets(toks []frToken, k int) bool {
	return k >= 1 && toks[k].key == "bleus" && toks[k-1].key == "casques"
}

// frJoinedCount adds to n the groups joined by "et" from token k on, after a
// verb's first count ("a tué une femme et ses quatre enfants", "deux hommes
// et trois enfants"): a number and people, with or without a possessive, or
// a relative after a possessive ("et son mari"). It returns the token after
// the last group.
func frJoinedCount(toks []frToken, k int, n *int) int {
	for k+1 < len(toks) && toks[k].key == "et" {
		j := k + 1
		poss := frPossessives[toks[j].key] || toks[j].key == "ses" || toks[j].key == "leurs"
		if poss {
			j++
		}
		if j >= len(toks) {
			break
		}
		if v, isNum := frNumber(toks[j]); isNum && toks[j].key != "un" && toks[j].key != "une" && j+1 < len(toks) && (frPeopleTok(toks[j+1]) || frKin[toks[j+1].key]) {
			*n += v
			k = j + 2
			continue
		}
		if poss && frKin[toks[j].key] {
			*n++
			k = j + 1
			continue
		}
		break
	}
	return k
}

// frTollAt reports a verb of a toll at token k, whose object is a count:
// "a fait un mort", "faisant un blessé", "causant une victime".
func frTollAt(toks []frToken, k int) bool {
	return k >= 0 && frTollVerbs[toks[k].key]
}

var frTollVerbs = map[string]bool{"fait": true, "faisant": true, "font": true, "causé": true, "causant": true,
	"provoqué": true, "provoquant": true, "compte": true, "dénombre": true, "recense": true}

// frCostLives reads "coûté la vie à 29 soldats" (and "coûtant", "coûte")
// at toks[i], the "vie": the number after "à" is of the dead.
func frCostLives(toks []frToken, i int) (langFigure, bool) {
	if toks[i].key != "vie" || i < 2 || toks[i-1].key != "la" || !strings.HasPrefix(toks[i-2].key, "coût") {
		return langFigure{}, false
	}
	k := i + 1
	if k >= len(toks) || toks[k].key != "à" {
		return langFigure{}, false
	}
	for k++; k < len(toks) && (frBound[toks[k].key] || toks[k].key == "au" || toks[k].key == "de"); k++ {
	}
	if k >= len(toks) {
		return langFigure{}, false
	}
	v, isNum := frNumber(toks[k])
	if !isNum || toks[k].key == "un" || toks[k].key == "une" {
		return langFigure{}, false
	}
	end := k
	if k+1 < len(toks) && frPeopleTok(toks[k+1]) {
		end = k + 1
	}
	return langFigure{n: v, tok: i - 2, span: caption.Span{Start: toks[i-2].start, End: toks[end].end}}, true
}

// skipDont steps back over a ", dont …," aside ending at token k: in "douze
// civils, dont cinq enfants, ont été tués" the figure is the twelve.
func skipDont(toks []frToken, k int) int {
	if k < 0 || toks[k].key != "," {
		return k
	}
	for j := k - 1; j >= 1 && j >= k-8; j-- {
		if toks[j].key == "dont" && toks[j-1].key == "," {
			return j - 2
		}
	}
	return k
}

// frVague reports a number that is an article ("une dizaine de morts" is
// read as "dizaine", which is no figure).
func frVague(toks []frToken, i int) bool {
	return i+1 < len(toks) && strings.HasPrefix(toks[i+1].key, "dizaine") || strings.HasPrefix(toks[i].key, "dizaine") ||
		strings.HasPrefix(toks[i].key, "centaine") || strings.HasPrefix(toks[i].key, "millier")
}

// frEarlier reports a figure at token i that belongs to an earlier event: its
// clause (back to a comma, a semicolon or the sentence's start) has a
// pluperfect or a year other than the caption's.
func frEarlier(toks []frToken, i int, date caption.PartialDate) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].key {
		case ".", ";", "!", "?":
			return false
		}
		if frPast[toks[k].key] {
			return true
		}
		if toks[k].digits && len(toks[k].key) == 4 && k > 0 && (toks[k-1].key == "de" || toks[k-1].key == "en") {
			if y, _ := strconv.Atoi(toks[k].key); y >= 1900 && y != date.Year {
				return true
			}
		}
		if toks[k].key == "," {
			return false
		}
	}
	return false
}

// frRunningTotal reports a figure at token i that is not the toll of the
// event shown: a running total, whose sentence counts from a start ("depuis
// le 7 octobre", "depuis le début de la guerre"), in all ("au total", "en
// tout") or for a whole war ("La guerre a fait plus de 8 500 morts"); or
// the toll of an event after the photo ("quelques heures avant un
// attentat qui a fait 170 morts").
func frRunningTotal(toks []frToken, i int) bool {
	// The figure's own clause: "une frappe a tué 12 civils à Idleb, dans
	// la Syrie en guerre depuis 2011" counts the strike's dead.
	// "Au total" and "en tout" may open the sentence before a comma.
	from, to := i, i
	for from > 0 && !frSentenceStop(toks, from-1) && toks[from-1].key != "," && toks[from-1].key != ";" {
		from--
	}
	for to < len(toks) && !frSentenceStop(toks, to) && toks[to].key != "," && toks[to].key != ";" {
		to++
	}
	for k := from - 1; k >= 1 && !frSentenceStop(toks, k); k-- {
		if toks[k].key == "total" && toks[k-1].key == "au" || toks[k].key == "tout" && toks[k-1].key == "en" {
			return true
		}
	}
	for k := from; k < to; k++ {
		next := func(d int) string {
			if k+d < to {
				return toks[k+d].key
			}
			return ""
		}
		switch toks[k].key {
		case "depuis":
			switch n := next(1); {
			case n == "le" || n == "la" || n == "l'":
				if n2 := next(2); n2 == "début" || n2 == "déclenchement" || k+2 < to && toks[k+2].digits {
					return true
				}
			case k+1 < to && frYear(toks[k+1]) > 0:
				return true
			}
		case "au":
			if next(1) == "total" {
				return true
			}
		case "en":
			if next(1) == "tout" {
				return true
			}
		case "guerre", "conflit":
			// The war as the toll's subject ("La guerre a fait …"), not
			// the scene's setting ("Gaza en guerre").
			if k < i && (next(1) == "a" || next(1) == "avait" || next(1) == "aurait" || next(1) == "fait") {
				return true
			}
		case "avant":
			if k < i && !frClauseBreak(toks, k, i) {
				return true
			}
		}
	}
	return false
}

// frSentenceStop reports a full stop, "!" or "?" at k that ends a sentence.
func frSentenceStop(toks []frToken, k int) bool {
	switch toks[k].key {
	case ".", "!", "?":
		return !frAbbrevStop(toks, k)
	}
	return false
}

// frClauseBreak reports a comma or semicolon between tokens a and b.
func frClauseBreak(toks []frToken, a, b int) bool {
	for k := a + 1; k < b; k++ {
		if toks[k].key == "," || toks[k].key == ";" {
			return true
		}
	}
	return false
}

// frSourceCues introduce or follow a source: "selon l'OSDH", "d'après des
// sources médicales", "a indiqué l'OSDH".
var frSourceCues = map[string]bool{"selon": true, "d'": true, "source": true, "indiqué": true, "rapporté": true,
	"annoncé": true, "affirmé": true, "précisé": true, "déclaré": true, "indique": true, "rapporte": true,
	"annonce": true, "affirme": true, "précise": true, "indiquent": true, "rapportent": true, "affirment": true}

// attribution returns the sources of fr_sources.tsv that a cue introduces.
func (lex *frenchLexicon) attribution(toks []frToken) []langSource {
	var out []langSource
	for i := 0; i < len(toks); i++ {
		for _, ph := range lex.sources {
			n := ph.match(toks, i)
			if n == 0 {
				continue
			}
			cued := false
			for k := i - 1; k >= 0 && k >= i-4; k-- {
				if frSourceCues[toks[k].key] && (toks[k].key != "d'" || k+1 < len(toks) && toks[k+1].key == "après") ||
					toks[k].key == "après" {
					cued = true
				}
			}
			if i+n < len(toks) && toks[i+n].key == "," || i+n+1 < len(toks) && frSourceCues[toks[i+n+1].key] {
				cued = cued || i+n+1 < len(toks) && frSourceCues[toks[i+n+1].key]
			}
			if cued {
				out = append(out, langSource{value: ph.value, span: caption.Span{Start: toks[i].start, End: toks[i+n-1].end}})
				i += n - 1
				break
			}
		}
	}
	return out
}

// frPlaceNouns are the place words that precede a name with "de" ("la ville
// d'Alep", "l'oblast de Donetsk", "la plaine de la Bekaa", "la vallée du
// Jourdain"), with the kind records give them.
var frPlaceNouns = map[string]string{
	"ville": "city", "village": "village", "villages": "village", "localité": "town", "bourg": "town",
	"quartier": "neighbourhood", "province": "province", "région": "region", "gouvernorat": "province",
	"camp": "camp", "banlieue": "", "environs": "", "périphérie": "", "capitale": "city", "faubourg": "neighbourhood",
	"oblast": "province", "wilaya": "province", "raion": "district", "district": "district", "territoire": "district",
	"plaine": "region", "vallée": "region", "plateau": "region",
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
}

// frNearWords put the scene near the place that follows: "près de Damas",
// "au nord d'Alep", "dans la banlieue de Damas".
var frNearWords = map[string]bool{"près": true, "nord": true, "sud": true, "est": true, "ouest": true,
	"banlieue": true, "environs": true, "périphérie": true, "abords": true, "loin": true, "nord-est": true,
	"nord-ouest": true, "sud-est": true, "sud-ouest": true}

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
	next := func(d int) string {
		if k+d < len(toks) {
			return toks[k+d].key
		}
		return ""
	}
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
	next := func(d int) string {
		if k+d < len(toks) {
			return toks[k+d].key
		}
		return ""
	}
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
			return frCountryAside(toks, i, false)
		}
	}
	return false
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

// frNotPlaces are capitalised words that start sentences or name no place.
var frNotPlaces = map[string]bool{"le": true, "la": true, "les": true, "un": true, "une": true, "des": true,
	"l'": true, "d'": true, "photo": true, "afp": true, "à": true, "a": true}

// frPlaces reads the places of sentence s: a capitalised name after "à",
// "près de", a place word and "de" ("le quartier de Bab al-Nairab"), "au
// nord de", or before ", en Syrie". Countries are left to the country.
func frPlaces(rec *caption.Record, desc string, toks []frToken, countryTok []bool, sentOf []int, s, off int, ev *evidence) {
	var found []frPlace
	scene, prevEnd := false, 0 // scene: a place people did not flee
	for i := 0; i < len(toks); i++ {
		if sentOf[i] != s || !toks[i].upper || countryTok[i] || frNotPlaces[toks[i].key] || frMonthTok(toks, i) {
			continue
		}
		// The name: capitalised words and particles up to a lower-case word.
		j := i + 1
		for j < len(toks) && toks[j].word && (toks[j].upper && !countryTok[j] || frNameParticles[toks[j].key] && j+1 < len(toks) && toks[j+1].upper) {
			j++
		}
		kind, near, ok := "", false, false
		k := i - 1
		// "A Kharkiv, …": a capital drops the accent of "À".
		if k >= 0 && (toks[k].key == "à" || toks[k].key == "a" && toks[k].upper || toks[k].key == "vers" || toks[k].key == "sur" && frPlaceVerbContext(toks, k)) {
			ok = true
		}
		if k >= 2 && (toks[k].key == "la" || toks[k].key == "l'") && (toks[k-1].key == "de" || toks[k-1].key == "d'") && frIsPlaceNoun(toks[k-2].key) {
			k-- // "la plaine de la Bekaa"
		}
		if k >= 1 && (toks[k].key == "la" || toks[k].key == "l'" || toks[k].key == "le") && toks[k-1].key == "dans" && !frRegionNouns[toks[i].key] {
			ok = true // "dans la Bekaa", "dans le Donbass"
		}
		if k >= 1 && (toks[k].key == "de" || toks[k].key == "d'" || toks[k].key == "du" && frIsPlaceNoun(toks[k-1].key)) {
			prev := toks[k-1].key
			if kd, isNoun := frPlaceNouns[prev]; isNoun {
				ok, kind = true, kd
				near = frNearWords[prev]
			} else if frNearWords[prev] {
				ok, near = true, true
			} else if k >= 2 && frPlaceNouns[toks[k-2].key] != "" && frIsDemonymTok(countryTok, k-1) {
				ok, kind = true, frPlaceNouns[toks[k-2].key] // "la ville syrienne d'Alep"
			} else if frAfterNamedSite(toks, k-1) {
				ok = true // "l'hôpital Nasser de Khan Younès"
			} else if frCampOf(toks, k-1) {
				ok = true // "le camp de réfugiés de Jénine"
			} else if frOfPlaceNouns[prev] {
				ok = true // "une rue de Zaporijjia", "des habitants de Kherson", "au-dessus de Khartoum"
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
		if !ok && j+2 < len(toks) && toks[j].key == "," && (toks[j+1].key == "en" || toks[j+1].key == "au" || toks[j+1].key == "dans") {
			ok = true // "Mossoul, en Irak", "Alep, dans le nord de la Syrie"
		}
		if !ok && i == 0 && frDateline(toks, j) {
			ok = true // "Kiev, le 29 décembre 2023 — …"
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
		fled := (origin || frFled(toks, i, prevEnd)) && !leaving
		if n := len(found); n > 0 && found[n-1].fled && i-prevEnd <= 6 && toks[prevEnd].key == "," && toks[prevEnd+1].key == "dans" {
			fled = true // "évacués de Koupiansk, dans l'oblast de Kharkiv": the town's container
		}
		scene = scene || !fled
		found = append(found, frPlace{span: span, kind: kind, near: near, fled: fled})
		prevEnd = j
		i = j - 1
	}
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
		case toks[k].key == "(" || toks[k].key == "dans":
			return true
		case !toks[k].word || toks[k].upper:
			return false
		}
	}
	return false
}

// frPlace is a place frPlaces found; fled marks a place people fled.
type frPlace struct {
	span       caption.Span
	kind       string
	near, fled bool
}

// frFled reports whether the place at token i lies in a clause of fleeing
// ("ayant fui les violences jihadistes à Djibo", "qui ont quitté Alep",
// "chassés de Mossoul"): a flee word within ten words before it, with no
// punctuation, earlier place (prevEnd), destination ("vers") or finite verb
// ("arrivent") between. Such a place is where people came from, as English
// originFled reads "families who fled the fighting in Afrin"; frPlaces
// leaves it out when the sentence names another place. "fuient dans les
// rues de Hama" flees inside Hama, which is the scene.
func frFled(toks []frToken, i, prevEnd int) bool {
	for k := i - 1; k >= 0 && k >= prevEnd && i-k <= 10; k-- {
		t := toks[k]
		if !t.word || t.key == "vers" || frFiniteVerb(t.key) {
			return false
		}
		if frFleeWords[t.key] {
			return k+1 >= len(toks) || !frFleeWithin[toks[k+1].key]
		}
	}
	return false
}

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
// décembre 2023 —", "KIEV, 29 décembre 2023 (AFP) -"), or a comma, a few
// words that place it and a dash before the date ("Tal Rifaat, campagne
// nord d'Alep — 23 août 2022 :").
func frDateline(toks []frToken, j int) bool {
	if j >= len(toks) || toks[j].key != "," {
		return false
	}
	month := func(from int) bool {
		for k := from; k < len(toks) && k <= from+2; k++ {
			if frMonthTok(toks, k) {
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
// province de Hama", "originaires d'Alep". The scene is where they are.
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
	"voisines": true, "proche": true, "proches": true, "jusqu'": true, "lorsqu'": true, "entre": true,
	"vers": true, "chez": true, "contre": true, "depuis": true, "après": true, "avant": true, "dont": true}

// frSiteNouns name a site that is named in turn and lies in the place that
// follows with "de": "l'hôpital Nasser de Khan Younès", "le camp Zamzam
// d'El-Facher".
var frSiteNouns = map[string]bool{"hôpital": true, "école": true, "mosquée": true, "église": true, "camp": true,
	"stade": true, "université": true, "prison": true, "marché": true, "aéroport": true, "base": true,
	"théâtre": true, "dépôt": true, "usine": true, "raffinerie": true, "bâtiment": true, "terminal": true,
	"centrale": true, "gare": true, "caserne": true}

// frAfterNamedSite reports whether token i ends a site's name, the words
// from a site noun to i being capitalised words and particles: "hôpital
// Nasser", "hôpital al-Chifa".
func frAfterNamedSite(toks []frToken, i int) bool {
	if i < 1 || !toks[i].upper {
		return false
	}
	for j := i; j >= 0 && i-j < 4; j-- {
		if frSiteNouns[toks[j].key] {
			return j < i
		}
		if !toks[j].word || !toks[j].upper && !frNameParticles[toks[j].key] {
			return false
		}
	}
	return false
}
