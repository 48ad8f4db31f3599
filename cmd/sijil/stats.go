package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"sijil/internal/caption"
)

func statsCommand() command {
	asJSON := false
	return command{
		name:    "stats",
		args:    "[-db DSN] [-json]",
		summary: "count the register's documents, occurrences, records, clusters and events",
		help: `
Stats counts what the register holds: documents ingested, occurrences
(captions as found in them), records (distinct captions), clusters (groups
of altered copies) and events (groups of clusters showing one incident).
With -json it prints one object with those integer keys.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			fs.BoolVar(&asJSON, "json", false, "print a JSON object")
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil stats [-db DSN] [-json]")
				return errUsage
			}
			return withStore(ctx, cfg, func(s caption.Store) error {
				st, err := s.Stats(ctx)
				if err != nil {
					return fmt.Errorf("stats: %w", err)
				}
				return printStats(std, st, asJSON)
			})
		},
	}
}

// wireStats is the JSON of sijil stats.
type wireStats struct {
	Documents   int `json:"documents"`
	Occurrences int `json:"occurrences"`
	Records     int `json:"records"`
	Clusters    int `json:"clusters"`
	Events      int `json:"events"`
}

func printStats(std stdio, st caption.Stats, asJSON bool) error {
	if asJSON {
		return json.NewEncoder(std.out).Encode(wireStats(st))
	}
	for _, row := range []struct {
		what string
		n    int
	}{
		{"documents", st.Documents},
		{"occurrences", st.Occurrences},
		{"records", st.Records},
		{"clusters", st.Clusters},
		{"events", st.Events},
	} {
		if _, err := fmt.Fprintf(std.out, "%-12s %d\n", row.what, row.n); err != nil {
			return err
		}
	}
	return nil
}
