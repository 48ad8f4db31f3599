package caption

import (
	"fmt"
	"slices"
	"strings"
)

// Settings are what a register holds about how its records are made, so
// that everyone who shares it (a team on one PostgreSQL database) makes
// them alike. The zero Settings are those of a register that was never
// given any.
type Settings struct {
	// Focus lists the countries the team documents, most important first
	// (SY, IQ): among a place's namesakes that nothing in a caption or its
	// document tells apart, one in a focus country wins (LocationBasis
	// "focus"). Empty: no country is preferred.
	Focus []CountryCode
}

// Check reports whether s can be stored: every focus country two
// upper-case letters, none twice. A bad value is ErrInvalid with a message
// fit for the user. Whether a code names a real country is for the caller,
// which has the gazetteer, to say.
func (s Settings) Check() error {
	for i, c := range s.Focus {
		if !isCountryCode(string(c)) {
			return fmt.Errorf("%w: focus: %q is not a two-letter country code", ErrInvalid, c)
		}
		if slices.Contains(s.Focus[:i], c) {
			return fmt.Errorf("%w: focus: %s is named twice", ErrInvalid, c)
		}
	}
	return nil
}

// FormatFocus writes focus countries as they are given on a command line
// and stored: codes joined by commas ("SY,IQ"); "" for none.
func FormatFocus(focus []CountryCode) string {
	s := make([]string, len(focus))
	for i, c := range focus {
		s[i] = string(c)
	}
	return strings.Join(s, ",")
}

// ParseFocus reads focus countries written by FormatFocus, or typed by a
// person: codes separated by commas, in any case, spaces around them
// ignored (" sy, iq" is SY, IQ); "" is none. It does not Check them: an
// empty code between two commas is kept, for Check to refuse.
func ParseFocus(s string) []CountryCode {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []CountryCode
	for f := range strings.SplitSeq(s, ",") {
		out = append(out, CountryCode(strings.ToUpper(strings.TrimSpace(f))))
	}
	return out
}

// VersionCount is how many records one pair of versions derived.
type VersionCount struct {
	Versions Versions
	Records  int
}
