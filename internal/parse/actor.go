package parse

import (
	"io/fs"
	"slices"
	"strings"
	"time"

	"sijil/internal/caption"
)

// loadActors reads lexicon/actors.tsv: canonical <TAB> scope <TAB> alias...,
// and adds the former names of actorinfo.tsv as aliases.
func loadActors(extra []fs.FS, info map[string]actorInfo) (*phraseSet, error) {
	rows, err := readLexicon("actors.tsv", extra)
	if err != nil {
		return nil, err
	}
	ps := newPhraseSet(lexActors)
	for canonical, in := range info {
		for _, r := range in.renamed {
			ps.add(r.name, canonical, "")
		}
	}
	for _, r := range rows {
		if len(r.fields) < 3 {
			return nil, r.errorf("want CANONICAL<TAB>SCOPE<TAB>alias...")
		}
		scope, from, until, ok := actorScope(r.fields[1])
		if !ok {
			return nil, r.errorf("scope %q: want *, a country code, or a code and \"from YYYY-MM-DD\" or \"until YYYY-MM-DD\"", r.fields[1])
		}
		for _, alias := range r.fields[2:] {
			if alias != "" {
				ph := ps.add(alias, r.fields[0], scope)
				if ph != nil {
					ph.from, ph.until = from, until
				}
			}
		}
	}
	ps.sortLongestFirst()
	return ps, nil
}

// actorScope reads an actors.tsv scope: "*", "SY", "AF from 2021-08-15" or
// "AF until 2021-08-15", as a country ("" for *) and dayKey bounds.
func actorScope(f string) (scope string, from, until int, ok bool) {
	cc, rest, dated := strings.Cut(f, " ")
	switch {
	case cc == "*" && !dated:
		return "", 0, 0, true
	case !isCountryCode(cc):
		return "", 0, 0, false
	case !dated:
		return cc, 0, 0, true
	}
	word, date, _ := strings.Cut(strings.TrimSpace(rest), " ")
	t, err := time.Parse("2006-01-02", date)
	if err != nil || word != "from" && word != "until" {
		return "", 0, 0, false
	}
	day := (t.Year()*100+int(t.Month()))*100 + t.Day()
	if word == "from" {
		return cc, day, 0, true
	}
	return cc, 0, day, true
}

// recordDay is a record's date as a dayKey for dated actor scopes: a month
// stands for its middle; a year, or no date, is 0 (unknown).
func recordDay(d caption.PartialDate) int {
	switch d.Precision {
	case caption.PrecisionDay:
		return dayKey(d)
	case caption.PrecisionMonth:
		return (d.Year*100+d.Month)*100 + 15
	}
	return 0
}

// notActor is the canonical name of lexicon phrases that are not actors.
const notActor = "-"

// groupNouns end the names of armed groups that no lexicon lists:
// "Al-Shamiyah Front", "al-Furqan brigade", "Sultan Murad Division".
var groupNouns = map[string]bool{
	"front": true, "brigade": true, "brigades": true, "battalion": true, "battalions": true,
	"movement": true, "legion": true, "corps": true, "militia": true, "militias": true, "division": true,
	"regiment": true, "army": true, "forces": true, "guard": true, "guards": true, "units": true,
}

// memberWords introduce the group a fighter belongs to: "an opposition
// fighter from the Failaq al-Rahman brigade" names Failaq al-Rahman, and the
// generic "opposition fighter" adds nothing.
var memberWords = map[string]bool{"fighter": true, "fighters": true, "member": true, "members": true}

// actorHit is an actor read at tokens [a, b). scoped is true when the
// words name it only in one country's captions ("government forces"), so
// that they say nothing of the country themselves.
type actorHit struct {
	name   string
	a, b   int
	scoped bool
}

// actors reads the armed forces and groups of the scene sentences.
func (p *Parser) actors(rec *caption.Record, sc *sceneCtx, off int) {
	hits := sc.hits[:0]
	for i := 0; i < len(sc.toks); i++ {
		if !sc.toks[i].word || sc.used[i] && !sc.demonym[i] {
			continue
		}
		for _, h := range sc.coordinated(p, i, string(rec.Country)) {
			hits = append(hits, actorHit{name: h, a: i, b: i + 1})
		}
		found, n := p.lex.actors.match(sc.toks, i)
		if n == 0 {
			continue
		}
		for j := i; j < i+n; j++ {
			sc.used[j] = true
		}
		if ph := pick(found, string(rec.Country), recordDay(rec.Date)); ph != nil && ph.value != notActor {
			hits = append(hits, actorHit{name: p.lex.countries.actorName(ph.value, rec.Country), a: i, b: i + n, scoped: ph.scope != ""})
		}
		i += n - 1
	}
	for _, g := range sc.namedGroups() {
		hits = append(hits, actorHit{name: sc.desc[sc.toks[g.a].start:sc.toks[g.b-1].end], a: g.a, b: g.b})
	}
	for _, h := range hits {
		sc.starts[h.a] = true
	}
	hits = slices.DeleteFunc(hits, func(h actorHit) bool {
		return !sc.inScene[h.a] || sc.subsumed(h.b) || sc.quoted(h)
	})
	slices.SortStableFunc(hits, func(x, y actorHit) int { return x.a - y.a })
	for _, h := range hits {
		if !slices.Contains(rec.Actors, h.name) {
			rec.Actors = append(rec.Actors, h.name)
		}
		sc.ev.add("actors", off, sc.span(h.a, h.b))
	}
	sc.hits = hits // the buffer, for the next caption
}

// sourceVerbs after an actor, and "according to" before it, make it the
// source of a statement rather than a force in the scene: "killing three
// militants, the army said", "according to the Houthis".
var sourceVerbs = wordSet("said says told announced reported stated added")

// quoted reports whether the actor hit h is only quoted.
func (sc *sceneCtx) quoted(h actorHit) bool {
	t := sc.toks
	if h.b < len(t) && sourceVerbs[t[h.b].key] {
		return true
	}
	j := h.a - 1
	if j >= 0 && t[j].key == "the" {
		j--
	}
	return j >= 1 && t[j].key == "to" && t[j-1].key == "according"
}

// subsumed reports whether the actor ending before toks[b] is a generic
// membership ("opposition fighter") followed by "from the <actor>"; starts
// marks the tokens at which actors start.
func (sc *sceneCtx) subsumed(b int) bool {
	if b < 1 || !sc.toks[b-1].is(tagMember) || b >= len(sc.toks) {
		return false
	}
	k := sc.toks[b].key
	if k != "from" && k != "of" {
		return false
	}
	j := b + 1
	if j < len(sc.toks) && sc.toks[j].key == "the" {
		j++
	}
	return j < len(sc.starts) && sc.starts[j]
}

// coordinated reads "Syrian and Russian army" as two actors: the first
// demonym borrows the noun of the second ("Syrian army", "Russian army").
func (sc *sceneCtx) coordinated(p *Parser, i int, country string) []string {
	if !sc.demonym[i] {
		return nil // most tokens: a test inlined into the scan
	}
	return sc.coordinatedAt(p, i, country)
}

func (sc *sceneCtx) coordinatedAt(p *Parser, i int, country string) []string {
	t := sc.toks
	if i+3 >= len(t) || t[i+1].key != "and" || !sc.demonym[i+2] {
		return nil
	}
	_, n := p.lex.actors.match(t, i+2)
	if n < 2 {
		return nil
	}
	synthetic := append([]token{t[i]}, t[i+3:i+2+n]...)
	first, m := p.lex.actors.match(synthetic, 0)
	if m != len(synthetic) {
		return nil
	}
	var out []string
	if ph := pick(first, country, 0); ph != nil && sc.inScene[i] {
		out = append(out, p.lex.countries.actorName(ph.value, caption.CountryCode(country)))
	}
	return out
}

// namedGroups finds capitalised names that end in a group noun ("Al-Shamiyah
// Front") or stand before a lower-case one ("al-Furqan brigade") in the
// scene sentences.
func (sc *sceneCtx) namedGroups() []chunk {
	var out []chunk
	for _, c := range sc.chunks(0, len(sc.toks)) {
		if !sc.inScene[c.a] {
			continue
		}
		switch {
		case sc.toks[c.b-1].is(tagGroupNoun) && c.b-c.a >= 2:
			out = append(out, c)
		case c.b < len(sc.toks) && sc.toks[c.b].is(tagGroupNoun) && !sc.toks[c.b].upper && sc.toks[c.b].key != "front":
			// "al-Furqan brigade"; but "the Pokrovsk front" in lower case
			// is the front line by a town, not a group.
			out = append(out, chunk{c.a, c.b + 1})
		default:
			continue
		}
		for j := c.a; j < out[len(out)-1].b; j++ {
			sc.used[j] = true
		}
	}
	return out
}
