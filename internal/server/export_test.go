package server

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// TestExport checks each format's answer: status, type, download name,
// and a body that is what export writes for the same records, so that the
// API and `sijil export` give the same file.
func TestExport(t *testing.T) {
	s := newTestStore(t)
	fill(t, s)
	ts := serve(t, s, testOptions(t))
	for _, tc := range []struct {
		query, ctype, filename string
		q                      caption.Query
	}{
		{"format=csv", "text/csv", "sijil-records-2024-06-01.csv", caption.Query{}},
		{"format=acled", "text/csv", "sijil-acled-2024-06-01.csv", caption.Query{}},
		{"format=geojson&country=SY", "application/geo+json", "sijil-records-2024-06-01.geojson", caption.Query{Country: "SY"}},
		{"format=jsonl&event=shelling", "application/x-ndjson", "sijil-records-2024-06-01.jsonl", caption.Query{EventType: caption.Shelling}},
		{"", "application/x-ndjson", "sijil-records-2024-06-01.jsonl", caption.Query{}},
	} {
		t.Run(tc.query, func(t *testing.T) {
			status, h, body := get(t, ts, "/api/v1/export?"+tc.query)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, body)
			}
			if ct, _, _ := strings.Cut(h.Get("Content-Type"), ";"); ct != tc.ctype {
				t.Errorf("Content-Type %q, want %s", h.Get("Content-Type"), tc.ctype)
			}
			if cd := h.Get("Content-Disposition"); cd != "attachment; filename="+tc.filename {
				t.Errorf("Content-Disposition %q", cd)
			}
			if h.Get("Cache-Control") != "no-store" || h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("Cache-Control %q, X-Content-Type-Options %q", h.Get("Cache-Control"), h.Get("X-Content-Type-Options"))
			}
			name, _, _ := strings.Cut(strings.TrimPrefix(tc.query, "format="), "&")
			f, _ := export.FormatNamed(cmpOr(name, "jsonl"))
			var want bytes.Buffer
			if _, err := f.Write(&want, export.Matching(t.Context(), s, tc.q, f.Sources)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want.String(), string(body)); diff != "" {
				t.Errorf("body (-export +api):\n%s", diff)
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestExportContent reads the files as a client would: the CSV rows are the
// records, the ACLED rows the events (harasta, its copy and the rescue are
// one), markup in a caption stays text.
func TestExportContent(t *testing.T) {
	ts, ids := newTestServer(t)
	_, _, body := get(t, ts, "/api/v1/export?format=csv")
	rows, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(rows) != 1+len(ids) {
		t.Fatalf("csv: %d rows, %v", len(rows), err)
	}
	if !bytes.Contains(body, []byte(`<script>document.title=""pwned""</script>`)) {
		t.Errorf("the xss caption is not in the CSV as written")
	}
	_, _, body = get(t, ts, "/api/v1/export?format=acled")
	rows, err = csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	var got []string
	for _, row := range rows[1:] {
		got = append(got, row[col["sub_event_type"]]+" "+row[col["fatalities"]])
	}
	want := []string{"Shelling/artillery/missile attack 6", "Air/drone strike ", "Air/drone strike 12", "Peaceful protest "}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("acled (-want +got):\n%s", diff)
	}
	_, _, body = get(t, ts, "/api/v1/export?format=geojson&country=IQ")
	var fc struct {
		Type     string
		Features []json.RawMessage
	}
	if err := json.Unmarshal(body, &fc); err != nil || fc.Type != "FeatureCollection" || fc.Features == nil || len(fc.Features) != 0 {
		t.Errorf("an empty geojson export: %v %s", err, body)
	}
	status, h, body := get(t, ts, "/api/v1/export?format=jsonl&country=IQ")
	if status != http.StatusOK || len(body) != 0 || h.Get("Content-Disposition") == "" {
		t.Errorf("an empty jsonl export: %d %q %q", status, h.Get("Content-Disposition"), body)
	}
}

func TestExportInvalid(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, tc := range []struct{ query, want string }{
		{"format=xmp", "format: want csv, acled, geojson or jsonl"},
		{"format=CSV", "format: want csv, acled, geojson or jsonl"},
		{"format=csv&from=2016-02-30", "from: want YYYY, YYYY-MM or YYYY-MM-DD, a real date"},
		{"format=acled&killed_min=-1", "killed_min: want a whole number, 0 or more"},
	} {
		status, h, body := get(t, ts, "/api/v1/export?"+tc.query)
		var e errorBody
		if err := json.Unmarshal(body, &e); err != nil || status != http.StatusBadRequest || e.Error != tc.want ||
			!strings.HasPrefix(h.Get("Content-Type"), "application/json") || h.Get("Content-Disposition") != "" {
			t.Errorf("%s: status %d, %s, %q", tc.query, status, h.Get("Content-Type"), body)
		}
	}
}

// faultyStore is a real store whose SourcesOf fails from its nth call on,
// to see what the client gets when a store fails during an export.
type faultyStore struct {
	caption.Store
	calls, n int
}

func (f *faultyStore) SourcesOf(ctx context.Context, ids []int64) (map[int64][]caption.Source, error) {
	if f.calls++; f.calls >= f.n {
		return nil, errors.New("disk on fire")
	}
	return f.Store.SourcesOf(ctx, ids)
}

// putMany stores n invented captions of about 500 bytes in one document.
func putMany(t *testing.T, s caption.Store, n int) {
	t.Helper()
	var items []caption.Item
	for i := range n {
		text := fmt.Sprintf("Caption %d of a long test document. %s (Photo by Nobody/AFP)", i, strings.Repeat("Nothing happens here. ", 20))
		items = append(items, caption.Item{Occurrence: caption.Occurrence{Index: i, Start: 0, End: len(text), Text: text},
			Record: caption.Record{Text: text, Description: text}, Fingerprint: caption.Fingerprint{Key: sum(text), Bands: []uint64{uint64(i)}}})
	}
	doc := caption.Document{Path: "many.txt", SHA256: sum("many"), Size: 1, Format: "text", LastSeen: time.Now()}
	if _, err := s.PutDocument(t.Context(), doc, items, caption.Versions{Parser: "test", Gazetteer: "test"}); err != nil {
		t.Fatal(err)
	}
}

// TestExportStoreFails checks both sides of the first byte: a failure
// before it is a 500 with the API's error body (and no detail); after it,
// the connection is aborted, so the download fails rather than ending as
// a short file that looks whole.
func TestExportStoreFails(t *testing.T) {
	s := newTestStore(t)
	putMany(t, s, 3*export.SourceBatch)
	early := serve(t, &faultyStore{Store: s, n: 1}, testOptions(t))
	status, _, body := get(t, early, "/api/v1/export?format=jsonl")
	if status != http.StatusInternalServerError || bytes.Contains(body, []byte("fire")) {
		t.Errorf("failure before the first byte: %d %s", status, body)
	}

	late := serve(t, &faultyStore{Store: s, n: 3}, testOptions(t))
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, late.URL+"/api/v1/export?format=jsonl", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := late.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || err == nil {
		t.Errorf("failure after the first byte: status %d, %d bytes read without error", resp.StatusCode, len(got))
	}
}

// blockingStore is a real store whose SourcesOf waits for release, so that
// exports can be held running.
type blockingStore struct {
	caption.Store
	started chan struct{}
	release chan struct{}
}

func (b *blockingStore) SourcesOf(ctx context.Context, ids []int64) (map[int64][]caption.Source, error) {
	b.started <- struct{}{}
	<-b.release
	return b.Store.SourcesOf(ctx, ids)
}

// TestExportLimit holds two exports of one client running: its third is
// refused with 429 and Retry-After (and a JSON error), another client's is
// not, and once the two have finished the first client may export again.
func TestExportLimit(t *testing.T) {
	s := newTestStore(t)
	fill(t, s)
	bs := &blockingStore{Store: s, started: make(chan struct{}), release: make(chan struct{})}
	h := New(bs, testOptions(t))
	exportFrom := func(addr string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/export?format=jsonl", nil)
		req.Host, req.RemoteAddr = "127.0.0.1:8740", addr
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	done := make(chan *httptest.ResponseRecorder, 3)
	for _, port := range []string{"5001", "5002"} {
		go func() { done <- exportFrom("192.0.2.1:" + port) }()
		<-bs.started
	}
	refused := exportFrom("192.0.2.1:5003")
	var e errorBody
	if err := json.Unmarshal(refused.Body.Bytes(), &e); err != nil || refused.Code != http.StatusTooManyRequests ||
		refused.Header().Get("Retry-After") != "5" || !strings.Contains(e.Error, "2 exports from this client are running") {
		t.Errorf("third export: %d, Retry-After %q, %s", refused.Code, refused.Header().Get("Retry-After"), refused.Body)
	}
	go func() { done <- exportFrom("192.0.2.2:5001") }()
	<-bs.started
	close(bs.release)
	for range 3 {
		if rec := <-done; rec.Code != http.StatusOK || rec.Body.Len() == 0 {
			t.Errorf("export held running: %d, %d bytes", rec.Code, rec.Body.Len())
		}
	}
	go func() { <-bs.started }()
	if rec := exportFrom("192.0.2.1:5004"); rec.Code != http.StatusOK {
		t.Errorf("export after the others finished: %d %s", rec.Code, rec.Body)
	}
}

// TestExportOutlastsPageTimeout holds an export running past the limit of
// other requests: it has a limit of its own and finishes whole.
func TestExportOutlastsPageTimeout(t *testing.T) {
	s := newTestStore(t)
	fill(t, s)
	bs := &blockingStore{Store: s, started: make(chan struct{}), release: make(chan struct{})}
	o := testOptions(t)
	o.Limits.Timeout, o.Limits.ExportTimeout = 20*time.Millisecond, time.Minute
	h := New(bs, o)
	req := httptest.NewRequest(http.MethodGet, "/api/v1/export?format=jsonl", nil)
	req.Host = "127.0.0.1:8740"
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() { h.ServeHTTP(rec, req); close(done) }()
	<-bs.started
	time.Sleep(100 * time.Millisecond) // past the page limit
	close(bs.release)
	<-done
	if rec.Code != http.StatusOK || bytes.Count(rec.Body.Bytes(), []byte("\n")) == 0 {
		t.Errorf("export held past the page limit: %d, %q", rec.Code, rec.Body.String())
	}
}
