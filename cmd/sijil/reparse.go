package main

import (
	"context"
	"flag"
	"fmt"

	"sijil/internal/caption"
	"sijil/internal/ingest"
)

func reparseCommand() command {
	return command{
		name:    "reparse",
		args:    "[-db DSN] [-lexicon DIR] [-focus CC,CC]",
		summary: "derive every record's fields again with the current parser and gazetteer",
		help: `
Reparse parses every record's stored caption again, with the parser and
gazetteer sijil runs with now (after an upgrade, a lexicon change or a
gazetteer import), among the other captions of the document it was first
found in, as ingest did, with the focus countries of -focus, else
SIJIL_FOCUS, else the register's setting (sijil help settings). Records
whose fields change are updated and stamped with the current versions, which
name the focus too; their sources, clusters, events and links are left as
they are. It prints how many records changed.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			lexiconFlag(fs, cfg)
			focusFlag(fs, cfg)
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil reparse [-db DSN] [-lexicon DIR] [-focus CC,CC]")
				return errUsage
			}
			reservePageCache()
			defer batchGC()()
			opt, err := pipelineOptions(cfg)
			if err != nil {
				return fmt.Errorf("reparse: %w", err)
			}
			if err := checkFocusFlag(cfg, opt.Gazetteer, std, "reparse"); err != nil {
				return err
			}
			return withStore(ctx, cfg, func(s caption.Store) error {
				if _, err := useFocus(ctx, cfg, s, &opt); err != nil {
					return fmt.Errorf("reparse: %w", err)
				}
				sum, err := ingest.Reparse(ctx, s, opt)
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(std.out, "%d records: %d changed, %d only restamped with parser %s, gazetteer %s\n",
					sum.Records, sum.Changed, sum.Restamped, opt.Versions.Parser, opt.Versions.Gazetteer)
				return err
			})
		},
	}
}
