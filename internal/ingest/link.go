package ingest

import (
	"context"
	"fmt"

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

// maxBandsPerQuery bounds the band hashes of one ClusterCandidates call, well
// under SQLite's and PostgreSQL's limits on bound parameters.
const maxBandsPerQuery = 8192

// link runs the two linking passes over every unlinked record of the store:
// clusters first, since events are made of clusters.
func (in *ingester) link(ctx context.Context) error {
	if err := in.linkLevel(ctx, caption.LevelCluster, in.linkClusters); err != nil {
		return err
	}
	return in.linkLevel(ctx, caption.LevelEvent, in.linkEvents)
}

// linkLevel links the unlinked records at level, opt.Batch at a time, each
// batch in one Exclusive call, in ID order, until none is left.
//
// The store is called with a context that is never cancelled, and ctx is
// checked between batches instead: the SQLite driver starts a goroutine to
// watch each statement's context when it can be cancelled, which for the
// thousands of small statements of a linking pass cost more than the
// statements. A batch is a second or so of work.
func (in *ingester) linkLevel(ctx context.Context, level caption.LinkLevel, linkBatch func(context.Context, []caption.StoredRecord) error) error {
	done := 0
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("ingest: link %ss: %w", level, err)
		}
		n := 0
		err := in.store.Exclusive(context.WithoutCancel(ctx), func(ctx context.Context) error {
			recs, err := in.store.Unlinked(ctx, level, in.opt.Batch)
			if err != nil {
				return err
			}
			n = len(recs)
			if n == 0 {
				return nil
			}
			return linkBatch(ctx, recs)
		})
		if err != nil {
			return fmt.Errorf("ingest: link %ss: %w", level, err)
		}
		done += n
		in.progress.linked(level, done)
		if n < in.opt.Batch {
			return nil
		}
	}
}

// linkClusters links each record of batch (in ID order) to the cluster of
// the linked record it is an altered copy of, or makes it the first of a
// new cluster.
//
// A record's candidates are the linked records sharing an LSH band with it,
// which is what the store's ClusterCandidates returns; rather than ask the
// store once per record, linkClusters asks once per batch with the bands of
// the whole batch, and adds the batch's records to an in-memory band index
// as it links them. Each record so sees the same candidates as it would
// one query at a time.
func (in *ingester) linkClusters(ctx context.Context, batch []caption.StoredRecord) error {
	known, idx, err := in.clusterCandidates(ctx, batch)
	if err != nil {
		return err
	}
	var cands []caption.StoredRecord
	for _, r := range batch {
		cands = cands[:0]
		for _, id := range idx.Candidates(r.Fingerprint.Bands) {
			if id != r.ID {
				cands = append(cands, known[id])
			}
		}
		best, sim, rule, ok := dedup.MatchCluster(r.Record, cands, in.opt.Dedup)
		target, group := r.ID, r.ID
		if ok {
			target, group = best.ID, best.Cluster
			in.sum.Copies++
		} else {
			sim, rule = 1, RuleNew
			in.sum.NewClusters++
		}
		if err := in.setLink(ctx, r.ID, caption.LevelCluster, target, group, sim, rule); err != nil {
			return fmt.Errorf("record %d: %w", r.ID, err)
		}
		r.Cluster = group
		known[r.ID] = r
		idx.Add(r.ID, r.Fingerprint.Bands)
	}
	return nil
}

// clusterCandidates returns the records linked before batch that share a
// band with any record of it, by ID, and a band index of them.
func (in *ingester) clusterCandidates(ctx context.Context, batch []caption.StoredRecord) (map[int64]caption.StoredRecord, *dedup.Index, error) {
	seen := map[uint64]bool{}
	var bands []uint64
	for _, r := range batch {
		for _, b := range r.Fingerprint.Bands {
			if !seen[b] {
				seen[b] = true
				bands = append(bands, b)
			}
		}
	}
	known := map[int64]caption.StoredRecord{}
	for len(bands) > 0 {
		n := min(len(bands), maxBandsPerQuery)
		recs, err := in.store.ClusterCandidates(ctx, caption.Fingerprint{Key: "batch", Bands: bands[:n]})
		if err != nil {
			return nil, nil, err
		}
		for _, r := range recs {
			known[r.ID] = r
		}
		bands = bands[n:]
	}
	idx := dedup.NewIndex(len(known)+len(batch), len(batch[0].Fingerprint.Bands))
	for _, r := range known {
		idx.Add(r.ID, r.Fingerprint.Bands)
	}
	return known, idx, nil
}

// eventBatch is what linkEvents knows while it links one batch.
type eventBatch struct {
	byDate map[caption.PartialDate][]caption.StoredRecord // EventCandidates of a date, linked before the batch
	linked []caption.StoredRecord                         // the batch's records linked so far
	heads  map[int64]caption.StoredRecord                 // records by ID, for cluster heads
}

// linkEvents links each record of batch (in ID order) to an event. An
// altered copy joins the event of its cluster's first record; another
// record joins the event of the linked record dedup.MatchEvent picks among
// those dated within eventDays, or starts a new event.
//
// The store is asked for candidates once per distinct date of the batch;
// the batch's own records linked so far are added to every record's
// candidates. That may offer MatchEvent records dated further away than the
// store would, but MatchEvent only matches dates within a day (or within
// one month, for a date known to the month), all of which the store's
// window holds: the decisions are those of one query per record.
func (in *ingester) linkEvents(ctx context.Context, batch []caption.StoredRecord) error {
	eb := &eventBatch{byDate: map[caption.PartialDate][]caption.StoredRecord{}, heads: map[int64]caption.StoredRecord{}}
	for _, r := range batch {
		target, group, sim, rule, err := in.matchEvent(ctx, eb, r)
		if err != nil {
			return fmt.Errorf("record %d: %w", r.ID, err)
		}
		if err := in.setLink(ctx, r.ID, caption.LevelEvent, target, group, sim, rule); err != nil {
			return fmt.Errorf("record %d: %w", r.ID, err)
		}
		r.Event = group
		eb.linked = append(eb.linked, r)
		eb.heads[r.ID] = r
	}
	return nil
}

// matchEvent decides r's event link.
func (in *ingester) matchEvent(ctx context.Context, eb *eventBatch, r caption.StoredRecord) (target, group int64, sim float64, rule string, err error) {
	if r.Cluster != 0 && r.Cluster != r.ID {
		head, ok := eb.heads[r.Cluster]
		if !ok {
			if head, err = in.store.Record(ctx, r.Cluster); err != nil {
				return 0, 0, 0, "", err
			}
			eb.heads[head.ID] = head
		}
		if head.Event != 0 {
			in.sum.EventJoins++
			return head.ID, head.Event, 1, RuleCluster, nil
		}
	}
	if datable(r.Record.Date) && placeable(r.Record) {
		cands, ok := eb.byDate[r.Record.Date]
		if !ok {
			if cands, err = in.store.EventCandidates(ctx, r.Record.Date, eventDays); err != nil {
				return 0, 0, 0, "", err
			}
			eb.byDate[r.Record.Date] = cands
		}
		all := append(cands[:len(cands):len(cands)], eb.linked...)
		if best, sim, rule, ok := dedup.MatchEvent(r, all); ok {
			in.sum.EventJoins++
			return best.ID, best.Event, sim, rule, nil
		}
	}
	in.sum.NewEvents++
	return r.ID, r.ID, 1, RuleNew, nil
}

// datable reports whether a date can place a record in an event: dedup
// matches events on the day or the month, never on the year alone.
func datable(d caption.PartialDate) bool {
	return d.Precision == caption.PrecisionDay || d.Precision == caption.PrecisionMonth
}

// placeable reports whether a record's scene can be one place with another
// record's, by MatchEvent's rules: a location resolved to a place or its
// outskirts, or no location but a place name. A scene known only to its
// province or country is one place with nothing, and asking the store for
// its candidates would be wasted.
func placeable(r caption.Record) bool {
	if l := r.Location; l != nil {
		return l.Precision == 1 || l.Precision == 2
	}
	return len(r.Places) > 0
}

func (in *ingester) setLink(ctx context.Context, rec int64, level caption.LinkLevel, target, group int64, sim float64, rule string) error {
	return in.store.SetLink(ctx, caption.Link{
		Record: rec, Level: level, Target: target, Group: group,
		Similarity: sim, Rule: rule, Created: in.opt.Now(),
	})
}
