package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/ingest"
)

// focusEnv is the environment variable that names the focus countries when
// -focus does not.
const focusEnv = "SIJIL_FOCUS"

// focusFlag defines -focus on the commands that resolve places. It records
// that the flag was given, even empty: -focus "" resolves without a focus
// whatever SIJIL_FOCUS and the register say.
func focusFlag(fs *flag.FlagSet, cfg *Config) {
	fs.Func("focus", "prefer places in the countries `CC,CC` (ISO codes, most important first) among namesakes\n"+
		"nothing else tells apart; \"\" for none (env "+focusEnv+", else the register's setting: see sijil help settings)",
		func(s string) error {
			cfg.FocusFlag = &s
			return nil
		})
}

// focus is the focus countries a command resolves places with, and where
// they came from: "-focus", "SIJIL_FOCUS", "the register" or "" when none
// was set anywhere.
type focus struct {
	countries []caption.CountryCode
	from      string
}

// String describes f for messages: "SY,IQ (the register's setting)".
func (f focus) String() string {
	s := caption.FormatFocus(f.countries)
	if s == "" {
		s = "none"
	}
	switch f.from {
	case "":
		return s
	case registerFocus:
		return s + " (the register's setting)"
	}
	return s + " (" + f.from + ")"
}

const registerFocus = "the register"

// focusOf returns the focus countries a command resolves places with:
// -focus, else SIJIL_FOCUS, else stored (the register's setting; none for
// parse, which has no register). Each country must be one the gazetteer
// knows.
func focusOf(cfg Config, stored []caption.CountryCode, g *geocode.Gazetteer) (focus, error) {
	f := chosenFocus(cfg, stored)
	if err := checkFocus(f.countries, g); err != nil {
		if f.from == registerFocus {
			return focus{}, fmt.Errorf("%w (the register's setting: change it with sijil settings -focus)", err)
		}
		return focus{}, fmt.Errorf("%w (%s)", err, f.from)
	}
	return f, nil
}

// chosenFocus is focusOf without the gazetteer's check, for what only
// compares focus countries (sijil stats).
func chosenFocus(cfg Config, stored []caption.CountryCode) focus {
	switch {
	case cfg.FocusFlag != nil:
		return focus{caption.ParseFocus(*cfg.FocusFlag), "-focus"}
	case cfg.FocusEnv != "":
		return focus{caption.ParseFocus(cfg.FocusEnv), focusEnv}
	case len(stored) > 0:
		return focus{slices.Clone(stored), registerFocus}
	}
	return focus{}
}

// parseFocus reads focus countries as given on a command line ("SY,IQ",
// "sy, iq"; "" for none) and checks them against g.
func parseFocus(s string, g *geocode.Gazetteer) ([]caption.CountryCode, error) {
	cs := caption.ParseFocus(s)
	return cs, checkFocus(cs, g)
}

// checkFocus reports the first of cs that is not a country g knows, or is
// named twice.
func checkFocus(cs []caption.CountryCode, g *geocode.Gazetteer) error {
	for i, c := range cs {
		if _, _, _, ok := g.Country(c); !ok || len(c) != 2 {
			return fmt.Errorf("focus: %q is not a country code", string(c))
		}
		if slices.Contains(cs[:i], c) {
			return fmt.Errorf("focus: %s is named twice", c)
		}
	}
	return nil
}

// checkFocusFlag checks -focus, when given, before a command opens the
// register: a bad one is a command line sijil does not understand.
func checkFocusFlag(cfg Config, g *geocode.Gazetteer, std stdio, command string) error {
	if cfg.FocusFlag == nil {
		return nil
	}
	if _, err := parseFocus(*cfg.FocusFlag, g); err != nil {
		fmt.Fprintf(std.err, "sijil %s: %v\n", command, err)
		return errUsage
	}
	return nil
}

// useFocus sets the focus of opt's gazetteer from cfg and the register s,
// and stamps the records opt derives with it (versions). It returns the
// focus applied.
func useFocus(ctx context.Context, cfg Config, s caption.Store, opt *ingest.Options) (focus, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return focus{}, err
	}
	f, err := focusOf(cfg, st.Focus, opt.Gazetteer)
	if err != nil {
		return focus{}, err
	}
	opt.Gazetteer.SetFocus(f.countries)
	opt.Versions = versions(opt.Gazetteer)
	return f, nil
}

// focusMark starts the part of a gazetteer version that names the focus
// the records were resolved with: "cities500;focus=SY,IQ". A version
// without it was resolved with none (and, before sijil had focus
// countries, always was), so the versions of registers that never set a
// focus do not change.
const focusMark = ";focus="

// The focus countries are part of the gazetteer version records are
// stamped with, because they decide which namesake a caption's place is:
// a record resolved with another focus is as stale as one resolved with
// another gazetteer, `sijil reparse` restamps every record whose version
// differs, and RecordVersions tells how many records a change of focus
// leaves behind.
func withFocus(version string, cs []caption.CountryCode) string {
	if len(cs) == 0 {
		return version
	}
	return version + focusMark + caption.FormatFocus(cs)
}

// versionFocus returns the focus countries a gazetteer version names.
func versionFocus(version string) []caption.CountryCode {
	_, f, ok := strings.Cut(version, focusMark)
	if !ok {
		return nil
	}
	return caption.ParseFocus(f)
}

// otherFocus counts the records of vs resolved with another focus than cs,
// by that focus ("SY", "none"), in the order of vs.
func otherFocus(vs []caption.VersionCount, cs []caption.CountryCode) (total int, by []focusCount) {
	for _, v := range vs {
		vf := versionFocus(v.Versions.Gazetteer)
		if slices.Equal(vf, cs) {
			continue
		}
		total += v.Records
		name := caption.FormatFocus(vf)
		if name == "" {
			name = "none"
		}
		i := slices.IndexFunc(by, func(c focusCount) bool { return c.Focus == name })
		if i < 0 {
			by = append(by, focusCount{Focus: name})
			i = len(by) - 1
		}
		by[i].Records += v.Records
	}
	return total, by
}

// focusCount is how many records were resolved with one focus.
type focusCount struct {
	Focus   string `json:"focus"`
	Records int    `json:"records"`
}

// noteOtherFocus tells w how many of the register's records were resolved
// with another focus than f, when some were, and that reparse would
// resolve them again: "sijil: 5 records were resolved with other focus
// countries than LB (the register's setting): SY,IQ for 3, none for 2.
// sijil reparse would resolve them again."
func noteOtherFocus(w io.Writer, vs []caption.VersionCount, f focus) {
	n, by := otherFocus(vs, f.countries)
	if n == 0 {
		return
	}
	parts := make([]string, len(by))
	for i, c := range by {
		parts[i] = fmt.Sprintf("%s for %d", c.Focus, c.Records)
	}
	how := "sijil reparse"
	if f.from == "-focus" {
		how += " -focus " + quoteFocus(f.countries)
	}
	fmt.Fprintf(w, "sijil: %d %s resolved with other focus countries than %s: %s. %s would resolve %s again.\n",
		n, oneOrMany(n, "record was", "records were"), f, strings.Join(parts, ", "), how, oneOrMany(n, "it", "them"))
}

// quoteFocus writes focus countries as a -focus argument.
func quoteFocus(cs []caption.CountryCode) string {
	if len(cs) == 0 {
		return `""`
	}
	return caption.FormatFocus(cs)
}

// oneOrMany returns one when n is 1, else many.
func oneOrMany(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
