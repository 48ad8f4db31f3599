package caption

import "slices"

// Keys of Raw.Meta (and so of Occurrence.Meta) that photo and page readers
// fill from a file's embedded metadata. The prefix names the standard the
// value was read from, so that a record can say where each value came from:
// "iptc:" for an IPTC IIM dataset (APP13 of a JPEG, IPTC-NAA of a TIFF), "xmp:"
// for an XMP property (its namespace prefix and name as IPTC Photo Metadata
// names them). The parser prefers the first key of each list in MetaKeys
// that a Raw has, and only where the caption text is silent.
const (
	MetaIPTCCaption       = "iptc:Caption-Abstract"
	MetaIPTCHeadline      = "iptc:Headline"
	MetaIPTCByline        = "iptc:By-line"
	MetaIPTCCredit        = "iptc:Credit"
	MetaIPTCSource        = "iptc:Source"
	MetaIPTCDateCreated   = "iptc:Date Created" // CCYYMMDD, as IIM stores it
	MetaIPTCCity          = "iptc:City"
	MetaIPTCSublocation   = "iptc:Sub-location"
	MetaIPTCProvinceState = "iptc:Province-State"
	MetaIPTCCountry       = "iptc:Country-PrimaryLocationName"
	MetaIPTCCountryCode   = "iptc:Country-PrimaryLocationCode" // ISO 3166 alpha-2 or alpha-3

	MetaXMPDescription   = "xmp:dc:description"
	MetaXMPCreator       = "xmp:dc:creator" // several creators joined with "; "
	MetaXMPCredit        = "xmp:photoshop:Credit"
	MetaXMPSource        = "xmp:photoshop:Source"
	MetaXMPCity          = "xmp:photoshop:City"
	MetaXMPState         = "xmp:photoshop:State"
	MetaXMPCountry       = "xmp:photoshop:Country"
	MetaXMPDateCreated   = "xmp:photoshop:DateCreated" // ISO 8601, at any precision
	MetaXMPHeadline      = "xmp:photoshop:Headline"
	MetaXMPLocation      = "xmp:Iptc4xmpCore:Location" // sub-location
	MetaXMPCountryCode   = "xmp:Iptc4xmpCore:CountryCode"
	MetaXMPEvent         = "xmp:Iptc4xmpExt:Event"
	MetaXMPShownSubloc   = "xmp:Iptc4xmpExt:LocationShown/Sublocation"
	MetaXMPShownCity     = "xmp:Iptc4xmpExt:LocationShown/City"
	MetaXMPShownState    = "xmp:Iptc4xmpExt:LocationShown/ProvinceState"
	MetaXMPShownCountry  = "xmp:Iptc4xmpExt:LocationShown/CountryName"
	MetaXMPShownCode     = "xmp:Iptc4xmpExt:LocationShown/CountryCode"
	MetaXMPShownID       = "xmp:Iptc4xmpExt:LocationShown/LocationId"
	MetaXMPCreatedSubloc = "xmp:Iptc4xmpExt:LocationCreated/Sublocation"
	MetaXMPCreatedCity   = "xmp:Iptc4xmpExt:LocationCreated/City"
	MetaXMPCreatedState  = "xmp:Iptc4xmpExt:LocationCreated/ProvinceState"
	MetaXMPCreatedCode   = "xmp:Iptc4xmpExt:LocationCreated/CountryCode"
)

// MetaKeys returns the metadata keys that supply field (a record field
// embedded metadata can supply, such as "date" or "city"), most trusted
// first, in a new slice; none for another field.
func MetaKeys(field string) []string { return slices.Clone(metaFields[field]) }

// metaFields lists, for each record field that embedded metadata can supply,
// the keys that supply it, most trusted first: the location shown in the
// photo before the place it was taken from, XMP before the older IIM.
var metaFields = map[string][]string{
	"photographers": {MetaXMPCreator, MetaIPTCByline},
	"agencies":      {MetaXMPCredit, MetaIPTCCredit, MetaXMPSource, MetaIPTCSource},
	"date":          {MetaXMPDateCreated, MetaIPTCDateCreated},
	"sublocation":   {MetaXMPShownSubloc, MetaXMPLocation, MetaIPTCSublocation, MetaXMPCreatedSubloc},
	"city":          {MetaXMPShownCity, MetaXMPCity, MetaIPTCCity, MetaXMPCreatedCity},
	"province":      {MetaXMPShownState, MetaXMPState, MetaIPTCProvinceState, MetaXMPCreatedState},
	"country":       {MetaXMPShownCode, MetaXMPCountryCode, MetaIPTCCountryCode, MetaXMPCreatedCode, MetaXMPShownCountry, MetaXMPCountry, MetaIPTCCountry},
}
