package searchindex

import (
	"context"
	"fmt"
	"maps"

	"sijil/internal/caption"
)

// plan checks ctx and q as the stores do, and returns q's plan.
func plan(ctx context.Context, q caption.Query) (caption.Plan, error) {
	if err := ctx.Err(); err != nil {
		return caption.Plan{}, err
	}
	return q.Plan()
}

// queryScratch is the working memory of one query, from a pool.
type queryScratch struct {
	scratch
	counts counts
}

func (s *Store) getScratch() *queryScratch {
	sc, _ := s.scratch.Get().(*queryScratch)
	if sc == nil {
		sc = new(queryScratch)
	}
	sc.used = 0
	return sc
}

// result returns what p matches, from the cache or computed, with facets
// when withFacets (a result without them is not cached). The caller holds
// s.mu's read lock.
func (s *Store) result(p *caption.Plan, sc *queryScratch, withFacets bool) *result {
	key := resultKey(p)
	if r := s.results.get(key, s.ix); r != nil && (r.facets != nil || !withFacets) {
		return r
	}
	if !withFacets {
		return s.ix.compute(p, &sc.scratch, nil)
	}
	r := s.ix.compute(p, &sc.scratch, &sc.counts)
	s.results.put(key, r)
	return r
}

// Search answers q from the index (see caption.Store and storetest for
// the semantics, which are the source's), reading the page's records from
// the source, or the cache of them. Inside Exclusive it asks the source.
func (s *Store) Search(ctx context.Context, q caption.Query) (res caption.SearchResult, err error) {
	if exclusive(ctx) {
		return s.src.Search(ctx, q)
	}
	defer wrap(&err, "searchindex.Search")
	p, err := plan(ctx, q)
	if err != nil {
		return res, err
	}
	if p.MatchNone {
		return caption.SearchResult{Facets: emptyFacets()}, nil
	}
	sc := s.getScratch()
	defer s.scratch.Put(sc)
	s.mu.RLock()
	r := s.result(&p, sc, true)
	hits := s.ix.page(r, p.After, p.Limit+1, nil)
	s.mu.RUnlock()
	res.Total, res.Facets = r.total, maps.Clone(r.facets)
	var next *hit
	if len(hits) > p.Limit {
		next = &hits[p.Limit-1]
		hits = hits[:p.Limit]
	}
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.id
	}
	if res.Records, err = s.recordsByID(ctx, ids); err != nil {
		return caption.SearchResult{}, err
	}
	if next != nil {
		res.Next = caption.Cursor{Dated: next.dated, Day: int64(next.day), ID: next.id}.String()
	}
	return res, nil
}

// recordsByID reads the records of ids from the cache, when the source has
// not changed since they were read, and the others from the source.
func (s *Store) recordsByID(ctx context.Context, ids []int64) ([]caption.StoredRecord, error) {
	if s.version == nil {
		return s.src.RecordsByID(ctx, ids)
	}
	v, err := s.version(ctx)
	if err != nil {
		s.records.invalidate()
		return s.src.RecordsByID(ctx, ids)
	}
	if s.records.sync(v) {
		s.rev.Add(1)
	}
	out, found := make([]caption.StoredRecord, len(ids)), make([]bool, len(ids))
	missing := s.records.lookup(ids, out, found)
	if len(missing) == 0 {
		return out, nil
	}
	read, err := s.src.RecordsByID(ctx, missing)
	if err != nil {
		return nil, err
	}
	s.records.add(v, read)
	byID := make(map[int64]caption.StoredRecord, len(read))
	for _, r := range read {
		byID[r.ID] = r
	}
	rs := out[:0]
	for i, id := range ids {
		if found[i] {
			rs = append(rs, out[i])
		} else if r, ok := byID[id]; ok {
			rs = append(rs, r)
		}
	}
	return rs, nil
}

// Points answers q's map from the index; see caption.Store.
func (s *Store) Points(ctx context.Context, q caption.Query, limit int) (rs []caption.StoredRecord, err error) {
	if exclusive(ctx) {
		return s.src.Points(ctx, q, limit)
	}
	defer wrap(&err, "searchindex.Points")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if limit < 1 {
		return nil, fmt.Errorf("%w: limit %d is not positive", caption.ErrInvalid, limit)
	}
	q.Limit, q.Cursor = 0, ""
	p, err := plan(ctx, q)
	if err != nil || p.MatchNone {
		return nil, err
	}
	sc := s.getScratch()
	defer s.scratch.Put(sc)
	s.mu.RLock()
	defer s.mu.RUnlock()
	ix := s.ix
	hits := ix.page(s.result(&p, sc, false), nil, limit, func(o uint32) bool { return ix.loc[o] != 0 })
	rs = make([]caption.StoredRecord, len(hits))
	var a pointAlloc
	a.locs = make([]caption.Location, len(hits))
	a.figures = make([]int, 0, 2*len(hits))
	for i, h := range hits {
		rs[i] = caption.StoredRecord{ID: h.id, Record: ix.pointRecord(h.o, &a, i)}
	}
	return rs, nil
}

// Timeline answers q's timeline from the index; see caption.Store.
func (s *Store) Timeline(ctx context.Context, q caption.Query) (days []caption.DayCount, err error) {
	if exclusive(ctx) {
		return s.src.Timeline(ctx, q)
	}
	defer wrap(&err, "searchindex.Timeline")
	q.Limit, q.Cursor = 0, ""
	p, err := plan(ctx, q)
	if err != nil || p.MatchNone {
		return nil, err
	}
	sc := s.getScratch()
	defer s.scratch.Put(sc)
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.ix.timeline(s.result(&p, sc, false)), nil
}

// wrap prefixes a non-nil error with the operation.
func wrap(err *error, op string) {
	if *err != nil {
		*err = fmt.Errorf("%s: %w", op, *err)
	}
}
