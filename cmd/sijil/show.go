package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"sijil/internal/caption"
)

func showCommand() command {
	return command{
		name:    "show",
		args:    "[-db DSN] ID",
		summary: "show a record with its sources, cluster, event and links",
		help: `
Show prints one record of the register: its fields, every place it was found
(document path and SHA-256, caption index, byte range and line), the records
of its cluster (altered copies) and of its event (other photos of the same
incident), its links with the similarity and rule that made them, so that a
person can review them, and the corrections people made to its fields
(sijil serve), beside the parsed values they correct.`,
		flags: dbFlag,
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) != 1 {
				fmt.Fprintln(std.err, "usage: sijil show [-db DSN] ID")
				return errUsage
			}
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				fmt.Fprintf(std.err, "sijil show: %q is not a record ID\n", args[0])
				return errUsage
			}
			return withStore(ctx, cfg, func(s caption.Store) error {
				if err := show(ctx, s, id, std.out); err != nil {
					return fmt.Errorf("show %d: %w", id, err)
				}
				return nil
			})
		},
	}
}

// recordView is everything show prints about a record.
type recordView struct {
	rec             caption.StoredRecord
	sources         []caption.Source
	links           []caption.Link
	corrections     []caption.Correction
	cluster, events groupView // members of the record's cluster and event
}

func show(ctx context.Context, s caption.Store, id int64, w io.Writer) error {
	v, err := loadView(ctx, s, id)
	if err != nil {
		return err
	}
	// Every value from the register is printed through termText, and the
	// whole output through termWriter: see term.go.
	tw := tabwriter.NewWriter(termWriter{w}, 0, 0, 2, ' ', 0)
	printRecord(tw, v.rec)
	fmt.Fprintf(tw, "\nsources (%d)\n", len(v.sources))
	for _, src := range v.sources {
		fmt.Fprintf(tw, "  %s\tcaption %d\tbytes %d-%d\tline %d\tsha256 %s\n",
			termText(src.Document.Path), src.Index, src.Start, src.End, src.Line, src.Document.SHA256)
		if p := src.Photo; p != nil {
			fmt.Fprintf(tw, "    photo %d\t%dx%d\tpicture %d\t%s\n", p.ID, p.Width, p.Height, p.Link.Group, photoLinkText(p.Link))
		}
	}
	fmt.Fprintln(tw)
	printGroup(tw, "cluster", v.rec.Cluster, v.cluster)
	printGroup(tw, "event", v.rec.Event, v.events)
	fmt.Fprintf(tw, "\nlinks (%d)\n", len(v.links))
	for _, l := range v.links {
		fmt.Fprintf(tw, "  %s\t-> %d\tgroup %d\tsimilarity %.3f\trule %s\t%s\n",
			termText(string(l.Level)), l.Target, l.Group, l.Similarity, termText(l.Rule), l.Created.UTC().Format(time.RFC3339))
	}
	if len(v.corrections) > 0 {
		fmt.Fprintf(tw, "\ncorrections (%d)\n", len(v.corrections))
		for _, c := range v.corrections {
			fmt.Fprintf(tw, "  %s\t%s (parsed %s)\tby %s\t%s\t%s\n",
				termText(c.Field), termText(c.Value), termText(c.Previous), termText(c.Author), c.At.UTC().Format(time.RFC3339), termText(c.Note))
		}
	}
	return tw.Flush()
}

// loadView reads a record and what surrounds it.
func loadView(ctx context.Context, s caption.Store, id int64) (recordView, error) {
	var v recordView
	var err error
	if v.rec, err = s.Record(ctx, id); err != nil {
		if errors.Is(err, caption.ErrNotFound) {
			return v, fmt.Errorf("no record %d: %w", id, caption.ErrNotFound)
		}
		return v, err
	}
	if v.sources, err = s.Sources(ctx, id); err != nil {
		return v, err
	}
	if v.links, err = s.Links(ctx, id); err != nil {
		return v, err
	}
	if v.corrections, err = s.Corrections(ctx, id); err != nil {
		return v, err
	}
	conflicts, err := caption.RecordPhotoConflicts(ctx, s, id)
	if err != nil {
		return v, err
	}
	for _, c := range conflicts {
		v.rec.Record.Warnings = append(v.rec.Record.Warnings, c.Warning())
	}
	if v.cluster, err = groupMembers(ctx, s, caption.LevelCluster, v.rec.Cluster); err != nil {
		return v, err
	}
	v.events, err = groupMembers(ctx, s, caption.LevelEvent, v.rec.Event)
	return v, err
}

// groupMembers reads the first page (at most caption.MaxGroupLimit) of a
// cluster's or an event's records: a 4,000-photo event is counted, not
// listed whole.
func groupMembers(ctx context.Context, s caption.Store, level caption.LinkLevel, group int64) (groupView, error) {
	if group == 0 {
		return groupView{}, nil
	}
	page, err := s.Group(ctx, caption.GroupQuery{Level: level, Group: group, Limit: caption.MaxGroupLimit})
	if err != nil {
		return groupView{}, err
	}
	g := groupView{total: page.Total}
	for _, r := range page.Records {
		g.ids = append(g.ids, r.ID)
	}
	return g, nil
}

// groupView is the first page of a group's record IDs and their number.
type groupView struct {
	ids   []int64
	total int
}

// printRecord prints the fields a record has, one a line.
func printRecord(w io.Writer, sr caption.StoredRecord) {
	r := sr.Record
	fmt.Fprintf(w, "record %d\n", sr.ID)
	field := func(name, value string) {
		if value != "" {
			fmt.Fprintf(w, "  %s\t%s\n", name, termText(value))
		}
	}
	field("text", r.Text)
	field("credit", r.Credit)
	field("photographers", strings.Join(r.Photographers, "; "))
	field("agencies", joinStrings(r.Agencies))
	if !r.Date.IsZero() {
		field("date", fmt.Sprintf("%s (%s, %q)", r.Date, r.Date.Precision, r.DateText))
	}
	field("places", strings.Join(r.Places, "; "))
	if l := r.Location; l != nil {
		precision := fmt.Sprintf("precision %d", l.Precision)
		if l.Basis != "" {
			precision += " (basis: " + string(l.Basis) + ")"
		}
		field("location", fmt.Sprintf("%s, %s %s (%.5f, %.5f), %s, geonameid %d",
			l.Name, l.Admin1, l.CountryCode, l.Lat, l.Lon, precision, l.GeonameID))
	}
	if r.Country != "" {
		field("country", fmt.Sprintf("%s (%s)", r.Country, r.CountryBasis))
	}
	if r.Killed != nil {
		field("killed", strconv.Itoa(*r.Killed))
	}
	if r.Injured != nil {
		field("injured", strconv.Itoa(*r.Injured))
	}
	field("attribution", strings.Join(r.Attribution, "; "))
	field("event types", joinStrings(r.EventTypes))
	field("actors", strings.Join(r.Actors, "; "))
	var people []string
	for _, p := range r.People {
		if p.Age != nil {
			people = append(people, fmt.Sprintf("%s (%d)", p.Name, *p.Age))
		} else {
			people = append(people, p.Name)
		}
	}
	field("people", strings.Join(people, "; "))
	field("warnings", strings.Join(r.Warnings, "; "))
	field("key", sr.Fingerprint.Key)
	field("versions", fmt.Sprintf("parser %s, gazetteer %s", sr.Versions.Parser, sr.Versions.Gazetteer))
}

func printGroup(w io.Writer, level string, group int64, members groupView) {
	if group == 0 {
		fmt.Fprintf(w, "%s: not linked yet\n", level)
		return
	}
	ids := make([]string, len(members.ids))
	for i, m := range members.ids {
		ids[i] = strconv.FormatInt(m, 10)
	}
	more := ""
	if n := members.total - len(members.ids); n > 0 {
		more = fmt.Sprintf(", and %d more", n)
	}
	fmt.Fprintf(w, "%s %d (%d records): %s%s\n", level, group, members.total, strings.Join(ids, ", "), more)
}

func joinStrings[S ~string](xs []S) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return strings.Join(out, "; ")
}

// photoLinkText says how a photo joined its picture group, for review.
func photoLinkText(l caption.PhotoLink) string {
	switch {
	case l.Group == 0:
		return "not linked yet"
	case l.Target == l.Photo:
		return "rule " + termText(l.Rule)
	}
	return fmt.Sprintf("-> photo %d\tdistance %d\trule %s", l.Target, l.Distance, termText(l.Rule))
}
