package corpus

import "strings"

// layout is how one document sets out its captions, as the tools that made
// it did: lines wrapped or not, the credit on a line of its own, Windows
// line ends.
type layout struct {
	wrap       int // wrap lines at this column; 0: one line per paragraph
	creditLine bool
	crlf       bool
}

// startDoc empties the document buffer and draws its layout and the
// conflict most of its new captions are about.
func (g *generator) startDoc() {
	g.doc.Reset()
	g.layout = layout{creditLine: g.rng.IntN(4) == 0, crlf: g.rng.IntN(20) == 0}
	g.theme = g.rng.IntN(len(countries))
	if g.rng.IntN(10) < 3 {
		g.layout.wrap = 64 + g.rng.IntN(20)
	}
}

// writeCaption appends one caption paragraph to the document.
func (g *generator) writeCaption(desc, credit string) {
	nl := "\n"
	if g.layout.crlf {
		nl = "\r\n"
	}
	if g.doc.Len() > 0 {
		g.doc.WriteString(nl + nl)
	}
	sep := " "
	if g.layout.creditLine {
		sep = nl
	}
	if g.layout.wrap == 0 {
		g.doc.WriteString(desc + sep + credit)
		return
	}
	g.wrapped(desc, nl)
	g.doc.WriteString(sep)
	g.wrapped(credit, nl)
}

// wrapped appends s with its spaces turned into line breaks before the
// layout's column.
func (g *generator) wrapped(s, nl string) {
	col := 0
	for i, w := range strings.Fields(s) {
		if i > 0 {
			if col+1+len(w) > g.layout.wrap {
				g.doc.WriteString(nl)
				col = 0
			} else {
				g.doc.WriteByte(' ')
				col++
			}
		}
		g.doc.WriteString(w)
		col += len(w)
	}
}
