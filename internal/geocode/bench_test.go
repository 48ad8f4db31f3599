package geocode

import (
	"runtime"
	"testing"
)

// benchNames are caption spellings, found and not, Latin and Arabic.
var benchNames = []string{
	"Douma", "Maaret al-Numan", "Kafar Zita", "Harasta", "Raqqa", "Aleppo",
	"Deir ez-Zor", "Idleb", "Saraqeb", "Mafraq", "Kharkov", "Jobar", "حلب",
	"Eastern Ghouta", "Zaatari", "Homs",
}

// BenchmarkEmbedded measures start-up: opening the embedded index, which
// validates it in place. heap-B is what a loaded gazetteer keeps on the heap.
func BenchmarkEmbedded(b *testing.B) {
	heap := heapOf(func() any { return mustEmbedded(b) })
	for b.Loop() {
		if _, err := Embedded(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(heap), "heap-B")
}

// heapOf returns the heap bytes that stay allocated by what build returns.
func heapOf(build func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	if after.HeapAlloc < before.HeapAlloc {
		return 0
	}
	return after.HeapAlloc - before.HeapAlloc
}

// BenchmarkLookup resolves caption spellings; names/s is the throughput.
func BenchmarkLookup(b *testing.B) {
	g := mustEmbedded(b)
	n := 0
	for b.Loop() {
		g.Lookup(benchNames[n%len(benchNames)])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "names/s")
}

// BenchmarkFuzzy runs the fallback at distance 2 within Syria, after the
// country's key groups are built.
func BenchmarkFuzzy(b *testing.B) {
	g := mustEmbedded(b)
	g.Fuzzy("Douma", "SY", 2)
	n := 0
	for b.Loop() {
		g.Fuzzy(benchNames[n%len(benchNames)], "SY", 2)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "names/s")
}

// BenchmarkFuzzyWorld runs the fallback at distance 1 over all countries;
// heap-B is what the world-wide key groups add to a gazetteer.
func BenchmarkFuzzyWorld(b *testing.B) {
	heap := heapOf(func() any {
		g := mustEmbedded(b)
		g.Fuzzy("Douma", "", 1)
		return g
	})
	g := mustEmbedded(b)
	g.Fuzzy("Douma", "", 1)
	n := 0
	for b.Loop() {
		g.Fuzzy(benchNames[n%len(benchNames)], "", 1)
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "names/s")
	b.ReportMetric(float64(heap), "heap-B")
}

// BenchmarkFuzzyFirst is the first Fuzzy call for a country: it pays for
// grouping the keys of that country.
func BenchmarkFuzzyFirst(b *testing.B) {
	ix, err := Embedded()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		New(ix).Fuzzy("Douma", "SY", 2)
	}
}

// BenchmarkKey measures the key function alone.
func BenchmarkKey(b *testing.B) {
	n := 0
	for b.Loop() {
		Key(benchNames[n%len(benchNames)])
		n++
	}
}
