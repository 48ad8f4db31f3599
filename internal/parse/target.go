package parse

import (
	"io/fs"

	"sijil/internal/caption"
)

// loadTargets reads lexicon/targets.tsv: kind <TAB> phrase...
func loadTargets(extra []fs.FS) (*phraseSet, error) {
	rows, err := readLexicon("targets.tsv", extra)
	if err != nil {
		return nil, err
	}
	// Targets share the events' bit: a word that starts either is looked up
	// in both, and the sets stay apart (the vocabulary has four bits).
	ps := newPhraseSet(lexEvents)
	for _, r := range rows {
		if len(r.fields) < 2 || caption.TargetKind(r.fields[0]).Index() < 0 {
			return nil, r.errorf("want KIND<TAB>phrase... with KIND one of %q", caption.TargetKinds())
		}
		for _, ph := range r.fields[1:] {
			if ph != "" {
				ps.add(ph, r.fields[0], "")
			}
		}
	}
	ps.sortLongestFirst()
	return ps, nil
}

// strikeNouns are the attack words a target follows with "on", "of", "at"
// or "against": "an air strike on a market", "the shelling of a school",
// "an explosion at a mosque".
var strikeNouns = func() map[string]bool {
	m := wordSet("explosion explosions blast blasts airstrike airstrikes")
	for w := range attackNouns {
		m[w] = true
	}
	return m
}()

// harmWords, shortly before a target, say it was struck: "shelling hit a
// school", "killing three civilians", "the rubble of a hospital", "a
// damaged clinic".
var harmWords = wordSet("hit hits struck targeted targeting targets shelled shelling bombed bombing attacked attacking " +
	"destroyed damaged killed killing wounded wounding injured injuring rubble ruins remains wreckage debris damage " +
	"levelled leveled razed flattened")

// harmAfter, shortly after a target, say it was struck: "civilians were
// killed", "the clinic was destroyed".
var harmAfter = wordSet("hit struck targeted shelled bombed attacked destroyed damaged killed wounded injured " +
	"levelled leveled razed flattened died")

// targets reads what the scene's event struck, in caption.TargetKinds order.
func (p *Parser) targets(rec *caption.Record, sc *sceneCtx, off int) {
	var seen [16]bool // len(caption.TargetKinds) ≤ 16; loadTargets admits no other kind
	for i := 0; i < len(sc.toks); i++ {
		if !sc.inScene[i] || !sc.toks[i].word {
			continue
		}
		found, n := p.lex.targets.match(sc.toks, i)
		if n == 0 {
			continue
		}
		if sc.struck(i, i+n) {
			seen[caption.TargetKind(found[0].value).Index()] = true
			sc.ev.add("target", off, sc.span(i, i+n))
		}
		i += n - 1
	}
	for k, t := range caption.TargetKinds() {
		if seen[k] {
			rec.Target = append(rec.Target, t)
		}
	}
}

// struck reports whether the caption says the target at tokens [a, b) was
// struck: a harm word up to four words before it, an attack noun and its
// preposition there, or a harm participle just after it. Punctuation
// ends the search: "A boy is treated in a hospital after an air strike"
// names the hospital, not a target.
func (sc *sceneCtx) struck(a, b int) bool {
	t := sc.toks
	s := sc.sentOf[a]
	for k := a - 1; k >= 0 && k >= a-4 && t[k].word && sc.sentOf[k] == s; k-- {
		key := t[k].key
		if harmWords[key] {
			return true
		}
		// The attack word stands right before the preposition: "a girl
		// injured in a strike receives treatment at a hospital" names none.
		if (key == "on" || key == "of" || key == "at" || key == "against" || key == "in") && k > 0 && strikeNouns[t[k-1].key] {
			return true
		}
	}
	for k := b; k < len(t) && k < b+4 && t[k].word && sc.sentOf[k] == s; k++ {
		if harmAfter[t[k].key] {
			return true
		}
		if t[k].cas.class&cwAux == 0 { // "were", "was reportedly"
			return false
		}
	}
	return false
}
