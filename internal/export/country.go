package export

import (
	_ "embed"
	"strings"

	"sijil/internal/caption"
)

// countryTable is ISO 3166-1, one country a line: alpha-2, alpha-3, numeric
// and English short name, tab-separated, under a "#" header that says where
// it comes from. It is read in place rather than into a map: an export
// looks up a few countries, and the package keeps no state.
//
//go:embed countries.tsv
var countryTable string

// country is a row of countryTable.
type country struct {
	alpha3, numeric, name string
}

// countryOf returns the ISO row of an alpha-2 code (any case).
func countryOf(cc caption.CountryCode) (country, bool) {
	code := strings.ToUpper(string(cc))
	if len(code) != 2 {
		return country{}, false
	}
	i := strings.Index(countryTable, "\n"+code+"\t")
	if i < 0 {
		return country{}, false
	}
	line, _, _ := strings.Cut(countryTable[i+1:], "\n")
	f := strings.Split(line, "\t")
	if len(f) != 4 {
		return country{}, false
	}
	return country{alpha3: f[1], numeric: f[2], name: f[3]}, true
}

// CountryName is the English short name of cc ("Syria" for SY), or ""
// when ISO 3166 has no such code: for exports, and for pages that show
// people a country rather than its code.
func CountryName(cc caption.CountryCode) string {
	c, _ := countryOf(cc)
	return c.name
}
