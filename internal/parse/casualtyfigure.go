package parse

import (
	"sijil/internal/caption"
)

// casFigure is one count read at a casualty word.
type casFigure struct {
	field      casualtyField
	n          int
	span       caption.Span
	sent       int
	cumulative bool // the clause frames it as a running total
	later      bool // the clause tells of an event after the photo's
}

// casCount is a count and its tokens [first, last].
type casCount struct{ n, first, last int }

// figures reads every casualty figure of the description, in text order,
// into a buffer that the next call reuses.
func (c *casualtyScan) figures() []casFigure {
	out := c.figs[:0]
	for si, s := range c.sents {
		for t := s.lo; t < s.hi; t++ {
			if c.info[t].form == formNone {
				continue
			}
			if zero, ok := c.zeroAt(t); ok {
				out = c.appendZero(out, t, si, zero)
				continue
			}
			if f, ok := c.figureAt(t, si); ok {
				out = append(out, f)
			}
		}
	}
	c.figs = out
	return out
}

// figureAt reads the count of the casualty word at token t of sentence si.
func (c *casualtyScan) figureAt(t, si int) (casFigure, bool) {
	s := c.sents[si]
	w := c.info[t]
	var cnt casCount
	ok := false
	switch w.form {
	case formPassive, formIntrans, formDead:
		cnt, ok = c.verbCount(t, s, w.form)
	case formActive:
		cnt, ok = c.object(t+1, s)
	case formNoun:
		if c.is(t+1, "of") {
			cnt, ok = c.object(t+2, s) // "the deaths of 12 people"
		} else {
			cnt, ok = c.subject(t, s, subjNoun)
		}
	case formToll:
		cnt, ok = c.toll(t, s)
	case formLives:
		cnt, ok = c.lives(t, s)
	}
	if !ok {
		return casFigure{}, false
	}
	first, last := min(cnt.first, t), max(cnt.last, t)
	return casFigure{field: w.field, n: cnt.n, span: c.span(first, last), sent: si,
		cumulative: c.runningTotal(first, last, s), later: c.laterEvent(first, s)}, true
}

// verbCount reads the count of a participle or intransitive verb: its object
// when it has one ("killed at least 30 Palestinians"), else its subject.
// "the wounded", "dead bodies" and "killed or wounded" give none.
func (c *casualtyScan) verbCount(t int, s casSent, form trigForm) (casCount, bool) {
	if c.is(t-1, "the") || c.eitherOr(t) {
		return casCount{}, false
	}
	switch form {
	case formPassive:
		if cnt, ok := c.object(t+1, s); ok {
			return cnt, true
		}
		return c.subject(t, s, subjPassive)
	case formDead:
		if c.deadAdjective(t, s) {
			return casCount{}, false
		}
	}
	return c.subject(t, s, subjIntrans)
}

// eitherOr reports "killed or wounded", "dead or injured": a count of both.
func (c *casualtyScan) eitherOr(t int) bool {
	return c.is(t+1, "or") && c.form(t+2) != formNone || c.is(t-1, "or") && c.form(t-2) != formNone
}

// deadAdjective reports "dead" before a noun: "dead bodies", "a dead man".
func (c *casualtyScan) deadAdjective(t int, s casSent) bool {
	n := t + 1
	if n >= s.hi || !c.toks[n].word {
		return false
	}
	return c.form(n) == formNone && c.cls(n)&(cwPrep|cwClause|cwAux|cwRel|cwParen|cwComma) == 0
}

// toll reads "the death toll rose to 30", "a death toll of 30": the first
// count after a toll verb in the clause.
func (c *casualtyScan) toll(t int, s casSent) (casCount, bool) {
	if c.is(t-1, "casualty") {
		return casCount{}, false
	}
	for j := t + 1; j < s.hi && j <= t+10; j++ {
		if c.cls(j)&(cwComma|cwBreak) != 0 {
			break
		}
		if c.cls(j)&cwTollVerb != 0 {
			if cnt, ok := c.object(j+1, s); ok {
				return cnt, true
			}
		}
	}
	return casCount{}, false
}

// lives reads "70 people lost their lives" and "claimed the lives of 12".
func (c *casualtyScan) lives(t int, s casSent) (casCount, bool) {
	switch {
	case c.is(t+1, "of") && c.is(t-1, "the") && c.takesLives(t-2):
		return c.object(t+2, s)
	case c.is(t-1, "their") && (c.is(t-2, "lost") || c.is(t-2, "lose")):
		return c.subject(t-2, s, subjIntrans)
	}
	return casCount{}, false
}

func (c *casualtyScan) takesLives(j int) bool {
	for _, w := range [...]string{"claimed", "claiming", "took", "taking", "cost", "costing"} {
		if c.is(j, w) {
			return true
		}
	}
	return false
}

// runningTotal reports whether the clause around tokens [first, last] frames
// the figure as a war's running total rather than the depicted event: "The
// war has killed more than 500,000 people since 2011", "have been killed in
// the conflict", "so far this year", "bringing the death toll to". The
// clause runs from the last ; : or dash (at most 30 tokens back) to the
// first comma after the figure.
func (c *casualtyScan) runningTotal(first, last int, s casSent) bool {
	lo := c.clauseStart(first, s)
	hi := last + 1
	for hi < s.hi && hi < last+30 && c.cls(hi)&(cwBreak|cwComma) == 0 { // bounded like lo: a clause is short
		hi++
	}
	for k := lo; k < hi; k++ {
		cl := c.cls(k)
		switch {
		case cl&(cwWar|cwCumul|cwRaise) != 0,
			cl&cwPeriod != 0 && c.cls(k-1)&cwPeriodMod != 0,
			c.is(k, "far") && (c.is(k-1, "so") || c.is(k-1, "thus")),
			c.is(k, "date") && c.is(k-1, "to"),
			c.is(k, "total") && c.is(k-1, "in"),
			c.monthTotal(k, hi):
			return true
		}
	}
	return false
}

// clauseStart returns the first token of the clause around token first:
// after the last ; : or dash before it, at most 30 tokens back.
func (c *casualtyScan) clauseStart(first int, s casSent) int {
	lo := first
	for lo > s.lo && lo > first-30 && c.cls(lo-1)&cwBreak == 0 {
		lo--
	}
	return lo
}

// laterEvent reports a figure after a span of time and "before" or
// "later" in its clause: "Soldiers stand guard in Ouallam on January 8,
// 2020, a day before jihadists attacked a camp, killing 89 soldiers" tells
// of an attack the photo precedes, whose dead it does not show. "Mourners
// bury 12 people killed the day before" puts "before" after the figure,
// and the dead are the funeral's.
func (c *casualtyScan) laterEvent(first int, s casSent) bool {
	for k := c.clauseStart(first, s); k < first; k++ {
		if (c.is(k, "before") || c.is(k, "later")) && k > 0 && timeSpans[c.toks[k-1].key] {
			return true
		}
	}
	return false
}

// timeSpans before "before" or "later" measure how long: "a day before",
// "hours later", "shortly before".
var timeSpans = map[string]bool{"day": true, "days": true, "hours": true, "hour": true, "weeks": true,
	"week": true, "months": true, "month": true, "minutes": true, "moments": true, "shortly": true,
	"night": true, "year": true, "years": true}

// monthTotal reports a month without a day after "in" or "during" at token
// k: "were killed in Syria in March" is a month's tally, not one event.
func (c *casualtyScan) monthTotal(k, hi int) bool {
	return c.cls(k)&cwMonth != 0 && (c.is(k-1, "in") || c.is(k-1, "during") || c.is(k-1, "throughout")) &&
		(k+1 >= hi || !c.isNumeral(k+1))
}

// zeroAt reads a stated zero at the casualty word of token t: "No one was
// hurt", "Nobody was injured", "no one was killed or injured", "no
// casualties were reported", "no deaths". A stated zero is a figure, with
// its evidence; "were not hurt" and "no immediate reports of casualties"
// are not one. It returns the zero's first token.
func (c *casualtyScan) zeroAt(t int) (int, bool) {
	switch c.info[t].form {
	case formNoun, formBoth:
		if c.is(t, "bodies") {
			return 0, false // "no bodies were found" counts nobody
		}
		switch {
		case c.is(t-1, "no"):
			return t - 1, true
		case c.is(t-2, "no") && c.is(t-1, "reported"):
			return t - 2, true
		}
		return 0, false
	case formPassive, formIntrans, formDead:
	default:
		return 0, false
	}
	k := t - 1
	// Back over the auxiliaries and a first casualty word: "was
	// immediately reported", "killed or".
	for ; k >= 0 && k >= t-5; k-- {
		if c.cls(k)&cwAux == 0 && !c.is(k, "immediately") && !c.is(k, "or") && c.form(k) == formNone {
			break
		}
	}
	switch {
	case c.is(k, "nobody") || c.is(k, "no-one") || c.is(k, "noone"):
		return k, k < t-1
	case c.is(k, "one") && c.is(k-1, "no"), c.isPerson(k) && c.is(k-1, "no"):
		return k - 1, k < t-1
	}
	return 0, false
}

// appendZero adds the zero figure of the casualty word at token t, which
// starts at token first: for "casualties", both a killed and an injured one.
func (c *casualtyScan) appendZero(out []casFigure, t, si, first int) []casFigure {
	span := c.span(first, t)
	if c.info[t].form == formBoth {
		return append(out, casFigure{field: fieldKilled, span: span, sent: si}, casFigure{field: fieldInjured, span: span, sent: si})
	}
	return append(out, casFigure{field: c.info[t].field, span: span, sent: si})
}
