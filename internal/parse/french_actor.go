package parse

import (
	"io/fs"
	"slices"
	"strings"
	"unicode"

	"sijil/internal/caption"
)

// French actors are read with lexicon/fr_actors.tsv, whose aliases map to
// the canonical actors of actors.tsv: "les forces gouvernementales" in a
// Syrian caption are Syrian government forces, as "government forces" are
// in an English one, so that the two records facet together. French puts
// the adjective after the noun ("frappes russes", "armée syrienne"), which
// is why the aliases are whole phrases rather than the English demonym and
// noun.

// frActor is one alias of fr_actors.tsv.
type frActor struct {
	frPhrase
	caps  []bool // caps[i]: word i was written in capitals and matches only capitals
	entry phrase // value, scope and dated bounds, for pick
}

// loadFrenchActors reads fr_actors.tsv. A canonical name must be one of
// actorinfo.tsv's, so that a French alias cannot invent an actor English
// captions never name.
func loadFrenchActors(extra []fs.FS) ([]frActor, error) {
	info, err := loadActorInfo(extra)
	if err != nil {
		return nil, err
	}
	rows, err := readLexicon("fr_actors.tsv", extra)
	if err != nil {
		return nil, err
	}
	var out []frActor
	for _, r := range rows {
		if len(r.fields) < 3 {
			return nil, r.errorf("want CANONICAL<TAB>SCOPE<TAB>alias...")
		}
		canonical := r.fields[0]
		if _, ok := info[canonical]; !ok && canonical != notActor {
			return nil, r.errorf("actor %q is not in actorinfo.tsv", canonical)
		}
		scope, from, until, ok := actorScope(r.fields[1])
		if !ok {
			return nil, r.errorf("scope %q: want *, a country code, or a code and \"from YYYY-MM-DD\" or \"until YYYY-MM-DD\"", r.fields[1])
		}
		for _, alias := range r.fields[2:] {
			a, ok := newFrActor(alias)
			if !ok {
				continue
			}
			a.entry = phrase{value: canonical, scope: scope, from: from, until: until}
			out = append(out, a)
		}
	}
	// Longest first, so that "armée syrienne libre" wins over "armée
	// syrienne"; readings of one alias stay in file order.
	slices.SortStableFunc(out, func(a, b frActor) int { return len(b.words) - len(a.words) })
	return out, nil
}

// newFrActor reads one alias as lower-case words, noting the words written
// in capitals (two letters or more).
func newFrActor(alias string) (frActor, bool) {
	var a frActor
	for _, t := range frTokens(alias) {
		switch {
		case t.word:
			a.words = append(a.words, t.key)
			a.caps = append(a.caps, allCaps(alias[t.start:t.end]))
		case t.key == "*" && len(a.words) > 0:
			a.words[len(a.words)-1] += "*"
		}
	}
	return a, len(a.words) > 0
}

// allCaps reports whether w has two letters or more, all capitals.
func allCaps(w string) bool {
	n := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			n++
		}
	}
	return n >= 2
}

// match is frPhrase.match, with the capitals test.
func (a *frActor) match(desc string, toks []frToken, i int) int {
	n := a.frPhrase.match(toks, i)
	for k := 0; k < n; k++ {
		if a.caps[k] && !allCaps(desc[toks[i+k].start:toks[i+k].end]) {
			return 0
		}
	}
	return n
}

// frActorHit is an actor read at tokens [a, b).
type frActorHit struct {
	name string
	a, b int
}

// frActors sets rec's actors from those of fr_actors.tsv named in the
// scene sentences (scene reports them by token), and the perpetrator when
// the caption ties one of them to the attack (see frAgent). What the
// English rules read in the French text is dropped first: they take "Les
// forces gouvernementales" for a group named "Les forces", and "rebelles"
// before the country is known for Syrian rebels, where French word order
// says "rebelles houthis". The names both languages share (Hamas, HTS,
// YPG) are in fr_actors.tsv too.
func (p *Parser) frActors(rec *caption.Record, desc string, toks []frToken, sentOf []int, scene func(int) bool, off int, ev *evidence) {
	rec.Actors, rec.Perpetrator = nil, nil
	ev.drop("actors")
	ev.drop("perpetrator")
	ev.drop("perpetrator_claim")
	var hits []frActorHit
	found := make([]*phrase, 0, 4)
	for i := 0; i < len(toks); i++ {
		if !toks[i].word || !scene(i) {
			continue
		}
		found, n := found[:0], 0
		for k := range p.fr.actors {
			a := &p.fr.actors[k]
			if len(a.words) < n {
				break // sorted longest first
			}
			if m := a.match(desc, toks, i); m > 0 {
				found, n = append(found, &a.entry), m
			}
		}
		if n == 0 {
			continue
		}
		if ph := pick(found, string(rec.Country), recordDay(rec.Date)); ph != nil && ph.value != notActor {
			hits = append(hits, frActorHit{p.lex.countries.actorName(ph.value, rec.Country), i, i + n})
		}
		i += n - 1
	}
	for _, h := range hits {
		if frQuoted(toks, h) || p.fr.inSourceName(toks, h) {
			continue
		}
		if !slices.Contains(rec.Actors, h.name) {
			rec.Actors = append(rec.Actors, h.name)
		}
		ev.add("actors", off, caption.Span{Start: toks[h.a].start, End: toks[h.b-1].end})
	}
	for _, h := range hits {
		span, claim, at, ok := frAgent(toks, sentOf, h)
		if !ok {
			continue
		}
		pp := &caption.Perpetrator{Actor: h.name, Claim: claim}
		if in, ok := p.lex.actorInfoOf(h.name, rec.Country); ok {
			pp.Kind, pp.Country, pp.Name = in.kind, in.country, in.nameOn(rec.Date)
		}
		ev.add("perpetrator", off, span)
		if claim != caption.ClaimStated {
			ev.add("perpetrator_claim", off, caption.Span{Start: toks[at].start, End: toks[at].end})
		}
		rec.Perpetrator = pp
		return
	}
}

// frQuoted reports an actor that is only the source of a statement:
// "selon l'armée", "d'après les FDS", "a indiqué l'armée russe".
func frQuoted(toks []frToken, h frActorHit) bool {
	j := h.a - 1
	for j >= 0 && frArticles[toks[j].key] {
		j--
	}
	if j >= 0 && (toks[j].key == "selon" || toks[j].key == "après" && j > 0 && toks[j-1].key == "d'") {
		return true
	}
	if j >= 0 && frSourceCues[toks[j].key] && toks[j].key != "d'" && toks[j].key != "source" {
		return true // "a annoncé l'armée"
	}
	return h.b < len(toks) && frSayVerbs[toks[h.b].key]
}

// inSourceName reports an actor named inside the name of a source of
// fr_sources.tsv: the Hamas of "le ministère de la Santé du Hamas" runs the
// ministry that counts the dead and is no force in the scene, whether or
// not "selon" introduces it.
func (lex *frenchLexicon) inSourceName(toks []frToken, h frActorHit) bool {
	for s := h.a; s >= 0 && s >= h.a-frSourceWords; s-- {
		for _, ph := range lex.sources {
			if n := ph.match(toks, s); n > 0 && s+n >= h.b && (s < h.a || s+n > h.b) {
				return true
			}
		}
	}
	return false
}

// frSourceWords bounds how far before an actor inSourceName looks for the
// start of a source's name, the longest of fr_sources.tsv being ten words
// ("ministère de la Santé de Gaza dirigé par le Hamas").
const frSourceWords = 12

// frArticles may stand between a preposition and an actor's name.
var frArticles = map[string]bool{"le": true, "la": true, "les": true, "l'": true, "des": true, "du": true,
	"de": true, "d'": true, "un": true, "une": true, "ses": true, "leurs": true}

// frAttackNouns are the words of an attack; an actor phrase holding one
// ("frappes russes") is the attack itself.
var frAttackNouns = map[string]bool{"frappe": true, "frappes": true, "raid": true, "raids": true,
	"bombardement": true, "bombardements": true, "pilonnage": true, "pilonnages": true, "tir": true, "tirs": true,
	"obus": true, "roquette": true, "roquettes": true, "missile": true, "missiles": true, "attaque": true,
	"attaques": true, "offensive": true, "assaut": true, "drone": true, "drones": true, "attentat": true,
	"attentats": true, "explosion": true, "mortier": true, "mortiers": true}

// frAttackVerbs, after an actor, make it the one who attacked: "l'aviation
// russe a bombardé", "les rebelles ont tiré des roquettes".
var frAttackVerbs = map[string]bool{"bombardé": true, "bombardée": true, "bombardent": true, "bombarde": true,
	"pilonné": true, "pilonnent": true, "pilonne": true, "frappé": true, "frappent": true, "frappe": true,
	"tiré": true, "tirent": true, "tire": true, "visé": true, "visent": true, "vise": true, "ciblé": true,
	"ciblent": true, "cible": true, "attaqué": true, "attaquent": true, "attaque": true, "lancé": true,
	"lancent": true, "lance": true, "tué": true, "tuent": true, "tue": true, "détruit": true, "détruisent": true,
	"mené": true, "mènent": true, "mène": true, "largué": true, "larguent": true}

// frByWords, shortly before "par" and the actor, make it the agent:
// "tués par", "bombardé par", "une frappe menée par".
var frByWords = map[string]bool{"tué": true, "tués": true, "tuée": true, "tuées": true, "blessé": true,
	"blessés": true, "blessée": true, "blessées": true, "touché": true, "touchée": true, "touchés": true,
	"touchées": true, "détruit": true, "détruite": true, "détruits": true, "détruites": true, "endommagé": true,
	"endommagée": true, "endommagés": true, "endommagées": true, "visé": true, "visée": true, "visés": true,
	"visées": true, "ciblé": true, "ciblée": true, "ciblés": true, "ciblées": true, "bombardé": true,
	"bombardée": true, "bombardés": true, "bombardées": true, "menée": true, "menées": true, "mené": true,
	"menés": true, "lancée": true, "lancées": true, "lancé": true, "lancés": true, "revendiqué": true,
	"revendiquée": true, "revendiqués": true, "revendiquées": true, "tirée": true, "tirées": true, "tiré": true,
	"tirés": true, "perpétré": true, "perpétrée": true, "commis": true, "commise": true}

// frNotAgentCues, just before an actor, say the attack is what people
// oppose: "une manifestation contre les frappes russes".
var frNotAgentCues = map[string]bool{"contre": true, "dénoncer": true, "dénoncent": true, "dénonce": true,
	"condamner": true, "condamnent": true, "condamne": true, "protester": true, "protestent": true}

// frHedges keep a perpetrator a claim; frSayVerbs make it someone's word.
var (
	frHedges = map[string]caption.Claim{
		"présumé": caption.ClaimSuspected, "présumée": caption.ClaimSuspected, "présumés": caption.ClaimSuspected,
		"présumées": caption.ClaimSuspected, "apparemment": caption.ClaimSuspected, "probablement": caption.ClaimSuspected,
		"supposé": caption.ClaimSuspected, "supposée": caption.ClaimSuspected, "supposées": caption.ClaimSuspected,
		"supposés": caption.ClaimSuspected, "attribué": caption.ClaimSaid, "attribuée": caption.ClaimSaid,
		"attribués": caption.ClaimSaid, "attribuées": caption.ClaimSaid, "imputé": caption.ClaimSaid,
		"imputée": caption.ClaimSaid, "imputées": caption.ClaimSaid, "imputés": caption.ClaimSaid,
		"selon": caption.ClaimSaid, "accusé": caption.ClaimSaid, "accusent": caption.ClaimSaid,
		"accuse": caption.ClaimSaid,
	}
	frSayVerbs = map[string]bool{"indique": true, "affirme": true, "annonce": true, "rapporte": true,
		"précise": true, "déclare": true, "dit": true, "indiquent": true, "affirment": true, "annoncent": true}
)

// frAgent reports whether the actor hit h is tied to the attack, with the
// span that ties it and how the caption puts it (and the token that says
// so). The ties mirror the English ones (perpetrator.go): the phrase is
// the attack ("des frappes russes"); an attack noun and "de" come before it
// ("les bombardements du régime"); an attack verb follows it ("l'aviation
// russe a bombardé"); "par" follows an attack or a verb of harm ("tués par
// l'armée", "une frappe menée par la coalition").
func frAgent(toks []frToken, sentOf []int, h frActorHit) (span caption.Span, claim caption.Claim, at int, ok bool) {
	for k := max(h.a-3, 0); k < h.a; k++ {
		if frNotAgentCues[toks[k].key] && sentOf[k] == sentOf[h.a] {
			return span, "", -1, false
		}
	}
	from, to := h.a, h.b
	if c := frClaimAfter(toks, sentOf, h.b); c > 0 { // "l'EI a revendiqué l'attentat"
		return caption.Span{Start: toks[h.a].start, End: toks[c].end}, caption.ClaimClaimed, c, true
	}
	switch {
	case slices.ContainsFunc(toks[h.a:h.b], func(t frToken) bool { return frAttackNouns[t.key] }):
	case frAttackBefore(toks, h.a) >= 0:
		from = frAttackBefore(toks, h.a)
	case frVerbAfter(toks, sentOf, h.b) > 0:
		to = frVerbAfter(toks, sentOf, h.b)
	case frByBefore(toks, sentOf, h.a) >= 0:
		from = frByBefore(toks, sentOf, h.a)
	default:
		return span, "", -1, false
	}
	span = caption.Span{Start: toks[from].start, End: toks[to-1].end}
	for k := from; k < h.a; k++ {
		if strings.HasPrefix(toks[k].key, "revendiqu") {
			return span, caption.ClaimClaimed, k, true
		}
	}
	claim, at = frHedge(toks, sentOf, from, to)
	return span, claim, at, true
}

// frAttackBefore returns the attack noun of "<attaque> de|du|des <actor>"
// before token a ("les bombardements du régime"), or -1.
func frAttackBefore(toks []frToken, a int) int {
	j := a - 1
	if j >= 0 && (toks[j].key == "la" || toks[j].key == "l'" || toks[j].key == "les") {
		j--
	}
	if j < 1 || toks[j].key != "de" && toks[j].key != "du" && toks[j].key != "des" && toks[j].key != "d'" {
		return -1
	}
	k := j - 1
	if k >= 1 && (strings.HasPrefix(toks[k].key, "aérien") || strings.HasPrefix(toks[k].key, "d'artillerie")) {
		k--
	}
	if frAttackNouns[toks[k].key] {
		return k
	}
	return -1
}

// frVerbAfter returns the end of an attack verb that follows the actor
// ending at token b, with "a", "ont", "avait", "avaient" between, or -1.
func frVerbAfter(toks []frToken, sentOf []int, b int) int {
	j := b
	if j < len(toks) && (toks[j].key == "a" || toks[j].key == "ont" || toks[j].key == "avait" || toks[j].key == "avaient") {
		j++
	}
	if j < len(toks) && frAttackVerbs[toks[j].key] && sentOf[j] == sentOf[b-1] {
		return j + 1
	}
	return -1
}

// frClaimAfter returns the token of "revendiqué" in "<actor> a|ont
// revendiqué", or -1: a claim of responsibility.
func frClaimAfter(toks []frToken, sentOf []int, b int) int {
	j := b
	if j < len(toks) && (toks[j].key == "a" || toks[j].key == "ont" || toks[j].key == "avait" || toks[j].key == "avaient") {
		j++
	}
	if j < len(toks) && j > b && strings.HasPrefix(toks[j].key, "revendiqu") && sentOf[j] == sentOf[b-1] {
		return j
	}
	return -1
}

// frByBefore returns the first token of "<attack or harm> … par [article]"
// ending just before token a, or -1.
func frByBefore(toks []frToken, sentOf []int, a int) int {
	j := a - 1
	for j >= 0 && frArticles[toks[j].key] && toks[j].key != "de" && toks[j].key != "d'" {
		j--
	}
	if j < 1 || toks[j].key != "par" {
		return -1
	}
	for k := j - 1; k >= 0 && k >= j-5; k-- {
		if !toks[k].word || sentOf[k] != sentOf[a] {
			return -1
		}
		if frByWords[toks[k].key] || frAttackNouns[toks[k].key] {
			return k
		}
	}
	return -1
}

// frHedge returns how the caption puts the attack at tokens [a, b): a hedge
// up to six tokens before it ("une frappe présumée de l'armée russe") or
// just after it ("des frappes russes présumées"), else "selon" or an
// accusation anywhere in its sentence.
func frHedge(toks []frToken, sentOf []int, a, b int) (caption.Claim, int) {
	s := sentOf[a]
	for k := max(a-6, 0); k < min(b+2, len(toks)); k++ {
		if c, ok := frHedges[toks[k].key]; ok && sentOf[k] == s && c != caption.ClaimSaid {
			return c, k
		}
	}
	for k := range toks {
		if sentOf[k] != s {
			continue
		}
		if c, ok := frHedges[toks[k].key]; ok && c == caption.ClaimSaid {
			return c, k
		}
	}
	return caption.ClaimStated, -1
}
