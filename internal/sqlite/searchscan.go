package sqlite

import (
	"container/heap"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// Search returns a page of the records matching q, their number and facet
// counts; see caption.Query and storetest for the semantics.
//
// It reads the matches' rows of search_records once, in one statement,
// and counts them, counts their facet values and picks the page in Go:
// counting and ordering them in SQL took three passes over the matches
// and a look-up of each match's values, which in a pure-Go SQLite cost
// more than everything else.
func (s *Store) Search(ctx context.Context, q caption.Query) (res caption.SearchResult, err error) {
	defer wrap(&err, "sqlite.Search")
	if err := ctx.Err(); err != nil {
		return res, err
	}
	p, err := q.Plan()
	if err != nil {
		return res, err
	}
	res.Facets = emptyFacets()
	if p.MatchNone {
		return res, nil
	}
	err = s.readTx(ctx, func(tx querier) error {
		sc := scan{after: p.After, page: pageHeap{limit: p.Limit + 1}, country: map[string]int{}, year: map[string]int{},
			basis: map[string]int{}, values: map[int64]int{}}
		if err := sc.run(ctx, tx, planWhere(p)); err != nil {
			return err
		}
		res.Total = sc.total
		if err := s.setFacets(ctx, tx, &sc, res.Facets); err != nil {
			return err
		}
		page := sc.page.sorted()
		ids := make([]any, len(page))
		for i, m := range page {
			ids[i] = m.id
		}
		rs, err := recordsByID(ctx, tx, ids)
		if err != nil {
			return err
		}
		if len(rs) > p.Limit {
			rs = rs[:p.Limit]
			res.Next = caption.CursorOf(rs[len(rs)-1]).String()
		}
		res.Records = rs
		return nil
	})
	if err != nil {
		return caption.SearchResult{}, err
	}
	return res, nil
}

// SearchIDs returns the IDs of the records matching q, in search order
// (caption.SearchLister): one pass over the matches' rows of
// search_records, as Search's, ordered in Go.
func (s *Store) SearchIDs(ctx context.Context, q caption.Query) (ids []int64, err error) {
	defer wrap(&err, "sqlite.SearchIDs")
	p, err := q.PlanAll(ctx)
	if err != nil || p.MatchNone {
		return nil, err
	}
	var ms []match
	err = s.readTx(ctx, func(tx querier) error {
		w := planWhere(p)
		rows, err := tx.QueryContext(ctx, "SELECT r.id, r.day_first FROM search_records AS r"+w.String(), w.args...)
		if err != nil {
			return err
		}
		return eachRow(rows, func(rows *sql.Rows) error {
			var m match
			var day sql.NullInt64
			err := rows.Scan(&m.id, &day)
			m.dated, m.day = day.Valid, day.Int64
			ms = append(ms, m)
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(ms, match.compare)
	ids = make([]int64, len(ms))
	for i, m := range ms {
		ids[i] = m.id
	}
	return ids, nil
}

// scan is one pass over a search's matches.
type scan struct {
	after   *caption.Cursor
	total   int
	page    pageHeap
	country map[string]int
	year    map[string]int
	basis   map[string]int
	values  map[int64]int // facet value ID → matches holding it
}

func (sc *scan) run(ctx context.Context, tx querier, w *where) error {
	rows, err := tx.QueryContext(ctx, "SELECT r.id, r.day_first, r.country, r.year, r.basis, r.terms FROM search_records AS r"+w.String(), w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var m match
	var day sql.NullInt64
	var country, year, basis, terms sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&m.id, &day, &country, &year, &basis, &terms); err != nil {
			return err
		}
		m.dated, m.day = day.Valid, day.Int64
		sc.total++
		if country != nil {
			sc.country[string(country)]++
		}
		if year != nil {
			sc.year[string(year)]++
		}
		if basis != nil {
			sc.basis[string(basis)]++
		}
		for b := terms; len(b) > 0; {
			v, n := binary.Uvarint(b)
			if n <= 0 {
				return fmt.Errorf("record %d: corrupt search_records.terms", m.id)
			}
			if id, field := unpackTerm(v); field <= caption.LastFacetCode {
				sc.values[id]++
			}
			b = b[n:]
		}
		if sc.after == nil || m.follows(*sc.after) {
			sc.page.add(m)
		}
	}
	return rows.Err()
}

// match is a matching record's place in search order.
type match struct {
	id    int64
	day   int64
	dated bool
}

// before reports whether a comes before b in search order: dated first,
// newest first, then by ID.
func (a match) before(b match) bool {
	switch {
	case a.dated != b.dated:
		return a.dated
	case a.dated && a.day != b.day:
		return a.day > b.day
	}
	return a.id < b.id
}

// compare orders a and b as before does, for slices.SortFunc.
func (a match) compare(b match) int {
	switch {
	case a.before(b):
		return -1
	case b.before(a):
		return 1
	}
	return 0
}

// follows reports whether m comes after the cursor c.
func (m match) follows(c caption.Cursor) bool {
	return match{id: c.ID, day: c.Day, dated: c.Dated}.before(m)
}

// pageHeap keeps the first limit matches in search order: a heap whose
// root is the last of them.
type pageHeap struct {
	limit int
	ms    []match
}

func (h *pageHeap) Len() int           { return len(h.ms) }
func (h *pageHeap) Less(i, j int) bool { return h.ms[j].before(h.ms[i]) }
func (h *pageHeap) Swap(i, j int)      { h.ms[i], h.ms[j] = h.ms[j], h.ms[i] }
func (h *pageHeap) Push(x any)         { h.ms = append(h.ms, x.(match)) }
func (h *pageHeap) Pop() any {
	m := h.ms[len(h.ms)-1]
	h.ms = h.ms[:len(h.ms)-1]
	return m
}

func (h *pageHeap) add(m match) {
	switch {
	case len(h.ms) < h.limit:
		heap.Push(h, m)
	case m.before(h.ms[0]):
		h.ms[0] = m
		heap.Fix(h, 0)
	}
}

// sorted returns the matches kept, in search order.
func (h *pageHeap) sorted() []match {
	out := make([]match, len(h.ms))
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = heap.Pop(h).(match)
	}
	return out
}

// recordsByID reads the records of ids, in that order.
func recordsByID(ctx context.Context, tx querier, ids []any) ([]caption.StoredRecord, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rs, err := queryRecords(ctx, tx, recordSelect+" WHERE id IN (?"+strings.Repeat(", ?", len(ids)-1)+")", ids...)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]caption.StoredRecord, len(rs))
	for _, r := range rs {
		byID[r.ID] = r
	}
	out := make([]caption.StoredRecord, 0, len(ids))
	for _, id := range ids {
		if r, ok := byID[id.(int64)]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// setFacets fills facets from a scan's counts.
func (s *Store) setFacets(ctx context.Context, tx querier, sc *scan, facets map[string][]caption.FacetCount) error {
	add := func(f, value string, n int) {
		facets[f] = append(facets[f], caption.FacetCount{Value: value, Count: n})
	}
	for v, n := range sc.country {
		add(caption.FacetCountry, v, n)
	}
	for v, n := range sc.year {
		add(caption.FacetYear, v, n)
	}
	for v, n := range sc.basis {
		add(caption.FacetBasis, v, n)
	}
	names, err := s.valueNames(ctx, tx, sc.values)
	if err != nil {
		return err
	}
	for id, n := range sc.values {
		v, ok := names[id]
		if !ok {
			return fmt.Errorf("search value %d is missing", id)
		}
		add(caption.FacetOfCode(v.field), v.value, n)
	}
	for f, c := range facets {
		facets[f] = caption.TopFacets(c)
	}
	return nil
}

// facetValue is a row of search_values, as facets show it.
type facetValue struct {
	field int
	value string
}

// valueNames returns the field and value of the search_values IDs in ids.
func (s *Store) valueNames(ctx context.Context, tx querier, ids map[int64]int) (map[int64]facetValue, error) {
	out := make(map[int64]facetValue, len(ids))
	var args []any
	for id := range ids {
		args = append(args, id)
	}
	for len(args) > 0 {
		n := min(len(args), 500)
		rows, err := tx.QueryContext(ctx, "SELECT id, field, value FROM search_values WHERE id IN (?"+strings.Repeat(", ?", n-1)+")", args[:n]...)
		if err != nil {
			return nil, err
		}
		err = eachRow(rows, func(rows *sql.Rows) error {
			var id int64
			var v facetValue
			err := rows.Scan(&id, &v.field, &v.value)
			out[id] = v
			return err
		})
		if err != nil {
			return nil, err
		}
		args = args[n:]
	}
	return out, nil
}
