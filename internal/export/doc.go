// Package export writes caption records in the formats other tools read, and
// reads them back where a format can round-trip: JSON Lines (docs/records.md's output
// contract, and with Entry's id, groups and sources the register's own
// export, which sijil ingests back), CSV for spreadsheets, ACLED's event
// columns, GeoJSON for GIS tools and XMP sidecars for photo tools. Matching
// selects a register's records for them as search does.
//
// The domain types carry no struct tags: each format maps them to its own
// private wire types here, so a format can change without touching the domain.
package export
