package server

import (
	"bytes"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sijil/internal/caption"
)

// pathsRegister stores, under an absolute directory standing for an
// analyst's disk, a document found by ingesting a case folder (with its
// root), one named on the command line (no root) and an upload, each with
// a caption of its own, the three linked as one event. It returns the
// directory and the records' IDs, in that order.
func pathsRegister(t *testing.T, s caption.Store) (string, []int64) {
	t.Helper()
	disk := filepath.Join(t.TempDir(), "home", "ana", "case-17 informant Abu K")
	docs := []caption.Document{
		{Path: filepath.Join(disk, "gallery", "douma.txt"), Root: disk},
		{Path: filepath.Join(disk, "named.txt")},
		{Path: filepath.Join(disk, "sijil.db.data", "uploads", "0123456789abcdef-upload.txt")},
	}
	texts := []string{harastaCaption, aleppoCaption, sanaaCaption}
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	recs := testRecords(t)
	var ids []int64
	for i, doc := range docs {
		r := recs[[]string{"harasta", "aleppo", "sanaa"}[i]]
		doc.SHA256, doc.Size, doc.Format, doc.LastSeen = sum(texts[i]), int64(len(texts[i])), "text", at
		item := caption.Item{Occurrence: caption.Occurrence{Start: 0, End: len(texts[i]), Line: 1, Text: texts[i]},
			Record: r, Fingerprint: caption.Fingerprint{Key: sum(texts[i]), Bands: []uint64{uint64(i)}}}
		res, err := s.PutDocument(t.Context(), doc, []caption.Item{item}, caption.Versions{Parser: "test", Gazetteer: "test"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.RecordIDs[0])
	}
	for _, id := range ids {
		for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
			l := caption.Link{Record: id, Level: level, Target: id, Group: id, Similarity: 1, Rule: "new", Created: at}
			if level == caption.LevelEvent {
				l.Target, l.Group, l.Rule = ids[0], ids[0], "same day"
			}
			if err := s.SetLink(t.Context(), l); err != nil {
				t.Fatal(err)
			}
		}
	}
	return disk, ids
}

// TestPathsAnonymous reads the JSON, the pages and every export format of
// a register whose documents lie under an absolute directory, without the
// write token (and with a wrong one): no answer holds the directory, in
// any part of the raw bytes, and the documents are shown by their ID and
// their path below the ingested folder, or their base name.
func TestPathsAnonymous(t *testing.T) {
	s := newTestStore(t)
	disk, ids := pathsRegister(t, s)
	ts := serve(t, s, testOptions(t))
	var paths []string
	for _, id := range ids {
		paths = append(paths, fmt.Sprintf("/api/v1/records/%d", id), fmt.Sprintf("/records/%d", id))
	}
	paths = append(paths, fmt.Sprintf("/api/v1/events/%d", ids[0]), fmt.Sprintf("/events/%d", ids[0]),
		"/api/v1/records", "/?q=shelling", "/api/v1/geojson")
	for _, f := range []string{"jsonl", "csv", "acled", "geojson"} {
		paths = append(paths, "/api/v1/export?format="+f, "/api/v1/export?format="+f+"&country=SY")
	}
	for _, token := range []string{"", "wrong-token-0123456789abcdef"} {
		for _, p := range paths {
			status, _, body := do(t, ts, http.MethodGet, p, token, nil)
			if status != http.StatusOK {
				t.Errorf("GET %s: status %d", p, status)
			}
			for _, leak := range []string{disk, filepath.Dir(disk), "case-17", "uploads/"} {
				if i := bytes.Index(body, []byte(leak)); i >= 0 {
					t.Errorf("GET %s (token %q) shows %q: …%s…", p, token, leak, body[max(0, i-40):min(len(body), i+len(leak)+40)])
				}
			}
		}
	}
	var got struct {
		Sources []struct {
			Document struct {
				ID   int64
				Path string
			}
		}
	}
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d", ids[0]), &got)
	if len(got.Sources) != 1 || got.Sources[0].Document.Path != "gallery/douma.txt" || got.Sources[0].Document.ID == 0 {
		t.Errorf("sources of a document of an ingested folder: %+v, want its ID and gallery/douma.txt", got.Sources)
	}
	_, _, page := get(t, ts, fmt.Sprintf("/records/%d", ids[2]))
	if !bytes.Contains(page, []byte(`<td class="path">0123456789abcdef-upload.txt <span`)) {
		t.Errorf("the record page of an upload does not name it by its base name")
	}
	_, _, body := get(t, ts, "/api/v1/export?format=csv")
	for _, want := range []string{"gallery/douma.txt:0-", "named.txt:0-", "0123456789abcdef-upload.txt:0-"} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("the csv export has no source %q:\n%s", want, body)
		}
	}
}

// TestPathsTokenHolder reads the same with the write token: the record's
// JSON, its page and the exports give the documents' full paths.
func TestPathsTokenHolder(t *testing.T) {
	s := newTestStore(t)
	disk, ids := pathsRegister(t, s)
	ts := serve(t, s, testOptions(t))
	full := filepath.Join(disk, "gallery", "douma.txt")
	for _, p := range []string{fmt.Sprintf("/api/v1/records/%d", ids[0]), fmt.Sprintf("/records/%d", ids[0]),
		"/api/v1/export?format=jsonl", "/api/v1/export?format=csv", "/api/v1/export?format=geojson"} {
		status, _, body := do(t, ts, http.MethodGet, p, testToken, nil)
		if status != http.StatusOK || !strings.Contains(string(body), full) {
			t.Errorf("GET %s with the token: status %d, no %q in the body", p, status, full)
		}
	}
}
