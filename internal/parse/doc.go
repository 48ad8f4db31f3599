// Package parse turns a wire-photo caption into a caption.Record: credit,
// date, scene places, country, casualties with their attribution, event
// types, actors and people, each with the byte spans of its evidence.
//
// Everything here is a pure function of its input and the lexicons (data files
// under lexicon/, embedded with go:embed, which a user can read and extend).
// A field the parser cannot read is left empty and, where it is doubtful,
// explained in Record.Warnings; parsing never fails.
package parse
