package postgres

import (
	"context"
	"fmt"
	"testing"

	"sijil/internal/caption"
)

// BenchmarkPutDocument stores 100,000 captions in documents of 100, one in
// ten an exact duplicate of a caption stored before, with fingerprints of
// dedup's size (128 MinHash values, 32 bands), and reports captions stored
// per second. Each round stores new documents and captions into the same
// schema, which grows as it goes. It runs with synchronous_commit on, as
// sijil does, and off, to tell the server's work from the disk's flushes.
//
//	SIJIL_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test?sslmode=disable \
//	  go test ./internal/postgres -run '^$' -bench PutDocument -benchtime 1x
func BenchmarkPutDocument(b *testing.B) {
	for _, sync := range []string{"on", "off"} {
		b.Run("synchronous_commit="+sync, func(b *testing.B) {
			url := withSettings(b, newSchema(b), map[string]string{"synchronous_commit": sync})
			benchmarkPutDocument(b, mustOpen(b, url))
		})
	}
}

func benchmarkPutDocument(b *testing.B, s *Store) {
	const items, perDoc = 100_000, 100
	ctx := context.Background()
	round := 0
	for b.Loop() {
		base := round * items
		for d := range items / perDoc {
			ns := make([]int, perDoc)
			for i := range ns {
				n := base + d*perDoc + i
				if n%10 == 9 && n > base+perDoc {
					n = (n * 7919) % (n - perDoc) // a caption some earlier document held
				}
				ns[i] = n
			}
			doc, its := testDocument(fmt.Sprintf("bench/%d/%d.txt", round, d), ns...)
			if _, err := s.PutDocument(ctx, doc, its, testVersions); err != nil {
				b.Fatal(err)
			}
		}
		round++
	}
	b.ReportMetric(float64(items*b.N)/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkPutDocuments stores 100,000 captions as an ingest does: batches
// of 5,000 captions (50 documents of 100), each stored and linked in one
// PutDocuments call inside Exclusive, one in ten captions an exact
// duplicate of one stored before, and reports captions stored per second:
// the store's share of an ingest, without reading, parsing or linking.
//
//	SIJIL_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test?sslmode=disable \
//	  go test ./internal/postgres -run '^$' -bench PutDocuments -benchtime 1x
func BenchmarkPutDocuments(b *testing.B) {
	s := mustOpen(b, withSettings(b, newSchema(b), map[string]string{"synchronous_commit": "on"}))
	const items, perDoc, perBatch = 100_000, 100, 5_000
	ctx := context.Background()
	round := 0
	for b.Loop() {
		base := round * items
		for first := 0; first < items; first += perBatch {
			var batch []caption.DocumentItems
			for d := first / perDoc; d < (first+perBatch)/perDoc; d++ {
				ns := make([]int, perDoc)
				for i := range ns {
					n := base + d*perDoc + i
					if n%10 == 9 && n > base+perDoc {
						n = (n * 7919) % (n - perDoc) // a caption some earlier document held
					}
					ns[i] = n
				}
				doc, its := testDocument(fmt.Sprintf("bench/%d/%d.txt", round, d), ns...)
				batch = append(batch, caption.DocumentItems{Document: doc, Items: its})
			}
			err := s.Exclusive(ctx, func(ctx context.Context) error {
				_, err := s.PutDocuments(ctx, batch, testVersions, newLinks)
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		round++
	}
	b.ReportMetric(float64(items*b.N)/b.Elapsed().Seconds(), "items/s")
}
