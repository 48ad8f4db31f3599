package parse

import "sijil/internal/caption"

// scene fills places, country, event types, actors and people from the scene
// sentences.
func (p *Parser) scene(rec *caption.Record, desc string, off int, sents []caption.Span, scene []int) {
}
