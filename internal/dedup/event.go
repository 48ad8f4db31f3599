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
