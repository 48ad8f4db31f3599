package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// Segment turns a document's paragraphs into captions: a paragraph holding
// only a credit joins the caption before it, and a paragraph in which a
// credit is directly followed by the next caption ("…/AFP Photo)Rebel
// fighters…") is split after the credit. Start, End and Line stay true to
// the document.
//
// A joined caption's Text is the caption's text, "\n\n" and the credit's
// text, whatever blank lines stood between them; its Start is the caption's
// and its End the credit's, so the span covers those blank lines. A credit
// paragraph joins only a caption that does not end with a credit yet, and
// only when the joined caption then ends with one: in "… (Photo by X/AFP)"
// followed by "REUTERS/Y" the second credit stays alone, as does a credit
// paragraph that opens the document. The pieces of a split paragraph do not
// include the white space between them.
func (p *Parser) Segment(paras []caption.Raw) []caption.Raw {
	out := make([]caption.Raw, 0, len(paras))
	open := false // out's last caption does not end with a credit
	for _, para := range paras {
		for _, r := range p.splitAfterCredits(para) {
			ends, only := p.segmentCredit(r.Text)
			if !only {
				out = append(out, r)
				open = !ends
				continue
			}
			if open {
				joined := out[len(out)-1].Text + "\n\n" + r.Text
				if ends, _ := p.segmentCredit(joined); ends {
					out[len(out)-1].Text = joined
					out[len(out)-1].End = r.End
					open = false
					continue
				}
			}
			out = append(out, r)
			open = false
		}
	}
	return out
}

// segmentCredit reports whether the raw caption text ends with a credit and
// whether it is nothing but a credit. Only the last few hundred bytes are
// folded and read, since credit looks no further back; a paragraph that
// long is never credit-only.
func (p *Parser) segmentCredit(raw string) (ends, only bool) {
	cut := 0
	if n := 4 * maxCredit; len(raw) > n {
		cut = len(raw) - n
		for cut < len(raw) && !segmentSpace(raw[cut]) {
			cut++
		}
	}
	text := Fold(raw[cut:])
	cr := p.credit(text)
	ends = cr.Found && cr.Whole.End == creditTrimEnd(text)
	only = cut == 0 && creditCovers(text, cr)
	return ends, only
}

// splitAfterCredits cuts para after each parenthesised (or bracketed)
// credit that is followed by more text starting like a caption: "…/AFP
// Photo)Rebel fighters fire…". The group must be a credit with a slash, a lead-in or
// "via", never a bare "(Reuters)" or an aside such as "(SDF)".
//
// It also cuts at the end of a line that ends with a credit, of any form
// the credit rules read there ("… on May 3, 2024. AFP", "REUTERS/Gleb
// Garanich"), when the next line starts like a caption: a wire dump of one
// caption a line, with no blank line between, was one caption, the first
// line's text and every other line's joined. A credit on a line of its own
// goes with the caption above it (the cut comes after the credit's line),
// and one that opens the paragraph is not cut from the line after it. A
// line that does not end with a credit is never cut, however the next
// begins: a caption wrapped across lines stays whole.
func (p *Parser) splitAfterCredits(para caption.Raw) []caption.Raw {
	t := para.Text
	var out []caption.Raw
	from, line := 0, para.Line
	for i := 0; i < len(t); {
		c := strings.IndexAny(t[i:], ")]\n")
		if c < 0 {
			break
		}
		c += i
		i = c + 1
		next := i
		for next < len(t) && segmentSpace(t[next]) {
			next++
		}
		if next == len(t) || !segmentStartsCaption(t[next:]) {
			continue
		}
		end := c + 1
		if t[c] == '\n' {
			for end = c; end > from && segmentSpace(t[end-1]); end-- {
			}
			if ends, only := p.segmentCredit(t[from:end]); !ends || only {
				continue
			}
		} else if open := creditMatchOpen(t, c, max(from, c-maxCredit)); open < 0 || !p.isSplitCredit(t[open+1:c]) {
			continue
		}
		out = append(out, segmentPiece(para, from, end, line))
		line += strings.Count(t[from:next], "\n")
		from, i = next, next
	}
	if from == 0 {
		return append(out, para)
	}
	return append(out, segmentPiece(para, from, len(t), line))
}

// isSplitCredit reports whether the raw contents of a parenthesised group
// are a credit strong enough to end a caption in mid-paragraph.
func (p *Parser) isSplitCredit(inner string) bool {
	if len(inner) > maxCredit {
		return false
	}
	f := Fold(inner)
	return p.readCredit(f, 0, len(f), false).Found
}

// segmentPiece returns the bytes [s, e) of para as a caption of their own.
func segmentPiece(para caption.Raw, s, e, line int) caption.Raw {
	r := para
	r.Text = para.Text[s:e]
	r.Start, r.End = para.Start+s, para.Start+e
	r.Line = line
	return r
}

// segmentStartsCaption reports whether s starts like a caption: a capital letter,
// a letter of a script without case, a digit or an opening quote.
func segmentStartsCaption(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return creditCapitalised(s) || unicode.IsDigit(r) || strings.ContainsRune("\"“‘'«", r)
}

// segmentSpace reports whether c is ASCII white space.
func segmentSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
