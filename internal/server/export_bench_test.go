package server

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/sqlite"
)

// The export benchmarks measure GET /api/v1/export of a whole register of
// -export.records invented records (kept between runs in the system's
// temporary directory, as sijil-export-bench-N.db, since building it takes
// a while):
//
//	go test ./internal/server -run '^$' -bench '^BenchmarkExportAll$' -benchtime 3x -benchmem
//	go test ./internal/server -run '^$' -bench '^BenchmarkExportConcurrent$' -benchtime 1x
var benchRecords = flag.Int("export.records", 100_000, "records in the export benchmarks' register")

// BenchmarkExportAll is one whole-register export a request, in JSON
// Lines and CSV, with the peak heap seen during the requests.
func BenchmarkExportAll(b *testing.B) {
	s := benchStore(b, *benchRecords)
	ts := httptest.NewServer(New(s, Options{}))
	defer ts.Close()
	for _, format := range []string{"jsonl", "csv"} {
		b.Run(format, func(b *testing.B) {
			peak := watchHeap()
			var n int64
			for b.Loop() {
				status, size, err := fetch(ts, "/api/v1/export?format="+format)
				if err != nil || status != http.StatusOK {
					b.Fatalf("status %d, %v", status, err)
				}
				n = size
			}
			b.ReportMetric(float64(n)/1e6, "MB/export")
			b.ReportMetric(float64(peak())/1e6, "peak-heap-MB")
		})
	}
}

// BenchmarkExportConcurrent sends 40 whole-register exports at once from
// one client and counts how they end: whole (200 and read to the end),
// refused (429) or failed (cut off by the server's 30 s limit, or any
// other status), with the time until the last ended and the peak heap.
func BenchmarkExportConcurrent(b *testing.B) {
	s := benchStore(b, *benchRecords)
	ts := httptest.NewServer(New(s, Options{}))
	defer ts.Close()
	const clients = 40
	for b.Loop() {
		peak := watchHeap()
		start := time.Now()
		var mu sync.Mutex
		counts := map[string]int{}
		var wg sync.WaitGroup
		for range clients {
			wg.Go(func() {
				status, _, err := fetch(ts, "/api/v1/export?format=jsonl")
				what := "failed"
				switch {
				case err == nil && status == http.StatusOK:
					what = "whole"
				case err == nil && status == http.StatusTooManyRequests:
					what = "refused"
				}
				mu.Lock()
				counts[what]++
				mu.Unlock()
			})
		}
		wg.Wait()
		b.ReportMetric(time.Since(start).Seconds(), "s-all")
		for _, what := range []string{"whole", "refused", "failed"} {
			b.ReportMetric(float64(counts[what]), what)
		}
		b.ReportMetric(float64(peak())/1e6, "peak-heap-MB")
	}
}

// fetch GETs path and reads the whole body, returning the status and the
// body's size; a body cut off is an error.
func fetch(ts *httptest.Server, path string) (int, int64, error) {
	resp, err := ts.Client().Get(ts.URL + path)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, n, err
}

// watchHeap samples the live heap every 10 ms until the returned function
// is called, which returns the largest sample.
func watchHeap() func() uint64 {
	runtime.GC()
	done := make(chan struct{})
	result := make(chan uint64)
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-done:
				result <- peak
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		return <-result
	}
}

// benchStore opens the benchmark register of n records, building it first
// when it is not there yet: documents of 1,000 captions of about 300
// bytes, each record with a date, a place, a location and evidence.
func benchStore(b *testing.B, n int) caption.Store {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("sijil-export-bench-%d.db", n))
	done := path + ".done"
	if _, err := os.Stat(done); err != nil {
		os.Remove(path)
		if err := buildBenchStore(b.Context(), path, n); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(done, nil, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	s, err := sqlite.Open(b.Context(), path, sqlite.WithPlaceKey(geocode.Key))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

func buildBenchStore(ctx context.Context, path string, n int) error {
	s, err := sqlite.Open(ctx, path, sqlite.WithPlaceKey(geocode.Key))
	if err != nil {
		return err
	}
	defer s.Close()
	const perDoc = 1000
	places := []string{"Harasta", "Douma", "Aleppo", "Idlib", "Saraqib", "Taiz", "Sanaa", "Mosul"}
	for d := 0; d*perDoc < n; d++ {
		var items []caption.Item
		for i := range min(perDoc, n-d*perDoc) {
			k := d*perDoc + i
			place := places[k%len(places)]
			text := fmt.Sprintf("Smoke rises over %s after reported shelling on %s, caption %d of the benchmark. "+
				"At least %d people were killed, according to the Syrian Observatory for Human Rights. %s(Photo by Nobody/AFP)",
				place, time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, k%2000).Format("January 2, 2006"), k, k%9,
				strings.Repeat("Nothing else happens here. ", k%4))
			rec := caption.Record{Text: text, Description: text, Credit: "Photo by Nobody/AFP", Photographers: []string{"Nobody"},
				Agencies: []caption.Agency{"AFP"}, Places: []string{place}, Country: "SY", Killed: &k,
				Date:     caption.PartialDate{Year: 2016 + k%5, Month: 1 + k%12, Day: 1 + k%28, Precision: caption.PrecisionDay},
				Location: &caption.Location{Name: place, GeonameID: 170000 + k%len(places), Lat: 33 + float64(k%100)/100, Lon: 36, CountryCode: "SY", Precision: 1, Basis: caption.BasisContainer},
				Evidence: map[string][]caption.Span{"places": {{Start: 18, End: 18 + len(place)}}}}
			items = append(items, caption.Item{Occurrence: caption.Occurrence{Index: i, Start: i * 400, End: i*400 + len(text), Line: 1 + 2*i, Text: text},
				Record: rec, Fingerprint: caption.Fingerprint{Key: sum(text)}})
		}
		doc := caption.Document{Path: fmt.Sprintf("/home/analyst/cases/bench/gallery-%04d.txt", d), SHA256: sum(fmt.Sprint("doc", d)),
			Size: int64(len(items) * 400), Format: "text"}
		if _, err := s.PutDocument(ctx, doc, items, caption.Versions{Parser: "bench", Gazetteer: "bench"}); err != nil {
			return err
		}
	}
	return nil
}
