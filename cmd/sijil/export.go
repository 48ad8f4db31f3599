package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"

	"sijil/internal/caption"
	"sijil/internal/export"
)

func exportCommand() command {
	format := "jsonl"
	return command{
		name:    "export",
		args:    "[-db DSN] [-format jsonl]",
		summary: "write every record of the register with its sources",
		help: `
Export writes every record of the register to standard output, in ID order.
With -format jsonl (the only format yet) each line is one JSON object: the
fields of SPEC.md as "sijil parse" writes them, then "id", "cluster" and
"event" (the IDs of the first record of the record's cluster and event; null
until linked) and "sources", where the record was found: a list of
{"document", "sha256", "index", "start", "end", "line"}, the document's path
and digest at ingest, the caption's position in it (from 0) and its byte
range [start, end). For plain text the range holds the caption as written;
for JSON Lines the JSON string, quotes included; for CSV the field as
written.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			fs.StringVar(&format, "format", format, "the output `FORMAT`: jsonl")
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil export [-db DSN] [-format jsonl]")
				return errUsage
			}
			if format != "jsonl" {
				fmt.Fprintf(std.err, "sijil export: unknown format %q (jsonl)\n", format)
				return errUsage
			}
			return withStore(ctx, cfg, func(s caption.Store) error {
				out := bufio.NewWriterSize(std.out, 64<<10)
				err := exportJSONL(ctx, s, out)
				if ferr := out.Flush(); ferr != nil && err == nil {
					err = ferr
				}
				if err != nil {
					return fmt.Errorf("export: %w", err)
				}
				return nil
			})
		},
	}
}

// wireExtra is what export adds to a record's SPEC.md fields.
type wireExtra struct {
	ID      int64        `json:"id"`
	Cluster *int64       `json:"cluster"`
	Event   *int64       `json:"event"`
	Sources []wireSource `json:"sources"`
}

// wireSource is one place a record was found.
type wireSource struct {
	Document string `json:"document"`
	SHA256   string `json:"sha256"`
	Index    int    `json:"index"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	Line     int    `json:"line,omitempty"`
}

// exportJSONL writes every record of s as one line of JSON.
func exportJSONL(ctx context.Context, s caption.Store, w io.Writer) error {
	var line bytes.Buffer
	for sr, err := range s.Records(ctx) {
		if err != nil {
			return err
		}
		srcs, err := s.Sources(ctx, sr.ID)
		if err != nil {
			return err
		}
		line.Reset()
		if err := appendRecordJSON(&line, sr, srcs); err != nil {
			return err
		}
		if _, err := w.Write(line.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// appendRecordJSON writes sr as export.WriteJSONL does, with the fields of
// wireExtra added after SPEC.md's: the SPEC fields come from export's own
// writer, so the two commands cannot drift apart.
func appendRecordJSON(buf *bytes.Buffer, sr caption.StoredRecord, srcs []caption.Source) error {
	start := buf.Len()
	if err := export.WriteJSONL(buf, slices.Values([]caption.Record{sr.Record})); err != nil {
		return err
	}
	// WriteJSONL ends the object with "}\n": open it again.
	if !bytes.HasSuffix(buf.Bytes()[start:], []byte("}\n")) {
		return fmt.Errorf("record %d: unexpected JSON from export.WriteJSONL", sr.ID)
	}
	buf.Truncate(buf.Len() - 2)
	extra := wireExtra{ID: sr.ID, Cluster: groupID(sr.Cluster), Event: groupID(sr.Event), Sources: wireSources(srcs)}
	var e bytes.Buffer
	enc := json.NewEncoder(&e)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(extra); err != nil {
		return err
	}
	buf.WriteByte(',')
	buf.Write(e.Bytes()[1:]) // without its "{"; ends with "}\n"
	return nil
}

// groupID is a group's ID for JSON: null when not linked yet.
func groupID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func wireSources(srcs []caption.Source) []wireSource {
	out := make([]wireSource, len(srcs))
	for i, s := range srcs {
		out[i] = wireSource{Document: s.Document.Path, SHA256: s.Document.SHA256, Index: s.Index, Start: s.Start, End: s.End, Line: s.Line}
	}
	return out
}
