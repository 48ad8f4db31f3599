package searchindex

import (
	"fmt"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// index holds what search reads of every record, in columns by ordinal:
// small integers for dates, figures and interned values, postings for the
// words and values filters look up. Records get ordinals in the order they
// are added (ID order when the index is built from scratch); a record
// reindexed gets a new ordinal and its old one is marked dead, since
// postings only grow. An index is changed only under Store.mu's write lock.
type index struct {
	ids   []int64
	dead  []uint64 // bit o set when ordinal o was superseded
	nDead int
	// sorted is how many of the first ordinals are in increasing ID order,
	// where an ID is found by binary search; later ones are in recent.
	sorted int
	recent map[int64]uint32
	// gen counts the records added: a result computed at one generation
	// is valid until the next.
	gen uint64
	// order holds the live ordinals below orderN in search order, which
	// pages are read in; later ones are ranked when read.
	order  []uint32
	orderN int

	dayFirst, dayLast []int32 // days since 1970-01-01; noDay when undated
	minDay, maxDay    int32   // over the dated records
	date              []uint32
	year              []uint16 // index in years, 0 when undated
	country           []uint16 // index in countries, 0 when none
	basis             []uint16 // index in bases: the location's basis, 0 when none
	killed, injured   []int32  // -1 when unknown
	loc               []uint32 // index in locs, 0 when the record has no location
	places            []uint32 // index in placeLists, for located records
	events            []uint32 // index in eventLists, for located records
	// The facet values (agency, photographer, event type, actor, admin1)
	// of ordinal o are the uvarints of facetBuf[facetOff[o]:facetOff[o+1]].
	facetOff []uint32
	facetBuf []byte

	years       []string
	yearIdx     map[string]uint16
	countries   []string
	countryIdx  map[string]uint16
	countryPost []posting
	bases       []string
	basisIdx    map[string]uint16
	basisPost   []posting
	locs        []caption.Location
	locIdx      map[caption.Location]uint32
	placeLists  [][]string
	placeIdx    map[string]uint32
	eventLists  [][]caption.EventType
	eventIdx    map[string]uint32
	values      values
	text        text
}

const noDay = -1 << 31

func newIndex() *index {
	ix := &index{
		recent:     map[int64]uint32{},
		facetOff:   []uint32{0},
		years:      []string{""},
		yearIdx:    map[string]uint16{},
		countries:  []string{""},
		countryIdx: map[string]uint16{},
		bases:      []string{""},
		basisIdx:   map[string]uint16{},
		locs:       []caption.Location{{}},
		locIdx:     map[caption.Location]uint32{},
		placeLists: [][]string{nil},
		placeIdx:   map[string]uint32{},
		eventLists: [][]caption.EventType{nil},
		eventIdx:   map[string]uint32{},
		minDay:     1<<31 - 1,
		maxDay:     noDay,
	}
	ix.countryPost = []posting{{}}
	ix.basisPost = []posting{{}}
	ix.values.init()
	ix.text.init()
	return ix
}

// n is the number of ordinals, dead ones included.
func (ix *index) n() int { return len(ix.ids) }

// live returns the number of records indexed.
func (ix *index) live() int { return len(ix.ids) - ix.nDead }

func (ix *index) isDead(o uint32) bool {
	return int(o/64) < len(ix.dead) && ix.dead[o/64]&(1<<(o%64)) != 0
}

// ordinal returns the live ordinal of record id.
func (ix *index) ordinal(id int64) (uint32, bool) {
	if o, ok := ix.recent[id]; ok {
		return o, true
	}
	i, found := slices.BinarySearch(ix.ids[:ix.sorted], id)
	if !found || ix.isDead(uint32(i)) {
		return 0, false
	}
	return uint32(i), true
}

// row is a record as a store's feed passes it (see Source.SearchRows),
// with its values already given their index numbers.
type row struct {
	r      caption.StoredRecord
	text   []byte
	values []uint32
}

// add indexes a record, replacing the one with its ID if there is one.
func (ix *index) add(rw *row) {
	o := uint32(len(ix.ids))
	id := rw.r.ID
	ix.gen++
	if old, ok := ix.ordinal(id); ok {
		for int(old/64) >= len(ix.dead) {
			ix.dead = append(ix.dead, 0)
		}
		ix.dead[old/64] |= 1 << (old % 64)
		ix.nDead++
	}
	ix.ids = push(ix.ids, id)
	if ix.sorted == int(o) && len(ix.recent) == 0 && (o == 0 || id > ix.ids[o-1]) {
		ix.sorted++
	} else {
		ix.recent[id] = o
	}
	ix.addColumns(&rw.r.Record)
	for _, v := range rw.values {
		ix.values.post[v].add(o)
		if ix.values.field[v] <= caption.LastFacetCode {
			ix.facetBuf = appendUvarint(ix.facetBuf, uint64(v))
		}
	}
	ix.facetOff = push(ix.facetOff, uint32(len(ix.facetBuf)))
	ix.text.add(o, rw.text)
}

// addColumns appends the columns of a record.
func (ix *index) addColumns(r *caption.Record) {
	o := uint32(len(ix.dayFirst))
	first, last := int32(noDay), int32(noDay)
	year := uint16(0)
	if !r.Date.IsZero() {
		f, l := r.Date.Days()
		first, last = int32(f), int32(l)
		ix.minDay, ix.maxDay = min(ix.minDay, first), max(ix.maxDay, first)
		year = intern(&ix.years, ix.yearIdx, fmt.Sprintf("%04d", r.Date.Year))
	}
	ix.dayFirst, ix.dayLast, ix.year = push(ix.dayFirst, first), push(ix.dayLast, last), push(ix.year, year)
	ix.date = push(ix.date, packDate(r.Date))
	c := uint16(0)
	if r.Country != "" {
		c = intern(&ix.countries, ix.countryIdx, string(r.Country))
		if int(c) == len(ix.countryPost) {
			ix.countryPost = append(ix.countryPost, posting{})
		}
		ix.countryPost[c].add(o)
	}
	ix.country = push(ix.country, c)
	b := uint16(0)
	if r.Location != nil && r.Location.Basis != "" {
		b = intern(&ix.bases, ix.basisIdx, string(r.Location.Basis))
		if int(b) == len(ix.basisPost) {
			ix.basisPost = append(ix.basisPost, posting{})
		}
		ix.basisPost[b].add(o)
	}
	ix.basis = push(ix.basis, b)
	ix.killed, ix.injured = push(ix.killed, figure(r.Killed)), push(ix.injured, figure(r.Injured))
	var loc, places, events uint32
	if r.Location != nil {
		loc = intern(&ix.locs, ix.locIdx, *r.Location)
		places = internList(&ix.placeLists, ix.placeIdx, r.Places)
		events = internList(&ix.eventLists, ix.eventIdx, r.EventTypes)
	}
	ix.loc, ix.places, ix.events = push(ix.loc, loc), push(ix.places, places), push(ix.events, events)
}

// trim returns s with a sixteenth of its length spare.
func trim[T any](s []T) []T {
	if c := len(s) + len(s)/16 + 64; cap(s) > c {
		ns := make([]T, len(s), c)
		copy(ns, s)
		return ns
	}
	return s
}

// push appends v to s, doubling s's capacity when it is full (append grows
// large slices by a quarter, copying a million-record column many times).
func push[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		ns := make([]T, len(s), 2*cap(s)+64)
		copy(ns, s)
		s = ns
	}
	return append(s, v)
}

func figure(n *int) int32 {
	if n == nil {
		return -1
	}
	return int32(min(*n, 1<<31-1))
}

// intern returns the index of v in *table, adding it when new.
func intern[K comparable, I uint16 | uint32](table *[]K, idx map[K]I, v K) I {
	if i, ok := idx[v]; ok {
		return i
	}
	i := I(len(*table))
	*table = append(*table, v)
	idx[v] = i
	return i
}

// internList interns a list by its elements; 0 is the empty list.
func internList[T ~string](table *[][]T, idx map[string]uint32, list []T) uint32 {
	if len(list) == 0 {
		return 0
	}
	var b strings.Builder
	for _, s := range list {
		b.WriteString(string(s))
		b.WriteByte(0)
	}
	k := b.String()
	if i, ok := idx[k]; ok {
		return i
	}
	i := uint32(len(*table))
	*table = append(*table, slices.Clone(list))
	idx[k] = i
	return i
}

// packDate packs a date in 32 bits: year, month, day and precision.
func packDate(d caption.PartialDate) uint32 {
	var p uint32
	switch d.Precision {
	case caption.PrecisionYear:
		p = 1
	case caption.PrecisionMonth:
		p = 2
	case caption.PrecisionDay:
		p = 3
	}
	return uint32(d.Year)<<11 | uint32(d.Month)<<7 | uint32(d.Day)<<2 | p
}

func unpackDate(v uint32) caption.PartialDate {
	precisions := [...]caption.Precision{caption.PrecisionNone, caption.PrecisionYear, caption.PrecisionMonth, caption.PrecisionDay}
	return caption.PartialDate{Year: int(v >> 11), Month: int(v >> 7 & 15), Day: int(v >> 2 & 31), Precision: precisions[v&3]}
}

// pointAlloc holds the memory of a page of points, allocated at once: a
// map's ten thousand points made sixty thousand small allocations.
type pointAlloc struct {
	locs    []caption.Location
	figures []int
	places  []string
	events  []caption.EventType
}

// figure returns a pointer to a copy of n, nil for -1.
func (a *pointAlloc) figure(n int32) *int {
	if n < 0 {
		return nil
	}
	if len(a.figures) == cap(a.figures) {
		a.figures = make([]int, 0, 256)
	}
	a.figures = append(a.figures, int(n))
	return &a.figures[len(a.figures)-1]
}

// clone copies list into *buf, returning the copy (nil for none).
func clone[T any](buf *[]T, list []T) []T {
	if len(list) == 0 {
		return nil
	}
	if cap(*buf)-len(*buf) < len(list) {
		*buf = make([]T, 0, max(1024, len(list)))
	}
	*buf = append(*buf, list...)
	return slices.Clip((*buf)[len(*buf)-len(list):])
}

// pointRecord returns the caption.PointRecord of located ordinal o, the
// i-th of a page whose memory is a.
func (ix *index) pointRecord(o uint32, a *pointAlloc, i int) caption.Record {
	a.locs[i] = ix.locs[ix.loc[o]]
	return caption.Record{
		Date:       unpackDate(ix.date[o]),
		Country:    caption.CountryCode(ix.countries[ix.country[o]]),
		Location:   &a.locs[i],
		Places:     clone(&a.places, ix.placeLists[ix.places[o]]),
		Killed:     a.figure(ix.killed[o]),
		Injured:    a.figure(ix.injured[o]),
		EventTypes: clone(&a.events, ix.eventLists[ix.events[o]]),
	}
}

// compact gives back the slack of the index's slices, once built, leaving
// room for a sixteenth more records.
func (ix *index) compact() {
	ix.ids = trim(ix.ids)
	ix.dayFirst, ix.dayLast, ix.date = trim(ix.dayFirst), trim(ix.dayLast), trim(ix.date)
	ix.year, ix.country, ix.basis = trim(ix.year), trim(ix.country), trim(ix.basis)
	ix.killed, ix.injured = trim(ix.killed), trim(ix.injured)
	ix.loc, ix.places, ix.events = trim(ix.loc), trim(ix.places), trim(ix.events)
	ix.facetOff, ix.facetBuf = trim(ix.facetOff), trim(ix.facetBuf)
	ix.text.off, ix.text.buf = trim(ix.text.off), trim(ix.text.buf)
	for i := range ix.text.post {
		ix.text.post[i].compact()
	}
	for i := range ix.values.post {
		ix.values.post[i].compact()
	}
	for i := range ix.countryPost {
		ix.countryPost[i].compact()
	}
	for i := range ix.basisPost {
		ix.basisPost[i].compact()
	}
}

// memory estimates the bytes the index holds.
func (ix *index) memory() int {
	n := 8*cap(ix.ids) + 8*cap(ix.dead) + 16*len(ix.recent)
	n += 4 * (cap(ix.dayFirst) + cap(ix.dayLast) + cap(ix.date) + cap(ix.killed) + cap(ix.injured) + cap(ix.loc) +
		cap(ix.places) + cap(ix.events) + cap(ix.facetOff))
	n += 2*(cap(ix.year)+cap(ix.country)+cap(ix.basis)) + cap(ix.facetBuf)
	for i := range ix.countryPost {
		n += ix.countryPost[i].size()
	}
	for i := range ix.basisPost {
		n += ix.basisPost[i].size()
	}
	n += len(ix.locs) * 150
	for _, l := range ix.placeLists {
		n += 40 + 24*len(l)
	}
	return n + ix.values.memory() + ix.text.memory()
}

// sortOrder ranks every live ordinal in search order. The ordinals of a
// fresh index are in ID order, so a counting sort by day (newest first,
// undated last) that keeps that order among equal days is the search
// order; otherwise they are sorted.
func (ix *index) sortOrder() {
	n := ix.n()
	span := int64(ix.maxDay) - int64(ix.minDay) + 1
	if ix.sorted != n || span > 1<<22 {
		ix.order = ix.order[:0]
		ix.orderN = 0
		ix.extendOrder()
		return
	}
	if span < 0 {
		span = 0
	}
	// starts[i] is where day maxDay-i begins; undated ordinals go last.
	starts := make([]int32, span+1)
	for o := range n {
		if d := ix.dayFirst[o]; d != noDay && !ix.isDead(uint32(o)) {
			starts[int64(ix.maxDay)-int64(d)]++
		}
	}
	pos := int32(0)
	for i, c := range starts {
		starts[i], pos = pos, pos+c
	}
	order := make([]uint32, ix.live())
	undated := int(pos)
	for o := range n {
		switch d := ix.dayFirst[o]; {
		case ix.isDead(uint32(o)):
		case d == noDay:
			order[undated] = uint32(o)
			undated++
		default:
			i := int64(ix.maxDay) - int64(d)
			order[starts[i]] = uint32(o)
			starts[i]++
		}
	}
	ix.order, ix.orderN = order, n
}

// extendOrder merges the ordinals added since order was ranked into it,
// leaving out the dead.
func (ix *index) extendOrder() {
	n := ix.n()
	var tail []uint32
	for o := ix.orderN; o < n; o++ {
		if !ix.isDead(uint32(o)) {
			tail = append(tail, uint32(o))
		}
	}
	cmp := func(a, b uint32) int {
		if ix.hit(a).before(ix.hit(b)) {
			return -1
		}
		return 1
	}
	slices.SortFunc(tail, cmp)
	merged := make([]uint32, 0, len(ix.order)+len(tail))
	i := 0
	for _, o := range ix.order {
		if ix.isDead(o) {
			continue
		}
		for i < len(tail) && cmp(tail[i], o) < 0 {
			merged = append(merged, tail[i])
			i++
		}
		merged = append(merged, o)
	}
	ix.order, ix.orderN = append(merged, tail[i:]...), n
}
