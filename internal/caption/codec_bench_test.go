package caption_test

import (
	"testing"

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/geocode"
	"sijil/internal/parse"
)

// BenchmarkMarshalFields encodes the fields of generated captions as
// parsed and resolved, with the checks a record passes before it is
// stored, as ingest's workers do for every new record.
func BenchmarkMarshalFields(b *testing.B) {
	recs := generatedRecords(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, _, err := caption.MarshalFields(recs[i%len(recs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// generatedRecords parses and resolves 500 generated captions.
func generatedRecords(b *testing.B) []caption.Record {
	b.Helper()
	p, err := parse.New()
	if err != nil {
		b.Fatal(err)
	}
	emb, err := geocode.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	g := geocode.New(emb)
	var raws []caption.Raw
	_, err = corpus.Generate(corpus.DefaultOptions(500), func(name string, data []byte) error {
		raws = append(raws, caption.Raw{Text: string(data)})
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	recs := p.Document(p.Segment(raws))
	g.ResolveDocument(recs)
	return recs
}

// BenchmarkUnmarshalFields decodes the fields of generated captions as
// parsed and resolved, as a store reads them back for linking and pages.
func BenchmarkUnmarshalFields(b *testing.B) {
	benchUnmarshal(b, caption.MarshalFields, caption.UnmarshalFields)
}

// benchUnmarshal encodes generated records with marshal, then measures
// unmarshal decoding them in turn.
func benchUnmarshal(b *testing.B, marshal func(caption.Record) ([]byte, int, error), unmarshal func([]byte, string, int) (caption.Record, error)) {
	recs := generatedRecords(b)
	type packed struct {
		fields []byte
		text   string
		n      int
	}
	var ps []packed
	size := 0
	for _, r := range recs {
		f, n, err := marshal(r)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, packed{f, r.Text, n})
		size += len(f)
	}
	b.SetBytes(int64(size / len(ps)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i%len(ps)]
		if _, err := unmarshal(p.fields, p.text, p.n); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkAppendCompactFields encodes the same records in the compact
// form, which the SQLite store keeps instead of deflated JSON.
func BenchmarkAppendCompactFields(b *testing.B) {
	recs := generatedRecords(b)
	b.ReportAllocs()
	var buf []byte
	size, i := 0, 0
	for b.Loop() {
		var err error
		if buf, _, err = caption.AppendCompactFields(buf[:0], recs[i%len(recs)]); err != nil {
			b.Fatal(err)
		}
		size += len(buf)
		i++
	}
	b.ReportMetric(float64(size)/float64(i), "bytes/record")
}

// BenchmarkUnmarshalCompactFields decodes what BenchmarkAppendCompactFields
// encodes, as the store reads cluster candidates back.
func BenchmarkUnmarshalCompactFields(b *testing.B) {
	benchUnmarshal(b, func(r caption.Record) ([]byte, int, error) { return caption.AppendCompactFields(nil, r) }, caption.UnmarshalCompactFields)
}
