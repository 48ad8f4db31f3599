package export

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"
)

// WriteCSV writes one row per record under a header row: the record's id,
// cluster and event, every field of docs/records.md (the location spread over
// location_name, latitude, longitude, geonameid, admin1, location_country,
// location_feature and location_precision, then location_basis: how the
// entry was chosen), then the sources. Lists are
// joined with "; "; a person is "Name (age)"; an evidence span is
// "field:start-end" and a source "document:start-end". The record's nulls are
// empty cells. Rows end in "\n" and there is no byte-order mark, as
// encoding/csv writes; the file is UTF-8.
//
// Spreadsheets are what the users open these files with, and a spreadsheet
// runs a cell starting with =, +, - or @ (or a tab or carriage return,
// which some read past) as a formula: a caption is text from outside, so
// such a text cell is written with a leading apostrophe, which spreadsheets
// show as text and hide ("'-1 week" reads "-1 week"). Numbers sijil formats
// itself (IDs, coordinates, counts) are never changed, so a negative
// longitude stays a number. The apostrophe is a change to the value: a
// program reading the file strips it from text cells that start with "'"
// followed by one of those characters.
func WriteCSV(w io.Writer, entries iter.Seq2[Entry, error]) (Counts, error) {
	var c Counts
	cols := columns()
	cw := csv.NewWriter(w)
	row := make([]string, len(cols))
	for i, col := range cols {
		row[i] = col.name
	}
	if err := cw.Write(row); err != nil {
		return c, fmt.Errorf("write csv: %w", err)
	}
	for e, err := range entries {
		if err != nil {
			return c, err
		}
		for i, col := range cols {
			row[i] = cell(col.get(&e))
		}
		if err := cw.Write(row); err != nil {
			return c, fmt.Errorf("write csv: %w", err)
		}
		c.Wrote++
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return c, fmt.Errorf("write csv: %w", err)
	}
	return c, nil
}

// cell formats a flat value for a CSV cell: numbers as Go formats them,
// text and lists made safe for spreadsheets.
func cell(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case int64:
		return strconv.FormatInt(v, 10)
	case json.Number:
		return string(v)
	case string:
		return safeText(v)
	case []string:
		return safeText(joinList(v))
	}
	panic(fmt.Sprintf("export: cell of %T", v))
}

// safeText prefixes text that a spreadsheet would run as a formula with an
// apostrophe (see WriteCSV).
func safeText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
