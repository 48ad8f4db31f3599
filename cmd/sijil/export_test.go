package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// exportCaptions are invented for these tests (the people and figures are
// not real) and parsed by the real parser and gazetteer: two reports of
// one air strike (one event), shelling the next day elsewhere, a protest
// known to the month, and a caption with no place and only a year.
const exportCaptions = `Smoke rises over the old market of Saraqib, in Idlib province, Syria, after an air strike on February 4, 2018. At least three people were killed, according to a local doctor. (Photo by Karim Nasser/AFP)

Rescuers carry a wounded man from a collapsed shop in Saraqib, Idlib province, Syria, after an air strike on February 4, 2018. Five people were killed, activists said. (Photo by Karim Nasser/AFP)

Volunteers clear debris from a school hit by shelling in Jisr al-Shughur, Idlib province, Syria, on February 5, 2018. (Reuters/Salma Idris)

Demonstrators wave flags during a protest in Taiz, Yemen, in March 2018. (Anadolu Agency)

A man looks at what is left of his shop in 2018. (EPA/Stringer)
`

// newExportRegister ingests exportCaptions into a new SQLite register and
// returns the environment that names it.
func newExportRegister(t *testing.T) map[string]string {
	t.Helper()
	_, env := newGazetteerEnv(t)
	env["SIJIL_DB"] = filepath.Join(t.TempDir(), "sijil.db")
	path := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(path, []byte(exportCaptions), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, env, "ingest", path)
	return env
}

func readCSVRows(t *testing.T, s string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(s)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, s)
	}
	return rows
}

func TestExportFormats(t *testing.T) {
	env := newExportRegister(t)

	r := mustRun(t, env, "export", "-format", "csv")
	if rows := readCSVRows(t, r.stdout); len(rows) != 6 || rows[0][0] != "id" || rows[1][0] != "1" {
		t.Errorf("csv: %d rows (want a header and 5), first %v", len(rows), rows[0])
	}

	r = mustRun(t, env, "export", "-format", "acled")
	rows := readCSVRows(t, r.stdout)
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	var events []string
	for _, row := range rows[1:] {
		events = append(events, row[col["event_id_cnty"]]+" "+row[col["sub_event_type"]]+" "+row[col["fatalities"]])
	}
	want := []string{"SYR-sijil-1 Air/drone strike 5", "SYR-sijil-3 Shelling/artillery/missile attack ", "YEM-sijil-4 Peaceful protest "}
	if diff := cmp.Diff(want, events); diff != "" {
		t.Errorf("acled events (-want +got):\n%s\n%s", diff, r.stdout)
	}
	if !hasLine(r.stderr, "sijil export: left out 1 events the format cannot hold: 1 no date to the day or month") {
		t.Errorf("acled stderr:\n%s", r.stderr)
	}

	r = mustRun(t, env, "export", "-format", "geojson")
	var fc struct{ Features []json.RawMessage }
	if err := json.Unmarshal([]byte(r.stdout), &fc); err != nil || len(fc.Features) != 4 {
		t.Errorf("geojson: %d features, %v", len(fc.Features), err)
	}
	if !hasLine(r.stderr, "left out 1 records the format cannot hold: 1 no location") {
		t.Errorf("geojson stderr:\n%s", r.stderr)
	}
}

// TestExportFilters checks that export takes search's filters and QUERY.
func TestExportFilters(t *testing.T) {
	env := newExportRegister(t)
	for _, tc := range []struct {
		args []string
		want []int64
	}{
		{nil, []int64{1, 2, 3, 4, 5}},
		{[]string{"-country", "YE"}, []int64{4}},
		{[]string{"-event", "shelling"}, []int64{3}},
		{[]string{"-from", "2018-02-05", "-to", "2018-03"}, []int64{4, 3, 5}}, // search order: newest first; 2018 overlaps
		{[]string{"-place", "Saraqib"}, []int64{1, 2}},                        // one day: by ID
		{[]string{"-killed-min", "4"}, []int64{2}},
		{[]string{"rescuers"}, []int64{2}},
		{[]string{"-country", "IQ"}, nil},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := mustRun(t, env, append([]string{"export"}, tc.args...)...)
			var got []int64
			for line := range strings.Lines(r.stdout) {
				var rec struct{ ID int64 }
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatal(err)
				}
				got = append(got, rec.ID)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExportOut(t *testing.T) {
	env := newExportRegister(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "register.geojson")
	r := mustRun(t, env, "export", "-format", "geojson", "-out", out)
	if r.stdout != "" || !hasLine(r.stderr, "sijil export: wrote 4 records to "+out) {
		t.Errorf("stdout %q, stderr:\n%s", r.stdout, r.stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(first, []byte(`{"type":"FeatureCollection"`)) {
		t.Fatalf("%s: %v %.40q", out, err, first)
	}
	if r := runMain(t, env, "export", "-format", "csv", "-out", out); r.code != 1 || !hasLine(r.stderr, "exists: give -force") {
		t.Errorf("export over an existing file: exit %d\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(out); !bytes.Equal(b, first) {
		t.Errorf("the existing file was changed")
	}
	mustRun(t, env, "export", "-format", "csv", "-out", out, "-force")
	if b, _ := os.ReadFile(out); !bytes.HasPrefix(b, []byte("id,cluster,event,")) {
		t.Errorf("-force did not replace the file: %.40q", b)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, ".*")); len(names) != 0 {
		t.Errorf("temporary files left: %v", names)
	}
}

func TestExportXMP(t *testing.T) {
	env := newExportRegister(t)
	dir := filepath.Join(t.TempDir(), "sidecars")
	mustRun(t, env, "export", "-format", "xmp", "-out", dir, "-country", "SY")
	names, _ := filepath.Glob(filepath.Join(dir, "*.xmp"))
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	if diff := cmp.Diff([]string{"1.xmp", "2.xmp", "3.xmp"}, names); diff != "" {
		t.Errorf("sidecars (-want +got):\n%s", diff)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "1.xmp"))
	if !bytes.Contains(b, []byte("<photoshop:State>Idlib</photoshop:State>")) || !bytes.Contains(b, []byte("<rdf:li>Karim Nasser</rdf:li>")) ||
		bytes.Contains(b, []byte("Sublocation")) {
		t.Errorf("1.xmp:\n%s", b)
	}
	if r := runMain(t, env, "export", "-format", "xmp", "-out", dir); r.code != 1 || !hasLine(r.stderr, "give -force to overwrite") {
		t.Errorf("xmp over existing sidecars: exit %d\n%s", r.code, r.stderr)
	}
	mustRun(t, env, "export", "-format", "xmp", "-out", dir, "-force")
}

// TestExportFilesPrivate checks that exports written to files are created
// 0600 whatever the umask allows, and that "-format xmp -force" replaces a
// symbolic link planted among the sidecars instead of writing through it.
func TestExportFilesPrivate(t *testing.T) {
	env := newExportRegister(t)
	out := filepath.Join(t.TempDir(), "register.csv")
	mustRun(t, env, "export", "-format", "csv", "-out", out)
	mustRun(t, env, "export", "-format", "csv", "-out", out, "-force")
	if fi, err := os.Lstat(out); err != nil || fi.Mode() != 0o600 {
		t.Errorf("%s: mode %v, %v; want -rw-------", out, fi.Mode(), err)
	}
	target := filepath.Join(t.TempDir(), "bashrc")
	if err := os.WriteFile(target, []byte("untouched"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "sidecars")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "2.xmp")); err != nil {
		t.Fatal(err)
	}
	mustRun(t, env, "export", "-format", "xmp", "-out", dir, "-force")
	if b, _ := os.ReadFile(target); string(b) != "untouched" {
		t.Errorf("the link's target was overwritten: %.40q", b)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(names) != 5 {
		t.Errorf("files in %s: %v, want the 5 sidecars", dir, names)
	}
	for _, name := range names {
		if fi, err := os.Lstat(name); err != nil || fi.Mode() != 0o600 {
			t.Errorf("%s: mode %v, %v; want a regular file -rw-------", name, fi.Mode(), err)
		}
	}
}

func TestExportUsage(t *testing.T) {
	env := newExportRegister(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-format", "pdf"}, `sijil export: unknown format "pdf" (csv, acled, geojson, jsonl or xmp)`},
		{[]string{"-format", "xmp"}, "sijil export: -format xmp writes one file per record: give the directory with -out DIR"},
		{[]string{"-from", "2018-02-30"}, "sijil export: invalid input: from date"},
		{[]string{"-near", "1,2"}, `sijil export: -near "1,2": want LAT,LON,KM`},
	} {
		r := runMain(t, env, append([]string{"export"}, tc.args...)...)
		if r.code != 2 || !hasLine(r.stderr, tc.want) || !hasLine(r.stderr, "usage: sijil export") {
			t.Errorf("export %v: exit %d, stderr:\n%s", tc.args, r.code, r.stderr)
		}
	}
	r := mustRun(t, nil, "help", "export")
	for _, want := range []string{"usage: sijil export", "  acled ", "  -force", "  -killed-min N", "  -out PATH"} {
		if !hasLine(r.stdout, want) {
			t.Errorf("help export has no line with %q", want)
		}
	}
}

// TestExportRoundTrip ingests a document, exports it as JSON Lines,
// ingests that file into a new register and exports again: a JSON Lines
// export is a document sijil reads, and reading it gives the same records.
func TestExportRoundTrip(t *testing.T) {
	env := newExportRegister(t)
	first := mustRun(t, env, "export", "-format", "jsonl").stdout
	path := filepath.Join(t.TempDir(), "export.jsonl")
	if err := os.WriteFile(path, []byte(first), 0o644); err != nil {
		t.Fatal(err)
	}
	_, env2 := newGazetteerEnv(t)
	env2["SIJIL_DB"] = filepath.Join(t.TempDir(), "second.db")
	mustRun(t, env2, "ingest", path)
	second := mustRun(t, env2, "export", "-format", "jsonl").stdout
	a, b := readRecords(t, first), readRecords(t, second)
	if len(a) != 5 {
		t.Fatalf("first export: %d records", len(a))
	}
	if diff := cmp.Diff(a, b, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("records after ingesting the export (-first +second):\n%s", diff)
	}
}

// readRecords reads the record fields (docs/records.md) of an export's
// lines: each line without what the register adds around the record (its
// id, cluster, event and sources), which a second register numbers anew.
func readRecords(t *testing.T, s string) []map[string]json.RawMessage {
	t.Helper()
	var out []map[string]json.RawMessage
	for line := range strings.Lines(s) {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("export line %q: %v", line, err)
		}
		for _, k := range []string{"id", "cluster", "event", "sources"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("export line has no %q: %s", k, line)
			}
			delete(m, k)
		}
		out = append(out, m)
	}
	return out
}
