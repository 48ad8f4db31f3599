package source

import (
	"bytes"
	"strings"
	"unicode"
)

// htmlLooksLikeCaption tells a caption from the labels alt and title attributes
// and JSON-LD images mostly hold: a caption is a sentence ("Residents inspect
// a damaged market in Kharkiv"), not "Logo", "Facebook icon", "IMG_2041.jpg"
// or "Photo".
func htmlLooksLikeCaption(s string) bool {
	if len(s) > MaxParagraph {
		return false
	}
	words := strings.Fields(strings.ToLower(s))
	if len(words) < 4 {
		return false
	}
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters < 12 {
		return false
	}
	last := words[len(words)-1]
	for _, ext := range htmlImageExts {
		if strings.HasSuffix(last, ext) {
			return false
		}
	}
	// "Logo of the city council", "Share on Facebook icon"; but "A religious
	// icon lies in the rubble" is a caption.
	trim := func(w string) string { return strings.TrimFunc(w, unicode.IsPunct) }
	return !htmlLabelWords[trim(words[0])] && !htmlLabelWords[trim(last)]
}

var htmlImageExts = []string{".jpg", ".jpeg", ".png", ".gif", ".webp", ".svg", ".avif", ".tif", ".tiff", ".bmp", ".heic"}

var htmlLabelWords = htmlSet("logo", "icon", "avatar", "thumbnail", "placeholder", "spacer", "sprite")

// isCaptionClass reports whether a class attribute names a caption:
// "wp-caption-text", "gallery-caption", "caption", but not the switches and
// markers "no-caption", "has-caption" or "caption-toggle".
func isCaptionClass(class string) bool {
	for t := range strings.FieldsSeq(class) {
		t = strings.ToLower(t)
		if !strings.Contains(t, "caption") || strings.Contains(t, "nocaption") {
			continue
		}
		if htmlHasAnyPrefix(t, "no-", "no_", "has-", "has_", "with-", "with_", "without-", "hide-", "show-") ||
			htmlContainsAny(t, "toggle", "button", "btn", "icon", "count", "control", "close", "nav") {
			continue
		}
		return true
	}
	return false
}

// suppresses reports whether an element's content is never a caption
// source: navigation, menus, asides, forms, templates, controls, cookie
// banners, and the page's own header and footer. A header or footer inside
// an article, main or section belongs to that content (an article's header
// often holds its lead photo) and is read.
func suppresses(name string, a *tagAttrs, sectioned bool) bool {
	switch name {
	case "nav", "aside", "menu", "form", "template", "button", "select", "svg", "math":
		return true
	case "header", "footer":
		if !sectioned {
			return true
		}
	}
	switch strings.ToLower(strings.TrimSpace(a.role)) {
	case "navigation", "banner", "contentinfo", "complementary", "menu", "menubar", "search":
		return true
	}
	for _, s := range [...]string{a.class, a.id} {
		if s != "" && htmlContainsAny(strings.ToLower(s), "cookie", "consent", "gdpr", "sidebar", "navbar", "breadcrumb") {
			return true
		}
	}
	return false
}

func htmlHasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func htmlContainsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func isLDJSON(typ string) bool {
	mime, _, _ := strings.Cut(typ, ";")
	return strings.EqualFold(strings.TrimSpace(mime), "application/ld+json")
}

func htmlSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// rawTextTags are the elements whose content the tokenizer returns as one
// raw text token: scripts, styles, titles, and the like; never caption text.
var rawTextTags = htmlSet("iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp")

// voidTags have no end tag and so are never open.
var voidTags = htmlSet("area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img",
	"input", "keygen", "link", "meta", "param", "source", "track", "wbr")

// blockTags separate words: their tags read as a space inside a caption.
var blockTags = htmlSet("address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div",
	"dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
	"header", "hgroup", "hr", "legend", "li", "main", "nav", "ol", "p", "pre", "section", "summary",
	"table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul")

// captionTags are the elements a caption class makes a caption: text
// containers, not the page's structure (a <body class="has-captions"> is not
// one caption).
var captionTags = htmlSet("b", "blockquote", "cite", "dd", "div", "dt", "em", "i", "li", "p", "small", "span", "strong", "td")

// closesP are the start tags that close an open <p>.
var closesP = htmlSet("address", "article", "aside", "blockquote", "dd", "details", "dialog", "div", "dl", "dt",
	"fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
	"hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "table", "ul")

// isHTMLHead reports whether a document starting with head (byte-order mark
// cut) is a web page: "<!doctype html" or "<html" first, or any tag first
// in a file whose extension says HTML. Content alone is not trusted with
// less, as a caption file may well begin with "<".
func isHTMLHead(head []byte, ext string) bool {
	s := bytes.TrimLeft(head, " \t\r\n\f")
	for _, prefix := range [...]string{"<!doctype html", "<html"} {
		if len(s) >= len(prefix) && htmlKeyIs(s[:len(prefix)], prefix) &&
			(len(s) == len(prefix) || isHTMLSpace(s[len(prefix)]) || s[len(prefix)] == '>') {
			return true
		}
	}
	if ext != ".html" && ext != ".htm" || len(s) < 2 || s[0] != '<' {
		return false
	}
	c := s[1] | 0x20 // ASCII lower case
	return 'a' <= c && c <= 'z' || s[1] == '!' || s[1] == '/' || s[1] == '?'
}
