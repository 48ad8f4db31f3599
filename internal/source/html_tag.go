package source

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// tagAttrs are the attributes of a start tag ReadHTML looks at.
type tagAttrs struct {
	class, id, role, typ string
	src                  string   // an image's address
	alt, title           attrText // an image's alt and title, where they read like captions
}

// attrText is an attribute value with its place in the document.
type attrText struct {
	text             string // decoded, HTML white space cut from both ends
	start, end, line int
}

// attrPos is where an attribute value's text lies in its tag, found in the
// raw bytes before the tokenizer decodes them in place.
type attrPos struct {
	seen, ok          bool // the attribute is there; its value holds text
	start, end, line  int  // document range of the value without surrounding white space
	decLead, decTrail int  // bytes of white space to cut from the decoded value's ends
}

// read reads the current tag's attributes. Images' alt and title get their
// positions from the tag's raw bytes, read first, since TagAttr decodes
// them in place.
func (a *tagAttrs) read(z *html.Tokenizer, tok htmlToken, name string) {
	img := name == "img" || name == "amp-img"
	var altPos, titlePos attrPos
	if img {
		altPos, titlePos = attrPositions(tok)
	}
	var lazy, srcset string
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "class":
			a.class = string(v)
		case "id":
			a.id = string(v)
		case "role":
			a.role = string(v)
		case "type":
			a.typ = string(v)
		}
		if !img {
			continue
		}
		switch string(k) {
		case "alt":
			a.alt = altPos.text(v)
		case "title":
			a.title = titlePos.text(v)
		case "src":
			a.src = string(v)
		case "data-src", "data-lazy-src", "data-original":
			if lazy == "" {
				lazy = string(v)
			}
		case "srcset", "data-srcset":
			if srcset == "" {
				srcset = string(v)
			}
		}
	}
	if img {
		a.src = htmlImageSrc(a.src, lazy, srcset)
	}
}

// text cuts the decoded value v to the text p locates.
func (p attrPos) text(v []byte) attrText {
	if !p.ok || p.decLead+p.decTrail > len(v) {
		return attrText{}
	}
	return attrText{
		text:  htmlValidText(v[p.decLead : len(v)-p.decTrail]),
		start: p.start, end: p.end, line: p.line,
	}
}

// attrPositions finds the first alt and title attributes of a start tag in
// its raw bytes, reading them as the tokenizer does (readTag and its helpers
// in x/net/html's token.go): the tokenizer keeps the first of a repeated
// attribute but does not say where values lie.
func attrPositions(tok htmlToken) (alt, title attrPos) {
	raw := tok.raw
	p := 2 // past "<" and the first byte of the name
	for p < len(raw) && !isHTMLSpace(raw[p]) && raw[p] != '/' && raw[p] != '>' {
		p++
	}
	for p = skipHTMLSpace(raw, p); p < len(raw) && raw[p] != '>'; p = skipHTMLSpace(raw, p) {
		ks := p
		for ; p < len(raw); p++ {
			c := raw[p]
			if c == '=' && p == ks {
				continue // "<img =x>": an '=' opening a name belongs to it
			}
			if c == '=' || c == '/' || c == '>' || isHTMLSpace(c) {
				break
			}
		}
		key := raw[ks:p]
		var vs, ve int
		vs, ve, p = attrValue(raw, p)
		var pos *attrPos
		switch {
		case htmlKeyIs(key, "alt") && !alt.seen:
			pos = &alt
		case htmlKeyIs(key, "title") && !title.seen:
			pos = &title
		default:
			continue
		}
		// Seen even when blank, so that a repeat is not taken: the
		// tokenizer keeps the first.
		pos.seen = true
		v := raw[vs:ve]
		lead, trail := htmlSpaceCounts(v)
		if lead == len(v) {
			continue
		}
		pos.ok = true
		pos.start, pos.end = tok.off+vs+lead, tok.off+ve-trail
		pos.line = tok.line + bytes.Count(raw[:vs+lead], htmlNewline)
		pos.decLead = lead - bytes.Count(v[:lead], htmlCRLF)
		pos.decTrail = trail - bytes.Count(v[len(v)-trail:], htmlCRLF)
	}
	return alt, title
}

// attrValue reads the "=value" after an attribute name ending at p and
// returns the value's range and where reading goes on.
func attrValue(raw []byte, p int) (vs, ve, next int) {
	q := skipHTMLSpace(raw, p)
	switch {
	case q >= len(raw):
		return p, p, q
	case raw[q] == '/':
		return p, p, q + 1
	case raw[q] != '=':
		return p, p, q
	}
	q = skipHTMLSpace(raw, q+1)
	if q >= len(raw) || raw[q] == '>' {
		return p, p, q
	}
	if quote := raw[q]; quote == '"' || quote == '\'' {
		vs = q + 1
		i := bytes.IndexByte(raw[vs:], quote)
		if i < 0 {
			return vs, len(raw), len(raw)
		}
		return vs, vs + i, vs + i + 1
	}
	ve = q + 1
	for ve < len(raw) && !isHTMLSpace(raw[ve]) && raw[ve] != '>' {
		ve++
	}
	return q, ve, ve
}

func skipHTMLSpace(b []byte, p int) int {
	for p < len(b) && isHTMLSpace(b[p]) {
		p++
	}
	return p
}

// htmlKeyIs compares as the tokenizer lower-cases names: ASCII only.
func htmlKeyIs(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// htmlImageSrc is an image's address: src, unless it is empty or an inline
// placeholder (lazy loading puts a tiny data: image there and the real one
// in data-src or srcset).
func htmlImageSrc(src, lazy, srcset string) string {
	if src != "" && !htmlHasPrefixFold(src, "data:") {
		return src
	}
	if lazy != "" && !htmlHasPrefixFold(lazy, "data:") {
		return lazy
	}
	if f := strings.Fields(srcset); len(f) > 0 && !htmlHasPrefixFold(f[0], "data:") {
		return strings.TrimSuffix(f[0], ",")
	}
	return ""
}

func htmlHasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// image takes an image's alt and title as captions where they read like
// one, and notes its address for the caption of its figure.
func (h *htmlReader) image(a *tagAttrs) {
	top := h.top()
	if h.deep > 0 || top.suppressed {
		return
	}
	if _, ok := h.groupSrc[top.group]; top.group != 0 && a.src != "" && !ok {
		h.groupSrc[top.group] = a.src
	}
	for _, t := range [...]struct {
		attrText
		source string
	}{{a.alt, htmlImgAlt}, {a.title, htmlImgTitle}} {
		if htmlLooksLikeCaption(t.text) {
			h.found = append(h.found, htmlCaption{
				text: t.text, start: t.start, end: t.end, line: t.line,
				source: t.source, src: a.src, group: top.group,
			})
		}
	}
}
