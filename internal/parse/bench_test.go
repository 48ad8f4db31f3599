package parse_test

import (
	"os"
	"path/filepath"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/testenv"
)

func slicesOf(r caption.Record) []caption.Record { return []caption.Record{r} }

// BenchmarkCaption parses every caption of the golden corpus per iteration;
// MB/s is caption bytes parsed per second on one core.
func BenchmarkCaption(b *testing.B) {
	p := mustParser(b)
	files, _ := filepath.Glob("testdata/golden/*.txt")
	var texts []string
	var size int64
	for _, in := range files {
		for _, r := range parseDocument(b, p, in) {
			texts = append(texts, r.Text)
			size += int64(len(r.Text))
		}
	}
	if len(texts) == 0 {
		b.Fatal("no captions in testdata/golden")
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

// BenchmarkDocument measures a whole document: paragraphs, segmentation and
// the parse of each caption, as `sijil parse` runs it.
func BenchmarkDocument(b *testing.B) {
	p := mustParser(b)
	files, _ := filepath.Glob("testdata/golden/*.txt")
	var size int64
	for _, in := range files {
		st, err := os.Stat(in)
		if err != nil {
			b.Fatal(err)
		}
		size += st.Size()
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range files {
			parseDocument(b, p, in)
		}
	}
}

// BenchmarkSeeds parses the captions of ../shared/seeds (the evaluation
// documents, longer than the golden ones), when that directory is present.
func BenchmarkSeeds(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(testenv.Shared(b, "seeds"), "*.txt"))
	if len(files) == 0 {
		testenv.Missing(b, testenv.SharedRequired, "no captions in ../shared/seeds")
	}
	p := mustParser(b)
	var texts []string
	var size int64
	for _, in := range files {
		for _, r := range parseDocument(b, p, in) {
			texts = append(texts, r.Text)
			size += int64(len(r.Text))
		}
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
