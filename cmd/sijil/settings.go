package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

func settingsCommand() command {
	asJSON := false
	return command{
		name:    "settings",
		args:    "[-db DSN] [-focus CC,CC] [-json]",
		summary: "show or set the register's settings: the focus countries",
		help: `
Settings prints the settings kept in the register, which everyone using it
shares (a team on one PostgreSQL register shares them all), and with
-focus sets them.

The focus countries are the countries the team documents, most important
first (-focus SY,IQ: ISO codes of countries the gazetteer knows; -focus ""
clears them). When a caption names a place that has namesakes in several
countries ("Tripoli": Libya and Lebanon) and nothing in the caption or its
document tells them apart, the one in a focus country wins: the record's
location gives "focus" as its basis, and its warnings say so. Without focus
countries the record's warnings name the countries of the namesakes.

parse, ingest, reparse and serve resolve places with their own -focus,
else the SIJIL_FOCUS environment variable, else this setting. Records keep
the focus they were resolved with (it is part of their gazetteer version)
until sijil reparse resolves them again; sijil stats and this command say
how many were resolved with another. With -json it prints one object:
{"focus": ["SY", "IQ"]}.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			fs.Func("focus", "store the focus countries `CC,CC` in the register, most important first (\"\" clears them)",
				func(s string) error {
					cfg.FocusFlag = &s
					return nil
				})
			fs.BoolVar(&asJSON, "json", false, "print a JSON object")
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil settings [-db DSN] [-focus CC,CC] [-json]")
				return errUsage
			}
			return runSettings(ctx, cfg, asJSON, std)
		},
	}
}

func runSettings(ctx context.Context, cfg Config, asJSON bool, std stdio) error {
	g, err := openGazetteer(cfg)
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	set := cfg.FocusFlag != nil
	var newFocus []caption.CountryCode
	if set {
		if newFocus, err = parseFocus(*cfg.FocusFlag, g); err != nil {
			fmt.Fprintf(std.err, "sijil settings: %v\n", err)
			return errUsage
		}
		// From here on the focus is the one a later command without
		// -focus resolves with.
		cfg.FocusFlag = nil
	}
	return withStore(ctx, cfg, func(s caption.Store) error {
		if set {
			if err := s.SetSettings(ctx, caption.Settings{Focus: newFocus}); err != nil {
				return fmt.Errorf("settings: %w", err)
			}
		}
		f, vs, err := registerFocusState(ctx, cfg, s)
		if err != nil {
			return fmt.Errorf("settings: %w", err)
		}
		st, err := s.Settings(ctx)
		if err != nil {
			return fmt.Errorf("settings: %w", err)
		}
		if err := printSettings(std, g, st, asJSON); err != nil {
			return err
		}
		if f.from == focusEnv {
			fmt.Fprintf(std.err, "sijil: %s=%s overrides the register's focus countries here\n", focusEnv, cfg.FocusEnv)
		}
		noteOtherFocus(std.err, vs, f)
		return nil
	})
}

// wireSettings is the JSON of sijil settings.
type wireSettings struct {
	Focus []caption.CountryCode `json:"focus"`
}

// printSettings writes st: the focus countries with their names.
func printSettings(std stdio, g *geocode.Gazetteer, st caption.Settings, asJSON bool) error {
	if asJSON {
		w := wireSettings{Focus: st.Focus}
		if w.Focus == nil {
			w.Focus = []caption.CountryCode{}
		}
		return json.NewEncoder(std.out).Encode(w)
	}
	names := make([]string, len(st.Focus))
	for i, c := range st.Focus {
		names[i] = string(c)
		if name, _, _, ok := g.Country(c); ok && name != "" {
			names[i] += " (" + name + ")"
		}
	}
	value := strings.Join(names, ", ")
	if value == "" {
		value = "none"
	}
	_, err := fmt.Fprintf(std.out, "%-8s %s\n", "focus", value)
	return err
}
