package geocode

import (
	"sort"

	"sijil/internal/caption"
)

// How an admin1 row's coordinates were chosen, in order of preference.
const (
	repMean    = 0 // the mean of the division's places
	repADM1    = 1 // the division's own ADM1 entry (rep is that place)
	repCapital = 2 // its capital: the most populous PPLA, else PPLC (rep)
)

// admin1Row is one first-level division: the names GeoNames gives its
// admin1 codes ("SY", "12" → Idlib) and a point that stands for it.
type admin1Row struct {
	country    caption.CountryCode
	code, name string
	how        byte   // repMean, repADM1 or repCapital
	rep        uint32 // the ADM1 or capital place, or noRow
	lat, lon   float64
}

// admin1At decodes admin1 row i: 2 bytes country, how, a pad byte, ref
// code, ref name, u32 rep, i32 lat, i32 lon.
func (ix *Index) admin1At(i int) admin1Row {
	r := ix.sec[secAdmin1][i*admin1Size:][:admin1Size]
	return admin1Row{
		country: countryCode(r),
		how:     r[2],
		code:    ix.str(le.Uint32(r[4:])),
		name:    ix.str(le.Uint32(r[8:])),
		rep:     le.Uint32(r[12:]),
		lat:     float64(int32(le.Uint32(r[16:]))) / coordScale,
		lon:     float64(int32(le.Uint32(r[20:]))) / coordScale,
	}
}

// findAdmin1 returns the row for a country's admin1 code.
func (ix *Index) findAdmin1(country caption.CountryCode, code string) (admin1Row, bool) {
	n := len(ix.sec[secAdmin1]) / admin1Size
	i := sort.Search(n, func(i int) bool {
		r := ix.sec[secAdmin1][i*admin1Size:]
		c := string(countryCode(r))
		return c > string(country) || (c == string(country) && ix.str(le.Uint32(r[4:])) >= code)
	})
	if i < n {
		if a := ix.admin1At(i); a.country == country && a.code == code {
			return a, true
		}
	}
	return admin1Row{}, false
}

// countryRow is a country's English name and the point that stands for it.
type countryRow struct {
	code     caption.CountryCode
	name     string
	capital  uint32 // the PPLC place whose coordinates these are, or noRow
	lat, lon float64
}

// countryAt decodes country row i: 2 bytes code, 2 pad bytes, ref name,
// i32 lat, i32 lon, u32 capital.
func (ix *Index) countryAt(i int) countryRow {
	r := ix.sec[secCountries][i*countrySize:][:countrySize]
	return countryRow{
		code:    countryCode(r),
		name:    ix.str(le.Uint32(r[4:])),
		lat:     float64(int32(le.Uint32(r[8:]))) / coordScale,
		lon:     float64(int32(le.Uint32(r[12:]))) / coordScale,
		capital: le.Uint32(r[16:]),
	}
}

// numCountries returns how many country rows the index has.
func (ix *Index) numCountries() int { return len(ix.sec[secCountries]) / countrySize }

// findCountry returns the row for an ISO code.
func (ix *Index) findCountry(code caption.CountryCode) (countryRow, bool) {
	n := len(ix.sec[secCountries]) / countrySize
	i := sort.Search(n, func(i int) bool {
		return string(countryCode(ix.sec[secCountries][i*countrySize:])) >= string(code)
	})
	if i < n {
		if c := ix.countryAt(i); c.code == code {
			return c, true
		}
	}
	return countryRow{}, false
}

// DerivedSource is the Source of places Admin1Place makes up for a division
// that the data has no ADM1 entry for; their ID is 0.
const DerivedSource = "derived"

// admin1Pref orders the ways of choosing an admin1 point: the division's
// own entry beats its capital, which beats a mean of its places.
func admin1Pref(how byte) int {
	switch how {
	case repADM1:
		return 3
	case repCapital:
		return 2
	case repMean:
		return 1
	}
	return 0
}

// Admin1Place returns the entry standing for a country's first-level
// division: its ADM1 entry when some layer has one; else a place made up
// with Source DerivedSource, Feature "ADM1", the division's name and the
// coordinates of its capital (most populous PPLA, else PPLC) or, without
// one, the mean of its places. Among layers of equal choice the later wins.
func (g *Gazetteer) Admin1Place(country caption.CountryCode, code string) (Place, bool) {
	best, layer := admin1Row{}, -1
	for li, ix := range g.layers {
		a, ok := ix.findAdmin1(country, code)
		if ok && admin1Pref(a.how) > 0 && (layer < 0 || admin1Pref(a.how) >= admin1Pref(best.how)) {
			best, layer = a, li
		}
	}
	if layer < 0 {
		return Place{}, false
	}
	if best.how == repADM1 {
		return g.placeOf(g.latest(hit{layer: layer, place: best.rep})), true
	}
	lat, lon := best.lat, best.lon
	if best.how == repCapital {
		c := g.placeOf(g.latest(hit{layer: layer, place: best.rep}))
		lat, lon = c.Lat, c.Lon
	}
	name := g.Admin1Name(country, code)
	return Place{
		Name: name, Lat: lat, Lon: lon, Class: 'A', Feature: "ADM1",
		Country: country, Admin1Code: code, Admin1: name, Source: DerivedSource,
	}, true
}
