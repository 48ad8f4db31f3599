package searchindex

import (
	"math"
	"strconv"

	"sijil/internal/caption"
)

// scratch is the memory one query works in: bitmaps of the index's size.
type scratch struct {
	sets []set
	used int
}

// set returns a bitmap of n ordinals, its contents undefined.
func (sc *scratch) set(n int) set {
	words := (n + 63) / 64
	if sc.used == len(sc.sets) {
		sc.sets = append(sc.sets, make(set, words, words+words/8))
	}
	s := sc.sets[sc.used]
	if cap(s) < words {
		s = make(set, words, words+words/8)
		sc.sets[sc.used] = s
	}
	sc.used++
	return s[:words]
}

// candidates returns the ordinals the filters of p that have postings
// (text, records, country, places, admin1, basis, agency, photographer,
// event type, actor)
// allow; nil when p has no such filter, which allows every ordinal. The
// other filters are checked record by record (matches).
func (ix *index) candidates(p *caption.Plan, sc *scratch) set {
	n := ix.n()
	var s set
	and := func(t set) {
		if s == nil {
			s = t
		} else {
			s.and(t)
		}
	}
	for _, clause := range p.Text.All {
		c, f := sc.set(n), sc.set(n)
		clear(c)
		for _, phrase := range clause {
			for _, form := range phrase.Forms() {
				ix.phraseSet(form, f, sc.set(n))
				sc.used--
				c.orSet(f)
			}
		}
		sc.used--
		and(c)
	}
	if len(p.Text.None) > 0 {
		if s == nil {
			s = sc.set(n)
			for i := range s {
				s[i] = ^uint64(0)
			}
			if n%64 != 0 {
				s[len(s)-1] = 1<<(n%64) - 1
			}
		}
		f, tmp := sc.set(n), sc.set(n)
		for _, phrase := range p.Text.None {
			for _, form := range phrase.Forms() {
				ix.phraseSet(form, f, tmp)
				s.andNot(f)
			}
		}
		sc.used -= 2
	}
	if len(p.Records) > 0 {
		t := sc.set(n)
		clear(t)
		for _, id := range p.Records {
			if o, ok := ix.ordinal(id); ok {
				t[o/64] |= 1 << (o % 64)
			}
		}
		and(t)
	}
	if p.Country != "" {
		t := sc.set(n)
		clear(t)
		if c, ok := ix.countryIdx[string(p.Country)]; ok {
			t.or(&ix.countryPost[c])
		}
		and(t)
	}
	if len(p.GeonameIDs) > 0 || len(p.PlaceKeys) > 0 {
		t := sc.set(n)
		clear(t)
		for _, id := range p.GeonameIDs {
			if v, ok := ix.values.byFold[fieldString{caption.CodeGeonameID, strconv.Itoa(id)}]; ok {
				t.or(&ix.values.post[v])
			}
		}
		for _, k := range p.PlaceKeys {
			for _, v := range ix.values.byKey[fieldString{caption.CodePlace, k}] {
				t.or(&ix.values.post[v])
			}
		}
		and(t)
	}
	if p.Admin1Key != "" {
		t := sc.set(n)
		clear(t)
		for _, v := range ix.values.byKey[fieldString{caption.CodeAdmin1, p.Admin1Key}] {
			t.or(&ix.values.post[v])
		}
		and(t)
	}
	if p.Basis != "" {
		t := sc.set(n)
		clear(t)
		if b, ok := ix.basisIdx[string(p.Basis)]; ok {
			t.or(&ix.basisPost[b])
		}
		and(t)
	}
	for _, term := range p.Terms {
		t := sc.set(n)
		clear(t)
		if v, ok := ix.values.byFold[fieldString{uint8(caption.TermCode(term.Field)), term.Fold}]; ok {
			t.or(&ix.values.post[v])
		}
		and(t)
	}
	return s
}

// matches calls fn with every live ordinal that matches p, in ordinal
// order, given its candidates (nil: every ordinal).
func (ix *index) matches(p *caption.Plan, cand set, fn func(o uint32)) {
	f := ix.filter(p)
	check := func(o uint32) {
		if !ix.isDead(o) && (f == nil || f(o)) {
			fn(o)
		}
	}
	if cand == nil {
		for o := range uint32(ix.n()) {
			check(o)
		}
		return
	}
	for i, w := range cand {
		for ; w != 0; w &= w - 1 {
			check(uint32(i*64 + trailingZeros(w)))
		}
	}
}

// filter returns the test of p's filters without postings (dates, killed,
// near), nil when it has none.
func (ix *index) filter(p *caption.Plan) func(o uint32) bool {
	var tests []func(o uint32) bool
	if d := p.Days; d != nil {
		first, last := clampDay(d.First), clampDay(d.Last)
		tests = append(tests, func(o uint32) bool {
			f := ix.dayFirst[o]
			return f != noDay && f <= last && ix.dayLast[o] >= first
		})
	}
	if p.KilledMin != nil {
		k := int32(min(*p.KilledMin, math.MaxInt32))
		tests = append(tests, func(o uint32) bool { return ix.killed[o] >= 0 && ix.killed[o] >= k })
	}
	if p.Near != nil {
		tests = append(tests, ix.nearTest(p))
	}
	switch len(tests) {
	case 0:
		return nil
	case 1:
		return tests[0]
	}
	return func(o uint32) bool {
		for _, t := range tests {
			if !t(o) {
				return false
			}
		}
		return true
	}
}

func clampDay(d int64) int32 { return int32(max(min(d, math.MaxInt32), noDay+1)) }

// nearTest is the circle of p.Near as the stores test it in SQL: the
// bounding box, then caption.Haversine's formula, term by term as they
// write it (radians(x) is x·π/180), so that a point on the edge falls on
// the same side.
func (ix *index) nearTest(p *caption.Plan) func(o uint32) bool {
	const rad = math.Pi / 180
	b, c, hav := p.Box, *p.Near, p.Hav
	lat0, cos0, lon0 := c.Lat*rad, math.Cos(c.Lat*rad), c.Lon*rad
	return func(o uint32) bool {
		l := ix.loc[o]
		if l == 0 {
			return false
		}
		lat, lon := ix.locs[l].Lat, ix.locs[l].Lon
		if lat < b.MinLat || lat > b.MaxLat {
			return false
		}
		switch {
		case b.MinLon > b.MaxLon:
			if lon < b.MinLon && lon > b.MaxLon {
				return false
			}
		case b.MinLon > -180 || b.MaxLon < 180:
			if lon < b.MinLon || lon > b.MaxLon {
				return false
			}
		}
		if hav > 1 {
			return true
		}
		return math.Pow(math.Sin((lat*rad-lat0)/2), 2)+cos0*math.Cos(lat*rad)*math.Pow(math.Sin((lon*rad-lon0)/2), 2) <= hav
	}
}
