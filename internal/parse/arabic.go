package parse

import (
	"cmp"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// Arabic captions (local media offices, the Arabic wires of AFP, Reuters
// and Anadolu, newspapers' photo columns) are read by the rules of the
// arabic*.go files once detectLang says a caption is Arabic. As for French,
// they fill what the English rules left empty; the date is the exception,
// since the English rules can only read numbers in an Arabic caption and
// the Arabic reading of them is the better one. Words are matched by their
// fold (arnorm.go) and with their clitics taken off (arStems); evidence
// spans keep pointing at the caption as written. The vocabulary is in
// lexicon/ar_*.tsv, extensible as the English lexicons are.

// arabicLexicon is the vocabulary of the Arabic rules.
type arabicLexicon struct {
	countries arPhrases // value: country code; demonym marks a demonym
	events    arPhrases // value: event type
	sources   arPhrases // value: the attribution records give
	actors    arPhrases // value: canonical actor; scope, from, until as in actors.tsv
	places    arPhrases // value: country code
}

// arPhrase is one lexicon phrase as folded words without the article; a
// word ending in * matches any word it starts.
type arPhrase struct {
	words       []string
	value       string
	demonym     bool
	article     bool   // written with the article in the lexicon: "العراق", not "سورية"
	scope       string // actors: a country code, "" for any
	from, until int    // actors: dayKey bounds of a dated scope
}

// arPhrases indexes phrases by their first word, longest phrase first.
type arPhrases struct {
	byFirst map[string][]*arPhrase
	prefix  []*arPhrase // first word ends in *
}

func (ps *arPhrases) add(text string, ph arPhrase) *arPhrase {
	for _, t := range arTokens(text) {
		if len(ph.words) == 0 && t.word {
			ph.article = strings.HasPrefix(t.key, "ال")
		}
		switch {
		case t.word:
			ph.words = append(ph.words, arCore(t.key))
		case t.key == "*" && len(ph.words) > 0:
			ph.words[len(ph.words)-1] += "*"
		}
	}
	if len(ph.words) == 0 {
		return nil
	}
	p := &ph
	if strings.HasSuffix(ph.words[0], "*") {
		ps.prefix = append(ps.prefix, p)
		return p
	}
	if ps.byFirst == nil {
		ps.byFirst = map[string][]*arPhrase{}
	}
	ps.byFirst[ph.words[0]] = append(ps.byFirst[ph.words[0]], p)
	return p
}

func (ps *arPhrases) sort() {
	longest := func(a, b *arPhrase) int { return len(b.words) - len(a.words) }
	for _, l := range ps.byFirst {
		slices.SortStableFunc(l, longest)
	}
	slices.SortStableFunc(ps.prefix, longest)
}

// arCore is a folded word without its article: the form lexicon words are
// kept in, so that "المرصد" in a lexicon matches "مرصد" and "للمرصد" alike.
func arCore(w string) string {
	if rest, ok := strings.CutPrefix(w, "ال"); ok && utf8.RuneCountInString(rest) >= 2 {
		return rest
	}
	return w
}

// readAr reads lexicon NAME's rows, each of which add turns into phrases.
func readAr(name string, extra []fs.FS, add func(r row) error) error {
	rows, err := readLexicon(name, extra)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := add(r); err != nil {
			return err
		}
	}
	return nil
}

// loadArabic reads lexicon/ar_*.tsv. actorNames are the canonical actors
// of actorinfo.tsv: an Arabic alias must name one of them, or the two
// languages would not facet together.
func loadArabic(extra []fs.FS, actorNames map[string]actorInfo) (*arabicLexicon, error) {
	var lex arabicLexicon
	err := readAr("ar_countries.tsv", extra, func(r row) error {
		if len(r.fields) < 2 || len(r.fields) > 3 || !isCountryCode(r.fields[0]) {
			return r.errorf("want CODE<TAB>name|name<TAB>demonym|demonym")
		}
		for _, n := range strings.Split(r.fields[1], "|") {
			lex.countries.add(n, arPhrase{value: r.fields[0]})
		}
		if len(r.fields) == 3 {
			for _, n := range strings.Split(r.fields[2], "|") {
				lex.countries.add(n, arPhrase{value: r.fields[0], demonym: true})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = readAr("ar_events.tsv", extra, func(r row) error {
		if len(r.fields) != 2 || caption.EventType(r.fields[0]).Index() < 0 {
			return r.errorf("want EVENT_TYPE<TAB>phrase with one of %v", caption.EventTypes())
		}
		lex.events.add(r.fields[1], arPhrase{value: r.fields[0]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = readAr("ar_sources.tsv", extra, func(r row) error {
		if len(r.fields) != 2 || r.fields[0] == "" {
			return r.errorf("want value<TAB>alias|alias")
		}
		for _, a := range strings.Split(r.fields[1], "|") {
			lex.sources.add(a, arPhrase{value: r.fields[0]})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = readAr("ar_actors.tsv", extra, func(r row) error {
		if len(r.fields) < 3 {
			return r.errorf("want CANONICAL<TAB>SCOPE<TAB>alias...")
		}
		if _, ok := actorNames[r.fields[0]]; !ok {
			return r.errorf("actor %q is none of actorinfo.tsv's canonical names", r.fields[0])
		}
		scope, from, until, ok := actorScope(r.fields[1])
		if !ok {
			return r.errorf("scope %q: want *, a country code, or a code and \"from YYYY-MM-DD\" or \"until YYYY-MM-DD\"", r.fields[1])
		}
		for _, a := range r.fields[2:] {
			if a != "" {
				lex.actors.add(a, arPhrase{value: r.fields[0], scope: scope, from: from, until: until})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = readAr("ar_places.tsv", extra, func(r row) error {
		if len(r.fields) != 2 || !isCountryCode(r.fields[0]) {
			return r.errorf("want CODE<TAB>name|name")
		}
		for _, n := range strings.Split(r.fields[1], "|") {
			lex.places.add(n, arPhrase{value: r.fields[0]})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, ps := range []*arPhrases{&lex.countries, &lex.events, &lex.sources, &lex.actors, &lex.places} {
		ps.sort()
	}
	return &lex, nil
}

// arText is an Arabic description as the rules read it: its tokens, each
// word's readings (arStems: as written, without clitics, without the
// article), and the sentence of each token.
type arText struct {
	desc   string
	toks   []arToken
	stems  [][]string
	sentOf []int
	// demonym marks the tokens of a country's demonym (markCountries),
	// adj those of a demonym or a name written as the adjective
	// ("السورية": adjective).
	demonym, adj []bool
	found        []*arPhrase // match's result, reused: read it before matching again
}

func newArText(desc string) *arText {
	at := &arText{desc: desc, toks: arTokens(desc)}
	at.stems = make([][]string, len(at.toks))
	at.sentOf = make([]int, len(at.toks))
	all := make([]string, 0, 2*len(at.toks))
	s := 0
	for i, t := range at.toks {
		if t.word && !t.digits {
			n := len(all)
			all = arAppendStems(all, t.key)
			at.stems[i] = all[n:len(all):len(all)]
		}
		at.sentOf[i] = s
		if t.key == "." || t.key == "!" || t.key == "?" {
			// "3.5" and "12.3.2020" are numbers, not two sentences.
			if !(t.key == "." && i > 0 && i+1 < len(at.toks) && at.toks[i-1].digits && at.toks[i+1].digits &&
				at.toks[i-1].end == t.start && at.toks[i+1].start == t.end) {
				s++
			}
		}
	}
	return at
}

// is reports whether token i reads as one of words (folded, as written or
// without its clitics).
func (at *arText) is(i int, words ...string) bool {
	if i < 0 || i >= len(at.toks) {
		return false
	}
	if !at.toks[i].word || at.toks[i].digits {
		return slices.Contains(words, at.toks[i].key)
	}
	for _, st := range at.stems[i] {
		if slices.Contains(words, st) {
			return true
		}
	}
	return false
}

// isIn is is with a set.
func (at *arText) isIn(i int, set map[string]bool) bool {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word {
		return false
	}
	for _, st := range at.stems[i] {
		if set[st] {
			return true
		}
	}
	return set[at.toks[i].key]
}

// span returns the bytes of tokens [a, b).
func (at *arText) span(a, b int) caption.Span {
	return caption.Span{Start: at.toks[a].start, End: at.toks[b-1].end}
}

// wordMatches reports whether a phrase word w (folded, without article)
// matches token i.
func (at *arText) wordMatches(w string, i int) bool {
	t := at.toks[i]
	if !t.word {
		return false
	}
	if t.digits {
		return t.key == w
	}
	stem, prefix := strings.CutSuffix(w, "*")
	for _, st := range at.stems[i] {
		if st == w || prefix && strings.HasPrefix(st, stem) {
			return true
		}
	}
	return false
}

// match returns the phrases of ps that start at token i, longest first, and
// the length of the longest; phrases of one length are all returned so that
// a caller can choose among scopes. The slice is reused by the next match.
func (at *arText) match(ps *arPhrases, i int) ([]*arPhrase, int) {
	if i >= len(at.toks) || !at.toks[i].word {
		return nil, 0
	}
	found := at.found[:0]
	defer func() { at.found = found[:0] }()
	best := 0
	try := func(ph *arPhrase) {
		n := len(ph.words)
		if n < best || i+n > len(at.toks) {
			return
		}
		for k, w := range ph.words {
			if !at.wordMatches(w, i+k) {
				return
			}
		}
		if n > best {
			found, best = found[:0], n
		}
		found = append(found, ph)
	}
	for _, st := range at.stems[i] {
		for _, ph := range ps.byFirst[st] {
			try(ph)
		}
	}
	if at.toks[i].digits {
		for _, ph := range ps.byFirst[at.toks[i].key] {
			try(ph)
		}
	}
	for _, ph := range ps.prefix {
		try(ph)
	}
	return found, best
}

// arabic fills the fields of rec the English rules left empty from desc, an
// Arabic description at offset off of rec.Text.
func (p *Parser) arabic(rec *caption.Record, desc string, off int, ev *evidence) {
	at := newArText(desc)
	if len(at.toks) == 0 {
		return
	}
	if d, span, text, warn := at.date(); !d.IsZero() {
		if !rec.Date.IsZero() {
			ev.drop("date")
		}
		rec.Date, rec.DateText = d, text
		ev.add("date", off, span)
	} else if warn != "" {
		rec.Warnings = append(rec.Warnings, warn)
	}
	arDatelineDate(rec, off, ev)
	var figSents []int
	if rec.Killed == nil && rec.Injured == nil {
		figSents = setFigures(rec, at.casualties(rec.Date, &p.ar.countries), at.sentOf, off, ev)
		if len(figSents) > 0 && len(rec.Attribution) == 0 {
			setAttribution(rec, at.attribution(&p.ar.sources, figSents), off, ev)
		}
	}
	scene := func(i int) bool { return at.sentOf[i] == 0 || slices.Contains(figSents, at.sentOf[i]) }
	if len(rec.EventTypes) == 0 {
		at.events(rec, &p.ar.events, scene, off, ev)
	}
	countryTok := make([]bool, len(at.toks))
	// The city of a dateline the credit cut, read once for the country
	// and the places ("" when there is none).
	dlCity, dlSpan, _ := arDatelineCity(rec.Text, off)
	if rec.Country == "" || rec.CountryBasis == caption.CountryHint {
		at.country(rec, p.ar, countryTok, off, ev)
		p.arDatelineCountry(rec, dlCity, dlSpan, ev)
		p.arCreditCountry(rec, ev)
	} else {
		at.markCountries(&p.ar.countries, countryTok)
	}
	if len(rec.Places) == 0 {
		last := at.sentOf[len(at.toks)-1]
		for s := 0; len(rec.Places) == 0 && s <= last; s++ {
			at.places(rec, p.ar, countryTok, s, off, ev)
		}
	}
	arDatelinePlace(rec, dlCity, dlSpan, ev)
	// After the places, whose country scopes an actor when the caption
	// names none.
	if len(rec.Actors) == 0 {
		p.arActors(rec, at, scene, off, ev)
	}
	if len(rec.People) == 0 {
		at.people(rec, scene, off, ev)
	}
}

// arCreditCountry hints at the country of a caption that names none from
// the country its handout credit names: "(الدفاع المدني السوري)",
// "(وزارة الصحة الفلسطينية)" credit their own country's scenes, where the
// gazetteer's first namesake may be abroad ("مدينة أريحا" with the Syrian
// Civil Defence's credit is Syria's Ariha, not Jericho). A credit that
// names a photographer is left alone, whose surname may be a demonym
// ("أحمد المصري"), and so is an army's, which photographs where it fights.
func (p *Parser) arCreditCountry(rec *caption.Record, ev *evidence) {
	if rec.Country != "" || rec.Credit == "" || len(rec.Photographers) > 0 {
		return
	}
	off := strings.Index(rec.Text, rec.Credit)
	at := newArText(rec.Credit)
	for i := range at.toks {
		if at.isIn(i, arForceNouns) || at.is(i, "جيش") {
			return
		}
	}
	for i := range at.toks {
		if found, n := at.match(&p.ar.countries, i); n > 0 && off >= 0 {
			rec.Country, rec.CountryBasis = caption.CountryCode(found[0].value), caption.CountryHint
			ev.add("country", off, at.span(i, i+n))
			return
		}
	}
}

// events sets rec's event types from the scene's event words.
func (at *arText) events(rec *caption.Record, ps *arPhrases, scene func(int) bool, off int, ev *evidence) {
	types := caption.EventTypes()
	seen := make([]bool, len(types))
	for i := 0; i < len(at.toks); i++ {
		if !scene(i) {
			continue
		}
		found, n := at.match(ps, i)
		if n == 0 {
			continue
		}
		seen[caption.EventType(found[0].value).Index()] = true
		ev.add("event_types", off, at.span(i, i+n))
		i += n - 1
	}
	for i, e := range types {
		if seen[i] {
			rec.EventTypes = append(rec.EventTypes, e)
		}
	}
}

// arSayCues introduce a source, or say that what follows is a statement:
// "بحسب المرصد", "وفقا لـ", "قال الجيش", "أفادت مصادر طبية".
var arSayCues = wordSetAr("بحسب حسب حسبما وفق وفقا طبقا نقلا قال قالت قالوا افاد افادت افادوا ذكر ذكرت ذكروا " +
	"اعلن اعلنت اعلنوا اكد اكدت اكدوا اوضح اوضحت اشار اشارت وثق وثقت يقول تقول بيان اتهم اتهمت")

// wordSetAr folds a space-separated word list into a set.
func wordSetAr(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[arFold(w)] = true
	}
	return m
}

// arActors reads the armed forces and groups of the scene sentences, by
// the canonical names of actors.tsv. An actor a statement is attributed to
// ("قال الجيش", "بحسب الدفاع المدني") is quoted, not in the scene.
func (p *Parser) arActors(rec *caption.Record, at *arText, scene func(int) bool, off int, ev *evidence) {
	day := recordDay(rec.Date)
	country := string(rec.Country)
	if country == "" {
		country = at.placeCountry(rec, p.ar, off)
	}
	for i := 0; i < len(at.toks); i++ {
		found, n := at.match(&p.ar.actors, i)
		if n == 0 {
			continue
		}
		ph := arPick(found, country, day)
		quoted := at.isIn(i-1, arSayCues) || at.isIn(i-2, arSayCues) && at.is(i-1, "ل")
		if ph != nil && scene(i) && !quoted {
			name := p.lex.countries.actorName(ph.value, rec.Country)
			if !slices.Contains(rec.Actors, name) {
				rec.Actors = append(rec.Actors, name)
			}
			ev.add("actors", off, at.span(i, i+n))
		}
		i += n - 1
	}
}

// placeCountry returns the ar_places.tsv country of the first of rec's
// places that the lexicon knows, or "": with no country named, "قوات الجيش
// في مدينة الخرطوم" are Sudan's army, not Syria's. off is the
// description's offset in rec.Text, which the places' spans count from.
func (at *arText) placeCountry(rec *caption.Record, lex *arabicLexicon, off int) string {
	for _, r := range rec.PlaceRefs {
		start := r.Span.Start - off
		// The token that holds the place's start, a clitic before it
		// ("بحلب") included.
		i, _ := slices.BinarySearchFunc(at.toks, start, func(t arToken, s int) int { return cmp.Compare(t.end, s+1) })
		if i < len(at.toks) && at.toks[i].start <= start {
			if found, n := at.match(&lex.places, i); n > 0 {
				return found[0].value
			}
		}
	}
	return ""
}

// arPick chooses among the readings of one alias: a dated reading of the
// caption's country whose dates hold the caption's day, then the country's
// undated one, then one for any country; with no country known, the
// lexicon's first undated reading, as in English (pick): "مقاتلو المعارضة"
// in a caption that names only Idlib are Syria's rebels, whose country the
// gazetteer settles later.
func arPick(found []*arPhrase, country string, day int) *arPhrase {
	var any, undated, dated, first *arPhrase
	for _, ph := range found {
		switch {
		case ph.scope == "":
			any = arFirst(any, ph)
		case country == "" && ph.from == 0 && ph.until == 0:
			first = arFirst(first, ph)
		case ph.scope != country:
		case ph.from == 0 && ph.until == 0:
			undated = arFirst(undated, ph)
		case day != 0 && (ph.from == 0 || day >= ph.from) && (ph.until == 0 || day < ph.until):
			dated = arFirst(dated, ph)
		}
	}
	switch {
	case dated != nil:
		return dated
	case undated != nil:
		return undated
	case any == nil:
		return first
	}
	return any
}

func arFirst(a, b *arPhrase) *arPhrase {
	if a != nil {
		return a
	}
	return b
}
