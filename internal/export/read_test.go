package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"time"

	"sijil/internal/caption"
)

// The reading side of the JSON Lines export lives with the tests: no
// command reads an export back as records (ingest reads it as captions, by
// source.ReadJSONL), and the tests use it to check that every line
// WriteJSONL writes decodes to the record it came from.

// maxJSONLine bounds one line ReadJSONL accepts. A record is a few kilobytes;
// the text reader caps a caption at 1 MiB, and its record (text, description,
// escapes) stays well under this.
const maxJSONLine = 16 << 20

// ReadJSONL reads records as WriteJSONL writes them, one per line; blank lines
// are skipped and fields it does not know are ignored (docs/records.md allows fields
// to be added). A line that is not a valid record yields an error wrapping
// caption.ErrInvalid with its line number, and reading stops.
func ReadJSONL(r io.Reader) iter.Seq2[caption.Record, error] {
	return func(yield func(caption.Record, error) bool) {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, maxJSONLine)
		for n := 1; sc.Scan(); n++ {
			line := sc.Bytes()
			if len(line) == 0 || isSpaceOnly(line) {
				continue
			}
			rec, err := decodeRecord(line)
			if err != nil {
				yield(caption.Record{}, fmt.Errorf("read jsonl line %d: %w", n, err))
				return
			}
			if !yield(rec, nil) {
				return
			}
		}
		if err := sc.Err(); err != nil {
			yield(caption.Record{}, fmt.Errorf("read jsonl: %w", err))
		}
	}
}

// decodeRecord parses and checks one line of JSON.
func decodeRecord(line []byte) (caption.Record, error) {
	var w wireRecord
	if err := json.Unmarshal(line, &w); err != nil {
		return caption.Record{}, fmt.Errorf("%w: %w", err, caption.ErrInvalid)
	}
	rec, err := fromWire(w)
	if err != nil {
		return caption.Record{}, fmt.Errorf("%w: %w", err, caption.ErrInvalid)
	}
	return rec, nil
}

func isSpaceOnly(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// fromWire maps a decoded line back to a record, checking what JSON's types
// cannot: the date, and that every evidence span lies inside the text. Empty
// lists become nil slices; Evidence is never nil.
func fromWire(w wireRecord) (caption.Record, error) {
	r := caption.Record{
		Text:          w.Text,
		Description:   w.Description,
		Lang:          deref(w.Lang),
		Credit:        deref(w.Credit),
		Photographers: nilIfEmpty(w.Photographers),
		Agencies:      nilIfEmpty(w.Agencies),
		DateText:      deref(w.DateText),
		Places:        nilIfEmpty(w.Places),
		Country:       deref(w.Country),
		Killed:        w.Killed,
		Injured:       w.Injured,
		Attribution:   nilIfEmpty(w.Attribution),
		EventTypes:    nilIfEmpty(w.EventTypes),
		Actors:        nilIfEmpty(w.Actors),
		Target:        nilIfEmpty(w.Target),
		Evidence:      map[string][]caption.Span{},
		Warnings:      nilIfEmpty(w.Warnings),
	}
	if len(w.Origins) > 0 {
		r.Origins = w.Origins
	}
	if pp := w.Perpetrator; pp != nil {
		r.Perpetrator = &caption.Perpetrator{Actor: pp.Actor, Name: deref(pp.Name), Kind: deref(pp.Kind),
			Country: deref(pp.Country), Claim: deref(pp.Claim)}
	}
	var err error
	if r.Date, err = parseDate(deref(w.Date), deref(w.DatePrecision)); err != nil {
		return caption.Record{}, err
	}
	if l := w.Location; l != nil {
		r.Location = &caption.Location{Name: l.Name, Preferred: l.Preferred, GeonameID: deref(l.GeonameID), Lat: l.Lat, Lon: l.Lon,
			Admin1: deref(l.Admin1), CountryCode: l.CountryCode, Feature: l.Feature, Precision: l.Precision, Basis: l.Basis}
	}
	for _, p := range w.People {
		r.People = append(r.People, caption.Person{Name: p.Name, Age: p.Age})
	}
	for field, spans := range w.Evidence {
		for _, s := range spans {
			if s[0] < 0 || s[0] > s[1] || s[1] > len(r.Text) {
				return caption.Record{}, fmt.Errorf("evidence %s [%d, %d) outside the %d-byte text", field, s[0], s[1], len(r.Text))
			}
			r.Evidence[field] = append(r.Evidence[field], caption.Span{Start: s[0], End: s[1]})
		}
	}
	return r, nil
}

// parseDate reads an ISO 8601 date at the precision its length shows (2016,
// 2016-11, 2016-11-06); precision, when given, must agree.
func parseDate(s string, precision caption.Precision) (caption.PartialDate, error) {
	if s == "" {
		return caption.PartialDate{}, nil
	}
	layouts := map[int]struct {
		layout string
		prec   caption.Precision
	}{4: {"2006", caption.PrecisionYear}, 7: {"2006-01", caption.PrecisionMonth}, 10: {"2006-01-02", caption.PrecisionDay}}
	l, ok := layouts[len(s)]
	if !ok {
		return caption.PartialDate{}, fmt.Errorf("date %q is not YYYY, YYYY-MM or YYYY-MM-DD", s)
	}
	t, err := time.Parse(l.layout, s)
	if err != nil {
		return caption.PartialDate{}, fmt.Errorf("date %q: %w", s, err)
	}
	if precision != caption.PrecisionNone && precision != l.prec {
		return caption.PartialDate{}, fmt.Errorf("date %q has precision %s, not %s", s, l.prec, precision)
	}
	d := caption.PartialDate{Year: t.Year(), Precision: l.prec}
	if l.prec != caption.PrecisionYear {
		d.Month = int(t.Month())
	}
	if l.prec == caption.PrecisionDay {
		d.Day = t.Day()
	}
	return d, nil
}

func deref[T any](p *T) T {
	var v T
	if p != nil {
		v = *p
	}
	return v
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
