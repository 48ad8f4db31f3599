package postgres

import (
	"encoding/binary"
	"fmt"
	"time"

	"sijil/internal/caption"
)

// encodeBands packs band hashes as little-endian uint64s.
func encodeBands(bands []uint64) []byte {
	b := make([]byte, 0, 8*len(bands))
	for _, v := range bands {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

// decodeBands reverses encodeBands; nil for no bands.
func decodeBands(b []byte) ([]uint64, error) {
	if len(b)%8 != 0 {
		return nil, fmt.Errorf("%w: bands of %d bytes", caption.ErrInvalid, len(b))
	}
	if len(b) == 0 {
		return nil, nil
	}
	bands := make([]uint64, len(b)/8)
	for i := range bands {
		bands[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return bands, nil
}

// dateRange returns the first and last days a partial date covers, or nils
// when no date is known.
func dateRange(d caption.PartialDate) (first, last *time.Time) {
	var f, l time.Time
	switch d.Precision {
	case caption.PrecisionDay:
		f = time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
		l = f
	case caption.PrecisionMonth:
		f = time.Date(d.Year, time.Month(d.Month), 1, 0, 0, 0, 0, time.UTC)
		l = f.AddDate(0, 1, -1)
	case caption.PrecisionYear:
		f = time.Date(d.Year, 1, 1, 0, 0, 0, 0, time.UTC)
		l = time.Date(d.Year, 12, 31, 0, 0, 0, 0, time.UTC)
	default:
		return nil, nil
	}
	return &f, &l
}

// recordColumns are the values of a record's derived columns, in the order
// of recordColumnNames.
type recordColumns struct {
	JSON                string
	SearchText          string
	DateFirst, DateLast *time.Time
	DatePrecision       string
	Country             *string
	Lat, Lon            *float64
	Basis               *string // the location's; nil for none
	Killed, Injured     *int
	Parser, Gazetteer   string
	// Terms are the values the record is filtered and faceted by, for the
	// search_terms table.
	Terms []caption.Term
}

// columnsOf encodes r and copies the fields that have columns.
func columnsOf(r caption.Record, v caption.Versions) (recordColumns, error) {
	js, err := caption.MarshalRecord(r)
	if err != nil {
		return recordColumns{}, err
	}
	c := recordColumns{
		JSON: string(js), SearchText: caption.SearchText(r), DatePrecision: string(r.Date.Precision),
		Killed: r.Killed, Injured: r.Injured, Parser: v.Parser, Gazetteer: v.Gazetteer, Terms: caption.RecordTerms(r),
	}
	c.DateFirst, c.DateLast = dateRange(r.Date)
	if r.Country != "" {
		country := string(r.Country)
		c.Country = &country
	}
	if l := r.Location; l != nil {
		c.Lat, c.Lon = &l.Lat, &l.Lon
		if l.Basis != "" {
			basis := string(l.Basis)
			c.Basis = &basis
		}
	}
	return c, nil
}
