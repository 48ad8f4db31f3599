package parse

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// maxCredit bounds, in bytes, how far credit scans back from the end of a
// caption (or into a parenthesised group). Real credits are under 120 bytes;
// the bound keeps the scan independent of the caption's length.
const maxCredit = 300

// creditResult is the credit found in a caption. Spans are byte ranges in
// the text passed to credit.
type creditResult struct {
	Found             bool
	Whole             caption.Span // the credit with its parentheses and any "Photo:" lead-in: cut from the description
	Inner             caption.Span // the credit as written, without parentheses: the record's credit
	Photographers     []string
	PhotographerSpans []caption.Span
	Agencies          []caption.Agency
	AgencySpans       []caption.Span
	Warnings          []string
}

// credit finds the credit of a folded caption text. Credits come last,
// either in parentheses or brackets ("… 2016. (Photo by Sameer Al-Doumy/AFP
// Photo)", "… Gaza City [Mohammed Salem/Reuters]") or after the last
// sentence ("… 2016. REUTERS/Omar Sanadiki"), sometimes followed by an
// editors' note ("REUTERS/Handout ATTENTION EDITORS - THIS IMAGE WAS
// PROVIDED BY A THIRD PARTY."); rarely first ("REUTERS/Omar Sanadiki - Men
// carry …"). The scan starts from the end and looks back at most maxCredit
// bytes.
func (p *Parser) credit(text string) creditResult {
	end := creditTrimEnd(text)
	if end == 0 {
		return creditResult{}
	}
	if hasArabic(text) {
		return p.arabicCredit(text, end)
	}
	return p.latinCredit(text)
}

// latinCredit is credit for a caption in Latin script, or the Latin tail
// of an Arabic one.
func (p *Parser) latinCredit(text string) creditResult {
	end := creditTrimEnd(text)
	if end == 0 {
		return creditResult{}
	}
	if cr := p.creditBeforeNote(text, end); cr.Found {
		return cr
	}
	if cr := p.endCredit(text, end); cr.Found {
		return cr
	}
	return p.leadingCredit(text)
}

// endCredit reads the credit that ends at end.
func (p *Parser) endCredit(text string, end int) creditResult {
	if c := text[end-1]; c == ')' || c == ']' {
		return p.parenCredit(text, end)
	}
	return p.tailCredit(text, end)
}

// creditNotes open the editors' notes that Reuters and others put after a
// credit. Case matters: they are written in capitals.
var creditNotes = [...]string{
	"ATTENTION EDITORS", "TPX IMAGES OF THE DAY", "TPX", "MANDATORY CREDIT", "NO RESALES", "NO ARCHIVES",
	"THIS IMAGE HAS BEEN SUPPLIED BY A THIRD PARTY", "THIS IMAGE WAS PROVIDED BY A THIRD PARTY", "SEARCH \"",
}

// creditBeforeNote reads a credit followed by editors' notes: the credit is
// what ends right before one of them, and Whole runs to end so that the
// notes leave the description too. Older Reuters captions end with a tag
// group instead: "REUTERS/Name (SYRIA - Tags: CONFLICT)".
func (p *Parser) creditBeforeNote(text string, end int) creditResult {
	if text[end-1] == ')' {
		if o := creditMatchOpen(text, end-1, max(0, end-1-maxCredit)); o > 0 && strings.Contains(text[o:end], "Tags:") {
			if cr := p.creditEndingAt(text, o, end); cr.Found {
				return cr
			}
		}
	}
	// A note opens a word with two capitals. Capitals are few: eight bytes
	// at a time (see swar.go), the scan stops only at them.
	for i := max(0, end-2*maxCredit); i < end; i += 8 {
		for caps := swarUpperAt(text[:end], i); caps != 0; caps &= caps - 1 {
			k := i + bits.TrailingZeros64(caps)/8
			if (k == 0 || text[k-1] == ' ') && creditCaps(text, k, end) {
				if cr := p.creditNoteAt(text, k, end); cr.Found {
					return cr
				}
			}
		}
	}
	return creditResult{}
}

// creditCaps reports whether text[i] and text[i+1], before end, are capitals.
func creditCaps(text string, i, end int) bool {
	return text[i] >= 'A' && text[i] <= 'Z' && i+1 < end && text[i+1] >= 'A' && text[i+1] <= 'Z'
}

// creditNoteAt reads the credit before an editors' note that starts at i.
func (p *Parser) creditNoteAt(text string, i, end int) creditResult {
	for _, note := range creditNotes {
		n := len(note)
		if !strings.HasPrefix(text[i:end], note) || i+n < end && creditWordByte(text[i+n]) {
			continue
		}
		if cr := p.creditEndingAt(text, i, end); cr.Found {
			return cr
		}
	}
	return creditResult{}
}

// creditEndingAt reads the credit that ends before the note at i, with
// Whole running on to end.
func (p *Parser) creditEndingAt(text string, i, end int) creditResult {
	e := i
	for e > 0 && strings.IndexByte(" .-|", text[e-1]) >= 0 {
		e--
	}
	if e == 0 {
		return creditResult{}
	}
	cr := p.endCredit(text, e)
	if cr.Found {
		cr.Whole.End = end
	}
	return cr
}

// creditWordByte reports whether c may continue a word.
func creditWordByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

// isCreditOnly reports whether a folded paragraph is nothing but a credit.
func (p *Parser) isCreditOnly(text string) bool {
	return len(text) <= maxCredit && creditCovers(text, p.credit(text))
}

// creditCovers reports whether cr, the credit of text, is all of text but
// for white space and a final full stop.
func creditCovers(text string, cr creditResult) bool {
	return cr.Found && len(text) <= maxCredit && strings.TrimSpace(text[:cr.Whole.Start]) == "" && cr.Whole.End == creditTrimEnd(text)
}

// parenCredit reads a credit in the parenthesised (or bracketed) group that
// ends at end. A group naming only an agency, "(Reuters)", is a credit only
// after a sentence: "… news agency (SANA)." names a source, not the photo's
// credit. Getty's doubled credit "(Photo by X / AFP) (Photo by X/AFP via
// Getty Images)" is cut whole; the last group is the record's credit.
func (p *Parser) parenCredit(text string, end int) creditResult {
	closing := end - 1
	open := creditMatchOpen(text, closing, max(0, closing-maxCredit))
	if open < 0 {
		return creditResult{}
	}
	cr := p.readCredit(text, open+1, closing, creditAfterSentence(text, open))
	if !cr.Found {
		return cr
	}
	cr.Whole = caption.Span{Start: open, End: end}
	for {
		c := cr.Whole.Start
		for c > 0 && text[c-1] == ' ' {
			c--
		}
		if c == 0 || text[c-1] != ')' && text[c-1] != ']' {
			return cr
		}
		o := creditMatchOpen(text, c-1, max(0, c-1-maxCredit))
		if o < 0 || !p.readCredit(text, o+1, c-1, false).Found {
			return cr
		}
		cr.Whole.Start = o
	}
}

// tailCredit reads an unparenthesised credit that ends at end: the run of
// credit-like words after the last sentence ("… 2016. AFP PHOTO / ABD
// DOUMANY"), trimmed to start at a lead-in or at the agency that opens it
// ("… in Damascus REUTERS/Omar Sanadiki").
func (p *Parser) tailCredit(text string, end int) creditResult {
	start, sentence := creditWalkBack(text, end)
	if start < end {
		if ls, ok := p.agencyOpening(text, start); ok {
			start, sentence = ls, true
		}
	}
	if start >= end {
		if cc := p.colonCredit(text, end); cc.Found {
			return cc
		}
		return p.copyrightCredit(text, end)
	}
	if text[start] == '(' { // "(Photo by X/AFP Photo" that lost its ')'
		cr := p.readCredit(text, start+1, end, true)
		if cr.Found {
			cr.Whole.Start = start
		}
		return cr
	}
	s := creditSkipFunctionWords(text, start, end)
	cs := p.creditStart(text, s, end)
	cr := p.readCredit(text, cs, end, sentence && cs == start)
	if cr.Found && len(cr.Photographers) == 0 && cr.Whole.Start == cr.Inner.Start {
		photoSentenceCredit(text, &cr)
	}
	if !cr.Found {
		cr = p.photoAgencyCredit(text, end)
	}
	// A last sentence opening with a lead-in and a colon is the credit
	// whole, though its lower-case words stopped the scan: "Photo :
	// Service ukrainien des situations d'urgence / AFP" is more than AFP.
	// So is one opening with a copyright sign: "© Casques blancs", "©
	// France 24".
	for _, cc := range [...]creditResult{p.colonCredit(text, end), p.copyrightCredit(text, end)} {
		if cc.Found && (!cr.Found || cc.Whole.Start < cr.Whole.Start) {
			cr = cc
		}
	}
	return cr
}

// copyrightCredit reads the last sentence, up to end, when it opens with a
// copyright sign: the rest, a few words, is the credit whatever their case
// or digits, which stop the walk back ("… le 3 mai 2024. © Casques
// blancs", "© France 24"). It must read as a photographer or an agency.
func (p *Parser) copyrightCredit(text string, end int) creditResult {
	c := strings.LastIndex(text[:end], "©")
	if c < 0 || end-c > maxCopyrightCredit || !creditAfterSentence(text, c) {
		return creditResult{}
	}
	rest := text[c+len("©") : end]
	if n := len(strings.Fields(rest)); n == 0 || n > 5 || strings.ContainsAny(rest, ".!?;:()[]") {
		return creditResult{}
	}
	cr := p.readCredit(text, c, end, true)
	if !cr.Found || len(cr.Warnings) > 0 || len(cr.Photographers)+len(cr.Agencies) == 0 {
		return creditResult{}
	}
	return cr
}

// maxCopyrightCredit bounds the sentence copyrightCredit reads.
const maxCopyrightCredit = 64

// agencyOpening returns the start of the last sentence before start when
// it is a known agency and a slash up to start, which the walk back stopped
// in for a lower-case word or a number: "La Presse canadienne / Julien
// Bérubé", "France 24 / Fatou Diallo".
func (p *Parser) agencyOpening(text string, start int) (int, bool) {
	e := start
	if e <= 0 || e >= len(text) {
		return 0, false // no agency before a credit that opens the text
	}
	if text[e] == '/' {
		e-- // the walk stopped at the slash's word
	} else {
		for e > 0 && text[e-1] == ' ' {
			e--
		}
		if e == 0 || text[e-1] != '/' {
			return 0, false
		}
		e--
	}
	for e > 0 && text[e-1] == ' ' {
		e--
	}
	s := strings.LastIndex(text[:e], ". ")
	if s < 0 {
		s = 0
	} else {
		s += 2
	}
	if e <= s || e-s > 60 {
		return 0, false
	}
	if kind, _ := p.lex.agencies.lookup(text[s:e]); kind != pieceAgency {
		return 0, false
	}
	return s, true
}

// colonCredit reads the last sentence, up to end, when it opens with a
// lead-in ending in a colon: the rest is the credit whatever its case, as
// French names organisations with lower-case words that stop the walk back
// ("… 2020. Crédit photo : Défense civile syrienne", "Photo : Centre des
// médias d'Alep"). It must read as a photographer or an agency: "Photo :
// des enfants jouent" is none.
func (p *Parser) colonCredit(text string, end int) creditResult {
	s := strings.LastIndex(text[:end], ". ")
	if s < 0 {
		s = 0
	} else {
		s += 2
	}
	s = creditSkipSpaces(text, s, end)
	if end-s > maxCredit {
		return creditResult{}
	}
	n := creditLeadInLen(text[s:end])
	if n == 0 || text[s+n-1] != ':' {
		return creditResult{}
	}
	cr := p.readCredit(text, s, end, true)
	if !cr.Found || len(cr.Warnings) > 0 || len(cr.Photographers)+len(cr.Agencies) == 0 {
		return creditResult{}
	}
	return cr
}

// photoSentence returns where the sentence that ends at e starts, where
// its rest starts and the rest, when it opens with "Photo", "PHOTO" or
// "Photo d'archive" and follows another sentence.
func photoSentence(text string, e int) (start, n int, rest string, ok bool) {
	start = strings.LastIndex(text[:e], ". ")
	if start < 0 {
		return 0, 0, "", false
	}
	start += 2
	for _, w := range [...]string{"Photo d'archive ", "Photo d’archive ", "Photo ", "PHOTO "} {
		if rest, ok = strings.CutPrefix(text[start:e], w); ok {
			return start, start + len(w), rest, true
		}
	}
	return start, 0, "", false
}

// photoAgencyCredit reads a last sentence that is "Photo" and a known
// agency alone ("… le 3 mars 2024. Photo AFP", "Photo d'archive AFP"), which the credit scan
// leaves, as "Photo" opens sentences too.
func (p *Parser) photoAgencyCredit(text string, end int) creditResult {
	s, n, name, ok := photoSentence(text, end)
	if !ok {
		return creditResult{}
	}
	a, ok := p.lex.agencies.agency(name)
	if !ok {
		return creditResult{}
	}
	return creditResult{Found: true, Whole: caption.Span{Start: s, End: end}, Inner: caption.Span{Start: s, End: end},
		Agencies: []caption.Agency{a}, AgencySpans: []caption.Span{{Start: n, End: end}}}
}

// photoSentenceCredit takes into an agency's credit the sentence before it
// when that is "Photo" and a photographer's name, as Libération and other
// French papers print it: "… le 3 mars 2024. Photo Claire Morin. Hans
// Lucas", where the credit was the agency alone.
func photoSentenceCredit(text string, cr *creditResult) {
	e := cr.Whole.Start
	for e > 0 && text[e-1] == ' ' {
		e--
	}
	if e == 0 || text[e-1] != '.' {
		return
	}
	e--
	s, n, name, ok := photoSentence(text, e)
	if !ok {
		return
	}
	words := strings.Fields(name)
	if len(words) < 2 || len(words) > 4 {
		return
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' && r != '’' }) {
			return
		}
	}
	cr.Photographers = append([]string{name}, cr.Photographers...)
	cr.PhotographerSpans = append([]caption.Span{{Start: n, End: e}}, cr.PhotographerSpans...)
	cr.Whole.Start, cr.Inner.Start = s, s
}

// leadingCredit reads a credit that opens the caption: one set off by a
// dash ("REUTERS/Omar Sanadiki - Men carry …") or an agency's credit in
// capitals on a line of its own, which folding has run into the caption
// ("AFP PHOTO / ABD DOUMANY A Syrian man carries …"). Either must start with
// a known agency and a slash, so that a caption opening with a name is not
// taken.
func (p *Parser) leadingCredit(text string) creditResult {
	lim := min(len(text), maxCredit)
	slash := strings.IndexByte(text[:lim], '/')
	if slash < 0 || slash > 40 { // agency names are short
		return creditResult{}
	}
	if _, ok := p.lex.agencies.agency(strings.TrimSpace(text[:slash])); !ok {
		return creditResult{}
	}
	sep := -1
	for _, dash := range [...]string{" - ", " – ", " — "} {
		if i := strings.Index(text[:lim], dash); i > slash && (sep < 0 || i < sep) {
			sep = i
		}
	}
	if sep >= 0 {
		if cr := p.readCredit(text, 0, sep, false); cr.Found {
			return cr
		}
	}
	e := creditCapsRun(text, slash+1)
	if e == slash+1 || e == len(text) {
		return creditResult{}
	}
	if cr := p.readCredit(text, 0, e, false); cr.Found && len(cr.Warnings) == 0 {
		return cr
	}
	return creditResult{}
}

// creditCapsRun returns the end of the run of words in capitals (at least two
// letters each, slashes allowed) that starts at i: "ABD DOUMANY" in "/ ABD
// DOUMANY A Syrian man". A single capital such as "A" ends the run.
func creditCapsRun(text string, i int) int {
	end := i
	for n := 0; i < len(text) && n < 8; n++ {
		i = creditSkipSpaces(text, i, len(text))
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			j = len(text)
		} else {
			j += i
		}
		letters := 0
		for _, r := range text[i:j] {
			if unicode.IsLower(r) {
				return end
			}
			if unicode.IsLetter(r) {
				letters++
			}
		}
		if letters < 2 && text[i:j] != "/" {
			return end
		}
		end, i = j, j
	}
	return end
}
