package searchindex

import (
	"container/list"
	"fmt"
	"strings"
	"sync"

	"sijil/internal/caption"
)

// lru is a map that forgets its least recently used entries beyond size.
// It is not safe for concurrent use.
type lru[K comparable, V any] struct {
	size  int
	items map[K]*list.Element
	order list.List // front: most recent
}

type lruItem[K comparable, V any] struct {
	key K
	val V
}

func newLRU[K comparable, V any](size int) *lru[K, V] {
	return &lru[K, V]{size: size, items: map[K]*list.Element{}}
}

func (c *lru[K, V]) get(k K) (V, bool) {
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruItem[K, V]).val, true
	}
	var zero V
	return zero, false
}

func (c *lru[K, V]) put(k K, v V) {
	if e, ok := c.items[k]; ok {
		e.Value.(*lruItem[K, V]).val = v
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(&lruItem[K, V]{k, v})
	for c.order.Len() > c.size {
		e := c.order.Back()
		c.order.Remove(e)
		delete(c.items, e.Value.(*lruItem[K, V]).key)
	}
}

func (c *lru[K, V]) clear() {
	clear(c.items)
	c.order.Init()
}

// result is what a search's filters match, kept for the next search with
// the same filters (the next page, the map and list of one search, a
// popular query): the matches' count, facets, and the matches themselves
// for the page, as a list of ordinals when there are few, else a bitmap. It
// belongs to one index at one generation, which it must not outlive.
type result struct {
	ix     *index
	gen    uint64
	total  int
	facets map[string][]caption.FacetCount
	list   []uint32
	bits   set
	// cached is set once the result is in the cache, where it serves
	// again: its list is then ranked once (rank), not at every page.
	cached bool
	rank   sync.Once
	ranked []hit
}

// results caches results by query.
type results struct {
	mu  sync.Mutex
	lru *lru[string, *result]
}

// get returns the result of key for ix at its generation.
func (rs *results) get(key string, ix *index) *result {
	if rs.lru == nil {
		return nil
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r, ok := rs.lru.get(key)
	if !ok || r.ix != ix || r.gen != ix.gen {
		return nil
	}
	return r
}

func (rs *results) put(key string, r *result) {
	if rs.lru == nil {
		return
	}
	r.cached = true
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.lru.put(key, r)
}

func (rs *results) clear() {
	if rs.lru == nil {
		return
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.lru.clear()
}

// resultKey identifies what a plan matches: every filter, but not the
// page's size or place.
func resultKey(p *caption.Plan) string {
	var b strings.Builder
	for _, c := range p.Text.All {
		b.WriteString("&")
		for _, ph := range c {
			b.WriteString("|" + strings.Join(ph, " "))
		}
	}
	for _, ph := range p.Text.None {
		b.WriteString("-" + strings.Join(ph, " "))
	}
	if d := p.Days; d != nil {
		fmt.Fprintf(&b, "\x00d%d,%d", d.First, d.Last)
	}
	fmt.Fprintf(&b, "\x00c%s\x00g%v\x00p%q\x00a%q\x00b%q\x00t", p.Country, p.GeonameIDs, p.PlaceKeys, p.Admin1Key, p.Basis)
	for _, t := range p.Terms {
		fmt.Fprintf(&b, "%s=%q,", t.Field, t.Fold)
	}
	if p.KilledMin != nil {
		fmt.Fprintf(&b, "\x00k%d", *p.KilledMin)
	}
	if c := p.Near; c != nil {
		fmt.Fprintf(&b, "\x00n%v,%v,%v", c.Lat, c.Lon, c.Km)
	}
	if p.Records != nil {
		fmt.Fprintf(&b, "\x00r%v", p.Records)
	}
	return b.String()
}

// records caches the records searches return, decoded, for as long as the
// source reports no commit: the source's version is read before every use,
// so that a record relinked or reparsed by any process is read again.
type records struct {
	mu      sync.Mutex
	lru     *lru[int64, caption.StoredRecord]
	version int64
	valid   bool
}

// sync forgets the records when version differs from theirs, and reports
// whether it did.
func (rs *records) sync(version int64) bool {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.valid && rs.version == version {
		return false
	}
	rs.lru.clear()
	rs.version, rs.valid = version, true
	return true
}

// invalidate forgets every record.
func (rs *records) invalidate() {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.lru.clear()
	rs.valid = false
}

// lookup fills out with the cached records of ids and returns the IDs it
// does not have.
func (rs *records) lookup(ids []int64, out []caption.StoredRecord, found []bool) (missing []int64) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for i, id := range ids {
		if r, ok := rs.lru.get(id); ok {
			out[i], found[i] = r, true
		} else {
			missing = append(missing, id)
		}
	}
	return missing
}

// add caches rs read at version.
func (rs *records) add(version int64, recs []caption.StoredRecord) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if !rs.valid || rs.version != version {
		return
	}
	for _, r := range recs {
		rs.lru.put(r.ID, r)
	}
}
