package export

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/testenv"
)

// The tests in this file hand the exports to the programs people open them
// with, so that "valid" means what those programs accept: GDAL's ogrinfo
// for GeoJSON, the sqlite3 shell's CSV import for the tables, ExifTool for
// the XMP sidecars.

// needTool returns the path of a program the test needs. Without it the
// test is skipped, or fails when SIJIL_TEST_TOOLS_REQUIRED=1 (as in CI,
// which installs them).
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	testenv.Missing(t, testenv.ToolsRequired, name+" is not installed (Debian: apt-get install "+pkg+"); skipping the test that reads the export with it")
	return ""
}

// runTool runs a program and returns its standard output.
func runTool(t *testing.T, path string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), path, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(path), strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// writeFormat writes the fixture in a stream format to a file.
func writeFormat(t *testing.T, name, file string) (string, Counts) {
	t.Helper()
	f, _ := FormatNamed(name)
	var buf bytes.Buffer
	c, err := f.Write(&buf, seq(fixture()))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), file)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, c
}

// TestOgrinfoReadsGeoJSON checks that GDAL opens the GeoJSON export as one
// point layer with a feature per located record and a field per property.
func TestOgrinfoReadsGeoJSON(t *testing.T) {
	ogrinfo := needTool(t, "ogrinfo", "gdal-bin")
	path, c := writeFormat(t, "geojson", "records.geojson")
	out := runTool(t, ogrinfo, "-ro", "-al", "-so", path)
	if !strings.Contains(out, "Geometry: Point") || !strings.Contains(out, "Feature Count: "+strconv.Itoa(c.Wrote)+"\n") {
		t.Errorf("ogrinfo does not see %d points:\n%s", c.Wrote, out)
	}
	// Field lines are "name: Type (width.precision)".
	var fields []string
	for _, m := range regexp.MustCompile(`(?m)^([a-z_0-9]+): [A-Za-z]+(?:\([A-Za-z]+\))? \(`).FindAllStringSubmatch(out, -1) {
		fields = append(fields, m[1])
	}
	var want []string
	for _, col := range columns() {
		if !col.geometry {
			want = append(want, col.name)
		}
	}
	if diff := cmp.Diff(want, fields); diff != "" {
		t.Errorf("ogrinfo's fields (-want +got):\n%s\n%s", diff, out)
	}
	for _, typed := range []string{"id: Integer", "killed: Integer", "places: StringList", "text: String"} {
		if !strings.Contains(out, "\n"+typed+" ") {
			t.Errorf("ogrinfo does not read %q", typed)
		}
	}
}

// TestSQLiteImportsCSV checks that the sqlite3 shell imports the CSV and
// ACLED exports as tables of the right shape, and that a text cell comes
// through whole (quotes, commas, semicolons, the formula guard).
func TestSQLiteImportsCSV(t *testing.T) {
	sqlite3 := needTool(t, "sqlite3", "sqlite3")
	for _, tc := range []struct {
		format  string
		columns int
	}{
		{"csv", len(columns())},
		{"acled", len(acledColumns())},
	} {
		t.Run(tc.format, func(t *testing.T) {
			path, c := writeFormat(t, tc.format, tc.format+".csv")
			db := filepath.Join(t.TempDir(), "import.db")
			out := runTool(t, sqlite3, db, ".import --csv "+path+" t",
				"SELECT count(*) FROM t", "SELECT count(*) FROM pragma_table_info('t')")
			if want := strconv.Itoa(c.Wrote) + "\n" + strconv.Itoa(tc.columns) + "\n"; out != want {
				t.Errorf("rows and columns:\n%s\nwant\n%s", out, want)
			}
		})
	}
	path, _ := writeFormat(t, "csv", "records.csv")
	db := filepath.Join(t.TempDir(), "import.db")
	got := runTool(t, sqlite3, db, ".import --csv "+path+" t", "SELECT text FROM t WHERE id = '4'")
	if want := "'" + capFormula + "\n"; got != want {
		t.Errorf("record 4's text through sqlite3:\n%q\nwant\n%q", got, want)
	}
}

// TestExiftoolReadsXMP checks that ExifTool reads the sidecars back with
// the values written, the GeoNames URI among LocationShown's identifiers
// and the coordinates to the millionth of a degree.
func TestExiftoolReadsXMP(t *testing.T) {
	exiftool := needTool(t, "exiftool", "libimage-exiftool-perl")
	dir := t.TempDir()
	es := fixture()
	if _, err := WriteXMPDir(dir, seq(es), false); err != nil {
		t.Fatal(err)
	}
	out := runTool(t, exiftool, "-j", "-n", "-struct", filepath.Join(dir, "3.xmp"), filepath.Join(dir, "7.xmp"))
	type shown struct {
		City, CountryName, CountryCode, ProvinceState string
		LocationId                                    []string
		GPSLatitude, GPSLongitude                     float64
	}
	var got []struct {
		Description, Credit, Source, City, State, Country, CountryCode, DateCreated, Event string
		Creator, PersonInImage                                                             []string
		LocationShown                                                                      []shown
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("exiftool -j: %v\n%s", err, out)
	}
	if len(got) != 2 {
		t.Fatalf("exiftool read %d files", len(got))
	}
	r := es[2].Record
	if got[0].Description != r.Description || !cmp.Equal(got[0].Creator, r.Photographers) || got[0].City != "Harasta" ||
		got[0].CountryCode != "SY" || got[0].Country != "Syria" || got[0].Credit != r.Credit || got[0].Source != "Reuters" ||
		!cmp.Equal(got[0].PersonInImage, []string{"Hala"}) || got[0].DateCreated != "2017:03:02" {
		t.Errorf("record 3 read back as %+v", got[0])
	}
	want := []shown{{City: "Harasta", CountryName: "Syria", CountryCode: "SY", ProvinceState: "Rif Dimashq",
		LocationId: []string{"https://sws.geonames.org/170654/"}, GPSLatitude: 33.55869, GPSLongitude: 36.365}}
	if diff := cmp.Diff(want, got[0].LocationShown, cmp.Comparer(func(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 })); diff != "" {
		t.Errorf("record 3's LocationShown (-want +got):\n%s", diff)
	}
	// Markup in a credit is text, not XML.
	if got[1].Credit != "Photo by <Nobody> & Co/AFP" || !cmp.Equal(got[1].Creator, []string{"<Nobody> & Co"}) || got[1].LocationShown != nil {
		t.Errorf("record 7 read back as %+v", got[1])
	}
}
