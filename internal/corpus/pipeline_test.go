package corpus_test

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/dedup"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/source"
)

// pipeline is the archive's ingest in memory: documents read and parsed,
// records found by Key, linked to clusters against the records sharing an
// LSH band (dedup.BandIndex, as ingest's linking pass reads them), then to
// events against the records dated within a day, in ID order, as the
// store's linking passes do.
type pipeline struct {
	opt     dedup.Options
	parser  *parse.Parser
	gaz     *geocode.Gazetteer // nil: no locations, event places by name only
	index   *dedup.BandIndex
	bands   [][]uint64 // by ID-1: each record's bands, to move them to a larger index
	matcher *dedup.ClusterMatcher
	records []caption.StoredRecord // by ID-1
	links   []string               // by ID-1: why the record joined its cluster
	byKey   map[string]int64
	events  *dedup.EventIndex // the records linked as events (see event)
	occ     map[[2]int32]int64
	// candidates counts the cluster candidates confirmed; most is the most
	// for one record.
	candidates, most int
	parseTime        time.Duration
}

func newPipeline(t *testing.T, opt dedup.Options, geo bool) *pipeline {
	t.Helper()
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	pl := &pipeline{opt: opt, parser: p, index: dedup.NewBandIndex(1024, 33), matcher: dedup.NewClusterMatcher(opt), byKey: map[string]int64{},
		events: dedup.NewEventIndex(), occ: map[[2]int32]int64{}}
	if geo {
		ix, err := geocode.Embedded()
		if err != nil {
			t.Fatal(err)
		}
		pl.gaz = geocode.New(ix)
	}
	return pl
}

// document ingests one generated document, the doc-th.
func (pl *pipeline) document(doc int, name string, data []byte) error {
	raws, err := source.ReadText(bytes.NewReader(data), name)
	if err != nil {
		return err
	}
	t0 := time.Now()
	recs := pl.parser.Document(pl.parser.Segment(raws))
	if pl.gaz != nil {
		pl.gaz.ResolveDocument(recs)
	}
	pl.parseTime += time.Since(t0)
	for i, rec := range recs {
		pl.occ[[2]int32{int32(doc), int32(i)}] = pl.add(rec)
	}
	return nil
}

// add stores a record unless its Key is known, links it, and returns its ID.
func (pl *pipeline) add(rec caption.Record) int64 {
	fp := dedup.Fingerprint(rec, pl.opt)
	if id, ok := pl.byKey[fp.Key]; ok {
		return id
	}
	id := int64(len(pl.records) + 1)
	var cands []caption.StoredRecord
	for _, c := range pl.index.Candidates(fp.Bands, 0, 0) {
		cands = append(cands, pl.records[c.ID-1])
	}
	pl.candidates += len(cands)
	pl.most = max(pl.most, len(cands))
	cluster, why := id, "new"
	if best, sim, rule, ok := pl.matcher.Match(rec, cands); ok {
		cluster, why = best.Cluster, fmt.Sprintf("%s %.2f to #%d", rule, sim, best.ID)
	}
	// Keep what linking reads; a store keeps all of it.
	slim := caption.Record{Text: rec.Text, Description: rec.Description, Credit: rec.Credit, DateText: rec.DateText,
		Date: rec.Date, Places: rec.Places, PlaceRefs: rec.PlaceRefs, Location: rec.Location, EventTypes: rec.EventTypes}
	sr := caption.StoredRecord{ID: id, Record: slim, Cluster: cluster}
	sr.Event = pl.event(sr)
	pl.records = append(pl.records, sr)
	pl.links = append(pl.links, why)
	pl.byKey[fp.Key] = id
	pl.bands = append(pl.bands, fp.Bands)
	if !pl.index.Add(id, cluster, 0, fp.Bands) {
		pl.grow(len(fp.Bands))
	}
	return id
}

// grow moves the band index to one of twice the room, as ingest sizes its
// index for the register it links against.
func (pl *pipeline) grow(bands int) {
	ix := dedup.NewBandIndex(2*len(pl.bands), bands)
	for i, b := range pl.bands {
		if !ix.Add(int64(i+1), pl.records[i].Cluster, 0, b) {
			panic(fmt.Sprintf("band index of room %d refused record %d", 2*len(pl.bands), i+1))
		}
	}
	pl.index = ix
}

// event links a record to an event: its cluster's, or the best match among
// the records linked as events so far (dedup.EventIndex.Match: dated within
// a day, or in the same month when either is known only to the month).
func (pl *pipeline) event(r caption.StoredRecord) int64 {
	if r.Cluster != r.ID {
		return pl.records[r.Cluster-1].Event
	}
	r.Event = r.ID
	if best, _, _, ok := pl.events.Match(dedup.NewEventRecord(r)); ok {
		r.Event = best.Event
	}
	pl.events.Add(dedup.NewEventRecord(r))
	return r.Event
}

// scores are a run's pairwise figures.
type scores struct {
	records, occurrences [2]float64 // precision, recall
}

// score evaluates the pipeline's groups against the truth: over distinct
// records (exact copies fold into one record and would only flatter the
// figures) and over every occurrence. group picks a truth caption's group,
// of picks a record's.
func (pl *pipeline) score(t *testing.T, truth corpus.Truth, group func(corpus.Caption) int64, of func(caption.StoredRecord) int64) scores {
	t.Helper()
	occTruth, occPred := map[[2]int32]int64{}, map[[2]int32]int64{}
	recTruth, recPred := map[int64]int64{}, map[int64]int64{}
	for _, c := range truth.Captions {
		key := [2]int32{c.Doc, c.Index}
		id, ok := pl.occ[key]
		if !ok {
			t.Fatalf("caption %d of %s was not read", c.Index, truth.Docs[c.Doc])
		}
		if prev, ok := recTruth[id]; ok && prev != group(c) {
			t.Errorf("record %d is in true groups %d and %d: %q", id, prev, group(c), pl.records[id-1].Record.Text)
		}
		occTruth[key], recTruth[id] = group(c), group(c)
		occPred[key], recPred[id] = of(pl.records[id-1]), of(pl.records[id-1])
	}
	var s scores
	s.records[0], s.records[1] = corpus.Evaluate(recTruth, recPred)
	s.occurrences[0], s.occurrences[1] = corpus.Evaluate(occTruth, occPred)
	return s
}

// describe shows a record and why it joined its cluster.
func (pl *pipeline) describe(id int64) string {
	r := pl.records[id-1]
	return fmt.Sprintf("#%d [%s | %s | cluster %d, event %d | %q %v] %s", id, r.Record.Date, pl.links[id-1], r.Cluster, r.Event,
		r.Record.Places, r.Record.EventTypes, r.Record.Text)
}
