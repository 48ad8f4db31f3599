//go:build unix

package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"sijil/internal/caption"
)

// BenchmarkPutDocument stores 100,000 captions (a tenth of them exact
// duplicates) in documents of 100 into a new database, as an ingest does,
// and reports captions/s and caption MB/s. Run it with
//
//	go test ./internal/sqlite -run '^$' -bench PutDocument -benchtime 1x
func BenchmarkPutDocument(b *testing.B) {
	const total, perDoc = 100_000, 100
	type document struct {
		doc   caption.Document
		items []caption.Item
	}
	docs := make([]document, total/perDoc)
	var size int64
	for i := range docs {
		docs[i].doc, docs[i].items = genDocument("doc"+strconv.Itoa(i)+".txt", i*perDoc, perDoc)
		for _, it := range docs[i].items {
			size += int64(len(it.Occurrence.Text))
		}
	}
	b.SetBytes(size)
	b.ReportAllocs()
	ctx := context.Background()
	var elapsed, cpu time.Duration
	for b.Loop() {
		start, cpu0 := time.Now(), cpuTime()
		s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range docs {
			if _, err := s.PutDocument(ctx, d.doc, d.items, caption.Versions{Parser: "bench"}); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		elapsed, cpu = elapsed+time.Since(start), cpu+cpuTime()-cpu0
	}
	reportRates(b, total, elapsed, cpu)
}

// BenchmarkFTSBaseline is the yardstick through this driver: the
// same captions inserted as plain rows into an FTS5 table, in transactions
// of 5,000 as an ingest commits them. Beside scripts/bench-ingest.sh's
// sqlite3 import of the same rows, it shows what the pure-Go driver alone
// costs before sijil does anything of its own.
func BenchmarkFTSBaseline(b *testing.B) {
	const total, perDoc, perTx = 100_000, 100, 5000
	var texts []string
	var size int64
	for i := range total / perDoc {
		_, items := genDocument("doc.txt", i*perDoc, perDoc)
		for _, it := range items {
			texts = append(texts, it.Occurrence.Text)
			size += int64(len(it.Occurrence.Text))
		}
	}
	b.SetBytes(size)
	var elapsed, cpu time.Duration
	for b.Loop() {
		start, cpu0 := time.Now(), cpuTime()
		db, err := sql.Open("sqlite", filepath.Join(b.TempDir(), "fts.db")+"?"+writerParams)
		if err != nil {
			b.Fatal(err)
		}
		db.SetMaxOpenConns(1)
		if _, err := db.Exec("CREATE VIRTUAL TABLE captions USING fts5 (text)"); err != nil {
			b.Fatal(err)
		}
		for i := 0; i < len(texts); i += perTx {
			tx, err := db.Begin()
			if err != nil {
				b.Fatal(err)
			}
			for _, text := range texts[i:min(i+perTx, len(texts))] {
				if _, err := tx.Exec("INSERT INTO captions (text) VALUES (?)", text); err != nil {
					b.Fatal(err)
				}
			}
			if err := tx.Commit(); err != nil {
				b.Fatal(err)
			}
		}
		db.Close()
		elapsed, cpu = elapsed+time.Since(start), cpu+cpuTime()-cpu0
	}
	reportRates(b, total, elapsed, cpu)
}

// reportRates reports captions per second of wall time and of CPU time (the
// process's user and system time, all threads): on a shared machine the
// second is the one to compare.
func reportRates(b *testing.B, perOp int, elapsed, cpu time.Duration) {
	b.ReportMetric(float64(perOp*b.N)/elapsed.Seconds(), "captions/s")
	b.ReportMetric(float64(perOp*b.N)/cpu.Seconds(), "captions/cpu-s")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
