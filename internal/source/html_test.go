package source

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"sijil/internal/caption"
)

// The captions in these tests are invented: the people, places and events
// they describe are made up for sijil's tests.
var galleryCaptions = []struct {
	markup string // as written in the figcaption
	text   string // what ReadHTML returns
}{
	{
		markup: "Residents inspect a damaged market after shelling in the city of Kharkiv, Ukraine, on May 4, 2022. (Photo by Oleh Marchenko / AFP)",
		text:   "Residents inspect a damaged market after shelling in the city of Kharkiv, Ukraine, on May 4, 2022. (Photo by Oleh Marchenko / AFP)",
	},
	{
		markup: "A woman walks past a destroyed building in Kherson&#8217;s Dnipro district, Ukraine, November 15, 2022. <em>REUTERS/Lena Dvorak</em>",
		text:   "A woman walks past a destroyed building in Kherson\u2019s Dnipro district, Ukraine, November 15, 2022. REUTERS/Lena Dvorak",
	},
	{
		markup: "\n      Displaced families queue for water at a camp near Al-Fashir,<br>\n      Sudan, on June 2, 2024. Three people were killed in the shelling,\n      local officials said. (Photo by Amir Osman / AFP)\n    ",
		text:   "Displaced families queue for water at a camp near Al-Fashir, \n      Sudan, on June 2, 2024. Three people were killed in the shelling,\n      local officials said. (Photo by Amir Osman / AFP)",
	},
	{
		markup: "Rescuers &amp; volunteers search the rubble of a residential block in Dnipro, <a href=\"/tag/ukraine\">Ukraine</a>, January 15, 2023. (Photo by Maria Kovalenko / EPA-EFE)",
		text:   "Rescuers & volunteers search the rubble of a residential block in Dnipro, Ukraine, January 15, 2023. (Photo by Maria Kovalenko / EPA-EFE)",
	},
}

// galleryPage is a news gallery as sites build them: the captions in figures
// (the second one's image repeating its caption as alt text), around them a
// menu, a header with a logo, a cookie banner, scripts and styles, a sidebar
// with its own figures, a newsletter form and a footer, none of which holds
// a caption of the gallery.
func galleryPage() string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>In pictures: the week in photos | The Daily Ledger</title>
  <meta name="description" content="Photos of the week from Ukraine, Sudan and elsewhere, selected by our picture desk.">
  <style>.caption { font-size: 0.8em } figcaption::before { content: "Photo caption: a long sentence in a stylesheet"; }</style>
  <script>window.gallery = {caption: "<figcaption>A figure written by a script is not in the page</figcaption>"};</script>
</head>
<body>
<div class="cookie-banner" role="dialog">
  <p>We use cookies to understand how readers use the site and to show relevant advertising.</p>
  <img src="/static/cookie.png" alt="A cookie jar drawn in the style of our illustrations team">
  <button>Accept all cookies</button>
</div>
<header class="site-header">
  <a href="/"><img src="/static/logo.svg" alt="The Daily Ledger logo"></a>
  <nav><ul class="menu"><li><a href="/world">World</a></li><li><a href="/ukraine">Ukraine war live: latest news from the front line</a></li></ul></nav>
</header>
<main>
<article>
  <h1>The week in pictures</h1>
  <p>Our photographers and the agencies we work with sent these images this week. Captions are written by the agencies.</p>
`)
	for i, c := range galleryCaptions {
		alt := fmt.Sprintf("Photo %d", i+1)
		if i == 1 {
			alt = c.markup[:strings.Index(c.markup, " <em>")]
		}
		fmt.Fprintf(&b, "  <figure class=\"gallery-item\">\n    <img src=\"/photos/%d.jpg\" alt=\"%s\" width=\"1200\">\n    <figcaption>%s</figcaption>\n  </figure>\n", i+1, alt, c.markup)
	}
	b.WriteString(`  <p>Selected by the picture desk. <a href="/pictures">More galleries</a></p>
</article>
</main>
<aside class="sidebar">
  <h2>Most read</h2>
  <figure><img src="/t/1.jpg" alt="Ministers meet in Brussels to discuss the price of gas this winter"><figcaption>Ministers meet in Brussels to discuss the price of gas this winter</figcaption></figure>
  <p class="caption">Five things we learned about the budget this week, explained by our economics editor</p>
</aside>
<form action="/newsletter"><label>Get the week in pictures in your inbox every Saturday morning</label><input type="email"><button>Sign up</button></form>
<!-- <figcaption>An old caption left in a comment by the editors</figcaption> -->
<footer><p>&copy; 2024 The Daily Ledger. All rights reserved. Photographs are the property of their agencies.</p></footer>
<script src="/static/app.js"></script>
<script>document.querySelectorAll("figure").forEach(f => f.classList.add("ready"));</script>
</body>
</html>
`)
	return b.String()
}

func TestReadHTMLGallery(t *testing.T) {
	page := galleryPage()
	got, err := ReadHTML(strings.NewReader(page), "gallery.html")
	if err != nil {
		t.Fatal(err)
	}
	var want, texts []string
	for _, c := range galleryCaptions {
		want = append(want, c.text)
	}
	for _, r := range got {
		texts = append(texts, r.Text)
	}
	// The second figure's alt text is its caption without the credit: it
	// is dropped, and the figcaption kept.
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Fatalf("captions (-want +got):\n%s", diff)
	}
	checkHTML(t, page, got)
	for i, r := range got {
		wantMeta := map[string]string{"source": htmlFigcaption, "src": fmt.Sprintf("/photos/%d.jpg", i+1)}
		if diff := cmp.Diff(wantMeta, r.Meta); diff != "" {
			t.Errorf("caption %d Meta (-want +got):\n%s", i, diff)
		}
		if dec := htmlDecodeSpan(page[r.Start:r.End]); dec != r.Text {
			t.Errorf("caption %d: page[%d:%d] decodes to %q, want its Text %q", i, r.Start, r.End, dec, r.Text)
		}
	}
}

// htmlDecodeSpan is what a span of a page reads as: its text with entities
// decoded, tags removed and block tags read as a space, as ReadHTML reads
// caption elements.
func htmlDecodeSpan(span string) string {
	z := html.NewTokenizer(strings.NewReader(span))
	var b strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return htmlValidText([]byte(b.String()))
		case html.TextToken:
			b.Write(z.Text())
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			if name, _ := z.TagName(); blockTags[string(name)] {
				b.WriteByte(' ')
			}
		}
	}
}

// checkHTML checks what ReadHTML promises of every caption: a range inside
// the document starting and ending on text, on line Line, in document
// order, each text once, valid UTF-8; and for attributes and JSON strings,
// that the range decodes to Text.
func checkHTML(t testing.TB, doc string, raws []caption.Raw) {
	t.Helper()
	seen := map[string]bool{}
	prev, line := 0, 1 // line of prev; counted on from caption to caption, so that many captions cost linear time
	for i, r := range raws {
		if r.Start < 0 || r.Start > r.End || r.End > len(doc) || r.Line < 1 {
			t.Fatalf("caption %d: range [%d,%d) line %d in a %d-byte document", i, r.Start, r.End, r.Line, len(doc))
		}
		if r.Start < prev || i > 0 && r.Start == prev {
			t.Fatalf("caption %d at %d is not after the caption before, at %d", i, r.Start, prev)
		}
		line += strings.Count(doc[prev:r.Start], "\n")
		prev = r.Start
		if r.Line != line {
			t.Errorf("caption %d: Line %d, want %d", i, r.Line, line)
		}
		// A NUL in page text reads as U+FFFD, as browsers show it; JSON-LD
		// gives Text as JSON decodes it, like ReadJSONL, "\u0000" included.
		if r.Text == "" || !utf8.ValidString(r.Text) || r.Meta["source"] != htmlJSONLD && strings.ContainsRune(r.Text, 0) {
			t.Errorf("caption %d: Text %q is empty or not valid UTF-8", i, r.Text)
		}
		if r.Format != FormatHTML || r.Path == "" {
			t.Errorf("caption %d: Format %q, Path %q", i, r.Format, r.Path)
		}
		if key := htmlFold(r.Text); seen[key] {
			t.Errorf("caption %d: %q is there twice", i, r.Text)
		} else {
			seen[key] = true
		}
		span := doc[r.Start:r.End]
		switch r.Meta["source"] {
		case htmlJSONLD:
			checkJSONString(t, i, span, r.Text)
		case htmlImgAlt, htmlImgTitle:
			if got, ok := htmlAttrDecode(span); ok && got != r.Text {
				t.Errorf("caption %d: attribute bytes %q decode to %q, want Text %q", i, span, got, r.Text)
			}
			fallthrough
		case htmlFigcaption, htmlClass:
			if lead, trail := htmlSpaceCounts([]byte(span)); lead > 0 || trail > 0 {
				t.Errorf("caption %d: range %q starts or ends with white space", i, span)
			}
			if !strings.ContainsAny(span, "<&\r\x00") && htmlValidText([]byte(span)) != r.Text {
				t.Errorf("caption %d: plain text %q read as %q", i, span, r.Text)
			}
		default:
			t.Errorf("caption %d: Meta %v names no source", i, r.Meta)
		}
	}
}

// htmlAttrDecode decodes the bytes of an attribute value the way the
// tokenizer does, by putting them back in a tag.
func htmlAttrDecode(span string) (string, bool) {
	quote := `"`
	if strings.Contains(span, quote) {
		quote = `'`
		if strings.Contains(span, quote) {
			return "", false
		}
	}
	z := html.NewTokenizer(strings.NewReader("<img alt=" + quote + span + quote + ">"))
	z.Next()
	_, v, _ := z.TagAttr()
	return htmlValidText(v), true
}

// htmlWant builds the caption ReadHTML should find where span first occurs
// in doc; text defaults to span.
type htmlWant struct {
	span, text, source, src string
	last                    bool // span's last occurrence, not its first
}

func (w htmlWant) raw(t *testing.T, doc string) caption.Raw {
	t.Helper()
	i := strings.Index(doc, w.span)
	if w.last {
		i = strings.LastIndex(doc, w.span)
	}
	if i < 0 {
		t.Fatalf("test case: %q is not in the document", w.span)
	}
	text := w.text
	if text == "" {
		text = w.span
	}
	meta := map[string]string{"source": w.source}
	if w.src != "" {
		meta["src"] = w.src
	}
	return caption.Raw{
		Text: text, Path: "page.html", Line: 1 + strings.Count(doc[:i], "\n"),
		Start: i, End: i + len(w.span), Format: FormatHTML, Meta: meta,
	}
}

// Invented captions for the table tests.
const (
	capMarket = "Residents inspect a damaged market after shelling in Kharkiv, Ukraine, on May 4, 2022. (Photo by Oleh Marchenko / AFP)"
	capBus    = "A man walks past a burnt-out bus in Khartoum, Sudan, April 20, 2023. REUTERS/Ali Hamid"
	capCamp   = "Children play between tents at a camp for displaced people in Rafah, March 2, 2024. (Photo by Yusuf Nasser / AFP)"
)

func TestReadHTMLSources(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []htmlWant
	}{
		{name: "empty", in: ""},
		{name: "no caption", in: "<!doctype html><p>" + capMarket + "</p>"},
		{
			name: "figcaption",
			in:   "<figure><img src=/a.jpg alt=''><figcaption> " + capMarket + " </figcaption></figure>",
			want: []htmlWant{{span: capMarket, source: htmlFigcaption, src: "/a.jpg"}},
		},
		{
			name: "figcaption before its image",
			in:   "<figure><figcaption>" + capMarket + "</figcaption><picture><img src=\"/b.jpg\"></picture></figure>",
			want: []htmlWant{{span: capMarket, source: htmlFigcaption, src: "/b.jpg"}},
		},
		{
			name: "img alt",
			in:   `<p><img src="/c.jpg" alt="` + capBus + `"></p>`,
			want: []htmlWant{{span: capBus, source: htmlImgAlt, src: "/c.jpg"}},
		},
		{
			name: "img title and alt",
			in:   `<img alt="` + capBus + `" title='` + capCamp + `'>`,
			want: []htmlWant{{span: capBus, source: htmlImgAlt}, {span: capCamp, source: htmlImgTitle}},
		},
		{
			name: "amp-img",
			in:   `<amp-img src="/d.jpg" alt="` + capCamp + `" layout="responsive"></amp-img>`,
			want: []htmlWant{{span: capCamp, source: htmlImgAlt, src: "/d.jpg"}},
		},
		{
			name: "labels are not captions",
			in: `<img alt="logo"><img alt="The Daily Ledger logo"><img alt="Share on Facebook icon"><img alt="IMG_2041.jpg">` +
				`<img alt="Photo"><img alt="Kharkiv market"><img alt="residents inspect market after shelling kharkiv.jpg">` +
				`<img alt="Logo of the Kharkiv regional administration"><img title="1 2 3 4 5 6 7 8 9">`,
		},
		{
			name: "icon within a sentence is a caption",
			in:   `<img alt="A religious icon lies in the rubble of a church in Bucha, Ukraine, April 6, 2022.">`,
			want: []htmlWant{{span: "A religious icon lies in the rubble of a church in Bucha, Ukraine, April 6, 2022.", source: htmlImgAlt}},
		},
		{
			name: "alt equal to figcaption kept once, first",
			in:   `<figure><img src="/e.jpg" alt="` + capMarket + `"><figcaption>` + capMarket + `</figcaption></figure>`,
			want: []htmlWant{{span: capMarket, source: htmlImgAlt, src: "/e.jpg"}},
		},
		{
			name: "figcaption equal to a later alt kept once, first",
			in:   `<figure><figcaption>` + capMarket + `</figcaption><img src="/f.jpg" alt="` + capMarket + `"></figure>`,
			want: []htmlWant{{span: capMarket, source: htmlFigcaption, src: "/f.jpg"}},
		},
		{
			name: "alt that is part of its figcaption dropped",
			in:   `<figure><img alt="Residents inspect a damaged market after shelling in Kharkiv"><figcaption>` + capMarket + `</figcaption></figure>`,
			want: []htmlWant{{span: capMarket, source: htmlFigcaption}},
		},
		{
			name: "alt that is part of another figure's caption kept",
			in: `<figure><figcaption>` + capMarket + `</figcaption></figure>` +
				`<figure><img alt="Residents inspect a damaged market after shelling in Kharkiv"></figure>`,
			want: []htmlWant{
				{span: capMarket, source: htmlFigcaption},
				{span: "Residents inspect a damaged market after shelling in Kharkiv", source: htmlImgAlt, last: true},
			},
		},
		{
			name: "same caption in two figures kept once",
			in:   `<figure><figcaption>` + capBus + `</figcaption></figure><figure><figcaption>` + "\n" + capBus + `</figcaption></figure>`,
			want: []htmlWant{{span: capBus, source: htmlFigcaption}},
		},
		{
			name: "caption classes",
			in: `<p class="wp-caption-text">` + capMarket + `</p>` +
				`<dl class="gallery-item"><dd class="wp-caption-text gallery-caption">` + capBus + `</dd></dl>` +
				`<div class="Photo-Caption">` + capCamp + `</div>` +
				`<span class="caption">Smoke rises over the port of Odesa, Ukraine, July 3, 2022.</span>`,
			want: []htmlWant{
				{span: capMarket, source: htmlClass},
				{span: capBus, source: htmlClass},
				{span: capCamp, source: htmlClass},
				{span: "Smoke rises over the port of Odesa, Ukraine, July 3, 2022.", source: htmlClass},
			},
		},
		{
			name: "caption switches and counters are not captions",
			in: `<div class="no-caption">` + capMarket + `</div><button class="caption-toggle">Show caption</button>` +
				`<span class="gallery-caption-count">3 / 12</span><body class="has-captions"><p>` + capBus + `</p>` +
				`<section class="caption">` + capCamp + `</section>`,
		},
		{
			name: "WordPress caption container",
			in: `<div id="attachment_7" class="wp-caption aligncenter"><img src="/g.jpg" alt="">` + "\n" +
				`<p class="wp-caption-text">` + capBus + `</p></div>`,
			want: []htmlWant{{span: capBus, source: htmlClass, src: "/g.jpg"}},
		},
		{
			name: "caption inside a figcaption read as one",
			in:   `<figure><figcaption><span class="caption">` + capMarket + `</span> <span class="credit">AFP</span></figcaption></figure>`,
			want: []htmlWant{{span: capMarket + `</span> <span class="credit">AFP`, text: capMarket + " AFP", source: htmlFigcaption}},
		},
		{
			name: "navigation, asides, forms, templates, banners",
			in: `<nav><figure><figcaption>` + capMarket + `</figcaption></figure></nav>` +
				`<aside><img alt="` + capBus + `"></aside>` +
				`<header><p class="caption">` + capCamp + `</p></header>` +
				`<footer><figure><figcaption>Smoke rises over the port of Odesa, Ukraine.</figcaption></figure></footer>` +
				`<form><figcaption>Fill in the form to receive our newsletter</figcaption></form>` +
				`<template><figcaption>A caption in a template is not shown</figcaption></template>` +
				`<div role="navigation"><img alt="A photo in a navigation menu of the site"></div>` +
				`<div class="cookie-consent"><img alt="A cookie on a plate next to a cup of coffee"></div>` +
				`<div id="right-sidebar"><figure><figcaption>Most read: the budget explained</figcaption></figure></div>`,
		},
		{
			name: "an article's header is its content",
			in: `<header><img alt="` + capBus + `"></header><article><header><h1>Kharkiv</h1><figure><figcaption>` +
				capMarket + `</figcaption></figure></header></article>`,
			want: []htmlWant{{span: capMarket, source: htmlFigcaption}},
		},
		{
			name: "figcaption closed by its figure",
			in:   `<figure><figcaption>` + capMarket + `</figure><p>Article text that is not a caption.</p>`,
			want: []htmlWant{{span: capMarket, source: htmlFigcaption}},
		},
		{
			name: "caption paragraph closed by the next block",
			in:   `<div><p class="photo-caption">` + capBus + `<div>Article text that is not a caption.</div></div>`,
			want: []htmlWant{{span: capBus, source: htmlClass}},
		},
		{
			name: "scripts, styles and controls inside a caption skipped",
			in: `<figcaption>Residents inspect a damaged market<script>var x = "not caption text";</script>` +
				`<style>em{}</style><button>Share</button><svg><title>Expand</title></svg> in Kharkiv.</figcaption>`,
			want: []htmlWant{{
				span:   `Residents inspect a damaged market<script>var x = "not caption text";</script><style>em{}</style><button>Share</button><svg><title>Expand</title></svg> in Kharkiv.`,
				text:   "Residents inspect a damaged market in Kharkiv.",
				source: htmlFigcaption,
			}},
		},
		{
			name: "entities and inline tags",
			in:   "<figcaption>\n\t<b>KYIV</b> &mdash; A boy looks at a burnt tank&nbsp;in Kyiv&#39;s centre, <time>May 9, 2022</time>.<br/>REUTERS/Nadia Koval\n</figcaption>",
			want: []htmlWant{{
				span:   "KYIV</b> &mdash; A boy looks at a burnt tank&nbsp;in Kyiv&#39;s centre, <time>May 9, 2022</time>.<br/>REUTERS/Nadia Koval",
				text:   "KYIV \u2014 A boy looks at a burnt tank\u00a0in Kyiv's centre, May 9, 2022. REUTERS/Nadia Koval",
				source: htmlFigcaption,
			}},
		},
		{
			name: "entities in attributes",
			in:   `<img alt=" Rescuers &amp; volunteers search the rubble in Dnipro, &quot;block 7&quot;, January 15, 2023 ">`,
			want: []htmlWant{{
				span:   `Rescuers &amp; volunteers search the rubble in Dnipro, &quot;block 7&quot;, January 15, 2023`,
				text:   `Rescuers & volunteers search the rubble in Dnipro, "block 7", January 15, 2023`,
				source: htmlImgAlt,
			}},
		},
		{
			name: "line endings",
			in:   "<html>\r\n<body>\r\n<figure>\r\n<figcaption>\r\n" + capCamp + "\r\nsecond line.\r\n</figcaption>",
			want: []htmlWant{{span: capCamp + "\r\nsecond line.", text: capCamp + "\nsecond line.", source: htmlFigcaption}},
		},
		{
			name: "invalid UTF-8 and NUL",
			in:   "<figcaption>Caf\xe9 owners clean up after a blast in Beirut\x00, Lebanon.</figcaption>",
			want: []htmlWant{{
				span:   "Caf\xe9 owners clean up after a blast in Beirut\x00, Lebanon.",
				text:   "Caf\ufffd owners clean up after a blast in Beirut\ufffd, Lebanon.",
				source: htmlFigcaption,
			}},
		},
		{
			name: "lazy-loaded image addresses",
			in: `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/lazy.jpg" alt="` + capMarket + `">` +
				`<img srcset="/small.jpg 480w, /large.jpg 1080w" alt="` + capBus + `">`,
			want: []htmlWant{{span: capMarket, source: htmlImgAlt, src: "/lazy.jpg"}, {span: capBus, source: htmlImgAlt, src: "/small.jpg"}},
		},
		{
			name: "repeated attribute: the first counts",
			in:   `<IMG ALT="` + capCamp + `" alt="` + capBus + `">`,
			want: []htmlWant{{span: capCamp, source: htmlImgAlt}},
		},
		{
			name: "odd attribute syntax",
			in:   `<img/src=/h.jpg =x="y" alt` + "\n" + ` = '` + capBus + `'/>`,
			want: []htmlWant{{span: capBus, source: htmlImgAlt, src: "/h.jpg"}},
		},
		{
			name: "byte-order mark and upper case",
			in:   "\xEF\xBB\xBF<!DOCTYPE HTML><FIGURE><FIGCAPTION>" + capMarket + "</FIGCAPTION></FIGURE>",
			want: []htmlWant{{span: capMarket, source: htmlFigcaption}},
		},
		{
			name: "comments and unclosed tags",
			in:   "<!-- <figcaption>" + capBus + "</figcaption> --><figcaption>" + capCamp + "</figcaption><figcaption>" + capMarket,
			want: []htmlWant{{span: capCamp, source: htmlFigcaption}, {span: capMarket, source: htmlFigcaption}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadHTML(strings.NewReader(tc.in), "page.html")
			if err != nil {
				t.Fatal(err)
			}
			var want []caption.Raw
			for _, w := range tc.want {
				want = append(want, w.raw(t, tc.in))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ReadHTML (-want +got):\n%s", diff)
			}
			checkHTML(t, tc.in, got)
		})
	}
}

func TestReadHTMLTestdata(t *testing.T) {
	for _, tc := range []struct {
		file    string
		sources []string
	}{
		{file: "article.html", sources: []string{htmlJSONLD, htmlFigcaption, htmlClass, htmlImgAlt}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			doc := mustReadFile(t, filepath.Join("testdata", tc.file))
			if f := Detect([]byte(doc), tc.file); f != FormatHTML {
				t.Fatalf("Detect(%s) = %q", tc.file, f)
			}
			got, err := Read(strings.NewReader(doc), tc.file, FormatHTML)
			if err != nil {
				t.Fatal(err)
			}
			var sources []string
			for _, r := range got {
				sources = append(sources, r.Meta["source"])
			}
			if diff := cmp.Diff(tc.sources, sources); diff != "" {
				t.Errorf("caption sources (-want +got):\n%s", diff)
			}
			checkHTML(t, doc, got)
		})
	}
}

func TestDetectHTML(t *testing.T) {
	for _, tc := range []struct {
		name, path, head, want string
	}{
		{name: "doctype", path: "page", head: "<!DOCTYPE html>\n<html>", want: FormatHTML},
		{name: "doctype after blank lines and BOM", path: "page.txt", head: "\xEF\xBB\xBF\n  \n<!doctype html>", want: FormatHTML},
		{name: "old doctype", path: "page", head: `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">`, want: FormatHTML},
		{name: "html tag", path: "-", head: "<html lang=\"uk\">", want: FormatHTML},
		{name: "html alone", path: "-", head: "<HTML>", want: FormatHTML},
		{name: "any tag in .html", path: "a.html", head: "<div class=\"caption\">", want: FormatHTML},
		{name: "comment in .htm", path: "a.HTM", head: "<!-- saved page -->", want: FormatHTML},
		{name: "any tag elsewhere is text", path: "a.txt", head: "<b>Draft</b> Smoke rises.\n", want: FormatText},
		{name: "htmlx is not html", path: "a", head: "<htmlx>", want: FormatText},
		{name: "caption mentioning html", path: "a.html", head: "< 5 people were hurt", want: FormatText},
		{name: "json lines stay json", path: "a.html", head: `{"caption":"<p>A</p>"}` + "\n", want: FormatJSONL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Detect([]byte(tc.head), tc.path); got != tc.want {
				t.Errorf("Detect(%q, %q) = %q, want %q", tc.head, tc.path, got, tc.want)
			}
		})
	}
}

func TestReadHTMLErrors(t *testing.T) {
	t.Run("token too long", func(t *testing.T) {
		doc := "<html>\n<body>\n<img src=\"data:image/png;base64," + strings.Repeat("A", 5000) + "\">"
		_, err := readHTML(strings.NewReader(doc), "big.html", 4096)
		if !errors.Is(err, caption.ErrInvalid) || !strings.HasPrefix(err.Error(), "big.html:3: ") {
			t.Errorf("error %v, want big.html:3: … wrapping caption.ErrInvalid", err)
		}
	})
	t.Run("read error", func(t *testing.T) {
		r := io.MultiReader(strings.NewReader("<html>\n<figcaption>"+capMarket+"</figcaption>\n"), iotest.ErrReader(errors.New("disk on fire")))
		_, err := ReadHTML(r, "broken.html")
		if err == nil || !strings.HasPrefix(err.Error(), "broken.html:3: ") || !strings.Contains(err.Error(), "disk on fire") {
			t.Errorf("error %v, want broken.html:3: disk on fire", err)
		}
	})
}

// TestReadHTMLDeep feeds nesting no page has, which must cost neither stack
// nor quadratic time: each case is a few megabytes and takes milliseconds
// when reading is linear, hours when it is not.
func TestReadHTMLDeep(t *testing.T) {
	fig := "<figure><figcaption>" + capMarket + "</figcaption></figure>"
	rep := strings.Repeat
	for _, tc := range []struct {
		name string
		doc  func(n int) string
		want int // captions; -k for n/k; 0 for the nesting error
	}{
		// Past maxHTMLDepth, the page is refused.
		{name: "closed divs", doc: func(n int) string { return rep("<div>", n) + rep("</div>", n) + fig }, want: 0},
		{name: "closed divs around a caption", doc: func(n int) string { return rep("<div>", n) + fig + rep("</div>", n) }, want: 0},
		{name: "unclosed divs", doc: func(n int) string { return rep("<div>", n) + fig }, want: 0},
		{name: "unclosed paragraphs", doc: func(n int) string { return rep("<p>x", n) + fig }, want: 1},
		{name: "stray end tags", doc: func(n int) string { return rep("</figure></nav>", n) + fig }, want: 1},
		// The first span is the caption, holding the text of the spans
		// tracked inside it.
		{name: "nested captions", doc: func(n int) string { return rep(`<span class="caption">Smoke rises. `, n) }, want: 0},
		{name: "nested figures", doc: func(n int) string { return rep(`<figure><img alt="`+capBus+`">`, n/10) }, want: 0},
		{name: "nested navigation", doc: func(n int) string { return rep("<nav>", n) + rep("</nav>", n) + fig }, want: 0},
		{name: "within the limit", doc: func(n int) string { return rep("<div>", 500) + fig + rep("</div>", 500) }, want: 1},
		{name: "json-ld arrays", doc: func(n int) string {
			return `<script type="application/ld+json">` + rep("[", n) + rep("]", n) + "</script>" + fig
		}, want: 1},
		{name: "json-ld images", doc: func(n int) string {
			var b strings.Builder
			b.WriteString(`<script type="application/ld+json">[`)
			for i := range n / 10 {
				fmt.Fprintf(&b, "{\"@type\":\"ImageObject\",\"caption\":\"Photo %d of the shelling of the market in Kharkiv\"},\n", i)
			}
			b.WriteString("0]</script>")
			return b.String()
		}, want: -10},
		{name: "json-ld objects", doc: func(n int) string {
			return `<script type="application/ld+json">` + rep(`{"a":`, n) + "0" + rep("}", n) + "</script>" + fig
		}, want: 1},
	} {
		for _, n := range []int{10_000, 1_000_000} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, n), func(t *testing.T) {
				doc := tc.doc(n)
				start := time.Now()
				got, err := ReadHTML(strings.NewReader(doc), "deep.html")
				if tc.want == 0 {
					// The first element too deep is on line 1.
					if !errors.Is(err, caption.ErrInvalid) || !strings.HasPrefix(err.Error(), "deep.html:1: elements nested more than 512 deep") {
						t.Fatalf("err %v, want deep.html:1: elements nested more than 512 deep", err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%d bytes in %v", len(doc), time.Since(start))
				want := tc.want
				if want < 0 {
					want = n / -want
				}
				if len(got) != want {
					t.Errorf("%d captions, want %d", len(got), want)
				}
				checkHTML(t, doc, got)
			})
		}
	}
}

// TestReadHTMLLongCaption checks that an element longer than MaxParagraph,
// most often a caption whose end tag is missing, is dropped without
// holding it, and that the captions after it are read.
func TestReadHTMLLongCaption(t *testing.T) {
	after := "<figure><figcaption>" + capMarket + "</figcaption></figure>"
	for _, tc := range []struct {
		name, doc string
	}{
		{name: "text", doc: "<div class=caption>" + strings.Repeat("Smoke rises. ", MaxParagraph/10) + "</div>" + after},
		{name: "block tags", doc: "<figure><figcaption>A<p>" + strings.Repeat("<br>", MaxParagraph+1) + "</figure>" + after},
		{name: "white space", doc: "<figcaption>A" + strings.Repeat("<b> </b>", MaxParagraph+1) + "</figcaption>" + after},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadHTML(strings.NewReader(tc.doc), "long.html")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Text != capMarket {
				t.Errorf("got %d captions, want only the one after the long element", len(got))
			}
			checkHTML(t, tc.doc, got)
		})
	}
}

// galleryReader streams a page of n figures, each with a menu and some
// kilobytes of body text around it, without holding the page.
type galleryReader struct {
	n, i int
	buf  []byte
}

func (g *galleryReader) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if g.i == g.n {
			return 0, io.EOF
		}
		g.i++
		g.buf = fmt.Appendf(g.buf[:0], `<nav><ul>%s</ul></nav><p>%s</p>
<figure><img src="/p/%d.jpg" alt="Photo"><figcaption>Item %d: %s</figcaption></figure>
`, strings.Repeat(`<li><a href="/section">Section</a></li>`, 50), strings.Repeat("Body text of the article. ", 700), g.i, g.i, capCamp)
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// TestReadHTMLLarge reads a 100 MB page and checks that the page costs
// memory for its captions, not for its size.
func TestReadHTMLLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	const figures = 5_000 // 20 kB each
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	counter := &countingReader{r: &galleryReader{n: figures}}
	got, err := ReadHTML(counter, "large.html")
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if len(got) != figures {
		t.Errorf("%d captions, want %d", len(got), figures)
	}
	if counter.n < 100_000_000 {
		t.Fatalf("page of %d bytes, want 100 MB", counter.n)
	}
	grown := int64(after.HeapSys) - int64(before.HeapSys)
	t.Logf("read %d MB, heap grew by %d MB", counter.n>>20, grown>>20)
	if grown > 32<<20 {
		t.Errorf("heap grew by %d MB reading a %d MB page with %d captions", grown>>20, counter.n>>20, figures)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// FuzzReadHTML is seeded with small pages, one or two features each: the
// fuzzer minimizes every input it finds interesting, which on a page of
// kilobytes takes most of a short run.
func FuzzReadHTML(f *testing.F) {
	for _, seed := range []string{
		`<!doctype html><nav><img alt="Menu photo of the city hall at night"></nav><figure><img src=/a.jpg alt="Smoke rises over Kharkiv"><figcaption>Smoke rises over Kharkiv, <em>May 4</em>.<br>AFP</figcaption></figure>`,
		`<img alt="a &amp b c d e f g h i j k l" title=x><p class="wp-caption-text">A&#0;<b>B</b> c &nbsp; d e f g</p><div>`,
		"<img/alt\r\n='  Residents &quot;inspect&quot; a market in Kharkiv  ' alt=\"x\">",
		`<script type="application/ld+json">{"@graph":[{"@type":["ImageObject"],"url":"/u","caption":"Smoke rises \"over\" the port of Odesa\u0021"}]}</script>`,
		"<p class=caption>\xff\xfe caption text<script>x</script> <div>after",
		"<article><header><figure><figcaption>\r\nA boy\r\n</figure></header></article><footer><figcaption>B</figcaption>",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		got, err := ReadHTML(strings.NewReader(string(doc)), "fuzz.html")
		if err != nil {
			t.Fatalf("ReadHTML error %v: no page is invalid below MaxHTMLToken", err)
		}
		checkHTML(t, string(doc), got)
	})
}
