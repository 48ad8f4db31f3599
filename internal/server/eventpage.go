package server

import (
	"fmt"
	"net/http"
	"strconv"
)

// eventView is the data of event.html.
type eventView struct {
	Title   string
	ID      int64
	JSONURL string
	Photos  []photoView
	Places  []facetJSON
	Dates   []facetJSON
	Figures []figureGroup
	MapLat  string
	MapLon  string
	MapName string
}

// photoView is one record of the event.
type photoView struct {
	URL, Title, Date, Place, Credit, Description string
}

// figureGroup is the casualty figures one source gave.
type figureGroup struct {
	Source string
	Rows   []figureRow
}

type figureRow struct {
	RecordURL, Record, Date, Killed, Injured string
}

func (s *server) handleEventPage(w http.ResponseWriter, r *http.Request) {
	ev, err := s.event(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	head := ev.records[0]
	v := eventView{Title: "Event: " + recordTitle(head), ID: ev.id, JSONURL: fmt.Sprintf("/api/v1/events/%d", ev.id),
		Places: eventPlaces(ev.records), Dates: eventDates(ev.records)}
	for _, sr := range ev.records {
		v.Photos = append(v.Photos, photoView{URL: fmt.Sprintf("/records/%d", sr.ID), Title: recordTitle(sr),
			Date: sr.Record.Date.String(), Place: placeName(sr.Record), Credit: sr.Record.Credit,
			Description: truncate(sr.Record.Description, 320)})
		if l := sr.Record.Location; l != nil && v.MapLat == "" {
			v.MapLat, v.MapLon = strconv.FormatFloat(l.Lat, 'f', -1, 64), strconv.FormatFloat(l.Lon, 'f', -1, 64)
			v.MapName = l.Name
		}
	}
	for _, f := range eventFigures(ev.records) {
		row := figureRow{RecordURL: fmt.Sprintf("/records/%d", f.Record), Record: strconv.FormatInt(f.Record, 10),
			Killed: intString(f.Killed), Injured: intString(f.Injured)}
		if f.Date != nil {
			row.Date = *f.Date
		}
		if n := len(v.Figures); n > 0 && v.Figures[n-1].Source == f.Source {
			v.Figures[n-1].Rows = append(v.Figures[n-1].Rows, row)
		} else {
			v.Figures = append(v.Figures, figureGroup{Source: f.Source, Rows: []figureRow{row}})
		}
	}
	s.render(w, r, http.StatusOK, "event.html", v)
}
