package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// startServe runs "sijil serve args..." until the test ends and returns
// the base URL it announces and a function that stops it and returns run's
// error.
func startServe(t *testing.T, args ...string) (base string, stop func() error, stderr *lockedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	stderr = &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve"}, args...), func(string) string { return "" }, strings.NewReader(""), io.Discard, stderr)
	}()
	stop = func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			t.Fatal("serve did not stop within 20s of the interrupt")
			return nil
		}
	}
	announced := regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+)/`)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := announced.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], stop, stderr
		}
		select {
		case err := <-done:
			t.Fatalf("serve exited: %v\n%s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	stop()
	t.Fatalf("serve announced no address in 30s:\n%s", stderr.String())
	return "", nil, nil
}

func serveRequest(t *testing.T, method, url, token, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestServe starts the server on a free port with a write token, uploads
// a document, finds it through the API and the search page, corrects a
// record, and stops the server with an interrupt.
func TestServe(t *testing.T) {
	dir := t.TempDir()
	db, data := filepath.Join(dir, "sijil.db"), filepath.Join(dir, "data")
	const token = "serve-test-token-0123456789"
	base, stop, stderr := startServe(t, "-addr", "127.0.0.1:0", "-db", db, "-write-token", token, "-data-dir", data)

	example, err := os.ReadFile(filepath.Join("..", "..", "examples", "syria.txt"))
	if err != nil {
		t.Fatal(err)
	}
	status, body := serveRequest(t, "POST", base+"/api/v1/documents?name=syria.txt", "", string(example))
	if status != http.StatusUnauthorized {
		t.Errorf("upload without the token: status %d, want 401: %s", status, body)
	}
	status, body = serveRequest(t, "POST", base+"/api/v1/documents?name=syria.txt", token, string(example))
	var up struct {
		Path       string
		NewRecords int `json:"new_records"`
	}
	if status != http.StatusCreated || json.Unmarshal(body, &up) != nil || up.NewRecords == 0 {
		t.Fatalf("upload: status %d: %s\n%s", status, body, stderr)
	}
	if !strings.HasPrefix(up.Path, filepath.Join(data, "uploads")+string(filepath.Separator)) {
		t.Errorf("upload stored at %q, want under %s/uploads", up.Path, data)
	}
	status, body = serveRequest(t, "GET", base+"/api/v1/records?q=Saqba", "", "")
	var list struct {
		Records []struct{ ID int64 }
		Total   int
	}
	if status != http.StatusOK || json.Unmarshal(body, &list) != nil || list.Total == 0 {
		t.Fatalf("search for Saqba: status %d: %s", status, body)
	}
	if status, body = serveRequest(t, "GET", base+"/?q=Saqba", "", ""); status != http.StatusOK || !strings.Contains(string(body), "Saqba") {
		t.Errorf("search page: status %d", status)
	}
	correction := `{"field": "killed", "value": 8, "author": "serve test"}`
	status, body = serveRequest(t, "POST", base+"/api/v1/corrections/"+strconv.FormatInt(list.Records[0].ID, 10), token, correction)
	if status != http.StatusCreated {
		t.Errorf("correction: status %d: %s", status, body)
	}
	if err := stop(); err != nil {
		t.Errorf("serve after the interrupt: %v\n%s", err, stderr)
	}
	// The correction is in the register, beside the parsed value.
	shown := mustRun(t, map[string]string{"SIJIL_DB": db}, "show", strconv.FormatInt(list.Records[0].ID, 10)).stdout
	if !strings.Contains(shown, "corrections (1)") || !hasLine(shown, "killed  8 (parsed ") || !hasLine(shown, "by serve test") {
		t.Errorf("sijil show after the correction:\n%s", shown)
	}
}

func TestServeReadOnly(t *testing.T) {
	db := filepath.Join(t.TempDir(), "sijil.db")
	base, stop, stderr := startServe(t, "-addr", "127.0.0.1:0", "-db", db)
	if !strings.Contains(stderr.String(), "read-only") {
		t.Errorf("the announcement does not say read-only:\n%s", stderr)
	}
	status, body := serveRequest(t, "POST", base+"/api/v1/documents?name=a.txt", "anything-at-all-0123456789", "x")
	if status != http.StatusForbidden {
		t.Errorf("upload to a read-only server: status %d, want 403: %s", status, body)
	}
	if status, _ := serveRequest(t, "GET", base+"/api/v1/stats", "", ""); status != http.StatusOK {
		t.Errorf("stats: status %d", status)
	}
	if err := stop(); err != nil {
		t.Errorf("serve after the interrupt: %v", err)
	}
}

func TestServeUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"short token", nil, []string{"serve", "-write-token", "short"}, "weak write token"},
		{"short token from env", map[string]string{"SIJIL_WRITE_TOKEN": "short"}, []string{"serve"}, "weak write token"},
		{"arguments", nil, []string{"serve", "extra"}, "usage: sijil serve"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			var stderr bytes.Buffer
			err := run(t.Context(), tc.args, func(string) string { return "" }, strings.NewReader(""), io.Discard, &stderr)
			if exitCode(err) != 2 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q: want 2 and %q", exitCode(err), stderr.String(), tc.want)
			}
		})
	}
}

func TestServeHelpHidesToken(t *testing.T) {
	t.Setenv("SIJIL_WRITE_TOKEN", "secret-token-0123456789")
	var stdout bytes.Buffer
	if err := run(t.Context(), []string{"help", "serve"}, func(string) string { return "" }, strings.NewReader(""), &stdout, io.Discard); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stdout.String(), "secret-token") || !strings.Contains(stdout.String(), "-write-token") {
		t.Errorf("help serve:\n%s", stdout.String())
	}
}
