package server

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/sqlite"
)

// benchPageSizes are the registers the page benchmarks run at: the same
// pages must cost the same at a hundred times the records.
var benchPageSizes = []int{1000, 100_000}

// BenchmarkRecordPage and BenchmarkEventPage measure GET /records/{id} and
// GET /events/{id} (and their JSON) on SQLite registers of 1,000 and
// 100,000 records all dated 2016 at year precision, in clusters of 5 and
// events of 20: what a year-only date once made a window of the whole
// year. The cost must not grow with the register:
//
//	go test ./internal/server -run '^$' -bench 'RecordPage|EventPage' -benchmem
//
// The registers are built once (about a minute for 100,000 records) and
// kept in the temporary directory as sijil-page-bench-N-v1.db.
func BenchmarkRecordPage(b *testing.B) {
	benchPages(b, func(sr caption.StoredRecord) []string {
		return []string{fmt.Sprintf("/records/%d", sr.ID), fmt.Sprintf("/api/v1/records/%d", sr.ID)}
	})
}

func BenchmarkEventPage(b *testing.B) {
	benchPages(b, func(sr caption.StoredRecord) []string {
		return []string{fmt.Sprintf("/events/%d", sr.Event), fmt.Sprintf("/api/v1/events/%d", sr.Event)}
	})
}

func benchPages(b *testing.B, paths func(caption.StoredRecord) []string) {
	for _, n := range benchPageSizes {
		s := benchPageStore(b, n)
		sr, err := s.Record(b.Context(), int64(n/2))
		if err != nil || sr.Event == 0 {
			b.Fatalf("record %d of the register: %v, event %d", n/2, err, sr.Event)
		}
		h := New(s, Options{Logger: slog.New(slog.DiscardHandler)})
		for i, path := range paths(sr) {
			b.Run(fmt.Sprintf("%s/records=%d", []string{"html", "json"}[i], n), func(b *testing.B) {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Host = "localhost"
				b.ReportAllocs()
				for b.Loop() {
					w := httptest.NewRecorder()
					h.ServeHTTP(w, req)
					if w.Code != http.StatusOK {
						b.Fatalf("GET %s: %d: %.300s", path, w.Code, w.Body)
					}
				}
			})
		}
	}
}

// benchPageStore opens the page benchmarks' register of n records,
// building it the first time; it is closed when b ends.
func benchPageStore(b *testing.B, n int) caption.Store {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("sijil-page-bench-%d-v1.db", n))
	if _, err := os.Stat(path); err != nil {
		// Built aside and renamed, so that an interrupted build is not
		// taken for a register.
		tmp := path + ".build"
		os.Remove(tmp)
		s, err := sqlite.Open(b.Context(), tmp)
		if err != nil {
			b.Fatal(err)
		}
		fillYear(b, s, n, 5, 20)
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			b.Fatal(err)
		}
	}
	s, err := sqlite.Open(b.Context(), path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}
