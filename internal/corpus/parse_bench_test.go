package corpus_test

import (
	"bytes"
	"flag"
	"testing"

	"sijil/internal/corpus"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/source"
)

var parseN = flag.Int("corpus.parsen", 20000, "captions of BenchmarkParseCorpus's generated corpus")

// BenchmarkParseCorpus parses a generated corpus (-corpus.parsen captions,
// in its documents) as ingest does: read, cut into captions, parse; the
// "geocode" case resolves every scene in the embedded gazetteer too. Run it
// with -cpu 1 for the figure per core:
//
//	go test ./internal/corpus -run '^$' -bench ParseCorpus -benchmem -cpu 1
func BenchmarkParseCorpus(b *testing.B) {
	var docs [][]byte
	var size int64
	if _, err := corpus.Generate(corpus.DefaultOptions(*parseN), func(_ string, data []byte) error {
		docs = append(docs, data)
		size += int64(len(data))
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	p, err := parse.New()
	if err != nil {
		b.Fatal(err)
	}
	ix, err := geocode.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	gaz := geocode.New(ix)
	for _, tc := range []struct {
		name string
		gaz  *geocode.Gazetteer
	}{{"parse", nil}, {"geocode", gaz}} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			captions := 0
			for b.Loop() {
				for _, data := range docs {
					raws, err := source.ReadText(bytes.NewReader(data), "doc.txt")
					if err != nil {
						b.Fatal(err)
					}
					recs := p.Document(p.Segment(raws))
					if tc.gaz != nil {
						tc.gaz.ResolveDocument(recs)
					}
					captions += len(recs)
				}
			}
			b.ReportMetric(float64(captions)/b.Elapsed().Seconds(), "captions/s")
		})
	}
}
