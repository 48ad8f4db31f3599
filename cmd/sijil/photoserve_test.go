package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/server"
)

// TestServePhotoSearch: POST /api/v1/photo-search finds the record of an
// ingested picture from a resized copy, with no token, and refuses hostile
// uploads with a 4xx that says what was wrong, while the server keeps
// serving; the thumbnail is served cacheable under the site's CSP, and the
// record's answer lists the other records of its picture.
func TestServePhotoSearch(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(t.TempDir(), "photos.db")
	env := map[string]string{"SIJIL_DB": "sqlite:" + db, "SIJIL_GAZETTEER": filepath.Join(dir, "no-gazetteer")}
	for i := range 4 {
		photoFile(t, filepath.Join(dir, "archive", fmt.Sprintf("p%d.jpg", i)), drawScene(uint64(20+i), 800, 600), 90,
			fmt.Sprintf("Workers clear rubble from street %d on June %d, 2020. (Photo by Lina Haddad / AFP)", i, i+1))
	}
	photoFile(t, filepath.Join(dir, "archive", "p1-again.jpg"), halfSize(drawScene(21, 800, 600)), 75,
		"Workers clear rubble from a street on June 2, 2022. (Photo by Omar Saleh / Reuters)")
	mustRun(t, env, "ingest", filepath.Join(dir, "archive"))
	store, err := openStore(t.Context(), "sqlite:"+db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ts := httptest.NewServer(server.New(store, server.Options{FindPhoto: photoFinder(store), Limits: server.Limits{MaxUpload: 32 << 20}}))
	defer ts.Close()

	var copyBuf bytes.Buffer
	if err := jpeg.Encode(&copyBuf, halfSize(drawScene(21, 800, 600)), &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Total   int
		Matches []struct {
			Record   struct{ ID int64 }
			Distance int
			Photo    struct {
				SHA256    string
				Thumbnail string
			}
		}
	}
	status, body := post(t, ts.URL+"/api/v1/photo-search", copyBuf.Bytes())
	if status != http.StatusOK {
		t.Fatalf("photo search: %d %s", status, body)
	}
	if err := json.Unmarshal(body, &res); err != nil || res.Total != 2 || len(res.Matches) != 2 {
		t.Fatalf("photo search: %v %s; want the two records of picture 1", err, body)
	}

	// The search's filters, in the URL, keep the records of the picture
	// that match them, in the API and in the page's photo form.
	for _, tc := range []struct {
		query string
		want  string // the year of the one record kept; "" for none
	}{
		{"from=2022", "2022"},
		{"agency=AFP", "2020"},
		{"q=rubble&to=2021-12", "2020"},
		{"photographer=Omar+Saleh&event=", "2022"},
		{"from=2030", ""},
	} {
		status, body := post(t, ts.URL+"/api/v1/photo-search?"+tc.query, copyBuf.Bytes())
		var got struct {
			Total   int
			Matches []struct{ Record struct{ Date string } }
		}
		err := json.Unmarshal(body, &got)
		switch {
		case status != http.StatusOK || err != nil:
			t.Errorf("photo search ?%s: %d %v %s", tc.query, status, err, body)
		case tc.want == "" && (got.Total != 0 || len(got.Matches) != 0):
			t.Errorf("photo search ?%s: %s; want nothing", tc.query, body)
		case tc.want != "" && (got.Total != 1 || len(got.Matches) != 1 || !strings.HasPrefix(got.Matches[0].Record.Date, tc.want)):
			t.Errorf("photo search ?%s: %s; want the record of %s", tc.query, body, tc.want)
		}
		page := postPhotoForm(t, ts.URL+"/photo-search?"+tc.query, copyBuf.Bytes())
		want := "0 records"
		if tc.want != "" {
			want = "1 record<"
		}
		if !strings.Contains(page, want) || tc.want != "" && !strings.Contains(page, tc.want) {
			t.Errorf("photo search page ?%s: want %q and %q in\n%s", tc.query, want, tc.want, page)
		}
	}
	if resp, err := http.Get(ts.URL + "/?from=2022&agency=Reuters"); err != nil {
		t.Error(err)
	} else {
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(page), `action="/photo-search?from=2022&amp;agency=Reuters"`) {
			t.Errorf("the search page's photo form does not post its filters:\n%s", page)
		}
	}
	if status, body := post(t, ts.URL+"/api/v1/photo-search?from=March", copyBuf.Bytes()); status != http.StatusBadRequest || !strings.Contains(string(body), "from") {
		t.Errorf("photo search with a bad date: %d %s; want 400 naming from", status, body)
	}

	// The thumbnail: an image, immutable by its URL, revalidated by ETag.
	resp, err := http.Get(ts.URL + res.Matches[0].Photo.Thumbnail)
	if err != nil {
		t.Fatal(err)
	}
	thumb, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(thumb))
	if resp.StatusCode != 200 || err != nil || cfg.Width == 0 || resp.Header.Get("Content-Type") != "image/jpeg" ||
		!strings.Contains(resp.Header.Get("Cache-Control"), "immutable") || resp.Header.Get("Content-Security-Policy") == "" ||
		resp.Header.Get("ETag") != `"`+res.Matches[0].Photo.SHA256+`"` {
		t.Errorf("thumbnail: %d %v %v, headers %v", resp.StatusCode, err, cfg, resp.Header)
	}
	req, _ := http.NewRequest("GET", ts.URL+res.Matches[0].Photo.Thumbnail, nil)
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusNotModified {
		t.Errorf("thumbnail revalidated: %v %v; want 304", resp, err)
	}
	for _, bad := range []string{"/api/v1/photos/" + strings.Repeat("0", 64) + "/thumbnail", "/api/v1/photos/..%2fetc/thumbnail"} {
		if resp, err := http.Get(ts.URL + bad); err != nil || resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %v %v; want 404", bad, resp, err)
		}
	}

	// The record lists the other record of its picture.
	resp, err = http.Get(fmt.Sprintf("%s/api/v1/records/%d", ts.URL, res.Matches[0].Record.ID))
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Record  struct{ Warnings []string }
		Sources []struct {
			Photo *struct {
				SamePicture []int64 `json:"same_picture"`
			}
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&rec)
	resp.Body.Close()
	other := res.Matches[1].Record.ID
	if err != nil || len(rec.Sources) != 1 || rec.Sources[0].Photo == nil || len(rec.Sources[0].Photo.SamePicture) != 1 ||
		rec.Sources[0].Photo.SamePicture[0] != other {
		t.Errorf("record %d: %v %+v; want its photo, the same picture as record %d", res.Matches[0].Record.ID, err, rec, other)
	}
	if !strings.Contains(strings.Join(rec.Record.Warnings, "\n"), fmt.Sprintf("same picture as record %d", other)) {
		t.Errorf("record %d warnings %q; want one naming record %d (captions two years apart)", res.Matches[0].Record.ID, rec.Record.Warnings, other)
	}

	// Hostile uploads.
	bomb := bytes.Clone(copyBuf.Bytes())
	sof := bytes.Index(bomb, []byte{0xFF, 0xC0})
	copy(bomb[sof+5:], []byte{0x4E, 0x20, 0x27, 0x10}) // 20000 × 10000 pixels
	big, err := os.ReadFile(filepath.Join(dir, "archive", "p0.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	big = append(big, make([]byte, 50<<20)...)
	for _, tc := range []struct {
		name   string
		body   []byte
		status int
		msg    string
	}{
		{"text", []byte("Smoke rises over the old city. (Photo: AFP)"), 400, "not a JPEG or PNG"},
		{"empty", nil, 400, "not a JPEG or PNG"},
		{"200 megapixels", bomb, 400, "too large"},
		{"truncated", copyBuf.Bytes()[:copyBuf.Len()/3], 400, "truncated or corrupt"},
		{"50 MB", big, 413, "too large"},
	} {
		status, body := post(t, ts.URL+"/api/v1/photo-search", tc.body)
		if status != tc.status || !strings.Contains(string(body), tc.msg) {
			t.Errorf("%s: %d %s; want %d saying %q", tc.name, status, body, tc.status, tc.msg)
		}
	}
	if status, body := post(t, ts.URL+"/api/v1/photo-search", copyBuf.Bytes()); status != 200 {
		t.Errorf("after hostile uploads: %d %s", status, body)
	}
}

func post(t *testing.T, url string, body []byte) (int, []byte) {
	t.Helper()
	resp, err := http.Post(url, "application/octet-stream", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// postPhotoForm sends file as the search page's photo form does and
// returns the page.
func postPhotoForm(t *testing.T, url string, file []byte) string {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("photo", "copy.jpg")
	if err == nil {
		_, err = fw.Write(file)
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(url, mw.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	page, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %d %v\n%s", url, resp.StatusCode, err, page)
	}
	return string(page)
}
