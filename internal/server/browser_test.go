package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/ingest"
	"sijil/internal/parse"
	"sijil/internal/testenv"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// browserPath returns the browser to test with, skipping the test when
// there is none, or failing it when SIJIL_TEST_BROWSER_REQUIRED is set (as
// in CI, which installs chromium), so that a missing browser cannot pass
// for a green run.
func browserPath(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err == nil {
		return chromiumPath
	}
	testenv.Missing(t, testenv.BrowserRequired, chromiumPath+" not found; install Debian's chromium package to run the browser test")
	return ""
}

// artifactDir is where the browser test saves its screenshots:
// $SIJIL_ARTIFACTS when set, else the test's artifact directory (kept with
// go test -artifacts).
func artifactDir(t *testing.T) string {
	if dir := os.Getenv("SIJIL_ARTIFACTS"); dir != "" {
		dir = filepath.Join(dir, t.Name())
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	return t.ArtifactDir()
}

// hostileName is a file name a browser would run as markup if the pages
// did not escape it.
const hostileName = `evil"><img src=x onerror="document.title='pwned'">.txt`

// ingestExamples fills s through the real pipeline with the example
// documents of the repository, which are seed captions, and a document
// with a hostile name whose caption holds a script.
func ingestExamples(t *testing.T, s caption.Store) {
	t.Helper()
	dir := t.TempDir()
	hostile := filepath.Join(dir, hostileName)
	if err := os.WriteFile(hostile, []byte(xssCaption+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	emb, err := geocode.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no example documents: %v", err)
	}
	paths = append(paths, hostile)
	sum, err := ingest.Ingest(t.Context(), s, paths, ingest.Options{Parser: p, Gazetteer: geocode.New(emb), Workers: 1})
	if err != nil || len(sum.Failures) > 0 {
		t.Fatalf("ingest: %v %+v", err, sum.Failures)
	}
	if sum.NewRecords < 15 {
		t.Fatalf("ingest stored %d records, want the examples' captions", sum.NewRecords)
	}
}

// TestBrowser drives headless Chromium through the pages as a user would:
// search, follow a facet, open a record and check its evidence marks and
// map marker, and check that a caption's <script> is shown, not run. Every
// step is screenshot; the scripts must raise no error or CSP violation.
func TestBrowser(t *testing.T) {
	path := browserPath(t)
	s := newTestStore(t)
	ingestExamples(t, s)
	ts := httptest.NewServer(New(s, Options{
		ExpandPlace: func(name string, _ caption.CountryCode) ([]int, []string) { return nil, []string{geocode.Key(name)} },
		Admin1Key:   geocode.Key,
	}))
	t.Cleanup(ts.Close)
	dir := artifactDir(t)
	b := startBrowser(t, path)

	// The search page: results, map points and the timeline drawn.
	b.navigate(ts.URL + "/")
	b.waitFor("the map's points", "document.querySelector('#map.ready .pt, #map.ready .cluster')")
	b.waitFor("the timeline's bars", "document.querySelector('#timeline .bars rect')")
	var bases int
	b.eval(`document.querySelectorAll('section.facet[data-facet=basis] li a').length`, &bases)
	if bases == 0 {
		t.Error("the search page lists no location basis among its facets")
	}
	b.screenshot(dir, "1-search.png")

	// Search by typing in the query box and submitting the form.
	b.eval(`(() => { const q = document.querySelector('input[name=q]'); q.focus(); return true })()`, nil)
	b.call(b.session, "Input.insertText", map[string]any{"text": "killed"}, nil)
	b.eval(`document.querySelector('.search-form button').click(), true`, nil)
	b.waitLoaded(ts.URL + "/?q=killed")
	var searched int
	b.eval(`document.querySelectorAll('li.result').length`, &searched)
	if searched == 0 {
		t.Fatal("searching for killed found nothing")
	}
	b.screenshot(dir, "2-searched.png")

	// Follow the first country facet.
	facet := b.evalString(`document.querySelector('section.facet[data-facet=country] li a').getAttribute('href')`)
	b.eval(`document.querySelector('section.facet[data-facet=country] li a').click(), true`, nil)
	b.waitLoaded(ts.URL + facet)
	var filtered int
	b.eval(`document.querySelectorAll('li.result').length`, &filtered)
	if filtered == 0 || !strings.Contains(b.evalString(`document.querySelector('ul.filters').textContent`), "Country") {
		t.Errorf("after the country facet: %d results, filters %q", filtered, b.evalString(`document.querySelector('ul.filters').textContent`))
	}
	b.waitFor("the filtered map", "document.querySelector('#map.ready')")
	b.screenshot(dir, "3-facet.png")

	// Open a record that has a dated, located caption.
	recordURL := b.evalString(`document.querySelector('.result-title a').href`)
	b.eval(`document.querySelector('.result-title a').click(), true`, nil)
	b.waitLoaded(recordURL)
	checkRecordPage(t, b, ts, recordURL)
	b.screenshot(dir, "4-record.png")

	// Its event: the photos and the casualty figures by source.
	eventURL := b.evalString(`document.querySelector('a.event-link').href`)
	b.eval(`document.querySelector('a.event-link').click(), true`, nil)
	b.waitLoaded(eventURL)
	var photos int
	b.eval(`document.querySelectorAll('ul.photos li').length`, &photos)
	if photos == 0 {
		t.Error("the event page lists no photo")
	}
	b.screenshot(dir, "5-event.png")

	// A caption with a <script> and a file name with an <img>: shown as text.
	xss := findRecord(t, ts, "q=protesters+signs")
	b.navigate(fmt.Sprintf("%s/records/%d", ts.URL, xss))
	caption := b.evalString(`document.querySelector('#caption').textContent`)
	if !strings.Contains(caption, `<script>document.title="pwned"</script>`) {
		t.Errorf("the caption does not show its <script> as text: %q", caption)
	}
	var injected int
	b.eval(`document.querySelectorAll('.page script, img, b').length`, &injected)
	if title := b.evalString("document.title"); injected != 0 || strings.Contains(title, "pwned") || title == "img" {
		t.Errorf("markup from the caption or file name ran: %d injected elements, title %q", injected, title)
	}
	if p := b.evalString(`document.querySelector('td.path').textContent`); !strings.Contains(p, hostileName) {
		t.Errorf("the file name is not shown as text: %q", p)
	}
	b.screenshot(dir, "6-script-as-text.png")

	for _, p := range b.pageProblems() {
		t.Errorf("the page reported: %s", p)
	}
}

// checkRecordPage checks the open record page against the record's JSON:
// each date span of its evidence is highlighted by a date mark, the
// location's basis is shown beside its precision, and the small map shows
// its marker.
func checkRecordPage(t *testing.T, b *browser, ts *httptest.Server, url string) {
	t.Helper()
	id := url[strings.LastIndex(url, "/")+1:]
	var d struct {
		Record struct {
			Text     string
			Location *struct{ Name, Basis string }
			Evidence map[string][][2]int
		}
	}
	getJSON(t, ts, "/api/v1/records/"+id, &d)
	dates := d.Record.Evidence["date"]
	if len(dates) == 0 || d.Record.Location == nil {
		t.Fatalf("record %s has no date evidence or location; pick another in the test", id)
	}
	want := d.Record.Text[dates[0][0]:dates[0][1]]
	var marks []string
	b.eval(`Array.from(document.querySelectorAll('#caption mark[data-field=date]'), m => m.textContent)`, &marks)
	if !strings.Contains(strings.Join(marks, ""), want) {
		t.Errorf("date marks %q do not hold the date text %q", marks, want)
	}
	var fields []string
	b.eval(`Array.from(new Set(Array.from(document.querySelectorAll('#caption mark'), m => m.dataset.field)))`, &fields)
	for f := range d.Record.Evidence {
		if !strings.Contains(strings.Join(fields, " "), f) {
			t.Errorf("no mark for the %s evidence (marks: %v)", f, fields)
		}
	}
	loc := b.evalString(`document.querySelector('dd[data-field=location]').textContent`)
	if basis := d.Record.Location.Basis; basis == "" || !strings.Contains(loc, "(basis: "+basis+")") {
		t.Errorf("the location %q does not show its basis %q beside its precision", loc, basis)
	}
	b.waitFor("the record's map marker", "document.querySelector('#location-map.ready .pt')")
	var title string
	raw, _ := json.Marshal(d.Record.Location.Name)
	b.eval(`document.querySelector('#location-map').dataset.place === `+string(raw)+` ? 'ok' : 'no'`, &title)
	if title != "ok" {
		t.Errorf("the map is not at %s", d.Record.Location.Name)
	}
}

// findRecord returns the ID of the first record a search finds.
func findRecord(t *testing.T, ts *httptest.Server, query string) int64 {
	t.Helper()
	var l struct{ Records []struct{ ID int64 } }
	getJSON(t, ts, "/api/v1/records?"+query, &l)
	if len(l.Records) == 0 {
		t.Fatalf("no record for %s", query)
	}
	return l.Records[0].ID
}
