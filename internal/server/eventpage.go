package server

import (
	"fmt"
	"net/http"
	"strconv"

	"sijil/internal/caption"
)

// eventView is the data of event.html.
type eventView struct {
	Title   string
	ID      int64
	JSONURL string
	Photos  []photoView
	Total   int    // photos of the event, on every page
	NextURL string // the next page of photos; "" on the last
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
	rs := ev.page.Records
	v := eventView{Title: "Event: " + recordTitle(ev.head), ID: ev.id, JSONURL: fmt.Sprintf("/api/v1/events/%d", ev.id),
		Total: ev.page.Total, NextURL: nextURL(r, ev.page, paramCursor), Places: eventPlaces(rs), Dates: eventDates(rs)}
	// The map shows the first record's place, else the first of the page's.
	for _, sr := range append([]caption.StoredRecord{ev.head}, rs...) {
		if l := sr.Record.Location; l != nil {
			v.MapLat, v.MapLon = strconv.FormatFloat(l.Lat, 'f', -1, 64), strconv.FormatFloat(l.Lon, 'f', -1, 64)
			v.MapName = l.Name
			break
		}
	}
	for _, sr := range rs {
		v.Photos = append(v.Photos, photoView{URL: fmt.Sprintf("/records/%d", sr.ID), Title: recordTitle(sr),
			Date: sr.Record.Date.String(), Place: placeName(sr.Record), Credit: sr.Record.Credit,
			Description: truncate(sr.Record.Description, 320)})
	}
	for _, f := range eventFigures(rs) {
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
