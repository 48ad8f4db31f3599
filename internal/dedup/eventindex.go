package dedup

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"sijil/internal/caption"
)

// EventRecord is what EventIndex.Match compares of a record, derived once: a
// linking pass compares each record with every candidate dated near it, and
// folding both records' place names and converting their dates for every
// pair cost more than the comparison itself. It is also small, so that an
// EventIndex can hold every record of a million-caption run.
type EventRecord struct {
	ID, Cluster, Event int64

	prec     uint8 // eventDay, eventMonth, or 0 for a date that never matches (none, year)
	year     int32
	month    int32
	day      int32 // dayNumber, at day precision
	precise  bool  // located to a place or its outskirts (precision 1 or 2)
	lat, lon float64
	names    []string // placeNames, folded
	types    []caption.EventType
	credit   eventCredit // for the cross-language rule, with the tolls
	killed   int32       // -1: not stated
	injured  int32
}

// The date precisions an EventRecord keeps; a year alone never matches.
const (
	eventMonth = 1
	eventDay   = 2
)

// NewEventRecord derives r's EventRecord.
func NewEventRecord(r caption.StoredRecord) EventRecord {
	e := EventRecord{ID: r.ID, Cluster: r.Cluster, Event: r.Event, names: placeNames(r.Record), types: r.Record.EventTypes,
		credit: newEventCredit(r.Record), killed: toll(r.Record.Killed), injured: toll(r.Record.Injured)}
	d := r.Record.Date
	switch d.Precision {
	case caption.PrecisionDay:
		e.prec, e.day = eventDay, int32(dayNumber(d))
	case caption.PrecisionMonth:
		e.prec = eventMonth
	}
	e.year, e.month = int32(d.Year), int32(d.Month)
	if l := r.Record.Location; precise(l) {
		e.precise, e.lat, e.lon = true, l.Lat, l.Lon
	}
	return e
}

// matchable reports whether e can be one event with any record: it has a
// day or month, and a place (a resolved scene or a place name).
func (e *EventRecord) matchable() bool {
	return e.prec != 0 && (e.precise || len(e.names) > 0)
}

// The tests that passed, as EventIndex.Match's rule names them.
var (
	dateRules  = [...]string{3: "date", 2: "date±1", 1: "month"}
	dateScores = [...]float64{3: 1, 2: 0.75, 1: 0.25}
	placeRules = [...]string{"10km", "place"}
	typeRules  = [...]string{"notypes", "types", "sequel", "xlang"}
)

// eventPair is how two EventRecords agree, with codes for the rule.
type eventPair struct {
	tier        int // 3 same day, 2 adjacent days, 1 same month at month precision
	score       float64
	place, kind int // indexes of placeRules and typeRules
}

func (p eventPair) rule() string {
	return dateRules[p.tier] + "," + placeRules[p.place] + "," + typeRules[p.kind]
}

// pairEvents tests a record (a) against a candidate (b) as EventIndex.Match
// describes.
func pairEvents(a, b *EventRecord) (eventPair, bool) {
	tier := eventTier(a, b)
	if tier == 0 {
		return eventPair{}, false
	}
	p := eventPair{tier: tier}
	var ps, ts float64
	switch {
	case a.precise && b.precise:
		d := haversineKm(a.lat, a.lon, b.lat, b.lon)
		if d > EventKm {
			return eventPair{}, false
		}
		ps = 1 - d/(2*EventKm)
	case sharesName(a.names, b.names):
		p.place, ps = 1, 0.75
	default:
		return eventPair{}, false
	}
	var ok bool
	p.kind, ts, ok = eventTypesAgree(a, b)
	if (!ok || p.kind == kindNoTypes) && twoLanguages(a, b) {
		// Types missing on a side say nothing across languages: one
		// language's rules may not know the words the other's do.
		if !crossLanguage(a, b, tier) {
			return eventPair{}, false
		}
		p.kind, ts, ok = kindCrossLanguage, 0.5, true
	}
	if !ok {
		return eventPair{}, false
	}
	p.score = (dateScores[tier] + ps + ts) / 3
	return p, true
}

// eventTier compares a record's photo date (a) with a candidate's (b): 3 same
// day, 2 adjacent days, 1 same month when a is known only to the month, 0 no
// match. A record known to the day never joins through a candidate known
// only to the month: that candidate would link every incident of its month
// at its place into one event.
func eventTier(a, b *EventRecord) int {
	if a.prec == 0 || b.prec == 0 {
		return 0
	}
	if a.year != b.year || a.month != b.month {
		if a.prec == eventDay && b.prec == eventDay && absInt32(a.day-b.day) == 1 {
			return 2
		}
		return 0
	}
	if a.prec == eventMonth {
		return 1
	}
	if b.prec == eventMonth {
		return 0
	}
	switch absInt32(a.day - b.day) {
	case 0:
		return 3
	case 1:
		return 2
	}
	return 0
}

func absInt32(n int32) int32 {
	if n < 0 {
		return -n
	}
	return n
}

func sharesName(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// eventTypesAgree tests the event types of a pair (see EventIndex.Match) and
// returns the index of its rule in typeRules.
func eventTypesAgree(a, b *EventRecord) (kind int, score float64, ok bool) {
	ta, tb := a.types, b.types
	if len(ta) == 0 && len(tb) == 0 {
		return 0, 0.5, true
	}
	if len(ta) == 0 || len(tb) == 0 {
		return 0, 0, false
	}
	inter := 0
	for _, t := range ta {
		if slices.Contains(tb, t) {
			inter++
		}
	}
	if inter > 0 {
		union := len(ta) + len(tb) - inter
		return 1, 0.5 + 0.5*float64(inter)/float64(union), true
	}
	if eventFollows(a, b) || eventFollows(b, a) {
		return 2, 0.5, true
	}
	return 0, 0, false
}

// eventFollows reports whether a is a funeral or rescue on or after b's
// strike.
func eventFollows(a, b *EventRecord) bool {
	if !hasAny(a.types, sequelTypes) || !hasAny(b.types, strikeTypes) {
		return false
	}
	if a.prec == eventDay && b.prec == eventDay {
		return a.day >= b.day
	}
	return true
}

// matchEventRecords is Match over a list of EventRecords: the index of the best
// candidate, and how it agrees with rec. The ranking (tier, then score, then
// the lowest ID) does not depend on the candidates' order.
func matchEventRecords(rec *EventRecord, candidates []*EventRecord) (best int, top eventPair, ok bool) {
	best = -1
	for i, c := range candidates {
		if c.ID == rec.ID || rec.Cluster != 0 && c.Cluster == rec.Cluster {
			continue
		}
		m, found := pairEvents(rec, c)
		if !found {
			continue
		}
		if ok && !(m.tier > top.tier || m.tier == top.tier && (m.score > top.score || m.score == top.score && c.ID < candidates[best].ID)) {
			continue
		}
		best, top, ok = i, m, true
	}
	return best, top, ok
}

// EventIndex holds EventRecords by date, for a linking pass that keeps the
// records linked so far in memory instead of asking a store for each date
// again: Match finds the best of the records added. Records that can never
// be one event with another (no day or month, no place) are not kept. The zero value is not usable; call NewEventIndex.
//
// A million-caption ingest keeps most of its records here, so they are kept
// compact (indexedEvent, 72 bytes): their place names and event types,
// which a few thousand places and a few dozen type lists account for, and
// their languages, agencies and photographers, are interned as sets the
// records point to by number. The tolls are kept in the record: with them
// the credit sets were nearly one a record, and the index grew by some
// 200 bytes a record.
type EventIndex struct {
	// recs are the records kept, by ordinal, in chunks of recChunk: one
	// slice grown by append copied a million captions' 50 MB again at
	// each growth, and held the old copy beside the new one while it
	// did, 1.4 s of the million's linking (2026-12-05).
	recs  [][]indexedEvent
	byDay map[int32]*dayList // day-precision records by day
	// byMonth holds the records by their month, day-precision or not
	// (up to maxListed of an event): a record known only to the month is
	// compared with the whole month's list.
	byMonth map[[2]int32]*dayList
	ids     idSet

	nameSets [][]string
	nameIDs  map[string]uint32 // appendNames(set) → its index in nameSets
	typeSets [][]caption.EventType
	typeIDs  map[string]uint32 // appendTypes(set) → its index in typeSets
	// creditSets are the records' languages, agencies and photographers: a
	// register has far fewer of them than records.
	creditSets []eventCredit
	creditIDs  map[string]uint32 // eventCredit.appendKey() → its index in creditSets
	// key is Add's scratch for the sets' keys: looked up as string(key),
	// a key costs no allocation unless its set is new.
	key []byte

	cands []EventRecord // Match's scratch
	ptrs  []*EventRecord
	tail  []listed // dayList.add's scratch
}

// indexedEvent is an EventRecord as an EventIndex keeps it.
type indexedEvent struct {
	id, cluster, event int64
	lat, lon           float64
	year, day          int32
	names, types       uint32 // indexes of nameSets and typeSets
	month              int8
	prec               uint8
	precise            bool
	credit             uint32 // index of creditSets
	killed, injured    int32
}

// listed is a record in a list of EventIndex's days or months, with what
// near needs of it: the lists of a day or month are read in turn, where
// reading each record's indexedEvent was a cache miss a candidate, most of
// the time Match took at a million records.
type listed struct {
	ord   int32  // in recs
	names uint32 // index of nameSets
	// lat and lon are NaN unless the scene is resolved to a place or its
	// outskirts.
	lat, lon float32
}

// NewEventIndex returns an empty index.
func NewEventIndex() *EventIndex {
	return &EventIndex{byDay: map[int32]*dayList{}, byMonth: map[[2]int32]*dayList{},
		nameSets: [][]string{nil}, nameIDs: map[string]uint32{"": 0},
		typeSets: [][]caption.EventType{nil}, typeIDs: map[string]uint32{"": 0},
		creditSets: []eventCredit{noCredit}, creditIDs: map[string]uint32{string(noCredit.appendKey(nil)): 0}}
}

// Has reports whether the record id was added.
func (ix *EventIndex) Has(id int64) bool { return ix.ids.has(id) }

// Len returns the number of records kept.
func (ix *EventIndex) Len() int {
	if len(ix.recs) == 0 {
		return 0
	}
	return (len(ix.recs)-1)*recChunk + len(ix.recs[len(ix.recs)-1])
}

// recChunk is how many records a chunk of EventIndex.recs holds (recShift
// bits of an ordinal).
const (
	recShift = 12
	recChunk = 1 << recShift
)

// rec returns the record of ordinal ord.
func (ix *EventIndex) rec(ord int32) *indexedEvent {
	return &ix.recs[ord>>recShift][ord&(recChunk-1)]
}

// Add keeps e, unless it can never match or its ID was added before.
func (ix *EventIndex) Add(e EventRecord) {
	if !e.matchable() || ix.ids.has(e.ID) {
		return
	}
	ix.ids.add(e.ID)
	k := indexedEvent{id: e.ID, cluster: e.Cluster, event: e.Event, lat: e.lat, lon: e.lon, year: e.year, day: e.day,
		month: int8(e.month), prec: e.prec, precise: e.precise}
	ix.key = appendNames(ix.key[:0], e.names)
	k.names = intern(&ix.nameSets, ix.nameIDs, ix.key, e.names)
	ix.key = appendTypes(ix.key[:0], e.types)
	k.types = intern(&ix.typeSets, ix.typeIDs, ix.key, e.types)
	ix.key = e.credit.appendKey(ix.key[:0])
	k.credit = internCredit(&ix.creditSets, ix.creditIDs, ix.key, e.credit)
	k.killed, k.injured = e.killed, e.injured
	ord := ix.Len()
	l := listed{ord: int32(ord), names: k.names, lat: float32(math.NaN()), lon: float32(math.NaN())}
	if k.precise {
		l.lat, l.lon = float32(k.lat), float32(k.lon)
	}
	if ord%recChunk == 0 {
		ix.recs = append(ix.recs, make([]indexedEvent, 0, recChunk))
	}
	last := &ix.recs[len(ix.recs)-1]
	*last = append(*last, k)
	if e.prec == eventDay {
		ix.listOn(listIn(ix.byDay, e.day), l, e.Event)
	}
	ix.listOn(listIn(ix.byMonth, [2]int32{e.year, e.month}), l, e.Event)
}

// maxListed is how many records of one event a day's or a month's list
// holds. A record of an event beyond it is kept (Has, and the event it
// joined) but not listed there: Match compares the records after it with
// the records of its event already listed. Without the bound, a record
// was compared with every photo of its place and days, and those grow
// with the register: in generated corpora a record met 1.5 candidates at
// 100,000 captions, 18 at a million and 35 at three million (with a bound
// of 16), and copying them took 30 s of three million captions' ingest
// against 1.3 s at a million; photos of one incident, none a copy of
// another, were each compared with every one before (2,000, 4,000 and
// 8,000 of them linked in 0.1, 0.3 and 1.1 s, 50,000 in a minute). A
// month's list, which a record known only to the month reads whole, is
// bounded alike.
//
// The bound can change a link: when the records of an event listed on a
// day are not its most alike to a new record, another event's may
// outrank them (see Match). On a generated million captions, against
// the generator's incidents, the events' pairwise recall was 0.9593
// without a bound, 0.9580 with 8 and 0.9558 with 4, for 18, 12.8 and 9.9
// candidates a record (precision 0.168, 0.180, 0.194: nearby places and
// adjacent days make events of many incidents there, bound or not).
const maxListed = 8

// listOn adds l, a record of event, to d, a day's or a month's list,
// unless event has maxListed records listed in it already. A record of no
// event (0) is always listed.
func (ix *EventIndex) listOn(d *dayList, l listed, event int64) {
	if event != 0 {
		if d.events == nil {
			d.events = make(map[int64]int32)
		}
		if d.events[event] >= maxListed {
			return
		}
		d.events[event]++
	}
	d.add(l, &ix.tail)
}

// listIn returns lists[k], made when it is missing.
func listIn[K comparable](lists map[K]*dayList, k K) *dayList {
	d := lists[k]
	if d == nil {
		d = &dayList{}
		lists[k] = d
	}
	return d
}

// intern returns the index of the set keyed key in sets, adding a copy of
// set when it is new.
func intern[T any](sets *[][]T, ids map[string]uint32, key []byte, set []T) uint32 {
	if id, ok := ids[string(key)]; ok {
		return id
	}
	id := uint32(len(*sets))
	*sets = append(*sets, slices.Clone(set))
	ids[string(key)] = id
	return id
}

// record is the EventRecord k was made from.
func (ix *EventIndex) record(k *indexedEvent) EventRecord {
	return EventRecord{ID: k.id, Cluster: k.cluster, Event: k.event, prec: k.prec, year: k.year, month: int32(k.month),
		day: k.day, precise: k.precise, lat: k.lat, lon: k.lon, names: ix.nameSets[k.names], types: ix.typeSets[k.types],
		credit: ix.creditSets[k.credit], killed: k.killed, injured: k.injured}
}

// appendNames appends the key of a set of place names to b.
func appendNames(b []byte, ns []string) []byte {
	for i, n := range ns {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, n...)
	}
	return b
}

// appendTypes appends the key of a set of event types to b.
func appendTypes(b []byte, ts []caption.EventType) []byte {
	for _, t := range ts {
		b = append(b, t...)
		b = append(b, 0)
	}
	return b
}

// Match decides which of the records added (records already linked as
// events) shows the same incident as rec, the event rec joins:
// another photo, not another copy of the caption. A candidate matches when
//
//   - the dates are equal or adjacent days (both at day precision), or the
//     same month when rec is known only to the month (a record known to the
//     day does not join a candidate known only to the month, which would
//     chain a month's incidents at one place into one event);
//   - the places agree: both scenes resolved to a place or its outskirts
//     (precision 1 or 2) within EventKm, or else the same most specific
//     place name once case, diacritics and Arabic articles are folded
//     (placeNames). Two scenes known only to the same province are not one
//     place;
//   - the event types are compatible: both empty, sharing a type, or a
//     funeral or rescue on or after an air strike, shelling, barrel bomb or
//     explosion; or else the two are one photo's captions in two languages
//     (crossLanguage: the same day, an agency in common, no photographer
//     or toll that differs), whose rules may read its event words
//     differently;
//   - it is not rec itself nor in rec's cluster.
//
// Same-day matches rank above adjacent days, which rank above month matches;
// within a tier the highest sim wins, then the lowest ID. sim is the mean of
// a date score (1 same day, 0.75 adjacent, 0.25 same month), a place score
// (1 at 0 km, 0.5 at 10 km, 0.75 for a same name) and a type score (0.5–1 by
// the types' overlap, 0.5 for none, a sequel or two languages). rule names
// the three tests that passed, such as "date±1,10km,types",
// "month,place,notypes" or "date,10km,xlang".
//
// The candidates are the records added, but only the first maxListed of
// each event in a day's or month's list (listOn): rec may then join an
// event through a record of it that is not its most alike, or, when those
// listed are all of rec's cluster, miss it.
func (ix *EventIndex) Match(rec EventRecord) (best EventRecord, sim float64, rule string, ok bool) {
	if !rec.matchable() {
		return EventRecord{}, 0, "", false
	}
	// A day matches days at most one apart, and a month to
	// the days and months of that month only.
	// A candidate becomes an EventRecord (its sets looked up, its fields
	// copied) only when its date and place can agree with rec's: at a
	// million records a day has hundreds of neighbours and a month
	// thousands, and copying each was most of the time a linking pass spent
	// on events.
	cands := ix.cands[:0]
	lonMax := maxEventLon(rec.lat)
	add := func(list []listed) {
		for _, l := range list {
			if ix.near(&rec, lonMax, l) {
				cands = append(cands, ix.record(ix.rec(l.ord)))
			}
		}
	}
	addList := func(d *dayList) {
		if d == nil {
			return
		}
		if !rec.precise {
			add(d.ents)
			return
		}
		near, unresolved := d.nearLat(rec.lat)
		add(unresolved)
		add(near)
		add(d.ents[d.sorted:])
	}
	if rec.prec == eventDay {
		for day := rec.day - 1; day <= rec.day+1; day++ {
			addList(ix.byDay[day])
		}
	} else {
		// A month's list holds every record of the month: at a million
		// captions some 4,400, which a record known only to the month
		// read whole, a quarter of the time Match took.
		addList(ix.byMonth[[2]int32{rec.year, rec.month}])
	}
	ptrs := ix.ptrs[:0]
	for i := range cands {
		ptrs = append(ptrs, &cands[i])
	}
	ix.cands, ix.ptrs = cands, ptrs
	i, top, ok := matchEventRecords(&rec, ptrs)
	if !ok {
		return EventRecord{}, 0, "", false
	}
	return cands[i], top.score, top.rule(), true
}

// dayList is the records of one day, or of one month. Once it holds a few
// dozen, it is kept in latitude order but for the last few added, so that
// Match reads, for a resolved scene, only the scenes of the day (or month)
// within maxEventLat of its latitude, the unresolved ones (which match by
// name) and the few not yet in order. A register's records crowd into
// its days as it grows: a generated million captions put some 145 on a
// day, and reading all three days' records for each record was most of
// what Match cost there, and ten times as much a record at ten million.
type dayList struct {
	// ents[:sorted] are in latitude order, unresolved scenes (NaN) first.
	ents   []listed
	sorted int
	// events counts the records listed of each event (listOn); nil
	// until one is listed.
	events map[int64]int32
}

const (
	// dayListSorted is how many records a day holds before its list is
	// put in order, and dayListTail how many are added after that before
	// they are merged in: each merge moves the records after the first
	// one merged, so a day of n records costs about n/dayListTail moves a
	// record added, and Match reads at most dayListTail out of order (a
	// long list's tail may grow: dayListMoves).
	dayListSorted = 64
	dayListTail   = 32
	// dayListMoves bounds the moves a record added costs a long list,
	// a month's: its tail may grow to a dayListMoves'th of the list
	// before it is merged. With a tail of dayListTail, adding a month of
	// 45,000 records (ten million captions' density) took 2.8 µs a
	// record; with the tail grown so, 0.7 µs, as at 4,500.
	dayListMoves = 64
	// latSlack widens nearLat's window beyond maxEventLat, so that
	// rounding in its comparisons never leaves out a record that near's
	// own test would keep.
	latSlack = 1e-6
)

// add appends l, and puts the list in order when enough are out of order;
// tail is the caller's scratch.
func (d *dayList) add(l listed, tail *[]listed) {
	d.ents = append(d.ents, l)
	n := len(d.ents)
	if n < dayListSorted || n-d.sorted < max(dayListTail, d.sorted/dayListMoves) {
		return
	}
	byLat := func(a, b listed) int { return cmp.Compare(a.lat, b.lat) }
	t := append((*tail)[:0], d.ents[d.sorted:]...)
	slices.SortFunc(t, byLat)
	// Merge from the end: the sorted prefix's records move up only as far
	// as the new records that go before them.
	i, j := d.sorted-1, len(t)-1
	for k := n - 1; j >= 0; k-- {
		if i >= 0 && byLat(d.ents[i], t[j]) > 0 {
			d.ents[k] = d.ents[i]
			i--
		} else {
			d.ents[k] = t[j]
			j--
		}
	}
	d.sorted, *tail = n, t
}

// nearLat returns, of the records in order, those whose resolved scene is
// within maxEventLat (and latSlack) of latitude lat, and the unresolved.
func (d *dayList) nearLat(lat float64) (near, unresolved []listed) {
	s := d.ents[:d.sorted]
	resolved := sort.Search(len(s), func(i int) bool { return s[i].lat == s[i].lat })
	lo := sort.Search(len(s), func(i int) bool { return i >= resolved && float64(s[i].lat) >= lat-maxEventLat-latSlack })
	hi := sort.Search(len(s), func(i int) bool { return i >= resolved && float64(s[i].lat) > lat+maxEventLat+latSlack })
	return s[lo:hi], s[:resolved]
}

// maxEventLat is EventKm in degrees of latitude, and a little more. Two
// points that far apart in latitude are at least that far apart
// (haversineKm measures at least the meridian's arc between their
// parallels); the margin covers a latitude kept as a float32 (a metre or
// two) and rounding.
const maxEventLat = EventKm/(earthKm*math.Pi/180) + 1e-4

// maxEventLon is how far in longitude, in degrees, a scene no more than
// EventKm from one at latitude lat can lie when its own latitude is within
// maxEventLat of lat, and a little more; +Inf near the poles, where any
// longitude can be that near. From haversineKm's formula: two points d
// apart have cos φ1 cos φ2 sin²(Δλ/2) ≤ sin²(d/2R), and cos φ2 is at least
// cos(|φ1| + maxEventLat). The margin covers a longitude kept as a float32
// (a metre or two) and rounding.
func maxEventLon(lat float64) float64 {
	const rad = math.Pi / 180
	far := math.Abs(lat) + maxEventLat
	if far >= 89 {
		return math.Inf(1)
	}
	s := math.Sin(EventKm/(2*earthKm)) / math.Sqrt(math.Cos(lat*rad)*math.Cos(far*rad))
	if s >= 1 {
		return math.Inf(1)
	}
	return 2*math.Asin(s)/rad + 1e-4
}

// near reports what pairEvents(rec, the record of l) requires of their
// places, from what l keeps: two resolved scenes no more than EventKm
// apart in latitude and lonMax (maxEventLon of rec's latitude) in
// longitude, or else a place name in common. Their dates agree already:
// Match reads the lists of the days and month whose records' dates agree
// with rec's (eventTier). Without the longitude, every scene of those
// days near rec's latitude was copied and measured, wherever it lay along
// the parallel.
func (ix *EventIndex) near(rec *EventRecord, lonMax float64, l listed) bool {
	if rec.precise && l.lat == l.lat { // not NaN: resolved
		if math.Abs(rec.lat-float64(l.lat)) > maxEventLat {
			return false
		}
		d := math.Abs(rec.lon - float64(l.lon))
		if d > 180 {
			d = 360 - d // across the antimeridian
		}
		return d <= lonMax
	}
	return sharesName(rec.names, ix.nameSets[l.names])
}

// idSet is a set of record IDs as a bitmap: IDs are dense from 1, and a map
// of a million of them took some 30 MB where the bits take 125 KB. An ID
// below 0 or above a billion, which no register reaches, is kept in a map.
type idSet struct {
	bits  []uint64
	other map[int64]bool
}

const maxBitID = 1 << 30

func (s *idSet) has(id int64) bool {
	if id < 0 || id >= maxBitID {
		return s.other[id]
	}
	w := int(id >> 6)
	return w < len(s.bits) && s.bits[w]&(1<<(id&63)) != 0
}

func (s *idSet) add(id int64) {
	if id < 0 || id >= maxBitID {
		if s.other == nil {
			s.other = map[int64]bool{}
		}
		s.other[id] = true
		return
	}
	w := int(id >> 6)
	if w >= len(s.bits) {
		s.bits = append(s.bits, make([]uint64, w+1-len(s.bits))...)
	}
	s.bits[w] |= 1 << (id & 63)
}
