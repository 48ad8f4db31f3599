package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"

	"sijil/internal/caption"
)

// WriteGeoJSON writes an RFC 7946 FeatureCollection with one Point feature
// per record that has a location: coordinates [longitude, latitude] (WGS84,
// RFC 7946's order) rounded to 6 decimals, the record's ID as the feature's
// id, and as properties the flat fields WriteCSV writes as columns, with
// their JSON types: strings, integers, arrays of strings and nulls
// (latitude and longitude are left to the geometry). Records without a
// location, or with coordinates out of range, are left out and counted.
//
// Features are written as the entries come, so an export of any size holds
// one feature in memory; GIS tools (QGIS, GDAL's ogr2ogr) read the file as
// it is. A record of country precision (location_precision 4) is a point at
// the country's centre: filter on location_precision to map only places,
// and on location_basis to leave out the weakest choices ("population":
// the biggest of several namesakes).
func WriteGeoJSON(w io.Writer, entries iter.Seq2[Entry, error]) (Counts, error) {
	var c Counts
	if _, err := io.WriteString(w, `{"type":"FeatureCollection","features":[`); err != nil {
		return c, fmt.Errorf("write geojson: %w", err)
	}
	cols := columns()
	var buf bytes.Buffer
	for e, err := range entries {
		if err != nil {
			return c, err
		}
		if !located(e) {
			c.skip("no location")
			continue
		}
		buf.Reset()
		if c.Wrote > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		if err := appendFeature(&buf, &e, cols); err != nil {
			return c, fmt.Errorf("write geojson: record %d: %w", e.ID, err)
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			return c, fmt.Errorf("write geojson: %w", err)
		}
		c.Wrote++
	}
	if _, err := io.WriteString(w, "\n]}\n"); err != nil {
		return c, fmt.Errorf("write geojson: %w", err)
	}
	return c, nil
}

// located reports whether e has a location GeoJSON can place.
func located(e Entry) bool {
	return e.Record.Location != nil && validCoords(e.Record.Location)
}

// validCoords reports whether l's coordinates are WGS84 degrees in range
// (NaN is not).
func validCoords(l *caption.Location) bool {
	return l.Lat >= -90 && l.Lat <= 90 && l.Lon >= -180 && l.Lon <= 180
}

// appendFeature writes one Feature. Properties are written in column order
// (encoding/json would sort a map's keys), each value by encoding/json
// without HTML escaping, so the text reads as the caption was written.
func appendFeature(buf *bytes.Buffer, e *Entry, cols []column) error {
	l := e.Record.Location
	buf.WriteString(`{"type":"Feature","id":`)
	buf.WriteString(strconv.FormatInt(e.ID, 10))
	buf.WriteString(`,"geometry":{"type":"Point","coordinates":[`)
	buf.WriteString(formatCoord(l.Lon))
	buf.WriteByte(',')
	buf.WriteString(formatCoord(l.Lat))
	buf.WriteString(`]},"properties":{`)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	first := true
	for _, col := range cols {
		if col.geometry {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		buf.WriteString(strconv.Quote(col.name)) // column names are ASCII words
		buf.WriteByte(':')
		if err := enc.Encode(col.get(e)); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
	}
	buf.WriteString("}}")
	return nil
}
