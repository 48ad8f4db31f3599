package export

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSafeText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"Harasta", "Harasta"},
		{"=1+2", "'=1+2"},
		{"+963 11 000", "'+963 11 000"},
		{"-1 is not a date", "'-1 is not a date"},
		{"@SUM(A1:A2)", "'@SUM(A1:A2)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"a=1", "a=1"}, // only the first character makes a formula
		{"'quoted'", "'quoted'"},
	} {
		if got := safeText(tc.in); got != tc.want {
			t.Errorf("safeText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCSVNumbersUnchanged checks that a negative coordinate stays a number:
// only text cells are guarded against formulas.
func TestCSVNumbersUnchanged(t *testing.T) {
	e := fixture()[0]
	loc := *e.Record.Location
	loc.Lat, loc.Lon = -12.3456789, -77.0282
	e.Record.Location = &loc
	rows := readCSV(t, e)
	got := map[string]string{}
	for i, name := range rows[0] {
		got[name] = rows[1][i]
	}
	if got["latitude"] != "-12.345679" || got["longitude"] != "-77.0282" {
		t.Errorf("coordinates written as %q, %q", got["latitude"], got["longitude"])
	}
}

func readCSV(t testing.TB, es ...Entry) [][]string {
	t.Helper()
	var buf bytes.Buffer
	if _, err := WriteCSV(&buf, seq(es)); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("reading the CSV back: %v\n%s", err, buf.String())
	}
	return rows
}

// FuzzWriteCSV checks that any caption text and names give a file that
// encoding/csv reads back to one header and one row of the same width, with
// the text as given (after the guard), no text cell a spreadsheet would run,
// and the lists joined.
func FuzzWriteCSV(f *testing.F) {
	for _, e := range fixture() {
		f.Add(e.Record.Text, strings.Join(e.Record.Places, ""), e.Record.Credit)
	}
	f.Add("=cmd|' /C calc'!A0", "-2+3", "\"\n\r,;")
	f.Fuzz(func(t *testing.T, text, place, credit string) {
		e := fixture()[2]
		e.Record.Text, e.Record.Places, e.Record.Credit = text, []string{place, "Damascus"}, credit
		rows := readCSV(t, e)
		if len(rows) != 2 || len(rows[0]) != len(rows[1]) {
			t.Fatalf("%d rows, widths %d", len(rows), len(rows[0]))
		}
		got := map[string]string{}
		for i, name := range rows[0] {
			got[name] = rows[1][i]
			if v := rows[1][i]; v != "" && strings.ContainsRune("=+@\t\r", rune(v[0])) {
				t.Errorf("cell %s = %q starts a formula", name, v)
			}
		}
		// encoding/csv reads "\r\n" inside a quoted field as "\n", so the
		// expectation is stated on the text as written: guarded when it
		// starts with a formula character, then read back by encoding/csv.
		crlf := strings.NewReplacer("\r\n", "\n")
		guarded := func(s string) string {
			if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
				return "'" + s
			}
			return s
		}
		if want := crlf.Replace(guarded(text)); got["text"] != want {
			t.Errorf("text read back as %q, want %q", got["text"], want)
		}
		if want := crlf.Replace(guarded(place + listSep + "Damascus")); got["places"] != want {
			t.Errorf("places read back as %q, want %q", got["places"], want)
		}
	})
}

func TestCSVHeader(t *testing.T) {
	rows := readCSV(t)
	want := []string{"id", "cluster", "event", "text", "description", "lang", "credit", "photographers", "agencies", "date",
		"date_precision", "date_text", "places", "location_name", "latitude", "longitude", "geonameid", "admin1",
		"location_country", "location_feature", "location_precision", "location_basis", "country", "killed", "injured", "attribution",
		"event_types", "actors", "perpetrator", "perpetrator_claim", "target", "people", "evidence", "warnings", "sources", "photo_files", "photo_sha256"}
	if diff := cmp.Diff([][]string{want}, rows); diff != "" {
		t.Errorf("an empty export (-want +got):\n%s", diff)
	}
}
