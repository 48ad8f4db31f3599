package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"sijil/internal/caption"
)

// MaxHTMLToken is the longest single tag, run of text or script ReadHTML
// accepts, in bytes. The tokenizer holds one token at a time, so this bounds
// what a page costs beyond its captions; it is generous because real pages
// inline images as data: URLs and ship megabytes of script state.
const MaxHTMLToken = 4 * MaxLine

// maxHTMLDepth is how many nested open elements ReadHTML accepts, as many as
// browsers build into a page's tree. Real pages nest a few dozen deep; a
// page nested deeper is broken or hostile, and is refused rather than read
// in part: captions inside the excess would be lost without a word.
const maxHTMLDepth = 512

// Caption sources, the Meta "source" of each Raw ReadHTML returns.
const (
	htmlFigcaption = "figcaption"
	htmlImgAlt     = "img-alt"
	htmlImgTitle   = "img-title"
	htmlClass      = "class"
	htmlJSONLD     = "json-ld"
)

// ReadHTML reads the photo captions of a web page (a gallery, an article):
// the text of each figcaption and of each element whose class names a
// caption ("wp-caption-text", "gallery-caption", …), img alt and title
// attributes that read like a caption rather than a label, and the caption
// or description of schema.org ImageObjects in JSON-LD scripts. Nothing else
// on the page is read, and captions inside navigation, asides, forms,
// templates, cookie banners and the page's own header and footer are not
// taken. A caption found twice (as figcaption and as alt text, say) is kept
// once, where it first appears; alt text that is only part of its figure's
// caption is dropped.
//
// Text is the caption with tags removed (a <br> or a block element becomes a
// space), entities decoded and invalid UTF-8 replaced by U+FFFD. Start and
// End are the byte range of the caption in the document: from the first to
// the last byte of text (not white space) in the element or attribute value,
// or the JSON string, quotes included, for JSON-LD. Line is the line of
// Start. Meta["source"] says which kind of source it came from
// (figcaption, img-alt, img-title, class, json-ld) and Meta["src"] is the
// image's address when the page gives it.
//
// ReadHTML forgives markup as browsers do, except for two things that only
// broken or hostile pages do: a token longer than MaxHTMLToken, and elements
// nested more than maxHTMLDepth deep. Either is an error wrapping
// caption.ErrInvalid that names path and line.
func ReadHTML(r io.Reader, path string) ([]caption.Raw, error) {
	return readHTML(r, path, MaxHTMLToken)
}

// readHTML is ReadHTML with the token limit as a parameter, so that tests
// need not build a page of MaxHTMLToken bytes.
func readHTML(r io.Reader, path string, maxToken int) ([]caption.Raw, error) {
	h := &htmlReader{path: path, line: 1, open: map[string]int{}, groupSrc: map[int]string{}}
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxToken)
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			err := z.Err()
			switch {
			case err == io.EOF:
				return h.finish(), nil
			case errors.Is(err, html.ErrBufferExceeded):
				return nil, fmt.Errorf("%s:%d: tag or text longer than %d bytes: %w", path, h.line, maxToken, caption.ErrInvalid)
			}
			return nil, fmt.Errorf("%s:%d: %w", path, h.line, err)
		}
		// The tokens' raw bytes partition the input, so their lengths give
		// every token's offset. Count before the handlers run: Text and
		// TagAttr decode in place.
		raw := z.Raw()
		tok := htmlToken{raw: raw, off: h.off, line: h.line, rawText: h.rawText}
		h.off += len(raw)
		h.line += bytes.Count(raw, htmlNewline)
		h.rawText = ""
		switch tt {
		case html.TextToken:
			h.text(z, tok)
		case html.StartTagToken, html.SelfClosingTagToken:
			h.startTag(z, tok, tt == html.SelfClosingTagToken)
			if h.deep > 0 {
				return nil, fmt.Errorf("%s:%d: elements nested more than %d deep: %w", path, tok.line, maxHTMLDepth, caption.ErrInvalid)
			}
		case html.EndTagToken:
			h.endTag(z)
		}
	}
}

var htmlNewline = []byte("\n")

// htmlToken is the current token's raw bytes and where they start.
type htmlToken struct {
	raw     []byte
	off     int
	line    int
	rawText string // the element whose raw text this is (script, style, …), if any
}

// htmlReader holds ReadHTML's state: the open elements, the caption being
// collected and the captions found.
type htmlReader struct {
	path    string
	off     int    // document offset of the next token
	line    int    // line of the next token
	rawText string // the start tag just read makes the next text raw (script, style, …)
	ldJSON  bool   // that start tag was a JSON-LD script

	stack  []htmlElem     // open elements, at most maxHTMLDepth
	deep   int            // open elements past maxHTMLDepth, not tracked
	open   map[string]int // how many of each name are on stack, to ignore stray end tags in O(1)
	nextID int

	cap      *htmlCapture
	capBuf   []byte
	found    []htmlCaption
	groupSrc map[int]string // the first image address in each figure or caption element
}

// htmlElem is one open element.
type htmlElem struct {
	name       string
	id         int
	group      int  // id of the figure (or else caption element) it is in; 0 for none
	suppressed bool // inside navigation, an aside, a form, …: no caption is read here
	sectioned  bool // inside article, main or section: a header here is not the page's
}

// htmlCapture is the caption element being read.
type htmlCapture struct {
	source     string
	id, group  int
	start, end int // document range of its text so far; start < 0 before any
	line       int
	textEnd    int // length of capBuf up to the last text byte
	tooLong    bool
}

// htmlCaption is a caption found, before deduplication.
type htmlCaption struct {
	text             string
	start, end, line int
	source, src      string
	group            int
}

// top returns the innermost tracked element, or a zero element at the root.
func (h *htmlReader) top() htmlElem {
	if len(h.stack) == 0 {
		return htmlElem{}
	}
	return h.stack[len(h.stack)-1]
}

// push opens element name with the flags its tag gives it.
func (h *htmlReader) push(name string, a *tagAttrs) *htmlElem {
	if h.deep > 0 || len(h.stack) >= maxHTMLDepth {
		h.deep++
		return nil
	}
	parent := h.top()
	h.nextID++
	e := htmlElem{name: name, id: h.nextID, group: parent.group, sectioned: parent.sectioned}
	e.suppressed = parent.suppressed || suppresses(name, a, parent.sectioned)
	switch name {
	case "article", "main", "section":
		e.sectioned = true
	case "figure":
		e.group = e.id
	}
	h.stack = append(h.stack, e)
	h.open[name]++
	return &h.stack[len(h.stack)-1]
}

// pop closes the innermost tracked element.
func (h *htmlReader) pop() {
	e := h.stack[len(h.stack)-1]
	h.stack = h.stack[:len(h.stack)-1]
	h.open[e.name]--
	if h.cap != nil && h.cap.id == e.id {
		h.endCapture()
	}
}

// startTag handles <name …>: images, JSON-LD scripts, caption elements and
// the open-element stack.
func (h *htmlReader) startTag(z *html.Tokenizer, tok htmlToken, selfClosing bool) {
	nameBytes, hasAttr := z.TagName()
	name := atom.String(nameBytes)
	if rawTextTags[name] {
		// The tokenizer reads the next token as raw text even after "<script/>".
		h.rawText = name
	}
	var a tagAttrs
	if hasAttr {
		a.read(z, tok, name)
	}
	if name == "script" {
		h.ldJSON = isLDJSON(a.typ)
	}
	if name == "img" || name == "amp-img" {
		h.image(&a)
	}
	if h.deep == 0 {
		h.closeImplied(name)
	}
	h.space(name)
	if voidTags[name] || selfClosing {
		return
	}
	e := h.push(name, &a)
	if e == nil || e.suppressed || h.cap != nil {
		return
	}
	source := ""
	switch {
	case name == "figcaption":
		source = htmlFigcaption
	case captionTags[name] && isCaptionClass(a.class):
		source = htmlClass
	}
	if source == "" {
		return
	}
	if e.group == 0 {
		// An image inside the caption element (WordPress wraps both in
		// div.wp-caption) is the captioned image.
		e.group = e.id
	}
	h.cap = &htmlCapture{source: source, id: e.id, group: e.group, start: -1}
	h.capBuf = h.capBuf[:0]
}

// endTag handles </name>: it closes name and the elements left open inside
// it, as a browser would; an end tag with no open element is ignored.
func (h *htmlReader) endTag(z *html.Tokenizer) {
	nameBytes, _ := z.TagName()
	name := atom.String(nameBytes)
	if h.deep > 0 {
		h.deep--
		return
	}
	if h.open[name] == 0 {
		return
	}
	h.space(name)
	for len(h.stack) > 0 {
		e := h.top()
		h.pop()
		if e.name == name {
			return
		}
	}
}

// closeImplied closes what a start tag closes without an end tag: a new
// paragraph, list item or cell ends the previous one. Only the innermost
// element is looked at; it keeps the stack from growing on pages that never
// close their paragraphs, and ends a <p class="caption"> that is not closed.
func (h *htmlReader) closeImplied(name string) {
	for range 2 {
		top := h.top().name
		switch {
		case top == "p" && closesP[name],
			top == "li" && name == "li",
			(top == "dt" || top == "dd") && (name == "dt" || name == "dd"),
			top == "option" && (name == "option" || name == "optgroup"),
			(top == "td" || top == "th") && (name == "td" || name == "th" || name == "tr"),
			top == "tr" && name == "tr":
			h.pop()
		default:
			return
		}
	}
}
