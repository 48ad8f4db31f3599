package parse

import (
	"bytes"
	"io/fs"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// agencyLexicon maps the names credits use for agencies to their canonical
// names (lexicon/agencies.tsv), and knows the markers (Handout, STRINGER,
// File, Pool) that are neither agency nor photographer. Keys are lower case
// with single spaces.
type agencyLexicon struct {
	names   map[string]caption.Agency
	markers map[string]bool
}

// loadAgencies reads agencies.tsv. Later lines win, so a user file can move
// an alias to another agency or turn it into a marker.
func loadAgencies(extra []fs.FS) (agencyLexicon, error) {
	rows, err := readLexicon("agencies.tsv", extra)
	if err != nil {
		return agencyLexicon{}, err
	}
	lex := agencyLexicon{names: map[string]caption.Agency{}, markers: map[string]bool{}}
	for _, r := range rows {
		head := strings.Join(strings.Fields(r.fields[0]), " ")
		if head == "" {
			return agencyLexicon{}, r.errorf("empty first field: want a canonical agency name or -")
		}
		n := 0
		for i, f := range r.fields {
			if f == "" || (i == 0 && head == "-") {
				continue
			}
			if strings.ContainsRune(f, '/') {
				return agencyLexicon{}, r.errorf("%q contains a slash, which separates the parts of a credit", f)
			}
			key := strings.ToLower(strings.Join(strings.Fields(f), " "))
			if hasArabic(f) {
				key = arAgencyKey(f)
			}
			if head == "-" {
				lex.markers[key] = true
				delete(lex.names, key)
			} else {
				lex.names[key] = caption.Agency(head)
				delete(lex.markers, key)
			}
			n++
		}
		if n == 0 {
			return agencyLexicon{}, r.errorf("marker line lists no marker")
		}
	}
	return lex, nil
}

// lookup says whether s, one piece of a credit, is a known agency (and
// which) or a marker, matching case-insensitively; "UPI Photo" is UPI.
func (l agencyLexicon) lookup(s string) (pieceKind, caption.Agency) {
	var buf [64]byte
	key := creditLower(buf[:0], s)
	if hasArabic(s) { // Arabic names are keyed by their fold: "أ.ف.ب" is "(ا ف ب)"
		key = append(key[:0], arAgencyKey(s)...)
	}
	if a, ok := l.names[string(key)]; ok {
		return pieceAgency, a
	}
	if l.markers[string(key)] {
		return pieceMarker, ""
	}
	for _, suffix := range [...]string{" photo", " photos"} {
		if base, ok := bytes.CutSuffix(key, []byte(suffix)); ok {
			if a, ok := l.names[string(base)]; ok {
				return pieceAgency, a
			}
		}
	}
	return pieceUnknown, ""
}

// agency returns the canonical name of s when it is a known agency.
func (l agencyLexicon) agency(s string) (caption.Agency, bool) {
	kind, a := l.lookup(s)
	return a, kind == pieceAgency
}

// creditLower appends s in lower case to dst. ASCII is lowered in place so
// that a lookup allocates nothing.
func creditLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return append(dst[:0], strings.ToLower(s)...)
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}
