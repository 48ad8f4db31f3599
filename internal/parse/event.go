package parse

import (
	"io/fs"
	"slices"

	"sijil/internal/caption"
)

// loadEvents reads lexicon/events.tsv: event_type <TAB> phrase.
func loadEvents(extra []fs.FS) (*phraseSet, error) {
	rows, err := readLexicon("events.tsv", extra)
	if err != nil {
		return nil, err
	}
	ps := newPhraseSet(lexEvents)
	for _, r := range rows {
		if len(r.fields) != 2 || !slices.Contains(caption.EventTypes, caption.EventType(r.fields[0])) {
			return nil, r.errorf("want EVENT_TYPE<TAB>phrase with one of %v", caption.EventTypes)
		}
		ps.add(r.fields[1], r.fields[0], "")
	}
	ps.sortLongestFirst()
	return ps, nil
}

// events reads the event types named in the scene sentences, listed in
// caption.EventTypes order so that equal records print equally.
func (p *Parser) events(rec *caption.Record, sc *sceneCtx, off int) {
	seen := make([]bool, len(caption.EventTypes)) // loadEvents admits no other value
	for i := 0; i < len(sc.toks); i++ {
		if !sc.inScene[i] || !sc.toks[i].word {
			continue
		}
		found, n := p.lex.events.match(sc.toks, i)
		if n == 0 {
			continue
		}
		seen[slices.Index(caption.EventTypes, caption.EventType(found[0].value))] = true
		sc.ev.add("event_types", off, sc.span(i, i+n))
		i += n - 1
	}
	for k, t := range caption.EventTypes {
		if seen[k] {
			rec.EventTypes = append(rec.EventTypes, t)
		}
	}
}
