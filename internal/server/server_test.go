package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/sqlite"
)

// The captions of the test register. They are written for these tests in
// the style of wire captions (the first after a seed caption of a shelling
// in Harasta); xssCaption and xssPath carry markup that must be shown as
// text.
const (
	harastaCaption = "A picture shows the blood stained floor of a kindergarten following reported shelling in Harasta, " +
		"on the outskirts of Damascus, on November 6, 2016. At least four children were killed, according to the " +
		"Syrian Observatory for Human Rights. (Photo by Sameer Al-Doumy/AFP Photo)"
	harastaCopy = "A picture shows the bloodstained floor of a kindergarten following reported shelling in Harasta, " +
		"on the outskirts of Damascus, on November 6, 2016. At least four children were killed. (Photo by Sameer Al-Doumy/AFP)"
	harastaRescue = "Syrian civil defence volunteers search the rubble of a kindergarten in Harasta after shelling on " +
		"November 6, 2016. Six people were killed, according to the civil defence. (Photo by Abd Doumany/AFP)"
	aleppoCaption = "Syrian civil defence volunteers rescue a boy from the rubble following a reported barrel bomb attack " +
		"on the Bab al-Nairab neighbourhood of Aleppo on November 24, 2016. (Photo by Ameer Alhalbi/AFP Photo)"
	sanaaCaption = "A man inspects a house destroyed by an airstrike in Sanaa, Yemen, on August 25, 2017. Twelve people " +
		"were killed, according to residents. (Reuters/Mohamed al-Sayaghi)"
	xssCaption = `Protesters hold signs reading <script>document.title="pwned"</script><img src=x onerror="document.title='img'"> ` +
		`in Idlib on March 3, 2017. (Photo by <b>Nobody</b>/AFP)`
	xssPath = `uploads/evil"><img src=x onerror=alert(1)>.txt`
)

func intp(n int) *int { return &n }

func day(y, m, d int) caption.PartialDate {
	return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
}

// newRecord builds a record of text whose evidence for each field is
// where the given substrings first occur in it.
func newRecord(t *testing.T, text string, evidence map[string][]string, fill func(*caption.Record)) caption.Record {
	t.Helper()
	r := caption.Record{Text: text, Evidence: map[string][]caption.Span{}}
	if i := strings.LastIndex(text, " ("); i > 0 {
		r.Description, r.Credit = text[:i], strings.TrimSuffix(text[i+2:], ")")
	} else {
		r.Description = text
	}
	for field, subs := range evidence {
		for _, s := range subs {
			i := strings.Index(text, s)
			if i < 0 {
				t.Fatalf("evidence %s: %q is not in %q", field, s, text)
			}
			r.Evidence[field] = append(r.Evidence[field], caption.Span{Start: i, End: i + len(s)})
		}
	}
	fill(&r)
	return r
}

var (
	harastaLoc = &caption.Location{Name: "Harasta", Preferred: "Ḩarastā", GeonameID: 170654, Lat: 33.55869, Lon: 36.365,
		Admin1: "Rif Dimashq", CountryCode: "SY", Feature: "PPL", Precision: 1, Basis: caption.BasisContainer}
	aleppoLoc = &caption.Location{Name: "Aleppo", GeonameID: 170063, Lat: 36.20124, Lon: 37.16117,
		Admin1: "Aleppo", CountryCode: "SY", Feature: "PPLA", Precision: 2}
	sanaaLoc = &caption.Location{Name: "Sanaa", GeonameID: 71137, Lat: 15.35472, Lon: 44.20667,
		Admin1: "Amanat Alasimah", CountryCode: "YE", Feature: "PPLC", Precision: 1, Basis: caption.BasisCountry}
	// Aleppo's location has no basis: it stands for one stored before
	// sijil recorded bases.
	idlibLoc = &caption.Location{Name: "Idlib", GeonameID: 169389, Lat: 35.93062, Lon: 36.63393,
		Admin1: "Idlib", CountryCode: "SY", Feature: "PPLA", Precision: 1, Basis: caption.BasisPopulation}
)

// testRecords are the register's records, by name.
func testRecords(t *testing.T) map[string]caption.Record {
	return map[string]caption.Record{
		"harasta": newRecord(t, harastaCaption, map[string][]string{
			"date": {"November 6, 2016"}, "places": {"Harasta", "Damascus"}, "killed": {"At least four children were killed"},
			"attribution": {"according to the Syrian Observatory for Human Rights"}, "event_types": {"shelling"},
			"credit": {"Photo by Sameer Al-Doumy/AFP Photo"}, "photographers": {"Sameer Al-Doumy"}, "agencies": {"AFP Photo"},
		}, func(r *caption.Record) {
			r.Date, r.DateText, r.Places, r.Location = day(2016, 11, 6), "November 6, 2016", []string{"Harasta", "Damascus"}, harastaLoc
			r.Country, r.CountryBasis, r.Killed = "SY", caption.CountryGazetteer, intp(4)
			r.Attribution, r.EventTypes = []string{"Syrian Observatory for Human Rights"}, []caption.EventType{caption.Shelling}
			r.Photographers, r.Agencies = []string{"Sameer Al-Doumy"}, []caption.Agency{"AFP"}
		}),
		"copy": newRecord(t, harastaCopy, map[string][]string{
			"date": {"November 6, 2016"}, "places": {"Harasta"}, "killed": {"At least four children were killed"},
		}, func(r *caption.Record) {
			r.Date, r.Places, r.Location, r.Country, r.Killed = day(2016, 11, 6), []string{"Harasta", "Damascus"}, harastaLoc, "SY", intp(4)
			r.EventTypes, r.Photographers, r.Agencies = []caption.EventType{caption.Shelling}, []string{"Sameer Al-Doumy"}, []caption.Agency{"AFP"}
		}),
		"rescue": newRecord(t, harastaRescue, map[string][]string{
			"date": {"November 6, 2016"}, "places": {"Harasta"}, "killed": {"Six people were killed"},
			"attribution": {"according to the civil defence"},
		}, func(r *caption.Record) {
			r.Date, r.Places, r.Location, r.Country, r.Killed = day(2016, 11, 6), []string{"Harasta"}, harastaLoc, "SY", intp(6)
			r.Attribution, r.EventTypes = []string{"civil defence"}, []caption.EventType{caption.Shelling, caption.Rescue}
			r.Photographers, r.Agencies, r.Actors = []string{"Abd Doumany"}, []caption.Agency{"AFP"}, []string{"White Helmets"}
		}),
		"aleppo": newRecord(t, aleppoCaption, map[string][]string{
			"date": {"November 24, 2016"}, "places": {"Bab al-Nairab", "Aleppo"}, "event_types": {"barrel bomb"},
		}, func(r *caption.Record) {
			r.Date, r.Places, r.Location, r.Country = day(2016, 11, 24), []string{"Bab al-Nairab", "Aleppo"}, aleppoLoc, "SY"
			r.EventTypes = []caption.EventType{caption.BarrelBomb, caption.Rescue}
			r.Photographers, r.Agencies = []string{"Ameer Alhalbi"}, []caption.Agency{"AFP"}
		}),
		"sanaa": newRecord(t, sanaaCaption, map[string][]string{
			"date": {"August 25, 2017"}, "places": {"Sanaa"}, "country": {"Yemen"}, "killed": {"Twelve people were killed"},
		}, func(r *caption.Record) {
			r.Date, r.Places, r.Location, r.Country, r.Killed = day(2017, 8, 25), []string{"Sanaa"}, sanaaLoc, "YE", intp(12)
			r.Attribution, r.EventTypes = []string{"residents"}, []caption.EventType{caption.Airstrike}
			r.Photographers, r.Agencies = []string{"Mohamed al-Sayaghi"}, []caption.Agency{"Reuters"}
		}),
		"xss": newRecord(t, xssCaption, map[string][]string{
			"date": {"March 3, 2017"}, "places": {"Idlib"}, "credit": {"Photo by <b>Nobody</b>/AFP"},
		}, func(r *caption.Record) {
			r.Date, r.Places, r.Location, r.Country = day(2017, 3, 3), []string{"Idlib"}, idlibLoc, "SY"
			r.EventTypes, r.Agencies, r.Photographers = []caption.EventType{caption.Protest}, []caption.Agency{"AFP"}, []string{"<b>Nobody</b>"}
		}),
	}
}

// testDocs are the register's documents: path and the records' names in
// order. Harasta is found twice, once in each of two documents.
var testDocs = []struct {
	path, format string
	records      []string
}{
	{"seeds/syria.txt", "text", []string{"harasta", "copy", "rescue", "aleppo"}},
	{"seeds/yemen.jsonl", "jsonl", []string{"sanaa", "harasta"}},
	{xssPath, "text", []string{"xss"}},
}

// testBands give harasta and copy a band in common, so that the store
// offers them as near-duplicates of each other.
var testBands = map[string][]uint64{"harasta": {1, 2}, "copy": {2, 3}, "rescue": {4}, "aleppo": {5}, "sanaa": {6}, "xss": {7}}

// fill stores the test documents in s and links the records (harasta and
// copy one cluster; harasta, copy and rescue one event), returning the
// records' IDs by name.
func fill(t *testing.T, s caption.Store) map[string]int64 {
	t.Helper()
	ctx := t.Context()
	recs := testRecords(t)
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, d := range testDocs {
		var body strings.Builder
		var items []caption.Item
		for i, name := range d.records {
			r := recs[name]
			start := body.Len()
			body.WriteString(r.Text)
			items = append(items, caption.Item{
				Occurrence:  caption.Occurrence{Index: i, Start: start, End: body.Len(), Line: 1 + 2*i, Text: r.Text},
				Record:      r,
				Fingerprint: caption.Fingerprint{Key: sum(r.Text), Bands: testBands[name]},
			})
			body.WriteString("\n\n")
		}
		// Ingested as "sijil ingest ." from the archive's directory: every
		// reader sees the paths as they are (see paths_test.go for others).
		doc := caption.Document{Path: d.path, Root: ".", SHA256: sum(body.String()), Size: int64(body.Len()), Format: d.format, LastSeen: at}
		if _, err := s.PutDocument(ctx, doc, items, caption.Versions{Parser: "test", Gazetteer: "test"}); err != nil {
			t.Fatalf("PutDocument(%s): %v", d.path, err)
		}
	}
	ids := map[string]int64{}
	for sr, err := range s.Records(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		for name, r := range recs {
			if r.Text == sr.Record.Text {
				ids[name] = sr.ID
			}
		}
	}
	link := func(name string, level caption.LinkLevel, target string, sim float64, rule string) {
		t.Helper()
		l := caption.Link{Record: ids[name], Level: level, Target: ids[target], Group: ids[target], Similarity: sim, Rule: rule, Created: at}
		if err := s.SetLink(ctx, l); err != nil {
			t.Fatalf("SetLink(%+v): %v", l, err)
		}
	}
	for _, name := range []string{"harasta", "rescue", "aleppo", "sanaa", "xss"} {
		link(name, caption.LevelCluster, name, 1, "new")
	}
	link("copy", caption.LevelCluster, "harasta", 0.82, "jaccard>=0.6")
	for _, name := range []string{"harasta", "aleppo", "sanaa", "xss"} {
		link(name, caption.LevelEvent, name, 1, "new")
	}
	link("copy", caption.LevelEvent, "harasta", 1, "cluster")
	link("rescue", caption.LevelEvent, "harasta", 0.7, "same-day-place")
	return ids
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// newTestStore opens an empty SQLite register in the test's directory,
// keying place names with the gazetteer's key as cmd/sijil does.
func newTestStore(t *testing.T) caption.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "sijil.db"), sqlite.WithPlaceKey(geocode.Key))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// testToken is the write token of the tests' writable servers.
const testToken = "test-token-0123456789abcdef"

// testOptions are the options the tests serve with: place names keyed as
// cmd/sijil keys them (without the gazetteer's other spellings), one admin1
// code known, corrections in the test's directory, writes allowed with
// testToken, a fixed clock.
func testOptions(t *testing.T) Options {
	return Options{
		ExpandPlace: func(name string, _ caption.CountryCode) ([]int, []string) {
			return nil, []string{geocode.Key(name)}
		},
		Admin1Key: func(v string) string {
			if v == "SY.08" { // as the gazetteer names it
				v = "Rif Dimashq"
			}
			return geocode.Key(v)
		},
		WriteToken: testToken,
		Now:        func() time.Time { return time.Date(2024, 6, 1, 9, 30, 0, 0, time.UTC) },
	}
}

// newTestServer serves a filled SQLite register with testOptions.
func newTestServer(t *testing.T) (*httptest.Server, map[string]int64) {
	t.Helper()
	return newTestServerOn(t, func(t *testing.T) caption.Store { return newTestStore(t) })
}

// newTestServerOn serves the register open returns, filled, with
// testOptions.
func newTestServerOn(t *testing.T, open storeOpener) (*httptest.Server, map[string]int64) {
	t.Helper()
	s := open(t)
	ids := fill(t, s)
	return serve(t, s, testOptions(t)), ids
}

func serve(t *testing.T, s caption.Store, opt Options) *httptest.Server {
	ts := httptest.NewServer(New(s, opt))
	t.Cleanup(ts.Close)
	return ts
}

// get fetches path and returns the status, headers and body.
func get(t *testing.T, ts *httptest.Server, path string) (int, http.Header, []byte) {
	t.Helper()
	return do(t, ts, http.MethodGet, path, "", nil)
}

func do(t *testing.T, ts *httptest.Server, method, path, token string, body io.Reader) (int, http.Header, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, ts.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// getJSON fetches path, wants 200 and decodes the body into v.
func getJSON(t *testing.T, ts *httptest.Server, path string, v any) {
	t.Helper()
	status, _, body := get(t, ts, path)
	if status != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", path, status, body)
	}
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("GET %s: %v\n%s", path, err, body)
	}
}
