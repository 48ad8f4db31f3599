package dedup

import (
	"slices"
	"time"

	"sijil/internal/caption"
)

// EventKm is the greatest distance between two resolved scenes of one event.
const EventKm = 10

// strikeTypes are the events that a funeral or a rescue at the same place
// may follow: a photo of mourners the day after an air strike shows the same
// incident.
var (
	strikeTypes = []caption.EventType{caption.Airstrike, caption.Shelling, caption.BarrelBomb, caption.Explosion}
	sequelTypes = []caption.EventType{caption.Funeral, caption.Rescue}
)

// MatchEvent decides which of candidates (records already linked as events,
// dated near rec, as the store returns them) shows the same incident as rec:
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
//     explosion;
//   - it is not rec itself nor in rec's cluster.
//
// Same-day matches rank above adjacent days, which rank above month matches;
// within a tier the highest sim wins, then the lowest ID. sim is the mean of
// a date score (1 same day, 0.75 adjacent, 0.25 same month), a place score
// (1 at 0 km, 0.5 at 10 km, 0.75 for a same name) and a type score (0.5–1 by
// the types' overlap, 0.5 for none or a sequel). rule names the three tests
// that passed, such as "date±1,10km,types" or "month,place,notypes".
func MatchEvent(rec caption.StoredRecord, candidates []caption.StoredRecord) (best caption.StoredRecord, sim float64, rule string, ok bool) {
	r := NewEventRecord(rec)
	es := make([]EventRecord, len(candidates))
	ptrs := make([]*EventRecord, len(candidates))
	for i, c := range candidates {
		es[i] = NewEventRecord(c)
		ptrs[i] = &es[i]
	}
	i, top, ok := matchEventRecords(&r, ptrs)
	if !ok {
		return caption.StoredRecord{}, 0, "", false
	}
	return candidates[i], top.score, top.rule(), true
}

// dayNumber returns the days from 1970-01-01 to a day-precision date.
func dayNumber(d caption.PartialDate) int {
	return int(time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

func hasAny(ts, of []caption.EventType) bool {
	for _, t := range ts {
		if slices.Contains(of, t) {
			return true
		}
	}
	return false
}
