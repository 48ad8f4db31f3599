package parse

import (
	"io/fs"

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
		if len(r.fields) != 2 || r.fields[0] != noEvent && caption.EventType(r.fields[0]).Index() < 0 {
			return nil, r.errorf("want EVENT_TYPE<TAB>phrase with one of %v, or %s", caption.EventTypes(), noEvent)
		}
		ps.add(r.fields[1], r.fields[0], "")
	}
	ps.sortLongestFirst()
	return ps, nil
}

// noEvent marks a phrase of events.tsv that names no event, and that a
// shorter phrase inside it must not be read as one: "a fire at the
// market" is no "fire at" (shooting).
const noEvent = "-"

// events reads the event types named in the scene sentences, listed in
// caption.EventTypes order so that equal records print equally.
func (p *Parser) events(rec *caption.Record, sc *sceneCtx, off int) {
	var seen uint64 // by EventType.Index; loadEvents admits no other value
	for i := 0; i < len(sc.toks); i++ {
		if !sc.inScene[i] || !sc.toks[i].word {
			continue
		}
		found, n := p.lex.events.match(sc.toks, i)
		if n == 0 {
			continue
		}
		start := i
		i += n - 1 // the phrase's words are read
		if found[0].value == noEvent {
			continue
		}
		seen |= 1 << caption.EventType(found[0].value).Index()
		sc.ev.add("event_types", off, sc.span(start, start+n))
	}
	if seen == 0 {
		return
	}
	for k, t := range caption.EventTypes() {
		if seen&(1<<k) != 0 {
			rec.EventTypes = append(rec.EventTypes, t)
		}
	}
}
