package sqlite

import (
	"encoding/binary"
	"errors"
	"math"

	"sijil/internal/caption"
)

// search_points.point holds caption.PointRecord in this package's own
// binary form, not caption.MarshalRecord's JSON: decoding JSON was much
// of a map query's time. The form: a version byte (1); the date's
// year, month and day and its precision; the country; killed and injured
// (0 for none, else the figure + 1); the event types and places (a count,
// then each); then, for the location (which every point has), name,
// preferred name, geonameid, latitude and longitude (float64 bits), admin1,
// country code, feature and precision. Numbers are varints, strings
// uvarint-length-prefixed. The location's basis is not in it: it is in
// search_records.basis (0008_location_basis.sql), which filters and facets
// read, and the readers of points take it from there.
const pointVersion = 1

var errBadPoint = errors.New("corrupt search_points.point")

// appendPoint appends r's point to b.
func appendPoint(b []byte, r caption.Record) []byte {
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	num := func(n int64) { b = binary.AppendVarint(b, n) }
	opt := func(n *int) {
		if n == nil {
			num(0)
		} else {
			num(int64(*n) + 1)
		}
	}
	b = append(b, pointVersion)
	num(int64(r.Date.Year))
	num(int64(r.Date.Month))
	num(int64(r.Date.Day))
	str(string(r.Date.Precision))
	str(string(r.Country))
	opt(r.Killed)
	opt(r.Injured)
	num(int64(len(r.EventTypes)))
	for _, e := range r.EventTypes {
		str(string(e))
	}
	num(int64(len(r.Places)))
	for _, p := range r.Places {
		str(p)
	}
	l := r.Location
	str(l.Name)
	str(l.Preferred)
	num(int64(l.GeonameID))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(l.Lat))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(l.Lon))
	str(l.Admin1)
	str(string(l.CountryCode))
	str(l.Feature)
	num(int64(l.Precision))
	return b
}

// pointReader reads a point, remembering the first error.
type pointReader struct {
	b   []byte
	err error
}

func (p *pointReader) num() int64 {
	n, k := binary.Varint(p.b)
	if k <= 0 {
		p.err, p.b = errBadPoint, nil
		return 0
	}
	p.b = p.b[k:]
	return n
}

func (p *pointReader) str() string {
	n, k := binary.Uvarint(p.b)
	if k <= 0 || uint64(len(p.b)-k) < n {
		p.err, p.b = errBadPoint, nil
		return ""
	}
	s := string(p.b[k : k+int(n)])
	p.b = p.b[k+int(n):]
	return s
}

func (p *pointReader) opt() *int {
	n := p.num()
	if n == 0 {
		return nil
	}
	v := int(n - 1)
	return &v
}

func (p *pointReader) float() float64 {
	if len(p.b) < 8 {
		p.err, p.b = errBadPoint, nil
		return 0
	}
	f := math.Float64frombits(binary.LittleEndian.Uint64(p.b))
	p.b = p.b[8:]
	return f
}

// list reads a count, then calls each that many times.
func (p *pointReader) list(each func()) {
	n := p.num()
	if n < 0 || n > int64(len(p.b)) {
		p.err, p.b = errBadPoint, nil
		return
	}
	for range n {
		each()
	}
}

// readPoint decodes a point that appendPoint wrote.
func readPoint(b []byte) (caption.Record, error) {
	if len(b) == 0 || b[0] != pointVersion {
		return caption.Record{}, errBadPoint
	}
	p := &pointReader{b: b[1:]}
	var r caption.Record
	r.Date.Year, r.Date.Month, r.Date.Day = int(p.num()), int(p.num()), int(p.num())
	r.Date.Precision = caption.Precision(p.str())
	r.Country = caption.CountryCode(p.str())
	r.Killed, r.Injured = p.opt(), p.opt()
	p.list(func() { r.EventTypes = append(r.EventTypes, caption.EventType(p.str())) })
	p.list(func() { r.Places = append(r.Places, p.str()) })
	l := &caption.Location{Name: p.str(), Preferred: p.str(), GeonameID: int(p.num())}
	l.Lat, l.Lon = p.float(), p.float()
	l.Admin1, l.CountryCode, l.Feature, l.Precision = p.str(), caption.CountryCode(p.str()), p.str(), int(p.num())
	r.Location = l
	if p.err != nil || len(p.b) != 0 {
		return caption.Record{}, errBadPoint
	}
	return r, nil
}
