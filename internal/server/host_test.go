package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// doHost sends method path to ts with the Host header host and returns the
// status and body.
func doHost(t *testing.T, ts *httptest.Server, method, path, host, token string, body io.Reader) (int, http.Header, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, ts.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s (Host %s): %v", method, path, host, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// rawRequest writes req, as given, to ts's listener and returns the
// status line of the answer.
func rawRequest(t *testing.T, ts *httptest.Server, req string) string {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(conn, req); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatalf("%q: %v", req, err)
	}
	return strings.TrimSpace(line)
}

// TestHostRefused sends requests naming other hosts, as a page that has
// rebound its domain to 127.0.0.1 would, to every kind of route: all are
// answered 421 in plain text, before any handler runs.
func TestHostRefused(t *testing.T) {
	s := newTestStore(t)
	ids := fill(t, s)
	opt := testOptions(t)
	opt.Hosts = []string{"sijil.lan", "192.168.1.5", "[fd00::5]:8740"}
	ts := serve(t, s, opt)
	paths := []string{"/", "/?q=Harasta", fmt.Sprintf("/records/%d", ids["harasta"]), fmt.Sprintf("/events/%d", ids["harasta"]),
		"/api/v1/records", "/api/v1/stats", "/api/v1/export", "/api/v1/export?format=csv", "/api/v1/geojson",
		"/api/v1/openapi.json", "/static/app.css", "/static/data/countries.json", "/nothing"}
	for _, host := range []string{
		"evil.example", "evil.example:8740", "EVIL.example.", "127.0.0.1.nip.io", "localhost.evil.example",
		"sijil.lan.evil.example", "evil-sijil.lan", "192.168.1.6", "[fd00::6]:8740", "10.0.0.1:8740",
		"127.0.0.1:http", "localhost..", "[::2]", "0.0.0.0",
	} {
		for _, path := range paths {
			status, h, body := doHost(t, ts, http.MethodGet, path, host, "", nil)
			if status != http.StatusMisdirectedRequest || !strings.HasPrefix(h.Get("Content-Type"), "text/plain") ||
				!strings.Contains(string(body), "misdirected") {
				t.Errorf("GET %s, Host %s: status %d (%s), want 421 in plain text: %.200s", path, host, status, h.Get("Content-Type"), body)
			}
		}
	}
	// A write with the token, for another host, is not done.
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	status, _, body := doHost(t, ts, http.MethodPost, path, "evil.example", testToken,
		strings.NewReader(`{"field": "killed", "value": 99, "author": "rebinder"}`))
	if status != http.StatusMisdirectedRequest {
		t.Errorf("POST %s for evil.example: status %d, want 421: %s", path, status, body)
	}
	if cs, err := s.Corrections(t.Context(), ids["harasta"]); err != nil || len(cs) != 0 {
		t.Errorf("corrections after the refused write: %+v, %v: want none", cs, err)
	}
	// The authority of an absolute request URI is the host asked for,
	// whatever the Host header says; HTTP/1.0 may send no Host at all.
	for _, req := range []string{
		"GET http://evil.example/api/v1/stats HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
		"GET /api/v1/stats HTTP/1.0\r\n\r\n",
	} {
		if line := rawRequest(t, ts, req); !strings.Contains(line, " 421 ") {
			t.Errorf("%q: %s, want 421", req, line)
		}
	}
}

// TestHostAccepted names the server by every host it is known by, in
// their various spellings.
func TestHostAccepted(t *testing.T) {
	s := newTestStore(t)
	fill(t, s)
	opt := testOptions(t)
	opt.Hosts = []string{"sijil.lan", "192.168.1.5", "[fd00::5]:8740", "Archive.Example.ORG."}
	ts := serve(t, s, opt)
	port := ts.Listener.Addr().(*net.TCPAddr).Port
	for _, host := range []string{
		"localhost", fmt.Sprintf("localhost:%d", port), "LocalHost", "localhost.", "localhost.:8740",
		"127.0.0.1", fmt.Sprintf("127.0.0.1:%d", port), "127.1.2.3:80",
		"[::1]", fmt.Sprintf("[::1]:%d", port), "[0:0:0:0:0:0:0:1]:8740", "[::ffff:127.0.0.1]:8740",
		"sijil.lan", "SIJIL.LAN:8740", "sijil.lan.", "192.168.1.5", "192.168.1.5:8740",
		"[fd00::5]", "[FD00:0::5]:80", "archive.example.org", "archive.example.org.:443",
	} {
		for _, path := range []string{"/", "/api/v1/stats", "/static/app.css"} {
			status, _, body := doHost(t, ts, http.MethodGet, path, host, "", nil)
			if status != http.StatusOK {
				t.Errorf("GET %s, Host %s: status %d, want 200: %.200s", path, host, status, body)
			}
		}
	}
	if line := rawRequest(t, ts, "GET http://localhost/api/v1/stats HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"); !strings.Contains(line, " 200 ") {
		t.Errorf("absolute request URI for localhost: %s, want 200", line)
	}
}

func TestNormalHost(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"localhost", "localhost"},
		{"LOCALHOST:8740", "localhost"},
		{"sijil.lan.", "sijil.lan"},
		{"[::1]:8740", "::1"},
		{"[::1]", "::1"},
		{"::1", "::1"},
		{"[0:0::1]", "::1"},
		{"[::ffff:127.0.0.1]:80", "127.0.0.1"},
		{"127.0.0.1:8740", "127.0.0.1"},
		{"name:http", ""},
		{"", ""},
	} {
		if got := NormalHost(tc.in); got != tc.want {
			t.Errorf("NormalHost(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
