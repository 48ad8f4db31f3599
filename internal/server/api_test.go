package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// apiRecord is the part of an API record the tests look at.
type apiRecord struct {
	ID      int64  `json:"id"`
	Cluster *int64 `json:"cluster"`
	Event   *int64 `json:"event"`
	Text    string `json:"text"`
	Date    string `json:"date"`
	Killed  *int   `json:"killed"`
}

type apiList struct {
	Records []apiRecord `json:"records"`
	Total   int         `json:"total"`
	Next    *string     `json:"next"`
	Facets  map[string][]struct {
		Value string
		Count int
	} `json:"facets"`
}

// names maps record IDs back to the fixture's names, sorted, for diffs.
func names(ids map[string]int64, recs []apiRecord) []string {
	var out []string
	for _, r := range recs {
		for name, id := range ids {
			if id == r.ID {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

func testRecordListFilters(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"all", "", []string{"aleppo", "copy", "harasta", "rescue", "sanaa", "xss"}},
		{"text", "q=kindergarten", []string{"copy", "harasta", "rescue"}},
		{"phrase", "q=%22barrel+bomb%22", []string{"aleppo"}},
		{"exclude", "q=kindergarten+-rubble", []string{"copy", "harasta"}},
		{"country", "country=ye", []string{"sanaa"}},
		{"place", "place=Harasta", []string{"copy", "harasta", "rescue"}},
		{"place spelling", "place=%E1%B8%A8arast%C4%81", []string{"copy", "harasta", "rescue"}},
		{"admin1", "admin1=rif+dimashq", []string{"copy", "harasta", "rescue"}},
		{"admin1 code", "admin1=SY.08", []string{"copy", "harasta", "rescue"}},
		{"basis", "basis=container", []string{"copy", "harasta", "rescue"}},
		{"basis in another case", "basis=Population", []string{"xss"}},
		{"basis none has", "basis=focus", nil},
		{"basis and country", "basis=country+named&country=SY", nil},
		{"dates", "from=2017&to=2017-12", []string{"sanaa", "xss"}},
		{"one day", "from=2016-11-06&to=2016-11-06", []string{"copy", "harasta", "rescue"}},
		{"agency", "agency=reuters", []string{"sanaa"}},
		{"photographer", "photographer=Abd+Doumany", []string{"rescue"}},
		{"event", "event=barrel_bomb", []string{"aleppo"}},
		{"actor", "actor=White+Helmets", []string{"rescue"}},
		{"killed", "killed_min=5", []string{"rescue", "sanaa"}},
		{"near", "near=15.35,44.2,50", []string{"sanaa"}},
		{"combined", "q=killed&country=SY&killed_min=5", []string{"rescue"}},
		{"none", "q=nowhere", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got apiList
			getJSON(t, ts, "/api/v1/records?"+tc.query, &got)
			if diff := cmp.Diff(tc.want, names(ids, got.Records)); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
			if got.Total != len(tc.want) {
				t.Errorf("total = %d, want %d", got.Total, len(tc.want))
			}
		})
	}
}

func testRecordListFacetsAndOrder(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	var got apiList
	getJSON(t, ts, "/api/v1/records", &got)
	if len(got.Records) == 0 || got.Records[0].ID != ids["sanaa"] {
		t.Errorf("first record = %+v, want sanaa (%d): newest first", got.Records, ids["sanaa"])
	}
	country := map[string]int{}
	for _, c := range got.Facets[caption.FacetCountry] {
		country[c.Value] = c.Count
	}
	if diff := cmp.Diff(map[string]int{"SY": 5, "YE": 1}, country); diff != "" {
		t.Errorf("country facet (-want +got):\n%s", diff)
	}
	// Aleppo's location, stored without a basis, is not counted.
	basis := map[string]int{}
	for _, c := range got.Facets[caption.FacetBasis] {
		basis[c.Value] = c.Count
	}
	if diff := cmp.Diff(map[string]int{"container": 3, "country named": 1, "population": 1}, basis); diff != "" {
		t.Errorf("basis facet (-want +got):\n%s", diff)
	}
	for _, name := range facetNames {
		if _, ok := got.Facets[name]; !ok {
			t.Errorf("facet %q missing", name)
		}
	}
	h := got.Records[len(got.Records)-1]
	if h.Cluster == nil || h.Event == nil {
		t.Errorf("record %d: cluster %v, event %v: want both set", h.ID, h.Cluster, h.Event)
	}
}

// testRecordListPages walks the pages of two: every record once, and the
// last page has no next cursor.
func testRecordListPages(t *testing.T, open storeOpener) {
	ts, _ := newTestServerOn(t, open)
	seen := map[int64]bool{}
	path := "/api/v1/records?limit=2"
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("more than 3 pages of 2 for 6 records")
		}
		var got apiList
		getJSON(t, ts, path, &got)
		if got.Total != 6 || len(got.Records) > 2 {
			t.Fatalf("page %d: total %d, %d records", pages, got.Total, len(got.Records))
		}
		for _, r := range got.Records {
			if seen[r.ID] {
				t.Errorf("record %d on two pages", r.ID)
			}
			seen[r.ID] = true
		}
		if got.Next == nil {
			break
		}
		path = "/api/v1/records?limit=2&cursor=" + url.QueryEscape(*got.Next)
	}
	if len(seen) != 6 {
		t.Errorf("saw %d records, want 6", len(seen))
	}
}

func testRecordListInvalid(t *testing.T, open storeOpener) {
	ts, _ := newTestServerOn(t, open)
	for _, q := range []string{
		"from=2016-13", "to=yesterday", "country=Syria", "event=massacre", "killed_min=-1", "killed_min=many",
		"near=1,2", "near=91,0,10", "near=a,b,c", "limit=0", "limit=1001", "cursor=not-a-cursor",
		"q=" + strings.Repeat("x", 1001), "agency=%ff", "basis=guess", "basis=" + strings.Repeat("x", 201),
	} {
		t.Run(q, func(t *testing.T) {
			status, _, body := get(t, ts, "/api/v1/records?"+q)
			if status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", status, body)
			}
			var e errorBody
			if err := json.Unmarshal(body, &e); err != nil || e.Error == "" || e.Status != 400 {
				t.Errorf("body %s: want {error, status: 400}", body)
			}
			if strings.Contains(e.Error, "sqlite") || strings.Contains(e.Error, "SQL") {
				t.Errorf("error %q leaks the store", e.Error)
			}
		})
	}
}

type apiDetail struct {
	Record  apiRecord `json:"record"`
	Sources []struct {
		Document         struct{ Path, SHA256 string } `json:"document"`
		Start, End, Line int
	} `json:"sources"`
	Links          []struct{ Level, Rule string } `json:"links"`
	ClusterMembers []struct{ ID int64 }           `json:"cluster_members"`
	EventMembers   []struct{ ID int64 }           `json:"event_members"`
	Corrections    []correctionJSON               `json:"corrections"`
}

func testRecordGet(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	var got apiDetail
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d", ids["harasta"]), &got)
	if got.Record.ID != ids["harasta"] || got.Record.Text != harastaCaption || got.Record.Date != "2016-11-06" {
		t.Errorf("record = %+v", got.Record)
	}
	var paths []string
	for _, s := range got.Sources {
		paths = append(paths, s.Document.Path)
		if s.End-s.Start != len(harastaCaption) || len(s.Document.SHA256) != 64 || s.Line == 0 {
			t.Errorf("source %+v: want the caption's byte range, a SHA-256 and a line", s)
		}
	}
	if diff := cmp.Diff([]string{"seeds/syria.txt", "seeds/yemen.jsonl"}, paths); diff != "" {
		t.Errorf("sources (-want +got):\n%s", diff)
	}
	if len(got.Links) != 2 {
		t.Errorf("links = %+v, want cluster and event", got.Links)
	}
	if len(got.ClusterMembers) != 1 || got.ClusterMembers[0].ID != ids["copy"] {
		t.Errorf("cluster members = %+v, want copy (%d)", got.ClusterMembers, ids["copy"])
	}
	var ev []int64
	for _, m := range got.EventMembers {
		ev = append(ev, m.ID)
	}
	slices.Sort(ev)
	if diff := cmp.Diff([]int64{ids["copy"], ids["rescue"]}, ev); diff != "" {
		t.Errorf("event members (-want +got):\n%s", diff)
	}
	if got.Corrections == nil {
		t.Error("corrections = null, want []")
	}
}

func TestNotFound(t *testing.T) {
	ts, ids := newTestServer(t)
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/api/v1/records/999999", http.StatusNotFound},
		{"/api/v1/records/abc", http.StatusBadRequest},
		{"/api/v1/records/-3", http.StatusBadRequest},
		{"/api/v1/events/999999", http.StatusNotFound},
		{fmt.Sprintf("/api/v1/events/%d", ids["copy"]), http.StatusNotFound}, // a record, not an event's first
		{"/api/v1/nothing", http.StatusNotFound},
		{"/records/999999", http.StatusNotFound},
		{"/events/999999", http.StatusNotFound},
		{"/nothing", http.StatusNotFound},
	} {
		status, _, body := get(t, ts, tc.path)
		if status != tc.status {
			t.Errorf("GET %s: status %d, want %d: %.200s", tc.path, status, tc.status, body)
		}
	}
}

func testEventGet(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	var got struct {
		ID      int64       `json:"id"`
		Records []apiRecord `json:"records"`
		Places  []facetJSON `json:"places"`
		Dates   []facetJSON `json:"dates"`
		Figures []struct {
			Record int64
			Source string
			Killed *int
		} `json:"figures"`
	}
	getJSON(t, ts, fmt.Sprintf("/api/v1/events/%d", ids["harasta"]), &got)
	if diff := cmp.Diff([]string{"copy", "harasta", "rescue"}, names(ids, got.Records)); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	if got.Records[0].ID != ids["harasta"] {
		t.Errorf("first record %d, want the event's first, %d", got.Records[0].ID, ids["harasta"])
	}
	if diff := cmp.Diff([]facetJSON{{"Harasta", 3}}, got.Places); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]facetJSON{{"2016-11-06", 3}}, got.Dates); diff != "" {
		t.Errorf("dates (-want +got):\n%s", diff)
	}
	figures := map[string]int{}
	for _, f := range got.Figures {
		figures[f.Source] = *f.Killed
	}
	want := map[string]int{"Syrian Observatory for Human Rights": 4, "unattributed (AFP caption)": 4, "civil defence": 6}
	if diff := cmp.Diff(want, figures); diff != "" {
		t.Errorf("figures by source (-want +got):\n%s", diff)
	}
}

func testStats(t *testing.T, open storeOpener) {
	ts, _ := newTestServerOn(t, open)
	var got statsJSON
	getJSON(t, ts, "/api/v1/stats", &got)
	want := statsJSON{Documents: 3, Occurrences: 7, Records: 6, Clusters: 5, Events: 4}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stats (-want +got):\n%s", diff)
	}
}

func testTimeline(t *testing.T, open storeOpener) {
	ts, _ := newTestServerOn(t, open)
	var got []dayCountJSON
	getJSON(t, ts, "/api/v1/timeline?country=SY", &got)
	slices.SortFunc(got, func(a, b dayCountJSON) int { return strings.Compare(a.Date, b.Date) })
	want := []dayCountJSON{{"2016-11-06", 3}, {"2016-11-24", 1}, {"2017-03-03", 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
}

func testGeoJSON(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	status, h, body := get(t, ts, "/api/v1/geojson?country=YE")
	if status != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/geo+json") {
		t.Fatalf("status %d, Content-Type %q: %s", status, h.Get("Content-Type"), body)
	}
	var got featureCollection
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	want := featureCollection{Type: "FeatureCollection", Features: []feature{{
		Type: "Feature", ID: ids["sanaa"],
		Geometry: point{Type: "Point", Coordinates: [2]float64{44.20667, 15.35472}},
		Properties: featureProps{ID: ids["sanaa"], Date: nullable("2017-08-25"), Place: nullable("Sanaa"), Country: nullable("YE"),
			Killed: intp(12), EventTypes: []caption.EventType{caption.Airstrike}},
	}}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("geojson (-want +got):\n%s", diff)
	}
	var all featureCollection
	getJSON(t, ts, "/api/v1/geojson?limit=2", &all)
	if len(all.Features) != 2 {
		t.Errorf("limit=2: %d features", len(all.Features))
	}
}
