package parse

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"sijil/internal/caption"
)

// applyMeta takes the structured fields of a photo's embedded metadata (IPTC
// IIM and XMP, under the keys of caption.MetaKeys) as evidence beside the
// caption text. A field the text is silent on is filled from them, and
// rec.Origins names the key it came from; where both speak the text's value
// is kept, except where the text is vague and the metadata only sharpens it
// (a year the metadata gives to the day, a country the text only hints at).
// A disagreement is written down as a warning. Nothing gets an evidence
// span: the values are not in the text.
//
// JSON Lines and CSV readers key Meta by the user's own column names, which
// say nothing about which standard a value follows, so their Meta is never
// read here even when a column happens to be called "iptc:City".
func (p *Parser) applyMeta(rec *caption.Record, r caption.Raw) {
	if len(r.Meta) == 0 || r.Format == "jsonl" || r.Format == "csv" {
		return
	}
	p.metaPhotographers(rec, r.Meta)
	p.metaAgencies(rec, r.Meta)
	metaDate(rec, r.Meta)
	p.metaCountry(rec, r.Meta)
	metaPlaces(rec, r.Meta)
}

func setOrigin(rec *caption.Record, field, key string) {
	if rec.Origins == nil {
		rec.Origins = map[string]string{}
	}
	rec.Origins[field] = key
}

// metaQuote quotes a metadata value for a warning, cut short: a warning
// must stay readable whatever a file holds, and %q escapes the bytes that are
// not UTF-8.
func metaQuote(v string) string {
	const most = 64
	if len(v) > most {
		return strconv.Quote(v[:most]) + "…"
	}
	return strconv.Quote(v)
}

// metaPhotographers fills the photographers from dc:creator or By-line.
func (p *Parser) metaPhotographers(rec *caption.Record, meta map[string]string) {
	if len(rec.Photographers) > 0 {
		return
	}
	for _, key := range caption.MetaKeys("photographers") {
		if names := p.metaNames(meta[key]); len(names) > 0 {
			rec.Photographers = names
			setOrigin(rec, "photographers", key)
			return
		}
	}
}

// metaNames splits a By-line or dc:creator into photographers. Readers join
// several creators with ";". A comma or "and" splits only between names
// that each look like a person's, so "Doe, Jane" stays one person.
func (p *Parser) metaNames(v string) []string {
	var out []string
	for part := range strings.SplitSeq(Fold(v), ";") {
		for _, n := range p.metaNameList(strings.TrimSpace(part)) {
			if !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, n) }) {
				out = append(out, n)
			}
		}
	}
	return out
}

// metaNameList returns the photographers of one creator entry. Agencies
// write their credit into the By-line too ("Jane Doe/AFP", "STRINGER",
// "AFP"): it is read as a caption credit would be, so that a marker or an
// agency never becomes a photographer.
func (p *Parser) metaNameList(s string) []string {
	if s == "" {
		return nil
	}
	if strings.ContainsRune(s, '/') {
		if cr := p.readCredit(s, 0, len(s), true); cr.Found {
			return cr.Photographers
		}
	}
	switch kind, _ := p.classify(s); kind {
	case pieceAgency, pieceMarker, pieceOrg:
		return nil
	case pieceName:
		return []string{s}
	}
	if names, ok := p.metaSplitNames(s); ok {
		return names
	}
	// A single word or a name in another script: a creator field holds a
	// creator, whatever the credit rules make of its spelling.
	return []string{s}
}

// metaSplitNames splits "Jane Doe, John Roe and Sam Poe" when every side is
// a person's name.
func (p *Parser) metaSplitNames(s string) ([]string, bool) {
	var out []string
	for piece := range strings.SplitSeq(s, ",") {
		piece = strings.TrimSpace(piece)
		for _, and := range [...]string{"and ", "& "} {
			if creditHasPrefix(piece, and) { // the comma before a last "and"
				piece = piece[len(and):]
			}
		}
		for piece != "" {
			name := piece
			i := creditIndexWord(piece, "and")
			if j := creditIndexWord(piece, "&"); j >= 0 && (i < 0 || j < i) {
				i = j
			}
			if i >= 0 {
				name = strings.TrimSpace(piece[:i])
				piece = strings.TrimSpace(piece[i+strings.IndexByte(piece[i:]+" ", ' '):])
			} else {
				piece = ""
			}
			if kind, _ := p.classify(name); name == "" || kind != pieceName {
				return nil, false
			}
			out = append(out, name)
		}
	}
	return out, len(out) > 1
}

// metaAgencies fills the agencies from Credit or Source, read as a caption's
// credit is, so that "AFP/Getty Images" or "AFP via Getty Images" gives the
// canonical names a caption credit gives. The first key that names an
// agency wins: a Credit holding only a photographer's name gives way to
// Source.
func (p *Parser) metaAgencies(rec *caption.Record, meta map[string]string) {
	if len(rec.Agencies) > 0 {
		return
	}
	for _, key := range caption.MetaKeys("agencies") {
		if as := p.metaAgencyList(meta[key]); len(as) > 0 {
			rec.Agencies = as
			setOrigin(rec, "agencies", key)
			return
		}
	}
}

// metaAgencyList returns the agencies a Credit or Source value names. A
// credit line needs a known agency to be a caption's credit; a Credit field
// is one by definition, so an organisation the lexicon does not know
// ("Aleppo Media Center") counts, as written, but a person's name does not.
func (p *Parser) metaAgencyList(v string) []caption.Agency {
	s := Fold(v)
	if s == "" {
		return nil
	}
	if cr := p.readCredit(s, 0, len(s), true); cr.Found {
		return cr.Agencies
	}
	var buf [8]creditPiece
	pieces, _ := p.creditPieces(s, 0, len(s), buf[:0])
	var out []caption.Agency
	for _, pc := range pieces {
		a := caption.Agency(s[pc.span.Start:pc.span.End])
		switch {
		case pc.kind == pieceAgency:
			a = pc.agency
		case pc.kind != pieceOrg:
			continue
		}
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// metaDate fills the date, or sharpens the text's. A value that is no date
// is skipped with a warning and the next key is tried.
func metaDate(rec *caption.Record, meta map[string]string) {
	for _, key := range caption.MetaKeys("date") {
		v := meta[key]
		if v == "" {
			continue
		}
		d, ok := parseMetaDate(v)
		if !ok {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("metadata date %s (%s) is not a date; ignored", metaQuote(v), key))
			continue
		}
		t := rec.Date
		switch {
		case t.IsZero(), dateRefines(d, t):
			// The text's date_text and evidence stay: they are what the
			// text says, and the metadata agrees with them.
			rec.Date = d
			setOrigin(rec, "date", key)
		case t == d, dateRefines(t, d):
		default:
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("metadata date %s differs from the caption's %s", d, t))
		}
		return
	}
}

// dateRefines reports whether d is more precise than t and agrees with t
// where t is known: 2016-11-06 refines 2016 and 2016-11.
func dateRefines(d, t caption.PartialDate) bool {
	if datePrecisionRank(d.Precision) <= datePrecisionRank(t.Precision) || d.Year != t.Year {
		return false
	}
	return t.Precision != caption.PrecisionMonth || d.Month == t.Month
}

// parseMetaDate reads XMP's ISO 8601 (2016, 2016-11, 2016-11-06, with or
// without a time: 2016-11-06T14:05:00+02:00) or IIM's CCYYMMDD, where 00
// stands for an unknown month or day. Years outside 1800–2200 are taken for
// typing errors.
func parseMetaDate(v string) (caption.PartialDate, bool) {
	s := strings.TrimSpace(v)
	if len(s) == 8 && metaDigits(s) {
		y, m, d := metaAtoi(s[:4]), metaAtoi(s[4:6]), metaAtoi(s[6:])
		switch {
		case m == 0: // a day of no known month says nothing
			return metaDateOf(y, 0, 0, caption.PrecisionYear)
		case d == 0:
			return metaDateOf(y, m, 0, caption.PrecisionMonth)
		}
		return metaDateOf(y, m, d, caption.PrecisionDay)
	}
	date, clock, timed := strings.Cut(s, "T")
	if !timed {
		date, clock, timed = strings.Cut(s, " ")
	}
	if timed && !metaClock(clock) {
		return caption.PartialDate{}, false
	}
	switch {
	case len(date) == 4 && metaDigits(date):
		return metaDateOf(metaAtoi(date), 0, 0, caption.PrecisionYear)
	case len(date) == 7 && date[4] == '-' && metaDigits(date[:4]+date[5:]):
		return metaDateOf(metaAtoi(date[:4]), metaAtoi(date[5:]), 0, caption.PrecisionMonth)
	case len(date) == 10 && date[4] == '-' && date[7] == '-' && metaDigits(date[:4]+date[5:7]+date[8:]):
		return metaDateOf(metaAtoi(date[:4]), metaAtoi(date[5:7]), metaAtoi(date[8:]), caption.PrecisionDay)
	}
	return caption.PartialDate{}, false
}

// metaDateOf checks y-m-d at precision prec against the calendar.
func metaDateOf(y, m, d int, prec caption.Precision) (caption.PartialDate, bool) {
	if y < 1800 || y > 2200 || prec != caption.PrecisionYear && (m < 1 || m > 12) {
		return caption.PartialDate{}, false
	}
	if prec == caption.PrecisionDay {
		if t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC); t.Day() != d || d < 1 {
			return caption.PartialDate{}, false
		}
	}
	return caption.PartialDate{Year: y, Month: m, Day: d, Precision: prec}, true
}

// metaClock reports whether s looks like the time of an ISO 8601 date-time:
// 14:05, 14:05:00.25Z, 14:05:00+02:00. Its value is not needed, only the
// assurance that the date before it was meant as one.
func metaClock(s string) bool {
	if len(s) < 5 || !metaDigits(s[:2]) || s[2] != ':' {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && !strings.ContainsRune(":.+-Z", rune(c)) {
			return false
		}
	}
	return true
}

func metaDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// metaAtoi converts a string of at most four digits, checked by metaDigits.
func metaAtoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = 10*n + int(s[i]-'0')
	}
	return n
}

// metaCountry fills the country from an ISO code or a country name. The
// text's country is kept when it names one; a country it only hints at
// ("Syrian refugees" describes people, not the scene) gives way to the
// metadata's, as it would to the gazetteer's.
func (p *Parser) metaCountry(rec *caption.Record, meta map[string]string) {
	code, key, bad := p.metaCountryValue(meta)
	switch {
	case code == "":
		if bad != "" {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("metadata country %s is not a country sijil knows; ignored", metaQuote(bad)))
		}
		return
	case rec.Country == code:
		return
	case rec.Country != "" && rec.CountryBasis != caption.CountryHint:
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("metadata country %s differs from the caption's %s", code, rec.Country))
		return
	case rec.Country != "":
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("metadata country %s preferred to %s, which the caption only hints at", code, rec.Country))
		delete(rec.Evidence, "country")
	}
	rec.Country, rec.CountryBasis = code, caption.CountryNamed
	setOrigin(rec, "country", key)
}

// metaCountryValue returns the first country the metadata's keys give, in
// the order of caption.MetaKeys, and the key; else the first value that
// is no country, for a warning.
func (p *Parser) metaCountryValue(meta map[string]string) (code caption.CountryCode, key, bad string) {
	for _, k := range caption.MetaKeys("country") {
		v := meta[k]
		if v == "" {
			continue
		}
		if c := p.countryCode(v); c != "" {
			return c, k, ""
		}
		if bad == "" {
			bad = v
		}
	}
	return "", "", bad
}

// countryCode reads an ISO 3166-1 alpha-2 or alpha-3 code or a country
// name ("SY", "SYR", "Syria", "Syrian Arab Republic"). An alpha-2 code must
// be one the country lexicon knows, so that a placeholder such as "XX"
// does not become a country; "UK" and "UAE" are read as the names they are.
func (p *Parser) countryCode(v string) caption.CountryCode {
	s := strings.TrimSpace(Fold(v))
	u := strings.ToUpper(s)
	if len(u) == 2 && metaLetters(u) && p.lex.countries.hasCode(u) {
		return caption.CountryCode(u)
	}
	if len(u) == 3 && metaLetters(u) {
		if c, ok := alpha3[u]; ok {
			return c
		}
	}
	l := strings.ToLower(s)
	toks := tokenizeInto(nil, l, l, p.words)
	if len(toks) == 0 {
		return ""
	}
	if found, n := p.lex.countries.names.match(toks, 0); n == len(toks) {
		return caption.CountryCode(found[0].value)
	}
	return ""
}

func metaLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// hasCode reports whether some country name of the lexicon (built-in or
// the user's) stands for code. Only captions with metadata ask, so a scan
// of the lexicon costs less than a set kept for every parser.
func (cl countryLexicon) hasCode(code string) bool {
	for _, m := range []map[string][]*phrase{cl.names.byFirst, cl.names.byStem} {
		for _, l := range m {
			for _, ph := range l {
				if ph.value == code {
					return true
				}
			}
		}
	}
	return false
}

// alpha3 maps the ISO 3166-1 alpha-3 codes of the countries of
// lexicon/countries.tsv, which has only alpha-2, to alpha-2. XKX is the
// code Kosovo's own documents and IPTC writers use; ISO has none.
var alpha3 = map[string]caption.CountryCode{
	"AFG": "AF", "ALB": "AL", "DZA": "DZ", "AGO": "AO", "ARG": "AR", "ARM": "AM", "AUS": "AU", "AUT": "AT",
	"AZE": "AZ", "BHR": "BH", "BGD": "BD", "BLR": "BY", "BEL": "BE", "BIH": "BA", "BRA": "BR", "BGR": "BG",
	"BFA": "BF", "BDI": "BI", "KHM": "KH", "CMR": "CM", "CAN": "CA", "CAF": "CF", "TCD": "TD", "CHL": "CL",
	"CHN": "CN", "COL": "CO", "COD": "CD", "COG": "CG", "HRV": "HR", "CUB": "CU", "CYP": "CY", "CZE": "CZ",
	"DNK": "DK", "DJI": "DJ", "EGY": "EG", "ERI": "ER", "EST": "EE", "ETH": "ET", "FIN": "FI", "FRA": "FR",
	"GEO": "GE", "DEU": "DE", "GHA": "GH", "GRC": "GR", "GTM": "GT", "GIN": "GN", "HTI": "HT", "HUN": "HU",
	"IND": "IN", "IDN": "ID", "IRN": "IR", "IRQ": "IQ", "IRL": "IE", "ISR": "IL", "ITA": "IT", "CIV": "CI",
	"JPN": "JP", "JOR": "JO", "KAZ": "KZ", "KEN": "KE", "XKX": "XK", "KWT": "KW", "KGZ": "KG", "LVA": "LV",
	"LBN": "LB", "LBY": "LY", "LTU": "LT", "MKD": "MK", "MDG": "MG", "MYS": "MY", "MLI": "ML", "MRT": "MR",
	"MEX": "MX", "MDA": "MD", "MNG": "MN", "MNE": "ME", "MAR": "MA", "MOZ": "MZ", "MMR": "MM", "NPL": "NP",
	"NLD": "NL", "NZL": "NZ", "NIC": "NI", "NER": "NE", "NGA": "NG", "PRK": "KP", "NOR": "NO", "OMN": "OM",
	"PAK": "PK", "PSE": "PS", "PAN": "PA", "PER": "PE", "PHL": "PH", "POL": "PL", "PRT": "PT", "QAT": "QA",
	"ROU": "RO", "RUS": "RU", "RWA": "RW", "SAU": "SA", "SEN": "SN", "SRB": "RS", "SLE": "SL", "SOM": "SO",
	"ZAF": "ZA", "KOR": "KR", "SSD": "SS", "ESP": "ES", "LKA": "LK", "SDN": "SD", "SWE": "SE", "CHE": "CH",
	"SYR": "SY", "TWN": "TW", "TJK": "TJ", "TZA": "TZ", "THA": "TH", "TUN": "TN", "TUR": "TR", "TKM": "TM",
	"UGA": "UG", "UKR": "UA", "ARE": "AE", "GBR": "GB", "USA": "US", "UZB": "UZ", "VEN": "VE", "VNM": "VN",
	"ESH": "EH", "YEM": "YE", "ZMB": "ZM", "ZWE": "ZW",
	// The rest of the world's countries and territories (countries.tsv's last block).
	"AND": "AD", "ATG": "AG", "BRB": "BB", "BEN": "BJ", "BMU": "BM", "BRN": "BN", "BOL": "BO", "BHS": "BS",
	"BTN": "BT", "BWA": "BW", "BLZ": "BZ", "CRI": "CR", "CPV": "CV", "DMA": "DM", "DOM": "DO", "ECU": "EC",
	"FJI": "FJ", "GAB": "GA", "GRD": "GD", "GRL": "GL", "GMB": "GM", "GNQ": "GQ", "GUM": "GU", "GNB": "GW",
	"GUY": "GY", "HKG": "HK", "HND": "HN", "ISL": "IS", "JAM": "JM", "KIR": "KI", "COM": "KM", "KNA": "KN",
	"LAO": "LA", "LCA": "LC", "LIE": "LI", "LBR": "LR", "LSO": "LS", "LUX": "LU", "MCO": "MC", "MAC": "MO",
	"MLT": "MT", "MUS": "MU", "MDV": "MV", "MWI": "MW", "NAM": "NA", "NCL": "NC", "PYF": "PF", "PNG": "PG",
	"PRI": "PR", "PRY": "PY", "REU": "RE", "SLB": "SB", "SYC": "SC", "SGP": "SG", "SVN": "SI", "SVK": "SK",
	"SMR": "SM", "SUR": "SR", "STP": "ST", "SLV": "SV", "SWZ": "SZ", "TGO": "TG", "TLS": "TL", "TON": "TO",
	"TTO": "TT", "TUV": "TV", "URY": "UY", "VAT": "VA", "VCT": "VC", "VIR": "VI", "VUT": "VU", "WSM": "WS",
}

// metaPlaceKinds are the place fields of the metadata, most specific first,
// with the place word a caption would give each: the gazetteer weighs a
// "city" as a populated place and a "province" as a division.
var metaPlaceKinds = [...]struct{ field, kind string }{
	{"sublocation", "neighbourhood"}, {"city", "city"}, {"province", "province"},
}

// metaPlaces fills the places when the text names none. Their references
// have an empty span: they are not in the text. Origins names the key of
// the most specific one, which locates the scene. When the text names
// places, they are kept; a metadata city that is none of them, and does not
// contain one in its name ("Douma, Eastern Ghouta"), is noted in a warning,
// since the parser cannot tell a containing city from a contradiction.
func metaPlaces(rec *caption.Record, meta map[string]string) {
	if len(rec.Places) > 0 {
		if city, _ := metaPlace(meta, "city"); city != "" && !slices.ContainsFunc(rec.Places, func(n string) bool { return placeWithin(n, city) }) {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("metadata city %s is not among the caption's places; they are kept", metaQuote(city)))
		}
		return
	}
	var origin string
	for _, f := range metaPlaceKinds {
		name, key := metaPlace(meta, f.field)
		if name == "" || slices.ContainsFunc(rec.Places, func(n string) bool { return samePlace(n, name) }) {
			continue
		}
		rec.Places = append(rec.Places, name)
		rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: name, Kind: f.kind})
		if origin == "" {
			origin = key
		}
	}
	if origin != "" {
		setOrigin(rec, "places", origin)
	}
}

// metaPlace returns the first usable value of field's keys and its key.
// Values without a letter ("-", "0") are placeholders, not places.
func metaPlace(meta map[string]string, field string) (name, key string) {
	for _, k := range caption.MetaKeys(field) {
		v := strings.Trim(Fold(meta[k]), " ,.;:-")
		if strings.IndexFunc(v, unicode.IsLetter) >= 0 {
			return v, k
		}
	}
	return "", ""
}

// placeWithin reports whether the text's place and the metadata's city are
// one name, or one holds the other ("Douma" in "Douma, Eastern Ghouta").
func placeWithin(place, city string) bool {
	p, c := placeKey(place), placeKey(city)
	return p != "" && c != "" && (strings.Contains(c, p) || strings.Contains(p, c))
}
