package server

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"sijil/internal/caption"
)

// controlCaption holds an ANSI colour sequence (ESC [ 31 m), a BEL, DEL,
// and the C1 codes CSI (U+009B) and NEL (U+0085), as a caption pasted from
// a terminal or misread from Windows-1252 might.
const controlCaption = "Protesters gather in Idlib\x1b[31m on March 3, 2017\a. Sirens\u009b sounded\u0085 twice\x7f. (Photo by Nobody/AFP)"

// newControlServer serves a register of one document holding
// controlCaption, its place (with the escape sequence) marked as
// evidence, so that the sequence is in the page's text, in a mark's title
// attribute and in the title element.
func newControlServer(t *testing.T) (get func(path string) (int, http.Header, string), id int64) {
	t.Helper()
	s := newTestStore(t)
	r := newRecord(t, controlCaption, map[string][]string{"places": {"Idlib\x1b[31m"}, "date": {"March 3, 2017\a"}}, func(r *caption.Record) {
		r.Date, r.Places, r.Country = day(2017, 3, 3), []string{"Idlib\x1b[31m"}, "SY"
		r.EventTypes, r.Agencies, r.Photographers = []caption.EventType{caption.Protest}, []caption.Agency{"AFP"}, []string{"Nobody\u0085"}
	})
	item := caption.Item{
		Occurrence:  caption.Occurrence{Start: 0, End: len(controlCaption), Line: 1, Text: controlCaption},
		Record:      r,
		Fingerprint: caption.Fingerprint{Key: sum(controlCaption), Bands: []uint64{1}},
	}
	doc := caption.Document{Path: "seeds/terminal.txt", SHA256: sum(controlCaption), Size: int64(len(controlCaption)), Format: "text",
		LastSeen: time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)}
	if _, err := s.PutDocument(t.Context(), doc, []caption.Item{item}, caption.Versions{Parser: "test", Gazetteer: "test"}); err != nil {
		t.Fatal(err)
	}
	for sr, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		id = sr.ID
	}
	for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
		if err := s.SetLink(t.Context(), caption.Link{Record: id, Level: level, Target: id, Group: id, Similarity: 1, Rule: "new"}); err != nil {
			t.Fatal(err)
		}
	}
	srv := serve(t, s, testOptions(t))
	return func(path string) (int, http.Header, string) {
		status, h, body := do(t, srv, http.MethodGet, path, "", nil)
		return status, h, string(body)
	}, id
}

// TestControlCharactersShown renders every page that shows the caption:
// no control character reaches the page; each is shown as its picture in
// a marked span in text, and as the bare picture inside tags and the title.
func TestControlCharactersShown(t *testing.T) {
	get, id := newControlServer(t)
	spans := regexp.MustCompile(`<span class="ctl" title="control character U\+([0-9A-F]{4})">([^<]*)</span>`)
	for _, path := range []string{"/", "/?q=sirens", fmt.Sprintf("/records/%d", id), fmt.Sprintf("/events/%d", id)} {
		status, _, page := get(path)
		if status != http.StatusOK {
			t.Fatalf("GET %s: status %d", path, status)
		}
		if i := strings.IndexFunc(page, func(r rune) bool { return isControlChar(r) && r != '\n' && r != '\t' && r != '\r' }); i >= 0 {
			t.Errorf("GET %s: a control character reaches the page: %q", path, page[max(0, i-40):min(len(page), i+40)])
		}
		shown := map[string]string{}
		for _, m := range spans.FindAllStringSubmatch(page, -1) {
			shown[m[1]] = m[2]
		}
		want := map[string]string{"001B": "␛", "0007": "␇", "009B": `\x9b`, "0085": `\x85`, "007F": "␡"}
		for code, pic := range want {
			if shown[code] != pic && (path == fmt.Sprintf("/records/%d", id) || code == "001B") {
				t.Errorf("GET %s: U+%s shown as %q, want a span with %q", path, code, shown[code], pic)
			}
		}
		if !strings.Contains(page, `␛</span>[31m`) {
			t.Errorf("GET %s: the escape sequence is not shown as ␛[31m in a span", path)
		}
		checkHTML(t, path, page)
	}
	// Inside tags and the title element the picture stands alone.
	_, _, page := get(fmt.Sprintf("/records/%d", id))
	if !strings.Contains(page, `title="places: Idlib␛[31m"`) {
		t.Errorf("the places mark's title does not show the escape as ␛:\n%s", page)
	}
	title := page[strings.Index(page, "<title>"):strings.Index(page, "</title>")]
	if strings.Contains(title, "<span") || !strings.Contains(title, "Idlib␛[31m") {
		t.Errorf("title element %q: want the picture without markup", title)
	}
}

// checkHTML parses page and checks that every ctl span is an element
// inside the body, not text or an attribute's content.
func checkHTML(t *testing.T, path, page string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	var walk func(n *html.Node)
	spans := 0
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "span" {
			for _, a := range n.Attr {
				if a.Key == "class" && a.Val == "ctl" {
					spans++
				}
			}
		}
		if n.Type == html.TextNode && strings.Contains(n.Data, "ctl") && strings.Contains(n.Data, "<span") {
			t.Errorf("GET %s: a span is text: %q", path, n.Data)
		}
		for _, a := range n.Attr {
			if strings.Contains(a.Val, "<span") {
				t.Errorf("GET %s: a span is in the attribute %s=%q", path, a.Key, a.Val)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if spans == 0 {
		t.Errorf("GET %s: no ctl span parsed", path)
	}
}

func TestShowControls(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<p>plain</p>\n", "<p>plain</p>\n"},
		{"<p>a\x1bb</p>", `<p>a<span class="ctl" title="control character U+001B">␛</span>b</p>`},
		{`<p title="a` + "\x1b" + `b">x</p>`, `<p title="a␛b">x</p>`},
		{"<title>a\x07</title><p>\u0085</p>", `<title>a␇</title><p><span class="ctl" title="control character U+0085">\x85</span></p>`},
		{"<pre>\ta\r\nb</pre>", "<pre>\ta\r\nb</pre>"},
		{"<p>\xff\xc2</p>", "<p>\xff\xc2</p>"},
		{"<p>a\u202eoppelA — b</p>", `<p>a<span class="ctl" title="control character U+202E">\u202e</span>oppelA — b</p>`},
	} {
		if got := string(showControls([]byte(tc.in))); got != tc.want {
			t.Errorf("showControls(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPagesNoStore checks Cache-Control on every page route, error pages,
// ServeMux's own 404 and the 421 answer included, beside the API's; the
// static assets may be cached.
func TestPagesNoStore(t *testing.T) {
	ts, ids := newTestServer(t)
	for _, path := range []string{
		"/", "/?q=Harasta", "/?country=SY&from=2016", fmt.Sprintf("/records/%d", ids["harasta"]), fmt.Sprintf("/events/%d", ids["harasta"]),
		"/records/999999", "/events/999999", "/records/x", "/?from=yesterday", "/nothing",
		"/api/v1/stats", "/api/v1/records", fmt.Sprintf("/api/v1/records/%d", ids["harasta"]), "/api/v1/records/999999",
	} {
		status, h, _ := get(t, ts, path)
		if h.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s (status %d): Cache-Control %q, want no-store", path, status, h.Get("Cache-Control"))
		}
	}
	if _, h, _ := get(t, ts, "/static/app.css"); h.Get("Cache-Control") == "no-store" {
		t.Errorf("GET /static/app.css: Cache-Control no-store")
	}
	status, h, _ := doHost(t, ts, http.MethodGet, "/", "evil.example", "", nil)
	if status != http.StatusMisdirectedRequest || h.Get("Cache-Control") != "no-store" {
		t.Errorf("GET / for evil.example: status %d, Cache-Control %q", status, h.Get("Cache-Control"))
	}
}
