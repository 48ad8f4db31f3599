package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"sijil/internal/caption"
	"sijil/internal/export"
	"sijil/internal/geocode"
	"sijil/internal/parse"
	"sijil/internal/source"
)

func parseCommand() command {
	return command{
		name:    "parse",
		args:    "[-lexicon DIR] [-focus CC,CC] [FILE ...]",
		summary: "parse the captions of documents into JSON lines",
		help: `
Parse reads documents (standard input when no FILE is given or FILE is -),
each with the reader its content calls for, as ingest does: plain text is split
into captions at blank lines (a paragraph holding only a credit joins the
caption before it); JSON Lines and CSV give one caption per record. It prints
one JSON object per caption, in input order, with the fields of SPEC.md.

-focus (or SIJIL_FOCUS) names the countries you document: among a place's
namesakes that nothing in a caption tells apart, one there wins (see sijil
help settings; parse has no register, so the register's setting does not
apply).

A file that cannot be read is reported on standard error and the others are
still parsed; the exit status is then 1.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			fs.StringVar(&cfg.Lexicon, "lexicon", cfg.Lexicon,
				"read extra lexicon files (agencies.tsv, actors.tsv, events.tsv, countries.tsv, names.tsv)\nfrom `DIR`, adding their lines to the built-in ones (env SIJIL_LEXICON)")
			focusFlag(fs, cfg)
		},
		run: runParse,
	}
}

func runParse(ctx context.Context, cfg Config, paths []string, std stdio) error {
	p, err := newParser(cfg)
	if err != nil {
		return fmt.Errorf("parse: %w", err)
	}
	g, err := openGazetteer(cfg)
	if err != nil {
		return fmt.Errorf("parse: %w", err)
	}
	if err := checkFocusFlag(cfg, g, std, "parse"); err != nil {
		return err
	}
	f, err := focusOf(cfg, nil, g)
	if err != nil {
		return fmt.Errorf("parse: %w", err)
	}
	g.SetFocus(f.countries)
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	out := bufio.NewWriterSize(std.out, 64<<10)
	failed, err := parseFiles(ctx, p, g, paths, std.in, out, std.err)
	// Flush what was parsed even when interrupted: those records are complete.
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("parse: write: %w", ferr)
	}
	if err == nil && failed > 0 {
		err = fmt.Errorf("parse: %d of %d inputs failed", failed, len(paths))
	}
	return err
}

// parseFiles writes the records of each file to out in order. A file that
// cannot be read is reported on stderr and counted in failed; err is for
// what stops the whole run (cancellation, a failed write).
func parseFiles(ctx context.Context, p *parse.Parser, g *geocode.Gazetteer, paths []string, stdin io.Reader, out, stderr io.Writer) (failed int, err error) {
	for _, path := range paths {
		if err := ctx.Err(); err != nil {
			return failed, fmt.Errorf("parse: %w", err)
		}
		raws, format, err := readDocument(path, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "sijil: parse %v\n", err)
			failed++
			continue
		}
		if format == source.FormatText {
			raws = p.Segment(raws)
		}
		recs := p.Document(raws)
		g.ResolveDocument(recs)
		if err := export.WriteJSONL(out, slices.Values(recs)); err != nil {
			return failed, fmt.Errorf("parse: %w", err)
		}
	}
	return failed, nil
}

// newParser loads the built-in lexicons and those in cfg.Lexicon. The
// directory must exist: parse.New skips lexicon files a directory lacks,
// so a mistyped path would otherwise be ignored without a word.
func newParser(cfg Config) (*parse.Parser, error) {
	if cfg.Lexicon == "" {
		return parse.New()
	}
	fi, err := os.Stat(cfg.Lexicon)
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("lexicon %s: not a directory: %w", cfg.Lexicon, caption.ErrInvalid)
	}
	return parse.New(os.DirFS(cfg.Lexicon))
}

// readDocument reads the captions of the file at path, or of stdin when
// path is "-", with the reader its content calls for (source.Detect): plain
// text, JSON Lines, CSV, or whatever else source reads. It returns the
// format too, since only plain text is cut into captions after reading.
// Errors start with the path.
func readDocument(path string, stdin io.Reader) ([]caption.Raw, string, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = readFile(path)
	}
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	format := source.Detect(data[:min(len(data), source.HeadSize)], path)
	raws, err := source.Read(bytes.NewReader(data), path, format)
	return raws, format, err
}

// readFile reads a whole regular file; a directory is refused by name
// rather than with the system's read error.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, errors.New("is a directory")
	}
	return io.ReadAll(f)
}
