package postgres

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

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

// recordColumns are the values of a record's columns but its key and
// fingerprint.
type recordColumns struct {
	// Text, DescLen and Fields are the record as packFields stores it.
	Text                string
	DescLen             *int32
	Fields              []byte
	SearchText          string
	Search              pgtype.TSVector // searchVector of SearchText
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
	fields, descLen, err := packFields(r)
	if err != nil {
		return recordColumns{}, err
	}
	c := recordColumns{
		Text: r.Text, DescLen: descLen, Fields: fields, SearchText: caption.SearchText(r), DatePrecision: string(r.Date.Precision),
		Killed: r.Killed, Injured: r.Injured, Parser: v.Parser, Gazetteer: v.Gazetteer, Terms: caption.RecordTerms(r),
	}
	c.Search = searchVector(c.SearchText)
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

// fieldsCompact is the first byte of records.fields in the form
// caption.AppendCompactFields writes; the byte leaves room for another.
const fieldsCompact = 1

// packFields returns what records.fields and records.desc_len hold for r
// (which records.text holds the text of): its fields but the text in the
// compact form, and the length of the description the form leaves out,
// NULL when it keeps it. The form is a quarter of the JSON's size, under
// the 2 KB at which PostgreSQL compresses a row, and the server stores it
// without parsing it, as jsonb's input did.
func packFields(r caption.Record) (fields []byte, descLen *int32, err error) {
	// Grown once: a generated caption's fields take about 190 bytes.
	fields, n, err := caption.AppendCompactFields(append(make([]byte, 0, 256), fieldsCompact), r)
	if err != nil {
		return nil, nil, err
	}
	if n >= 0 {
		if n > math.MaxInt32 {
			return nil, nil, fmt.Errorf("%w: a description of %d bytes", caption.ErrInvalid, n)
		}
		n32 := int32(n)
		descLen = &n32
	}
	return fields, descLen, nil
}

// unpackRecord decodes a row of records: its fields in the compact form
// with its text and description length, or, written by a sijil before
// migration 0013 (fields NULL), its JSON.
func unpackRecord(js []byte, text *string, descLen *int32, fields []byte) (caption.Record, error) {
	if fields == nil {
		return caption.UnmarshalRecord(js)
	}
	if len(fields) == 0 || fields[0] != fieldsCompact {
		return caption.Record{}, fmt.Errorf("%w: fields of unknown form", caption.ErrInvalid)
	}
	if text == nil {
		return caption.Record{}, fmt.Errorf("%w: fields without a text", caption.ErrInvalid)
	}
	n := -1
	if descLen != nil {
		n = int(*descLen)
	}
	return caption.UnmarshalCompactFields(fields[1:], *text, n)
}
