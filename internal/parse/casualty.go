package parse

import "sijil/internal/caption"

// casualtyResult holds the depicted event's casualty figures. Spans are
// relative to the description.
type casualtyResult struct {
	Killed, Injured  *int
	KilledSpans      []caption.Span
	InjuredSpans     []caption.Span
	Attribution      []string
	AttributionSpans []caption.Span
	Sentences        []int // indexes of the sentences that report the depicted event's figures
	Warnings         []string
}

// casualties reads killed and injured counts and their attribution. STUB:
// helper C implements.
func (p *Parser) casualties(desc string, sents []caption.Span) casualtyResult {
	return casualtyResult{}
}

// readNumber reads a count at the start of s: digits ("19", "1,200") or
// number words ("four", "twenty-one", "a dozen"). size is the number of bytes
// read. STUB: helper C implements.
func readNumber(s string) (n, size int, ok bool) { return 0, 0, false }
