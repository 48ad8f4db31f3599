package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// Arabic dateline credits. The Arabic wires and media open a story with
// its city and their own name: SANA writes "حمص-سانا| …", Anadolu, AFP's
// and Reuters' Arabic services and local outlets write a colon instead
// ("غزة / الأناضول: …", "منبج - فرانس برس: …", "بغداد - السومرية نيوز:
// …"). The outlet is the caption's credit when the caption ends with none.

// arDatelineCredit reads the credit of a dateline that opens text, with
// the outlet after the city (arDatelineAgency) or after the city and a
// date (arDatedDatelineAgency); lim bounds where its colon or bar may be.
func (p *Parser) arDatelineCredit(text string, lim int) creditResult {
	if cr := p.arDatelineAgency(text, lim); cr.Found {
		return cr
	}
	return p.arDatedDatelineAgency(text, lim)
}

// arWithDatelineOutlet adds the outlet of a dateline that opens the
// caption to cr, a credit that ends it and names no agency: "حلب - فرانس
// برس: أطفال … (تصوير: باسل الأحمد)" is Basel al-Ahmad's photo for AFP.
// The record's credit stays cr's, as written: the caption writes no credit
// that holds both. The outlet's span is where the dateline names it,
// before cr, and Caption cuts that dateline from the description as well
// (arDatelineCut). A credit that names its own agency keeps it alone: the
// photo's agency, where the dateline's outlet is the story's.
func (p *Parser) arWithDatelineOutlet(text string, cr creditResult) creditResult {
	if len(cr.Agencies) > 0 || cr.Whole.Start == 0 {
		return cr
	}
	d := p.arDatelineCredit(text, min(cr.Whole.Start, maxCredit))
	if !d.Found || d.Whole.End >= cr.Whole.Start {
		return cr
	}
	cr.Agencies, cr.AgencySpans = d.Agencies, d.AgencySpans
	return cr
}

// arDatelineCut returns where the description, [start, end) of text once
// the credit is cut, starts when the credit took an agency from the
// dateline at its head (arWithDatelineOutlet): after that dateline, as
// when the dateline is the whole credit, so that the description holds no
// credit and arDatelinePlace, arDatelineCountry and arDatelineDate give
// the dateline's city, country and date back.
func (p *Parser) arDatelineCut(text string, cr creditResult, start, end int) int {
	for _, s := range cr.AgencySpans {
		if s.Start < start || s.End > end {
			continue
		}
		d := p.arDatelineCredit(text[start:end], min(end-start, maxCredit))
		if d.Found && start+d.Inner.Start == s.Start {
			return start + d.Whole.End
		}
	}
	return start
}

// arDatelineAgency reads a dateline credit at the start of text (up to
// lim): at most three words of a city, a dash or a slash ("غزة /
// الأناضول:", as Anadolu writes it), an outlet of at most four words
// (arDatelineOutlet), and a bar or a colon. Whole runs from the start: the
// description starts after the dateline, whose city arDatelinePlace gives
// back to the places and arDatelineCountry to the country.
func (p *Parser) arDatelineAgency(text string, lim int) creditResult {
	end := strings.IndexAny(text[:lim], "|:")
	if end <= 0 {
		return creditResult{}
	}
	d := strings.LastIndexAny(text[:end], "-–—/")
	if d <= 0 || arWords(text[:d]) > 3 || !arCityWords(text[:d]) {
		return creditResult{}
	}
	_, w := utf8.DecodeRuneInString(text[d:])
	as, ae := creditSkipSpaces(text, d+w, end), end
	for ae > as && text[ae-1] == ' ' {
		ae--
	}
	after := creditSkipSpaces(text, end+1, len(text))
	if as >= ae || after >= len(text) || arWords(text[as:ae]) > 4 {
		return creditResult{}
	}
	a, ok := p.arDatelineOutlet(text[as:ae])
	if !ok {
		return creditResult{}
	}
	sp := caption.Span{Start: as, End: ae}
	return creditResult{Found: true, Whole: caption.Span{Start: 0, End: after}, Inner: sp,
		Agencies: []caption.Agency{a}, AgencySpans: []caption.Span{sp}}
}

// arDatedDatelineAgency reads the dateline WAFA writes: a city, a numeric
// date and the outlet before a dash, "جنين 12-7-2023 وفا- …" (a colon or a
// bar may end the outlet too), before lim. Whole runs from the start, as
// in arDatelineAgency; arDatelineDate gives the date back to the record.
func (p *Parser) arDatedDatelineAgency(text string, lim int) creditResult {
	at, _, _, next, ok := arDatedDateline(text)
	if !ok {
		return creditResult{}
	}
	j := next
	for j < len(at.toks) && j < next+4 && at.toks[j].word && !at.toks[j].digits {
		j++
	}
	if j == next || j >= len(at.toks) || !arDatelineEnds[at.toks[j].key] || at.toks[j].end > lim {
		return creditResult{}
	}
	after := creditSkipSpaces(text, at.toks[j].end, len(text))
	sp := at.span(next, j)
	if after >= len(text) {
		return creditResult{}
	}
	a, ok := p.arDatelineOutlet(text[sp.Start:sp.End])
	if !ok {
		return creditResult{}
	}
	return creditResult{Found: true, Whole: caption.Span{Start: 0, End: after}, Inner: sp,
		Agencies: []caption.Agency{a}, AgencySpans: []caption.Span{sp}}
}

// arDatelineEnds end the outlet of a dated dateline.
var arDatelineEnds = map[string]bool{"-": true, "–": true, "—": true, ":": true, "|": true}

// arDatedDateline reads the city and the numeric date that open text, as
// WAFA's datelines do ("جنين 12-7-2023", "رام الله ١٢-٧-٢٠٢٣"): one to
// three words of Arabic letters, then a day, a month and a year. It
// returns the tokens of text's head, the date and its span, and the token
// after the date.
func arDatedDateline(text string) (*arText, caption.PartialDate, caption.Span, int, bool) {
	lim := min(len(text), 160)
	for lim < len(text) && !utf8.RuneStart(text[lim]) {
		lim++
	}
	if strings.IndexFunc(text[:lim], unicode.IsDigit) < 0 {
		return nil, caption.PartialDate{}, caption.Span{}, 0, false
	}
	at := &arText{desc: text[:lim], toks: arTokens(text[:lim])}
	k := 0
	for k < len(at.toks) && k <= 3 && at.toks[k].word && !at.toks[k].digits {
		if r, _ := utf8.DecodeRuneInString(at.desc[at.toks[k].start:]); !isArabicLetter(r) {
			break
		}
		k++
	}
	if k == 0 || k > 3 {
		return nil, caption.PartialDate{}, caption.Span{}, 0, false
	}
	d, end, ok := at.numericDate(k)
	if !ok {
		return nil, caption.PartialDate{}, caption.Span{}, 0, false
	}
	return at, d, at.span(k, end), end, true
}

// arDatelineOutlet reports whether name, between a dateline's dash and its
// colon, names an outlet, and which: a known agency ("فرانس برس", "سبأ",
// "ANHA"), a media organisation named by its kind first ("الوكالة الوطنية
// للإعلام", not "مدير المكتب الإعلامي", a person's title), a name that
// ends as outlets' names do ("السومرية نيوز", "عنب بلدي نت"), a local
// network with a number ("الساحل 24") or a Latin acronym. A place there
// ("طرابلس - ليبيا:", "حلب - حي الشعار:") is the dateline's second place
// and none of these.
func (p *Parser) arDatelineOutlet(name string) (caption.Agency, bool) {
	kind, a := p.arPart(name)
	switch {
	case kind == pieceAgency:
		return a, true
	case kind == pieceOrg && arMediaName(name) && arWordIn(arOrgWords, arFold(strings.Fields(name)[0])):
		return caption.Agency(name), true
	case kind == pieceName && arOutletSuffix[arFold(name[strings.LastIndexByte(name, ' ')+1:])]:
		return caption.Agency(name), true
	case p.arNumberedNetwork(name) || latinAcronym(name):
		return caption.Agency(name), true
	}
	return "", false
}

// arCityWords reports whether s can be a dateline's city: Arabic letters,
// spaces and a country in brackets ("صور (لبنان)"), no digits or
// punctuation of a sentence.
func arCityWords(s string) bool {
	letters := false
	for _, r := range s {
		switch {
		case isArabicLetter(r):
			letters = true
		case r != ' ' && r != '(' && r != ')':
			return false
		}
	}
	return letters
}

// arMediaName reports a name with a word of the media in it.
func arMediaName(name string) bool {
	for _, w := range strings.Fields(arFold(name)) {
		if arWordIn(arMediaWords, w) {
			return true
		}
	}
	return false
}

// arOutletSuffix are the last words of outlets' names, folded: "… نيوز"
// (news), "… نت" (.net), "… برس" (press), "… بوست" (post).
var arOutletSuffix = wordSetAr("نيوز نت برس بوست تايمز")

// latinAcronym reports a word of two to eight capital Latin letters, as
// Latin names of Arabic outlets are written ("ANHA", "SMART").
func latinAcronym(s string) bool {
	if len(s) < 2 || len(s) > 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
