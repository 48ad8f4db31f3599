package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
// register with bin and returns its path. The corpus has, beside the
// generator's documents, one of yearOnly near-identical captions dated
// only by their year: one cluster of that many records, whose pages once
// read every record of the year.
func loadRegister(t *testing.T, bin, dir string, n, yearOnly int) string {
	t.Helper()
	db := filepath.Join(dir, "load.db")
	docs := faultCorpus(t, dir, n)
	var b strings.Builder
	for i := range yearOnly {
		fmt.Fprintf(&b, "Photo %d of a series: residents inspect the damage after an airstrike on the Bustan al-Qasr district "+
			"of Aleppo, Syria, in 2016. (Photo by Karim Nassar / AFP)\n\n", i+1)
	}
	if err := os.WriteFile(filepath.Join(docs, "year-only.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := ingestCmd(bin, dir, db, docs).CombinedOutput(); err != nil {
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
// their API (first and later pages of their members, the largest cluster
// and events included), stats, small exports in every format, and
// requests that must fail cleanly.
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
		{"/api/v1/export?format=jsonl&q=funeral&country=IQ", 200},
		{"/api/v1/export?format=geojson&q=%22car+bomb%22", 200},
		{"/api/v1/export?format=acled&country=YE&event=shelling", 200},
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
	return append(targets, groupTargets(t, client, base)...)
}

// groupTargets are the pages of the largest groups of the register: the
// year-only cluster's records (their near-duplicates, first and second
// page) and the largest events (first and second page, HTML and JSON).
func groupTargets(t *testing.T, client *http.Client, base string) []loadTarget {
	t.Helper()
	var year struct {
		Records []struct{ ID int64 } `json:"records"`
	}
	if err := loadGet(client, base+"/api/v1/records?q=%22Bustan+al-Qasr%22+series&limit=3", &year); err != nil || len(year.Records) == 0 {
		t.Fatalf("the year-only records: %d found, %v", len(year.Records), err)
	}
	var targets []loadTarget
	for _, r := range year.Records {
		var d struct {
			ClusterTotal int     `json:"cluster_total"`
			ClusterNext  *string `json:"cluster_next"`
		}
		id := strconv.FormatInt(r.ID, 10)
		if err := loadGet(client, base+"/api/v1/records/"+id, &d); err != nil || d.ClusterNext == nil {
			t.Fatalf("record %d of the year-only cluster: %d near-duplicates and no next page, %v", r.ID, d.ClusterTotal, err)
		}
		next := "?cluster_cursor=" + url.QueryEscape(*d.ClusterNext)
		targets = append(targets, loadTarget{"/records/" + id, 200}, loadTarget{"/records/" + id + next, 200},
			loadTarget{"/api/v1/records/" + id + next, 200})
	}
	for _, ev := range largestEvents(t, client, base, 3) {
		id := strconv.FormatInt(ev, 10)
		var page struct {
			Next *string `json:"next"`
		}
		if err := loadGet(client, base+"/api/v1/events/"+id+"?limit=5", &page); err != nil {
			t.Fatal(err)
		}
		targets = append(targets, loadTarget{"/events/" + id + "?limit=5", 200}, loadTarget{"/api/v1/events/" + id, 200})
		if page.Next != nil {
			next := "?limit=5&cursor=" + url.QueryEscape(*page.Next)
			targets = append(targets, loadTarget{"/events/" + id + next, 200}, loadTarget{"/api/v1/events/" + id + next, 200})
		}
	}
	return targets
}

// largestEvents returns the n events with the most records, read from the
// record list.
func largestEvents(t *testing.T, client *http.Client, base string, n int) []int64 {
	t.Helper()
	size := map[int64]int{}
	for u := base + "/api/v1/records?limit=1000"; u != ""; {
		var page struct {
			Records []struct {
				Event *int64 `json:"event"`
			} `json:"records"`
			Next *string `json:"next"`
		}
		if err := loadGet(client, u, &page); err != nil {
			t.Fatal(err)
		}
		for _, r := range page.Records {
			if r.Event != nil {
				size[*r.Event]++
			}
		}
		u = ""
		if page.Next != nil {
			u = base + "/api/v1/records?limit=1000&cursor=" + url.QueryEscape(*page.Next)
		}
	}
	events := slices.Collect(maps.Keys(size))
	slices.SortFunc(events, func(a, b int64) int { return cmp.Or(cmp.Compare(size[b], size[a]), cmp.Compare(a, b)) })
	return events[:min(n, len(events))]
}

// TestServeLoad loads a running `sijil serve` (its own process, over
// loopback) with 64 concurrent clients for -load.duration (a minute),
// rotating through the requests of loadTargets: no request may fail, and
// the server's memory must stay level once warm (its peak over the last
// quarter of the requests within a quarter, plus 16 MB, of its peak over
// the second quarter, and after every kind of request was served twice).
// The quarters are counted in requests served, not in time, so that a
// slow machine, which serves fewer, compares the same stretches of work. Each client connects from a loopback address of its
// own (127.0.0.2, 127.0.0.3, …), as the browsers of 64 people would from
// their machines: the server's limits per client (exports at once) are
// theirs. It logs the requests per second, the p50 and p99 latency and the
// server's peak memory, and asserts nothing about speed (BenchmarkAPILoad
// measures the API alone):
//
//	go test ./cmd/sijil -run '^TestServeLoad$' -v -load.duration 60s
func TestServeLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a server for a minute")
	}
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	db := loadRegister(t, bin, dir, 3000, 1000)
	srv := startServeBinary(t, bin, []string{"SIJIL_GAZETTEER=" + filepath.Join(dir, "gazetteer")}, "-db", db)
	const clients = 64
	targets := loadTargets(t, loadClient(0), srv.base)

	ctx, cancel := context.WithTimeout(t.Context(), *loadDuration)
	defer cancel()
	var failures, served atomic.Int64
	var firstErr sync.Once
	var wg sync.WaitGroup
	lat := make([][]time.Duration, clients)
	byKind := make([]map[int][]time.Duration, clients) // by target, for the slowest
	start := time.Now()
	for c := range clients {
		client := loadClient(c)
		byKind[c] = map[int][]time.Duration{}
		wg.Go(func() {
			for i := c; ctx.Err() == nil; i++ {
				tg := targets[i%len(targets)]
				begin := time.Now()
				_, err := loadBody(ctx, client, srv.base+tg.path, tg.status)
				if ctx.Err() != nil {
					return // the run ended during the request
				}
				served.Add(1)
				lat[c] = append(lat[c], time.Since(begin))
				byKind[c][i%len(targets)] = append(byKind[c][i%len(targets)], time.Since(begin))
				if err != nil {
					failures.Add(1)
					firstErr.Do(func() { t.Errorf("client %d: %v", c, err) })
				}
			}
		})
	}
	// The server's resident memory, four times a second, with the number
	// of requests served by then.
	var samples []rssSample
	tick := time.NewTicker(250 * time.Millisecond)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
			samples = append(samples, rssSample{served.Load(), srv.rss(t)})
		}
	}
	tick.Stop()
	wg.Wait()
	elapsed := time.Since(start)
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		t.Fatal("no request finished")
	}
	ms := func(p float64) float64 { return float64(all[int(p*float64(len(all)-1))]) / 1e6 }
	t.Logf("%d requests (%d kinds) from %d clients in %v: %.0f requests/s, %d failed; p50 %.1f ms, p99 %.1f ms; server RSS peak %d MB (%s)",
		len(all), len(targets), clients, elapsed.Round(time.Second), float64(len(all))/elapsed.Seconds(), failures.Load(),
		ms(0.5), ms(0.99), maxOf(rssOf(samples, 0, math.MaxInt64))>>20, mbList(rssOf(samples, 0, math.MaxInt64)))
	t.Logf("slowest requests by median: %s", slowestTargets(targets, byKind, 8))
	if failures.Load() > 0 {
		t.Errorf("%d of %d requests failed", failures.Load(), len(all))
	}
	n := int64(len(all))
	warmFrom := max(n/4, 2*int64(len(targets)))
	warmSamples, lastSamples := rssOf(samples, warmFrom, n/2), rssOf(samples, 3*n/4, math.MaxInt64)
	if len(warmSamples) == 0 || len(lastSamples) == 0 {
		t.Fatalf("%d requests, %d memory samples: too few to compare the warm server with the end (run longer: -load.duration)", n, len(samples))
	}
	warm, last := maxOf(warmSamples), maxOf(lastSamples)
	if limit := warm + warm/4 + 16<<20; last > limit {
		t.Errorf("server memory grew under steady load: peak %d MB over the second quarter of the requests, %d MB over the last", warm>>20, last>>20)
	}
}

// rssSample is the server's resident memory when it had served a number
// of requests.
type rssSample struct{ served, rss int64 }

// rssOf returns the resident memory of the samples taken after from and
// before to requests were served.
func rssOf(samples []rssSample, from, to int64) []int64 {
	var out []int64
	for _, s := range samples {
		if s.served >= from && s.served < to {
			out = append(out, s.rss)
		}
	}
	return out
}

// slowestTargets lists the n targets with the longest median latency.
func slowestTargets(targets []loadTarget, byKind []map[int][]time.Duration, n int) string {
	type kind struct {
		path   string
		median time.Duration
	}
	var kinds []kind
	for i, tg := range targets {
		var ds []time.Duration
		for _, m := range byKind {
			ds = append(ds, m[i]...)
		}
		if len(ds) > 0 {
			slices.Sort(ds)
			kinds = append(kinds, kind{tg.path, ds[len(ds)/2]})
		}
	}
	slices.SortFunc(kinds, func(a, b kind) int { return cmp.Compare(b.median, a.median) })
	var parts []string
	for _, k := range kinds[:min(n, len(kinds))] {
		parts = append(parts, fmt.Sprintf("%s %.1f ms", k.path, float64(k.median)/1e6))
	}
	return strings.Join(parts, "; ")
}

// loadClient returns the HTTP client of load client c: its connections
// come from the loopback address 127.0.0.(2+c%250), one person's machine.
func loadClient(c int) *http.Client {
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+c%250))}
	dialer := &net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 4}, Timeout: 30 * time.Second}
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
	// Timeouts far below the defaults (10 s for headers, 2 minutes idle):
	// each connection must be closed well before its default would close
	// it, so that a flag the server ignored fails the test.
	const headerTimeout, idleTimeout = 500 * time.Millisecond, time.Second
	srv := startServeBinary(t, bin, []string{"SIJIL_GAZETTEER=" + filepath.Join(dir, "gazetteer")},
		"-db", db, "-header-timeout", headerTimeout.String(), "-idle-timeout", idleTimeout.String())
	addr := strings.TrimPrefix(srv.base, "http://")

	for _, tc := range []struct {
		name, send string
		flag       string
		timeout    time.Duration // the flag's value
		within     time.Duration // half the flag's default
	}{
		{"headers never finished", "GET /api/v1/stats HTTP/1.1\r\nHost: sijil\r\nX-Slow: ", "-header-timeout", headerTimeout, 5 * time.Second},
		{"idle after a request", "GET /api/v1/stats HTTP/1.1\r\nHost: sijil\r\n\r\n", "-idle-timeout", idleTimeout, time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
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
			conn.SetReadDeadline(start.Add(tc.within))
			_, err = io.Copy(io.Discard, conn) // a response, if any, then the close
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("the server still holds the connection after %v: %s %v was not applied", tc.within, tc.flag, tc.timeout)
			}
			if took := time.Since(start); took < tc.timeout {
				t.Errorf("the server closed the connection after %v, before %s %v", took, tc.flag, tc.timeout)
			}
		})
	}
}
