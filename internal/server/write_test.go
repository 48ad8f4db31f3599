package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func testCorrection(t *testing.T, open storeOpener) {
	s := open(t)
	ids := fill(t, s)
	opt := testOptions(t)
	ts := serve(t, s, opt)
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])

	body := `{"field": "killed", "value": 5, "note": "SOHR revised the figure the next day", "author": "rk"}`
	status, _, got := do(t, ts, http.MethodPost, path, testToken, strings.NewReader(body))
	if status != http.StatusCreated {
		t.Fatalf("POST %s: status %d: %s", path, status, got)
	}
	var c correctionJSON
	if err := json.Unmarshal(got, &c); err != nil {
		t.Fatal(err)
	}
	if c.Seq <= 0 {
		t.Errorf("correction Seq %d, want the register's number for it", c.Seq)
	}
	want := correctionJSON{Seq: c.Seq, Record: ids["harasta"], Field: "killed", Value: json.RawMessage("5"), Previous: json.RawMessage("4"),
		Note: "SOHR revised the figure the next day", Author: "rk", At: opt.Now()}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("correction (-want +got):\n%s", diff)
	}
	// A second one, then the record shows both beside the parsed value.
	do(t, ts, http.MethodPost, path, testToken, strings.NewReader(`{"field": "places", "value": ["Harasta"], "author": "rk"}`))
	var d apiDetail
	getJSON(t, ts, fmt.Sprintf("/api/v1/records/%d", ids["harasta"]), &d)
	if len(d.Corrections) != 2 || d.Corrections[1].Seq <= c.Seq || *d.Record.Killed != 4 {
		t.Errorf("record: killed %v, corrections %+v: want the parsed 4 kept and two corrections", *d.Record.Killed, d.Corrections)
	}
	// The audit trail is in the register, where another server (a
	// colleague's, on the same PostgreSQL database) finds it.
	stored, err := s.Corrections(t.Context(), ids["harasta"])
	if err != nil || len(stored) != 2 || stored[0].Value != "5" || stored[1].Value != `["Harasta"]` {
		t.Errorf("register's corrections %+v, %v: want the two made", stored, err)
	}
	// The record page shows the parsed value struck through and the correction.
	_, _, page := get(t, ts, fmt.Sprintf("/records/%d", ids["harasta"]))
	if !strings.Contains(string(page), `<span class="corrected">4</span><br><span class="correction">5</span>`) {
		t.Errorf("record page does not show the correction of killed:\n%s", page)
	}
}

func TestCorrectionInvalid(t *testing.T) {
	ts, ids := newTestServer(t)
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	for _, tc := range []struct {
		name, path, body string
		status           int
	}{
		{"unknown field", path, `{"field": "text", "value": "x", "author": "a"}`, 400},
		{"count as text", path, `{"field": "killed", "value": "five", "author": "a"}`, 400},
		{"negative", path, `{"field": "injured", "value": -1, "author": "a"}`, 400},
		{"bad date", path, `{"field": "date", "value": "2016-02-30", "author": "a"}`, 400},
		{"bad event type", path, `{"field": "event_types", "value": ["massacre"], "author": "a"}`, 400},
		{"bad location", path, `{"field": "location", "value": {"name": "X", "lat": 100, "lon": 0}, "author": "a"}`, 400},
		{"no author", path, `{"field": "killed", "value": 3}`, 400},
		{"no value", path, `{"field": "killed", "author": "a"}`, 400},
		{"unknown key", path, `{"field": "killed", "value": 3, "author": "a", "x": 1}`, 400},
		{"two objects", path, `{"field": "killed", "value": 3, "author": "a"} {}`, 400},
		{"not json", path, `killed=3`, 400},
		{"too large", path, `{"field": "killed", "value": 3, "author": "a", "note": "` + strings.Repeat("x", 70<<10) + `"}`, 413},
		{"no record", "/api/v1/corrections/999999", `{"field": "killed", "value": 3, "author": "a"}`, 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _, body := do(t, ts, http.MethodPost, tc.path, testToken, strings.NewReader(tc.body))
			if status != tc.status {
				t.Errorf("status %d, want %d: %s", status, tc.status, body)
			}
		})
	}
}

func TestDocumentUpload(t *testing.T) {
	s := newTestStore(t)
	opt := testOptions(t)
	opt.Limits.MaxUpload = 1 << 10
	var gotName, gotBody string
	opt.Ingest = func(ctx context.Context, name string, body io.Reader) (IngestResult, error) {
		b, err := io.ReadAll(body)
		if err != nil {
			return IngestResult{}, err
		}
		gotName, gotBody = name, string(b)
		if strings.Contains(gotBody, "unreadable") {
			return IngestResult{}, &UserError{Kind: caption.ErrInvalid, Message: "the document could not be read: line 1"}
		}
		return IngestResult{Path: "uploads/" + name, SHA256: sum(gotBody), Size: int64(len(b)), Captions: 1, NewRecords: 1}, nil
	}
	ts := serve(t, s, opt)

	status, _, body := do(t, ts, http.MethodPost, "/api/v1/documents?name=captions.txt", testToken, strings.NewReader(harastaCaption))
	if status != http.StatusCreated || gotName != "captions.txt" || gotBody != harastaCaption {
		t.Fatalf("status %d, name %q, body %q: %s", status, gotName, gotBody, body)
	}
	var res uploadJSON
	if err := json.Unmarshal(body, &res); err != nil || res.NewRecords != 1 || res.Size != int64(len(harastaCaption)) {
		t.Errorf("answer %s (%v)", body, err)
	}
	for _, tc := range []struct {
		name, path, body string
		status           int
	}{
		{"too large", "/api/v1/documents?name=big.txt", strings.Repeat("x", 2<<10), http.StatusRequestEntityTooLarge},
		{"no name", "/api/v1/documents", "x", http.StatusBadRequest},
		{"directory in name", "/api/v1/documents?name=../../etc/passwd", "x", http.StatusBadRequest},
		{"unreadable", "/api/v1/documents?name=a.txt", "unreadable", http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _, body := do(t, ts, http.MethodPost, tc.path, testToken, strings.NewReader(tc.body))
			if status != tc.status {
				t.Errorf("status %d, want %d: %s", status, tc.status, body)
			}
		})
	}
}

func TestDocumentUploadUnsupported(t *testing.T) {
	s := newTestStore(t)
	ts := serve(t, s, testOptions(t)) // no Ingest
	status, _, body := do(t, ts, http.MethodPost, "/api/v1/documents?name=a.txt", testToken, strings.NewReader("x"))
	if status != http.StatusNotImplemented {
		t.Errorf("status %d, want 501: %s", status, body)
	}
}
