package server

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// TestBrowserPhotos drives headless Chromium through the pictures: a
// record page shows its photo's thumbnail loaded (natural width above 0)
// and links the record of the same picture; the results list shows
// thumbnails; a photo chosen in the search-by-photo form finds its
// records; the conflicting-photos facet lists both records, warned. The
// scripts must raise no error or CSP violation.
func TestBrowserPhotos(t *testing.T) {
	path := browserPath(t)
	s := newTestStore(t)
	day := func(y int) caption.PartialDate {
		return caption.PartialDate{Year: y, Month: 3, Day: 2, Precision: caption.PrecisionDay}
	}
	pic := testPhoto(t, 11)
	first, _ := putPhotoRecord(t, s, "market.jpg", "Smoke rises over the market after an air strike.", pic, day(2024))
	again, _ := putPhotoRecord(t, s, "market-copy.jpg", "Smoke over a market, a photo of the old war.", append(pic[:len(pic):len(pic)], 0), day(2022))
	putPhotoRecord(t, s, "other.jpg", "Another picture altogether.", testPhoto(t, 3))
	ts := httptest.NewServer(New(s, Options{FindPhoto: findPhoto(s)}))
	t.Cleanup(ts.Close)
	dir := artifactDir(t)
	b := startBrowser(t, path)

	b.navigate(fmt.Sprintf("%s/records/%d", ts.URL, first))
	b.waitFor("the photo's thumbnail", "(() => { const i = document.querySelector('figure.photo img'); return i && i.complete && i.naturalWidth > 0 })()")
	var same []string
	b.eval(`Array.from(document.querySelectorAll('figure.photo a'), a => a.getAttribute('href'))`, &same)
	if len(same) != 1 || same[0] != fmt.Sprintf("/records/%d", again) {
		t.Errorf("the record's photo links %v; want the record of the same picture, %d", same, again)
	}
	if w := b.evalString(`document.querySelector('dd[data-field=warnings]').textContent`); !strings.Contains(w, fmt.Sprintf("same picture as record %d", again)) {
		t.Errorf("the record's warnings %q do not name record %d", w, again)
	}
	b.screenshot(dir, "1-record-photo.png")

	b.navigate(ts.URL + "/")
	b.waitFor("the results' thumbnails", "document.querySelectorAll('li.result .thumb img').length === 3 && Array.from(document.querySelectorAll('li.result .thumb img')).every(i => i.complete && i.naturalWidth > 0)")
	b.screenshot(dir, "2-results.png")

	// Choose a photo in the form, as a user would, and send it.
	file := filepath.Join(t.TempDir(), "query.jpg")
	if err := os.WriteFile(file, pic, 0o600); err != nil {
		t.Fatal(err)
	}
	var doc struct{ Root struct{ NodeID int64 } }
	b.call(b.session, "DOM.getDocument", map[string]any{}, &doc)
	var node struct{ NodeID int64 }
	b.call(b.session, "DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": "form.photo-form input[type=file]"}, &node)
	b.call(b.session, "DOM.setFileInputFiles", map[string]any{"nodeId": node.NodeID, "files": []string{file}}, nil)
	b.eval(`document.querySelector('form.photo-form button').click(), true`, nil)
	b.waitLoaded(ts.URL + "/photo-search")
	b.waitFor("the photo search's results", "document.querySelectorAll('li.result').length > 0")
	var found []string
	b.eval(`Array.from(document.querySelectorAll('li.result .result-title a'), a => a.getAttribute('href'))`, &found)
	if len(found) != 2 || !strings.Contains(b.evalString(`document.querySelector('li.result .distance').textContent`), "distance 0") {
		t.Errorf("the photo search found %v; want the two records of the picture, at distance 0", found)
	}
	b.screenshot(dir, "3-photo-search.png")

	// "/?", not "/": navigate waits for a URL starting with what it is
	// given, and "/photo-search", the page still shown, starts with "/".
	b.navigate(ts.URL + "/?")
	// The facet's link is followed by navigating to it: a click that
	// navigates while Runtime.evaluate runs fails the evaluation at times.
	href := b.evalString(`document.querySelector('section.facet[data-facet=photo_conflicts] a').getAttribute('href')`)
	if !strings.HasPrefix(href, "/conflicting-photos") {
		t.Fatalf("the Photos facet links to %q; want /conflicting-photos", href)
	}
	b.navigate(ts.URL + href)
	var warned int
	b.eval(`document.querySelectorAll('li.result ul.warnings li').length`, &warned)
	if warned != 2 {
		t.Errorf("the conflicting photos page shows %d warnings; want one on each of the two records", warned)
	}
	b.screenshot(dir, "4-conflicts.png")
	for _, p := range b.pageProblems() {
		t.Errorf("the page reported: %s", p)
	}
}
