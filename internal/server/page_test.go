package server

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// attr returns the value of attribute name on the first element of page
// that has attribute marker, unescaped.
func attr(t *testing.T, page, marker, name string) string {
	t.Helper()
	re := regexp.MustCompile(`<[a-z]+ [^>]*\b` + regexp.QuoteMeta(marker) + `\b[^>]*>`)
	tag := re.FindString(page)
	if tag == "" {
		t.Fatalf("no element with %s", marker)
	}
	m := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		t.Fatalf("%s has no %s: %s", marker, name, tag)
	}
	return html.UnescapeString(m[1])
}

func TestSearchPage(t *testing.T) {
	ts, ids := newTestServer(t)
	status, h, body := get(t, ts, "/?q=kindergarten&country=SY")
	if status != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Fatalf("status %d, %s", status, h.Get("Content-Type"))
	}
	page := string(body)
	for _, want := range []string{
		`<input type="search" name="q" value="kindergarten"`,
		`<input type="hidden" name="country" value="SY">`,
		`<p class="result-count">3 records</p>`,
		fmt.Sprintf(`<a href="/records/%d">Harasta, 2016-11-06</a>`, ids["harasta"]),
		`<script src="/static/map.js" defer></script>`,
		`<link rel="stylesheet" href="/static/app.css">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if got := attr(t, page, "data-sijil-map", "data-points"); got != "/api/v1/geojson?q=kindergarten&country=SY" {
		t.Errorf("map data-points = %q", got)
	}
	if got := attr(t, page, "data-sijil-map", "data-country"); got != "SY" {
		t.Errorf("map data-country = %q", got)
	}
	if got := attr(t, page, "data-sijil-timeline", "data-src"); got != "/api/v1/timeline?q=kindergarten&country=SY" {
		t.Errorf("timeline data-src = %q", got)
	}
	// Facet links add their value to the current filters; the chosen one
	// is marked.
	for _, want := range []string{
		`<a href="/?q=kindergarten&amp;country=SY&amp;event=rescue">rescue <span class="count">1</span></a>`,
		`<li class="active"><a href="/?q=kindergarten&amp;country=SY" aria-current="true">Syria (SY) <span class="count">3</span></a></li>`,
		`<a href="/?q=kindergarten&amp;from=2016&amp;to=2016&amp;country=SY">2016 <span class="count">3</span></a>`,
		`<a href="/?country=SY" title="Remove this filter">Text: kindergarten</a>`,
		`<section class="facet" data-facet="basis"><h3>Location basis</h3>`,
		`<a href="/?q=kindergarten&amp;country=SY&amp;basis=container">container <span class="count">3</span></a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(page, "style=") || regexp.MustCompile(`<script>|<script [^>]*>[^<]`).MatchString(page) {
		t.Error("the page has inline script or style, which the CSP forbids")
	}
}

func TestSearchPageFacetLink(t *testing.T) {
	ts, ids := newTestServer(t)
	_, _, body := get(t, ts, "/")
	m := regexp.MustCompile(`<a href="([^"]*event=barrel_bomb[^"]*)">barrel bomb <span class="count">1</span>`).FindStringSubmatch(string(body))
	if m == nil {
		t.Fatalf("no barrel bomb facet link on the search page")
	}
	_, _, body = get(t, ts, html.UnescapeString(m[1]))
	page := string(body)
	if !strings.Contains(page, `<p class="result-count">1 record</p>`) || !strings.Contains(page, fmt.Sprintf(`/records/%d"`, ids["aleppo"])) {
		t.Errorf("following the facet link does not give the one Aleppo record:\n%s", page)
	}
}

// TestSearchPageBasis follows the basis facet: the filter is shown and the
// weakest locations are listed.
func TestSearchPageBasis(t *testing.T) {
	ts, ids := newTestServer(t)
	_, _, body := get(t, ts, "/")
	m := regexp.MustCompile(`<a href="([^"]*basis=population[^"]*)">population <span class="count">1</span>`).FindStringSubmatch(string(body))
	if m == nil {
		t.Fatalf("no population basis facet link on the search page")
	}
	_, _, body = get(t, ts, html.UnescapeString(m[1]))
	page := string(body)
	for _, want := range []string{
		`<p class="result-count">1 record</p>`,
		fmt.Sprintf(`/records/%d"`, ids["xss"]),
		`<a href="/" title="Remove this filter">Location basis: population</a>`,
		`<input type="hidden" name="basis" value="population">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page filtered by basis lacks %s", want)
		}
	}
	status, _, body := get(t, ts, "/?basis=guessed")
	if status != http.StatusBadRequest || !strings.Contains(string(body), `<p class="error" role="alert">basis: want one of`) {
		t.Errorf("status %d: want 400 and the message in the page:\n%s", status, body)
	}
}

func TestSearchPageInvalid(t *testing.T) {
	ts, _ := newTestServer(t)
	status, _, body := get(t, ts, "/?q=x&from=someday")
	if status != http.StatusBadRequest || !strings.Contains(string(body), `<p class="error" role="alert">from: want YYYY`) {
		t.Errorf("status %d: want 400 and the message in the page:\n%s", status, body)
	}
	if !strings.Contains(string(body), `value="x"`) {
		t.Error("the form lost the query")
	}
}

func TestSearchPagePager(t *testing.T) {
	ts, _ := newTestServer(t)
	_, _, body := get(t, ts, "/?limit=4")
	next := regexp.MustCompile(`<a href="([^"]*)" rel="next">`).FindStringSubmatch(string(body))
	if next == nil {
		t.Fatal("no next link with 6 records in pages of 4")
	}
	_, _, body = get(t, ts, html.UnescapeString(next[1]))
	page := string(body)
	if strings.Count(page, `<li class="result">`) != 2 || strings.Contains(page, `rel="next"`) || !strings.Contains(page, "First page") {
		t.Errorf("second page: want 2 results, no next link, a first-page link:\n%s", page)
	}
}

func TestRecordPage(t *testing.T) {
	ts, ids := newTestServer(t)
	status, _, body := get(t, ts, fmt.Sprintf("/records/%d", ids["harasta"]))
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	page := string(body)
	for _, want := range []string{
		`<mark data-field="date" title="date: 2016-11-06">November 6, 2016</mark>`,
		`<mark data-field="killed" title="killed: 4">At least four children were killed</mark>`,
		`<mark data-field="credit" title="credit: Photo by Sameer Al-Doumy/AFP Photo"><mark data-field="photographers" title="photographers: Sameer Al-Doumy">Sameer Al-Doumy</mark></mark>`,
		`<td class="path">seeds/syria.txt <span class="muted">(text)</span></td><td class="mono sha256" title="`,
		`<td class="path">seeds/yemen.jsonl <span class="muted">(jsonl)</span></td>`,
		fmt.Sprintf(`<td class="range">0–%d</td>`, len(harastaCaption)),
		`data-sijil-map data-mode="small" data-lat="33.55869" data-lon="36.365"`,
		fmt.Sprintf(`<a href="/records/%d">Harasta, 2016-11-06</a>`, ids["copy"]),
		fmt.Sprintf(`<a href="/events/%d" class="event-link">`, ids["harasta"]),
		`<dd data-field="location">Harasta (Ḩarastā) · Rif Dimashq · SY · 33.5587, 36.3650 · GeoNames 170654 · PPL · precision 1 (basis: container)</dd>`,
		`<li><mark data-field="date">Date</mark></li>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the record page lacks %s", want)
		}
	}
}

func TestEventPage(t *testing.T) {
	ts, ids := newTestServer(t)
	status, _, body := get(t, ts, fmt.Sprintf("/events/%d", ids["harasta"]))
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	page := string(body)
	for _, want := range []string{
		`<td>Syrian Observatory for Human Rights</td>`,
		`<td>civil defence</td>`,
		`<td class="num">6</td>`,
		`<li>Harasta <span class="count">3</span></li>`,
		`<li>2016-11-06 <span class="count">3</span></li>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the event page lacks %s", want)
		}
	}
	if n := strings.Count(page, `<li><a href="/records/`); n != 3 {
		t.Errorf("%d photos listed, want 3", n)
	}
}
