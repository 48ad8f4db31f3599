package main

import (
	"bufio"
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
		args:    "[-lexicon DIR] [FILE ...]",
		summary: "parse plain-text captions into JSON lines",
		help: `
Parse reads plain-text documents (standard input when no FILE is given or FILE
is -), splits each into captions at blank lines (a paragraph holding only a
credit joins the caption before it) and prints one JSON object per caption, in
input order, with the fields of SPEC.md.

A file that cannot be read is reported on standard error and the others are
still parsed; the exit status is then 1.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			fs.StringVar(&cfg.Lexicon, "lexicon", cfg.Lexicon,
				"read extra lexicon files (agencies.tsv, actors.tsv, events.tsv, countries.tsv, names.tsv)\nfrom `DIR`, adding their lines to the built-in ones (env SIJIL_LEXICON)")
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
		raws, err := readDocument(path, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "sijil: parse %v\n", err)
			failed++
			continue
		}
		recs := p.Document(p.Segment(raws))
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

// readDocument reads the paragraphs of the file at path, or of stdin when
// path is "-". Errors start with the path.
func readDocument(path string, stdin io.Reader) ([]caption.Raw, error) {
	if path == "-" {
		return source.ReadText(stdin, path)
	}
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", path)
	}
	return source.ReadText(f, path)
}
