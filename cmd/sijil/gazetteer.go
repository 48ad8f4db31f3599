package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// subcommand is one verb of "sijil gazetteer".
type subcommand struct {
	name, args, summary string
	run                 func(ctx context.Context, cfg Config, args []string, std stdio) error
}

// gazetteerSubcommands lists the verbs of "sijil gazetteer", in the order
// help shows them.
func gazetteerSubcommands() []subcommand {
	return []subcommand{
		{"import", "[-name NAME] [-format geonames|table] [-map SPEC] [-alternates FILE] [-admin1 FILE] [-countries CC,...] [-corrections] FILE",
			"add a GeoNames dump or a team's CSV/JSON gazetteer as a layer", runGazetteerImport},
		{"list", "[-json]", "show the loaded layers, in the order they apply", runGazetteerList},
		{"search", "[-country CC] [-focus CC,CC] [-json] [-n 10] NAME...", "show the candidates for a name and the one the resolver picks", runGazetteerSearch},
		{"remove", "NAME", "delete an imported layer", runGazetteerRemove},
	}
}

// gazetteerCommand is "sijil gazetteer": the layers of places that parse
// resolves captions with.
func gazetteerCommand() command {
	var verbs strings.Builder
	for _, s := range gazetteerSubcommands() {
		fmt.Fprintf(&verbs, "\tsijil gazetteer %s %s\n\t\t%s\n", s.name, s.args, s.summary)
	}
	return command{
		name:    "gazetteer",
		args:    "import|list|search|remove [flags] [arguments]",
		summary: "import, list, search and remove gazetteer layers",
		help: `
Gazetteer manages the places sijil resolves captions with. The GeoNames
cities500 data built into sijil comes first; the layers imported into the
gazetteer directory (-dir, env SIJIL_GAZETTEER, default
$XDG_DATA_HOME/sijil/gazetteer) follow in name order, and correction layers
(imported with -corrections) come last. A place in a later layer overrides
the same place (same source and id) in earlier ones; every later run of
sijil parse loads them all.

` + verbs.String() + `
Import reads a GeoNames table (allCountries.txt, SY.txt, or the .zip
GeoNames publishes it in), optionally with alternateNamesV2.txt (-alternates)
and admin1CodesASCII.txt (-admin1), or a team's gazetteer in CSV or JSON with
a column mapping (-map, for example
name=search_name_en,ar=search_name_ar_short,lat=lat,lon=lon,id=id,country=SY,bad=skip).
It writes NAME.idx (corrections-NAME.idx with -corrections) in the gazetteer
directory; re-importing a NAME replaces it. The places of a table get NAME as
their source, so a correction layer of the same NAME overrides them by id,
and GeoNames rows keep the source "geonames", so they override the built-in
data by geonameid. Flags may follow the arguments. Run
'sijil gazetteer SUBCOMMAND -h' for a subcommand's flags.`,
		flags: func(fs *flag.FlagSet, cfg *Config) { gazetteerDirFlag(fs, cfg) },
		run:   runGazetteer,
	}
}

// gazetteerDirFlag defines -dir, accepted before and after the subcommand.
func gazetteerDirFlag(fs *flag.FlagSet, cfg *Config) {
	fs.StringVar(&cfg.Gazetteer, "dir", cfg.Gazetteer,
		"read and write the imported layers in `DIR` (env SIJIL_GAZETTEER)")
}

// runGazetteer runs the subcommand args[0] with the arguments after it.
func runGazetteer(ctx context.Context, cfg Config, args []string, std stdio) error {
	if len(args) == 0 {
		fmt.Fprintln(std.err, "usage: sijil gazetteer import|list|search|remove [flags] [arguments]\nRun 'sijil help gazetteer' for usage.")
		return errUsage
	}
	for _, s := range gazetteerSubcommands() {
		if s.name == args[0] {
			return s.run(ctx, cfg, args[1:], std)
		}
	}
	fmt.Fprintf(std.err, "sijil gazetteer: unknown subcommand %q\nRun 'sijil help gazetteer' for usage.\n", args[0])
	return errUsage
}

// newSubFlagSet returns the flags of a gazetteer subcommand, with -dir.
func newSubFlagSet(name string, cfg *Config, std stdio) *flag.FlagSet {
	fs := flag.NewFlagSet("sijil gazetteer "+name, flag.ContinueOnError)
	fs.SetOutput(std.err)
	fs.Usage = func() {}
	gazetteerDirFlag(fs, cfg)
	return fs
}

// parseSubFlags parses a subcommand's flags wherever they stand among its
// arguments ("search Jobar -country SY"), up to a "--", and returns the
// arguments. -h prints the subcommand's usage on stdout.
func parseSubFlags(fs *flag.FlagSet, args []string, std stdio) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printSubUsage(std.out, fs)
				return nil, err
			}
			fmt.Fprintln(std.err, "Run 'sijil help gazetteer' for usage.")
			return nil, errUsage
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}

func printSubUsage(w io.Writer, fs *flag.FlagSet) {
	name := strings.TrimPrefix(fs.Name(), "sijil gazetteer ")
	for _, s := range gazetteerSubcommands() {
		if s.name == name {
			fmt.Fprintf(w, "usage: sijil gazetteer %s %s\n\n%s.\n", s.name, s.args, s.summary)
		}
	}
	var flags strings.Builder
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nFlags:\n%s", flags.String())
}

// subUsage reports a wrong number of arguments.
func subUsage(std stdio, name string) error {
	for _, s := range gazetteerSubcommands() {
		if s.name == name {
			fmt.Fprintf(std.err, "usage: sijil gazetteer %s %s\n", s.name, s.args)
		}
	}
	return errUsage
}
