package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// exportFlags are export's filters (queryFlags, shared with search) and
// its output settings.
type exportFlags struct {
	queryFlags
	format, out string
	force       bool
}

const exportUsage = "usage: sijil export [-db DSN] [-format csv|acled|geojson|jsonl|xmp] [-out PATH] [-force] [filters] [QUERY]"

func exportCommand() command {
	f := exportFlags{format: "jsonl"}
	return command{
		name:    "export",
		args:    "[-db DSN] [-format csv|acled|geojson|jsonl|xmp] [-out PATH] [-force] [filters] [QUERY]",
		summary: "write the register's records, or those a search matches, as JSON Lines, CSV, ACLED, GeoJSON or XMP",
		help: `
Export writes the records of the register to standard output, or to the
file -out names. Without QUERY or filters it writes every record, in ID
order; with them, the records "sijil search" would find (the same QUERY
syntax and filters), in search order (newest first, undated last).

-format chooses what is written:

  jsonl    (the default) one JSON object a line: the record fields of
           the project's docs/records.md as
           "sijil parse" writes them (the location with its "basis", how it
           was chosen among namesakes), then "id", "cluster" and "event" (the
           IDs of the first record of the record's cluster and event; null
           until linked) and "sources", where the record was found: a list
           of {"document", "sha256", "index", "start", "end", "line"}, the
           document's path and digest at ingest, the caption's position in
           it (from 0) and its byte range [start, end). For plain text the
           range holds the caption as written; for JSON Lines the JSON
           string, quotes included; for CSV the field as written.
  csv      one row per record under a header: id, cluster, event, every
           record field (the location as location_name, latitude,
           longitude, geonameid, admin1, location_country,
           location_feature, location_precision, location_basis) and the sources
           ("document:start-end"). Lists are joined with "; ", a person is
           "Name (age)". A text cell starting with = + - @ gets a leading '
           so that a spreadsheet shows it rather than running it.
  acled    one row per event (the records grouped as one incident) in the
           columns of ACLED's codebook that sijil can fill: event type
           mapped to ACLED's, the earliest day (or a month's middle), the
           most precise location (its basis among the tags), the highest
           killed figure (never a sum).
           Events without a day or month, a country or a violent or
           protest event type are left out and counted on standard error.
           The project's docs/acled.md explains every column.
  geojson  an RFC 7946 FeatureCollection, one point per located record,
           with the csv columns as properties; records without a location
           are left out and counted on standard error.
  xmp      one XMP sidecar per record, ID.xmp in the directory -out names
           (required): description, photographers, credit, city, province,
           country, date, the GeoNames URI and coordinates of the place
           shown, the event and the people named, for photo tools to merge
           into the photos.

An existing -out file, or an existing ID.xmp, is not overwritten unless
-force is given. A file is written beside its name and renamed into place
when complete, so a failed export leaves no partial file, and a symbolic
link in its place is replaced, never written through. Files are created
readable by their owner only (mode 0600), as the register is: chmod them
to share them.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			fs.StringVar(&f.format, "format", f.format, "the output `FORMAT`: csv, acled, geojson, jsonl or xmp")
			fs.StringVar(&f.out, "out", "", "write to the file `PATH` (a directory for xmp) instead of standard output")
			fs.BoolVar(&f.force, "force", false, "overwrite existing files")
			f.queryFlags.define(fs)
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			return runExport(ctx, cfg, f, args, std)
		},
	}
}

// runExport checks the command line, opens the register and writes what
// matches. Usage problems are told before the register is opened.
func runExport(ctx context.Context, cfg Config, f exportFlags, args []string, std stdio) error {
	format, ok := export.FormatNamed(f.format)
	usage := func(msg string) error {
		fmt.Fprintf(std.err, "sijil export: %s\n%s\n", msg, exportUsage)
		return errUsage
	}
	switch {
	case !ok && f.format != "xmp":
		return usage(fmt.Sprintf("unknown format %q (csv, acled, geojson, jsonl or xmp)", f.format))
	case f.format == "xmp" && f.out == "":
		return usage("-format xmp writes one file per record: give the directory with -out DIR")
	}
	q, err := f.query(strings.Join(args, " "))
	if err == nil {
		_, err = q.Plan()
	}
	if err != nil {
		return usage(err.Error())
	}
	if f.out != "" && f.format != "xmp" && !f.force {
		if _, err := os.Lstat(f.out); err == nil {
			return fmt.Errorf("export: %s exists: give -force to overwrite it", f.out)
		}
	}
	if err := f.expand(cfg, &q); err != nil {
		return err
	}
	return withStore(ctx, cfg, func(s caption.Store) error {
		var c export.Counts
		var err error
		if f.format == "xmp" {
			c, err = export.WriteXMPDir(f.out, export.Matching(ctx, s, q, true), f.force)
			if errors.Is(err, fs.ErrExist) {
				err = fmt.Errorf("%w (give -force to overwrite)", err)
			}
			format.Unit = "records"
		} else {
			c, err = writeExport(f.out, std.out, func(w io.Writer) (export.Counts, error) {
				return format.Write(w, export.Matching(ctx, s, q, format.Sources))
			})
		}
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		reportExport(std.err, f.out, format.Unit, c)
		return nil
	})
}

// writeExport runs write on a buffered standard output, or on a file
// created beside path and renamed to it once complete.
func writeExport(path string, stdout io.Writer, write func(io.Writer) (export.Counts, error)) (export.Counts, error) {
	if path == "" {
		out := bufio.NewWriterSize(stdout, 64<<10)
		c, err := write(out)
		return c, errors.Join(err, out.Flush())
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return export.Counts{}, err
	}
	out := bufio.NewWriterSize(tmp, 64<<10)
	c, err := write(out)
	// CreateTemp makes the file private (0600), and it stays so: an export
	// holds what the register holds. Rename replaces a link at path, never
	// the file it points to.
	err = errors.Join(err, out.Flush(), tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return c, err
}

// reportExport tells on standard error what a format left out and, when
// the export went to a file, how much it wrote.
func reportExport(w io.Writer, out, unit string, c export.Counts) {
	if c.Skipped > 0 {
		var why []string
		for _, reason := range slices.Sorted(maps.Keys(c.Why)) {
			why = append(why, fmt.Sprintf("%d %s", c.Why[reason], reason))
		}
		fmt.Fprintf(w, "sijil export: left out %d %s the format cannot hold: %s\n", c.Skipped, unit, strings.Join(why, ", "))
	}
	if out != "" {
		fmt.Fprintf(w, "sijil export: wrote %d %s to %s\n", c.Wrote, unit, out)
	}
}

// groupID is a group's ID for JSON: null when not linked yet.
func groupID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
