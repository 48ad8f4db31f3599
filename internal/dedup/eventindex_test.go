package dedup

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"sijil/internal/caption"
)

// TestIDSet checks the event index's set of IDs at word edges, far out,
// and outside the bitmap's range.
func TestIDSet(t *testing.T) {
	var s idSet
	in := []int64{0, 1, 63, 64, 1_000_000, -5, 1 << 40}
	out := []int64{2, 62, 65, 999_999, 1_000_001, -4, 1<<40 + 1, maxBitID - 1}
	for _, id := range in {
		s.add(id)
	}
	for _, id := range in {
		if !s.has(id) {
			t.Errorf("has(%d) = false after add", id)
		}
	}
	for _, id := range out {
		if s.has(id) {
			t.Errorf("has(%d) = true, never added", id)
		}
	}
}

// TestEventIndexTollsInline: records of one language, agency and
// photographer share one credit set whatever their tolls, which the index
// keeps with each record (a toll in the set made one a record, 200 bytes
// each at a million), and Match still reads each record's own toll.
func TestEventIndexTollsInline(t *testing.T) {
	ix := NewEventIndex()
	base := scene{date: day(2016, 11, 14), place: "Saqba", lat: 33.5167, lon: 36.3833, precision: 1,
		lang: "ar", agencies: []caption.Agency{"AFP"}, photographers: []string{"Hamza Tayyan"}}
	for i := range 500 {
		s := base
		s.id, s.killed = int64(i+1), new(i)
		s.lat += float64(i) // each elsewhere, but the one at i=0
		ix.Add(NewEventRecord(s.stored()))
	}
	if n := len(ix.creditSets); n != 2 { // noCredit and the one credit
		t.Errorf("%d credit sets for 500 records of one credit, want 2", n)
	}
	en := base
	en.id, en.lang, en.types = 1000, "en", []caption.EventType{caption.Airstrike}
	for _, tc := range []struct {
		killed int
		want   bool
	}{{0, true}, {3, false}} {
		en.killed = new(tc.killed)
		got, _, rule, ok := ix.Match(NewEventRecord(en.stored()))
		if ok != tc.want || ok && (got.ID != 1 || rule != "date,10km,xlang") {
			t.Errorf("killed %d: Match = (ID %d, %q, %v), want a match %v with record 1", tc.killed, got.ID, rule, ok, tc.want)
		}
	}
}

// TestEventIndexMatchesEveryRecord: Match, which passes over candidates
// whose date or place rules them out before comparing them, picks what
// comparing the query with every record added picks, on random records
// crowded into a few places and months.
func TestEventIndexMatchesEveryRecord(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2026))
	towns := []struct {
		name     string
		lat, lon float64
	}{{"Douma", 33.5711, 36.4019}, {"Harasta", 33.5586, 36.365}, {"Saqba", 33.5167, 36.3833},
		{"Mosul", 36.34, 43.13}, {"Gaza", 31.5017, 34.4668}, {"Khan Younis", 31.3402, 34.3063}}
	types := []caption.EventType{caption.Airstrike, caption.Shelling, caption.Funeral, caption.Rescue, caption.Protest}
	random := func(id int64) EventRecord {
		town := towns[rng.IntN(len(towns))]
		s := scene{id: id, place: town.name, lang: []string{"en", "fr", "ar"}[rng.IntN(3)],
			agencies: []caption.Agency{[]caption.Agency{"AFP", "Reuters", "AP"}[rng.IntN(3)]}}
		if rng.IntN(10) == 0 {
			s.date = caption.PartialDate{Year: 2018, Month: 2 + rng.IntN(3), Precision: caption.PrecisionMonth}
		} else {
			s.date = day(2018, 2+rng.IntN(3), 1+rng.IntN(28))
		}
		if rng.IntN(4) > 0 {
			// Resolved, up to some 20 km from the town's centre.
			s.precision, s.lat, s.lon = 1+rng.IntN(2), town.lat+rng.Float64()*0.36-0.18, town.lon+rng.Float64()*0.36-0.18
		}
		for _, ty := range types {
			if rng.IntN(4) == 0 {
				s.types = append(s.types, ty)
			}
		}
		if rng.IntN(3) == 0 {
			s.killed = new(rng.IntN(4))
		}
		return NewEventRecord(s.stored())
	}
	ix := NewEventIndex()
	var all []EventRecord
	for id := int64(1); id <= 3000; id++ {
		e := random(id)
		ix.Add(e)
		all = append(all, e)
	}
	ptrs := make([]*EventRecord, len(all))
	for i := range all {
		ptrs[i] = &all[i]
	}
	matched := 0
	for id := int64(10001); id <= 10600; id++ {
		if matchAsEveryRecord(t, ix, random(id), ptrs) {
			matched++
		}
	}
	if matched < 100 {
		t.Errorf("only %d of 600 queries matched: the test is meant to exercise matches", matched)
	}
}

// matchAsEveryRecord checks that ix.Match(q) picks what comparing q with
// every record of all picks, and reports whether q matched.
func matchAsEveryRecord(t *testing.T, ix *EventIndex, q EventRecord, all []*EventRecord) bool {
	t.Helper()
	got, sim, rule, ok := ix.Match(q)
	i, top, want := -1, eventPair{}, false
	if q.matchable() {
		i, top, want = matchEventRecords(&q, all)
	}
	if ok != want || ok && (got.ID != all[i].ID || sim != top.score || rule != top.rule()) {
		t.Fatalf("record %d against %d records: Match = (%d, %v, %q, %v); against every record (%d, %v, %q, %v)",
			q.ID, len(all), got.ID, sim, rule, ok, all[max(i, 0)].ID, top.score, top.rule(), want)
	}
	return ok
}

// TestEventIndexNearTenKm: scenes just inside EventKm due north of one
// another are one event, just outside they are not, at the equator and
// far north; Match's latitude test must not cut the first.
func TestEventIndexNearTenKm(t *testing.T) {
	kmLat := earthKm * math.Pi / 180 // km in a degree of latitude
	for _, lat := range []float64{0.01, 33.5, 69.7} {
		for _, c := range []struct {
			km   float64
			want bool
		}{{9.995, true}, {10.005, false}} {
			ix := NewEventIndex()
			ix.Add(NewEventRecord(scene{id: 1, date: day(2017, 4, 4), place: "Khan Shaykhun", lat: lat, lon: 36.64, precision: 1}.stored()))
			q := scene{id: 2, date: day(2017, 4, 4), place: "Hama", lat: lat + c.km/kmLat, lon: 36.64, precision: 1}
			if _, _, _, ok := ix.Match(NewEventRecord(q.stored())); ok != c.want {
				t.Errorf("latitude %v, %v km north: Match %v, want %v", lat, c.km, ok, c.want)
			}
		}
	}
}

// TestEventIndexNearEastWest: scenes just inside EventKm due east of one
// another are one event, just outside they are not, from the equator to
// the Arctic, south of it, and across the antimeridian; Match's longitude
// test must not cut the first.
func TestEventIndexNearEastWest(t *testing.T) {
	for _, c := range []struct {
		lat, lon float64
	}{{0.01, 36.64}, {33.5, 36.64}, {-34.9, 138.6}, {69.7, 18.9}, {78.2, 15.6}, {0, 179.95}, {-16.5, -179.97}, {89.95, 0}} {
		for _, want := range []bool{true, false} {
			km := 10.005
			if want {
				km = 9.995
			}
			// The longitude km east along the parallel's great circle:
			// bisect, since a parallel is not one.
			lo, hi := 0.0, 180.0
			for range 100 {
				mid := (lo + hi) / 2
				if haversineKm(c.lat, c.lon, c.lat, c.lon+mid) < km {
					lo = mid
				} else {
					hi = mid
				}
			}
			east := c.lon + lo
			if east > 180 {
				east -= 360
			}
			if d := haversineKm(c.lat, c.lon, c.lat, east); math.Abs(d-km) > 1e-6 && c.lat < 89 {
				t.Fatalf("latitude %v: the scene east is %v km away, want %v", c.lat, d, km)
			}
			ix := NewEventIndex()
			ix.Add(NewEventRecord(scene{id: 1, date: day(2017, 4, 4), place: "Here", lat: c.lat, lon: c.lon, precision: 1}.stored()))
			q := scene{id: 2, date: day(2017, 4, 4), place: "There", lat: c.lat, lon: east, precision: 1}
			_, _, _, ok := ix.Match(NewEventRecord(q.stored()))
			if c.lat >= 89 {
				// Near the pole every longitude is within reach: the
				// scenes are the same place.
				want = haversineKm(c.lat, c.lon, c.lat, east) <= EventKm
			}
			if ok != want {
				t.Errorf("latitude %v, longitude %v, %v km east (longitude %v): Match %v, want %v", c.lat, c.lon, km, east, ok, want)
			}
		}
	}
}

// TestNearKeepsEveryCloseScene draws pairs of resolved scenes all over the
// globe, many within a few kilometres, and checks that near never rules
// out a pair haversineKm puts within EventKm: it is only a quicker
// first test of pairEvents's.
func TestNearKeepsEveryCloseScene(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 12))
	ix := NewEventIndex()
	within, ruledOut := 0, 0
	for range 200000 {
		lat := rng.Float64()*180 - 90
		lon := rng.Float64()*360 - 180
		if rng.IntN(4) == 0 {
			lat = math.Copysign(80+rng.Float64()*10, lat) // near the poles
		}
		dlat, dlon := (rng.Float64()*2-1)*0.12, (rng.Float64()*2-1)*0.12/math.Max(0.01, math.Cos(lat*math.Pi/180))
		lat2, lon2 := math.Max(-90, math.Min(90, lat+dlat)), lon+dlon
		for lon2 > 180 {
			lon2 -= 360
		}
		for lon2 < -180 {
			lon2 += 360
		}
		a := EventRecord{precise: true, lat: lat, lon: lon}
		l := listed{lat: float32(lat2), lon: float32(lon2)}
		if haversineKm(lat, lon, lat2, lon2) <= EventKm {
			within++
			if !ix.near(&a, maxEventLon(lat), l) {
				t.Fatalf("(%v, %v) and (%v, %v) are %v km apart, and near rules them out", lat, lon, lat2, lon2, haversineKm(lat, lon, lat2, lon2))
			}
		} else if !ix.near(&a, maxEventLon(lat), l) {
			ruledOut++
		}
	}
	if within < 10000 || ruledOut < 10000 {
		t.Errorf("%d close pairs and %d ruled out of 200,000: the test is meant to exercise both", within, ruledOut)
	}
}

// TestEventIndexCrowdedDays: with hundreds of records a day, whose lists
// Match reads in latitude order (dayList), Match still picks what
// comparing the query with every record added so far picks. Queries come
// between additions, so that they meet lists in order and lists with
// records not yet merged in; the towns share latitudes far apart in
// longitude, lie near the poles and the antimeridian, and a third of the
// scenes are not resolved.
func TestEventIndexCrowdedDays(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 2026))
	towns := []struct {
		name     string
		lat, lon float64
	}{{"Douma", 33.5711, 36.4019}, {"Harasta", 33.5586, 36.365}, {"Baghdad", 33.3152, 44.3661},
		{"Kabul", 34.5553, 69.2075}, {"Mosul", 36.34, 43.13}, {"Aleppo", 36.2021, 37.1343},
		{"Kharkiv", 49.9935, 36.2304}, {"Longyearbyen", 78.2232, 15.6267}, {"Suva", -18.1248, 178.4501},
		{"Taveuni", -16.85, -179.97}, {"Goma", -1.6792, 29.2228}, {"Bunia", 1.5667, 30.25}}
	types := []caption.EventType{caption.Airstrike, caption.Shelling, caption.Funeral, caption.Protest}
	random := func(id int64) EventRecord {
		town := towns[rng.IntN(len(towns))]
		s := scene{id: id, place: town.name, lang: "en", agencies: []caption.Agency{"AFP"}}
		if rng.IntN(20) == 0 {
			s.date = caption.PartialDate{Year: 2019, Month: 7, Precision: caption.PrecisionMonth}
		} else {
			s.date = day(2019, 7, 10+rng.IntN(6))
		}
		if rng.IntN(3) > 0 {
			s.precision, s.lat, s.lon = 1+rng.IntN(2), town.lat+rng.Float64()*0.3-0.15, town.lon+rng.Float64()*0.3-0.15
			if s.lon > 180 {
				s.lon -= 360
			}
			if s.lon < -180 {
				s.lon += 360
			}
		}
		if rng.IntN(2) == 0 {
			s.types = []caption.EventType{types[rng.IntN(len(types))]}
		}
		return NewEventRecord(s.stored())
	}
	ix := NewEventIndex()
	var all []*EventRecord
	matched, queries, monthMatched := 0, 0, 0
	for id := int64(1); id <= 8000; id++ {
		e := random(id)
		ix.Add(e)
		all = append(all, &e)
		if id%8 != 0 {
			continue
		}
		queries++
		q := random(100000 + id)
		if matchAsEveryRecord(t, ix, q, all) {
			matched++
			if q.prec == eventMonth {
				monthMatched++
			}
		}
	}
	inOrder := func(lists string, d *dayList) int {
		if !slices.IsSortedFunc(d.ents[:d.sorted], func(a, b listed) int { return cmp.Compare(a.lat, b.lat) }) {
			t.Errorf("a list of %s is not in latitude order", lists)
		}
		return d.sorted
	}
	ordered, monthOrdered := 0, 0
	for _, d := range ix.byDay {
		ordered = max(ordered, inOrder("days", d))
	}
	for _, d := range ix.byMonth {
		monthOrdered = max(monthOrdered, inOrder("months", d))
	}
	if ordered < 1000 || monthOrdered < 7000 || matched < queries/2 || matched == queries || monthMatched < 10 {
		t.Errorf("%d records in order on the most crowded day and %d in the month, %d of %d queries matched (%d known to the month only): the test is meant to exercise long lists, matches and misses", ordered, monthOrdered, matched, queries, monthMatched)
	}
}

// TestEventIndexBoundsCrowdedEvents: thousands of photos of one incident
// (one event, one town, one day, none a copy of another) are listed in
// the day's and the month's lists only up to maxListed, while the other
// events of that day stay listed, and the index keeps them all; a new
// photo of the incident still joins its event, and a photo of another
// incident there matches as comparing it with every record does.
func TestEventIndexBoundsCrowdedEvents(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2026))
	const flood, others = 5000, 50
	jitter := func() float64 { return rng.Float64()*0.02 - 0.01 }
	photo := func(id, event int64, types ...caption.EventType) EventRecord {
		s := scene{id: id, date: day(2024, 5, 6), place: "Rafah", lang: "en", agencies: []caption.Agency{"AFP"},
			precision: 1, lat: 31.2968 + jitter(), lon: 34.2435 + jitter(), types: types}
		r := s.stored()
		r.Event = event
		return NewEventRecord(r)
	}
	ix := NewEventIndex()
	var all []*EventRecord
	add := func(e EventRecord) {
		ix.Add(e)
		all = append(all, &e)
	}
	for id := int64(1); id <= flood; id++ {
		add(photo(id, 1, caption.Airstrike))
		if id%100 == 0 {
			// Each of the others is its own event: a protest
			// elsewhere in the town, which no strike matches.
			add(photo(100000+id, 100000+id, caption.Protest))
		}
	}
	d := ix.byDay[int32(dayNumber(day(2024, 5, 6)))]
	m := ix.byMonth[[2]int32{2024, 5}]
	for _, l := range []struct {
		name string
		d    *dayList
	}{{"day", d}, {"month", m}} {
		if n := len(l.d.ents); n != maxListed+others {
			t.Errorf("the %s's list holds %d of %d records, want %d of the incident and the %d others", l.name, n, len(all), maxListed, others)
		}
		protests := 0
		for _, x := range l.d.ents {
			if ix.rec(x.ord).event > 100000 {
				protests++
			}
		}
		if protests != others {
			t.Errorf("the %s's list holds %d of the %d other events", l.name, protests, others)
		}
	}
	if ix.Len() != flood+others {
		t.Errorf("the index keeps %d records, want all %d", ix.Len(), flood+others)
	}
	for i := range 20 {
		q := photo(200000+int64(i), 0, caption.Airstrike)
		got, _, _, ok := ix.Match(q)
		if !ok || got.Event != 1 {
			t.Fatalf("another photo of the strike: Match = (event %d, %v), want event 1", got.Event, ok)
		}
		matchAsEveryRecord(t, ix, photo(300000+int64(i), 0, caption.Protest), all)
	}
}
