package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/postgres"
	"sijil/internal/searchindex"
	"sijil/internal/source"
	"sijil/internal/sqlite"
)

var (
	benchRecords = flag.Int("search.records", 100_000, "records in BenchmarkSearch's register")
	benchDB      = flag.String("search.db", "", "BenchmarkSearch's SQLite register, kept between runs "+
		"(default: sijil-search-bench-N.db in the temporary directory)")
	benchPostgres = flag.String("search.postgres", "", "BenchmarkSearch's register in this PostgreSQL database (a postgres:// URL) instead of SQLite, "+
		"filled when empty and kept")
	benchIndex = flag.Bool("search.index", true, "search through the in-memory index (internal/searchindex), as sijil serve does; "+
		"false: the SQLite store's own queries")
)

// BenchmarkSearch measures the store's search at -search.records records
// (100,000 by default) of a generated corpus, on SQLite: a text query, a
// faceted query (filters, no text) and a map query (Points, as the GeoJSON
// handler asks for them), each rotating through a few queries so that no
// one answer stays cached. It reports the p50 and p99 latency of the run;
// use a fixed count for a stable p99:
//
//	go test ./cmd/sijil -run '^$' -bench Search -benchtime 200x -args -search.records 1000000
//
// The register is built once (parse and resolve as ingest does, without the
// linking passes) and kept in the temporary directory for later runs.
//
// Searches go through the in-memory index that sijil serve builds, with
// its caches off (-search.index=false for the store's own SQL); its build
// time and the heap it holds are reported by the text case as build-s and
// index-MB.
func BenchmarkSearch(b *testing.B) {
	// Each search is computed whole: the index's caches of results and
	// records would answer the rotation's repeated queries from memory.
	s := benchSearchStore(b, false)
	idlib := geocode.Key("Taiz")
	text := []caption.Query{
		{Text: "shelling Hodeidah"}, {Text: "funeral children"}, {Text: `"car bomb"`}, {Text: "Taiz OR Mocha"},
		{Text: "rubble -houthi"}, {Text: "Aleppo"}, {Text: "Kharkiv explosion"}, {Text: "protesters banners"},
	}
	faceted := []caption.Query{
		{Country: "YE", EventType: "shelling"}, {Agency: "AFP", From: "2017", To: "2017"}, {Country: "SY", KilledMin: intPtr(10)},
		{Admin1Key: idlib}, {EventType: "funeral", Country: "IQ"}, {Country: "UA", From: "2022-03", To: "2022-06"},
	}
	points := []caption.Query{{Country: "YE"}, {Text: "shelling"}, {EventType: "airstrike"}, {Country: "SY", From: "2016"}}
	cases := []struct {
		name string
		n    int // queries in the rotation
		run  func(ctx context.Context, i int) (int, error)
	}{
		{"text", len(text), func(ctx context.Context, i int) (int, error) {
			res, err := s.Search(ctx, text[i%len(text)])
			return res.Total, err
		}},
		{"faceted", len(faceted), func(ctx context.Context, i int) (int, error) {
			res, err := s.Search(ctx, faceted[i%len(faceted)])
			return res.Total, err
		}},
		{"map", len(points), func(ctx context.Context, i int) (int, error) {
			rs, err := s.Points(ctx, points[i%len(points)], 10_000)
			return len(rs), err
		}},
		{"map1000", len(points), func(ctx context.Context, i int) (int, error) {
			rs, err := s.Points(ctx, points[i%len(points)], 1000)
			return len(rs), err
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var lat []time.Duration
			found, i := 0, 0
			for b.Loop() {
				start := time.Now()
				n, err := c.run(b.Context(), i)
				lat = append(lat, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				found, i = found+n, i+1
			}
			// The median of each query of the rotation, for -v.
			var each []string
			for q := range min(i, c.n) {
				var ql []time.Duration
				for j := q; j < len(lat); j += c.n {
					ql = append(ql, lat[j])
				}
				slices.Sort(ql)
				each = append(each, fmt.Sprintf("%d:%.1fms", q, float64(ql[len(ql)/2])/1e6))
			}
			b.Logf("median by query of the rotation: %s", strings.Join(each, " "))
			slices.Sort(lat)
			ms := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))]) / 1e6 }
			b.ReportMetric(ms(0.5), "p50-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
			b.ReportMetric(float64(found)/float64(i), "matches/op")
			if st, ok := s.(*searchindex.Store); ok && c.name == "text" {
				b.ReportMetric(st.IndexStats().BuildTime.Seconds(), "build-s")
				b.ReportMetric(float64(indexHeap)/(1<<20), "index-MB")
			}
		})
	}
}

func intPtr(n int) *int { return &n }

// benchStores are the stores benchSearchStore opened, by options: a
// benchmark function runs more than once, and building a million records'
// index each time would dominate the run. They stay open until the process
// ends.
var benchStores = map[string]caption.Store{}

// benchSearchStore opens the benchmark's register and, with -search.index,
// builds its index, logging the build time and the heap the index holds.
// With cache false the index keeps no results or records between searches,
// so that each search is computed whole.
func benchSearchStore(b *testing.B, cache bool) caption.Store {
	key := fmt.Sprint(*benchDB, *benchPostgres, *benchRecords, *benchIndex, cache)
	if s, ok := benchStores[key]; ok {
		return s
	}
	src := benchRegister(b, *benchRecords)
	if !*benchIndex {
		benchStores[key] = src
		return src
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	opt := searchindex.Options{Poll: -1}
	if !cache {
		opt.Results, opt.Records = -1, -1
	}
	s, err := searchindex.New(context.Background(), src, opt)
	if err != nil {
		b.Fatal(err)
	}
	benchStores[key] = s
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	st := s.IndexStats()
	indexHeap = int64(after.HeapAlloc) - int64(before.HeapAlloc)
	b.Logf("search index: %d records, built in %v, heap %.0f MB (estimated %.0f MB)", st.Records,
		st.BuildTime.Round(time.Millisecond), float64(indexHeap)/(1<<20), float64(st.Memory)/(1<<20))
	return s
}

// indexHeap is the heap the benchmark's index holds, measured after a GC.
var indexHeap int64

// benchRegister opens the benchmark's register, filling it with n records
// unless a file of that size is already there.
func benchRegister(b *testing.B, n int) searchindex.Source {
	b.Helper()
	path := *benchDB
	if path == "" {
		path = filepath.Join(os.TempDir(), fmt.Sprintf("sijil-search-bench-%d.db", n))
	}
	ctx := context.Background()
	var s searchindex.Source
	var err error
	if *benchPostgres != "" {
		path = redactDSN(*benchPostgres)
		s, err = postgres.Open(ctx, *benchPostgres, postgres.WithPlaceKey(geocode.Key))
	} else {
		s, err = sqlite.Open(ctx, path, sqlite.WithPlaceKey(geocode.Key))
	}
	if err != nil {
		b.Fatal(err)
	}
	st, err := s.Stats(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if st.Records >= n {
		return s
	}
	if st.Records > 0 {
		b.Fatalf("%s holds %d records, not %d: remove it", path, st.Records, n)
	}
	start := time.Now()
	if err := fillRegister(ctx, s, n); err != nil {
		b.Fatal(err)
	}
	b.Logf("filled %s with %d records in %v", path, n, time.Since(start).Round(time.Second))
	return s
}

// errFilled stops the corpus generator.
var errFilled = errors.New("filled")

// fillRegister stores records of a generated corpus in s until it holds n:
// each document read, parsed and resolved in the embedded gazetteer as
// ingest does, keyed by its text, without the linking passes. Parsing runs
// beside the store's writer.
func fillRegister(ctx context.Context, s caption.Store, n int) error {
	p, err := parse.New()
	if err != nil {
		return err
	}
	ix, err := geocode.Embedded()
	if err != nil {
		return err
	}
	g := geocode.New(ix)
	type doc struct {
		d     caption.Document
		items []caption.Item
	}
	docs := make(chan doc, 8)
	done := make(chan error, 1)
	var stored atomic.Int64
	go func() {
		for d := range docs {
			if stored.Load() >= int64(n) {
				continue
			}
			res, err := s.PutDocument(ctx, d.d, d.items, caption.Versions{Parser: parse.Version, Gazetteer: "bench"})
			if err != nil {
				done <- err
				for range docs {
				}
				return
			}
			stored.Add(int64(res.NewRecords))
		}
		done <- nil
	}()
	_, err = corpus.Generate(corpus.DefaultOptions(3*n), func(name string, data []byte) error {
		if stored.Load() >= int64(n) {
			return errFilled
		}
		raws, err := source.ReadText(bytes.NewReader(data), name)
		if err != nil {
			return err
		}
		recs := p.Document(p.Segment(raws))
		g.ResolveDocument(recs)
		sum := sha256.Sum256(data)
		d := doc{d: caption.Document{Path: name, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(data)), Format: "text"}}
		for i, r := range recs {
			k := sha256.Sum256([]byte(r.Text))
			d.items = append(d.items, caption.Item{Occurrence: caption.Occurrence{Index: i, Text: r.Text},
				Record: r, Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(k[:])}})
		}
		docs <- d
		return nil
	})
	close(docs)
	if err != nil && !errors.Is(err, errFilled) {
		<-done
		return err
	}
	return <-done
}
