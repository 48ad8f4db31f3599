package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// importOptions are the flags of "gazetteer import".
type importOptions struct {
	name, format, mapping, alternates, admin1 string
	countries                                 []caption.CountryCode
	corrections                               bool
}

func runGazetteerImport(ctx context.Context, cfg Config, args []string, std stdio) error {
	var o importOptions
	fs := newSubFlagSet("import", &cfg, std)
	fs.StringVar(&o.name, "name", "", "the layer's `NAME` (default: the file's base name without extension)")
	fs.StringVar(&o.format, "format", "", "geonames or table (default: geonames when a .txt or .zip has 19 tab-separated columns)")
	fs.StringVar(&o.mapping, "map", "", "the column mapping of a table: key=column pairs, see geocode.ParseMapping\n(name, lat and lon required; also id, alt, ar, admin1, country, feature, population,\ndefault-feature, sep, clean=syrian-archive, bad=skip)")
	fs.StringVar(&o.alternates, "alternates", "", "GeoNames alternateNamesV2.txt or .zip `FILE` to add names from")
	fs.StringVar(&o.admin1, "admin1", "", "GeoNames admin1CodesASCII.txt `FILE` to name first-level divisions from")
	fs.Func("countries", "keep only places in these countries: `CC,...` (SY,JO)", o.setCountries)
	fs.BoolVar(&o.corrections, "corrections", false, "write a correction layer, which overrides every import")
	args, err := parseSubFlags(fs, args, std)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return subUsage(std, "import")
	}
	if err := o.check(args[0]); err != nil {
		fmt.Fprintf(std.err, "sijil gazetteer import: %v\n", err)
		return errUsage
	}
	if err := importLayer(ctx, cfg.Gazetteer, args[0], o, std.err); err != nil {
		return fmt.Errorf("gazetteer import: %w", err)
	}
	return nil
}

func (o *importOptions) setCountries(s string) error {
	for c := range strings.SplitSeq(s, ",") {
		c = strings.ToUpper(strings.TrimSpace(c))
		if len(c) != 2 || strings.IndexFunc(c, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
			return fmt.Errorf("%q: want two-letter ISO codes such as SY,JO", c)
		}
		o.countries = append(o.countries, caption.CountryCode(c))
	}
	return nil
}

// check validates the flags together and settles the layer name.
func (o *importOptions) check(path string) error {
	switch o.format {
	case "", "geonames", "table":
	default:
		return fmt.Errorf("-format %s: want geonames or table", o.format)
	}
	if o.format == "geonames" && o.mapping != "" {
		return errors.New("-map is for tables, not GeoNames dumps")
	}
	if o.format == "table" && (o.alternates != "" || o.admin1 != "") {
		return errors.New("-alternates and -admin1 are for GeoNames dumps")
	}
	if o.name == "" {
		o.name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	raw := o.name
	if o.name = layerName(o.name); o.name == "" {
		return fmt.Errorf("cannot make a layer name of letters, digits, - and _ from %q: give -name", raw)
	}
	if rest, ok := strings.CutPrefix(o.name, correctionsPrefix); ok {
		if !o.corrections {
			return fmt.Errorf("layer name %q starts with %q: pass -corrections, or another -name", o.name, correctionsPrefix)
		}
		o.name = rest
	}
	switch o.name {
	case "":
		return errors.New("empty layer name: give -name")
	case geocode.DerivedSource:
		// The source of the admin1 entries the gazetteer makes up.
		return fmt.Errorf("layer name %q is reserved: give another -name", o.name)
	}
	return nil
}

// layerName lower-cases s and turns every run of characters other than
// a-z, 0-9, - and _ into one "-": "Syrian Archive (2019)" → "syrian-archive-2019".
func layerName(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			b.WriteRune(r)
			dash = r == '-'
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-_")
}

// layerFile is the file name of an import or correction layer.
func (o importOptions) layerFile() string {
	if o.corrections {
		return correctionsPrefix + o.name + ".idx"
	}
	return o.name + ".idx"
}

// importResult is what reading an import's files gave.
type importResult struct {
	format     string
	places     []geocode.Place
	meta       geocode.IndexMeta
	warnings   []string // skipped rows
	outside    int      // table rows left out by -countries
	alternates int      // names added from -alternates
	admin1     int      // places named an admin1 from -admin1
}

// importLayer reads path and writes it as a layer in dir, reporting on
// stderr.
func importLayer(ctx context.Context, dir, path string, o importOptions, stderr io.Writer) error {
	if dir == "" {
		return errors.New("no gazetteer directory: set SIJIL_GAZETTEER or pass -dir")
	}
	start := time.Now()
	res, err := readImport(ctx, path, o, stderr)
	if err != nil {
		return err
	}
	if len(res.places) == 0 {
		if len(o.countries) > 0 {
			return fmt.Errorf("%s: no places in %v to import", path, o.countries)
		}
		return fmt.Errorf("%s: no places to import", path)
	}
	res.meta.Name = strings.TrimSuffix(o.layerFile(), ".idx")
	out := filepath.Join(dir, o.layerFile())
	// Said before the write, which for millions of places takes a while
	// after the reading's progress ends.
	fmt.Fprintf(stderr, "gazetteer import: writing %s\n", out)
	size, err := writeLayer(ctx, out, res.places, res.meta)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	printImportSummary(stderr, path, out, size, res, time.Since(start))
	return nil
}

func printImportSummary(w io.Writer, in, out string, size int64, res importResult, took time.Duration) {
	fmt.Fprintf(w, "gazetteer import: %d %s from %s (%s)\n", len(res.places), plural(len(res.places), "place"), in, res.format)
	if res.outside > 0 {
		fmt.Fprintf(w, "gazetteer import: left out %d places outside -countries\n", res.outside)
	}
	if res.alternates > 0 {
		fmt.Fprintf(w, "gazetteer import: added %d alternate names\n", res.alternates)
	}
	if res.admin1 > 0 {
		fmt.Fprintf(w, "gazetteer import: named the admin1 of %d places\n", res.admin1)
	}
	if n := len(res.warnings); n > 0 {
		fmt.Fprintf(w, "gazetteer import: skipped %d bad rows; the first %d:\n", n, min(n, 5))
		for _, warn := range res.warnings[:min(n, 5)] {
			fmt.Fprintf(w, "\t%s\n", warn)
		}
	}
	fmt.Fprintf(w, "gazetteer import: wrote %s (%s) in %s\n", out, byteSize(size), took.Round(time.Millisecond))
}

// readImport reads the places of path, and its alternate and admin1
// names, in the format asked for or detected.
func readImport(ctx context.Context, path string, o importOptions, stderr io.Writer) (importResult, error) {
	rc, name, err := geocode.OpenDump(path)
	if err != nil {
		return importResult{}, err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(newProgressReader(ctx, rc, name, stderr), 1<<16)
	format := o.format
	if format == "" {
		format = detectFormat(path, br)
	}
	res := importResult{format: format}
	if format == "table" {
		err = readTableImport(br, name, o, &res)
	} else {
		err = readGeoNamesImport(ctx, br, name, o, &res, stderr)
	}
	return res, err
}

// detectFormat reports "geonames" for a .txt or .zip whose first line has
// GeoNames' 19 tab-separated columns, else "table".
func detectFormat(path string, br *bufio.Reader) string {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".txt" && ext != ".zip" {
		return "table"
	}
	head, _ := br.Peek(br.Size())
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	if bytes.Count(head, []byte{'\t'}) == 18 {
		return "geonames"
	}
	return "table"
}

func readTableImport(r io.Reader, name string, o importOptions, res *importResult) error {
	if o.mapping == "" {
		return fmt.Errorf("%s: a table needs a column mapping: pass -map (or -format geonames for a GeoNames dump)", name)
	}
	if o.alternates != "" || o.admin1 != "" {
		return fmt.Errorf("%s: -alternates and -admin1 are for GeoNames dumps, and this is a table", name)
	}
	m, err := geocode.ParseMapping(o.mapping)
	if err != nil {
		return err
	}
	places, warnings, err := geocode.ReadTable(r, name, m)
	if err != nil {
		return err
	}
	// ReadTable labels errors and places with one name: the path for the
	// errors, the layer name for the places, so that a correction layer of
	// the same name overrides them by id wherever the file was read from.
	kept := places[:0]
	for _, p := range places {
		p.Source = o.name
		if len(o.countries) == 0 || slices.Contains(o.countries, p.Country) {
			kept = append(kept, p)
		}
	}
	res.places, res.warnings, res.outside = kept, warnings, len(places)-len(kept)
	return nil
}

func readGeoNamesImport(ctx context.Context, r io.Reader, name string, o importOptions, res *importResult, stderr io.Writer) error {
	if o.mapping != "" {
		return fmt.Errorf("%s: -map is for tables, and this is a GeoNames dump", name)
	}
	opt := geocode.GeoNamesOptions{Countries: o.countries, KeepAlternate: geocode.LatinOrArabic}
	places, err := geocode.ReadGeoNames(r, name, opt)
	if err != nil {
		return err
	}
	res.places = places
	if o.alternates != "" {
		if res.alternates, err = readAlternates(ctx, o.alternates, places, stderr); err != nil {
			return err
		}
	}
	if o.admin1 != "" {
		names, err := readAdmin1(ctx, o.admin1, stderr)
		if err != nil {
			return err
		}
		res.admin1 = geocode.FillAdmin1(places, names)
		res.meta.Admin1 = admin1Entries(names, places)
	}
	return nil
}

func readAlternates(ctx context.Context, path string, places []geocode.Place, stderr io.Writer) (int, error) {
	rc, name, err := geocode.OpenDump(path)
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	return geocode.ReadAlternateNames(newProgressReader(ctx, rc, name, stderr), name, places)
}

func readAdmin1(ctx context.Context, path string, stderr io.Writer) (map[string]string, error) {
	rc, name, err := geocode.OpenDump(path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return geocode.ReadAdmin1Codes(newProgressReader(ctx, rc, name, stderr), name)
}

// admin1Entries returns the admin1 names of the countries the places are
// in, so that the layer names divisions none of its places carries.
func admin1Entries(names map[string]string, places []geocode.Place) []geocode.Admin1Entry {
	countries := make(map[caption.CountryCode]bool)
	for _, p := range places {
		countries[p.Country] = true
	}
	var out []geocode.Admin1Entry
	for code, name := range names {
		cc, sub, _ := strings.Cut(code, ".")
		if countries[caption.CountryCode(cc)] {
			out = append(out, geocode.Admin1Entry{Country: caption.CountryCode(cc), Code: sub, Name: name})
		}
	}
	slices.SortFunc(out, func(a, b geocode.Admin1Entry) int {
		return cmp.Or(cmp.Compare(a.Country, b.Country), cmp.Compare(a.Code, b.Code))
	})
	return out
}

// writeLayer writes the index to a temporary file beside path, checks that
// it opens, and renames it to path, so that an interrupted or failed
// import never leaves a partial layer and a re-import replaces the old one
// in one step. The temporary name does not end in .idx, so a crash's
// leftover is never loaded.
func writeLayer(ctx context.Context, path string, places []geocode.Place, meta geocode.IndexMeta) (size int64, err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := geocode.WriteIndexMeta(tmp, places, meta); err != nil {
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	if err := errors.Join(tmp.Chmod(0o644), tmp.Sync(), tmp.Close()); err != nil {
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := geocode.OpenIndexFile(tmp.Name()); err != nil {
		return 0, fmt.Errorf("check %s: %w", path, err)
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	fi, err := os.Stat(tmp.Name())
	if err != nil {
		return 0, err
	}
	return fi.Size(), os.Rename(tmp.Name(), path)
}
