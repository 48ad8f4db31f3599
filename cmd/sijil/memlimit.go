package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// ingestMemoryLimit is the soft limit of the Go heap during an ingest,
// unless GOMEMLIMIT sets one. A long ingest keeps what linking has learnt
// of every record in memory: its band index (dedup.BandIndex) and the
// dates, places and credits of the events (dedup.EventIndex); left to GOGC
// alone the heap grows to twice that between collections. Under the limit
// the collector runs sooner as the heap nears it. The process holds about
// 100 MB besides the Go heap (SQLite's page cache and the binary's pages):
// at a million captions a limit of 400 MiB peaked at 500 MB resident, 360
// MiB at 482 MB for 4% more time, 340 MiB at 472 MB (2026-12-03). The
// ingest has since grown leaner: alternated on one build (2026-12-06), 360
// MiB took 66.0, 66.4 and 66.6 s for a million and peaked at 429–431 MB,
// 384 MiB 63.7 and 63.9 s at 454–465 MB, 400 MiB 62.2–63.6 s at 467–470
// MB; the collector ran 344 times under 360. At 384 the register of a
// million keeps some 35 MB of headroom below 500 MB.
const ingestMemoryLimit = 384 << 20

// memoryLimitFor is the soft limit for a live heap of live bytes: floor
// while the heap is well under it, and beyond it 15% more than the live
// heap and 32 MiB. The margin is small, so that a register near the floor
// (a million records) keeps to it; the collector then runs every few
// tens of megabytes allocated, but finds little to mark: linking's state
// is mostly flat arrays without pointers. A fixed limit below the live heap
// (the linking state of several million records) leaves the collector
// running without pause, up to half the CPU: a 10-million-caption ingest
// would spend its time collecting.
func memoryLimitFor(live uint64, floor int64) int64 {
	grown := min(live, 1<<60)
	grown += grown*15/100 + 32<<20
	return max(floor, int64(grown))
}

// followMemoryLimit sets the soft memory limit to floor and moves it with
// the live heap (memoryLimitFor) every interval, until the returned
// function is called, which restores the limit before.
func followMemoryLimit(floor int64, interval time.Duration) (stop func()) {
	before := debug.SetMemoryLimit(floor)
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				debug.SetMemoryLimit(memoryLimitFor(sample[0].Value.Uint64(), floor))
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		debug.SetMemoryLimit(before)
	}
}

// batchGCPercent is the collector's GOGC for the commands that read
// captions by the thousand (parse, ingest, reparse), unless GOGC sets one.
// They allocate some 20 KB a caption, nearly all of it garbage within the
// caption, beside a live heap of tens of megabytes: at GOGC's default of
// 100 an ingest of 100,000 captions collected 53 times, and on two cores
// the collector's workers and write barriers took time from the parsers
// and the writer alike. At 200, alternated with 100 on the same build
// (2026-12-06), that ingest took 5.52–6.09 s against 6.19–6.80 and peaked
// at 317–330 MB against 236–242; parse took 2.47–2.69 s against
// 2.65–3.00, at 74–79 MB against 59–61. 300 gained nothing more and
// peaked at 390–400 MB. A million captions are held to ingestMemoryLimit
// either way: 428.7 MB at 200, 429.4 at 100.
const batchGCPercent = 200

// batchGC sets GOGC to batchGCPercent unless the environment sets GOGC,
// and returns the function that puts back the setting before.
func batchGC() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	before := debug.SetGCPercent(batchGCPercent)
	return func() { debug.SetGCPercent(before) }
}
