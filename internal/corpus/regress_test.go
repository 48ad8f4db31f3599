package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/parse"
)

// The bars set for held-out real captions, applied to the whole
// regression corpus: a record in the wrong country looks exactly like a right
// one on a map, so the wrong-country bar is the strictest.
const (
	minCountryAcc     = 0.98      // the record's country is the scene's
	minWithin161      = 0.95      // of cases with a true point: located within 161 km (100 miles) of it
	minP1Within25     = 0.98      // of locations claiming precision 1: within 25 km of the true point
	maxWrongCountry   = 1.0 / 200 // of all cases: a country given that is not the scene's
	maxUnlocatedKnown = 0.02      // of cases whose place the embedded gazetteer holds: no location at all
)

// regressClasses are the failure classes and the baseline, in the
// order the table lists them; testdata/regress/README.md defines them.
var regressClasses = []string{"actor-country", "division", "possessive-site", "extraction",
	"not-place", "spelling", "namesake", "baseline"}

// regressCase is one line of testdata/regress/*.jsonl.
type regressCase struct {
	Class   string                `json:"class"`
	Text    string                `json:"text"`
	Country caption.CountryCode   `json:"country"`
	Lat     *float64              `json:"lat"`
	Lon     *float64              `json:"lon"`
	Km      float64               `json:"km"` // a note for readers; the bars use 161 and 25 km
	Known   bool                  `json:"known"`
	Doc     string                `json:"doc"`
	Focus   []caption.CountryCode `json:"focus"`
	Note    string                `json:"note"`
	pos     string                // file:line, for messages
}

// readRegress reads one corpus file. A malformed line is an error naming
// file:line, so that a typo in gold data cannot quietly drop a case.
func readRegress(path string) ([]regressCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []regressCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		c := regressCase{pos: fmt.Sprintf("%s:%d", filepath.Base(path), n)}
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		err := dec.Decode(&c)
		switch {
		case err != nil:
		case !slices.Contains(regressClasses, c.Class):
			err = fmt.Errorf("class %q is not one of %v", c.Class, regressClasses)
		case strings.TrimSpace(c.Text) == "":
			err = fmt.Errorf("no text")
		case (c.Lat == nil) != (c.Lon == nil):
			err = fmt.Errorf("lat and lon go together")
		case c.Lat != nil && (math.Abs(*c.Lat) > 90 || math.Abs(*c.Lon) > 180):
			err = fmt.Errorf("lat %v, lon %v out of range", *c.Lat, *c.Lon)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.pos, err)
		}
		cases = append(cases, c)
	}
	return cases, sc.Err()
}

// tally counts one class's outcomes; the fields are the table's columns.
type tally struct {
	n, country, points, near, p1, p1near, wrong, known, unlocated, countryOnly int
}

// add scores one case and returns why it failed, if it did.
func (t *tally) add(c regressCase, r caption.Record) (why []string) {
	t.n++
	switch {
	case r.Country == c.Country:
		t.country++
	case r.Country != "":
		t.wrong++
		why = append(why, "wrong country")
	default:
		why = append(why, "no country")
	}
	l, km := r.Location, -1.0
	if l != nil && c.Lat != nil {
		km = distanceKm(*c.Lat, *c.Lon, l.Lat, l.Lon)
	}
	if c.Lat != nil {
		t.points++
		if l != nil && km <= 161 {
			t.near++
		} else {
			why = append(why, "not within 161 km")
		}
	}
	// A precision-1 claim for a caption that names no place is false too.
	if l != nil && l.Precision == 1 {
		t.p1++
		if km >= 0 && km <= 25 {
			t.p1near++
		} else {
			why = append(why, "precision 1 beyond 25 km")
		}
	}
	if c.Known {
		t.known++
		switch {
		case l == nil:
			t.unlocated++
			why = append(why, "known place unlocated")
		case l.Precision == 4:
			t.countryOnly++
		}
	}
	return why
}

// ratio is a/b, and 1 for an empty denominator: no claims, none false.
func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// cell is a table cell: the ratio and what it counts, "-" when nothing is.
func cell(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f %d/%d", ratio(a, b), a, b)
}

func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371.0088 // mean Earth radius
	rad := math.Pi / 180
	dlat, dlon := (lat2-lat1)*rad, (lon2-lon1)*rad
	h := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dlon/2)*math.Sin(dlon/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}

// regressDocuments reads every corpus file and groups its cases into
// documents: cases sharing a doc id in one file, in file order, and each
// case without one on its own.
func regressDocuments(paths []string) ([][]regressCase, error) {
	var docs [][]regressCase
	at := map[string]int{}
	for _, path := range paths {
		cases, err := readRegress(path)
		if err != nil {
			return nil, err
		}
		for _, c := range cases {
			key := path + "\x00" + c.Doc
			i, ok := at[key]
			switch {
			case !ok || c.Doc == "":
				at[key] = len(docs)
				docs = append(docs, []regressCase{c})
			case !slices.Equal(docs[i][0].Focus, c.Focus):
				return nil, fmt.Errorf("%s: focus %v differs from its document's %v", c.pos, c.Focus, docs[i][0].Focus)
			default:
				docs[i] = append(docs[i], c)
			}
		}
	}
	return docs, nil
}

// TestRegress parses and geocodes the invented captions of
// testdata/regress/*.jsonl, document by document as `sijil parse` does,
// prints a table per failure class and every failing case, and holds the
// whole corpus to the bars above.
func TestRegress(t *testing.T) {
	paths, _ := filepath.Glob("testdata/regress/*.jsonl")
	docs, err := regressDocuments(paths)
	if err != nil || len(docs) == 0 {
		t.Fatalf("reading %v: %d documents, %v", paths, len(docs), err)
	}
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	emb, err := geocode.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	// One gazetteer per focus set: SetFocus must not touch one in use.
	gazetteers := map[string]*geocode.Gazetteer{}
	tallies := map[string]*tally{"total": {}}
	for _, class := range regressClasses {
		tallies[class] = &tally{}
	}
	var failures strings.Builder
	for _, doc := range docs {
		g := gazetteers[fmt.Sprint(doc[0].Focus)]
		if g == nil {
			g = geocode.New(emb)
			g.SetFocus(doc[0].Focus)
			gazetteers[fmt.Sprint(doc[0].Focus)] = g
		}
		raws := make([]caption.Raw, len(doc))
		for i, c := range doc {
			raws[i] = caption.Raw{Text: c.Text, Path: c.pos}
		}
		recs := p.Document(raws)
		g.ResolveDocument(recs)
		for i, c := range doc {
			tallies["total"].add(c, recs[i])
			if why := tallies[c.Class].add(c, recs[i]); len(why) > 0 {
				writeFailure(&failures, c, recs[i], why)
			}
		}
	}
	var table strings.Builder
	w := tabwriter.NewWriter(&table, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "class\tn\tcountry acc\t≤161 km\tp1 ≤25 km\twrong country\tunlocated known\tcountry-only known\t")
	for _, class := range append(slices.Clone(regressClasses), "total") {
		tl := tallies[class]
		fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", class, tl.n, cell(tl.country, tl.n), cell(tl.near, tl.points),
			cell(tl.p1near, tl.p1), cell(tl.wrong, tl.n), cell(tl.unlocated, tl.known), cell(tl.countryOnly, tl.known))
	}
	w.Flush()
	total := tallies["total"]
	t.Logf("regression corpus, %d cases in %d documents:\n%s\nfailing cases:\n%s", total.n, len(docs), &table, &failures)
	for _, b := range []struct {
		name     string
		got, bar float64
		atMost   bool
	}{
		{"country accuracy", ratio(total.country, total.n), minCountryAcc, false},
		{"within 161 km", ratio(total.near, total.points), minWithin161, false},
		{"precision 1 within 25 km", ratio(total.p1near, total.p1), minP1Within25, false},
		{"wrong country", ratio(total.wrong, total.n), maxWrongCountry, true},
		{"unlocated known", ratio(total.unlocated, total.known), maxUnlocatedKnown, true},
	} {
		if b.atMost && b.got > b.bar || !b.atMost && b.got < b.bar {
			t.Errorf("%s is %.3f; the bar is %.3f", b.name, b.got, b.bar)
		}
	}
}

// writeFailure describes a failing case so that a developer can see what
// broke without rerunning the caption by hand.
func writeFailure(b *strings.Builder, c regressCase, r caption.Record, why []string) {
	want := "no point"
	if c.Lat != nil {
		want = fmt.Sprintf("%.4f,%.4f", *c.Lat, *c.Lon)
	}
	got := "no location"
	if l := r.Location; l != nil {
		got = fmt.Sprintf("%s (%s, %s, %s) %.4f,%.4f precision %d, basis %q", l.Name, l.Preferred, l.Admin1, l.CountryCode,
			l.Lat, l.Lon, l.Precision, l.Basis)
		if c.Lat != nil {
			got += fmt.Sprintf(", %.0f km off", distanceKm(*c.Lat, *c.Lon, l.Lat, l.Lon))
		}
	}
	fmt.Fprintf(b, "%s %s [%s] (%s)\n  %s\n  want %q at %s; got %q, places %q, %s\n  warnings %q\n",
		c.pos, c.Class, strings.Join(why, ", "), c.Note, c.Text, c.Country, want, r.Country, r.Places, got, r.Warnings)
}

// TestRegressMalformed checks that a bad corpus line fails with its file and
// line rather than being skipped.
func TestRegressMalformed(t *testing.T) {
	good := `{"class": "baseline", "text": "Men walk in Aleppo. AFP", "country": "SY", "lat": 36.2, "lon": 37.16, "known": true}`
	for _, tc := range []struct{ name, line string }{
		{"not json", `{"class": "baseline"`},
		{"unknown class", `{"class": "namesakes", "text": "x"}`},
		{"unknown field", `{"class": "baseline", "text": "x", "contry": "SY"}`},
		{"lat without lon", `{"class": "baseline", "text": "x", "lat": 36.2}`},
		{"no text", `{"class": "baseline", "country": "SY"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.jsonl")
			if err := os.WriteFile(path, []byte(good+"\n\n"+tc.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := readRegress(path)
			if err == nil || !strings.HasPrefix(err.Error(), "bad.jsonl:3: ") {
				t.Errorf("readRegress = %v, want an error at bad.jsonl:3", err)
			}
		})
	}
}
