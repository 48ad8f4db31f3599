package parse

import (
	"slices"
	"strings"

	"sijil/internal/caption"
)

// Perpetrators are read from the actors of the scene sentences: an actor is
// the perpetrator when the caption ties it to the attack, and not when it
// is only there ("rebel fighters stand near…"). The ties, with examples:
//
//   - the actor's phrase is the attack: "after Russian air strikes",
//     "government shelling", "an Israeli strike";
//   - an attack noun follows it: "rebel rocket fire", "a Houthi drone attack";
//   - a verb of attack follows it: "Russian jets struck the market";
//   - "by" (or "from") follows an attack or a verb of harm: "a strike by the
//     Saudi-led coalition", "a car bomb claimed by Islamic State", "killed
//     by government shelling", "fire from Israeli tanks".
//
// The first actor so tied wins. A tie inside a protest against the attack
// ("a rally against Saudi-led air strikes") is not one.

// attackNouns are the words of an attack.
var attackNouns = wordSet("strike strikes airstrike airstrikes raid raids airraid airraids shelling shell shells " +
	"bombardment bombardments bombing bombings bomb bombs rocket rockets missile missiles mortar mortars fire gunfire " +
	"attack attacks assault assaults offensive barrage barrages ambush")

// attackMods stand between an actor and its attack noun: "rebel rocket
// fire", "a Houthi drone attack".
var attackMods = wordSet("air rocket artillery mortar drone tank missile helicopter sniper gun suicide car naval " +
	"cluster barrel heavy aerial ground chemical ballistic cruise")

// attackVerbs, after an actor, make it the one who attacked.
var attackVerbs = wordSet("shelled shell shells shelling bombed bomb bombs bombing bombarded bombard bombarding " +
	"struck strike strikes striking hit hits attacked attack attacks attacking targeted target targets targeting " +
	"fired fire fires firing launched launch launches launching pounded pound pounds pounding raided stormed " +
	"killed kill kills killing shot shoot shoots shooting dropped drop drops dropping destroyed destroy razed levelled leveled")

// agentNouns may follow an actor's name before its verb: "Boko Haram
// fighters attacked", "Houthi rebels fired".
var agentNouns = wordSet("fighters militants members gunmen jets warplanes planes aircraft helicopters drones troops " +
	"soldiers forces tanks rebels insurgents militiamen units")

// agentAux may stand between an actor and its verb: "Russian jets have
// struck", "government forces reportedly shelled".
var agentAux = wordSet("have has had reportedly allegedly apparently again also repeatedly later")

// byVerbs, before "by", make the actor after it the agent: "killed by",
// "carried out by", "claimed by".
var byVerbs = wordSet("killed wounded injured destroyed damaged hit targeted struck shelled bombed fired launched " +
	"dropped conducted claimed attacked caused carried perpetrated executed shot levelled leveled razed")

// notAgentCues, just before an actor, say the attack is what people oppose
// or deny, not the scene's: "a protest against Russian air strikes".
var notAgentCues = wordSet("against condemn condemns condemned condemning denounce denounces denounced protest protests " +
	"protesting deny denies denied")

// hedges, before the actor in its sentence, keep the perpetrator a claim.
var hedges = map[string]caption.Claim{
	"suspected": caption.ClaimSuspected, "apparent": caption.ClaimSuspected, "apparently": caption.ClaimSuspected,
	"presumed": caption.ClaimSuspected, "purported": caption.ClaimSuspected, "likely": caption.ClaimSuspected,
	"reported": caption.ClaimReported, "reportedly": caption.ClaimReported,
	"alleged": caption.ClaimAlleged, "allegedly": caption.ClaimAlleged,
}

// sayWords anywhere in the actor's sentence make the perpetrator someone's
// word: "after Russian air strikes on Ariha, activists said", "blamed on".
var sayWords = wordSet("said says say according told blamed blames blaming accused accuses accusing claimed claims")

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// perpetrator sets rec.Perpetrator from the actor hits of the scene.
func (p *Parser) perpetrator(rec *caption.Record, sc *sceneCtx, off int) {
	for _, h := range sc.hits {
		span, claimedAt, ok := sc.agent(h)
		if !ok {
			continue
		}
		pp := &caption.Perpetrator{Actor: h.name}
		if in, ok := p.lex.actorInfoOf(h.name, rec.Country); ok {
			pp.Kind, pp.Country, pp.Name = in.kind, in.country, in.nameOn(rec.Date)
		}
		sc.ev.add("perpetrator", off, span)
		c, at := caption.ClaimClaimed, claimedAt
		if at < 0 {
			c, at = sc.hedge(h.a, h.b)
		}
		if c != caption.ClaimStated {
			pp.Claim = c
			sc.ev.add("perpetrator_claim", off, sc.span(at, at+1))
		}
		rec.Perpetrator = pp
		return
	}
	p.responsibility(rec, sc, off)
}

// claimedWhat may follow "claimed" for a claim of responsibility: "claimed
// responsibility", "claimed the attack".
var claimedWhat = wordSet("responsibility attack attacks bombing bombings blast blasts strike strikes")

// responsibility reads a claim of responsibility in any sentence of the
// caption, the background ones too: "A wounded man is carried after an
// explosion at a market in Baghdad. Islamic State claimed responsibility for
// the attack." The claimant becomes an actor and the perpetrator, as
// claimed.
func (p *Parser) responsibility(rec *caption.Record, sc *sceneCtx, off int) {
	t := sc.toks
	for i := 1; i+1 < len(t); i++ {
		if t[i].key != "claimed" || !claimedWhat[t[i+1].key] && !(t[i+1].key == "the" && i+2 < len(t) && claimedWhat[t[i+2].key]) {
			continue
		}
		end := i
		for end > 0 && end > i-3 && (agentAux[t[end-1].key] || agentNouns[t[end-1].key]) {
			end--
		}
		for k := max(end-6, 0); k < end; k++ {
			found, n := p.lex.actors.match(t, k)
			if n == 0 || k+n != end || sc.sentOf[k] != sc.sentOf[i] {
				continue
			}
			ph := pick(found, string(rec.Country), recordDay(rec.Date))
			if ph == nil || ph.value == notActor {
				continue
			}
			name := p.lex.countries.actorName(ph.value, rec.Country)
			if !slices.Contains(rec.Actors, name) {
				rec.Actors = append(rec.Actors, name)
			}
			sc.ev.add("actors", off, sc.span(k, k+n))
			pp := &caption.Perpetrator{Actor: name, Claim: caption.ClaimClaimed}
			if in, ok := p.lex.actorInfoOf(name, rec.Country); ok {
				pp.Kind, pp.Country, pp.Name = in.kind, in.country, in.nameOn(rec.Date)
			}
			sc.ev.add("perpetrator", off, sc.span(k, i+2))
			sc.ev.add("perpetrator_claim", off, sc.span(i, i+1))
			rec.Perpetrator = pp
			return
		}
	}
}

// agent reports whether the actor hit h is tied to an attack, with the span
// that ties it, and the token of "claimed" when the tie is "claimed by"
// (else -1).
func (sc *sceneCtx) agent(h actorHit) (span caption.Span, claimedAt int, ok bool) {
	t := sc.toks
	for k := max(h.a-3, 0); k < h.a; k++ {
		if notAgentCues[t[k].key] && sc.sentOf[k] == sc.sentOf[h.a] {
			return span, -1, false
		}
	}
	for k := h.a + 1; k < h.b; k++ { // "Russian air strikes", "government shelling"
		if attackNouns[t[k].key] || strings.HasPrefix(t[k].key, "airstrike") || strings.HasPrefix(t[k].key, "strike") {
			return sc.span(h.a, h.b), -1, true
		}
	}
	if b := sc.attackAfter(h.b); b > 0 {
		return sc.span(h.a, b), -1, true
	}
	if a := sc.byBefore(h.a); a >= 0 {
		claimedAt = -1
		for k := a; k < h.a; k++ {
			if t[k].key == "claimed" {
				claimedAt = k
			}
		}
		return sc.span(a, h.b), claimedAt, true
	}
	return span, -1, false
}

// attackAfter returns the end of an attack noun ("rocket fire") or verb
// ("struck") that follows an actor ending at token b, or -1.
func (sc *sceneCtx) attackAfter(b int) int {
	t := sc.toks
	j := b
	for j < len(t) && j < b+2 && attackMods[t[j].key] {
		j++
	}
	if j < len(t) && t[j].word && attackNouns[t[j].key] && sc.sentOf[j] == sc.sentOf[b-1] {
		return j + 1
	}
	j = b
	if j < len(t) && agentNouns[t[j].key] {
		j++
	}
	for k := j; j < len(t) && j < k+2 && agentAux[t[j].key]; {
		j++
	}
	if j < len(t) && t[j].word && attackVerbs[t[j].key] && sc.sentOf[j] == sc.sentOf[b-1] {
		return j + 1
	}
	return -1
}

// byBefore returns the first token of "<attack or harm> … by [the|a]" ending
// just before token a ("a strike by the", "claimed by"), or -1. "from"
// serves after an attack noun ("fire from Israeli tanks"), "on" after
// "blamed" ("an attack blamed on the Houthis").
func (sc *sceneCtx) byBefore(a int) int {
	t := sc.toks
	j := a - 1
	if j >= 0 && hedges[t[j].key] != "" { // "an attack by suspected Boko Haram militants"
		j--
	}
	if j >= 0 && (t[j].key == "the" || t[j].key == "a" || t[j].key == "an") {
		j--
	}
	if j < 1 || !t[j].word {
		return -1
	}
	prep := t[j].key
	if prep != "by" && prep != "from" && prep != "on" {
		return -1
	}
	for k := j - 1; k >= 0 && k >= j-5; k-- {
		if !t[k].word || sc.sentOf[k] != sc.sentOf[a] {
			return -1 // punctuation ends the attack's phrase
		}
		key := t[k].key
		switch {
		case prep == "on" && key == "blamed",
			prep != "on" && attackNouns[key],
			prep == "by" && byVerbs[key]:
			return k
		}
	}
	return -1
}

// hedge returns the claim of the actor at tokens [a, b): a hedge word up
// to six tokens before it ("a suspected Russian air strike") or an adverb
// just after it ("government forces reportedly shelled"), else a word of
// saying anywhere in its sentence ("activists said"), with its token.
func (sc *sceneCtx) hedge(a, b int) (caption.Claim, int) {
	t := sc.toks
	s := sc.sentOf[a]
	for k := a - 1; k >= 0 && k >= a-6 && sc.sentOf[k] == s; k-- {
		if c, ok := hedges[t[k].key]; ok {
			return c, k
		}
	}
	for k := b; k < len(t) && k < b+3 && sc.sentOf[k] == s; k++ {
		if c, ok := hedges[t[k].key]; ok && strings.HasSuffix(t[k].key, "ly") {
			return c, k
		}
	}
	from, to := sc.sentenceRange(s)
	for k := from; k < to; k++ {
		if sayWords[t[k].key] {
			return caption.ClaimSaid, k
		}
	}
	return caption.ClaimStated, -1
}
