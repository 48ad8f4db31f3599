package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var loadDuration = flag.Duration("load.duration", time.Minute, "how long TestServeLoad loads the server")

// servedBinary is a `sijil serve` process the test started.
type servedBinary struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:PORT
}

// startServeBinary runs the sijil binary bin as `sijil serve -addr
// 127.0.0.1:0 args...` in a process of its own, stopped when the test ends,
// and waits for the address it announces.
func startServeBinary(t *testing.T, bin string, env []string, args ...string) *servedBinary {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	announced := regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+)/`)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			if m := announced.FindStringSubmatch(sc.Text()); m != nil && !sent {
				found <- m[1]
				sent = true
			}
		}
	}()
	select {
	case base := <-found:
		return &servedBinary{cmd: cmd, base: base}
	case <-time.After(time.Minute):
		t.Fatal("sijil serve announced no address within a minute")
		return nil
	}
}

// rss returns the process's resident memory in bytes, from /proc.
func (s *servedBinary) rss(t *testing.T) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		t.Skipf("no /proc to read the server's memory from: %v", err)
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("VmRSS %q: %v", v, err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS in /proc status")
	return 0
}

// loadRegister ingests a generated corpus of n captions into a new SQLite
// register with bin and returns its path.
func loadRegister(t *testing.T, bin, dir string, n int) string {
	t.Helper()
	db := filepath.Join(dir, "load.db")
	if out, err := ingestCmd(bin, dir, db, faultCorpus(t, dir, n)).CombinedOutput(); err != nil {
		t.Fatalf("ingest: %v\n%s", err, lastLines(string(out), 5))
	}
	return db
}

// loadTarget is one request of the load's rotation and the status it must
// answer with.
type loadTarget struct {
	path   string
	status int
}

// loadTargets are the pages and API calls a documentation team's browsers
// make, read from the running server: searches with filters and text, a
// next page, the map and timeline of a result, record and event pages and
// their API, stats, an export, and requests that must fail cleanly.
func loadTargets(t *testing.T, client *http.Client, base string) []loadTarget {
	t.Helper()
	var list struct {
		Records []struct {
			ID    int64  `json:"id"`
			Event *int64 `json:"event"`
		} `json:"records"`
		Next *string `json:"next"`
	}
	if err := loadGet(client, base+"/api/v1/records?limit=20", &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Records) == 0 || list.Next == nil {
		t.Fatalf("the load register's first page has %d records and no next page", len(list.Records))
	}
	targets := []loadTarget{
		{"/api/v1/records", 200},
		{"/api/v1/records?q=shelling", 200},
		{"/api/v1/records?q=%22car+bomb%22+-houthi&country=YE", 200},
		{"/api/v1/records?event=airstrike&killed_min=2&limit=100", 200},
		{"/api/v1/records?cursor=" + url.QueryEscape(*list.Next), 200},
		{"/api/v1/records?from=2016-01-01&to=2017-12-31&place=Aleppo", 200},
		{"/api/v1/geojson?q=funeral", 200},
		{"/api/v1/timeline?country=SY", 200},
		{"/api/v1/stats", 200},
		{"/api/v1/export?format=csv&q=rubble", 200},
		{"/?q=rescue&country=SY", 200},
		{"/api/v1/records?from=not-a-date", 400},
		{"/api/v1/records?q=%22unclosed", 200},
		{"/records/999999999", 404},
	}
	for _, r := range list.Records[:5] {
		id := strconv.FormatInt(r.ID, 10)
		targets = append(targets, loadTarget{"/api/v1/records/" + id, 200}, loadTarget{"/records/" + id, 200})
		if r.Event != nil {
			targets = append(targets, loadTarget{"/events/" + strconv.FormatInt(*r.Event, 10), 200})
		}
	}
	return targets
}

// TestServeLoad loads a running `sijil serve` (its own process, over
// loopback) with 64 concurrent clients for -load.duration (a minute),
// rotating through the requests of loadTargets: no request may fail, and
// the server's memory must stay level once warm (its peak in the last
// quarter of the run within a quarter, plus 16 MB, of its peak in the
// second quarter). It asserts nothing about speed; BenchmarkAPILoad
// measures that.
func TestServeLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a server for a minute")
	}
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	db := loadRegister(t, bin, dir, 3000)
	srv := startServeBinary(t, bin, []string{"SIJIL_GAZETTEER=" + filepath.Join(dir, "gazetteer")}, "-db", db)
	const clients = 64
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients}, Timeout: 30 * time.Second}
	targets := loadTargets(t, client, srv.base)

	ctx, cancel := context.WithTimeout(t.Context(), *loadDuration)
	defer cancel()
	var requests, failures atomic.Int64
	var firstErr sync.Once
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for i := c; ctx.Err() == nil; i++ {
				tg := targets[i%len(targets)]
				_, err := loadBody(ctx, client, srv.base+tg.path, tg.status)
				if ctx.Err() != nil {
					return // the run ended during the request
				}
				requests.Add(1)
				if err != nil {
					failures.Add(1)
					firstErr.Do(func() { t.Errorf("client %d: %v", c, err) })
				}
			}
		})
	}
	// The server's resident memory, once a second.
	var samples []int64
	tick := time.NewTicker(time.Second)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
			samples = append(samples, srv.rss(t))
		}
	}
	tick.Stop()
	wg.Wait()
	t.Logf("%d requests from %d clients in %v, %d failed; server RSS %s", requests.Load(), clients, *loadDuration, failures.Load(), mbList(samples))
	if failures.Load() > 0 {
		t.Errorf("%d of %d requests failed", failures.Load(), requests.Load())
	}
	if len(samples) < 8 {
		t.Fatalf("only %d memory samples: run longer (-load.duration)", len(samples))
	}
	q := len(samples) / 4
	warm, last := maxOf(samples[q:2*q]), maxOf(samples[3*q:])
	if limit := warm + warm/4 + 16<<20; last > limit {
		t.Errorf("server memory grew under steady load: peak %d MB in the second quarter of the run, %d MB in the last", warm>>20, last>>20)
	}
}

func maxOf(xs []int64) int64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}

func mbList(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatInt(x>>20, 10)
	}
	return strings.Join(parts, " ") + " MB"
}

// loadBody gets u and returns its body, failing unless it answers with
// status and, when it says it is JSON, is valid JSON.
func loadBody(ctx context.Context, client *http.Client, u string, status int) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	if resp.StatusCode != status {
		return nil, fmt.Errorf("GET %s: %s, want %d: %.300s", u, resp.Status, status, body)
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && !json.Valid(body) {
		return nil, fmt.Errorf("GET %s: invalid JSON: %.300s", u, body)
	}
	return body, nil
}

// TestServeSlowClients checks that a client cannot hold a connection of
// `sijil serve` forever: one that sends half a request's headers, and one
// that keeps a connection open after its request, are both cut off once
// -header-timeout and -idle-timeout pass, while the server goes on
// answering others. The minute-long guard only catches a connection that
// is never closed; it is not a measurement.
func TestServeSlowClients(t *testing.T) {
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	db := filepath.Join(dir, "empty.db")
	srv := startServeBinary(t, bin, []string{"SIJIL_GAZETTEER=" + filepath.Join(dir, "gazetteer")},
		"-db", db, "-header-timeout", "1s", "-idle-timeout", "2s")
	addr := strings.TrimPrefix(srv.base, "http://")

	for _, tc := range []struct {
		name, send string
	}{
		{"headers never finished", "GET /api/v1/stats HTTP/1.1\r\nHost: sijil\r\nX-Slow: "},
		{"idle after a request", "GET /api/v1/stats HTTP/1.1\r\nHost: sijil\r\n\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, tc.send); err != nil {
				t.Fatal(err)
			}
			// Meanwhile the server answers other clients.
			if _, err := loadBody(t.Context(), http.DefaultClient, srv.base+"/api/v1/stats", 200); err != nil {
				t.Error(err)
			}
			conn.SetReadDeadline(time.Now().Add(time.Minute))
			_, err = io.Copy(io.Discard, conn) // a response, if any, then the close
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("the server still holds the connection after a minute")
			}
		})
	}
}
