package dedup

import (
	"fmt"
	"testing"

	"sijil/internal/caption"
)

// benchRecord is a caption of typical length (about 60 words).
func benchRecord() caption.Record {
	return dated(rec(sceneSaqba+" "+tollSaqba+" "+bgSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), day(2017, 4, 2))
}

func BenchmarkFingerprint(b *testing.B) {
	r := benchRecord()
	opt := DefaultOptions()
	b.SetBytes(int64(len(r.Text)))
	b.ReportAllocs()
	for b.Loop() {
		Fingerprint(r, opt)
	}
}

func BenchmarkShingles(b *testing.B) {
	r := benchRecord()
	b.ReportAllocs()
	for b.Loop() {
		Shingles(r)
	}
}

// BenchmarkMatchCluster confirms a record against n candidates, as many as a
// store returns for a caption with a few copies and some look-alikes.
func BenchmarkMatchCluster(b *testing.B) {
	r := benchRecord()
	for _, n := range []int{1, 10} {
		cands := make([]caption.StoredRecord, n)
		for i := range cands {
			c := r
			c.Description = fmt.Sprintf("%s Photo %d of a series.", r.Description, i)
			cands[i] = stored(int64(i+1), c)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				matchOnce(r, cands, DefaultOptions())
			}
		})
	}
}

func BenchmarkMatchEvent(b *testing.B) {
	base := scene{date: day(2017, 4, 2), place: "Saqba", lat: 33.5167, lon: 36.3833, precision: 1, types: []caption.EventType{caption.Airstrike}}
	var cands []caption.StoredRecord
	for i := range 50 {
		s := base
		s.id = int64(i + 1)
		s.lat += float64(i) * 0.01
		cands = append(cands, s.stored())
	}
	base.id = 1000
	r := base.stored()
	b.ReportAllocs()
	for b.Loop() {
		MatchEvent(r, cands)
	}
}
