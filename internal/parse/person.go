package parse

import (
	"io/fs"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// loadNames reads lexicon/names.tsv: one given name a line.
func loadNames(extra []fs.FS) (map[string]bool, error) {
	rows, err := readLexicon("names.tsv", extra)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, r := range rows {
		if len(r.fields) != 1 || strings.ContainsRune(r.fields[0], ' ') {
			return nil, r.errorf("want one given name a line")
		}
		names[lowerASCII(r.fields[0])] = true
	}
	return names, nil
}

// kunyas lead names by which people are known: "Abu Khaled", "Umm Ahmad".
var kunyas = map[string]bool{"abu": true, "abou": true, "umm": true, "um": true, "oum": true}

// notShown are words after which a name is someone spoken of, not someone in
// the photo: "forces loyal to President Bashar al-Assad".
var notShown = map[string]bool{"president": true, "minister": true, "leader": true, "king": true,
	"prince": true, "to": true, "by": true, "chief": true, "commander": true, "secretary-general": true,
	"spokesman": true, "envoy": true, "pope": true, "general": true, "gen": true, "sheikh": true}

// people reads the named people of the scene sentences: a name with an age
// ("Nada Merhi, 18,", "Mariam, a 9-year-old girl", "Samah (5)"), a name after
// an age ("19-year-old Rougine"), a kunya ("Abu Khaled's shop") or two or more
// capitalised words led by a known given name ("Mohammad Mohiedine Anis").
func (p *Parser) people(rec *caption.Record, sc *sceneCtx, off int) {
	for _, c := range sc.chunks(0, len(sc.toks)) {
		if !sc.inScene[c.a] {
			continue
		}
		age, ageSpan, ok := sc.ageAround(c)
		if !ok && !p.isPersonName(sc, c) {
			continue
		}
		c.a = skipTitles(sc.toks, c)
		person := caption.Person{Name: c.text(sc.desc, sc.toks)}
		if ok {
			person.Age = &age
			sc.ev.add("people", off, ageSpan)
		}
		rec.People = append(rec.People, person)
		sc.ev.add("people", off, sc.span(c.a, c.b))
		for j := c.a; j < c.b; j++ {
			sc.used[j] = true
		}
	}
}

// isPersonName reports whether chunk c is a name by its words alone.
func (p *Parser) isPersonName(sc *sceneCtx, c chunk) bool {
	if sc.spokenOf(c) {
		return false
	}
	whole := c
	c.a = skipTitles(sc.toks, c)
	first := &sc.toks[c.a]
	if first.is(tagKunya) && c.b-c.a >= 2 {
		// Towns are named so too: "a checkpoint in Abu Dis", "the port
		// of Umm Qasr", "Abu Kamal, Syria". Where a place would stand,
		// and without a possessive ("in Abu Khaled's shop"), it is one.
		return c.a != whole.a || c.b < len(sc.toks) && sc.toks[c.b].key == "'s" || !sc.placeContext(whole, false)
	}
	return first.is(tagGivenName) && c.b-c.a >= 2 // p.lex.names, in the parser's vocabulary
}

// titles lead names without being part of them: "President Volodymyr
// Zelenskiy" is the person Volodymyr Zelenskiy.
var titles = map[string]bool{"president": true, "prime": true, "minister": true, "dr": true,
	"general": true, "gen": true, "colonel": true, "col": true, "mayor": true, "governor": true,
	"king": true, "queen": true, "prince": true, "princess": true, "sheikh": true, "pope": true,
	"commander": true, "lieutenant": true, "lt": true, "captain": true, "capt": true, "sergeant": true,
	"sgt": true, "major": true, "imam": true, "father": true, "foreign": true, "defence": true,
	"defense": true, "interior": true, "secretary": true, "chancellor": true, "senator": true, "mr": true,
	"mrs": true, "ms": true}

// skipTitles returns the index of chunk c's first word after any titles,
// keeping at least one word.
func skipTitles(toks []token, c chunk) int {
	a := c.a
	for a+1 < c.b && toks[a].is(tagTitle) { // titles, as the vocabulary marks them
		a++
	}
	return a
}

// spokenOf reports whether chunk c is a name after a title that is itself
// the object of "to", "by", "of" or "against" ("forces loyal to President
// Bashar al-Assad", "a speech by Prime Minister X"): someone spoken of, not
// someone in the photo ("Ukraine's President Volodymyr Zelenskiy visits …"
// is in it).
func (sc *sceneCtx) spokenOf(c chunk) bool {
	i := c.a - 1
	for i >= 0 && c.a-i <= 3 && (sc.toks[i].is(tagNotShown) || sc.toks[i].upper && sc.toks[i].word) {
		if sc.toks[i].key == "to" || sc.toks[i].key == "by" {
			return true
		}
		i--
	}
	if i >= 0 && i < c.a-1 {
		switch sc.toks[i].key {
		case "to", "by", "of", "against", "loyal", "from":
			return true
		}
	}
	return false
}

// ageAround finds the age given with chunk c: "NAME, 18,", "NAME, a
// 9-year-old …", "NAME (5)", or "19-year-old NAME".
func (sc *sceneCtx) ageAround(c chunk) (int, caption.Span, bool) {
	t := sc.toks
	at := func(i int, key string) bool { return i >= 0 && i < len(t) && t[i].key == key }
	b := c.b
	switch {
	case at(b, ",") && b+1 < len(t) && (at(b+2, ",") || at(b+2, ")") || b+2 == len(t) || at(b+2, "and")):
		if n, ok := ageNumber(t[b+1].key); ok {
			return n, sc.span(b+1, b+2), true
		}
	case at(b, "(") && at(b+2, ")"):
		if n, ok := ageNumber(t[b+1].key); ok {
			return n, sc.span(b+1, b+2), true
		}
	case at(b, ",") && (at(b+1, "a") || at(b+1, "an")) && b+2 < len(t):
		if n, ok := yearsOld(sc.desc[t[b+2].start:t[b+2].end]); ok {
			return n, sc.span(b+2, b+3), true
		}
	}
	if c.a > 0 {
		if n, ok := yearsOld(sc.desc[t[c.a-1].start:t[c.a-1].end]); ok {
			return n, sc.span(c.a-1, c.a), true
		}
	}
	return 0, caption.Span{}, false
}

// ageNumber reads a bare age: digits from 0 to 120.
func ageNumber(s string) (int, bool) {
	if s == "" || (s[0] < '0' || s[0] > '9') && s[0] != '+' && s[0] != '-' {
		return 0, false // what Atoi would say, without allocating its error
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= 120
}

// yearsOld reads "19-year-old" or "nine-year-old".
func yearsOld(w string) (int, bool) {
	if strings.IndexByte(w, '-') < 0 {
		return 0, false // most words, without lower-casing them
	}
	lw := strings.ToLower(w)
	i := strings.Index(lw, "-year-old")
	if i <= 0 {
		return 0, false
	}
	if n, ok := ageNumber(w[:i]); ok {
		return n, true
	}
	n, size, ok := readNumber(w[:i])
	return n, ok && size == i && n <= 120
}
