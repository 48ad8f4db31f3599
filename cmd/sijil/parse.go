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
	"runtime"
	"slices"
	"strings"
	"sync"

	"sijil/internal/caption"
	"sijil/internal/docwalk"
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
one JSON object per caption, in input order, with the fields the project's
docs/records.md describes.

A FILE that is a directory is walked as ingest walks it, recursively in name
order, so that both commands read the same documents in the same order.
Inside it only caption files are read, known by their extension in any
case: ` + strings.Join(source.DocumentExts(), " ") + `.
Other files (README.md, a spreadsheet), hidden files and folders (.DS_Store,
.git) and symbolic links (not followed) are passed over, and standard error
says how many of each. A FILE named itself is read as given, whatever its
name and even when it is a link.

-focus (or SIJIL_FOCUS) names the countries you document: among a place's
namesakes that nothing in a caption tells apart, one there wins (see sijil
help settings; parse has no register, so the register's setting does not
apply).

A file that cannot be read, a FILE that does not exist and a directory that
cannot be listed are reported on standard error and the others are still
parsed; the exit status is then 1.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			fs.StringVar(&cfg.Lexicon, "lexicon", cfg.Lexicon,
				"read extra lexicon files (agencies.tsv, actors.tsv, events.tsv, countries.tsv, names.tsv,\nfr_countries.tsv, fr_events.tsv, fr_sources.tsv, fr_actors.tsv) from `DIR`, adding their lines to the built-in ones (env SIJIL_LEXICON)")
			focusFlag(fs, cfg)
		},
		run: runParse,
	}
}

func runParse(ctx context.Context, cfg Config, paths []string, std stdio) error {
	defer batchGC()()
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
	docs, walkFailed := expandPaths(paths, std.err)
	out := bufio.NewWriterSize(std.out, 64<<10)
	failed, err := parseFiles(ctx, p, g, docs, std.in, out, std.err)
	// Flush what was parsed even when interrupted: those records are complete.
	if ferr := out.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("parse: write: %w", ferr)
	}
	// An input is a document, or a path that could not be walked (a
	// missing file, a directory that cannot be listed), which failed
	// before it gave any.
	if failed += walkFailed; err == nil && failed > 0 {
		err = fmt.Errorf("parse: %d of %d inputs failed", failed, len(docs)+walkFailed)
	}
	return err
}

// expandPaths returns the documents paths name, walked as ingest walks
// them (docwalk.Expand), and how many paths could not be walked. Before
// any document is parsed, it reports those on stderr as a document that
// cannot be read is reported, and what the walk passed over in a line for
// each kind, in the words of ingest's summary.
func expandPaths(paths []string, stderr io.Writer) (docs []string, failed int) {
	w := docwalk.Expand(paths)
	for _, f := range w.Failures {
		fmt.Fprintf(stderr, "sijil: parse %v\n", f.Err)
	}
	printPassedOver(stderr, "sijil: parse: ", w.Links, w.LinkPaths, w.Skipped, w.SkippedPaths)
	docs = make([]string, len(w.Docs))
	for i, d := range w.Docs {
		docs[i] = d.Path
	}
	return docs, len(w.Failures)
}

// parseFiles writes the records of each file to out in order. A file that
// cannot be read is reported on stderr and counted in failed; err is for
// what stops the whole run (cancellation, a failed write).
//
// Documents are read, parsed, resolved and encoded on GOMAXPROCS workers,
// a document to a worker: ResolveDocument and the parser's country
// inference read a window of the document (parse.Parser.Window captions),
// so its captions stay together. This goroutine writes the results in input order, and at most 2×workers
// documents wait for it, which bounds the memory held whatever the number
// of files.
func parseFiles(ctx context.Context, p *parse.Parser, g *geocode.Gazetteer, paths []string, stdin io.Reader, out, stderr io.Writer) (failed int, err error) {
	workers := min(runtime.GOMAXPROCS(0), len(paths))
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	// No worker may outlive the call: a test or a benchmark that runs the
	// command again would share the machine with the last run's stragglers.
	defer wg.Wait()
	defer cancel()
	order := make(chan chan parsedDoc, 2*workers)
	jobs := make(chan func(), workers)
	for range workers {
		wg.Go(func() {
			for job := range jobs {
				// Once the run stops, nobody waits for the documents
				// still queued.
				if ctx.Err() == nil {
					job()
				}
			}
		})
	}
	wg.Go(func() {
		defer close(order)
		defer close(jobs)
		for _, path := range paths {
			res := make(chan parsedDoc, 1)
			// Standard input is read here, in input order: "-" named
			// twice gives its data to the first and nothing to the
			// second, as it did when the files were read one by one.
			var data []byte
			var rerr error
			if path == "-" {
				data, rerr = io.ReadAll(stdin)
			}
			select {
			case order <- res:
			case <-ctx.Done():
				return
			}
			job := func() {
				d := parseDocument(p, g, path, data, rerr)
				res <- d
				if d.windows != nil {
					d.stream(ctx, p, g)
				}
			}
			select {
			case jobs <- job:
			case <-ctx.Done():
				return
			}
		}
	})
	done := 0
	for res := range order {
		if err := ctx.Err(); err != nil {
			return failed, fmt.Errorf("parse: %w", err)
		}
		var d parsedDoc
		select {
		case d = <-res:
		case <-ctx.Done():
			return failed, fmt.Errorf("parse: %w", ctx.Err())
		}
		done++
		if d.err != nil {
			fmt.Fprintf(stderr, "sijil: parse %v\n", d.err)
			failed++
			continue
		}
		if d.windows != nil {
			n := 0
			for recs := range d.windows {
				n += len(recs)
				if err := export.WriteJSONL(out, slices.Values(recs)); err != nil {
					return failed, fmt.Errorf("parse: %w", err)
				}
			}
			if n < len(d.raws) {
				// The worker stopped early: the run was cancelled.
				return failed, fmt.Errorf("parse: %w", ctx.Err())
			}
			continue
		}
		if d.recs != nil {
			if err := export.WriteJSONL(out, slices.Values(d.recs)); err != nil {
				return failed, fmt.Errorf("parse: %w", err)
			}
			continue
		}
		if _, err := out.Write(d.jsonl); err != nil {
			return failed, fmt.Errorf("parse: write jsonl: %w", err)
		}
	}
	// The feeder stops early only when the run is cancelled.
	if done < len(paths) {
		return failed, fmt.Errorf("parse: %w", ctx.Err())
	}
	return failed, nil
}

// parsedDoc is one document's output: its JSON lines, or its records when
// there are so many that encoding them all ahead would hold the document
// twice, or, for a document of more than one window (parse.Parser.Window),
// its records a window at a time on windows, parsed from raws as they are
// written, so that the document's records are never held whole; err when
// it could not be read.
type parsedDoc struct {
	jsonl   []byte
	recs    []caption.Record
	windows chan []caption.Record
	raws    []caption.Raw
	err     error
}

// stream parses d's captions a window at a time and sends each window's
// records to d.windows, which it closes at the end or when ctx is done.
func (d *parsedDoc) stream(ctx context.Context, p *parse.Parser, g *geocode.Gazetteer) {
	defer close(d.windows)
	for lo, hi := range p.Windows(len(d.raws)) {
		recs := p.Document(d.raws[lo:hi])
		g.ResolveDocument(recs)
		select {
		case d.windows <- recs:
		case <-ctx.Done():
			return
		}
	}
}

// encodeAhead is the most captions a worker encodes itself. A bigger
// document's records are encoded as they are written instead: its JSON
// would cost as much memory again as its records, where a gallery's is
// small and encoding it is a good part of its cost, better spread over the
// workers than left to the one goroutine that writes.
const encodeAhead = 1000

// parseDocument reads, parses and resolves the document at path (its data
// and read error already given for "-") and encodes its records.
func parseDocument(p *parse.Parser, g *geocode.Gazetteer, path string, data []byte, err error) parsedDoc {
	var raws []caption.Raw
	var format string
	if path == "-" {
		raws, format, err = readData(path, data, err)
	} else {
		raws, format, err = readDocument(path, nil)
	}
	if err != nil {
		return parsedDoc{err: err}
	}
	if format == source.FormatText {
		raws = p.Segment(raws)
	}
	// A window at a time, as ingest parses it (parse.Parser.Window): the
	// same records, and their captions inform each other as far as there.
	if len(raws) > p.WindowSize() {
		return parsedDoc{raws: raws, windows: make(chan []caption.Record, 1)}
	}
	recs := p.Document(raws)
	g.ResolveDocument(recs)
	if len(recs) > encodeAhead {
		return parsedDoc{recs: recs}
	}
	var buf bytes.Buffer
	// A bytes.Buffer does not fail to take a write.
	_ = export.WriteJSONL(&buf, slices.Values(recs))
	return parsedDoc{jsonl: buf.Bytes()}
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
	return readData(path, data, err)
}

// readData is readDocument once the document's bytes, or the error reading
// them, are in hand.
func readData(path string, data []byte, err error) ([]caption.Raw, string, error) {
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	format := source.Detect(data[:min(len(data), source.HeadSize)], path)
	raws, err := source.ReadBytes(data, path, format)
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
