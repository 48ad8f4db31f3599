package searchindex

import (
	"encoding/binary"
	"maps"
	"slices"

	"sijil/internal/caption"
)

// hit is a match's place in search order: dated first, newest first (by
// the first day of the date), then by ID.
type hit struct {
	o     uint32
	day   int32
	dated bool
	id    int64
}

func (ix *index) hit(o uint32) hit {
	d := ix.dayFirst[o]
	return hit{o: o, day: d, dated: d != noDay, id: ix.ids[o]}
}

// before reports whether a comes before b in search order.
func (a hit) before(b hit) bool {
	switch {
	case a.dated != b.dated:
		return a.dated
	case a.dated && a.day != b.day:
		return a.day > b.day
	}
	return a.id < b.id
}

// follows reports whether h comes after the cursor c.
func (h hit) follows(c *caption.Cursor) bool {
	if c == nil {
		return true
	}
	return hit{day: int32(max(min(c.Day, 1<<31-1), noDay+1)), dated: c.Dated, id: c.ID}.before(h)
}

// top keeps the first limit hits in search order: a max-heap whose root is
// the last of them.
type top struct {
	limit int
	hs    []hit
}

func (t *top) add(h hit) {
	if len(t.hs) < t.limit {
		t.hs = append(t.hs, h)
		for i := len(t.hs) - 1; i > 0; {
			parent := (i - 1) / 2
			if !t.hs[parent].before(t.hs[i]) {
				break
			}
			t.hs[parent], t.hs[i] = t.hs[i], t.hs[parent]
			i = parent
		}
		return
	}
	if !h.before(t.hs[0]) {
		return
	}
	t.hs[0] = h
	for i := 0; ; {
		l, r, last := 2*i+1, 2*i+2, i
		if l < len(t.hs) && t.hs[last].before(t.hs[l]) {
			last = l
		}
		if r < len(t.hs) && t.hs[last].before(t.hs[r]) {
			last = r
		}
		if last == i {
			return
		}
		t.hs[i], t.hs[last] = t.hs[last], t.hs[i]
		i = last
	}
}

// sorted returns the hits kept, in search order.
func (t *top) sorted() []hit {
	slices.SortFunc(t.hs, func(a, b hit) int {
		if a.before(b) {
			return -1
		}
		return 1
	})
	return t.hs
}

// counts are a search's facet counts, by index number.
type counts struct {
	country, year, basis, values []int32
}

func (c *counts) reset(ix *index) {
	c.country = resize(c.country, len(ix.countries))
	c.year = resize(c.year, len(ix.years))
	c.basis = resize(c.basis, len(ix.bases))
	c.values = resize(c.values, len(ix.values.field))
}

func resize(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n, n+n/8)
	}
	s = s[:n]
	clear(s)
	return s
}

// compute returns what p matches: the matches (as a list of ordinals when
// there are few, else a bitmap), their number and, when c is not nil, their
// facet counts in c.
func (ix *index) compute(p *caption.Plan, sc *scratch, c *counts) *result {
	n := ix.n()
	r := &result{ix: ix, gen: ix.gen, bits: newSet(n)}
	bits := r.bits
	cand := ix.candidates(p, sc)
	if c == nil {
		ix.matches(p, cand, func(o uint32) {
			bits[o/64] |= 1 << (o % 64)
			r.total++
		})
	} else {
		c.reset(ix)
		cc, yc, bc, vc := c.country, c.year, c.basis, c.values
		ix.matches(p, cand, func(o uint32) {
			bits[o/64] |= 1 << (o % 64)
			r.total++
			cc[ix.country[o]]++
			yc[ix.year[o]]++
			bc[ix.basis[o]]++
			for b := ix.facetBuf[ix.facetOff[o]:ix.facetOff[o+1]]; len(b) > 0; {
				if b[0] < 0x80 { // most values have small numbers
					vc[b[0]]++
					b = b[1:]
					continue
				}
				v, k := binary.Uvarint(b)
				vc[v]++
				b = b[k:]
			}
		})
		r.facets = ix.facets(c)
	}
	if r.total < n/32 {
		r.list = make([]uint32, 0, r.total)
		for i, w := range bits {
			for ; w != 0; w &= w - 1 {
				r.list = append(r.list, uint32(i*64+trailingZeros(w)))
			}
		}
		r.bits = nil
	}
	return r
}

// page returns the first limit matches of r after the cursor after, in
// search order, those for which keep (when not nil) is true. Few matches
// are ranked whole; else the ordinals in search order are walked until the
// page is full, which for a search matching most of a million records
// takes microseconds where ranking them took milliseconds.
func (ix *index) page(r *result, after *caption.Cursor, limit int, keep func(o uint32) bool) []hit {
	t := top{limit: limit}
	add := func(o uint32) {
		if keep == nil || keep(o) {
			if h := ix.hit(o); h.follows(after) {
				t.add(h)
			}
		}
	}
	if r.list != nil && r.cached {
		return ix.pageRanked(r, after, limit, keep)
	}
	if r.list != nil {
		for _, o := range r.list {
			add(o)
		}
		return t.sorted()
	}
	start := 0
	if after != nil {
		start, _ = slices.BinarySearchFunc(ix.order, after, func(o uint32, c *caption.Cursor) int {
			if ix.hit(o).follows(c) {
				return 1
			}
			return -1
		})
	}
	found := 0
	for _, o := range ix.order[start:] {
		if r.bits.has(o) && (keep == nil || keep(o)) {
			t.add(ix.hit(o))
			if found++; found == limit {
				break
			}
		}
	}
	for o := uint32(ix.orderN); o < uint32(ix.n()); o++ {
		if r.bits.has(o) {
			add(o)
		}
	}
	return t.sorted()
}

// pageRanked is page for a cached result with a list: the list is ranked
// once, and each page is found in it by the cursor.
func (ix *index) pageRanked(r *result, after *caption.Cursor, limit int, keep func(o uint32) bool) []hit {
	r.rank.Do(func() {
		r.ranked = make([]hit, len(r.list))
		for i, o := range r.list {
			r.ranked[i] = ix.hit(o)
		}
		slices.SortFunc(r.ranked, func(a, b hit) int {
			if a.before(b) {
				return -1
			}
			return 1
		})
	})
	start := 0
	if after != nil {
		start, _ = slices.BinarySearchFunc(r.ranked, after, func(h hit, c *caption.Cursor) int {
			if h.follows(c) {
				return 1
			}
			return -1
		})
	}
	var out []hit
	for _, h := range r.ranked[start:] {
		if len(out) == limit {
			break
		}
		if keep == nil || keep(h.o) {
			out = append(out, h)
		}
	}
	return out
}

// facets turns counts into a SearchResult's facets.
func (ix *index) facets(c *counts) map[string][]caption.FacetCount {
	out := emptyFacets()
	add := func(f, value string, n int32) {
		if n > 0 {
			out[f] = append(out[f], caption.FacetCount{Value: value, Count: int(n)})
		}
	}
	for i, n := range c.country[1:] {
		add(caption.FacetCountry, ix.countries[i+1], n)
	}
	for i, n := range c.year[1:] {
		add(caption.FacetYear, ix.years[i+1], n)
	}
	for i, n := range c.basis[1:] {
		add(caption.FacetBasis, ix.bases[i+1], n)
	}
	for v, n := range c.values {
		if n > 0 {
			add(caption.FacetOfCode(int(ix.values.field[v])), ix.values.value[v], n)
		}
	}
	for f, fc := range out {
		out[f] = caption.TopFacets(fc)
	}
	return out
}

// timeline counts r's dated matches by the first day of their date.
func (ix *index) timeline(r *result) []caption.DayCount {
	// Counted in an array over the index's days, or a map when its dates
	// span more than a few thousand years.
	span := int64(ix.maxDay) - int64(ix.minDay) + 1
	var byDay map[int32]int
	var arr []int32
	if span > 0 && span <= 1<<21 {
		arr = make([]int32, span)
	} else {
		byDay = map[int32]int{}
	}
	count := func(o uint32) {
		switch d := ix.dayFirst[o]; {
		case d == noDay:
		case arr != nil:
			arr[d-ix.minDay]++
		default:
			byDay[d]++
		}
	}
	if r.list != nil {
		for _, o := range r.list {
			count(o)
		}
	} else {
		for i, w := range r.bits {
			for ; w != 0; w &= w - 1 {
				count(uint32(i*64 + trailingZeros(w)))
			}
		}
	}
	var days []caption.DayCount
	for i, n := range arr {
		if n > 0 {
			days = append(days, caption.DayCount{Date: caption.DayDate(int64(ix.minDay) + int64(i)), Count: int(n)})
		}
	}
	for _, d := range slices.Sorted(maps.Keys(byDay)) {
		days = append(days, caption.DayCount{Date: caption.DayDate(int64(d)), Count: byDay[d]})
	}
	return days
}

// emptyFacets returns every facet with no values.
func emptyFacets() map[string][]caption.FacetCount {
	out := map[string][]caption.FacetCount{}
	for _, f := range caption.Facets() {
		out[f] = []caption.FacetCount{}
	}
	return out
}
