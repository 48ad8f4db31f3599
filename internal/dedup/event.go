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

// eventMatch is one candidate's agreement with a record.
type eventMatch struct {
	tier  int     // 3 same day, 2 adjacent days, 1 same month at month precision
	score float64 // mean of the date, place and type scores, 0–1
	rule  string
}

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
	var top eventMatch
	for _, c := range candidates {
		if c.ID == rec.ID || rec.Cluster != 0 && c.Cluster == rec.Cluster {
			continue
		}
		m, found := matchEvent(rec.Record, c.Record)
		if !found {
			continue
		}
		if ok && !(m.tier > top.tier || m.tier == top.tier && (m.score > top.score || m.score == top.score && c.ID < best.ID)) {
			continue
		}
		best, top, ok = c, m, true
	}
	if !ok {
		return caption.StoredRecord{}, 0, "", false
	}
	return best, top.score, top.rule, true
}

// matchEvent tests one pair of records.
func matchEvent(a, b caption.Record) (eventMatch, bool) {
	tier, dateRule, ds := dateTier(a.Date, b.Date)
	if tier == 0 {
		return eventMatch{}, false
	}
	placeRule, ps, ok := samePlace(a, b)
	if !ok {
		return eventMatch{}, false
	}
	typeRule, ts, ok := typesAgree(a, b)
	if !ok {
		return eventMatch{}, false
	}
	return eventMatch{tier: tier, score: (ds + ps + ts) / 3, rule: dateRule + "," + placeRule + "," + typeRule}, true
}

// dateTier compares a record's photo date (a) with a candidate's (b) for an
// event. A record known only to the month may join an event of that month;
// a record known to the day never joins through a candidate known only to
// the month: that candidate would link every incident of its month at its
// place into one event.
func dateTier(a, b caption.PartialDate) (tier int, rule string, score float64) {
	if a.IsZero() || b.IsZero() || a.Precision == caption.PrecisionYear || b.Precision == caption.PrecisionYear {
		return 0, "", 0
	}
	if a.Year != b.Year || a.Month != b.Month {
		if a.Precision == caption.PrecisionDay && b.Precision == caption.PrecisionDay && absDays(a, b) == 1 {
			return 2, "date±1", 0.75
		}
		return 0, "", 0
	}
	if a.Precision == caption.PrecisionMonth {
		return 1, "month", 0.25
	}
	if b.Precision == caption.PrecisionMonth {
		return 0, "", 0
	}
	switch absDays(a, b) {
	case 0:
		return 3, "date", 1
	case 1:
		return 2, "date±1", 0.75
	}
	return 0, "", 0
}

// dayNumber returns the days from 1970-01-01 to a day-precision date.
func dayNumber(d caption.PartialDate) int {
	return int(time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

func absDays(a, b caption.PartialDate) int {
	n := dayNumber(a) - dayNumber(b)
	if n < 0 {
		return -n
	}
	return n
}

// typesAgree tests the event types of a pair (see MatchEvent).
func typesAgree(a, b caption.Record) (rule string, score float64, ok bool) {
	ta, tb := a.EventTypes, b.EventTypes
	if len(ta) == 0 && len(tb) == 0 {
		return "notypes", 0.5, true
	}
	if len(ta) == 0 || len(tb) == 0 {
		return "", 0, false
	}
	inter := 0
	for _, t := range ta {
		if slices.Contains(tb, t) {
			inter++
		}
	}
	if inter > 0 {
		union := len(ta) + len(tb) - inter
		return "types", 0.5 + 0.5*float64(inter)/float64(union), true
	}
	if follows(a, b) || follows(b, a) {
		return "sequel", 0.5, true
	}
	return "", 0, false
}

// follows reports whether a is a funeral or rescue on or after b's strike.
func follows(a, b caption.Record) bool {
	if !hasAny(a.EventTypes, sequelTypes) || !hasAny(b.EventTypes, strikeTypes) {
		return false
	}
	if a.Date.Precision == caption.PrecisionDay && b.Date.Precision == caption.PrecisionDay {
		return dayNumber(a.Date) >= dayNumber(b.Date)
	}
	return true
}

func hasAny(ts, of []caption.EventType) bool {
	for _, t := range ts {
		if slices.Contains(of, t) {
			return true
		}
	}
	return false
}
