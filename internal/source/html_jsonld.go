package source

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"strings"
)

// maxLDDepth is how deep ReadHTML looks into JSON-LD. An ImageObject sits a
// few levels down (@graph, an Article's image, an array of them); deeper
// values are skipped without recursion, so nesting costs no stack.
const maxLDDepth = 32

// errLDShape stops reading a JSON-LD script whose tokens do not nest.
var errLDShape = errors.New("json-ld: unbalanced")

// jsonLD reads the captions of the schema.org ImageObjects in one
// <script type="application/ld+json">. Broken JSON is not an error, as a
// browser does not fail a page over it: the captions of the objects read
// before the break are kept.
func (h *htmlReader) jsonLD(tok htmlToken) {
	w := ldWalker{h: h, tok: tok, dec: json.NewDecoder(bytes.NewReader(tok.raw))}
	// A script may hold several values one after another; Token ends with
	// io.EOF after the last.
	for {
		if _, err := w.value(0); err != nil {
			return
		}
	}
}

// ldWalker reads a JSON-LD script with encoding/json's streaming tokens,
// whose offsets give each caption's place in the page.
type ldWalker struct {
	h     *htmlReader
	tok   htmlToken
	dec   *json.Decoder
	lines []int // offsets of the script's newlines, once a caption needs them
}

// line returns the document line of offset i in the script. Captions come
// out of order (an object's caption is taken when the object ends, after
// those of the objects inside it), so the newlines are indexed once rather
// than counted again for each caption.
func (w *ldWalker) line(i int) int {
	if w.lines == nil {
		w.lines = []int{}
		for j, c := range w.tok.raw {
			if c == '\n' {
				w.lines = append(w.lines, j)
			}
		}
	}
	n, _ := slices.BinarySearch(w.lines, i)
	return w.tok.line + n
}

// ldString is a JSON string value and its range in the script, quotes
// included.
type ldString struct {
	text       string
	start, end int
}

// value reads one value and returns it when it is a scalar.
func (w *ldWalker) value(depth int) (json.Token, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return nil, err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if depth >= maxLDDepth {
		return nil, w.skip(d)
	}
	switch d {
	case '{':
		return nil, w.object(depth + 1)
	case '[':
		for w.dec.More() {
			if _, err := w.value(depth + 1); err != nil {
				return nil, err
			}
		}
		_, err := w.dec.Token() // "]"
		return nil, err
	}
	return nil, errLDShape
}

// skip reads past the rest of the object or array opened by d, counting
// levels instead of recursing.
func (w *ldWalker) skip(d json.Delim) error {
	if d != '{' && d != '[' {
		return errLDShape
	}
	for n := 1; n > 0; {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			n++
		case json.Delim('}'), json.Delim(']'):
			n--
		}
	}
	return nil
}

// object reads an object's members after its "{" and, when it is an
// ImageObject, takes its caption and description.
func (w *ldWalker) object(depth int) error {
	var (
		image                bool
		capt, desc           ldString
		contentURL, plainURL string
	)
	for w.dec.More() {
		tok, err := w.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if key == "@type" {
			is, err := w.types(depth)
			if err != nil {
				return err
			}
			image = image || is
			continue
		}
		before := int(w.dec.InputOffset())
		v, err := w.value(depth)
		if err != nil {
			return err
		}
		s, ok := v.(string)
		if !ok {
			continue
		}
		switch key {
		case "caption", "description":
			// Between the key and its value lie only white space and a
			// colon, so the first quote after the key opens the value.
			q := bytes.IndexByte(w.tok.raw[before:], '"')
			ls := ldString{text: s, start: before + q, end: int(w.dec.InputOffset())}
			if key == "caption" {
				capt = ls
			} else {
				desc = ls
			}
		case "contentUrl":
			contentURL = s
		case "url":
			plainURL = s
		}
	}
	if _, err := w.dec.Token(); err != nil { // "}"
		return err
	}
	if image {
		w.addImage(capt, desc, cmp.Or(contentURL, plainURL))
	}
	return nil
}

// types reads an @type value, a name or an array of names, and reports
// whether it names ImageObject.
func (w *ldWalker) types(depth int) (bool, error) {
	tok, err := w.dec.Token()
	if err != nil {
		return false, err
	}
	if tok != json.Delim('[') {
		if d, ok := tok.(json.Delim); ok {
			return false, w.skip(d)
		}
		return isLDImageType(tok), nil
	}
	image := false
	for w.dec.More() {
		v, err := w.value(depth + 1)
		if err != nil {
			return false, err
		}
		image = image || isLDImageType(v)
	}
	_, err = w.dec.Token() // "]"
	return image, err
}

// isLDImageType reports whether an @type names schema.org's ImageObject, as
// "ImageObject", "schema:ImageObject" or "https://schema.org/ImageObject".
func isLDImageType(v json.Token) bool {
	s, _ := v.(string)
	return s == "ImageObject" || strings.HasSuffix(s, "/ImageObject") || strings.HasSuffix(s, ":ImageObject")
}

// addImage takes an ImageObject's caption and description where they read
// like captions. When one holds the other, only the longer is kept: sites
// often repeat the caption as the description, or cut it short there.
func (w *ldWalker) addImage(capt, desc ldString, src string) {
	c, d := htmlLooksLikeCaption(capt.text), htmlLooksLikeCaption(desc.text)
	if c && d {
		fc, fd := htmlFold(capt.text), htmlFold(desc.text)
		switch {
		case strings.Contains(fc, fd):
			d = false
		case strings.Contains(fd, fc):
			c = false
		}
	}
	for _, s := range [...]struct {
		ldString
		ok bool
	}{{capt, c}, {desc, d}} {
		if !s.ok {
			continue
		}
		w.h.found = append(w.h.found, htmlCaption{
			text:  s.text,
			start: w.tok.off + s.start, end: w.tok.off + s.end,
			line:   w.line(s.start),
			source: htmlJSONLD, src: src,
		})
	}
}
