package parse

// subjMode is the kind of verb a count stands before.
type subjMode uint8

const (
	subjPassive subjMode = iota // "four children were killed", "19 people injured"
	subjIntrans                 // "70 people died", "left 12 dead"
	subjNoun                    // "12 deaths", "12 people suffered injuries"
)

// subject reads the count before the casualty word at t. Coordinated counts
// add up ("three women and three children were killed" → 6; "two men and a
// boy" → 3); an aside between commas is stepped over ("Four people,
// including two children, were killed" → 4). Without an auxiliary a
// passive's noun must name people, so "four vacuum bombs killed" is no count.
func (c *casualtyScan) subject(t int, s casSent, mode subjMode) (casCount, bool) {
	j, aux, singular, ok := c.skipAux(t-1, s, mode)
	if !ok {
		return casCount{}, false
	}
	rel := c.cls(j)&cwRel != 0 // "the four children who were killed", "three men who died"
	if rel {
		j--
	}
	if c.cls(j)&cwComma != 0 {
		if j = c.skipAside(j, s); j < s.lo {
			return casCount{}, false
		}
	}
	limit := subjLimit(mode, aux, rel)
	main, ok := c.conjunctBack(j, s, limit)
	if !ok || !c.subjectFits(main, mode, aux) {
		return casCount{}, false
	}
	if inc := main.first - 1; c.is(inc, "including") { // "Four people including a boy were killed"
		before := inc - 1
		if c.cls(before)&cwComma != 0 {
			before--
		}
		if outer, ok := c.conjunctBack(before, s, limit); ok && !outer.art && c.subjectFits(outer, mode, aux) {
			main = outer
		}
	}
	n, first, numeric := c.coordinated(main, s)
	if !numeric || singular && n != 1 {
		return casCount{}, false
	}
	return casCount{n: n, first: first, last: t}, true
}

// skipAux steps back from j over auxiliaries and adverbs ("were reportedly",
// "have been", "suffered serious"). It reports whether a form of "be" was
// among them, which makes the verb a passive ("four bombs have killed" is
// not), and whether one is singular ("was"); a negation ("were not killed")
// fails.
func (c *casualtyScan) skipAux(j int, s casSent, mode subjMode) (at int, be, singular, ok bool) {
	skip := cwAux
	if mode == subjNoun {
		skip |= cwNounAux
	}
	for ; j >= s.lo && c.cls(j)&(skip|cwNeg) != 0; j-- {
		if c.cls(j)&cwNeg != 0 {
			return j, be, singular, false
		}
		be = be || c.cls(j)&cwBe != 0
		singular = singular || c.cls(j)&cwSing != 0
	}
	return j, be, singular, true
}

// subjLimit is how many words may stand between a count and its verb: few
// when nothing but word order ties them ("19 people injured"), more after
// an auxiliary ("four members of the same family were killed").
func subjLimit(mode subjMode, aux, rel bool) int {
	switch {
	case rel || mode == subjNoun:
		return 2
	case aux:
		return 5
	case mode == subjIntrans:
		return 4
	}
	return 2
}

// subjectFits checks a subject phrase against its verb: a place joined by a
// preposition must follow a person noun ("12 people in Douma"), and a
// passive without auxiliary needs a person noun or a bare count.
func (c *casualtyScan) subjectFits(cj casConj, mode subjMode, aux bool) bool {
	if cj.prep >= 0 && !c.isPerson(cj.prep-1) {
		return false
	}
	return mode != subjPassive || aux || cj.words == 0 || cj.person
}

// coordinated adds the counts coordinated before main by "and" or commas,
// each of which must name people: "three women, two men and a child". It
// reports whether any of them is a number rather than an article.
func (c *casualtyScan) coordinated(main casConj, s casSent) (n, first int, numeric bool) {
	n, first, numeric = main.n, main.first, !main.art
	// At most maxConjuncts groups: "four soldiers, two policemen and a child"
	// has three; the bound keeps a pathological input linear.
	for m, k := 0, first-1; m < maxConjuncts && k > s.lo && (c.is(k, "and") || c.cls(k)&cwComma != 0); m, k = m+1, first-1 {
		o, ok := c.conjunctBack(k-1, s, 3)
		if !ok || !o.person || c.form(o.first-1) != formNone { // "killed 14 soldiers and 30 were wounded"
			break
		}
		n, first, numeric = n+o.n, o.first, numeric || !o.art
	}
	return n, first, numeric
}

// maxConjuncts bounds the coordinated groups summed into one count.
const maxConjuncts = 8

// skipAside steps back over an aside that ends with the comma at j: one that
// opens with "including", "mostly", "aged"… or holds no number ("12 people,
// mostly women and children, were killed"). It returns the token before the
// aside, or -1 if there is none to skip ("Mariam, 9, was killed").
func (c *casualtyScan) skipAside(j int, s casSent) int {
	for k := j - 1; k >= s.lo && k >= j-10; k-- {
		switch cl := c.cls(k); {
		case cl&cwBreak != 0:
			return -1
		case cl&cwComma != 0:
			if k+1 < j && (c.cls(k+1)&cwParen != 0 || !c.hasNumber(k+1, j, s)) {
				return k - 1
			}
			return -1
		}
	}
	return -1
}

func (c *casualtyScan) hasNumber(from, to int, s casSent) bool {
	for k := from; k < to; k++ {
		if _, _, ok := c.numberAt(k, s); ok {
			return true
		}
	}
	return false
}

// casConj is one counted noun phrase read backwards: "at least four
// children", "a boy".
type casConj struct {
	n, first   int  // the count; its first token, qualifier included
	words      int  // words between the number and the end of the phrase
	prep       int  // a preposition inside the phrase, or -1
	art        bool // the count is an article ("a boy"), not a number
	person     bool // the phrase ends in a person noun
	head, next int  // the phrase's last token; the token after the number
}

// conjunctBack reads a counted noun phrase that ends at token j, walking back
// to its number over at most limit words.
func (c *casualtyScan) conjunctBack(j int, s casSent, limit int) (casConj, bool) {
	cj := casConj{prep: -1, head: j}
	for k := j; k >= s.lo && k > j-limit-4; k-- {
		if c.cls(k)&cwJoin != 0 {
			continue
		}
		if !c.toks[k].word {
			return cj, false
		}
		if n, first, next, ok := c.numberBack(k, s); ok {
			cj.n, cj.next = n, next
			cj.first = c.qualBack(first, s)
			return c.phraseWords(cj), cj.next <= j+1 && cj.words <= limit
		}
		if c.cls(k)&cwIndef != 0 && k < j && k >= j-2 && c.isPerson(j) { // "a boy", "an elderly man"
			cj.n, cj.first, cj.next, cj.art = 1, k, k+1, true
			return c.phraseWords(cj), true
		}
		cl := c.cls(k)
		if c.form(k) != formNone || cl&cwStopNP != 0 || cl&cwPrep != 0 && (cl&cwPrepNP == 0 || cj.prep >= 0) {
			return cj, false
		}
		if cl&cwPrep != 0 {
			cj.prep = k
		}
	}
	return cj, false
}

// phraseWords counts the words of cj between its number and its end and
// notes whether the phrase ends in a person noun.
func (c *casualtyScan) phraseWords(cj casConj) casConj {
	for k := cj.next; k <= cj.head; k++ {
		if c.toks[k].word {
			cj.words++
		}
	}
	cj.person = cj.words > 0 && c.isPerson(cj.head)
	return cj
}

// isPerson reports whether token j names people: a person noun, or a
// capitalised plural such as "Palestinians", "Syrians", "Houthis".
func (c *casualtyScan) isPerson(j int) bool {
	if j < 0 || j >= len(c.toks) || !c.toks[j].word {
		return false
	}
	if c.cls(j)&cwPerson != 0 {
		return true
	}
	t := &c.toks[j]
	return t.end-t.start > 4 && c.desc[t.end-1] == 's' && c.desc[t.start] >= 'A' && c.desc[t.start] <= 'Z'
}

// object reads the count that follows a verb at token i, with what
// coordinates with it: "killing at least 12 people", "killing three women
// and two children" (5). "killing 12 and wounding 30" stops at "wounding",
// "killing 12 and 30 were injured" at "were".
func (c *casualtyScan) object(i int, s casSent) (casCount, bool) {
	n, next, ok := c.numberAt(c.qualFwd(i, s), s)
	if !ok {
		return casCount{}, false
	}
	last := c.nounFwd(next, s)
	for k := last + 1; k+1 < s.hi && (c.is(k, "and") || c.cls(k)&cwComma != 0); k = last + 1 {
		n2, next2, ok := c.numberAt(c.qualFwd(k+1, s), s)
		if !ok {
			break
		}
		l2 := c.nounFwd(next2, s)
		if l2 < next2 || !c.isPerson(l2) || c.cls(l2+1)&cwAux != 0 || c.form(l2+1) != formNone {
			break
		}
		n, last = n+n2, l2
	}
	return casCount{n: n, first: i, last: last}, true
}

// nounFwd returns the last token of the noun phrase that starts at i ("people",
// "members of the same family"), or i-1 if none does.
func (c *casualtyScan) nounFwd(i int, s casSent) int {
	last := i - 1
	for k := i; k < s.hi && k < i+6; k++ {
		if c.cls(k)&cwJoin != 0 || c.abbrevDot(k) {
			continue // "13 U.S. service members"
		}
		if !c.toks[k].word || c.form(k) != formNone || c.cls(k)&(cwStopNP|cwPrep) != 0 {
			break
		}
		last = k
	}
	return last
}

// abbrevDot reports a full stop at k inside an abbreviation of single
// letters ("U.S.", "U.N."), which does not end a noun phrase.
func (c *casualtyScan) abbrevDot(k int) bool {
	return k > 0 && c.is(k, ".") && len(c.toks[k-1].key) == 1 && c.toks[k-1].word
}

// numberAt reads a count at token j: readNumber, less the numbers that count
// no people ("12 km", "40 percent", "the 1948 Buick"), dates ("November 6")
// and "no one". next is the token after the number.
func (c *casualtyScan) numberAt(j int, s casSent) (n, next int, ok bool) {
	if j < s.lo || j >= s.hi || !c.toks[j].word {
		return 0, 0, false
	}
	t := &c.toks[j]
	n, size, ok := readNumber(c.desc[t.start:max(s.end, t.end)])
	if !ok || c.cls(j-1)&cwMonth != 0 || c.is(j-1, "no") && t.key == "one" {
		return 0, 0, false
	}
	end := t.start + size
	next = j + 1
	for next < s.hi && c.toks[next].start < end {
		next++
	}
	if c.cls(next)&cwUnit != 0 || size == 4 && n >= 1900 && n < 2100 && !c.isPerson(next) {
		return 0, 0, false
	}
	return n, next, true
}

// numberBack reads the count that token j ends, walking back over the
// tokens of a longer number: "twenty one", "one hundred and twenty",
// "1,200", "2.8 million". first is its first token.
func (c *casualtyScan) numberBack(j int, s casSent) (n, first, next int, ok bool) {
	n, next, ok = c.numberAt(j, s)
	if !ok {
		return 0, 0, 0, false
	}
	first = j
	for k := j - 1; k >= s.lo && k >= j-4; k-- {
		if n2, next2, ok := c.numberAt(k, s); ok && next2 >= next {
			n, first = n2, k
		}
	}
	return n, first, next, true
}

// casQualifiers come before a count and keep its value: "more than 40
// people" → 40, as the lower bound killed holds. Longest first.
var casQualifiers = [][]string{
	{"no", "fewer", "than"}, {"no", "less", "than"}, {"not", "less", "than"}, {"as", "many", "as"}, {"a", "total", "of"},
	{"at", "least"}, {"more", "than"}, {"fewer", "than"}, {"less", "than"}, {"up", "to"}, {"an", "estimated"},
	{"some"}, {"about"}, {"around"}, {"over"}, {"nearly"}, {"almost"}, {"roughly"}, {"approximately"},
	{"another"}, {"only"}, {"just"},
}

// qualBack returns the first token of a qualifier that ends before token j,
// or j.
func (c *casualtyScan) qualBack(j int, s casSent) int {
	for _, q := range casQualifiers {
		if j-len(q) >= s.lo && c.words(j-len(q), q) {
			return j - len(q)
		}
	}
	return j
}

// qualFwd returns the token after a qualifier that starts at token i, or i.
func (c *casualtyScan) qualFwd(i int, s casSent) int {
	for _, q := range casQualifiers {
		if i+len(q) <= s.hi && c.words(i, q) {
			return i + len(q)
		}
	}
	return i
}

// words reports whether the tokens from i are ws.
func (c *casualtyScan) words(i int, ws []string) bool {
	for k, w := range ws {
		if !c.is(i+k, w) {
			return false
		}
	}
	return true
}
