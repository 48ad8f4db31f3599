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
It then names the focus countries places are resolved with (SIJIL_FOCUS,
else the register's setting: see sijil settings) and, when some records
were resolved with another focus, how many: sijil reparse resolves them
again. With -json it prints one object with the integer keys documents,
occurrences, records, clusters, events and records_other_focus, and focus
("SY,IQ", "" for none).`,
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
				f, vs, err := registerFocusState(ctx, cfg, s)
				if err != nil {
					return fmt.Errorf("stats: %w", err)
				}
				if err := printStats(std, st, f, vs, asJSON); err != nil {
					return err
				}
				if !asJSON {
					noteOtherFocus(std.err, vs, f)
				}
				return nil
			})
		},
	}
}

// registerFocusState returns the focus a reparse would resolve places with
// (SIJIL_FOCUS, else the register's setting) and the register's records by
// version, which say the focus each was resolved with.
func registerFocusState(ctx context.Context, cfg Config, s caption.Store) (focus, []caption.VersionCount, error) {
	set, err := s.Settings(ctx)
	if err != nil {
		return focus{}, nil, err
	}
	vs, err := s.RecordVersions(ctx)
	return chosenFocus(cfg, set.Focus), vs, err
}

// wireStats is the JSON of sijil stats.
type wireStats struct {
	Documents   int `json:"documents"`
	Occurrences int `json:"occurrences"`
	Records     int `json:"records"`
	Clusters    int `json:"clusters"`
	Events      int `json:"events"`
	// Focus is the focus countries ("SY,IQ"), OtherFocus the records
	// resolved with others.
	Focus      string `json:"focus"`
	OtherFocus int    `json:"records_other_focus"`
}

func printStats(std stdio, st caption.Stats, f focus, vs []caption.VersionCount, asJSON bool) error {
	other, _ := otherFocus(vs, f.countries)
	if asJSON {
		return json.NewEncoder(std.out).Encode(wireStats{Documents: st.Documents, Occurrences: st.Occurrences,
			Records: st.Records, Clusters: st.Clusters, Events: st.Events, Focus: caption.FormatFocus(f.countries), OtherFocus: other})
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
	_, err := fmt.Fprintf(std.out, "%-12s %s\n", "focus", f)
	return err
}
