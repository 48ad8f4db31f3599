package main

import (
	"bytes"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/server"
)

// TestServeWeakToken starts serve with weak write tokens, from the flag
// and from SIJIL_WRITE_TOKEN: each is refused before anything is opened,
// with the reason and the way to a strong one.
func TestServeWeakToken(t *testing.T) {
	for _, tc := range []struct{ name, token, want string }{
		{"blank", "   ", "empty"},
		{"white space", "3f9a0c27d41e8b65 f0a9c3d27e18b4f6", "contains white space"},
		{"one character", strings.Repeat("x", 40), "one character repeated"},
		{"31 hex digits", "3f9a0c27d41e8b65f0a9c3d27e18b4f", "about 124 bits"},
		{"a password", "Sijil2024!", "about 63 bits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "sijil.db")
			check := func(how string, r result) {
				t.Helper()
				if r.code != 2 || !strings.Contains(r.stderr, "weak write token: "+tc.want) || !strings.Contains(r.stderr, "sijil serve -new-token") {
					t.Errorf("%s: exit %d, stderr %q: want 2, %q and the advice to use -new-token", how, r.code, r.stderr, tc.want)
				}
			}
			check("-write-token", runMain(t, nil, "serve", "-db", db, "-write-token", tc.token))
			t.Setenv("SIJIL_WRITE_TOKEN", tc.token)
			check("SIJIL_WRITE_TOKEN", runMain(t, nil, "serve", "-db", db))
		})
	}
}

// TestServeNewToken prints two tokens: different, strong, one line each,
// and no server started.
func TestServeNewToken(t *testing.T) {
	db := filepath.Join(t.TempDir(), "sijil.db")
	a := mustRun(t, nil, "serve", "-new-token", "-db", db).stdout
	b := mustRun(t, nil, "serve", "-new-token").stdout
	for _, out := range []string{a, b} {
		tok, ok := strings.CutSuffix(out, "\n")
		if !ok || strings.Contains(tok, "\n") || len(tok) != 43 {
			t.Errorf("serve -new-token printed %q, want one line of 43 characters", out)
		}
		if err := server.CheckWriteToken(tok); err != nil {
			t.Errorf("serve -new-token printed a token CheckWriteToken refuses: %v", err)
		}
	}
	if a == b {
		t.Errorf("serve -new-token printed %q twice", a)
	}
	if matches, _ := filepath.Glob(db + "*"); len(matches) > 0 {
		t.Errorf("serve -new-token opened the register: %v", matches)
	}
}

// TestServeHosts starts serve with -host names: requests naming them, the
// loopback address or localhost are answered, others get 421.
func TestServeHosts(t *testing.T) {
	db := filepath.Join(t.TempDir(), "sijil.db")
	base, stop, stderr := startServe(t, "-addr", "127.0.0.1:0", "-db", db, "-host", "sijil.test, archive.test", "-host", "[fd00::7]")
	port := base[strings.LastIndex(base, ":")+1:]
	for host, want := range map[string]int{
		"":                          http.StatusOK, // the URL's, 127.0.0.1:PORT
		"localhost:" + port:         http.StatusOK,
		"[::1]:" + port:             http.StatusOK,
		"sijil.test:" + port:        http.StatusOK,
		"ARCHIVE.test.":             http.StatusOK,
		"[fd00::7]:" + port:         http.StatusOK,
		"evil.test:" + port:         http.StatusMisdirectedRequest,
		"sijil.test.evil.test":      http.StatusMisdirectedRequest,
		"127.0.0.1.nip.io:" + port:  http.StatusMisdirectedRequest,
		"[fd00::8]:" + port:         http.StatusMisdirectedRequest,
		"archive.test.evil.test:80": http.StatusMisdirectedRequest,
	} {
		for _, path := range []string{"/", "/api/v1/stats", "/api/v1/export", "/static/app.css"} {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if host != "" {
				req.Host = host
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != want {
				t.Errorf("GET %s, Host %q: status %d, want %d", path, host, resp.StatusCode, want)
			}
		}
	}
	if !strings.Contains(stderr.String(), "answering requests for localhost, the loopback addresses and 127.0.0.1, sijil.test, archive.test, [fd00::7]") {
		t.Errorf("the announcement does not name the hosts:\n%s", stderr)
	}
	if err := stop(); err != nil {
		t.Errorf("serve after the interrupt: %v", err)
	}
}

// TestServeHostConfig reads the hosts from SIJIL_HOST, and -host in its
// place, and refuses names no client could use.
func TestServeHostConfig(t *testing.T) {
	parse := func(env map[string]string, args ...string) (Config, error) {
		cfg := configFromEnv(func(k string) string { return env[k] })
		c, _ := findCommand("serve")
		fs := newFlagSet(c, &cfg, io.Discard)
		return cfg, fs.Parse(args)
	}
	env := map[string]string{"SIJIL_HOST": "sijil.test, archive.test,"}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{"none", nil, nil, nil},
		{"env", env, nil, []string{"sijil.test", "archive.test"}},
		{"flag replaces env", env, []string{"-host", "a.test"}, []string{"a.test"}},
		{"repeated and listed", env, []string{"-host", "a.test,b.test", "-host", "192.168.1.5:8740"}, []string{"a.test", "b.test", "192.168.1.5:8740"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := parse(tc.env, tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, cfg.Hosts); diff != "" {
				t.Errorf("hosts (-want +got):\n%s", diff)
			}
		})
	}
	for _, bad := range []string{"*", "0.0.0.0", "[::]", "a b", "http://sijil.test", "sijil.test/x", "a..b", "sijil.test:http", "é.test"} {
		if _, err := parse(nil, "-host", bad); err == nil {
			t.Errorf("-host %q accepted", bad)
		}
		r := runMain(t, map[string]string{"SIJIL_HOST": bad}, "serve", "-db", filepath.Join(t.TempDir(), "x.db"))
		if r.code != 2 || !strings.Contains(r.stderr, "SIJIL_HOST") {
			t.Errorf("SIJIL_HOST=%q: exit %d, stderr %q: want 2 naming SIJIL_HOST", bad, r.code, r.stderr)
		}
	}
}

func TestServeHostsOfAddr(t *testing.T) {
	for _, tc := range []struct {
		addr     string
		want     []string
		wildcard bool
	}{
		{"127.0.0.1:8740", []string{"127.0.0.1", "x.test"}, false},
		{"sijil.lan:8740", []string{"sijil.lan", "x.test"}, false},
		{"[fd00::5]:8740", []string{"fd00::5", "x.test"}, false},
		{"0.0.0.0:8740", []string{"x.test"}, true},
		{"[::]:8740", []string{"x.test"}, true},
		{":8740", []string{"x.test"}, true},
	} {
		got, wildcard := serveHosts(tc.addr, []string{"x.test"})
		if diff := cmp.Diff(tc.want, got); diff != "" || wildcard != tc.wildcard {
			t.Errorf("serveHosts(%q): wildcard %v (-want +got):\n%s", tc.addr, wildcard, diff)
		}
	}
	var b bytes.Buffer
	announceHosts(&b, nil, true)
	if !strings.Contains(b.String(), "listening on all interfaces, but answering only requests for localhost and the loopback addresses") ||
		!strings.Contains(b.String(), "-host NAME") {
		t.Errorf("announcement for 0.0.0.0 without -host: %q", b.String())
	}
	var help bytes.Buffer
	if err := run(t.Context(), []string{"help", "serve"}, func(string) string { return "" }, strings.NewReader(""), &help, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"-host", "421", "all interfaces", "-new-token", "128 bits"} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("help serve does not mention %q", want)
		}
	}
}
