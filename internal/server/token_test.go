package server

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCheckWriteToken(t *testing.T) {
	hex32 := "3f9a0c27d41e8b65f0a9c3d27e18b4f6"
	for _, tc := range []struct {
		name, token string
		want        string // in the error; "" for none
	}{
		{"empty", "", "empty"},
		{"blank", "   \t ", "empty"},
		{"inner space", "3f9a0c27d41e8b65 f0a9c3d27e18b4f6xyz", "white space"},
		{"trailing newline", hex32 + "\n", "white space"},
		{"non-breaking space", hex32 + "\u00a0", "white space"},
		{"non-ASCII", hex32 + "é", "printable ASCII"},
		{"control", hex32 + "\x1b", "printable ASCII"},
		{"one character", strings.Repeat("a", 64), "one character repeated"},
		{"two characters", strings.Repeat("aB", 40), "only 2 different characters"},
		{"31 hex digits", hex32[:31], "about 124 bits"},
		{"long word", "correcthorsebatterys", "about 94 bits"},
		{"20 digits", "01234567890123456789", "about 66 bits"},
		{"32 hex digits", hex32, ""},
		{"32 capital hex digits", strings.ToUpper(hex32), ""},
		{"39 digits", "314159265358979323846264338327950288419", ""},
		{"the tests' token", testToken, ""},
		{"generated", NewWriteToken(), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckWriteToken(tc.token)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("CheckWriteToken(%q) = %v, want nil", tc.token, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrWeakToken)):
				t.Errorf("CheckWriteToken(%q) = %v, want ErrWeakToken saying %q", tc.token, err, tc.want)
			}
		})
	}
	if got := TokenBits(hex32); got != 128 {
		t.Errorf("TokenBits(32 hex digits) = %v, want 128", got)
	}
}

func TestNewWriteToken(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok := NewWriteToken()
		b, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil || len(b) != 32 || len(tok) != 43 {
			t.Fatalf("NewWriteToken() = %q (%d bytes, %v): want 32 bytes in base64url", tok, len(b), err)
		}
		if seen[tok] {
			t.Fatalf("NewWriteToken() gave %q twice", tok)
		}
		seen[tok] = true
		if err := CheckWriteToken(tok); err != nil {
			t.Errorf("CheckWriteToken(NewWriteToken()) = %v", err)
		}
	}
}

// syncBuffer is a log destination the handlers may write from any goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// clock is a test clock that moves only when told.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestTokenFailuresLogged makes failed writes: the first is logged at
// warning level, the next ones within the minute are counted, not logged,
// and the next line after the minute gives their count. The answers are
// the same 401 throughout, and the log never holds what was sent.
func TestTokenFailuresLogged(t *testing.T) {
	s := newTestStore(t)
	ids := fill(t, s)
	var logs syncBuffer
	clk := &clock{now: time.Date(2024, 6, 1, 9, 0, 0, 0, time.UTC)}
	opt := testOptions(t)
	opt.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	opt.Now = clk.Now
	ts := serve(t, s, opt)
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	const guess = "guessed-token-0123456789abcdef"
	refused := func() {
		t.Helper()
		status, _, body := do(t, ts, http.MethodPost, path, guess, strings.NewReader(`{"field": "killed", "value": 3, "author": "a"}`))
		if status != http.StatusUnauthorized {
			t.Fatalf("status %d, want 401: %s", status, body)
		}
	}
	lines := func() []string {
		return regexp.MustCompile(`(?m)^.*write refused.*$`).FindAllString(logs.String(), -1)
	}
	for range 5 {
		refused()
	}
	if l := lines(); len(l) != 1 || !strings.Contains(l[0], "level=WARN") || !strings.Contains(l[0], "client=127.0.0.1") ||
		!strings.Contains(l[0], "not_logged=0") || !strings.Contains(l[0], "authorization=bearer") {
		t.Fatalf("after 5 refusals in a minute, the log has:\n%s\nwant one warning for 127.0.0.1", logs.String())
	}
	clk.Add(30 * time.Second)
	refused()
	if l := lines(); len(l) != 1 {
		t.Fatalf("a refusal 30s later was logged:\n%s", logs.String())
	}
	clk.Add(31 * time.Second)
	refused()
	if l := lines(); len(l) != 2 || !strings.Contains(l[1], "not_logged=5") {
		t.Fatalf("a minute after the first line, the log has:\n%s\nwant a second line with not_logged=5", logs.String())
	}
	if strings.Contains(logs.String(), guess) || strings.Contains(logs.String(), testToken) {
		t.Errorf("the log holds a token:\n%s", logs.String())
	}
}

// TestRateLog follows several clients through the limit, the summary of a
// client gone quiet, and the entry shared beyond the clients tracked.
func TestRateLog(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	l := newRateLog(time.Minute, 2)
	t0 := time.Date(2024, 6, 1, 9, 0, 0, 0, time.UTC)
	at := func(d time.Duration, client string) {
		l.event(t.Context(), logger, slog.LevelWarn, "refused", client, t0.Add(d))
	}
	at(0, "a")
	at(time.Second, "a")
	at(2*time.Second, "a")
	at(3*time.Second, "b")
	at(4*time.Second, "c") // a third client: counted among the others
	at(5*time.Second, "d") // and a fourth, with it
	at(2*time.Minute, "b")
	got := regexp.MustCompile(`msg=("[^"]*"|\S+) client=("[^"]*"|\S+) not_logged=(\d+)`).FindAllStringSubmatch(logs.String(), -1)
	var lines []string
	for _, m := range got {
		lines = append(lines, strings.Trim(m[1], `"`)+" "+strings.Trim(m[2], `"`)+" "+m[3])
	}
	want := []string{
		"refused a 0",
		"refused b 0",
		"refused (other clients) 0",
		"refused (summary of those not logged) (other clients) 1",
		"refused (summary of those not logged) a 2",
		"refused b 0",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("log lines:\n%s\nwant:\n%s\n(log:\n%s)", strings.Join(lines, "\n"), strings.Join(want, "\n"), logs.String())
	}
	if !strings.Contains(logs.String(), "address=c") {
		t.Errorf("the line for the other clients does not give the address:\n%s", logs.String())
	}
}

// TestTokenInURLRefused sends the write token, and credentials of any
// kind, in every part of a URL, each time with the right token in the
// Authorization header too: every request fails with 400 and no
// correction is made. A URL's user:password, which browsers send as Basic
// authorization, is refused as well.
func TestTokenInURLRefused(t *testing.T) {
	s := newTestStore(t)
	ids := fill(t, s)
	var logs syncBuffer
	opt := testOptions(t)
	opt.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	ts := serve(t, s, opt)
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	body := func() *strings.Reader { return strings.NewReader(`{"field": "killed", "value": 3, "author": "a"}`) }
	var encoded strings.Builder
	for i := 0; i < len(testToken); i++ {
		fmt.Fprintf(&encoded, "%%%02X", testToken[i])
	}
	for _, target := range []string{
		path + "?token=" + testToken, path + "?access_token=x", path + "?Token=x", path + "?q=" + testToken,
		path + "?" + testToken, path + "?" + testToken + "=1", path + "?x=" + encoded.String(), path + "?x=a" + url.QueryEscape(testToken) + "b",
		path + "/" + testToken, "/api/v1/corrections/" + testToken, "/" + testToken + path, path + "/" + encoded.String(),
		"/?q=" + testToken, "/records/" + testToken, "/static/" + testToken,
	} {
		status, _, got := do(t, ts, http.MethodPost, target, testToken, body())
		if status != http.StatusBadRequest {
			t.Errorf("POST %s: status %d, want 400: %s", target, status, got)
		}
		if strings.Contains(string(got), testToken) {
			t.Errorf("POST %s: the answer repeats the token", target)
		}
		if status, _, _ := get(t, ts, target); status != http.StatusBadRequest {
			t.Errorf("GET %s: status %d, want 400", target, status)
		}
	}
	// userinfo in an absolute request URI, as a proxy-style client sends it.
	host := ts.Listener.Addr().String()
	for _, userinfo := range []string{"sijil:" + testToken, testToken, "user"} {
		req := fmt.Sprintf("POST http://%s@%s%s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n"+
			"Content-Length: %d\r\nConnection: close\r\n\r\n%s", userinfo, host, path, host, testToken, body().Len(), readAll(body()))
		if line := rawRequest(t, ts, req); !strings.Contains(line, " 400 ") {
			t.Errorf("POST http://%s@…: %s, want 400", userinfo, line)
		}
	}
	// A browser sends a URL's user:password as Basic authorization.
	for _, cred := range []string{"sijil:" + testToken, ":" + testToken, testToken + ":"} {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, ts.URL+path, body())
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(cred)))
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("Basic %q: status %d, want 401", cred, resp.StatusCode)
		}
	}
	if cs, err := s.Corrections(t.Context(), ids["harasta"]); err != nil || len(cs) != 0 {
		t.Errorf("corrections after the refused requests: %+v, %v: want none", cs, err)
	}
	if !strings.Contains(logs.String(), "the write token was sent in a URL") {
		t.Errorf("no warning that the token was sent in a URL:\n%s", logs.String())
	}
	if strings.Contains(logs.String(), testToken) || strings.Contains(logs.String(), encoded.String()) {
		t.Errorf("the log holds the token:\n%s", logs.String())
	}
	// The right token, in its header only, still writes.
	if status, _, got := do(t, ts, http.MethodPost, path, testToken, body()); status != http.StatusCreated {
		t.Errorf("POST %s with the token in its header: status %d: %s", path, status, got)
	}
}

func readAll(r *strings.Reader) string {
	var b strings.Builder
	r.WriteTo(&b)
	return b.String()
}
