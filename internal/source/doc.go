// Package source reads the documents users bring (plain text, JSON Lines, CSV,
// HTML pages, and the IPTC/XMP metadata of JPEG, TIFF and PNG photos) into
// caption.Raw values: each caption's bytes exactly as they stand in the file,
// with the file, line and byte range they came from, so that every record can
// be traced back to its source.
//
// Readers stream their input and bound what they hold in memory; input that is
// not what the reader expects (a binary file, another text encoding) is an
// error wrapping caption.ErrInvalid that names the file and the line, or the
// byte offset in formats without lines.
package source
