package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sijil/internal/geocode"
	"sijil/internal/searchindex"
	"sijil/internal/server"
)

var (
	loadClients = flag.Int("load.clients", 64, "concurrent clients of BenchmarkAPILoad")
	loadCache   = flag.Bool("load.cache", true, "BenchmarkAPILoad with the index's caches of results and records, as sijil serve has them")
)

// loadQueries are the searches BenchmarkAPILoad rotates through: the
// corpus's countries, places, agencies, event types and years, alone and
// combined, with text, and pages after the first (their cursors are added at
// the start of the run).
var loadQueries = []string{
	"",
	"q=shelling+Hodeidah",
	"q=funeral+children",
	"q=%22car+bomb%22",
	"q=Taiz+OR+Mocha",
	"q=rubble+-houthi",
	"q=Aleppo",
	"q=Kharkiv+explosion",
	"q=protesters+banners&country=IQ",
	"country=YE&event=shelling",
	"agency=AFP&from=2017&to=2017",
	"country=SY&killed_min=10",
	"admin1=Taiz",
	"event=funeral&country=IQ",
	"country=UA&from=2022-03&to=2022-06",
	"place=Aleppo",
	"place=Kharkiv&event=explosion",
	"near=36.2,37.15,25",
	"agency=Reuters&event=airstrike&limit=20",
	"q=wounded&from=2015&to=2016&limit=100",
	"country=SY&from=2016-11&to=2016-12",
	"event=protest&limit=10",
}

// BenchmarkAPILoad measures GET /api/v1/records as sijil serve answers it
// (the index in front of the SQLite register of BenchmarkSearch, with the
// embedded gazetteer for place filters), over a real loopback listener, from
// -load.clients (64) concurrent clients with keep-alive connections, each
// request the next of loadQueries. It reports requests per second, the p50
// and p99 latency and the number of failed requests (transport errors and
// statuses other than 200), and fails if there is any:
//
//	go test ./cmd/sijil -run '^$' -bench APILoad -benchtime 20000x -args -search.records 1000000 -search.db PATH
//
// The clients run in the benchmark's process, on the same cores as the
// server. -load.cache=false turns the index's caches off, so that every
// request is computed whole.
func BenchmarkAPILoad(b *testing.B) {
	store := benchSearchStore(b, *loadCache)
	gaz := geocode.New(mustEmbedded(b))
	opt := server.Options{ExpandPlace: placeExpander(gaz), Admin1Key: admin1Keyer(gaz),
		Logger: slog.New(slog.DiscardHandler), Now: time.Now}
	if ix, ok := store.(*searchindex.Store); ok {
		opt.Revision = ix.Revision
	}
	h := server.New(store, opt)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	b.Cleanup(func() { srv.Close() })
	base := "http://" + ln.Addr().String() + "/api/v1/records"
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: *loadClients, MaxIdleConnsPerHost: *loadClients}, Timeout: time.Minute}
	urls := loadURLs(b, client, base)

	var next, failed atomic.Int64
	lat := make([][]time.Duration, *loadClients)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for c := range *loadClients {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				t := time.Now()
				if err := loadGet(client, urls[i%int64(len(urls))], nil); err != nil {
					if failed.Add(1) <= 3 {
						b.Error(err)
					}
				}
				lat[c] = append(lat[c], time.Since(t))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	all := slices.Concat(lat...)
	slices.Sort(all)
	ms := func(p float64) float64 { return float64(all[int(p*float64(len(all)-1))]) / 1e6 }
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
	b.ReportMetric(float64(failed.Load()), "errors")
}

func mustEmbedded(b *testing.B) *geocode.Index {
	ix, err := geocode.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	return ix
}

// loadURLs returns the URLs of loadQueries and of the second page of each
// that has one.
func loadURLs(b *testing.B, client *http.Client, base string) []string {
	var urls []string
	for _, q := range loadQueries {
		u := base + "?" + q
		var page struct {
			Next *string `json:"next"`
		}
		if err := loadGet(client, u, &page); err != nil {
			b.Fatal(err)
		}
		urls = append(urls, u)
		if page.Next != nil {
			sep := "&"
			if q == "" {
				sep = ""
			}
			urls = append(urls, base+"?"+q+sep+"cursor="+url.QueryEscape(*page.Next))
		}
	}
	return urls
}

// loadGet gets u, failing unless the status is 200, and decodes the body
// into v when v is not nil. It reads as little as it can (no copy of the
// body, no check of its JSON, unlike TestServeLoad's loadBody): its clients
// share the cores with the server they measure.
func loadGet(client *http.Client, u string, v any) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return fmt.Errorf("GET %s: %s: %s", u, resp.Status, body)
	}
	if v == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		return err
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		return errors.Join(fmt.Errorf("GET %s", u), err)
	}
	return nil
}
