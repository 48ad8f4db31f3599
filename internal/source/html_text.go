package source

import (
	"bytes"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"sijil/internal/caption"
)

// space adds the white space a block element or <br> puts between words to
// the caption being read, if it has begun: "Kharkiv,<br>Ukraine" reads
// "Kharkiv, Ukraine", while "<em>Kharkiv</em>," stays "Kharkiv,".
func (h *htmlReader) space(name string) {
	if blockTags[name] && h.cap != nil && h.cap.start >= 0 {
		h.appendText([]byte{' '})
	}
}

// appendText adds decoded text to the caption being read, unless that
// makes it longer than MaxParagraph: an element that long is not a caption
// but, most often, one whose end tag is missing, and holding it all would
// only cost memory.
func (h *htmlReader) appendText(d []byte) bool {
	if h.cap.tooLong || len(h.capBuf)+len(d) > MaxParagraph {
		h.cap.tooLong = true
		return false
	}
	h.capBuf = append(h.capBuf, d...)
	return true
}

// text adds a run of text to the caption being read, and reads JSON-LD.
func (h *htmlReader) text(z *html.Tokenizer, tok htmlToken) {
	if tok.rawText == "script" && h.ldJSON {
		h.jsonLD(tok)
		return
	}
	c := h.cap
	if c == nil || tok.rawText != "" || h.deep > 0 || h.top().suppressed || c.tooLong {
		return
	}
	raw := tok.raw
	lead, trail := htmlSpaceCounts(raw)
	if lead == len(raw) {
		if c.start >= 0 {
			h.appendText(z.Text())
		}
		return
	}
	first := c.start < 0
	if first {
		c.start, c.line = tok.off+lead, tok.line+bytes.Count(raw[:lead], htmlNewline)
	}
	c.end = tok.off + len(raw) - trail
	// Text turns "\r\n" into "\n": the white space cut from each end is
	// that much shorter once decoded.
	decLead := lead - bytes.Count(raw[:lead], htmlCRLF)
	decTrail := trail - bytes.Count(raw[len(raw)-trail:], htmlCRLF)
	d := z.Text()
	if first {
		d = d[min(decLead, len(d)):]
	}
	if h.appendText(d) {
		c.textEnd = max(len(h.capBuf)-decTrail, 0)
	}
}

var htmlCRLF = []byte("\r\n")

// endCapture ends the caption element being read and keeps its text when
// there is some.
func (h *htmlReader) endCapture() {
	c := h.cap
	h.cap = nil
	if c.start < 0 || c.tooLong {
		return
	}
	text := htmlValidText(h.capBuf[:c.textEnd])
	if !htmlHasLetter(text) {
		return // "1 / 12", "+": a counter or a control, not a caption
	}
	h.found = append(h.found, htmlCaption{
		text: text, start: c.start, end: c.end, line: c.line, source: c.source, group: c.group,
	})
}

// htmlSpaceCounts returns how many bytes of HTML white space b starts and
// ends with.
func htmlSpaceCounts(b []byte) (lead, trail int) {
	for lead < len(b) && isHTMLSpace(b[lead]) {
		lead++
	}
	for trail < len(b)-lead && isHTMLSpace(b[len(b)-1-trail]) {
		trail++
	}
	return lead, trail
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// htmlValidText returns b as a string with each NUL byte and each invalid UTF-8
// sequence replaced by U+FFFD, as a browser shows them.
func htmlValidText(b []byte) string {
	if utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 {
		return string(b)
	}
	var s strings.Builder
	s.Grow(len(b))
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == 0 {
			r = utf8.RuneError
		}
		s.WriteRune(r)
		b = b[size:]
	}
	return s.String()
}

func htmlHasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// finish closes the elements left open at the end of the page and returns
// the captions in document order, each once.
func (h *htmlReader) finish() []caption.Raw {
	for len(h.stack) > 0 {
		h.pop()
	}
	found := h.dropPartialAlts(h.found)
	slices.SortStableFunc(found, func(a, b htmlCaption) int { return a.start - b.start })
	seen := make(map[string]bool, len(found))
	var out []caption.Raw
	for _, c := range found {
		key := htmlFold(c.text)
		if seen[key] {
			continue
		}
		seen[key] = true
		src := c.src
		if src == "" && c.group != 0 && c.source != htmlImgAlt && c.source != htmlImgTitle {
			src = h.groupSrc[c.group]
		}
		meta := map[string]string{"source": c.source}
		if src != "" {
			meta["src"] = src
		}
		out = append(out, caption.Raw{
			Text: c.text, Path: h.path, Line: c.line, Start: c.start, End: c.end, Format: FormatHTML, Meta: meta,
		})
	}
	return out
}

// dropPartialAlts drops the alt and title texts that are only part of the
// caption of their figure, such as an alt "Residents inspect a damaged
// market" under a figcaption that goes on with the place, date and credit:
// the figcaption says it all, and keeping both would count the photo twice.
// An alt equal to the caption is left to finish, which keeps the first.
func (h *htmlReader) dropPartialAlts(found []htmlCaption) []htmlCaption {
	const (
		maxCaps   = 8  // captions per figure compared
		maxChecks = 16 // images per figure compared, so that a figure of many images costs linear time
	)
	caps := map[int][]string{}
	for _, c := range found {
		isCaption := c.source == htmlFigcaption || c.source == htmlClass
		if isCaption && c.group != 0 && len(caps[c.group]) < maxCaps {
			caps[c.group] = append(caps[c.group], htmlFold(c.text))
		}
	}
	checks := map[int]int{}
	out := found[:0]
	for _, c := range found {
		isImage := c.source == htmlImgAlt || c.source == htmlImgTitle
		if isImage && len(caps[c.group]) > 0 && checks[c.group] < maxChecks {
			checks[c.group]++
			alt := htmlFold(c.text)
			if slices.ContainsFunc(caps[c.group], func(s string) bool { return s != alt && strings.Contains(s, alt) }) {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// htmlFold folds runs of white space to one space, as the parser does, so
// that captions differing only in line breaks compare equal.
func htmlFold(s string) string {
	folded := true // most captions are: no need to copy them
	for i, r := range s {
		if unicode.IsSpace(r) && (r != ' ' || i == 0 || i == len(s)-1 || s[i+1] == ' ') {
			folded = false
			break
		}
	}
	if folded {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
