package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/geocode"
	"sijil/internal/ingest"
	"sijil/internal/parse"
	"sijil/internal/source"
)

func ingestCommand() command {
	// The near-duplicate thresholds only matter to ingest, so they live
	// with its flags rather than in Config.
	near := dedup.DefaultOptions()
	return command{
		name:    "ingest",
		args:    "[-db DSN] [-lexicon DIR] [-focus CC,CC] [-threshold J] [-containment C] PATH ...",
		summary: "store documents' captions in the register, deduplicated and linked",
		help: `
Ingest reads documents (files, directories walked recursively in name order,
- for standard input) into the register named by -db: plain text (captions
in paragraphs), JSON Lines (a "caption" or "text" field; other fields are
kept as source metadata), CSV (a "caption" or "text" column), HTML gallery
and article pages (figcaption, captioned images, caption elements,
schema.org ImageObject), or photos (JPEG, TIFF, PNG: the caption and
structured fields of their IPTC and XMP metadata). The format is chosen by
the document's content, then its extension.

Every distinct caption (after folding white space, quotes and dashes) is
stored once as a record, with one occurrence per place it was found: the
document, its SHA-256, the caption's index and byte range. Records are then
linked into clusters of altered copies (MinHash over word shingles,
confirmed by Jaccard index or containment) and clusters into events (same or
adjacent day, same place, compatible event types; or, for one photo's
captions in two languages, same day and place, an agency in common and no
photographer or toll that differs); each link keeps its similarity and
rule for review.

Places are resolved with the focus countries of -focus, else SIJIL_FOCUS,
else the register's setting (sijil help settings). When some of the
register's records were resolved with another focus, ingest says how many:
sijil reparse resolves them again.

Inside directories, only caption files are read, known by their extension
in any case: ` + strings.Join(source.DocumentExts(), " ") + `.
Other files (README.md, a spreadsheet), hidden files and folders (.DS_Store,
.git) and symbolic links (to files or directories, not followed) are passed
over and counted in the summary. A path named on the command line is read as
given, whatever its name and even when it is a link.

Ingesting a document again changes nothing. An ingest that is interrupted
(even killed) leaves a consistent register, and running the same command
again completes it. A document that cannot be read is reported with its path
(and line) and the others are still ingested; the exit status is then 1.
Progress is shown on standard error when it is a terminal.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			lexiconFlag(fs, cfg)
			focusFlag(fs, cfg)
			fs.Float64Var(&near.Threshold, "threshold", near.Threshold,
				"the Jaccard index of word shingles at or above which two captions are altered copies")
			fs.Float64Var(&near.Containment, "containment", near.Containment,
				"the share of the shorter caption's shingles found in the longer at or above which\none is a copy that gained or lost a sentence")
			fs.IntVar(&cfg.IngestBatch, "batch", cfg.IngestBatch,
				"store and link `N` captions (whole documents) per transaction: what an interrupted ingest loses\n(env SIJIL_INGEST_BATCH)")
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if cfg.IngestBatch <= 0 {
				fmt.Fprintln(std.err, "sijil ingest: -batch (or SIJIL_INGEST_BATCH) must be a positive number")
				return errUsage
			}
			return runIngest(ctx, cfg, near, args, std)
		},
	}
}

// lexiconFlag defines -lexicon as parse does.
func lexiconFlag(fs *flag.FlagSet, cfg *Config) {
	fs.StringVar(&cfg.Lexicon, "lexicon", cfg.Lexicon,
		"read extra lexicon files from `DIR`, adding their lines to the built-in ones (env SIJIL_LEXICON)")
}

func runIngest(ctx context.Context, cfg Config, near dedup.Options, paths []string, std stdio) error {
	if len(paths) == 0 {
		fmt.Fprintln(std.err, "usage: sijil ingest [-db DSN] PATH ... (- for standard input)")
		return errUsage
	}
	if near.Threshold <= 0 || near.Threshold > 1 || near.Containment <= 0 || near.Containment > 1 {
		fmt.Fprintln(std.err, "sijil ingest: -threshold and -containment must be in (0, 1]")
		return errUsage
	}
	reservePageCache()
	defer batchGC()()
	if os.Getenv("GOMEMLIMIT") == "" {
		defer followMemoryLimit(ingestMemoryLimit, time.Second)()
	}
	opt, err := pipelineOptions(cfg)
	if err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	if err := checkFocusFlag(cfg, opt.Gazetteer, std, "ingest"); err != nil {
		return err
	}
	opt.Dedup = near
	opt.Batch = cfg.IngestBatch
	opt.Stdin = std.in
	if isTerminal(std.err) {
		opt.Progress = std.err
	}
	opt.Failed = func(f ingest.Failure) { fmt.Fprintf(std.err, "sijil: ingest %v\n", f.Err) }
	opt.PhotoFailed = func(f ingest.Failure) { fmt.Fprintf(std.err, "sijil: ingest: warning: %v\n", f.Err) }
	return withStore(ctx, cfg, func(s caption.Store) error {
		f, err := useFocus(ctx, cfg, s, &opt)
		if err != nil {
			return fmt.Errorf("ingest: %w", err)
		}
		sum, err := ingest.Ingest(ctx, s, paths, opt)
		printSummary(std.err, sum)
		if err != nil {
			return err
		}
		if vs, err := s.RecordVersions(ctx); err == nil {
			noteOtherFocus(std.err, vs, f)
		}
		if n := len(sum.Failures); n > 0 {
			return fmt.Errorf("ingest: %d of %d documents failed", n, n+sum.Documents)
		}
		return nil
	})
}

// pipelineOptions loads the parser and gazetteer cfg names, with the
// versions records made by them are stamped with.
func pipelineOptions(cfg Config) (ingest.Options, error) {
	p, err := newParser(cfg)
	if err != nil {
		return ingest.Options{}, err
	}
	g, err := openGazetteer(cfg)
	if err != nil {
		return ingest.Options{}, err
	}
	return ingest.Options{Parser: p, Gazetteer: g, Versions: versions(g)}, nil
}

// versions names the parser and the gazetteer records are derived with. The
// gazetteer has no version of its own: it is named by its layers, with a
// digest of their sizes so that re-importing a layer under the same name
// changes it ("cities500+team#1a2b3c4d"), and the focus countries it
// resolves with, when it has some ("cities500#5e6f7a8b;focus=SY,IQ": see
// withFocus). The embedded layer alone has its digest too: its data
// changes between builds of sijil under the one name "cities500", and
// `sijil reparse` must know the records an older build placed.
func versions(g *geocode.Gazetteer) caption.Versions {
	layers := g.Layers()
	names := make([]string, len(layers))
	h := sha256.New()
	for i, l := range layers {
		names[i] = l.Name
		fmt.Fprintf(h, "%s %d %d %d %d\n", l.Name, l.Places, l.Keys, l.Admin1, l.Bytes)
	}
	v := strings.Join(names, "+") + "#" + hex.EncodeToString(h.Sum(nil))[:8]
	return caption.Versions{Parser: parse.Version, Gazetteer: withFocus(v, g.Focus())}
}

// printSummary writes what an ingest did, in one paragraph.
func printSummary(w io.Writer, s ingest.Summary) {
	secs := s.Elapsed.Seconds()
	if secs <= 0 {
		secs = 1e-9
	}
	fmt.Fprintf(w, "ingested %d documents (%d unchanged), %d captions: %d new records, %d exact duplicates\n",
		s.Documents, s.Unchanged, s.Captions, s.NewRecords, s.ExactDuplicates)
	fmt.Fprintf(w, "linked %d new clusters (%d altered copies joined one), %d new events (%d records joined one)\n",
		s.NewClusters, s.Copies, s.NewEvents, s.EventJoins)
	if s.Photos > 0 || s.PhotosLinked > 0 || len(s.PhotoFailures) > 0 {
		fmt.Fprintf(w, "kept %d pictures, linked %d as the same picture or a new one; %d pictures not readable (their captions kept)\n",
			s.Photos, s.PhotosLinked, len(s.PhotoFailures))
	}
	printPassedOver(w, "", s.Links, s.LinkPaths, s.Skipped, s.SkippedPaths)
	indexing := ""
	if s.Indexes > 0 {
		indexing = fmt.Sprintf(", %d indexes built after the load %.1fs", s.Indexes, s.Indexing.Seconds())
	}
	fmt.Fprintf(w, "%d failures; %.1fs (linking %.1fs%s), %.0f captions/s, %.1f MB/s\n",
		len(s.Failures), s.Elapsed.Seconds(), s.Linking.Seconds(), indexing, float64(s.Captions)/secs, float64(s.Bytes)/1e6/secs)
}

// printPassedOver writes what a walk of directories passed over, a line
// for the symbolic links and one for the other files, each after prefix
// and naming the first paths: ingest's summary and parse say it alike.
func printPassedOver(w io.Writer, prefix string, links int, linkPaths []string, skipped int, skippedPaths []string) {
	if links > 0 {
		fmt.Fprintf(w, "%spassed over %d symbolic links inside directories, not followed: %s\n",
			prefix, links, somePaths(links, linkPaths))
	}
	if skipped > 0 {
		fmt.Fprintf(w, "%spassed over %d other files inside directories, not caption files by their names: %s\n",
			prefix, skipped, somePaths(skipped, skippedPaths))
	}
}

// somePaths lists paths, the first n of a count, with an ellipsis when
// some are left out.
func somePaths(n int, paths []string) string {
	s := strings.Join(paths, ", ")
	if n > len(paths) {
		s += ", …"
	}
	return s
}
