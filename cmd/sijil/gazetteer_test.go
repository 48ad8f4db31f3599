package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/testenv"
)

// gazetteerTestdata holds the invented gazetteer files; see its README.md.
var gazetteerTestdata = filepath.Join("testdata", "gazetteer")

// teamMapping reads testdata/gazetteer/team.csv.
const teamMapping = "id=id,name=name,ar=name_ar,alt=other_names,lat=lat,lon=lon,admin1=governorate,country=SY"

// runMain calls run like main does, adding the error main would print to
// stderr.
func runMain(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(t.Context(), args, func(k string) string { return env[k] }, strings.NewReader(""), &stdout, &stderr)
	code := exitCode(err)
	if code == 1 {
		stderr.WriteString("sijil: " + err.Error() + "\n")
	}
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// mustRun is runMain for a command that must succeed.
func mustRun(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	r := runMain(t, env, args...)
	if r.code != 0 {
		t.Fatalf("sijil %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// newGazetteerEnv returns an environment with an empty gazetteer directory.
func newGazetteerEnv(t *testing.T) (dir string, env map[string]string) {
	dir = filepath.Join(t.TempDir(), "gazetteer")
	return dir, map[string]string{"SIJIL_GAZETTEER": dir}
}

// search runs "gazetteer search -json" for one name.
func search(t *testing.T, env map[string]string, args ...string) searchResult {
	t.Helper()
	r := mustRun(t, env, append([]string{"gazetteer", "search", "-json"}, args...)...)
	var res searchResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("search %v: %v\n%s", args, err, r.stdout)
	}
	return res
}

// chosen returns the candidate the resolver picked.
func chosen(t *testing.T, res searchResult) candidateJSON {
	t.Helper()
	if len(res.Candidates) == 0 || !res.Candidates[0].Chosen {
		t.Fatalf("search %q: the resolver chose no candidate: %+v", res.Query, res)
	}
	return res.Candidates[0]
}

func TestGazetteerImportSearchParse(t *testing.T) {
	dir, env := newGazetteerEnv(t)
	r := mustRun(t, env, "gazetteer", "import", "-alternates", filepath.Join(gazetteerTestdata, "alternateNamesV2.txt"),
		"-admin1", filepath.Join(gazetteerTestdata, "admin1CodesASCII.txt"), filepath.Join(gazetteerTestdata, "SY.txt"))
	for _, want := range []string{"3 places from", "(geonames)", "added 2 alternate names", "wrote " + filepath.Join(dir, "sy.idx")} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("import SY.txt: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	mustRun(t, env, "gazetteer", "import", "-map", teamMapping, filepath.Join(gazetteerTestdata, "team.csv"))

	r = mustRun(t, env, "gazetteer", "list", "-json")
	var got []string
	for line := range strings.Lines(r.stdout) {
		var l layerJSON
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		got = append(got, l.Layer+" "+l.Kind+" "+strings.Join(l.Sources, ","))
	}
	want := []string{"cities500 embedded geonames,sijil", "sy import geonames", "team import team"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("list (-want +got):\n%s", diff)
	}

	// Places only the imports have, by name and by an alternate name.
	for _, tc := range []struct{ query, country, wantLayer string }{
		{"Tell Qarmuz", "SY", "sy"},
		{"تل القرموز", "", "sy"}, // from alternateNamesV2.txt
		{"Kherbet Zanouba", "SY", "team"},
		// The embedded data has Bondo in four countries; a caption in Syria
		// means the imported one.
		{"Bondo", "SY", "sy"},
	} {
		args := []string{tc.query}
		if tc.country != "" {
			args = append(args, "-country", tc.country)
		}
		res := search(t, env, args...)
		c := chosen(t, res)
		if c.Layer != tc.wantLayer || c.Country != "SY" || res.Location == nil || res.Location.Precision != 1 {
			t.Errorf("search %v: chose %s %s from layer %q at precision %+v, want SY from %q at precision 1",
				args, c.Name, c.Country, c.Layer, res.Location, tc.wantLayer)
		}
	}

	// SY.txt moves the real Kafr Zaytā (geonameid 168620): the import's
	// record overrides the embedded one.
	c := chosen(t, search(t, env, "Kafr Zita"))
	if c.ID != 168620 || c.Layer != "sy" || c.Lat != 35.38 {
		t.Errorf("search Kafr Zita: got %d from %s at %v, want 168620 from sy at 35.38", c.ID, c.Layer, c.Lat)
	}

	checkParseLocation(t, env, "Smoke rises over Tell Qarmuz, in Idlib province, Syria, after an airstrike on March 3, 2020.",
		`{"name":"Tell Qarmuz","preferred_name":"Tell Qarmuz","geonameid":9900001,"lat":35.83417,"lon":36.5825,"admin1":"Idlib","country_code":"SY","feature":"PPL","precision":1,"basis":"only candidate"}`)
}

// checkParseLocation runs "sijil parse" on one caption and compares its
// location with want, as JSON.
func checkParseLocation(t *testing.T, env map[string]string, caption, want string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(t.Context(), []string{"parse"}, func(k string) string { return env[k] }, strings.NewReader(caption), &stdout, &stderr)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, stderr.String())
	}
	var rec struct{ Location json.RawMessage }
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if got := string(rec.Location); got != want {
		t.Errorf("parse %q: location\n got %s\nwant %s", caption, got, want)
	}
}

func TestGazetteerCorrections(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"SIJIL_GAZETTEER": filepath.Join(dir, "unused")} // -dir wins
	team := filepath.Join(gazetteerTestdata, "team.csv")
	fix := filepath.Join(gazetteerTestdata, "team-fix.csv")
	mustRun(t, env, "gazetteer", "import", "-dir", dir, "-map", teamMapping, team)
	mustRun(t, env, "gazetteer", "import", "-dir", dir, "-corrections", "-name", "team", "-map", "id=id,name=name,lat=lat,lon=lon,country=SY", fix)

	c := chosen(t, search(t, env, "-dir", dir, "Khirbet Zanuba"))
	if c.Layer != "corrections-team" || c.Lat != 35.82 || c.ID != 7 {
		t.Errorf("corrected: got id %d from %s at %v, want 7 from corrections-team at 35.82", c.ID, c.Layer, c.Lat)
	}
	r := mustRun(t, env, "gazetteer", "list", "-dir", dir)
	if !hasLine(r.stdout, "corrections-team  corrections") {
		t.Errorf("list lacks the correction layer:\n%s", r.stdout)
	}

	mustRun(t, env, "gazetteer", "remove", "-dir", dir, "corrections-team")
	c = chosen(t, search(t, env, "-dir", dir, "Khirbet Zanuba"))
	if c.Layer != "team" || c.Lat != 35.81 {
		t.Errorf("after remove: got %s at %v, want team at 35.81", c.Layer, c.Lat)
	}
	if _, err := os.Stat(filepath.Join(dir, "unused")); !os.IsNotExist(err) {
		t.Errorf("SIJIL_GAZETTEER was used despite -dir: %v", err)
	}
}

// TestGazetteerZip imports SY.txt from a .zip packed as GeoNames packs
// it, re-imports it under the same name, and checks the format is detected.
func TestGazetteerZip(t *testing.T) {
	dir, env := newGazetteerEnv(t)
	src, err := os.ReadFile(filepath.Join(gazetteerTestdata, "SY.txt"))
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "SY.zip")
	writeZip(t, zipPath, map[string][]byte{"readme.txt": []byte("GeoNames\n"), "SY.txt": src})
	for range 2 {
		r := mustRun(t, env, "gazetteer", "import", zipPath)
		if !strings.Contains(r.stderr, "3 places from "+zipPath+" (geonames)") {
			t.Errorf("import SY.zip: stderr:\n%s", r.stderr)
		}
	}
	if got := idxFiles(t, dir); !cmp.Equal(got, []string{"sy.idx"}) {
		t.Errorf("gazetteer directory holds %v, want [sy.idx]", got)
	}
}

func writeZip(t *testing.T, path string, members map[string][]byte) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range members {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// idxFiles lists every file of dir, temporary ones included.
func idxFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestGazetteerImportErrors(t *testing.T) {
	in := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(in, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good, err := os.ReadFile(filepath.Join(gazetteerTestdata, "SY.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(good), "\n")
	badGeo := write("bad.txt", lines[0]+lines[1]+strings.Replace(lines[2], "35.38000", "north", 1))
	badCSV := write("bad.csv", "id,name,lat,lon\n1,Good,35.1,36.1\n2,No Latitude,,36.2\n")
	allBad := write("allbad.csv", "id,name,lat,lon\n1,A,,36.1\n2,B,,36.2\n")
	dup := write("dup.txt", lines[0]+lines[0])
	for _, tc := range []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"geonames bad line", []string{"-name", "layer", badGeo}, 1, "sijil: gazetteer import: " + badGeo + `:3: latitude "north": not a number`},
		{"table bad row", []string{"-name", "layer", "-map", "id=id,name=name,lat=lat,lon=lon,country=SY", badCSV}, 1, badCSV + ":3: lat: empty"},
		{"table every row bad", []string{"-name", "layer", "-map", "name=name,lat=lat,lon=lon,country=SY,bad=skip", allBad}, 1, allBad + ": no valid rows, 2 bad"},
		{"geonames duplicate id", []string{"-name", "layer", dup}, 1, dup + ": write "},
		{"table without mapping", []string{"-name", "layer", badCSV}, 1, badCSV + ": a table needs a column mapping"},
		{"missing file", []string{"-name", "layer", filepath.Join(in, "missing.txt")}, 1, filepath.Join(in, "missing.txt") + ": no such file"},
		{"unknown column", []string{"-name", "layer", "-map", "name=nom,lat=lat,lon=lon", badCSV}, 1, badCSV + `:1: no column "nom"`},
		{"no places in countries", []string{"-name", "layer", "-countries", "JO", filepath.Join(gazetteerTestdata, "SY.txt")}, 1, "no places in [JO] to import"},
		{"bad format", []string{"-format", "xml", badCSV}, 2, "-format xml: want geonames or table"},
		{"bad countries", []string{"-countries", "Syria", badCSV}, 2, `"SYRIA": want two-letter ISO codes`},
		{"corrections name", []string{"-name", "corrections-x", badCSV}, 2, "pass -corrections"},
		{"alternates for a table", []string{"-format", "table", "-alternates", badGeo, badCSV}, 2, "-alternates and -admin1 are for GeoNames dumps"},
		{"no file", nil, 2, "usage: sijil gazetteer import"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, env := newGazetteerEnv(t)
			// An earlier import of the same name must survive a failed one.
			mustRun(t, env, "gazetteer", "import", "-name", "layer", filepath.Join(gazetteerTestdata, "SY.txt"))
			before, err := os.ReadFile(filepath.Join(dir, "layer.idx"))
			if err != nil {
				t.Fatal(err)
			}
			r := runMain(t, env, append([]string{"gazetteer", "import"}, tc.args...)...)
			if r.code != tc.wantCode || !hasLine(r.stderr, tc.wantStderr) {
				t.Errorf("exit %d, want %d; stderr lacks %q:\n%s", r.code, tc.wantCode, tc.wantStderr, r.stderr)
			}
			if got := idxFiles(t, dir); !cmp.Equal(got, []string{"layer.idx"}) {
				t.Errorf("gazetteer directory holds %v, want only the earlier layer.idx", got)
			}
			after, _ := os.ReadFile(filepath.Join(dir, "layer.idx"))
			if !bytes.Equal(before, after) {
				t.Error("the failed import changed the earlier layer.idx")
			}
		})
	}
}

func TestGazetteerCommandLine(t *testing.T) {
	_, env := newGazetteerEnv(t)
	for _, tc := range []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"help", []string{"help", "gazetteer"}, 0, "\tsijil gazetteer search [-country CC] [-focus CC,CC] [-json] [-n 10] NAME...", ""},
		{"listed in help", []string{"help"}, 0, "\tgazetteer  import, list, search and remove gazetteer layers", ""},
		{"subcommand help", []string{"gazetteer", "import", "-h"}, 0, "  -corrections", ""},
		{"no subcommand", []string{"gazetteer"}, 2, "", "usage: sijil gazetteer import|list|search|remove"},
		{"unknown subcommand", []string{"gazetteer", "frob"}, 2, "", `sijil gazetteer: unknown subcommand "frob"`},
		{"bad flag", []string{"gazetteer", "list", "-nope"}, 2, "", "flag provided but not defined: -nope"},
		{"list with argument", []string{"gazetteer", "list", "x"}, 2, "", "usage: sijil gazetteer list [-json]"},
		{"search without name", []string{"gazetteer", "search", "-country", "SY"}, 2, "", "usage: sijil gazetteer search"},
		{"search bad country", []string{"gazetteer", "search", "-country", "Syria", "Homs"}, 2, "", "want one two-letter ISO code"},
		{"search text", []string{"gazetteer", "search", "-n", "1", "Homs", "-country", "SY"}, 0, "resolver: Homs", ""},
		{"search unknown", []string{"gazetteer", "search", "Qqqxyzzy"}, 0, "resolver: not located", ""},
		{"list text", []string{"gazetteer", "list"}, 0, "1  cities500  embedded  geonames", ""},
		{"remove embedded", []string{"gazetteer", "remove", "cities500"}, 1, "", "cities500 is built into sijil"},
		{"remove missing", []string{"gazetteer", "remove", "nope"}, 1, "", "no layer nope in"},
		{"remove path", []string{"gazetteer", "remove", "../nope"}, 1, "", `"../nope" is not a layer name`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runMain(t, env, tc.args...)
			if r.code != tc.wantCode {
				t.Errorf("exit %d, want %d\n%s", r.code, tc.wantCode, r.stderr)
			}
			if !hasLine(r.stdout, tc.wantStdout) {
				t.Errorf("stdout has no line containing %q:\n%s", tc.wantStdout, r.stdout)
			}
			if !hasLine(r.stderr, tc.wantStderr) {
				t.Errorf("stderr has no line containing %q:\n%s", tc.wantStderr, r.stderr)
			}
		})
	}
}

func TestParseSubFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want []string
		json bool
	}{
		{"flags first", []string{"-json", "Jobar"}, []string{"Jobar"}, true},
		{"flags after", []string{"Jobar", "-json", "Douma"}, []string{"Jobar", "Douma"}, true},
		{"double dash", []string{"Jobar", "--", "-json"}, []string{"Jobar", "-json"}, false},
		{"none", nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			std := stdio{out: &bytes.Buffer{}, err: &bytes.Buffer{}}
			fs := newSubFlagSet("search", &cfg, std)
			asJSON := fs.Bool("json", false, "")
			got, err := parseSubFlags(fs, tc.args, std)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" || *asJSON != tc.json {
				t.Errorf("args (-want +got):\n%s-json %v, want %v", diff, *asJSON, tc.json)
			}
		})
	}
}

func TestLayerName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"syrian-archive", "syrian-archive"},
		{"allCountries", "allcountries"},
		{"Syrian Archive (2019)", "syrian-archive-2019"},
		{"team_v2", "team_v2"},
		{"../../etc", "etc"},
		{"دمشق", ""},
	} {
		if got := layerName(tc.in); got != tc.want {
			t.Errorf("layerName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestGazetteerSyrianArchive(t *testing.T) {
	// The Syrian Archive's locations.json beside the repository (see
	// ../shared/data/syrian-archive/README.md), read there, never copied.
	syrianArchive := testenv.Shared(t, "data", "syrian-archive", "locations.json")
	_, env := newGazetteerEnv(t)
	r := mustRun(t, env, "gazetteer", "import", "-name", "syrian-archive", "-map",
		"id=id,name=search_name_en,ar=search_name_ar_short,alt=old_sa_name,lat=lat,lon=lon,country=SY,clean=syrian-archive,bad=skip",
		syrianArchive)
	if !strings.Contains(r.stderr, "skipped") || !strings.Contains(r.stderr, "syrian-archive.idx") {
		t.Errorf("import summary:\n%s", r.stderr)
	}
	res := search(t, env, "Jobar", "-country", "SY")
	if c := chosen(t, res); c.Country != "SY" {
		t.Errorf("search Jobar -country SY chose %s in %s", c.Name, c.Country)
	}
	found := false
	for _, c := range res.Candidates {
		found = found || c.Name == "Jobar" && c.Country == "SY" && c.Layer == "syrian-archive"
	}
	if !found {
		t.Errorf("search Jobar -country SY: no Syrian Jobar from the Syrian Archive among %+v", res.Candidates)
	}
}

// TestGazetteerImportCancelled checks that an interrupted import stops and
// leaves no file.
func TestGazetteerImportCancelled(t *testing.T) {
	dir, env := newGazetteerEnv(t)
	getenv := func(k string) string { return env[k] }
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	r := runSijilContext(ctx, env, "", "gazetteer", "import", filepath.Join(gazetteerTestdata, "SY.txt"))
	if r.code != 1 {
		t.Errorf("cancelled before it started: exit %d, want 1", r.code)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the gazetteer directory exists after a cancelled import: %v", idxFiles(t, dir))
	}

	// Cancelled in the middle: the dump read, its layer being written over
	// the one an earlier import left, which must stay as it was, with no
	// temporary file beside it.
	team := filepath.Join(gazetteerTestdata, "team.csv")
	mustRun(t, env, "gazetteer", "import", "-name", "sy", "-map", teamMapping, team)
	layer := filepath.Join(dir, "sy.idx")
	before, err := os.ReadFile(layer)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel = context.WithCancel(t.Context())
	defer cancel()
	var stdout bytes.Buffer
	stderr := &cancelOn{line: "gazetteer import: writing ", cancel: cancel}
	err = run(ctx, []string{"gazetteer", "import", "-name", "sy", filepath.Join(gazetteerTestdata, "SY.txt")}, getenv,
		strings.NewReader(""), &stdout, stderr)
	if !stderr.seen {
		t.Fatalf("the import never said it was writing (%v):\n%s", err, stderr.String())
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("import cancelled while writing: %v, want context.Canceled", err)
	}
	if after, err := os.ReadFile(layer); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the earlier layer changed under a cancelled import (%v)", err)
	}
	if files := idxFiles(t, dir); !slices.Equal(files, []string{"sy.idx"}) {
		t.Errorf("after a cancelled import the gazetteer directory holds %v, want only sy.idx", files)
	}
}

// cancelOn is a standard error that calls cancel when a line starting with
// line is written to it: a cancellation at a point the command reports.
type cancelOn struct {
	bytes.Buffer
	line   string
	cancel context.CancelFunc
	seen   bool
}

func (c *cancelOn) Write(p []byte) (int, error) {
	if bytes.HasPrefix(p, []byte(c.line)) || bytes.Contains(p, []byte("\n"+c.line)) {
		c.seen = true
		c.cancel()
	}
	return c.Buffer.Write(p)
}

// TestGazetteerSearchDivision: a first-level division is listed among the
// candidates with its geonameid (the embedded data holds it as an entry)
// and the resolver's pick is that division, not a namesake abroad.
func TestGazetteerSearchDivision(t *testing.T) {
	_, env := newGazetteerEnv(t)
	res := search(t, env, "Anbar")
	c := chosen(t, res)
	if c.Country != "IQ" || c.Feature != "ADM1" || c.ID != 99592 || c.Layer != "cities500" {
		t.Errorf("Anbar: chose %+v, want Iraq's division, geonameid 99592, from the embedded layer", c)
	}
	if l := res.Location; l == nil || l.CountryCode != "IQ" || l.Precision != 3 {
		t.Errorf("Anbar: location %+v, want Iraq at precision 3", l)
	}
}
