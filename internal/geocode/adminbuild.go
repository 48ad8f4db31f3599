package geocode

import (
	"cmp"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// repNone marks an admin1 row known only by name: no place carries it.
const repNone = 3

// a1Key identifies an admin1 row while building: (country, code), or
// (country, "", name) for imports that give names without codes.
type a1Key struct {
	country    caption.CountryCode
	code, name string
}

// buildAdmin1 makes one row per admin1 division named by the meta or the
// places, picks the point that stands for it, and numbers each place's row.
func (b *indexBuilder) buildAdmin1() {
	rows := map[a1Key]int{}
	get := func(k a1Key) *admin1Build {
		i, ok := rows[k]
		if !ok {
			i = len(b.a1)
			rows[k] = i
			b.a1 = append(b.a1, admin1Build{country: k.country, code: k.code, name: k.name, adm1: -1, capt: -1})
		}
		return &b.a1[i]
	}
	for _, e := range b.meta.Admin1 {
		if e.Code != "" {
			if a := get(a1Key{e.Country, e.Code, ""}); a.name == "" {
				a.name = e.Name
			}
		}
	}
	place := make([]int, len(b.places))
	for i, p := range b.places {
		k := a1Key{p.Country, p.Admin1Code, ""}
		switch {
		case p.Admin1Code == "" && p.Admin1 == "":
			place[i] = -1
			continue
		case p.Admin1Code == "":
			k.name = p.Admin1
		}
		a := get(k)
		if a.name == "" {
			a.name = p.Admin1
		}
		a.add(i, p)
		place[i] = rows[k]
	}
	b.sortAdmin1(place)
}

// add counts place i, numbered in the sorted place table, towards the row.
func (a *admin1Build) add(i int, p Place) {
	a.sumLat += p.Lat
	a.sumL += p.Lon
	a.n++
	rank := 0
	switch p.Feature {
	case "PPLA":
		rank = 2
	case "PPLC":
		rank = 1
	}
	switch {
	case p.Feature == "ADM1" && a.adm1 < 0:
		a.adm1 = i
	case rank > 0 && (rank > a.capRank || (rank == a.capRank && p.Population > a.capPop)):
		a.capt, a.capRank, a.capPop = i, rank, p.Population
	}
}

// sortAdmin1 orders the rows by (country, code, name), renumbers the
// places' rows and encodes the section (see Index.admin1At).
func (b *indexBuilder) sortAdmin1(place []int) {
	order := make([]int, len(b.a1))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		ax, ay := b.a1[x], b.a1[y]
		return cmp.Or(strings.Compare(string(ax.country), string(ay.country)),
			strings.Compare(ax.code, ay.code), strings.Compare(ax.name, ay.name))
	})
	newRow := make([]uint32, len(b.a1))
	var out []byte
	for n, i := range order {
		newRow[i] = uint32(n)
		out = b.appendAdmin1(out, b.a1[i])
	}
	b.a1Row = make([]uint32, len(b.places))
	for i, r := range place {
		b.a1Row[i] = noRow
		if r >= 0 {
			b.a1Row[i] = newRow[r]
		}
	}
	b.sec[secAdmin1] = out
}

// appendAdmin1 encodes one row with its best point: ADM1, capital, mean.
func (b *indexBuilder) appendAdmin1(out []byte, a admin1Build) []byte {
	how, rep, lat, lon := byte(repNone), noRow, 0.0, 0.0
	switch {
	case a.adm1 >= 0:
		how, rep, lat, lon = repADM1, uint32(a.adm1), b.places[a.adm1].Lat, b.places[a.adm1].Lon
	case a.capt >= 0:
		how, rep, lat, lon = repCapital, uint32(a.capt), b.places[a.capt].Lat, b.places[a.capt].Lon
	case a.n > 0:
		how, lat, lon = repMean, a.sumLat/float64(a.n), a.sumL/float64(a.n)
	}
	out = append(out, countryBytes(a.country)...)
	out = append(out, how, 0)
	out = le.AppendUint32(out, b.ref(a.code))
	out = le.AppendUint32(out, b.ref(a.name))
	out = le.AppendUint32(out, rep)
	out = le.AppendUint32(out, fixedCoord(lat))
	return le.AppendUint32(out, fixedCoord(lon))
}

// buildCountries encodes the named countries that have places, each with
// the coordinates of its most populous PPLC (the capital) or, without one,
// the mean of its places (see Index.countryAt).
func (b *indexBuilder) buildCountries() {
	type acc struct {
		capital        int
		pop            int64
		sumLat, sumLon float64
		n              int
	}
	accs := map[caption.CountryCode]*acc{}
	for i, p := range b.places {
		a := accs[p.Country]
		if a == nil {
			a = &acc{capital: -1}
			accs[p.Country] = a
		}
		a.sumLat, a.sumLon, a.n = a.sumLat+p.Lat, a.sumLon+p.Lon, a.n+1
		if p.Feature == "PPLC" && (a.capital < 0 || p.Population > a.pop) {
			a.capital, a.pop = i, p.Population
		}
	}
	entries := slices.Clone(b.meta.Countries)
	slices.SortStableFunc(entries, func(x, y CountryEntry) int { return strings.Compare(string(x.Code), string(y.Code)) })
	var out []byte
	for i, e := range entries {
		a := accs[e.Code]
		if a == nil || !validCountryCode(e.Code) || (i > 0 && entries[i-1].Code == e.Code) {
			continue
		}
		capital, lat, lon := noRow, a.sumLat/float64(a.n), a.sumLon/float64(a.n)
		if a.capital >= 0 {
			capital, lat, lon = uint32(a.capital), b.places[a.capital].Lat, b.places[a.capital].Lon
		}
		out = append(out, e.Code[0], e.Code[1], 0, 0)
		out = le.AppendUint32(out, b.ref(e.Name))
		out = le.AppendUint32(out, fixedCoord(lat))
		out = le.AppendUint32(out, fixedCoord(lon))
		out = le.AppendUint32(out, capital)
	}
	b.sec[secCountries] = out
}
