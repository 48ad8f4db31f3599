package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/server"
	"sijil/internal/sqlite"
)

// TestPathsCLIAndServer ingests a case folder named by its absolute path
// and a file named itself: sijil show and sijil export print the full
// paths, as the server does for a holder of the write token, while the
// server's anonymous answers (a record's JSON and page, an export) hold
// no byte of the folder's path, only the paths below it and base names.
func TestPathsCLIAndServer(t *testing.T) {
	_, env := newGazetteerEnv(t)
	env["SIJIL_DB"] = filepath.Join(t.TempDir(), "sijil.db")
	dir := filepath.Join(t.TempDir(), "cases", "case-17 informant")
	docs := map[string]string{
		filepath.Join(dir, "gallery", "saraqib.txt"):    strings.SplitN(exportCaptions, "\n\n", 2)[0] + "\n",
		filepath.Join(t.TempDir(), "named", "taiz.txt"): "Demonstrators wave flags during a protest in Taiz, Yemen, in March 2018. (Anadolu Agency)\n",
	}
	var named string
	for p, text := range docs {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(p, dir) {
			named = p
		}
	}
	mustRun(t, env, "ingest", dir, named)
	full := filepath.Join(dir, "gallery", "saraqib.txt")
	if out := mustRun(t, env, "show", "1").stdout; !strings.Contains(out, full) {
		t.Errorf("sijil show 1 does not print %s:\n%s", full, out)
	}
	if out := mustRun(t, env, "export", "-format", "csv").stdout; !strings.Contains(out, full) || !strings.Contains(out, named) {
		t.Errorf("sijil export does not print the full paths:\n%s", out)
	}

	s, err := sqlite.Open(t.Context(), env["SIJIL_DB"])
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const token = "0123456789abcdef0123456789abcdef"
	ts := httptest.NewServer(server.New(s, server.Options{WriteToken: token}))
	defer ts.Close()
	get := func(path, token string) string {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, ts.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d, %v", path, resp.StatusCode, err)
		}
		return string(b)
	}
	for _, p := range []string{"/api/v1/records/1", "/records/1", "/api/v1/records/2", "/records/2",
		"/api/v1/export?format=jsonl", "/api/v1/export?format=csv", "/api/v1/export?format=geojson", "/api/v1/export?format=acled"} {
		body := get(p, "")
		for _, leak := range []string{dir, filepath.Dir(named), "case-17"} {
			if strings.Contains(body, leak) {
				t.Errorf("GET %s without the token shows %q", p, leak)
			}
		}
	}
	if body := get("/api/v1/export?format=csv", ""); !strings.Contains(body, "gallery/saraqib.txt:") || !strings.Contains(body, ",taiz.txt:") {
		t.Errorf("the anonymous export does not name the documents below their folder, or by base name:\n%s", body)
	}
	if body := get("/api/v1/records/1", token); !strings.Contains(body, full) {
		t.Errorf("a token holder does not see the full path:\n%s", body)
	}
}

// TestPathsUpload uploads a document to a running sijil serve: the upload
// is stored under the data directory, an absolute path that only the token
// holder sees; anonymous readers see the stored file's base name.
func TestPathsUpload(t *testing.T) {
	dir := t.TempDir()
	db, data := filepath.Join(dir, "sijil.db"), filepath.Join(dir, "data")
	const token = "paths-test-token-0123456789abcdef"
	base, stop, stderr := startServe(t, "-addr", "127.0.0.1:0", "-db", db, "-write-token", token, "-data-dir", data)
	defer stop()
	status, body := serveRequest(t, "POST", base+"/api/v1/documents?name=saraqib.txt", token, strings.SplitN(exportCaptions, "\n\n", 2)[0]+"\n")
	var up struct{ Path string }
	if status != http.StatusCreated || json.Unmarshal(body, &up) != nil || !strings.HasPrefix(up.Path, data) {
		t.Fatalf("upload: status %d: %s\n%s", status, body, stderr)
	}
	for _, p := range []string{"/api/v1/records/1", "/records/1", "/api/v1/export?format=jsonl", "/api/v1/export?format=csv"} {
		status, body := serveRequest(t, "GET", base+p, "", "")
		if status != http.StatusOK || strings.Contains(string(body), dir) || !strings.Contains(string(body), filepath.Base(up.Path)) {
			t.Errorf("GET %s without the token: status %d, shows %s or not %s:\n%.600s", p, status, dir, filepath.Base(up.Path), body)
		}
	}
	if status, body := serveRequest(t, "GET", base+"/api/v1/records/1", token, ""); status != http.StatusOK || !strings.Contains(string(body), up.Path) {
		t.Errorf("GET /api/v1/records/1 with the token: status %d, no %s:\n%s", status, up.Path, body)
	}
}
