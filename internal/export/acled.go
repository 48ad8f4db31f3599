package export

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// acledType is what an ACLED row says an event was: its disorder type,
// event type and sub-event type, as ACLED's codebook spells them.
type acledType struct {
	disorder, event, sub string
}

// acledTypes maps sijil's event types to ACLED's, in the order that breaks
// ties (see WriteACLED):
//
//	sijil        disorder_type       event_type                  sub_event_type
//	airstrike    Political violence  Explosions/Remote violence  Air/drone strike
//	barrel_bomb  Political violence  Explosions/Remote violence  Air/drone strike
//	shelling     Political violence  Explosions/Remote violence  Shelling/artillery/missile attack
//	explosion    Political violence  Explosions/Remote violence  Remote explosive/landmine/IED
//	clashes      Political violence  Battles                     Armed clash
//	protest      Demonstrations      Protests                    Peaceful protest
//
// A barrel bomb is dropped from a helicopter, which ACLED codes as an air
// strike. sijil's explosion also covers suicide bombings, which ACLED codes
// apart ("Suicide bomb"); the notes say which it was. rescue, displacement and funeral are what follows an event, not
// an event ACLED codes: they take the type of the event's other records
// ("volunteers rescue a boy after a barrel bomb attack" is an air strike),
// and an event that has no other type is left out rather than coded
// "Strategic developments/Other", which would claim a significance nobody
// judged. docs/acled.md explains each column and this table.
func acledTypes() []struct {
	ours caption.EventType
	acledType
} {
	const pv, ex = "Political violence", "Explosions/Remote violence"
	return []struct {
		ours caption.EventType
		acledType
	}{
		{caption.Airstrike, acledType{pv, ex, "Air/drone strike"}},
		{caption.BarrelBomb, acledType{pv, ex, "Air/drone strike"}},
		{caption.Shelling, acledType{pv, ex, "Shelling/artillery/missile attack"}},
		{caption.Explosion, acledType{pv, ex, "Remote explosive/landmine/IED"}},
		{caption.Clashes, acledType{pv, "Battles", "Armed clash"}},
		{caption.Protest, acledType{"Demonstrations", "Protests", "Peaceful protest"}},
	}
}

// acledColumns are every column of ACLED's public export, in its order.
// Those sijil cannot fill honestly stay empty: region, admin2, admin3 and
// source_scale always; the actors, inter codes, interaction and
// civilian_targeting where no caption says who did it or to whom.
func acledColumns() []string {
	return []string{
		"event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type", "sub_event_type",
		"actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2", "interaction", "civilian_targeting",
		"iso", "region", "country", "admin1", "admin2", "admin3", "location", "latitude", "longitude", "geo_precision",
		"source", "source_scale", "notes", "fatalities", "tags", "timestamp",
	}
}

// Reasons an event is left out of an ACLED file.
const (
	whyNoDate    = "no date to the day or month"
	whyNoCountry = "no country"
	whyNoType    = "no event type ACLED codes"
)

// WriteACLED writes one row per event of the register (the records sharing
// StoredRecord.Event; a record not linked yet is an event of its own) in
// the columns of ACLED's codebook that sijil can fill; docs/acled.md says
// how each is filled. An ACLED row needs a day or month, a country and an
// event type: events without them are left out and counted in Counts.
//
// Every record of an event is read before the first row is written (an
// event's records are not contiguous in the register's order), so memory
// grows with the records, by a few hundred bytes each; rows are in event
// ID order.
func WriteACLED(w io.Writer, entries iter.Seq2[Entry, error]) (Counts, error) {
	var c Counts
	events := map[int64]*acledEvent{}
	for e, err := range entries {
		if err != nil {
			return c, err
		}
		id := cmp.Or(e.Event, e.ID)
		if events[id] == nil {
			events[id] = &acledEvent{id: id}
		}
		events[id].add(e)
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(acledColumns()); err != nil {
		return c, fmt.Errorf("write acled: %w", err)
	}
	for _, id := range slices.Sorted(maps.Keys(events)) {
		row, why := events[id].row()
		if why != "" {
			c.skip(why)
			continue
		}
		if err := cw.Write(row); err != nil {
			return c, fmt.Errorf("write acled: %w", err)
		}
		c.Wrote++
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return c, fmt.Errorf("write acled: %w", err)
	}
	return c, nil
}

// acledRecord is what an ACLED row needs of one record.
type acledRecord struct {
	id       int64
	date     caption.PartialDate
	country  caption.CountryCode
	location *caption.Location
	types    []caption.EventType
	killed   *int
	agencies []caption.Agency
	actors   []string
	perp     *caption.Perpetrator
	target   []caption.TargetKind
	seen     int64 // the Unix time the record's latest document was first ingested
}

// acledEvent gathers an event's records.
type acledEvent struct {
	id    int64
	recs  []acledRecord
	notes string // the description of the event's first record
	first int64  // that record's ID
}

func (ev *acledEvent) add(e Entry) {
	r := e.Record
	ar := acledRecord{id: e.ID, date: r.Date, country: r.Country, location: r.Location, types: r.EventTypes,
		killed: r.Killed, agencies: r.Agencies, actors: r.Actors, perp: r.Perpetrator, target: r.Target}
	for _, s := range e.Sources {
		ar.seen = max(ar.seen, s.Document.FirstSeen.Unix())
	}
	ev.recs = append(ev.recs, ar)
	if ev.first == 0 || e.ID < ev.first {
		ev.first, ev.notes = e.ID, cmp.Or(r.Description, r.Text)
	}
}

// row returns the event's ACLED row, or why it has none.
func (ev *acledEvent) row() ([]string, string) {
	slices.SortFunc(ev.recs, func(a, b acledRecord) int { return cmp.Compare(a.id, b.id) })
	date, precision := ev.date()
	if date == "" {
		return nil, whyNoDate
	}
	cc := ev.country()
	if cc == "" {
		return nil, whyNoCountry
	}
	t, ok := ev.acledType()
	if !ok {
		return nil, whyNoType
	}
	iso, name, prefix := "", string(cc), string(cc)
	if c, ok := countryOf(cc); ok {
		n, _ := strconv.Atoi(c.numeric)
		iso, name, prefix = strconv.Itoa(n), c.name, c.alpha3
	}
	loc := ev.location(cc)
	admin1, place, lat, lon, geo := acledPlace(loc)
	d := ev.dyad(name)
	return []string{
		prefix + "-sijil-" + strconv.FormatInt(ev.id, 10), date, date[:4], precision,
		t.disorder, t.event, t.sub,
		safeText(d.actor1), "", d.inter1, safeText(d.actor2), safeText(d.assoc2), d.inter2, d.interaction(), d.civilians,
		iso, "", safeText(name), safeText(admin1), "", "", safeText(place), lat, lon, geo,
		safeText(ev.sources()), "", safeText(ev.notes), ev.fatalities(), safeText(ev.tags(loc, d)), ev.timestamp(),
	}, ""
}

// date is the earliest day any record gives (time_precision 1), else the
// middle of the earliest month (time_precision 3, as ACLED codes an event
// known only to the month). A year alone is not enough for ACLED.
func (ev *acledEvent) date() (date, precision string) {
	var best caption.PartialDate
	for _, r := range ev.recs {
		d := r.date
		if d.Precision != caption.PrecisionDay && d.Precision != caption.PrecisionMonth {
			continue
		}
		switch {
		case best.IsZero(),
			d.Precision == caption.PrecisionDay && best.Precision == caption.PrecisionMonth,
			d.Precision == best.Precision && dayKey(d) < dayKey(best):
			best = d
		}
	}
	switch best.Precision {
	case caption.PrecisionDay:
		return best.String(), "1"
	case caption.PrecisionMonth:
		return fmt.Sprintf("%04d-%02d-15", best.Year, best.Month), "3"
	}
	return "", ""
}

// dayKey orders dates of one precision.
func dayKey(d caption.PartialDate) int { return (d.Year*100+d.Month)*100 + d.Day }

// country is the country most of the event's records give; a tie goes to
// the earliest record's.
func (ev *acledEvent) country() caption.CountryCode {
	n := map[caption.CountryCode]int{}
	var best caption.CountryCode
	for _, r := range ev.recs {
		if r.country == "" {
			continue
		}
		if n[r.country]++; n[r.country] > n[best] {
			best = r.country
		}
	}
	return best
}

// acledType is the ACLED type of the sijil event type most records of the
// event name, ties broken in acledTypes' order.
func (ev *acledEvent) acledType() (acledType, bool) {
	n := map[caption.EventType]int{}
	for _, r := range ev.recs {
		for _, t := range r.types {
			n[t]++
		}
	}
	var best acledType
	most := 0
	for _, m := range acledTypes() {
		if n[m.ours] > most {
			best, most = m.acledType, n[m.ours]
		}
	}
	return best, most > 0
}

// location is the most precise location the event's records give in
// country cc (the earliest record's among equals). A location of the
// country alone (sijil's precision 4) has no ACLED geo_precision: it is
// none.
func (ev *acledEvent) location(cc caption.CountryCode) *caption.Location {
	var best *caption.Location
	for _, r := range ev.recs {
		l := r.location
		if l == nil || l.Precision < 1 || l.Precision > 3 || !strings.EqualFold(string(l.CountryCode), string(cc)) {
			continue
		}
		if best == nil || l.Precision < best.Precision {
			best = l
		}
	}
	return best
}

// acledPlace is the event's location as admin1, location, latitude,
// longitude and geo_precision; empty columns for none.
func acledPlace(best *caption.Location) (admin1, name, lat, lon, geo string) {
	if best == nil {
		return "", "", "", "", ""
	}
	// The gazetteer's name as the caption spells it ("Hama", not GeoNames'
	// preferred "Ḩamāh"): ACLED writes places in plain English spelling.
	return best.Admin1, best.Name, formatCoord(best.Lat), formatCoord(best.Lon), strconv.Itoa(best.Precision)
}

// sources are the agencies credited by the event's records, first
// credited first.
func (ev *acledEvent) sources() string {
	var out []string
	for _, r := range ev.recs {
		for _, a := range r.agencies {
			if !slices.Contains(out, string(a)) {
				out = append(out, string(a))
			}
		}
	}
	return joinList(out)
}

// fatalities is the highest killed figure any record of the event gives:
// copies and other photos of one incident repeat a figure rather than add
// to it, so figures are never summed. Empty when no record gives a number
// (ACLED would write 0, which would claim that nobody was killed).
func (ev *acledEvent) fatalities() string {
	best := -1
	for _, r := range ev.recs {
		if r.killed != nil {
			best = max(best, *r.killed)
		}
	}
	if best < 0 {
		return ""
	}
	return strconv.Itoa(best)
}

// tags are how the perpetrator in actor1 was put when the caption did not
// state it ("perpetrator claim: suspected"), the places struck that have no
// ACLED actor ("target: hospital"), the forces the captions name ("actor
// named: White Helmets"), for a person to check actor1 and actor2 against, how the row's location loc was
// chosen among namesakes when sijil recorded it ("location basis:
// population", the weakest), for a person to check, and the sijil records
// the row was made from ("sijil records: 3, 4, 7"), to trace it back.
func (ev *acledEvent) tags(loc *caption.Location, d acledDyad) string {
	var out, ids []string
	if d.claim != caption.ClaimStated {
		out = append(out, "perpetrator claim: "+string(d.claim))
	}
	for _, k := range d.objects {
		out = append(out, "target: "+string(k))
	}
	for _, r := range ev.recs {
		for _, a := range r.actors {
			if t := "actor named: " + a; !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
		ids = append(ids, strconv.FormatInt(r.id, 10))
	}
	if loc != nil && loc.Basis != "" {
		out = append(out, "location basis: "+string(loc.Basis))
	}
	return joinList(append(out, "sijil records: "+strings.Join(ids, ", ")))
}

// timestamp is when the event's latest source entered the register, as
// ACLED's timestamp says when a row last changed; empty without sources.
func (ev *acledEvent) timestamp() string {
	var t int64
	for _, r := range ev.recs {
		t = max(t, r.seen)
	}
	if t <= 0 {
		return ""
	}
	return strconv.FormatInt(t, 10)
}
