// Package geocode resolves the place names of captions to gazetteer entries:
// coordinates, first-level division, country and feature code. The default
// gazetteer (GeoNames cities500, admin1 names, countries) is embedded in a
// compact, pre-indexed form so that a fresh binary works offline and starts
// fast; users add their own gazetteers with `sijil gazetteer import`.
//
// Everything here is pure: a Gazetteer is loaded once and passed explicitly.
package geocode
