package parse_test

import "testing"

// BenchmarkArabicCaption parses the Arabic golden captions per iteration:
// the cost of the Arabic rules on top of the English ones, which English
// captions never pay.
func BenchmarkArabicCaption(b *testing.B) {
	p := mustParser(b)
	var texts []string
	var size int64
	for _, r := range parseDocument(b, p, "testdata/golden/arabic.txt") {
		texts = append(texts, r.Text)
		size += int64(len(r.Text))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			p.Caption(t)
		}
	}
	b.ReportMetric(float64(len(texts))*float64(b.N)/b.Elapsed().Seconds(), "captions/s")
}
