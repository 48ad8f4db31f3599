// Package export writes caption records in the formats other tools read, and
// reads them back where a format can round-trip. JSON Lines (SPEC.md's output
// contract) is the first; CSV and GeoJSON follow.
//
// The domain types carry no struct tags: each format maps them to its own
// private wire types here, so a format can change without touching the domain.
package export
