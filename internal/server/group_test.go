package server

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// yearRecord is the n-th record of fillYear: a caption dated only by its
// year, as a year-only date once made a page read the whole year.
func yearRecord(n int) caption.Record {
	text := fmt.Sprintf("Photo %d: residents inspect the damage after an airstrike in Aleppo, Syria, in 2016. "+
		"Rescue workers searched the rubble of the building for survivors. (Photo by Karim Nassar / AFP)", n)
	killed := n % 7
	return caption.Record{Text: text, Description: text, Credit: "Photo by Karim Nassar / AFP",
		Date:   caption.PartialDate{Year: 2016, Precision: caption.PrecisionYear},
		Places: []string{"Aleppo"}, Country: "SY", Killed: &killed, Attribution: []string{"civil defence"},
		Location:   &caption.Location{Name: "Aleppo", Lat: 36.2, Lon: 37.15, CountryCode: "SY", Precision: 1, Basis: "only candidate"},
		EventTypes: []caption.EventType{caption.Airstrike}, Agencies: []caption.Agency{"AFP"},
		Evidence: map[string][]caption.Span{}}
}

// fillYear stores n records all dated 2016 (year precision), in documents
// of 5,000 captions, links every clusterSize consecutive records into a
// cluster and every eventSize into an event (each headed by its first), and
// returns the records' IDs in order.
func fillYear(tb testing.TB, s caption.Store, n, clusterSize, eventSize int) []int64 {
	tb.Helper()
	ctx := tb.Context()
	var ids []int64
	for first := 0; first < n; first += 5000 {
		var body strings.Builder
		var items []caption.Item
		for i := first; i < min(n, first+5000); i++ {
			r := yearRecord(i)
			start := body.Len()
			body.WriteString(r.Text + "\n\n")
			items = append(items, caption.Item{
				Occurrence:  caption.Occurrence{Index: i - first, Start: start, End: start + len(r.Text), Line: 1 + 2*(i-first), Text: r.Text},
				Record:      r,
				Fingerprint: caption.Fingerprint{Key: sum(r.Text), Bands: []uint64{uint64(i) + 1}},
			})
		}
		doc := caption.Document{Path: fmt.Sprintf("year/%06d.txt", first), SHA256: sum(body.String()), Size: int64(body.Len()), Format: "text"}
		res, err := s.PutDocument(ctx, doc, items, caption.Versions{Parser: "test", Gazetteer: "test"})
		if err != nil {
			tb.Fatalf("PutDocument(%s): %v", doc.Path, err)
		}
		ids = append(ids, res.RecordIDs...)
	}
	var links []caption.Link
	flush := func() {
		if err := s.SetLinks(ctx, links); err != nil {
			tb.Fatalf("SetLinks: %v", err)
		}
		links = links[:0]
	}
	for i, id := range ids {
		c, e := ids[i-i%clusterSize], ids[i-i%eventSize]
		links = append(links,
			caption.Link{Record: id, Level: caption.LevelCluster, Target: c, Group: c, Similarity: 0.9, Rule: "test"},
			caption.Link{Record: id, Level: caption.LevelEvent, Target: e, Group: e, Similarity: 0.9, Rule: "test"})
		if len(links) >= 10000 {
			flush()
		}
	}
	flush()
	return ids
}

// TestGroupPagesBounded serves an event of more photos than a page may
// hold among other records of the same year: every page, JSON or HTML,
// lists at most a page of members, says how many there are in all and
// links to the next page, and following the pages reads every member once.
func TestGroupPagesBounded(t *testing.T) {
	s := newTestStore(t)
	const big = caption.MaxGroupLimit + 50
	ids := fillYear(t, s, 2*big, big, big)
	ts := serve(t, s, testOptions(t))
	head, member := ids[0], ids[big/2]

	var ev struct {
		Records []apiRecord `json:"records"`
		Total   int         `json:"total"`
		Next    *string     `json:"next"`
	}
	seen := map[int64]bool{}
	for _, tc := range []struct {
		limit string
		want  int
	}{{"", caption.DefaultGroupLimit}, {"1", 1}, {"200", caption.MaxGroupLimit}} {
		path := fmt.Sprintf("/api/v1/events/%d?limit=%s", head, tc.limit)
		getJSON(t, ts, path, &ev)
		if len(ev.Records) != tc.want || ev.Total != big || ev.Next == nil {
			t.Errorf("GET %s: %d records, total %d, next %v; want %d, %d and a next page", path, len(ev.Records), ev.Total, ev.Next, tc.want, big)
		}
	}
	for path := fmt.Sprintf("/api/v1/events/%d?limit=200", head); path != ""; {
		getJSON(t, ts, path, &ev)
		for _, r := range ev.Records {
			if seen[r.ID] || r.Event == nil || *r.Event != head {
				t.Errorf("GET %s: record %d (event %v) again or of another event", path, r.ID, r.Event)
			}
			seen[r.ID] = true
		}
		path = ""
		if ev.Next != nil {
			path = fmt.Sprintf("/api/v1/events/%d?limit=200&cursor=%s", head, url.QueryEscape(*ev.Next))
		}
	}
	if len(seen) != big {
		t.Errorf("the pages of the event read %d records, want %d", len(seen), big)
	}

	var d struct {
		ClusterMembers []struct{ ID int64 } `json:"cluster_members"`
		ClusterTotal   int                  `json:"cluster_total"`
		ClusterNext    *string              `json:"cluster_next"`
		EventMembers   []struct{ ID int64 } `json:"event_members"`
		EventTotal     int                  `json:"event_total"`
		EventNext      *string              `json:"event_next"`
	}
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d", member), &d)
	if len(d.ClusterMembers) != caption.DefaultGroupLimit || d.ClusterTotal != big-1 || d.ClusterNext == nil ||
		len(d.EventMembers) != caption.DefaultGroupLimit || d.EventTotal != big-1 || d.EventNext == nil {
		t.Errorf("record %d: %d of %d cluster members (next %v), %d of %d event members (next %v); want %d of %d and a next page of each",
			member, len(d.ClusterMembers), d.ClusterTotal, d.ClusterNext, len(d.EventMembers), d.EventTotal, d.EventNext, caption.DefaultGroupLimit, big-1)
	}

	photo := regexp.MustCompile(`<li><a href="/records/\d+">`)
	for _, path := range []string{fmt.Sprintf("/events/%d", head), fmt.Sprintf("/events/%d?limit=200", head)} {
		status, _, body := get(t, ts, path)
		page := string(body)
		want := caption.DefaultGroupLimit
		if strings.HasSuffix(path, "200") {
			want = caption.MaxGroupLimit
		}
		if n := len(photo.FindAllString(page, -1)); status != 200 || n != want {
			t.Errorf("GET %s: status %d, %d photos listed, want %d", path, status, n, want)
		}
		if !strings.Contains(page, fmt.Sprintf(`Photos <span class="count">%d</span>`, big)) || !strings.Contains(page, `rel="next">More photos</a>`) {
			t.Errorf("GET %s: no total of %d or no link to the next page", path, big)
		}
	}
	status, _, body := get(t, ts, fmt.Sprintf("/records/%d", member))
	page := string(body)
	if n := len(photo.FindAllString(page, -1)); status != 200 || n != 2*caption.DefaultGroupLimit {
		t.Errorf("record page: status %d, %d members listed, want %d near-duplicates and %d photos of the event", status, n,
			caption.DefaultGroupLimit, caption.DefaultGroupLimit)
	}
	for _, want := range []string{fmt.Sprintf(`Event <span class="count">%d</span>`, big-1), `rel="next">More photos of this event</a>`,
		fmt.Sprintf(`Near-duplicates <span class="count">%d</span>`, big-1), `rel="next">More near-duplicates</a>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the record page lacks %s", want)
		}
	}
}

// testEventPages pages through an event's records with limit and cursor,
// over every store.
func testEventPages(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	type page struct {
		Records []apiRecord `json:"records"`
		Total   int         `json:"total"`
		Next    *string     `json:"next"`
		Places  []facetJSON `json:"places"`
		Figures []struct{ Record int64 }
	}
	var got []int64
	path := fmt.Sprintf("/api/v1/events/%d?limit=1", ids["harasta"])
	for range 10 {
		var p page
		getJSON(t, ts, path, &p)
		if len(p.Records) != 1 || p.Total != 3 {
			t.Fatalf("GET %s: %d records, total %d; want 1 of 3", path, len(p.Records), p.Total)
		}
		// The page's places and figures are those of its own records.
		if diff := cmp.Diff([]facetJSON{{"Harasta", 1}}, p.Places); diff != "" {
			t.Errorf("GET %s: places (-want +got):\n%s", path, diff)
		}
		if len(p.Figures) != 1 || p.Figures[0].Record != p.Records[0].ID {
			t.Errorf("GET %s: figures %+v, want those of record %d", path, p.Figures, p.Records[0].ID)
		}
		got = append(got, p.Records[0].ID)
		if p.Next == nil {
			break
		}
		path = fmt.Sprintf("/api/v1/events/%d?limit=1&cursor=%s", ids["harasta"], url.QueryEscape(*p.Next))
	}
	// One date: by ID.
	if diff := cmp.Diff([]int64{ids["harasta"], ids["copy"], ids["rescue"]}, got); diff != "" {
		t.Errorf("the event's pages (-want +got):\n%s", diff)
	}
	for _, q := range []string{"limit=0", "limit=201", "limit=x", "cursor=not-a-cursor", "cursor=" + strings.Repeat("A", 300)} {
		if status, _, body := get(t, ts, fmt.Sprintf("/api/v1/events/%d?%s", ids["harasta"], q)); status != http.StatusBadRequest {
			t.Errorf("GET event ?%s: status %d, want 400: %s", q, status, body)
		}
	}
}

// testRecordPages pages through a record's event members with limit and
// event_cursor, over every store.
func testRecordPages(t *testing.T, open storeOpener) {
	ts, ids := newTestServerOn(t, open)
	var d struct {
		ClusterMembers []struct{ ID int64 } `json:"cluster_members"`
		ClusterTotal   int                  `json:"cluster_total"`
		ClusterNext    *string              `json:"cluster_next"`
		EventMembers   []struct{ ID int64 } `json:"event_members"`
		EventTotal     int                  `json:"event_total"`
		EventNext      *string              `json:"event_next"`
	}
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d?limit=1", ids["harasta"]), &d)
	if len(d.ClusterMembers) != 1 || d.ClusterTotal != 1 || d.ClusterNext != nil ||
		len(d.EventMembers) != 1 || d.EventMembers[0].ID != ids["copy"] || d.EventTotal != 2 || d.EventNext == nil {
		t.Fatalf("first page: %+v; want copy in the cluster (1 in all), copy first of the event's 2 with a next page", d)
	}
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d?limit=1&event_cursor=%s", ids["harasta"], url.QueryEscape(*d.EventNext)), &d)
	if len(d.EventMembers) != 1 || d.EventMembers[0].ID != ids["rescue"] || d.EventTotal != 2 || d.EventNext != nil {
		t.Errorf("second page of the event: %+v; want rescue, the last", d.EventMembers)
	}
	// A record alone in its cluster and event lists nobody.
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d", ids["sanaa"]), &d)
	if len(d.ClusterMembers)+len(d.EventMembers)+d.ClusterTotal+d.EventTotal != 0 || d.ClusterNext != nil || d.EventNext != nil {
		t.Errorf("record alone: %+v, want no members", d)
	}
	for _, q := range []string{"limit=0", "limit=201", "event_cursor=bad", "cluster_cursor=bad"} {
		if status, _, body := get(t, ts, fmt.Sprintf("/api/v1/records/%d?%s", ids["harasta"], q)); status != http.StatusBadRequest {
			t.Errorf("GET record ?%s: status %d, want 400: %s", q, status, body)
		}
	}
}

// TestMemberPagesHTML: the record and event pages link to their next page
// of members, keeping the other list's place.
func TestMemberPagesHTML(t *testing.T) {
	ts, ids := newTestServer(t)
	status, _, body := get(t, ts, fmt.Sprintf("/events/%d?limit=2", ids["harasta"]))
	page := string(body)
	next := regexp.MustCompile(`<a href="(/events/\d+\?cursor=[^"]+&amp;limit=2)" rel="next">More photos</a>`).FindStringSubmatch(page)
	if status != 200 || next == nil || !strings.Contains(page, "(2 of 3 on this page;") {
		t.Fatalf("event page, limit 2: status %d, want 2 of 3 photos and a link to the next page:\n%s", status, page)
	}
	status, _, body = get(t, ts, strings.ReplaceAll(next[1], "&amp;", "&"))
	page = string(body)
	if status != 200 || strings.Contains(page, `rel="next"`) || !strings.Contains(page, "(1 of 3 on this page;") {
		t.Errorf("event page 2: status %d, want the last photo and no next page:\n%s", status, page)
	}

	status, _, _ = get(t, ts, fmt.Sprintf("/records/%d?limit=1&cluster_cursor=x", ids["harasta"]))
	if status != http.StatusBadRequest {
		t.Errorf("record page with a bad cursor: status %d, want 400", status)
	}
	status, _, body = get(t, ts, fmt.Sprintf("/records/%d?limit=1", ids["harasta"]))
	page = string(body)
	next = regexp.MustCompile(`<a href="(/records/\d+\?event_cursor=[^"]+&amp;limit=1)" rel="next">More photos of this event</a>`).FindStringSubmatch(page)
	if status != 200 || next == nil || strings.Contains(page, "More near-duplicates") {
		t.Fatalf("record page, limit 1: status %d, want a next page of the event only:\n%s", status, page)
	}
	status, _, body = get(t, ts, strings.ReplaceAll(next[1], "&amp;", "&"))
	page = string(body)
	if status != 200 || !strings.Contains(page, fmt.Sprintf(`<a href="/records/%d">`, ids["rescue"])) || strings.Contains(page, `rel="next"`) {
		t.Errorf("record page, event page 2: status %d, want rescue and no next page:\n%s", status, page)
	}
}
