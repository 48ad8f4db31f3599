package geocode

import "sijil/internal/caption"

// Place is one gazetteer entry.
type Place struct {
	// ID is the GeoNames id for GeoNames entries; entries from other
	// gazetteers get IDs of their own, made unique by Source.
	ID         int64
	Name       string   // the gazetteer's preferred name
	Alternates []string // other names and spellings, any script
	Lat, Lon   float64
	Class      byte   // GeoNames feature class: P populated place, A admin area, S spot, L area, T terrain, H water…
	Feature    string // GeoNames feature code: PPL, PPLA, PPLX, ADM1, CMP …
	Country    caption.CountryCode
	Admin1Code string // GeoNames admin1 code within the country ("09" for SY.09)
	Admin1     string // admin1 name ("Idlib"), when known
	Population int64
	Source     string // "geonames" for the embedded data, else the import's name
}

// IsGeoNames reports whether the entry comes from GeoNames (and so ID is a
// geonameid).
func (p Place) IsGeoNames() bool { return p.Source == "geonames" || p.Source == "" }
