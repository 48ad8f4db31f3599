package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
	"sijil/internal/export"
)

// searchFlags are search's filters (queryFlags, shared with export) and
// its page and output settings as given on the command line.
type searchFlags struct {
	queryFlags
	cursor string
	limit  int
	json   bool
	// photo and conflicting are the picture searches: photo takes QUERY
	// and the filters, conflicting neither.
	photo       string
	conflicting bool
}

func searchCommand() command {
	var f searchFlags
	return command{
		name:    "search",
		args:    "[flags] [QUERY]",
		summary: "search the register: full text, filters and facet counts",
		help: `
Search prints the records of the register that match QUERY and the filters,
newest first (undated last), then the counts of the matches by country,
admin1, basis, agency, photographer, event type, actor and year.

QUERY is full text over the captions and their places, actors,
photographers and agencies: words (all must match), "a phrase", -word to
leave out, and OR between alternatives. Case, accents and apostrophes do
not matter: "Maarrat" finds Ma‘arrat an-Nu‘mān. Put -- before a query that
starts with -: sijil search -- -afp shelling.

-place matches a record's location or any place it names by every
spelling and entry the gazetteer knows (Douma, Duma, Dūmā), within
-country when given; -admin1 matches the first-level division (-admin1
Idlib finds Saraqib). -basis keeps the records whose location was chosen
so ("population", the weakest, when rank and population alone chose among
namesakes); records located before sijil recorded a basis have none, and
sijil reparse gives them one. Dates are YYYY, YYYY-MM or YYYY-MM-DD; a
record matches when its date overlaps -from..-to. -near LAT,LON,KM keeps the
records located within KM kilometres of the point.

Each line shows the ID, date, place, killed/injured and the start of the
description. When more records match than -limit, the last line gives the
-cursor of the next page. -json prints the result as one JSON object:
"total", "next", "records" (as "sijil export" writes them, with "id",
"cluster" and "event", without sources) and "facets".

-photo FILE lists instead the records whose sources carry the same picture
as FILE (resized, recompressed, cropped a little, recoloured), nearest
first with the distance of their fingerprints, earliest date first among
equals; FILE is read, not stored. QUERY and the filters keep those of
them that match (sijil search -photo a.jpg -country SY -from 2016).
-conflicting-photos lists the records
whose picture is printed under another caption that dates it more than a
few days apart, places it more than 50 km away or in another country, each
with the warnings that name the other record.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			f.queryFlags.define(fs)
			fs.IntVar(&f.limit, "limit", caption.DefaultLimit, fmt.Sprintf("print at most `N` records (at most %d)", caption.MaxLimit))
			fs.StringVar(&f.cursor, "cursor", "", "start after the page that printed cursor `C`")
			fs.BoolVar(&f.json, "json", false, "print JSON")
			fs.StringVar(&f.photo, "photo", "", "list the records whose sources carry the same picture as the photo `FILE` (JPEG, PNG), nearest first")
			fs.BoolVar(&f.conflicting, "conflicting-photos", false, "list the records whose picture carries another caption that disagrees on the date, the place or the country")
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			return runRecordSearch(ctx, cfg, f, args, std)
		},
	}
}

// runRecordSearch checks the query, opens the register and prints what
// matches. A query the store would refuse is a usage error, told before
// the register is opened.
func runRecordSearch(ctx context.Context, cfg Config, f searchFlags, args []string, std stdio) error {
	if f.conflicting {
		if len(args) > 0 || f.photo != "" {
			fmt.Fprintf(std.err, "sijil search: -conflicting-photos takes no QUERY and no -photo\nRun 'sijil help search' for usage.\n")
			return errUsage
		}
		return runConflictingPhotos(ctx, cfg, f.json, std)
	}
	q, err := f.query(strings.Join(args, " "))
	if err == nil {
		_, err = q.Plan()
	}
	if err != nil {
		fmt.Fprintf(std.err, "sijil search: %v\nRun 'sijil help search' for usage.\n", err)
		return errUsage
	}
	if err := f.expand(cfg, &q); err != nil {
		return err
	}
	if f.photo != "" {
		return runPhotoSearch(ctx, cfg, f.photo, q, f.json, std)
	}
	return withStore(ctx, cfg, func(s caption.Store) error {
		res, err := s.Search(ctx, q)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		out := bufio.NewWriterSize(std.out, 64<<10)
		if f.json {
			err = writeSearchJSON(out, res)
		} else {
			printRecordSearch(termWriter{out}, res) // see term.go
		}
		return errors.Join(err, out.Flush())
	})
}

// query makes the caption.Query of the flags and text, with the page.
func (f searchFlags) query(text string) (caption.Query, error) {
	if f.limit < 1 || f.limit > caption.MaxLimit {
		return caption.Query{}, fmt.Errorf("-limit %d: want 1 to %d", f.limit, caption.MaxLimit)
	}
	q, err := f.queryFlags.query(text)
	q.Limit, q.Cursor = f.limit, f.cursor
	return q, err
}

// printRecordSearch prints one line per record, the next page's cursor and
// the facet counts.
func printRecordSearch(w io.Writer, res caption.SearchResult) {
	for _, sr := range res.Records {
		r := sr.Record
		date := r.Date.String()
		if date == "" {
			date = "-"
		}
		fmt.Fprintf(w, "%7d  %-10s  %-28s  %-7s  %s\n", sr.ID, date, clip(termText(placeOf(r)), 28), casualties(r), clip(termText(describe(r)), 90))
	}
	fmt.Fprintf(w, "\n%d of %d records", len(res.Records), res.Total)
	if res.Next != "" {
		fmt.Fprintf(w, "; next page: -cursor %s", res.Next)
	}
	fmt.Fprintln(w)
	for _, name := range caption.Facets() {
		counts := res.Facets[name]
		if len(counts) == 0 {
			continue
		}
		var parts []string
		for _, c := range counts[:min(len(counts), 10)] {
			parts = append(parts, fmt.Sprintf("%s %d", termText(c.Value), c.Count))
		}
		more := ""
		if len(counts) > 10 {
			more = ", …"
		}
		fmt.Fprintf(w, "%-13s %s%s\n", name+":", strings.Join(parts, ", "), more)
	}
}

// placeOf is where a record is: its location and country, else the first
// place it names.
func placeOf(r caption.Record) string {
	var name string
	switch {
	case r.Location != nil:
		name = r.Location.Name
	case len(r.Places) > 0:
		name = r.Places[0]
	}
	switch {
	case name == "" && r.Country == "":
		return "-"
	case name == "":
		return string(r.Country)
	case r.Country == "":
		return name
	}
	return name + ", " + string(r.Country)
}

// casualties is killed/injured, "-" for a figure the caption does not give.
func casualties(r caption.Record) string {
	f := func(n *int) string {
		if n == nil {
			return "-"
		}
		return strconv.Itoa(*n)
	}
	return f(r.Killed) + "/" + f(r.Injured)
}

func describe(r caption.Record) string {
	if r.Description != "" {
		return r.Description
	}
	return r.Text
}

// clip shortens s to n runes, ending it with … when cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return strings.TrimRight(string(rs[:n-1]), " ") + "…"
}

// wireSearch is search's JSON; records are export's JSON objects.
type wireSearch struct {
	Total   int                    `json:"total"`
	Next    string                 `json:"next"`
	Records []json.RawMessage      `json:"records"`
	Facets  map[string][]wireFacet `json:"facets"`
}

type wireFacet struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

func writeSearchJSON(w io.Writer, res caption.SearchResult) error {
	out := wireSearch{Total: res.Total, Next: res.Next, Records: []json.RawMessage{}, Facets: map[string][]wireFacet{}}
	for _, sr := range res.Records {
		js, err := searchRecordJSON(sr)
		if err != nil {
			return err
		}
		out.Records = append(out.Records, js)
	}
	for name, counts := range res.Facets {
		fs := []wireFacet{}
		for _, c := range counts {
			fs = append(fs, wireFacet(c))
		}
		out.Facets[name] = fs
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// searchRecordJSON is sr as export.WriteJSONL writes it, with "id",
// "cluster" and "event" added.
func searchRecordJSON(sr caption.StoredRecord) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := export.WriteJSONL(&buf, slices.Values([]caption.Record{sr.Record})); err != nil {
		return nil, err
	}
	b := bytes.TrimSpace(buf.Bytes())
	if !bytes.HasSuffix(b, []byte("}")) {
		return nil, fmt.Errorf("record %d: unexpected JSON from export.WriteJSONL", sr.ID)
	}
	extra, err := json.Marshal(struct {
		ID      int64  `json:"id"`
		Cluster *int64 `json:"cluster"`
		Event   *int64 `json:"event"`
	}{sr.ID, groupID(sr.Cluster), groupID(sr.Event)})
	if err != nil {
		return nil, err
	}
	return append(append(b[:len(b)-1:len(b)-1], ','), extra[1:]...), nil
}
