package ingest

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"sijil/internal/caption"
	"sijil/internal/dedup"
)

// The rules of links that dedup does not decide.
const (
	// RuleNew is the rule of a record that starts its own cluster or event.
	RuleNew = "new"
	// RuleCluster is the rule of a record that joins the event of its
	// cluster's first record: an altered copy shows the same photo, so the
	// same incident.
	RuleCluster = "cluster"
)

// eventDays is how far apart two photos of one event may be dated.
const eventDays = 1

// maxRecordsPerQuery bounds the IDs of one RecordsOf call.
const maxRecordsPerQuery = 8192

// linker is what the linking passes of one run remember of the store
// between transactions: the records linked as events, by date, and the
// event of each cluster's first record. Asking the store for the event
// candidates of each date again in every transaction, and decoding them,
// was two fifths of an ingest's time. What it holds is valid while the
// store's LinkVersion is the one it last saw at the end of its own
// transaction; otherwise another process (or a reviewer) changed links or
// records, and it starts again from the store.
type linker struct {
	version int64
	valid   bool
	// empty is true while the store is known to have held no records
	// linked as events when events was reset: then it holds them all, and
	// the store need not be asked.
	empty  bool
	events *dedup.EventIndex
	loaded map[[2]int]bool // year and month whose EventCandidates are in events
	heads  headEvents      // cluster's first record → its event
	// bands indexes the bands of the records linked at cluster level;
	// nil until a linking pass needs it (loadBands).
	bands *dedup.BandIndex
	// matcher keeps the shingles of the candidates last compared.
	matcher *dedup.ClusterMatcher
}

// release frees the band index's memory (see dedup.BandIndex.Release).
func (lk *linker) release() {
	if lk.bands != nil {
		lk.bands.Release()
		lk.bands = nil
	}
}

func (lk *linker) reset() {
	lk.empty = false
	lk.events = dedup.NewEventIndex()
	lk.loaded = map[[2]int]bool{}
	lk.heads = headEvents{}
	lk.release()
	if lk.matcher != nil {
		lk.matcher.Forget()
	}
}

// beginLinking checks, at the start of an Exclusive call, that what lk remembers
// still holds, and forgets it otherwise.
func (in *ingester) beginLinking(ctx context.Context) error {
	v, err := in.store.LinkVersion(ctx)
	if err != nil {
		return err
	}
	if !in.lk.valid || v != in.lk.version {
		in.lk.reset()
	}
	return nil
}

// endLinking notes, at the end of an Exclusive call that linked records,
// the version its own writes left: the next call trusts what lk holds if
// nobody changed it since.
func (in *ingester) endLinking(ctx context.Context) error {
	v, err := in.store.LinkVersion(ctx)
	in.lk.version, in.lk.valid = v, err == nil
	return err
}

// linkLeftovers links the records stored but not linked, a batch of
// opt.Batch at a time, each batch in its own Exclusive call, in ID order,
// until none is left: those a killed run left behind, before this run's
// own, and any stored meanwhile by a process that does not link as it
// stores. Clusters first, since events are made of clusters.
//
// The store is called with a context that is never cancelled, and ctx is
// checked between batches instead: the SQLite driver starts a goroutine to
// watch each statement's context when it can be cancelled, which for the
// thousands of small statements of a linking pass cost more than the
// statements.
func (in *ingester) linkLeftovers(ctx context.Context) error {
	for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
		done := 0
		for {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("ingest: link %ss: %w", level, err)
			}
			n := 0
			err := in.store.Exclusive(context.WithoutCancel(ctx), func(ctx context.Context) error {
				var err error
				n, err = in.linkUnlinked(ctx, level, in.opt.Batch)
				return err
			})
			if err != nil {
				return fmt.Errorf("ingest: link %ss: %w", level, err)
			}
			if n > 0 {
				done += n
				in.progress.linked(level, done)
			}
			if n < in.opt.Batch {
				break
			}
		}
	}
	return nil
}

// linkUnlinked links up to limit of the store's unlinked records at level,
// as the store returns them, and returns how many it linked. It runs inside
// Exclusive.
func (in *ingester) linkUnlinked(ctx context.Context, level caption.LinkLevel, limit int) (int, error) {
	start := time.Now()
	defer func() { in.sum.Linking += time.Since(start) }()
	recs, err := in.store.Unlinked(ctx, level, limit)
	if err != nil || len(recs) == 0 {
		return 0, err
	}
	if err := in.beginLinking(ctx); err != nil {
		return 0, err
	}
	var links []caption.Link
	if level == caption.LevelCluster {
		links, err = in.linkClusters(ctx, recs)
	} else {
		links, err = in.linkEvents(ctx, recs)
	}
	if err != nil {
		return 0, err
	}
	if err := in.store.SetLinks(ctx, links); err != nil {
		return 0, err
	}
	return len(recs), in.endLinking(ctx)
}

// linkBefore links, inside an Exclusive call, whatever the store holds
// unlinked, as linkLeftovers does, so that the records stored next are
// linked after every record before them. Most calls find nothing.
func (in *ingester) linkBefore(ctx context.Context) error {
	ok, err := in.noneUnlinked(ctx, caption.LevelCluster)
	if err == nil && ok {
		ok, err = in.noneUnlinked(ctx, caption.LevelEvent)
	}
	if err != nil || ok {
		return err
	}
	return in.linkAllUnlinked(ctx)
}

// linkCreated is the LinkFunc of the ingest's PutDocuments calls: it reads
// what linking recs needs, records PutDocuments is about to create (in ID
// order, with the fields of the items they are stored from), and returns
// the decision of their links at both levels, which touches the store no
// more: the store decides them while it writes the batch's search index.
// Linking events reads the batch's clusters from recs, not from the store.
func (in *ingester) linkCreated(ctx context.Context, recs []caption.StoredRecord) (caption.LinkDecision, error) {
	start := time.Now()
	defer func() { in.sum.Linking += time.Since(start) }()
	if err := in.beginLinking(ctx); err != nil {
		return nil, err
	}
	stored, clusters, err := in.readClusters(ctx, recs)
	if err != nil {
		return nil, err
	}
	if err := in.readEvents(ctx, recs, clusters); err != nil {
		return nil, err
	}
	return func() ([]caption.Link, error) {
		start := time.Now()
		defer func() { in.sum.Linking += time.Since(start) }()
		links, err := in.decideClusters(recs, stored)
		if err != nil {
			return nil, err
		}
		events, err := in.decideEvents(recs)
		if err != nil {
			return nil, err
		}
		return append(links, events...), nil
	}, nil
}

// noneUnlinked reports whether the store holds no record unlinked at
// level.
func (in *ingester) noneUnlinked(ctx context.Context, level caption.LinkLevel) (bool, error) {
	rs, err := in.store.Unlinked(ctx, level, 1)
	return err == nil && len(rs) == 0, err
}

// linkAllUnlinked links every unlinked record inside one Exclusive call.
func (in *ingester) linkAllUnlinked(ctx context.Context) error {
	for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
		for {
			n, err := in.linkUnlinked(ctx, level, in.opt.Batch)
			if err != nil {
				return err
			}
			if n < in.opt.Batch {
				break
			}
		}
	}
	return nil
}

// linkClusters links each record of batch (in ID order) to the cluster of
// the linked record it is an altered copy of, or makes it the first of a
// new cluster, and sets its Cluster.
//
// A record's candidates are the linked records sharing an LSH band with it,
// found in the run's band index (see loadBands), the most alike first and
// at most opt.MaxCandidates of them; the batch's records join the index as they
// are linked. The candidates the store holds are read in one go for the
// whole batch before the first is linked: the batch's own records can only
// push store records out of a record's cut, never bring new ones in.
func (in *ingester) linkClusters(ctx context.Context, batch []caption.StoredRecord) ([]caption.Link, error) {
	stored, _, err := in.readClusters(ctx, batch)
	if err != nil {
		return nil, err
	}
	return in.decideClusters(batch, stored)
}

// readClusters reads what linkClusters needs of the store for batch: the
// band index, and the stored records among the batch's candidates. It
// returns those, and the clusters of all the batch's candidates in the
// index: the clusters its altered copies may join, but for the batch's
// own.
func (in *ingester) readClusters(ctx context.Context, batch []caption.StoredRecord) (map[int64]caption.StoredRecord, []int64, error) {
	if err := in.loadBands(ctx, batch); err != nil {
		return nil, nil, err
	}
	in.lk.matcher.Trim()
	return in.candidateRecords(ctx, batch)
}

// decideClusters is linkClusters once readClusters has read stored: it
// does not touch the store.
func (in *ingester) decideClusters(batch []caption.StoredRecord, stored map[int64]caption.StoredRecord) ([]caption.Link, error) {
	ix := in.lk.bands
	fresh := make(map[int64]*caption.StoredRecord, len(batch))
	links := make([]caption.Link, 0, len(batch))
	var cands []caption.StoredRecord
	for i := range batch {
		r := &batch[i]
		cands = cands[:0]
		for _, c := range in.candidates(r) {
			if f, ok := fresh[c.ID]; ok {
				cands = append(cands, *f)
			} else if s, ok := stored[c.ID]; ok {
				s.Cluster = c.Cluster
				cands = append(cands, s)
			} else if in.lk.matcher.Knows(c.ID) {
				// Known, so not read (candidateRecords): all Match
				// reads of it.
				cands = append(cands, caption.StoredRecord{ID: c.ID, Cluster: c.Cluster, Record: caption.Record{Date: dedup.TagDate(c.Tag)}})
			}
		}
		best, sim, rule, ok := in.lk.matcher.Match(r.Record, cands)
		target, group := r.ID, r.ID
		if ok {
			target, group = best.ID, best.Cluster
			in.sum.Copies++
		} else {
			sim, rule = 1, RuleNew
			in.sum.NewClusters++
		}
		links = append(links, in.link(r.ID, caption.LevelCluster, target, group, sim, rule))
		r.Cluster = group
		if !ix.Add(r.ID, group, dedup.DateTag(r.Record.Date), r.Fingerprint.Bands) {
			return nil, fmt.Errorf("band index: no room for record %d", r.ID)
		}
		fresh[r.ID] = r
	}
	return links, nil
}

// DefaultMaxCandidates is how many of a record's cluster candidates, the
// most alike first, ClusterMatcher.Match compares it with (Options.MaxCandidates).
// A caption rarely has more than a few real copies; what has hundreds of
// candidates is boilerplate ("Smoke rises after air strikes on …")
// repeated by the thousand, where comparing each with all before it took
// time growing with the square of their number, and the most alike of the
// first ones decide the same.
const DefaultMaxCandidates = 64

// candidates returns r's cluster candidates in the band index, less those
// whose date rules them out, the most alike first, at most
// opt.MaxCandidates.
func (in *ingester) candidates(r *caption.StoredRecord) []dedup.Candidate {
	cs := in.lk.bands.Candidates(r.Fingerprint.Bands, r.ID, 0)
	cs = slices.DeleteFunc(cs, func(c dedup.Candidate) bool {
		return !dedup.DatesAgree(r.Record.Date, dedup.TagDate(c.Tag))
	})
	if n := in.opt.MaxCandidates; n > 0 && len(cs) > n {
		cs = cs[:n]
	}
	return cs
}

// loadBands makes sure the run's band index holds the bands of every
// record the store holds linked at cluster level, with room for batch. It
// reads them from the store once a run, again when another process or a
// reviewer changed links (beginLinking forgets the index then), and again,
// into a larger index, when the index has no room left: the index keeps
// too little of each band to move it (dedup.BandIndex).
func (in *ingester) loadBands(ctx context.Context, batch []caption.StoredRecord) error {
	bands := 0
	for _, r := range batch {
		bands = max(bands, len(r.Fingerprint.Bands))
	}
	if bands == 0 {
		bands = 33
	}
	ix := in.lk.bands
	if ix != nil && ix.Room(len(batch), bands) {
		return nil
	}
	if ix == nil && in.lk.empty {
		in.lk.bands = in.newBandIndex(2*len(batch), bands)
		return nil
	}
	n := 0
	if ix != nil {
		n = ix.Len()
	} else {
		st, err := in.store.Stats(ctx)
		if err != nil {
			return err
		}
		n = st.Records
	}
	// Room for two batches more than now, and for the records the run's
	// remaining documents will likely add (bandRoom). The old index goes
	// first: at a million records it is over 100 MB.
	in.lk.release()
	want := n + 2*len(batch) + in.bandRoom(n)
	ix = in.newBandIndex(want, bands)
	for b, err := range in.store.ClusterBands(ctx, 0) {
		if err != nil {
			return err
		}
		if !ix.Add(b.ID, b.Cluster, dedup.DateTag(b.Date), b.Bands) {
			return fmt.Errorf("band index: no room for record %d of %d", b.ID, want)
		}
	}
	in.lk.bands = ix
	return nil
}

// bandRoom is the room a new band index of n records keeps for the
// records the run's documents not yet stored will add, projected from
// those it stored by their bytes of captions, and a tenth more: growing by
// doubling alone read the whole index back from the store three times on
// the way to 100,000 captions and six to a million (projected, once and
// twice). A projection too low costs a read more, made with a better
// one; too high, memory for at most maxBandGrowth times the records. Records
// linked from a killed run's leftovers count as added, and make it a
// little high.
func (in *ingester) bandRoom(n int) int {
	added := in.sum.NewClusters + in.sum.Copies
	done := in.incomingDone + in.incomingPart
	left := in.incoming - done
	if done <= 0 || added == 0 || left <= 0 {
		return 0
	}
	return int(min(float64(added)/float64(done)*float64(left)*1.1, float64(maxBandGrowth*n)))
}

// maxBandGrowth bounds bandRoom against a projection made from a few
// unusual documents.
const maxBandGrowth = 4

// newBandIndex returns a band index for n records that keeps a quarter of
// opt.MaxCandidates records a band, or all of them when it is negative:
// with more, a record of repetitive captions had thousands of postings to
// rank, and linking slowed as their number grew.
func (in *ingester) newBandIndex(n, bands int) *dedup.BandIndex {
	ix := dedup.NewBandIndex(n, bands)
	ix.MaxPerBand = in.opt.MaxCandidates / 4
	if in.opt.MaxCandidates < 0 {
		ix.MaxPerBand = math.MaxInt
	}
	return ix
}

// candidateRecords reads the stored records among the candidates of
// batch's records, by ID, but for those the matcher Knows: at 100,000
// captions a third of those read were, and at a million reading them was
// a third of the time linking clusters took.
func (in *ingester) candidateRecords(ctx context.Context, batch []caption.StoredRecord) (map[int64]caption.StoredRecord, []int64, error) {
	seen := map[int64]bool{}
	var ids, clusters []int64
	for _, r := range batch {
		for _, c := range in.candidates(&r) {
			if seen[c.ID] {
				continue
			}
			seen[c.ID] = true
			clusters = append(clusters, c.Cluster)
			if !in.lk.matcher.Knows(c.ID) {
				ids = append(ids, c.ID)
			}
		}
	}
	slices.Sort(ids)
	out := make(map[int64]caption.StoredRecord, len(ids))
	for len(ids) > 0 {
		n := min(len(ids), maxRecordsPerQuery)
		recs, err := in.store.RecordsOf(ctx, ids[:n])
		if err != nil {
			return nil, nil, err
		}
		for _, r := range recs {
			out[r.ID] = r
		}
		ids = ids[n:]
	}
	return out, clusters, nil
}

// linkEvents links each record of batch (in ID order, linked at cluster
// level) to an event, and sets its Event. An altered copy joins the event
// of its cluster's first record; another record joins the event of the
// linked record dedup.EventIndex.Match picks among those dated within eventDays,
// or starts a new event.
//
// The candidates are those of the store's EventCandidates for the record's
// date, asked once per date in a run, and the records this run has linked
// since, all kept in an EventIndex: EventIndex.Match only matches dates within a
// day (or within one month, for a date known to the month), all of which
// the store's window for the date holds, so the decisions are those of one
// query per record.
func (in *ingester) linkEvents(ctx context.Context, batch []caption.StoredRecord) ([]caption.Link, error) {
	var clusters []int64
	for _, r := range batch {
		clusters = append(clusters, r.Cluster)
	}
	if err := in.readEvents(ctx, batch, clusters); err != nil {
		return nil, err
	}
	return in.decideEvents(batch)
}

// readEvents reads what linking batch's events needs of the store (the
// decisions then read none, see linkCreated): the events of the clusters'
// first records that the run does not know, but for the batch's own
// records, which are linked before their copies; and the store's event
// candidates of the months of the batch's dates, for every record that
// may be matched on them (datable and placeable), even an altered copy,
// which joins its cluster's event instead when that has one. A month's
// candidates are read once a run, so the few that a copy's own month
// adds cost little.
func (in *ingester) readEvents(ctx context.Context, batch []caption.StoredRecord, clusters []int64) error {
	own := make(map[int64]bool, len(batch))
	for _, r := range batch {
		own[r.ID] = true
	}
	var heads []int64
	for _, g := range clusters {
		if g == 0 || own[g] {
			continue
		}
		if _, ok := in.lk.heads.get(g); ok {
			continue
		}
		own[g] = true // asked once
		heads = append(heads, g)
	}
	slices.Sort(heads)
	for len(heads) > 0 {
		n := min(len(heads), maxRecordsPerQuery)
		recs, err := in.store.RecordsOf(ctx, heads[:n])
		if err != nil {
			return err
		}
		for _, h := range recs {
			in.lk.heads.remember(h.ID, h.Event)
		}
		heads = heads[n:]
	}
	for _, r := range batch {
		if datable(r.Record.Date) && placeable(r.Record) {
			if err := in.loadEventCandidates(ctx, r.Record.Date); err != nil {
				return err
			}
		}
	}
	return nil
}

// decideEvents is linkEvents once readEvents has read what it needs: it
// does not touch the store.
func (in *ingester) decideEvents(batch []caption.StoredRecord) ([]caption.Link, error) {
	links := make([]caption.Link, 0, len(batch))
	for i := range batch {
		r := &batch[i]
		// Derived once for Match and Add: folding its place names was
		// half of what deriving it cost, 2.4 s of a million captions'
		// linking when it was derived for each.
		e := dedup.NewEventRecord(*r)
		target, group, sim, rule, err := in.matchEvent(*r, e)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", r.ID, err)
		}
		links = append(links, in.link(r.ID, caption.LevelEvent, target, group, sim, rule))
		r.Event, e.Event = group, group
		in.lk.events.Add(e)
		if r.Cluster == r.ID {
			in.lk.heads.add(r.ID, r.Event)
		}
	}
	return links, nil
}

// matchEvent decides r's event link; e is r's EventRecord. What it needs
// of the store was read by readEvents.
func (in *ingester) matchEvent(r caption.StoredRecord, e dedup.EventRecord) (target, group int64, sim float64, rule string, err error) {
	if r.Cluster != 0 && r.Cluster != r.ID {
		event, ok := in.lk.heads.get(r.Cluster)
		if !ok {
			// readEvents asks the store for every cluster a record of
			// the batch can join; a first record it did not find does
			// not exist.
			return 0, 0, 0, "", fmt.Errorf("the first record of cluster %d: %w", r.Cluster, caption.ErrNotFound)
		}
		if event != 0 {
			in.sum.EventJoins++
			return r.Cluster, event, 1, RuleCluster, nil
		}
	}
	if datable(r.Record.Date) && placeable(r.Record) {
		if best, sim, rule, ok := in.lk.events.Match(e); ok {
			in.sum.EventJoins++
			return best.ID, best.Event, sim, rule, nil
		}
	}
	in.sum.NewEvents++
	return r.ID, r.ID, 1, RuleNew, nil
}

// loadEventCandidates adds to the index the store's event candidates of
// the months eventMonths gives for d, each month once a run.
//
// It asks the store by calendar month, not for d's own window of
// eventDays either side: every date the index keeps (a day or a month)
// lies within one month, so a run decodes each stored record once. By
// window, each record was decoded for every date near it, a day's three
// times and a month-only one's some thirty, and a run resumed over a
// register of two million records spent nine minutes on it before it
// linked its first few thousand.
func (in *ingester) loadEventCandidates(ctx context.Context, d caption.PartialDate) error {
	if in.lk.empty {
		return nil
	}
	for _, m := range eventMonths(d) {
		if in.lk.loaded[m] {
			continue
		}
		month := caption.PartialDate{Year: m[0], Month: m[1], Precision: caption.PrecisionMonth}
		cands, err := in.store.EventCandidates(ctx, month, 0)
		if err != nil {
			return err
		}
		for _, c := range cands {
			in.lk.events.Add(dedup.NewEventRecord(c))
		}
		in.lk.loaded[m] = true
	}
	return nil
}

// eventMonths returns the year and month of each date EventIndex.Match
// compares a record dated d with: d's own month when d is known only to
// the month, else the months of the days eventDays either side of d and of
// d itself (one, or two at a month's end).
func eventMonths(d caption.PartialDate) [][2]int {
	if d.Precision != caption.PrecisionDay {
		return [][2]int{{d.Year, d.Month}}
	}
	var ms [][2]int
	t := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
	for i := -eventDays; i <= eventDays; i++ {
		day := t.AddDate(0, 0, i)
		m := [2]int{day.Year(), int(day.Month())}
		if !slices.Contains(ms, m) {
			ms = append(ms, m)
		}
	}
	return ms
}

// datable reports whether a date can place a record in an event: dedup
// matches events on the day or the month, never on the year alone.
func datable(d caption.PartialDate) bool {
	return d.Precision == caption.PrecisionDay || d.Precision == caption.PrecisionMonth
}

// placeable reports whether a record's scene can be one place with another
// record's, by EventIndex.Match's rules: a location resolved to a place or its
// outskirts, or no location but a place name. A scene known only to its
// province or country is one place with nothing, and asking the store for
// its candidates would be wasted.
func placeable(r caption.Record) bool {
	if l := r.Location; l != nil {
		return l.Precision == 1 || l.Precision == 2
	}
	return len(r.Places) > 0
}

func (in *ingester) link(rec int64, level caption.LinkLevel, target, group int64, sim float64, rule string) caption.Link {
	return caption.Link{
		Record: rec, Level: level, Target: target, Group: group,
		Similarity: sim, Rule: rule, Created: in.opt.Now(),
	}
}
