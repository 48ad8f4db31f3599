package geocode

import (
	_ "embed"
	"fmt"
)

// embeddedIndex is GeoNames cities500 with admin1 and country names, built
// by gen (scripts/gazetteer.sh). It is stored uncompressed: opening it in
// place costs one validation pass, where gunzipping 20 MB would cost about
// a tenth of a second at every start.
//
//go:embed data/cities500.idx
var embeddedIndex []byte

// EmbeddedFile is the File that Layers reports for the embedded index.
const EmbeddedFile = "(embedded) internal/geocode/data/cities500.idx"

// Embedded opens the default gazetteer compiled into the binary: the
// GeoNames cities500 places (CC BY 4.0) with their Latin and Arabic names,
// an ADM1 entry for most first-level divisions (names and points from
// Natural Earth, public domain), admin1 names and country names. Each call returns a new *Index over the
// same bytes; open it once and pass it on.
func Embedded() (*Index, error) {
	ix, err := OpenIndex(embeddedIndex)
	if err != nil {
		return nil, fmt.Errorf("geocode.Embedded: %w", err)
	}
	ix.file = EmbeddedFile
	return ix, nil
}
