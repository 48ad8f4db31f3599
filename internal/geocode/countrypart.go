package geocode

import (
	"math"
	"slices"
	"sort"
	"strings"

	"sijil/internal/caption"
)

// A caption that names only a direction and a country ("Jajarkot district,
// western Nepal", "the Farchana camp in eastern Chad") is in that part of
// the country, which its capital often is not: N'Djamena lies on Chad's
// western border, Kathmandu 300 km east of Jajarkot. countryPart stands
// such a caption at the mean of the country's first-level divisions that
// lie farthest that way.

// compass gives the direction words captions write before a country as a
// vector: east and north positive.
var compass = map[string][2]float64{
	"north": {0, 1}, "northern": {0, 1}, "south": {0, -1}, "southern": {0, -1},
	"east": {1, 0}, "eastern": {1, 0}, "west": {-1, 0}, "western": {-1, 0},
	"northeast": {1, 1}, "northeastern": {1, 1}, "north-east": {1, 1}, "north-eastern": {1, 1},
	"northwest": {-1, 1}, "northwestern": {-1, 1}, "north-west": {-1, 1}, "north-western": {-1, 1},
	"southeast": {1, -1}, "southeastern": {1, -1}, "south-east": {1, -1}, "south-eastern": {1, -1},
	"southwest": {-1, -1}, "southwestern": {-1, -1}, "south-west": {-1, -1}, "south-western": {-1, -1},
}

// countryDirection returns the direction word written just before a span
// of rec's country evidence ("western Nepal"), as a vector; ok is false
// when there is none.
func countryDirection(rec *caption.Record) (dir [2]float64, ok bool) {
	for _, sp := range rec.Evidence["country"] {
		if sp.Start <= 0 || sp.Start > len(rec.Text) {
			continue
		}
		words := strings.Fields(rec.Text[:sp.Start])
		if len(words) == 0 {
			continue
		}
		if dir, ok = compass[strings.ToLower(words[len(words)-1])]; ok {
			return dir, true
		}
	}
	return dir, false
}

// minPartDivisions is how many first-level divisions a country needs for
// a third of them to stand for a part of it.
const minPartDivisions = 5

// countryPart returns the mean point of the third of country's
// first-level divisions that lie farthest in direction dir; ok is false
// when the data has too few divisions for the country.
func (g *Gazetteer) countryPart(country caption.CountryCode, dir [2]float64) (lat, lon float64, ok bool) {
	pts := g.admin1Points(country)
	if len(pts) < minPartDivisions {
		return 0, 0, false
	}
	var clat, clon float64
	for _, p := range pts {
		clat, clon = clat+p[0], clon+p[1]
	}
	clat, clon = clat/float64(len(pts)), clon/float64(len(pts))
	// Longitude degrees shrink with latitude; project on the direction
	// in kilometre-like units.
	k := math.Cos(clat * math.Pi / 180)
	along := func(p [2]float64) float64 { return (p[1]-clon)*k*dir[0] + (p[0]-clat)*dir[1] }
	slices.SortFunc(pts, func(a, b [2]float64) int {
		switch fa, fb := along(a), along(b); {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	part := pts[:(len(pts)+2)/3]
	for _, p := range part {
		lat, lon = lat+p[0], lon+p[1]
	}
	return lat / float64(len(part)), lon / float64(len(part)), true
}

// admin1Points returns the points of country's first-level divisions in
// the latest layer that has any: an import or a user's corrections that
// list a country's divisions speak for them over GeoNames, as a later
// layer's places override an earlier one's.
func (g *Gazetteer) admin1Points(country caption.CountryCode) [][2]float64 {
	for li := len(g.layers) - 1; li >= 0; li-- {
		if pts := g.layers[li].admin1Points(country); len(pts) > 0 {
			return pts
		}
	}
	return nil
}

// admin1Points returns the points of a country's admin1 rows.
func (ix *Index) admin1Points(country caption.CountryCode) [][2]float64 {
	n := len(ix.sec[secAdmin1]) / admin1Size
	i := sort.Search(n, func(i int) bool {
		return string(countryCode(ix.sec[secAdmin1][i*admin1Size:])) >= string(country)
	})
	var pts [][2]float64
	for ; i < n; i++ {
		a := ix.admin1At(i)
		if a.country != country {
			break
		}
		pts = append(pts, [2]float64{a.lat, a.lon})
	}
	return pts
}
