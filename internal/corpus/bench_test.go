package corpus

import (
	"flag"
	"runtime"
	"testing"
)

var benchN = flag.Int("corpus.benchn", 10000, "captions per BenchmarkGenerate run")

// BenchmarkGenerate writes a corpus to nowhere and reports captions/s, MB/s
// and the largest live heap seen between documents (the Truth included):
//
//	go test ./internal/corpus -run '^$' -bench Generate -benchtime 1x -args -corpus.benchn=1000000
func BenchmarkGenerate(b *testing.B) {
	opt := DefaultOptions(*benchN)
	var bytes int64
	var peak uint64
	var ms runtime.MemStats
	docs := 0
	b.ReportAllocs()
	for b.Loop() {
		_, err := Generate(opt, func(_ string, data []byte) error {
			bytes += int64(len(data))
			if docs++; docs%64 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(opt.Captions*b.N)/s, "captions/s")
	b.ReportMetric(float64(bytes)/s/1e6, "MB/s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}
