package parse

import (
	"slices"

	"sijil/internal/caption"
)

// The French and Arabic rules read casualty figures and their sources
// with their own words and grammar, and fill a record from them the same
// way.

// langFigure is a casualty figure a language's own rules read.
type langFigure struct {
	n       int
	injured bool
	// article says the figure is an article alone ("évacuent un blessé":
	// one wounded person carried), which a later figure of its kind
	// outweighs ("… 12 morts et 43 blessés").
	article bool
	span    caption.Span
	tok     int // a token of the figure, for its sentence
}

// langSource is a source a language's own rules found a figure attributed
// to, by the value the English rules give it.
type langSource struct {
	value string
	span  caption.Span
}

// setFigures sets rec's killed and injured from the first figure of each
// kind that is no article, else its first, and returns the sentences (by
// sentOf, of the figure's token) they came from: the scene's sentences,
// with the first.
func setFigures(rec *caption.Record, figs []langFigure, sentOf []int, off int, ev *evidence) []int {
	chosen := [2]int{-1, -1} // killed, injured: an index in figs
	for i, f := range figs {
		kind := 0
		if f.injured {
			kind = 1
		}
		if c := chosen[kind]; c < 0 || figs[c].article && !f.article {
			chosen[kind] = i
		}
	}
	var sents []int
	for i, f := range figs {
		if i != chosen[0] && i != chosen[1] {
			continue
		}
		n := f.n
		if f.injured {
			rec.Injured = &n
			ev.add("injured", off, f.span)
		} else {
			rec.Killed = &n
			ev.add("killed", off, f.span)
		}
		sents = append(sents, sentOf[f.tok])
	}
	return sents
}

// setAttribution adds sources to rec's attribution, each value once, with
// every span as evidence.
func setAttribution(rec *caption.Record, sources []langSource, off int, ev *evidence) {
	for _, a := range sources {
		if !slices.Contains(rec.Attribution, a.value) {
			rec.Attribution = append(rec.Attribution, a.value)
		}
		ev.add("attribution", off, a.span)
	}
}
