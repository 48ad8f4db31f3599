package geocode

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// geoNamesSource is Place.Source for GeoNames rows, imported or embedded, so
// that an imported SY.txt overrides the embedded entry with the same id.
const geoNamesSource = "geonames"

// geoNamesColumns is the width of the GeoNames "geoname" table.
const geoNamesColumns = 19

// GeoNamesOptions selects the rows of a GeoNames table to keep, so that a
// team can import the part of allCountries.txt it works on. The zero value
// keeps everything.
type GeoNamesOptions struct {
	Countries      []caption.CountryCode  // keep only these countries; nil keeps all
	FeatureClasses string                 // keep only these classes, e.g. "PA"; "" keeps all
	MinPopulation  int64                  // keep only places at least this populous
	KeepAlternate  func(name string) bool // keep only the alternate names it accepts; nil keeps all
}

// ReadGeoNames reads a GeoNames geoname table (allCountries.txt,
// cities500.txt, SY.txt: 19 tab-separated columns, no header) from r,
// keeping the rows opt selects. name labels errors. It streams, so memory
// grows with the places kept, not the input. A malformed line is an error
// rather than a skipped row, so that a truncated or mangled dump does not
// import half-silently; but rows that opt drops are only checked for their
// column count, so that taking one country out of the 1.5 GB
// allCountries.txt stays fast. The places get Source "geonames" and their
// asciiname and alternatenames as Alternates.
func ReadGeoNames(r io.Reader, name string, opt GeoNamesOptions) ([]Place, error) {
	var places []Place
	// Country and feature codes repeat millions of times in allCountries.txt;
	// interning them keeps one copy of each.
	codes := make(map[string]string)
	err := scanLines(r, name, func(line int, text []byte) error {
		var f [geoNamesColumns][]byte
		if n := splitTabs(text, f[:]); n != geoNamesColumns {
			return lineError(name, line, "%d columns, want %d", n, geoNamesColumns)
		}
		if !opt.wants(&f) {
			return nil
		}
		p, err := parseGeoName(&f, codes, opt.KeepAlternate)
		if err != nil {
			return lineError(name, line, "%v", err)
		}
		if p.Population >= opt.MinPopulation {
			places = append(places, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return places, nil
}

// wants reports whether opt's country and class filters select the raw
// row f, before the cost of parsing it.
func (opt GeoNamesOptions) wants(f *[geoNamesColumns][]byte) bool {
	if len(opt.Countries) > 0 && !slices.ContainsFunc(opt.Countries, func(c caption.CountryCode) bool {
		return strings.EqualFold(string(c), string(f[8]))
	}) {
		return false
	}
	return opt.FeatureClasses == "" ||
		len(f[6]) == 1 && strings.IndexByte(opt.FeatureClasses, f[6][0]) >= 0
}

// parseGeoName converts the columns of one geoname row. Elevation, dem,
// timezone and dates are not used by the geocoder and are not checked.
func parseGeoName(f *[geoNamesColumns][]byte, codes map[string]string, keepAlt func(string) bool) (Place, error) {
	id, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil || id <= 0 {
		return Place{}, fmt.Errorf("geonameid %q: not a positive integer", f[0])
	}
	name, err := geoNameName(f)
	if err != nil {
		return Place{}, err
	}
	lat, err := parseCoord("latitude", string(f[4]), 90)
	if err != nil {
		return Place{}, err
	}
	lon, err := parseCoord("longitude", string(f[5]), 180)
	if err != nil {
		return Place{}, err
	}
	if len(f[6]) > 1 {
		return Place{}, fmt.Errorf("feature class %q: want one letter", f[6])
	}
	cc := internCode(codes, f[8])
	if !validCountry(cc) {
		return Place{}, fmt.Errorf("country code %q: want two letters", cc)
	}
	pop, err := parsePopulation(string(f[14]))
	if err != nil {
		return Place{}, err
	}
	p := Place{
		ID: id, Name: name, Lat: lat, Lon: lon,
		Feature: internCode(codes, f[7]), Country: caption.CountryCode(cc),
		Admin1Code: internCode(codes, f[10]), Population: pop, Source: geoNamesSource,
	}
	if len(f[6]) == 1 {
		p.Class = f[6][0]
	}
	p.Alternates = geoNamesAlternates(name, f[2], f[3], keepAlt)
	return p, nil
}

// geoNameName returns the name of a geoname row, after checking that its
// name columns are UTF-8 as GeoNames promises.
func geoNameName(f *[geoNamesColumns][]byte) (string, error) {
	for _, col := range []int{1, 2, 3} {
		if !utf8.Valid(f[col]) {
			return "", fmt.Errorf("column %d: not valid UTF-8", col+1)
		}
	}
	name := string(bytes.TrimSpace(f[1]))
	if name == "" {
		return "", errors.New("empty name")
	}
	return name, nil
}

// geoNamesAlternates joins the asciiname and the comma-separated
// alternatenames, without the name itself, duplicates or empty entries.
func geoNamesAlternates(name string, ascii, alts []byte, keep func(string) bool) []string {
	var out []string
	add := func(b []byte) {
		s := string(bytes.TrimSpace(b))
		if s == "" || s == name || (keep != nil && !keep(s)) || slices.Contains(out, s) {
			return
		}
		out = append(out, s)
	}
	add(ascii)
	for len(alts) > 0 {
		i := bytes.IndexByte(alts, ',')
		if i < 0 {
			add(alts)
			break
		}
		add(alts[:i])
		alts = alts[i+1:]
	}
	return out
}

// parseCoord parses a latitude or longitude and checks it lies within
// ±limit; what is the name of the coordinate used in the message.
func parseCoord(what, s string, limit float64) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("%s: empty", what)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s %q: not a number", what, s)
	}
	if v < -limit || v > limit {
		return 0, fmt.Errorf("%s %v: out of range [-%v, %v]", what, v, limit, limit)
	}
	return v, nil
}

// parsePopulation parses a population; empty means unknown, which counts
// as 0 as it does in GeoNames.
func parsePopulation(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("population %q: not a count", s)
	}
	return n, nil
}

// validCountry accepts "" (GeoNames leaves the country of some seas and
// international features empty) and two ASCII upper-case letters.
func validCountry(cc string) bool {
	if cc == "" {
		return true
	}
	return len(cc) == 2 && cc[0] >= 'A' && cc[0] <= 'Z' && cc[1] >= 'A' && cc[1] <= 'Z'
}

// OpenDump opens a GeoNames download for streaming: a .txt file as is, or
// the .txt member of a .zip with the same base name (SY.zip → SY.txt,
// alternateNamesV2.zip → alternateNamesV2.txt), which is how GeoNames packs
// them next to a readme. It returns the name to use in messages, such as
// "dl/SY.zip/SY.txt". Closing the reader closes the archive.
func OpenDump(path string) (io.ReadCloser, string, error) {
	if !strings.EqualFold(filepath.Ext(path), ".zip") {
		f, err := os.Open(path)
		return f, path, err
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		// A file that is not a zip archive is bad input; one that cannot
		// be read keeps its cause (fs.ErrNotExist, fs.ErrPermission).
		if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrAlgorithm) || errors.Is(err, zip.ErrChecksum) {
			return nil, "", fmt.Errorf("open %s: %w: %w", path, err, caption.ErrInvalid)
		}
		return nil, "", fmt.Errorf("open %s: %w", path, err)
	}
	base := filepath.Base(path)
	want := base[:len(base)-len(".zip")] + ".txt"
	var members []string
	for _, f := range zr.File {
		if f.Name != want {
			members = append(members, f.Name)
			continue
		}
		rc, err := f.Open()
		if err != nil {
			zr.Close()
			return nil, "", fmt.Errorf("open %s/%s: %w", path, want, err)
		}
		return zipMember{rc, zr}, path + "/" + want, nil
	}
	zr.Close()
	return nil, "", fmt.Errorf("open %s: no member %s (has %s): %w",
		path, want, strings.Join(members, ", "), caption.ErrInvalid)
}

// zipMember is an open archive member that closes its archive too.
type zipMember struct {
	io.ReadCloser
	archive *zip.ReadCloser
}

func (z zipMember) Close() error {
	return errors.Join(z.ReadCloser.Close(), z.archive.Close())
}
