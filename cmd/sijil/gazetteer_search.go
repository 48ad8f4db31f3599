package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// openLayers opens the embedded index and the layers of cfg.Gazetteer in
// the order they apply, as openGazetteer does, but keeps them apart so
// that list and search can say which layer a place comes from.
func openLayers(cfg Config) ([]*geocode.Index, error) {
	emb, err := geocode.Embedded()
	if err != nil {
		return nil, err
	}
	files, err := gazetteerLayers(cfg.Gazetteer)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Gazetteer, err)
	}
	layers := []*geocode.Index{emb}
	for _, f := range files {
		ix, err := geocode.OpenIndexFile(f)
		if err != nil {
			return nil, err
		}
		layers = append(layers, ix)
	}
	return layers, nil
}

// layerJSON is one line of "gazetteer list -json".
type layerJSON struct {
	Layer   string   `json:"layer"` // what "gazetteer remove" takes
	Kind    string   `json:"kind"`  // embedded, import or corrections
	Sources []string `json:"sources"`
	Places  int      `json:"places"`
	Keys    int      `json:"keys"`
	Admin1  int      `json:"admin1"`
	File    string   `json:"file"`
	Bytes   int      `json:"bytes"`
}

// describeLayer names a loaded layer as list shows it.
func describeLayer(info geocode.LayerInfo) layerJSON {
	l := layerJSON{Layer: info.Name, Kind: "embedded", Sources: info.Sources, Places: info.Places,
		Keys: info.Keys, Admin1: info.Admin1, File: info.File, Bytes: info.Bytes}
	if info.File != geocode.EmbeddedFile {
		l.Layer = strings.TrimSuffix(filepath.Base(info.File), ".idx")
		l.Kind = "import"
		if strings.HasPrefix(l.Layer, correctionsPrefix) {
			l.Kind = "corrections"
		}
	}
	if l.Sources == nil {
		l.Sources = []string{}
	}
	return l
}

func runGazetteerList(ctx context.Context, cfg Config, args []string, std stdio) error {
	var asJSON bool
	fs := newSubFlagSet("list", &cfg, std)
	fs.BoolVar(&asJSON, "json", false, "print one JSON object per layer")
	args, err := parseSubFlags(fs, args, std)
	if err != nil {
		return err
	}
	if len(args) != 0 {
		return subUsage(std, "list")
	}
	layers, err := openLayers(cfg)
	if err != nil {
		return fmt.Errorf("gazetteer list: %w", err)
	}
	if asJSON {
		enc := json.NewEncoder(std.out)
		for _, ix := range layers {
			if err := enc.Encode(describeLayer(ix.Info())); err != nil {
				return fmt.Errorf("gazetteer list: %w", err)
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(std.out, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tLAYER\tKIND\tSOURCES\tPLACES\tSIZE\tFILE")
	for i, ix := range layers {
		l := describeLayer(ix.Info())
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", i+1, l.Layer, l.Kind, strings.Join(l.Sources, ","),
			l.Places, byteSize(int64(l.Bytes)), l.File)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("gazetteer list: %w", err)
	}
	_, err = fmt.Fprintf(std.out, "\nlater layers override earlier ones; gazetteer directory: %s\n", cmp.Or(cfg.Gazetteer, "(none)"))
	return err
}

func runGazetteerRemove(ctx context.Context, cfg Config, args []string, std stdio) error {
	fs := newSubFlagSet("remove", &cfg, std)
	args, err := parseSubFlags(fs, args, std)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return subUsage(std, "remove")
	}
	name := strings.TrimSuffix(args[0], ".idx")
	if name == "" || layerName(name) != name {
		return fmt.Errorf("gazetteer remove: %q is not a layer name (see sijil gazetteer list): %w", args[0], caption.ErrInvalid)
	}
	if cfg.Gazetteer == "" {
		return errors.New("gazetteer remove: no gazetteer directory: set SIJIL_GAZETTEER or pass -dir")
	}
	path := filepath.Join(cfg.Gazetteer, name+".idx")
	if err := os.Remove(path); err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("gazetteer remove: %w", err)
		}
		if emb, eerr := geocode.Embedded(); eerr == nil && emb.Name() == name {
			return fmt.Errorf("gazetteer remove: %s is built into sijil and cannot be removed: %w", name, caption.ErrInvalid)
		}
		return fmt.Errorf("gazetteer remove: no layer %s in %s (see sijil gazetteer list): %w", name, cfg.Gazetteer, caption.ErrNotFound)
	}
	fmt.Fprintf(std.err, "gazetteer remove: removed %s\n", path)
	return nil
}

// searchOptions are the flags of "gazetteer search".
type searchOptions struct {
	country caption.CountryCode
	asJSON  bool
	n       int
}

func runGazetteerSearch(ctx context.Context, cfg Config, args []string, std stdio) error {
	var o searchOptions
	fs := newSubFlagSet("search", &cfg, std)
	fs.Func("country", "resolve as a caption that names country `CC` (SY)", func(s string) error {
		var one importOptions
		if err := one.setCountries(s); err != nil || len(one.countries) != 1 {
			return fmt.Errorf("%q: want one two-letter ISO code such as SY", s)
		}
		o.country = one.countries[0]
		return nil
	})
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object per NAME")
	fs.IntVar(&o.n, "n", 10, "show at most `N` candidates")
	focusFlag(fs, &cfg)
	names, err := parseSubFlags(fs, args, std)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return subUsage(std, "search")
	}
	layers, err := openLayers(cfg)
	if err != nil {
		return fmt.Errorf("gazetteer search: %w", err)
	}
	s := newSearcher(layers)
	if err := checkFocusFlag(cfg, s.g, std, "gazetteer search"); err != nil {
		return err
	}
	focus, err := focusOf(cfg, nil, s.g)
	if err != nil {
		return fmt.Errorf("gazetteer search: %w", err)
	}
	s.g.SetFocus(focus.countries)
	enc := json.NewEncoder(std.out)
	for i, name := range names {
		res := s.search(name, o)
		if o.asJSON {
			err = enc.Encode(res)
		} else {
			if i > 0 {
				fmt.Fprintln(std.out)
			}
			err = printSearch(std.out, res)
		}
		if err != nil {
			return fmt.Errorf("gazetteer search: %w", err)
		}
	}
	return nil
}

// searcher answers searches over the layered gazetteer, and over each
// layer alone to say where a candidate's record comes from.
type searcher struct {
	g      *geocode.Gazetteer
	each   []*geocode.Gazetteer
	labels []string
}

func newSearcher(layers []*geocode.Index) *searcher {
	s := &searcher{g: geocode.New(layers...)}
	for _, ix := range layers {
		s.each = append(s.each, geocode.New(ix))
		s.labels = append(s.labels, describeLayer(ix.Info()).Layer)
	}
	return s
}

// layerOf returns the last layer that has p (same source and id): the
// layer whose record the gazetteer returns. The lookup is by p's own name,
// which that layer's record has.
func (s *searcher) layerOf(p geocode.Place) string {
	if p.Source == geocode.DerivedSource {
		// A division made up from its places' admin1 names (see
		// geocode.Admin1Place): no layer holds it as an entry.
		return geocode.DerivedSource
	}
	for i := len(s.each) - 1; i >= 0; i-- {
		for _, q := range s.each[i].Lookup(p.Name) {
			if q.Source == p.Source && q.ID == p.ID {
				return s.labels[i]
			}
		}
	}
	return ""
}

// searchResult is what search prints for one name.
type searchResult struct {
	Query      string              `json:"query"`
	Country    caption.CountryCode `json:"country,omitempty"`
	Match      string              `json:"match"` // key (geocode.Key equal), fuzzy or none
	Total      int                 `json:"total"`
	InCountry  int                 `json:"in_country"` // of Total, in Country
	Candidates []candidateJSON     `json:"candidates"`
	Location   *locationJSON       `json:"location"` // what the resolver picked, null when nothing
	Why        string              `json:"why"`
	Warnings   []string            `json:"warnings"`
}

type candidateJSON struct {
	Rank       int                 `json:"rank"`
	Chosen     bool                `json:"chosen"`
	Name       string              `json:"name"`
	Alternates []string            `json:"alternates"`
	Lat        float64             `json:"lat"`
	Lon        float64             `json:"lon"`
	Admin1     string              `json:"admin1"`
	Country    caption.CountryCode `json:"country"`
	Feature    string              `json:"feature"`
	Population int64               `json:"population"`
	Source     string              `json:"source"`
	ID         int64               `json:"id"`
	Layer      string              `json:"layer"`
	Note       string              `json:"note,omitempty"`
	Score      *float64            `json:"score,omitempty"`
	Reasons    []string            `json:"reasons,omitempty"`
}

type locationJSON struct {
	Name        string                `json:"name"`
	Preferred   string                `json:"preferred"`
	GeonameID   int                   `json:"geonameid,omitempty"`
	Lat         float64               `json:"lat"`
	Lon         float64               `json:"lon"`
	Admin1      string                `json:"admin1"`
	CountryCode caption.CountryCode   `json:"country_code"`
	Feature     string                `json:"feature"`
	Precision   int                   `json:"precision"`
	Basis       caption.LocationBasis `json:"basis,omitempty"`
	Layer       string                `json:"layer,omitempty"`
}

// search lists the candidates for name and resolves it as the only place
// of a caption (naming o.country, when given). The resolver's pick comes
// first, then the others in the gazetteer's order: same spelling before
// same key only, then by population.
func (s *searcher) search(name string, o searchOptions) searchResult {
	res := searchResult{Query: name, Country: o.country, Match: "key", Warnings: []string{}}
	cands, fuzzy := s.g.Candidates(name, o.country)
	if fuzzy {
		res.Match = "fuzzy"
	}
	rec := caption.Record{PlaceRefs: []caption.PlaceRef{{Name: name}}, Evidence: map[string][]caption.Span{}}
	if o.country != "" {
		rec.Country, rec.CountryBasis = o.country, caption.CountryNamed
	}
	// The scores are explained for the caption as asked: Resolve sets the
	// record's country from its pick, which would then seem to vouch for
	// the pick ("+100 in the caption's country").
	asked := caption.Record{PlaceRefs: rec.PlaceRefs, Country: rec.Country, CountryBasis: rec.CountryBasis}
	s.g.Resolve(&rec, nil)
	res.Warnings = append(res.Warnings, rec.Warnings...)
	chosen := s.chosenFirst(&cands, rec.Location)
	if o.country != "" {
		// Only these are the resolver's candidates: list them before the
		// namesakes abroad.
		from := 0
		if chosen {
			from = 1
		}
		slices.SortStableFunc(cands[from:], func(a, b geocode.Place) int {
			return cmp.Compare(boolRank(a.Country != o.country), boolRank(b.Country != o.country))
		})
		for _, p := range cands {
			if p.Country == o.country {
				res.InCountry++
			}
		}
	}
	if len(cands) == 0 {
		res.Match = "none"
	}
	res.Total = len(cands)
	for i, p := range cands[:min(len(cands), max(o.n, 1))] {
		c := s.candidate(p, name, o)
		c.Rank, c.Chosen = i+1, chosen && i == 0
		res.Candidates = append(res.Candidates, c)
	}
	if res.Candidates == nil {
		res.Candidates = []candidateJSON{}
	}
	if loc := rec.Location; loc != nil {
		res.Location = &locationJSON{Name: loc.Name, Preferred: loc.Preferred, GeonameID: loc.GeonameID, Lat: loc.Lat, Lon: loc.Lon,
			Admin1: loc.Admin1, CountryCode: loc.CountryCode, Feature: loc.Feature, Precision: loc.Precision, Basis: loc.Basis}
		if chosen {
			res.Location.Layer = res.Candidates[0].Layer
		}
	}
	scores := s.g.Explain(&asked, 0)
	for i := range res.Candidates {
		c := &res.Candidates[i]
		for _, sc := range scores {
			if sc.Place.Name == c.Name && sc.Place.Lat == c.Lat && sc.Place.Lon == c.Lon && sc.Place.Country == c.Country {
				c.Score, c.Reasons = &sc.Score, sc.Reasons
				break
			}
		}
	}
	res.Why = why(res, o)
	return res
}

// chosenFirst moves the candidate the resolver chose to the front, finding
// it by its own name when the resolver reached it another way (a generic
// word dropped, a near spelling), and reports whether it was found. A
// country-level location (precision 4) is no candidate.
func (s *searcher) chosenFirst(cands *[]geocode.Place, loc *caption.Location) bool {
	if loc == nil || loc.Preferred == "" {
		return false
	}
	is := func(p geocode.Place) bool {
		return p.Name == loc.Preferred && p.Lat == loc.Lat && p.Lon == loc.Lon && p.Country == loc.CountryCode
	}
	if i := slices.IndexFunc(*cands, is); i >= 0 {
		p := (*cands)[i]
		*cands = slices.Insert(slices.Delete(*cands, i, i+1), 0, p)
		return true
	}
	if i := slices.IndexFunc(s.g.Lookup(loc.Preferred), is); i >= 0 {
		*cands = slices.Insert(*cands, 0, s.g.Lookup(loc.Preferred)[i])
		return true
	}
	return false
}

func (s *searcher) candidate(p geocode.Place, query string, o searchOptions) candidateJSON {
	c := candidateJSON{Name: p.Name, Alternates: p.Alternates, Lat: p.Lat, Lon: p.Lon, Admin1: p.Admin1,
		Country: p.Country, Feature: p.Feature, Population: p.Population, Source: p.Source, ID: p.ID, Layer: s.layerOf(p)}
	if c.Alternates == nil {
		c.Alternates = []string{}
	}
	if o.country != "" && p.Country != o.country {
		c.Note = "not in " + string(o.country) + ": the resolver leaves it out"
	} else if !sameSpelling(p, query) {
		c.Note = "same key, other spelling"
	}
	return c
}

// sameSpelling reports whether one of p's names has query's Spelling.
func sameSpelling(p geocode.Place, query string) bool {
	q := geocode.Spelling(query)
	return geocode.Spelling(p.Name) == q || slices.ContainsFunc(p.Alternates, func(a string) bool { return geocode.Spelling(a) == q })
}

// why explains the resolver's choice in words. The resolver's scores are
// not exported, so this names the evidence it weighs rather than the
// figures.
func why(res searchResult, o searchOptions) string {
	switch {
	case res.Location == nil:
		return "no candidate, and no country to fall back on"
	case res.Location.Precision == 4:
		return fmt.Sprintf("no candidate in %s: located by the country alone", o.country)
	case res.Total == 1:
		return "the only candidate"
	}
	prefix := "with no country named, the resolver prefers"
	if o.country != "" {
		prefix = fmt.Sprintf("the resolver keeps the candidates in %s (the caption's country), then prefers", o.country)
	}
	return prefix + " a name spelt as asked (the entry's own name before its other names), then a first-level division, " +
		"a capital (PPLC, then PPLA, PPLA2) and the larger population; in a caption it first weighs " +
		"the province and nearby places named, the document's other places and the place word (village, province…)"
}

func printSearch(w io.Writer, res searchResult) error {
	head := res.Query
	if res.Country != "" {
		head += " (country " + string(res.Country) + ")"
	}
	fmt.Fprintf(w, "%s: %d %s", head, res.Total, plural(res.Total, "candidate"))
	if res.Match == "fuzzy" {
		fmt.Fprint(w, " by near spelling")
	}
	if res.Country != "" {
		fmt.Fprintf(w, ", %d in %s", res.InCountry, res.Country)
	}
	if len(res.Candidates) < res.Total {
		fmt.Fprintf(w, ", the first %d", len(res.Candidates))
	}
	fmt.Fprintln(w)
	if len(res.Candidates) > 0 {
		tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "\t#\tNAME\tADMIN1\tCC\tFEATURE\tPOPULATION\tLAT\tLON\tLAYER\tID\tNOTE")
		for _, c := range res.Candidates {
			mark := ""
			if c.Chosen {
				mark = "*"
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%d\t%.5f\t%.5f\t%s\t%d\t%s\n", mark, c.Rank, c.Name, c.Admin1,
				c.Country, c.Feature, c.Population, c.Lat, c.Lon, c.Layer, c.ID, c.Note)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if l := res.Location; l != nil {
		fmt.Fprintf(w, "resolver: %s", l.Name)
		if l.Preferred != "" && l.Preferred != l.Name {
			fmt.Fprintf(w, " (%s)", l.Preferred)
		}
		fmt.Fprintf(w, ", %s at %.5f, %.5f, %s, precision %d", strings.Join(slices.DeleteFunc([]string{l.Admin1, string(l.CountryCode)},
			func(s string) bool { return s == "" }), ", "), l.Lat, l.Lon, l.Feature, l.Precision)
		if l.Basis != "" {
			fmt.Fprintf(w, ", basis %s", l.Basis)
		}
		if l.Layer != "" {
			fmt.Fprintf(w, ", layer %s", l.Layer)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "resolver: not located")
	}
	fmt.Fprintf(w, "why: %s\n", res.Why)
	for _, c := range res.Candidates[:min(len(res.Candidates), 3)] {
		if c.Score != nil {
			fmt.Fprintf(w, "  #%d %s scores %.1f: %s\n", c.Rank, c.Name, *c.Score, strings.Join(c.Reasons, ", "))
		}
	}
	for _, warn := range res.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	return nil
}

// plural returns noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// boolRank orders false before true.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
