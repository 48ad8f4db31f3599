package caption

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// The compact form of a record's fields is what MarshalFields keeps, in
// binary: every field but the text, and the description only when it does
// not begin the text. It exists for the SQLite store, which writes it for
// every record of an ingest and reads it back for every cluster candidate
// it compares: encoding/json and a deflater took 18 CPU-s of a
// million-caption ingest to write it, and the JSON decoder and inflater
// 9 s of the single writer's time to read candidates back (2026-12-05).
//
// Most of a record's strings are words of its own text (its credit, its
// date as written, its places, its people), and most others are one of a
// few dozen values (event types, bases, evidence field names). A string
// is written as one uvarint x and what follows it:
//
//	x&3 == 0  x>>2 bytes of the string follow
//	x&3 == 1  the string is text[i:i+x>>2]; the uvarint i follows
//	x&3 == 2  the string is compactStrings[x>>2]
//
// so that such a string costs two or three bytes, and decodes to a slice
// of the text without a copy. The rest is uvarints (zig-zag for signed
// numbers) and the coordinates' IEEE 754 bits.
//
// The layout: a uvarint of present-field bits (compactHas*), then each
// present field in bit order. A newer sijil's bits beyond those known are
// an error, as unknown JSON fields are: an older sijil must not read a
// record and rewrite it with fields dropped.

// compactStrings are the strings the compact form writes by index. Append
// only: a stored index must always mean the same string.
var compactStrings = [...]string{
	// Evidence field names.
	"actors", "agencies", "attribution", "country", "credit", "date", "event_types",
	"injured", "killed", "location", "people", "photographers", "places",
	"perpetrator", "perpetrator_claim", "target", "lang",
	// Country and location bases.
	"named", "hint", "document", "gazetteer",
	"only candidate", "country named", "country hinted", "container", "focus",
	"population", "near spelling", "country only",
	// Event types, targets, actor kinds, claims.
	"airstrike", "shelling", "barrel_bomb", "explosion", "clashes", "protest", "rescue",
	"displacement", "funeral",
	"civilians", "journalists", "aid", "rescuers", "hospital", "school", "market",
	"place of worship", "homes", "camp", "bakery", "infrastructure", "military", "police",
	"state forces", "rebel group", "militia", "international coalition", "civil defence",
	"humanitarian", "UN",
	"reported", "suspected", "alleged", "claimed", "said",
	// Languages, place words, feature codes.
	"en", "fr", "ar",
	"village", "town", "city", "neighbourhood", "province", "countryside", "district", "region",
	"PPL", "PPLA", "PPLA2", "PPLA3", "PPLA4", "PPLC", "PPLX", "ADM1", "ADM2", "ADM3", "PCLI",
}

var compactIndex = func() map[string]int {
	m := make(map[string]int, len(compactStrings))
	for i, s := range compactStrings {
		m[s] = i
	}
	return m
}()

// The present-field bits, in the order the fields are written.
const (
	compactHasDescription = 1 << iota
	compactHasLang
	compactHasCredit
	compactHasPhotographers
	compactHasAgencies
	compactHasDate
	compactHasDateText
	compactHasPlaces
	compactHasPlaceRefs
	compactHasLocation
	compactHasCountry
	compactHasCountryBasis
	compactHasKilled
	compactHasInjured
	compactHasAttribution
	compactHasEventTypes
	compactHasActors
	compactHasPerpetrator
	compactHasTarget
	compactHasPeople
	compactHasEvidence
	compactHasOrigins
	compactHasWarnings
	compactHasAll = compactHasWarnings<<1 - 1
)

// Kinds of a compact string (x&3).
const (
	compactLiteral = iota
	compactInText
	compactTable
)

// AppendCompactFields appends r's fields in the compact form to dst and
// returns it with the description's length as MarshalFields does: the
// length when the description begins the text and is left out, else -1.
// Records MarshalFields refuses are refused alike (ErrInvalid).
func AppendCompactFields(dst []byte, r Record) (out []byte, descLen int, err error) {
	if err := checkRecord(r); err != nil {
		return dst, 0, fmt.Errorf("marshal record: %w", err)
	}
	e := compactEncoder{buf: dst, text: r.Text}
	desc, descLen := r.Description, -1
	if strings.HasPrefix(r.Text, r.Description) {
		desc, descLen = "", len(r.Description)
	}
	var has uint64
	for bit, present := range [...]bool{
		desc != "", r.Lang != "", r.Credit != "", len(r.Photographers) > 0, len(r.Agencies) > 0,
		!r.Date.IsZero(), r.DateText != "", len(r.Places) > 0, len(r.PlaceRefs) > 0, r.Location != nil,
		r.Country != "", r.CountryBasis != "", r.Killed != nil, r.Injured != nil, len(r.Attribution) > 0,
		len(r.EventTypes) > 0, len(r.Actors) > 0, r.Perpetrator != nil, len(r.Target) > 0, len(r.People) > 0,
		len(r.Evidence) > 0, len(r.Origins) > 0, len(r.Warnings) > 0,
	} {
		if present {
			has |= 1 << bit
		}
	}
	e.uint(has)
	if has&compactHasDescription != 0 {
		e.str(desc)
	}
	if has&compactHasLang != 0 {
		e.str(r.Lang)
	}
	if has&compactHasCredit != 0 {
		e.str(r.Credit)
	}
	if has&compactHasPhotographers != 0 {
		e.strs(r.Photographers)
	}
	if has&compactHasAgencies != 0 {
		appendNamed(&e, r.Agencies)
	}
	if has&compactHasDate != 0 {
		e.date(r.Date)
	}
	if has&compactHasDateText != 0 {
		e.str(r.DateText)
	}
	if has&compactHasPlaces != 0 {
		e.strs(r.Places)
	}
	if has&compactHasPlaceRefs != 0 {
		e.uint(uint64(len(r.PlaceRefs)))
		for _, p := range r.PlaceRefs {
			e.str(p.Name)
			e.span(p.Span)
			e.str(p.Kind)
			e.bool(p.Near)
		}
	}
	if l := r.Location; l != nil {
		e.str(l.Name)
		e.str(l.Preferred)
		e.int(int64(l.GeonameID))
		e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(l.Lat))
		e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(l.Lon))
		e.str(l.Admin1)
		e.str(string(l.CountryCode))
		e.str(l.Feature)
		e.int(int64(l.Precision))
		e.str(string(l.Basis))
	}
	if has&compactHasCountry != 0 {
		e.str(string(r.Country))
	}
	if has&compactHasCountryBasis != 0 {
		e.str(string(r.CountryBasis))
	}
	if r.Killed != nil {
		e.int(int64(*r.Killed))
	}
	if r.Injured != nil {
		e.int(int64(*r.Injured))
	}
	if has&compactHasAttribution != 0 {
		e.strs(r.Attribution)
	}
	if has&compactHasEventTypes != 0 {
		appendNamed(&e, r.EventTypes)
	}
	if has&compactHasActors != 0 {
		e.strs(r.Actors)
	}
	if p := r.Perpetrator; p != nil {
		e.str(p.Actor)
		e.str(p.Name)
		e.str(string(p.Kind))
		e.str(string(p.Country))
		e.str(string(p.Claim))
	}
	if has&compactHasTarget != 0 {
		appendNamed(&e, r.Target)
	}
	if has&compactHasPeople != 0 {
		e.uint(uint64(len(r.People)))
		for _, p := range r.People {
			e.str(p.Name)
			// A flag, then the age zig-zagged: an age is what a caption
			// says, which may be anything an int holds.
			e.bool(p.Age != nil)
			if p.Age != nil {
				e.int(int64(*p.Age))
			}
		}
	}
	if has&compactHasEvidence != 0 {
		// In key order, so that equal records encode to equal bytes.
		var buf [16]string
		keys := sortedKeys(buf[:0], r.Evidence)
		e.uint(uint64(len(keys)))
		for _, k := range keys {
			e.str(k)
			spans := r.Evidence[k]
			e.uint(uint64(len(spans)))
			for _, s := range spans {
				e.span(s)
			}
		}
	}
	if has&compactHasOrigins != 0 {
		var buf [8]string
		keys := sortedKeys(buf[:0], r.Origins)
		e.uint(uint64(len(keys)))
		for _, k := range keys {
			e.str(k)
			e.str(r.Origins[k])
		}
	}
	if has&compactHasWarnings != 0 {
		e.strs(r.Warnings)
	}
	return e.buf, descLen, nil
}

type compactEncoder struct {
	buf  []byte
	text string
}

func (e *compactEncoder) uint(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }
func (e *compactEncoder) int(v int64)   { e.uint(zigzag(v)) }

func (e *compactEncoder) bool(v bool) {
	if v {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

func (e *compactEncoder) span(s Span) {
	e.uint(uint64(s.Start))
	e.uint(uint64(s.End - s.Start))
}

func (e *compactEncoder) date(d PartialDate) {
	e.uint(uint64(d.Year))
	switch d.Precision {
	case PrecisionYear:
		e.uint(0)
	case PrecisionMonth:
		e.uint(uint64(d.Month) << 5)
	default: // day: checkRecord allows no other
		e.uint(uint64(d.Month)<<5 | uint64(d.Day))
	}
}

func (e *compactEncoder) str(s string) {
	if i, ok := compactIndex[s]; ok {
		e.uint(uint64(i)<<2 | compactTable)
		return
	}
	// Three bytes or more: a shorter string costs no more written out.
	if len(s) >= 3 {
		if i := strings.Index(e.text, s); i >= 0 {
			e.uint(uint64(len(s))<<2 | compactInText)
			e.uint(uint64(i))
			return
		}
	}
	e.uint(uint64(len(s)) << 2) // | compactLiteral, which is 0
	e.buf = append(e.buf, s...)
}

func (e *compactEncoder) strs(ss []string) {
	e.uint(uint64(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}

func appendNamed[S ~string](e *compactEncoder, ss []S) {
	e.uint(uint64(len(ss)))
	for _, s := range ss {
		e.str(string(s))
	}
}

// sortedKeys appends m's keys to dst in order. Not slices.Sorted of
// maps.Keys: that allocated six times a record on the workers' path, where
// a buffer on the caller's stack allocates nothing.
func sortedKeys[V any](dst []string, m map[string]V) []string {
	for k := range m {
		dst = append(dst, k)
	}
	slices.Sort(dst)
	return dst
}

func zigzag(v int64) uint64   { return uint64(v<<1) ^ uint64(v>>63) }
func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// errCompact is what a malformed compact form decodes to, wrapped in
// ErrInvalid with where it went wrong.
var errCompact = errors.New("malformed compact fields")

// UnmarshalCompactFields decodes what AppendCompactFields wrote, given the
// record's text and descLen. The record's strings that are words of the
// text share its memory.
func UnmarshalCompactFields(b []byte, text string, descLen int) (Record, error) {
	r, err := decodeCompact(b, text, descLen)
	if err == nil {
		err = checkRecord(r)
	}
	if err != nil {
		return Record{}, fmt.Errorf("unmarshal record: %w", err)
	}
	return r, nil
}

func decodeCompact(b []byte, text string, descLen int) (r Record, err error) {
	d := compactDecoder{buf: b, text: text}
	has := d.uint()
	if has&^compactHasAll != 0 {
		return Record{}, fmt.Errorf("%w: fields %#x unknown to this sijil", ErrInvalid, has&^compactHasAll)
	}
	r.Text = text
	if descLen >= 0 {
		if descLen > len(text) || has&compactHasDescription != 0 {
			return Record{}, fmt.Errorf("%w: description of %d bytes in a text of %d", ErrInvalid, descLen, len(text))
		}
		r.Description = text[:descLen]
	}
	if has&compactHasDescription != 0 {
		r.Description = d.str()
	}
	if has&compactHasLang != 0 {
		r.Lang = d.str()
	}
	if has&compactHasCredit != 0 {
		r.Credit = d.str()
	}
	if has&compactHasPhotographers != 0 {
		r.Photographers = d.strs()
	}
	if has&compactHasAgencies != 0 {
		r.Agencies = decodeNamed[Agency](&d)
	}
	if has&compactHasDate != 0 {
		r.Date = d.date()
	}
	if has&compactHasDateText != 0 {
		r.DateText = d.str()
	}
	if has&compactHasPlaces != 0 {
		r.Places = d.strs()
	}
	if has&compactHasPlaceRefs != 0 {
		n := d.count()
		r.PlaceRefs = make([]PlaceRef, n)
		for i := range r.PlaceRefs {
			r.PlaceRefs[i] = PlaceRef{Name: d.str(), Span: d.span(), Kind: d.str(), Near: d.bool()}
		}
	}
	if has&compactHasLocation != 0 {
		l := &Location{Name: d.str(), Preferred: d.str(), GeonameID: d.intn()}
		l.Lat, l.Lon = d.float(), d.float()
		l.Admin1, l.CountryCode, l.Feature = d.str(), CountryCode(d.str()), d.str()
		l.Precision, l.Basis = d.intn(), LocationBasis(d.str())
		r.Location = l
	}
	if has&compactHasCountry != 0 {
		r.Country = CountryCode(d.str())
	}
	if has&compactHasCountryBasis != 0 {
		r.CountryBasis = CountryBasis(d.str())
	}
	if has&compactHasKilled != 0 {
		n := d.intn()
		r.Killed = &n
	}
	if has&compactHasInjured != 0 {
		n := d.intn()
		r.Injured = &n
	}
	if has&compactHasAttribution != 0 {
		r.Attribution = d.strs()
	}
	if has&compactHasEventTypes != 0 {
		r.EventTypes = decodeNamed[EventType](&d)
	}
	if has&compactHasActors != 0 {
		r.Actors = d.strs()
	}
	if has&compactHasPerpetrator != 0 {
		r.Perpetrator = &Perpetrator{Actor: d.str(), Name: d.str(), Kind: ActorKind(d.str()), Country: CountryCode(d.str()), Claim: Claim(d.str())}
	}
	if has&compactHasTarget != 0 {
		r.Target = decodeNamed[TargetKind](&d)
	}
	if has&compactHasPeople != 0 {
		r.People = make([]Person, d.count())
		for i := range r.People {
			r.People[i].Name = d.str()
			if d.bool() {
				age := d.intn()
				r.People[i].Age = &age
			}
		}
	}
	r.Evidence = map[string][]Span{}
	if has&compactHasEvidence != 0 {
		for n := d.count(); n > 0 && d.err == nil; n-- {
			k := d.str()
			spans := make([]Span, d.count())
			for i := range spans {
				spans[i] = d.span()
			}
			r.Evidence[k] = spans
		}
	}
	if has&compactHasOrigins != 0 {
		r.Origins = map[string]string{}
		for n := d.count(); n > 0 && d.err == nil; n-- {
			k := d.str()
			r.Origins[k] = d.str()
		}
	}
	if has&compactHasWarnings != 0 {
		r.Warnings = d.strs()
	}
	// As the JSON form decodes them: a list or map present but empty (which
	// no encoder writes) is none.
	r.Photographers, r.Agencies, r.Places, r.PlaceRefs = nilIfEmpty(r.Photographers), nilIfEmpty(r.Agencies), nilIfEmpty(r.Places), nilIfEmpty(r.PlaceRefs)
	r.Attribution, r.EventTypes, r.Actors, r.Target = nilIfEmpty(r.Attribution), nilIfEmpty(r.EventTypes), nilIfEmpty(r.Actors), nilIfEmpty(r.Target)
	r.People, r.Warnings = nilIfEmpty(r.People), nilIfEmpty(r.Warnings)
	if len(r.Origins) == 0 {
		r.Origins = nil
	}
	if d.err == nil && len(d.buf) > 0 {
		d.fail("%d bytes after the fields", len(d.buf))
	}
	if d.err != nil {
		return Record{}, d.err
	}
	return r, nil
}

// compactDecoder reads the compact form; after its first error it reads
// zeros, and err tells what went wrong.
type compactDecoder struct {
	buf  []byte
	text string
	err  error
}

func (d *compactDecoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %w: "+format, append([]any{ErrInvalid, errCompact}, args...)...)
	}
	d.buf = nil
}

func (d *compactDecoder) uint() uint64 {
	v, n := binary.Uvarint(d.buf)
	if n <= 0 {
		d.fail("truncated or overlong number")
		return 0
	}
	d.buf = d.buf[n:]
	return v
}

// intn is a zig-zagged int, which must fit an int.
func (d *compactDecoder) intn() int {
	v := unzigzag(d.uint())
	if int64(int(v)) != v {
		d.fail("number %d out of range", v)
		return 0
	}
	return int(v)
}

// count is the length of a list, which cannot exceed the bytes left: each
// item takes at least one.
func (d *compactDecoder) count() int {
	n := d.uint()
	if n > uint64(len(d.buf)) {
		d.fail("a list of %d in %d bytes", n, len(d.buf))
		return 0
	}
	return int(n)
}

func (d *compactDecoder) bool() bool {
	switch b := d.byte(); b {
	case 0, 1:
		return b == 1
	default:
		d.fail("flag %d", b)
		return false
	}
}

func (d *compactDecoder) byte() byte {
	if len(d.buf) == 0 {
		d.fail("truncated")
		return 0
	}
	b := d.buf[0]
	d.buf = d.buf[1:]
	return b
}

func (d *compactDecoder) float() float64 {
	if len(d.buf) < 8 {
		d.fail("truncated coordinate")
		return 0
	}
	f := math.Float64frombits(binary.LittleEndian.Uint64(d.buf))
	d.buf = d.buf[8:]
	return f // checkRecord refuses what is not finite
}

func (d *compactDecoder) span() Span {
	start, n := d.uint(), d.uint()
	if start > uint64(len(d.text)) || n > uint64(len(d.text))-start {
		d.fail("span [%d, +%d) outside the %d-byte text", start, n, len(d.text))
		return Span{}
	}
	return Span{int(start), int(start + n)}
}

func (d *compactDecoder) date() PartialDate {
	year, md := d.uint(), d.uint()
	if year > 9999 || md > 12<<5|31 {
		d.fail("date %d/%d", year, md)
		return PartialDate{}
	}
	p := PartialDate{Year: int(year), Month: int(md >> 5), Day: int(md & 31), Precision: PrecisionDay}
	switch {
	case md == 0:
		p.Precision = PrecisionYear
	case p.Day == 0:
		p.Precision = PrecisionMonth
	}
	return p
}

func (d *compactDecoder) str() string {
	x := d.uint()
	n := x >> 2
	switch x & 3 {
	case compactLiteral:
		if n > uint64(len(d.buf)) {
			d.fail("a string of %d in %d bytes", n, len(d.buf))
			return ""
		}
		s := string(d.buf[:n])
		d.buf = d.buf[n:]
		return s
	case compactInText:
		i := d.uint()
		if i > uint64(len(d.text)) || n > uint64(len(d.text))-i {
			d.fail("text string [%d, +%d) outside the %d-byte text", i, n, len(d.text))
			return ""
		}
		return d.text[i : i+n]
	case compactTable:
		if n >= uint64(len(compactStrings)) {
			d.fail("string %d of a table of %d", n, len(compactStrings))
			return ""
		}
		return compactStrings[n]
	}
	d.fail("string of kind %d", x&3)
	return ""
}

func (d *compactDecoder) strs() []string {
	out := make([]string, d.count())
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func decodeNamed[S ~string](d *compactDecoder) []S {
	out := make([]S, d.count())
	for i := range out {
		out[i] = S(d.str())
	}
	return out
}
