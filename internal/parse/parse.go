package parse

import (
	"io/fs"
	"iter"
	"runtime"
	"slices"
	"strings"
	"sync"

	"sijil/internal/caption"
)

// Version identifies the parser's rules and lexicons. Records keep it so that
// an archive knows which ones to re-derive after an upgrade: raise it with
// every change of the rules that changes what a caption yields (TestGolden
// refuses to rewrite its outputs under the same version). 0.1.0 named
// every build until 2026-12-07, whatever its rules.
const Version = "0.2.14"

// Parser holds the lexicons the rules consult. It is read-only after New and
// safe for concurrent use.
type Parser struct {
	lex *lexicons
	fr  *frenchLexicon
	ar  *arabicLexicon
	// words answers the rules' questions about a word (its word lists,
	// casualty grammar and the lexicon phrases it starts) in one lookup per
	// token.
	words *vocab
	// work recycles the per-caption scratch buffers (*workspace): tokens and
	// flags are most of a parse's allocations, and none outlives it.
	work sync.Pool
	// Window is how many neighbouring captions of one document inform
	// each other at most (see DefaultWindow); 0 means DefaultWindow. Set
	// it before the parser is used.
	Window int
}

// workspace holds the scratch buffers of one caption's parse.
type workspace struct {
	toks   []token
	flags  []bool
	sentOf []int
	sents  []caption.Span
	scene  []int
	cas    casualtyScan
	ev     evidence
	sc     sceneCtx
}

// New loads the built-in lexicons and, from each extra file system, any
// lexicon files of the same names (agencies.tsv, actors.tsv, actorinfo.tsv, events.tsv, targets.tsv,
// countries.tsv, names.tsv, the French fr_countries.tsv, fr_events.tsv,
// fr_sources.tsv, and the Arabic ar_countries.tsv, ar_events.tsv,
// ar_sources.tsv, ar_actors.tsv, ar_places.tsv), whose lines are added to
// the built-in ones.
func New(extra ...fs.FS) (*Parser, error) {
	lex, err := loadLexicons(extra)
	if err != nil {
		return nil, err
	}
	fr, err := loadFrench(extra)
	if err != nil {
		return nil, err
	}
	ar, err := loadArabic(extra, lex.actorInfo)
	if err != nil {
		return nil, err
	}
	p := &Parser{lex: lex, fr: fr, ar: ar, words: newVocab(lex.words(), lex.phraseSets())}
	p.work.New = func() any { return new(workspace) }
	return p, nil
}

// Caption parses one caption. raw may hold any white space; the record's
// Text is its folded form and every evidence span points into Text.
func (p *Parser) Caption(raw string) caption.Record {
	ws := p.work.Get().(*workspace)
	defer p.work.Put(ws)
	ws.ev.reset()
	text := Fold(raw)
	rec := caption.Record{Text: text}
	cr := p.credit(text)
	descStart, descEnd := 0, len(text)
	if cr.Found {
		rec.Credit = text[cr.Inner.Start:cr.Inner.End]
		rec.Photographers = cr.Photographers
		rec.Agencies = cr.Agencies
		ws.ev.add("credit", 0, cr.Inner)
		ws.ev.add("photographers", 0, cr.PhotographerSpans...)
		ws.ev.add("agencies", 0, cr.AgencySpans...)
		rec.Warnings = append(rec.Warnings, cr.Warnings...)
		descStart, descEnd = descBounds(text, cr.Whole)
		descStart = p.arDatelineCut(text, cr, descStart, descEnd)
	}
	desc := text[descStart:descEnd]
	rec.Description = desc
	rec.Lang = detectLang(desc)
	p.describe(&rec, desc, descStart, ws)
	switch rec.Lang {
	case langFrench:
		p.french(&rec, desc, descStart, &ws.ev)
	case langArabic:
		p.arabic(&rec, desc, descStart, &ws.ev)
	}
	rec.Evidence = ws.ev.record()
	return rec
}

// descBounds returns the description's bounds in text once the credit
// (usually last, sometimes first) is cut out, trimming spaces and the
// separators agencies put between caption and credit.
func descBounds(text string, credit caption.Span) (start, end int) {
	if credit.Start > len(text)-credit.End {
		start, end = 0, credit.Start
	} else {
		start, end = credit.End, len(text)
	}
	// Trim by runes: the dashes are multi-byte, and a byte of one of them can
	// end another character.
	const seps = " -–—|"
	inner := strings.TrimRight(strings.TrimLeft(text[start:end], seps), seps)
	if inner == "" {
		return start, start
	}
	start += strings.Index(text[start:end], inner)
	return start, start + len(inner)
}

// describe fills the fields read from the description. off is the
// description's offset in rec.Text, added to every span.
func (p *Parser) describe(rec *caption.Record, desc string, off int, ws *workspace) {
	ws.sents = appendSentences(ws.sents[:0], desc)
	sents := ws.sents
	ws.toks = tokenizeInto(ws.toks[:0], desc, lowerASCII(desc), p.words)
	toks := ws.toks
	monthLedNames(toks)

	dr := pickDate(desc, sents)
	if !dr.Date.IsZero() {
		rec.Date, rec.DateText = dr.Date, dr.Text
		ws.ev.add("date", off, dr.Span)
	}
	rec.Warnings = append(rec.Warnings, dr.Warnings...)

	cas := otherEventFigures(desc, sents, readCasualties(&ws.cas, desc, sents, toks), dr)
	rec.Killed, rec.Injured = cas.Killed, cas.Injured
	rec.Attribution = cas.Attribution
	ws.ev.add("killed", off, cas.KilledSpans...)
	ws.ev.add("injured", off, cas.InjuredSpans...)
	ws.ev.add("attribution", off, cas.AttributionSpans...)
	rec.Warnings = append(rec.Warnings, cas.Warnings...)

	ws.scene = appendSceneSentences(ws.scene[:0], sents, cas.Sentences, dr)
	scene := ws.scene
	p.scene(rec, desc, off, sents, scene, ws)
}

// monthLedNames lets a month's abbreviation be part of a name when a
// particle and a name follow it ("Mar del Plata" is a city, where "Mar. 3"
// is a date), when a name follows it ("Mar Elias camp", "Mar Mikhael"),
// or when a name precedes it and a place word follows ("Zenda Jan
// district"). Before a day, a year or a period it stays a month.
func monthLedNames(toks []token) {
	for i := 0; i+1 < len(toks); i++ {
		t := &toks[i]
		if !t.upper || t.tags&tagName != 0 || !monthAbbrevs[t.key] || t.key == "may" {
			continue
		}
		next := toks[i+1]
		switch {
		case next.is(tagParticle) && i+2 < len(toks) && toks[i+2].is(tagName),
			next.is(tagName),
			next.is(tagPlaceNoun) && i > 0 && toks[i-1].is(tagName):
			t.tags |= tagName
		}
	}
}

var monthAbbrevs = map[string]bool{"jan": true, "feb": true, "mar": true, "apr": true, "may": true, "jun": true,
	"jul": true, "aug": true, "sep": true, "sept": true, "oct": true, "nov": true, "dec": true}

// appendSceneSentences picks the sentences that describe the photographed scene:
// the first one, the ones carrying the depicted event's casualty figures and
// a "Picture taken …" sentence. Later sentences of a caption are usually
// background ("Residents are using ancient caves … during shelling"), and
// places, events and actors named only there are left out.
// They are appended to out, a buffer of the workspace.
func appendSceneSentences(out []int, sents []caption.Span, casualty []int, dr dateResult) []int {
	if len(sents) == 0 {
		return out
	}
	out = append(out, 0)
	for _, i := range casualty {
		if i > 0 && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// Document parses the captions of one document (as Segment returns them).
// Captions of a document inform each other, window by window (p.Window): a
// caption that names only a neighbourhood takes the country its siblings
// agree on.
func (p *Parser) Document(raws []caption.Raw) []caption.Record {
	recs := make([]caption.Record, len(raws))
	parse := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			recs[i] = p.Caption(raws[i].Text)
			p.applyMeta(&recs[i], raws[i])
		}
	}
	// A wire dump of thousands of captions is one document, which one of
	// ingest's workers (or sijil parse's) parses while the others have
	// nothing to do: its captions, each parsed alone, are parsed on every
	// core. A gallery of a hundred is one of many parsed at once.
	if n := len(raws); n >= parallelCaptions {
		workers := runtime.GOMAXPROCS(0)
		step := (n + workers - 1) / workers
		var wg sync.WaitGroup
		for lo := 0; lo < n; lo += step {
			wg.Go(func() { parse(lo, min(lo+step, n)) })
		}
		wg.Wait()
	} else {
		parse(0, len(raws))
	}
	for lo, hi := range p.Windows(len(recs)) {
		inferCountry(recs[lo:hi])
	}
	return recs
}

// DefaultWindow is how many neighbouring captions of one document inform
// each other at most: Document infers a country from each window of
// Parser.Window captions alone, and callers give the gazetteer's
// ResolveDocument one window at a time. A gallery or a day's wire is one
// window. A document of hundreds of thousands of captions (an agency's
// archive exported as one CSV) is not one story, and its distant captions
// are no evidence for each other; read a window at a time, it is parsed
// and stored in bounded memory, where whole it held some 8 KB a caption
// (1.6 GiB for 200,000, 2026-12-05).
const DefaultWindow = 5000

// WindowSize returns p.Window, or DefaultWindow when it is 0.
func (p *Parser) WindowSize() int {
	if p.Window > 0 {
		return p.Window
	}
	return DefaultWindow
}

// Windows yields the bounds of each window of a document of n captions,
// in order: [0, w), [w, 2w), … for w = p.WindowSize().
func (p *Parser) Windows(n int) iter.Seq2[int, int] {
	return func(yield func(lo, hi int) bool) {
		w := p.WindowSize()
		for lo := 0; lo < n; lo += w {
			if !yield(lo, min(lo+w, n)) {
				return
			}
		}
	}
}

// parallelCaptions is the smallest document whose captions Document
// parses on every core.
const parallelCaptions = 1024

// inferCountry gives captions that name no country the one most of their
// document's captions name, when at least two agree and none disagrees
// more often: a gallery from Syria is about Syria even where a caption names
// only "the al-Shaar neighbourhood". The record says so in a warning.
func inferCountry(recs []caption.Record) {
	count := map[caption.CountryCode]int{}
	for _, r := range recs {
		if r.Country != "" {
			count[r.Country]++
		}
	}
	var best caption.CountryCode
	for c, n := range count {
		if n > count[best] || n == count[best] && c < best {
			best = c
		}
	}
	total := 0
	for _, n := range count {
		total += n
	}
	// A wire dump from many conflicts proves nothing about one caption:
	// three in four captions must agree.
	if count[best] < 2 || 4*count[best] < 3*total {
		return
	}
	for i := range recs {
		if recs[i].Country == "" && len(recs[i].Places) > 0 {
			recs[i].Country, recs[i].CountryBasis = best, caption.CountryDocument
			recs[i].Warnings = append(recs[i].Warnings, caption.DocumentCountryWarning(best))
		}
	}
}
