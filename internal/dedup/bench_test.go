package dedup

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

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

// BenchmarkBandIndexRepetitive asks the band index for the candidates of
// near-identical records, as linking a wire service's thousands of "smoke
// rises after air strikes" captions does: 50,000 records of 33 bands, each
// band one of 40 hashes, so that every band hash is full (MaxPerBand) and
// a record meets over 500 postings of a few hundred records.
func BenchmarkBandIndexRepetitive(b *testing.B) {
	const records, bands, variants = 50000, 33, 40
	ix := NewBandIndex(records, bands)
	rng := rand.New(rand.NewPCG(1, 2))
	bandsOf := func(int) []uint64 {
		bs := make([]uint64, bands)
		for j := range bs {
			bs[j] = mix64(uint64(j*variants+rng.IntN(variants)) + 1)
		}
		return bs
	}
	for i := range records {
		ix.Add(int64(i+1), int64(i+1), 0, bandsOf(i))
	}
	queries := make([][]uint64, 64)
	for i := range queries {
		queries[i] = bandsOf(i)
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if c := ix.Candidates(queries[n%len(queries)], 0, 64); len(c) == 0 {
			b.Fatal("no candidates")
		}
		n++
	}
}

// BenchmarkEventIndexCrowded matches a resolved scene against an index of
// 30 days of records at 200 places spread over the Middle East, at the
// density of a generated million captions (some 150 records a day) and of
// ten million: what Match costs a record as a register's days fill up.
// The queries are known to the day, or (month) only to the month, which
// compares them with the whole month.
func BenchmarkEventIndexCrowded(b *testing.B) {
	for _, c := range []struct {
		perDay int
		month  bool
	}{{150, false}, {1500, false}, {150, true}, {1500, true}} {
		perDay := c.perDay
		name := fmt.Sprintf("perday=%d", perDay)
		if c.month {
			name += "/month"
		}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, uint64(perDay)))
			towns := benchTowns(rng, 200)
			ix := NewEventIndex()
			for id := int64(1); id <= int64(30*perDay); id++ {
				t := towns[rng.IntN(len(towns))]
				s := scene{id: id, date: day(2017, 4, 1+rng.IntN(30)), place: fmt.Sprint("town", rng.IntN(len(towns))),
					lat: t.lat + rng.Float64()*0.05, lon: t.lon + rng.Float64()*0.05, precision: 1, types: []caption.EventType{caption.Airstrike}}
				ix.Add(NewEventRecord(s.stored()))
			}
			queries := make([]EventRecord, 1024)
			for i := range queries {
				t := towns[rng.IntN(len(towns))]
				s := scene{id: 1 << 40, date: day(2017, 4, 2+rng.IntN(28)), place: "elsewhere", lat: t.lat, lon: t.lon + 0.2,
					precision: 1, types: []caption.EventType{caption.Shelling}}
				if c.month {
					s.date = caption.PartialDate{Year: 2017, Month: 4, Precision: caption.PrecisionMonth}
				}
				queries[i] = NewEventRecord(s.stored())
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				ix.Match(queries[i%len(queries)])
				i++
			}
		})
	}
}

// BenchmarkEventIndexAdd adds a month of resolved scenes to an empty
// index, at the density of a generated million captions (4,500 a month)
// and of ten million: what keeping the day and month lists in latitude
// order costs a record as the lists grow.
func BenchmarkEventIndexAdd(b *testing.B) {
	for _, n := range []int{4500, 45000} {
		b.Run(fmt.Sprintf("month=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(3, uint64(n)))
			recs := make([]EventRecord, n)
			for i := range recs {
				s := scene{id: int64(i + 1), date: day(2017, 4, 1+rng.IntN(30)), place: "town",
					lat: 29 + rng.Float64()*9, lon: 34 + rng.Float64()*12, precision: 1, types: []caption.EventType{caption.Airstrike}}
				recs[i] = NewEventRecord(s.stored())
			}
			b.ReportAllocs()
			for b.Loop() {
				ix := NewEventIndex()
				for _, r := range recs {
					ix.Add(r)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/record")
		})
	}
}

// BenchmarkEventIndexOnePlace asks Match for a new photo of an incident
// whose day already holds 1,500 photos at the same point, as a massacre's
// day from every agency does: the day's list holds maxListed of them
// (before the bound held for every list, 1,088 of them were listed and
// each was compared with the new photo).
func BenchmarkEventIndexOnePlace(b *testing.B) {
	photo := scene{date: day(2017, 4, 7), place: "Khan Shaykhun", lat: 35.4417, lon: 36.6508, precision: 1,
		types: []caption.EventType{caption.Airstrike}}
	ix := NewEventIndex()
	for id := int64(1); id <= 1500; id++ {
		s := photo
		s.id = id
		r := s.stored()
		r.Event = 1
		ix.Add(NewEventRecord(r))
	}
	photo.id = 1 << 40
	rec := NewEventRecord(photo.stored())
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, ok := ix.Match(rec); !ok {
			b.Fatal("no match")
		}
	}
}

// BenchmarkEventIndexMillion asks Match for records of a register the size
// of a generated million captions' events: 700,000 records over 13 years
// of days (some 145 a day, as there), at 300 towns, a twentieth known only
// to the month. The index is larger than the processor's caches, as in
// such an ingest, which the smaller benchmarks' indexes are not.
func BenchmarkEventIndexMillion(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 2026))
	towns := benchTowns(rng, 300)
	types := []caption.EventType{caption.Airstrike, caption.Shelling, caption.Funeral, caption.Protest}
	random := func(id int64) EventRecord {
		i := rng.IntN(len(towns))
		t := towns[i]
		at := time.Date(2012, 1, 1+rng.IntN(13*365), 0, 0, 0, 0, time.UTC)
		s := scene{id: id, date: day(at.Year(), int(at.Month()), at.Day()), place: fmt.Sprint("town", i), lat: t.lat + rng.Float64()*0.05, lon: t.lon + rng.Float64()*0.05,
			precision: 1, types: []caption.EventType{types[rng.IntN(len(types))]}}
		if rng.IntN(20) == 0 {
			s.date = caption.PartialDate{Year: 2012 + rng.IntN(13), Month: 1 + rng.IntN(12), Precision: caption.PrecisionMonth}
		}
		r := s.stored()
		r.Event = id
		return NewEventRecord(r)
	}
	ix := NewEventIndex()
	for id := int64(1); id <= 700000; id++ {
		ix.Add(random(id))
	}
	queries := make([]EventRecord, 4096)
	for i := range queries {
		queries[i] = random(1<<40 + int64(i))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ix.Match(queries[i%len(queries)])
		i++
	}
}

// benchTown is a town of the EventIndex benchmarks.
type benchTown struct{ lat, lon float64 }

// benchTowns scatters n towns over the Levant and Iraq (29–38° N,
// 34–46° E), where the generated corpus's scenes lie.
func benchTowns(rng *rand.Rand, n int) []benchTown {
	towns := make([]benchTown, n)
	for i := range towns {
		towns[i] = benchTown{29 + rng.Float64()*9, 34 + rng.Float64()*12}
	}
	return towns
}

// BenchmarkBandIndexMillion is a record's Candidates and Add in an index of
// a million records of random bands, a tenth of them altered copies sharing
// most of an earlier record's: at that size the table (128 MB) is far
// larger than the CPU's caches, and each band's probe is a read from
// memory.
func BenchmarkBandIndexMillion(b *testing.B) {
	const records, bands = 1_000_000, 33
	rng := rand.New(rand.NewPCG(3, 4))
	all := make([][]uint64, records)
	for i := range all {
		bs := make([]uint64, bands)
		for j := range bs {
			bs[j] = rng.Uint64()
		}
		if i > 0 && i%10 == 0 {
			copy(bs[:bands*3/4], all[rng.IntN(i)])
		}
		all[i] = bs
	}
	queries := make([][]uint64, 4096)
	for i := range queries {
		q := make([]uint64, bands)
		for j := range q {
			q[j] = rng.Uint64()
		}
		if i%2 == 0 {
			copy(q[:bands*3/4], all[rng.IntN(records)])
		}
		queries[i] = q
	}
	b.Run("Candidates", func(b *testing.B) {
		ix := NewBandIndex(records, bands)
		for i, bs := range all {
			ix.Add(int64(i+1), int64(i+1), 0, bs)
		}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			ix.Candidates(queries[n%len(queries)], 0, 64)
			n++
		}
	})
	b.Run("Add", func(b *testing.B) {
		// b.N is not known before b.Loop's first call: an index full
		// after 2 million records is replaced by a new one, untimed.
		ix := NewBandIndex(2*records, bands)
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			if !ix.Add(int64(n+1), int64(n+1), 0, all[n%records]) {
				b.StopTimer()
				ix.Release()
				ix = NewBandIndex(2*records, bands)
				b.StartTimer()
				if !ix.Add(int64(n+1), int64(n+1), 0, all[n%records]) {
					b.Fatal("no room in a new index")
				}
			}
			n++
		}
	})
}

// BenchmarkFoldPlace measures folding the place names and credits of a
// record, which linking does for every record it adds.
func BenchmarkFoldPlace(b *testing.B) {
	names := []string{"Maarat al-Numan", "Khan Younis", "Kharkiv", "Deir el-Balah", "El Fasher", "Ahmed Hassan", "Ma‘arrat al-Nu‘mān", "حلب"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		foldPlace(names[i%len(names)])
	}
}
