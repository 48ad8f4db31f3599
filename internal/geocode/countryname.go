package geocode

import (
	"sync"

	"sijil/internal/caption"
)

// countryNames finds countries by their English names, for a place of a
// caption that is a country's name as well as a division's or a town's:
// in "Tbilisi, Georgia" Georgia is the country, not the US state.
type countryNames struct {
	once       sync.Once
	bySpelling map[string]caption.CountryCode // Spelling(name) → code, from every layer
}

// countryNamed returns the country whose name is spelt as name (Spelling,
// which keeps the vowels), if any: the looser Key made "Sidon" Sweden's.
func (g *Gazetteer) countryNamed(name string) (caption.CountryCode, bool) {
	cn := &g.countries
	cn.once.Do(func() {
		cn.bySpelling = map[string]caption.CountryCode{}
		for _, ix := range g.layers {
			for i := range ix.numCountries() {
				if c := ix.countryAt(i); c.name != "" {
					cn.bySpelling[Spelling(c.name)] = c.code
				}
			}
		}
	})
	c, ok := cn.bySpelling[Spelling(name)]
	return c, ok
}
