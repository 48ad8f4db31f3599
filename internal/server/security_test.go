package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func TestSecurityHeaders(t *testing.T) {
	ts, ids := newTestServer(t)
	for _, path := range []string{"/", fmt.Sprintf("/records/%d", ids["xss"]), "/api/v1/stats", "/static/app.css", "/nothing"} {
		_, h, _ := get(t, ts, path)
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
			"object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: Content-Security-Policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("GET %s: Content-Security-Policy %q allows unsafe sources", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("GET %s: X-Content-Type-Options %q, Referrer-Policy %q", path, h.Get("X-Content-Type-Options"), h.Get("Referrer-Policy"))
		}
	}
}

// TestEscaping shows a caption and a file name full of markup on every page
// that shows them: the markup must arrive as text.
func TestEscaping(t *testing.T) {
	ts, ids := newTestServer(t)
	for _, path := range []string{"/", "/?q=protesters", fmt.Sprintf("/records/%d", ids["xss"]), fmt.Sprintf("/events/%d", ids["xss"])} {
		status, _, body := get(t, ts, path)
		if status != http.StatusOK {
			t.Fatalf("GET %s: status %d", path, status)
		}
		page := string(body)
		for _, bad := range []string{"<script>document", "<img src=x", "<b>Nobody", `"><img`} {
			if strings.Contains(page, bad) {
				t.Errorf("GET %s: the page holds %q unescaped", path, bad)
			}
		}
		if !strings.Contains(page, "&lt;script&gt;document.title=") {
			t.Errorf("GET %s: the caption's <script> is not shown as text", path)
		}
	}
	_, _, body := get(t, ts, fmt.Sprintf("/records/%d", ids["xss"]))
	if !strings.Contains(string(body), "uploads/evil&#34;&gt;&lt;img src=x onerror=alert(1)&gt;.txt") {
		t.Errorf("the record page does not show the file name escaped:\n%s", body)
	}
	// JSON escapes markup too, for clients that paste it into a page.
	_, _, body = get(t, ts, fmt.Sprintf("/api/v1/records/%d", ids["xss"]))
	if strings.Contains(string(body), "<script>") {
		t.Errorf("API answer holds <script> unescaped: %s", body)
	}
}

func TestWritesNeedToken(t *testing.T) {
	s := newTestStore(t)
	ids := fill(t, s)
	correction := func() *strings.Reader { return strings.NewReader(`{"field": "killed", "value": 3, "author": "a"}`) }
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])

	writable := serve(t, s, testOptions(t))
	for _, tc := range []struct {
		name, token string
		status      int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"wrong token", "test-token-0123456789abcdeX", http.StatusUnauthorized},
		{"token prefix", testToken[:10], http.StatusUnauthorized},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range []string{path, "/api/v1/documents?name=a.txt"} {
				status, h, body := do(t, writable, http.MethodPost, p, tc.token, correction())
				if status != tc.status || h.Get("WWW-Authenticate") == "" {
					t.Errorf("POST %s: status %d (WWW-Authenticate %q), want %d: %s", p, status, h.Get("WWW-Authenticate"), tc.status, body)
				}
			}
		})
	}
	opt := testOptions(t)
	opt.WriteToken = ""
	readOnly := serve(t, s, opt)
	for _, token := range []string{"", testToken} {
		status, _, body := do(t, readOnly, http.MethodPost, path, token, correction())
		if status != http.StatusForbidden {
			t.Errorf("read-only server, token %q: status %d, want 403: %s", token, status, body)
		}
	}
	// Reads need no token, and GET is not a way to write.
	if status, _, _ := get(t, writable, "/api/v1/stats"); status != http.StatusOK {
		t.Errorf("GET /api/v1/stats: status %d", status)
	}
	if status, _, _ := get(t, writable, path); status != http.StatusMethodNotAllowed {
		t.Errorf("GET %s: status %d, want 405", path, status)
	}
}

func TestTokenInQueryRefused(t *testing.T) {
	ts, ids := newTestServer(t)
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	for _, q := range []string{"token=" + testToken, "access_token=" + testToken, "Token=x", "q=" + testToken} {
		status, _, body := do(t, ts, http.MethodPost, path+"?"+q, "", strings.NewReader(`{"field": "killed", "value": 3, "author": "a"}`))
		if status != http.StatusBadRequest {
			t.Errorf("POST ?%s: status %d, want 400: %s", q, status, body)
		}
		if strings.Contains(string(body), testToken) {
			t.Errorf("POST ?%s: the answer repeats the token", q)
		}
		if status, _, _ := get(t, ts, "/?"+q); status != http.StatusBadRequest {
			t.Errorf("GET /?%s: status %d, want 400", q, status)
		}
	}
}

func TestStaticFiles(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/static/app.css", 200},
		{"/static/map.js", 200},
		{"/static/timeline.js", 200},
		{"/static/data/countries.json", 200},
		{"/static/data/admin1.json", 200},
		{"/static/demo.html", 404}, // not embedded
		{"/static/", 404},
		{"/static/data/", 404},
		{"/static/../go.mod", 404},
		{"/static/..%2f..%2fserver.go", 404},
		{"/static/%2e%2e/%2e%2e/server.go", 404},
		{"/static/data/..%2f..%2fembed.go", 404},
		{"/static/..\\server.go", 404},
		{"/static//etc/passwd", 404},
		{"/static/.hidden", 404},
	} {
		status, _, body := get(t, ts, tc.path)
		if status != tc.status {
			t.Errorf("GET %s: status %d, want %d: %.100s", tc.path, status, tc.status, body)
		}
	}
}

// testInjection sends SQL and FTS syntax through every filter: the answer
// is a result or a 400, never a server error.
func testInjection(t *testing.T, open storeOpener) {
	ts, _ := newTestServerOn(t, open)
	payloads := []string{
		`'`, `"`, `' OR 1=1 --`, `"; DROP TABLE records; --`, `') UNION SELECT * FROM documents --`,
		`*`, `a*`, `NEAR(a b)`, `a AND`, `OR`, `(`, `)`, `-`, `--`, `""`, `"unclosed`, `a:b`, `{a b}`, `^a`,
		`records_fts MATCH 'x'`, `%`, `_`, `\`, `a\"b`, `NOT a`, `a OR OR b`, `-a -b`, "\u0000", "\xff",
		`1e309`, `0x10`, `9999999999999999999999`, `-0`, `NaN`, `Inf`,
	}
	params := append([]string{"limit", "cursor"}, filterParams...)
	for _, endpoint := range []string{"/api/v1/records", "/api/v1/timeline", "/api/v1/geojson", "/"} {
		for _, p := range params {
			for _, v := range payloads {
				path := endpoint + "?" + p + "=" + url.QueryEscape(v)
				status, _, body := get(t, ts, path)
				if status != http.StatusOK && status != http.StatusBadRequest {
					t.Errorf("GET %s: status %d, want 200 or 400: %.200s", path, status, body)
				}
			}
		}
	}
}
