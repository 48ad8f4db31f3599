package parse

import (
	"fmt"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// casualtyResult holds the depicted event's casualty figures. Spans are
// relative to the description.
type casualtyResult struct {
	Killed, Injured  *int
	KilledSpans      []caption.Span
	InjuredSpans     []caption.Span
	Attribution      []string
	AttributionSpans []caption.Span
	Sentences        []int // indexes of the sentences that report the depicted event's figures
	Warnings         []string
}

// casualties reads the depicted event's killed and injured counts and who
// they, or the event itself, are attributed to.
//
// A cheap scan looks for casualty words first ("killed", "wounded", "died",
// "dead", "death toll", "lost their lives"); only the sentences that have one
// are tokenized. The count is read in the casualty word's clause, before it
// ("At least four children were killed", "19 people injured", "left 12 dead")
// or after it ("killing at least 12 people and wounding 30", "the death toll
// rose to 30"). A figure whose clause frames it as a war's running total ("The
// war has killed more than 500,000 people since 2011") is left out. The first
// figure of each kind wins; a later sentence that disagrees adds a warning.
func (p *Parser) casualties(desc string, sents []caption.Span, toks []token) casualtyResult {
	return readCasualties(new(casualtyScan), desc, sents, toks)
}

// readCasualties is casualties with c's slices as scratch.
func readCasualties(c *casualtyScan, desc string, sents []caption.Span, toks []token) casualtyResult {
	var res casualtyResult
	if !c.reset(desc, sents, toks) {
		return res
	}
	figSents := pickCasualties(&res, c.figures())
	c.attribute(&res, figSents)
	return res
}

// casualtyCue reports whether desc has a casualty word, and whether it has
// "what" (for "what activists said were airstrikes"), without allocating.
// Words are runs of ASCII letters between other bytes: "rebel-killed" has
// "killed".
func casualtyCue(s string) (trigger, what bool) {
	var buf [10]byte
	for i := 0; i < len(s); {
		if !isASCIILetter(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isASCIILetter(s[j]) {
			j++
		}
		n := j - i
		if n >= 4 && n <= len(buf) && (i == 0 || !isASCIIAlnum(s[i-1])) && (j == len(s) || !isASCIIAlnum(s[j])) {
			for k := range n {
				buf[k] = s[i+k] | 0x20
			}
			w := string(buf[:n]) // no allocation: the conversions below are map keys and comparisons
			if casualtyLexicon[w].form != formNone {
				return true, what
			}
			what = what || w == "what"
		}
		i = j
	}
	return false, what
}

// tokensCue is casualtyCue over the text of toks, a sentence's tokens,
// reading the casualty words the tokenizer looked up. Every run of ASCII
// letters lies in one word token, and a token's edges are no letter or
// digit, so only a token with other characters ("rebel-killed", "Ma‘arrat")
// needs casualtyCue's scan.
func tokensCue(desc string, toks []token) (trigger, what bool) {
	for k := range toks {
		switch t := &toks[k]; {
		case !t.word:
		case !t.letters:
			tr, wh := casualtyCue(desc[t.start:t.end])
			if tr {
				return true, what
			}
			what = what || wh
		case len(t.key) < 4 || len(t.key) > 10:
		case t.cas.form != formNone:
			return true, what
		default:
			what = what || t.key == "what"
		}
	}
	return false, what
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isASCIIAlnum(c byte) bool  { return isASCIILetter(c) || c >= '0' && c <= '9' }

// casualtyScan is one description, tokenized, while its casualty figures and
// their sources are read. info holds each token's grammar class. Its slices
// are scratch that a parser reuses from caption to caption.
type casualtyScan struct {
	desc  string
	toks  []token
	info  []casWord
	sents []casSent
	figs  []casFigure
}

// casSent is a sentence's token range [lo, hi) and its end byte. The range
// is empty for a sentence that was not tokenized.
type casSent struct{ lo, hi, end int }

// reset marks the sentences of desc (tokenized as toks) that have a
// casualty word, and the first sentence if it has "what"; it reports false
// when there are none. Only marked sentences are classified and read.
func (c *casualtyScan) reset(desc string, sents []caption.Span, toks []token) bool {
	c.desc, c.toks = desc, toks
	c.sents = slices.Grow(c.sents[:0], len(sents))[:len(sents)]
	found := false
	k := 0
	for i, s := range sents {
		start, end := min(max(s.Start, 0), len(desc)), min(max(s.End, 0), len(desc))
		for k < len(toks) && toks[k].start < start {
			k++
		}
		lo, hi := k, k
		for hi < len(toks) && toks[hi].end <= end {
			hi++
		}
		k = hi
		c.sents[i] = casSent{lo: lo, hi: lo, end: end}
		if start >= end {
			continue
		}
		trigger, what := tokensCue(desc, toks[lo:hi])
		if !trigger && !(what && i == 0) {
			continue
		}
		found = true
		c.sents[i].hi = hi
	}
	if !found {
		return false
	}
	c.info = slices.Grow(c.info[:0], len(toks))[:len(toks)]
	clear(c.info)
	for _, s := range c.sents {
		for i := s.lo; i < s.hi; i++ {
			c.info[i] = c.classify(i, &toks[i])
		}
	}
	return true
}

// classify looks token i up in casualtyLexicon, or classes its punctuation.
func (c *casualtyScan) classify(i int, t *token) casWord {
	switch {
	case t.word:
		return t.cas
	case t.key == "." && i > 0 && c.toks[i-1].word && c.toks[i-1].end == t.start && c.toks[i-1].end-c.toks[i-1].start == 1:
		return casWord{class: cwJoin} // the stop of an initial: "U.N."
	case t.key == "." && i > 0 && c.toks[i-1].end == t.start && c.toks[i-1].is(tagTitle) && abbreviations[c.toks[i-1].key]:
		// The stop of an abbreviated title goes on to the name: "said
		// Capt. Lassina Traore" names him, not "Capt"; "the army
		// captain." still ends a clause.
		return casWord{class: cwJoin}
	case (t.key == "'" || t.key == "’") && i > 0 && c.toks[i-1].end == t.start && c.desc[t.start-1] == 's':
		return casWord{class: cwJoin} // a plural possessive: "a doctors' committee"
	}
	return casWord{class: punctClass(t.key)}
}

func punctClass(key string) wordClass {
	switch key {
	case ",":
		return cwComma
	case ";", ":", "(", ")", "[", "]", "—", "–", "-":
		return cwBreak
	case "'s":
		return cwJoin
	}
	return 0
}

// is reports whether token j is the (lower-case) word w.
func (c *casualtyScan) is(j int, w string) bool {
	return j >= 0 && j < len(c.toks) && c.toks[j].key == w
}

// cls returns token j's grammar class, 0 out of range.
func (c *casualtyScan) cls(j int) wordClass {
	if j < 0 || j >= len(c.info) {
		return 0
	}
	return c.info[j].class
}

// form returns token j's casualty-word form, formNone out of range.
func (c *casualtyScan) form(j int) trigForm {
	if j < 0 || j >= len(c.info) {
		return formNone
	}
	return c.info[j].form
}

// span returns the bytes of tokens [a, b] (inclusive).
func (c *casualtyScan) span(a, b int) caption.Span {
	return caption.Span{Start: c.toks[a].start, End: c.toks[b].end}
}

// pickCasualties keeps, for killed and for injured, the first figure that is not a
// running total, with the spans of the figures that agree with it, warns about
// later sentences that disagree, and returns the sentences it kept figures
// from.
// maxFigureWarnings bounds the warnings about disagreeing figures: a
// caption has a few; a garbage input could have thousands.
const maxFigureWarnings = 3

func pickCasualties(res *casualtyResult, figs []casFigure) []int {
	var sents []int
	for _, field := range [...]casualtyField{fieldKilled, fieldInjured} {
		first := -1
		var spans []caption.Span
		seen := map[caption.Span]bool{}
		warned := 0
		for i, f := range figs {
			if f.field != field || f.cumulative || f.later {
				continue
			}
			if first >= 0 && f.n != figs[first].n {
				if f.sent != figs[first].sent && warned < maxFigureWarnings {
					warned++
					res.Warnings = append(res.Warnings, fmt.Sprintf("casualties: %s %d in sentence %d differs from %d in sentence %d; kept %d",
						field, f.n, f.sent+1, figs[first].n, figs[first].sent+1, figs[first].n))
				}
				continue
			}
			if first < 0 {
				first = i
			}
			if !seen[f.span] {
				seen[f.span] = true
				spans = append(spans, f.span)
			}
			sents = append(sents, f.sent)
		}
		if first < 0 {
			continue
		}
		n := figs[first].n
		if field == fieldKilled {
			res.Killed, res.KilledSpans = &n, spans
		} else {
			res.Injured, res.InjuredSpans = &n, spans
		}
	}
	slices.Sort(sents)
	res.Sentences = slices.Compact(sents)
	return res.Sentences
}

// attribute reads who the figures are attributed to in the sentences that
// carry them (figSents, ascending), and event attribution ("what activists
// said were airstrikes") in those and in the first, scene sentence. A
// background sentence with no figure gives none: "…the business has
// declined due to airstrikes, vendors said."
func (c *casualtyScan) attribute(res *casualtyResult, figSents []int) {
	next := 0
	for si, s := range c.sents {
		full := next < len(figSents) && figSents[next] == si
		if full {
			next++
		}
		if !full && si != 0 {
			continue
		}
		for j := s.lo; j < s.hi; j++ {
			if sp, ok := c.sourceAt(j, s, full); ok {
				res.addSource(c.desc, sp)
			}
		}
	}
}

// addSource appends the source at sp unless it is already there.
func (r *casualtyResult) addSource(desc string, sp caption.Span) {
	name := desc[sp.Start:sp.End]
	for _, a := range r.Attribution {
		if strings.EqualFold(a, name) {
			return
		}
	}
	r.Attribution = append(r.Attribution, name)
	r.AttributionSpans = append(r.AttributionSpans, sp)
}
