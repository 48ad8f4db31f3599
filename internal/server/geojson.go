package server

import (
	"net/http"
	"strconv"

	"sijil/internal/caption"
)

// featureCollection is an RFC 7946 FeatureCollection of the records that
// have a location, as map.js reads it.
type featureCollection struct {
	Type     string    `json:"type"`
	Features []feature `json:"features"`
}

type feature struct {
	Type       string       `json:"type"`
	ID         int64        `json:"id"`
	Geometry   point        `json:"geometry"`
	Properties featureProps `json:"properties"`
}

// point's coordinates are [longitude, latitude], RFC 7946's order.
type point struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
}

type featureProps struct {
	ID         int64               `json:"id"`
	Date       *string             `json:"date"`
	Place      *string             `json:"place"`
	Country    *string             `json:"country"`
	Killed     *int                `json:"killed"`
	EventTypes []caption.EventType `json:"event_types"`
}

func toFeature(sr caption.StoredRecord) (feature, bool) {
	r := sr.Record
	if r.Location == nil {
		return feature{}, false
	}
	et := r.EventTypes
	if et == nil {
		et = []caption.EventType{}
	}
	return feature{
		Type:     "Feature",
		ID:       sr.ID,
		Geometry: point{Type: "Point", Coordinates: [2]float64{r.Location.Lon, r.Location.Lat}},
		Properties: featureProps{ID: sr.ID, Date: nullable(r.Date.String()), Place: nullable(placeName(r)),
			Country: nullable(string(r.Country)), Killed: r.Killed, EventTypes: et},
	}, true
}

// handleGeoJSON answers the map: the located records matching the filters,
// at most limit (default and cap Limits.MaxPoints).
func (s *server) handleGeoJSON(w http.ResponseWriter, r *http.Request) {
	_, q, err := s.filterQuery(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	limit := s.limits.MaxPoints
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > s.limits.MaxPoints {
			s.error(w, r, invalid("limit", "want a number from 1 to %d", s.limits.MaxPoints))
			return
		}
		limit = n
	}
	recs, err := s.store.Points(r.Context(), q, limit)
	if err != nil {
		s.error(w, r, searchError(err))
		return
	}
	fc := featureCollection{Type: "FeatureCollection", Features: make([]feature, 0, len(recs))}
	for _, sr := range recs {
		if f, ok := toFeature(sr); ok {
			fc.Features = append(fc.Features, f)
		}
	}
	writeJSONType(w, http.StatusOK, "application/geo+json", fc)
}
