package parse

import (
	"sijil/internal/caption"
)

// sourceAt reads a source named at token j. In a sentence that carries the
// figures (full) that is "according to X", "reported by X", "X said" and
// "…, said X"; in the scene sentence only "what X said were airstrikes".
func (c *casualtyScan) sourceAt(j int, s casSent, full bool) (caption.Span, bool) {
	switch {
	case !full:
		if c.cls(j)&cwSay == 0 {
			return caption.Span{}, false
		}
		sp, what, ok := c.sourceBack(j, s)
		return sp, ok && what
	case c.is(j, "according") && c.is(j+1, "to"):
		return c.sourceFwd(j+2, s, false)
	case c.is(j, "by") && c.is(j-1, "reported"):
		return c.sourceFwd(j+1, s, false)
	case c.cls(j)&cwSay != 0 && !c.is(j+1, "by"):
		if sp, _, ok := c.sourceBack(j, s); ok {
			return sp, true
		}
		if j == s.lo || !c.toks[j-1].word { // "…were killed, said the civil defence."
			return c.sourceFwd(j+1, s, true)
		}
	}
	return caption.Span{}, false
}

// sourceBack reads the source before the verb at j: "the Hamas-run health
// ministry said", "Medics at the hospital said", "what activists said". It
// stops at a comma or clause word ("what", "that"); at a verb or number it
// keeps only what follows the last preposition, so "killed following a
// reported air strike" names no source. what reports a stop at "what".
func (c *casualtyScan) sourceBack(j int, s casSent) (sp caption.Span, what, ok bool) {
	end := j - 1
	for end >= s.lo && c.cls(end)&cwAux != 0 { // "activists have said", "medics also said"
		if c.cls(end)&cwBe != 0 { // "were reported killed", "what were said to be"
			return caption.Span{}, false, false
		}
		end--
	}
	start, cut := end+1, -1
	for k := end; k >= s.lo; k-- {
		cl := c.cls(k)
		if cl&cwJoin != 0 {
			continue
		}
		if !c.toks[k].word || cl&(cwClause|cwRel) != 0 {
			what = c.is(k, "what")
			break
		}
		if c.form(k) != formNone || cl&(cwAux|cwSay|cwVague|cwNeg) != 0 || c.isNumeral(k) {
			if cut >= 0 {
				start = cut
			}
			break
		}
		if cl&cwPrep != 0 && cut < 0 {
			cut = k + 1
		}
		if end-k >= 10 {
			return caption.Span{}, false, false
		}
		start = k
	}
	sp, ok = c.sourceName(start, end)
	return sp, what, ok
}

// sourceFwd reads the source that starts at token j: "the Syrian
// Observatory for Human Rights", "the U.N. children's agency, UNICEF". It
// stops at punctuation, prepositions other than "of" and "for", and clause
// words. strict (after an inverted "said") also wants the name to end its
// clause.
func (c *casualtyScan) sourceFwd(j int, s casSent, strict bool) (caption.Span, bool) {
	end, stop := j-1, s.hi
	for k := j; k < s.hi; k++ {
		cl := c.cls(k)
		if cl&cwJoin != 0 {
			if c.toks[k].key == "." {
				end = k
			}
			continue
		}
		if !c.toks[k].word || c.form(k) != formNone || cl&(cwEndSource|cwVague|cwNeg) != 0 || c.isNumeral(k) {
			stop = k
			break
		}
		if k-j >= 12 {
			return caption.Span{}, false
		}
		end = k
	}
	if strict && stop < s.hi && c.toks[stop].word {
		return caption.Span{}, false
	}
	if end >= j && c.cls(end)&cwReport != 0 && (c.is(stop, "from") || c.is(stop, "by")) {
		return c.sourceFwd(stop+1, s, strict) // "according to figures from the health ministry"
	}
	if c.cls(end+1)&cwComma != 0 && end+2 < s.hi && c.isAcronym(end+2) && (end+3 >= s.hi || !c.toks[end+3].word) {
		end += 2 // "the U.N. children's agency, UNICEF"
	}
	return c.sourceName(j, end)
}

// sourceName returns the span of tokens [start, end] as a source's name,
// without a leading article or a trailing report noun ("an AFP tally" is
// AFP); a lone pronoun, report noun or nothing is no name.
func (c *casualtyScan) sourceName(start, end int) (caption.Span, bool) {
	for start <= end && c.cls(start)&(cwArticle|cwJoin) != 0 {
		start++
	}
	for end > start && c.cls(end)&cwReport != 0 && !c.toks[end].upper { // but "Iraq Body Count"
		end--
	}
	if start > end || start == end && c.cls(start)&(cwPron|cwReport) != 0 || !c.toks[start].word {
		return caption.Span{}, false
	}
	return c.span(start, end), true
}

// isNumeral reports whether token j starts with a digit or is a number word;
// a source's name stops there ("Rescuers said 14 people…").
func (c *casualtyScan) isNumeral(j int) bool {
	t := &c.toks[j]
	if t.key[0] >= '0' && t.key[0] <= '9' {
		return true
	}
	_, _, ok := readCountWords(t.key)
	return ok
}

// isAcronym reports an all-capital word of two letters or more: UNICEF, OCHA.
func (c *casualtyScan) isAcronym(j int) bool {
	t := &c.toks[j]
	if !t.word || t.end-t.start < 2 {
		return false
	}
	for i := t.start; i < t.end; i++ {
		if b := c.desc[i]; b < 'A' || b > 'Z' {
			return false
		}
	}
	return true
}
