package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// searchCaptions are parsed and resolved by the real parser and gazetteer;
// the tests name each by a word of its text.
const searchCaptions = `Civil defence volunteers search for survivors after an air strike on Douma, Eastern Ghouta, Syria, on November 6, 2016. At least 4 people were killed and 10 wounded, activists said. (Photo by Abd Doumany/AFP)

Protesters chant slogans in Duma, near Damascus, Syria, April 15, 2012. REUTERS/Stringer

Smoke rises over Dūmā after shelling, Syria, 2017. (AP Photo)

A girl walks through rubble in Saraqib, Idlib province, Syria, on February 5, 2018. (Photo by Omar Haj Kadour/AFP)

Smoke rises over Ma‘arrat an-Nu‘mān, Idlib province, Syria, after an air strike, June 12, 2016. (Photo by Omar Haj Kadour/AFP)

Syrian Civil Defence rescuers search the rubble in Harasta, Eastern Ghouta, Syria, March 3, 2017. Twelve people were killed. (Photo by Sameer Al-Doumy/AFP)

Placard reads '; DROP TABLE records; -- and NEAR( "market" in Aleppo, Syria, 2016. (AP Photo)
`

// searchNames are the captions' names, by a word only each holds.
var searchNames = map[string]string{
	"volunteers": "douma", "Protesters": "duma", "Dūmā after": "dumaa", "Saraqib": "saraqib",
	"Ma‘arrat": "maarrat", "Harasta": "harasta", "Placard": "placard",
}

// newSearchRegister ingests searchCaptions into a new register of backend b
// and returns the environment that names it.
func newSearchRegister(t *testing.T, dsn string) map[string]string {
	t.Helper()
	_, env := newGazetteerEnv(t)
	env["SIJIL_DB"] = dsn
	path := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(path, []byte(searchCaptions), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, env, "ingest", path)
	return env
}

// wireSearchResult is what search --json prints, records cut to what the
// tests read.
type wireSearchResult struct {
	Total   int
	Next    string
	Records []struct {
		ID      int64
		Text    string
		Cluster *int64
	}
	Facets map[string][]wireFacet
}

// searchJSON runs search --json with args and returns the result and the
// records' names.
func searchJSON(t *testing.T, env map[string]string, args ...string) (wireSearchResult, []string) {
	t.Helper()
	r := mustRun(t, env, append([]string{"search", "--json"}, args...)...)
	var res wireSearchResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("search --json %q: %v\n%s", args, err, r.stdout)
	}
	names := []string{}
	for _, rec := range res.Records {
		name := "?"
		for word, n := range searchNames {
			if strings.Contains(rec.Text, word) {
				name = n
			}
		}
		names = append(names, name)
	}
	return res, names
}

func TestSearchCommand(t *testing.T) {
	for _, b := range dbBackends {
		t.Run(b.name, func(t *testing.T) {
			env := newSearchRegister(t, b.dsn(t))
			tests := []struct {
				args []string
				want []string
			}{
				{nil, []string{"saraqib", "harasta", "dumaa", "douma", "maarrat", "placard", "duma"}},
				{[]string{"Maarrat"}, []string{"maarrat"}},
				{[]string{"smoke", "-shelling"}, []string{"maarrat"}},
				{[]string{`"air strike"`, "OR", "protesters"}, []string{"douma", "maarrat", "duma"}},
				{[]string{"--place", "Douma"}, []string{"dumaa", "douma", "duma"}},
				{[]string{"--place", "Duma", "--country", "sy"}, []string{"dumaa", "douma", "duma"}},
				{[]string{"--place", "Douma", "--country", "LB"}, []string{}},
				{[]string{"--admin1", "Idlib"}, []string{"saraqib", "maarrat"}},
				{[]string{"--admin1", "Edlib", "rubble"}, []string{"saraqib"}},
				{[]string{"--agency", "afp", "--from", "2017"}, []string{"saraqib", "harasta"}},
				{[]string{"--from", "2016-06", "--to", "2016-11-06"}, []string{"douma", "maarrat", "placard"}},
				{[]string{"--photographer", "omar haj kadour"}, []string{"saraqib", "maarrat"}},
				{[]string{"--event", "airstrike"}, []string{"douma", "maarrat"}},
				{[]string{"--actor", "white helmets"}, []string{"harasta", "douma"}},
				{[]string{"--killed-min", "5"}, []string{"harasta"}},
				{[]string{"--near", "33.57,36.40,10"}, []string{"harasta", "dumaa", "douma", "duma"}},
				{[]string{"--near", "35.7,36.7,30", "--agency", "AFP"}, []string{"saraqib", "maarrat"}},
			}
			for _, tc := range tests {
				res, got := searchJSON(t, env, tc.args...)
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("search %q (-want +got):\n%s", tc.args, diff)
				}
				if res.Total != len(tc.want) {
					t.Errorf("search %q: total %d, want %d", tc.args, res.Total, len(tc.want))
				}
			}
			res, _ := searchJSON(t, env, "--country", "SY")
			want := []wireFacet{{"Omar Haj Kadour", 2}, {"Abd Doumany", 1}, {"Sameer Al-Doumy", 1}}
			if diff := cmp.Diff(want, res.Facets["photographer"]); diff != "" {
				t.Errorf("photographer facet (-want +got):\n%s", diff)
			}
			if len(res.Facets["year"]) != 4 || res.Records[0].Cluster == nil {
				t.Errorf("facets %v, first record's cluster %v", res.Facets, res.Records[0].Cluster)
			}
			testSearchBasis(t, env)
			testSearchPaging(t, env)
		})
	}
}

// testSearchBasis checks -basis against the basis facet, whatever bases
// the resolver gave: each value's count is what filtering by it finds, in
// any case.
func testSearchBasis(t *testing.T, env map[string]string) {
	res, _ := searchJSON(t, env)
	if _, ok := res.Facets["basis"]; !ok {
		t.Fatalf("search --json has no basis facet: %v", res.Facets)
	}
	located := 0
	for _, f := range res.Facets["basis"] {
		located += f.Count
		got, _ := searchJSON(t, env, "--basis", strings.ToUpper(f.Value))
		if got.Total != f.Count || !slices.Equal(got.Facets["basis"], []wireFacet{f}) {
			t.Errorf("search --basis %q: total %d, basis facet %v; want %d, only it", strings.ToUpper(f.Value), got.Total, got.Facets["basis"], f.Count)
		}
	}
	if located == 0 || located > res.Total {
		t.Errorf("basis facet %v counts %d of %d records", res.Facets["basis"], located, res.Total)
	}
}

// testSearchPaging follows the cursor through pages of two.
func testSearchPaging(t *testing.T, env map[string]string) {
	var got []string
	args := []string{"--limit", "2"}
	for range 10 {
		res, names := searchJSON(t, env, args...)
		got = append(got, names...)
		if res.Next == "" {
			break
		}
		args = []string{"--limit", "2", "--cursor", res.Next}
	}
	want := []string{"saraqib", "harasta", "dumaa", "douma", "maarrat", "placard", "duma"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
}

func TestSearchCommandText(t *testing.T) {
	env := newSearchRegister(t, filepath.Join(t.TempDir(), "sijil.db"))
	r := mustRun(t, env, "search", "--limit", "2", "smoke OR rubble")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) < 4 {
		t.Fatalf("search printed:\n%s", r.stdout)
	}
	for _, want := range []string{"2018-02-05", "Sarāqib, SY", "-/-", "A girl walks through rubble"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("first line %q lacks %q", lines[0], want)
		}
	}
	if !strings.Contains(lines[1], "12/-") {
		t.Errorf("second line %q lacks the casualties 12/-", lines[1])
	}
	if !strings.Contains(r.stdout, "2 of 4 records; next page: -cursor ") || !strings.Contains(r.stdout, "agency:       AFP 3, AP 1") {
		t.Errorf("search printed:\n%s", r.stdout)
	}
}

func TestSearchCommandErrors(t *testing.T) {
	env := newSearchRegister(t, filepath.Join(t.TempDir(), "sijil.db"))
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"a", "OR"}, "OR needs a word"},
		{[]string{"--", "-afp", "OR", "ap"}, "cannot be part of an OR"},
		{[]string{"--from", "2016-13"}, `from date "2016-13"`},
		{[]string{"--from", "2017", "--to", "2016"}, "after"},
		{[]string{"--country", "Syria"}, "two-letter"},
		{[]string{"--near", "33.5,36.4"}, "LAT,LON,KM"},
		{[]string{"--near", "95,36.4,10"}, "latitude"},
		{[]string{"--killed-min", "many"}, "killed-min"},
		{[]string{"--killed-min", "-1"}, "negative"},
		{[]string{"--limit", "0"}, "-limit 0"},
		{[]string{"--limit", "1001"}, "-limit 1001"},
		{[]string{"--cursor", "x"}, "cursor"},
		{[]string{"--basis", "guessed"}, `basis "guessed" is not one of only candidate, country named, container`},
		{[]string{"--nope"}, "nope"},
	}
	for _, tc := range tests {
		r := runMain(t, env, append([]string{"search"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("search %q: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, tc.msg)
		}
	}
	r := runMain(t, map[string]string{"SIJIL_DB": "mysql://x"}, "search", "x")
	if r.code != 1 {
		t.Errorf("search on an unsupported register: exit %d, want 1", r.code)
	}
}

// TestSearchCommandInjection passes strings that mean something to SQL,
// FTS5 or tsquery through every filter: each search either runs or is
// refused as a usage error with a plain message, and the register is
// unharmed.
func TestSearchCommandInjection(t *testing.T) {
	for _, b := range dbBackends {
		t.Run(b.name, func(t *testing.T) {
			env := newSearchRegister(t, b.dsn(t))
			before := mustRun(t, env, "stats").stdout
			inputs := []string{`'`, `"`, `'; DROP TABLE records; --`, `" OR 1=1 --`, `') OR ('1'='1`, `NEAR(`, `*`, `al-Bab`,
				`description:douma`, `(`, `%`, `_`, `\`, `$1`, `?`, `&`, `|`, `!`, `<->`, `a & !b`, `--`, `;`, "OR", "-", "دوما", "a\tb"}
			flags := []string{"", "--place", "--admin1", "--basis", "--agency", "--photographer", "--event", "--actor", "--country", "--from", "--to", "--cursor"}
			for _, in := range inputs {
				for _, f := range flags {
					args := []string{"search", in}
					if f != "" {
						args = []string{"search", f, in}
					}
					r := runMain(t, env, args...)
					if r.code == 1 {
						t.Errorf("sijil %q: exit 1: %s", args, r.stderr)
					}
					for _, w := range []string{"fts5", "syntax error", "SQLSTATE", "no such", "unrecognized token", "malformed", "sqlite"} {
						if strings.Contains(r.stderr, w) {
							t.Errorf("sijil %q: stderr %q holds %q", args, r.stderr, w)
						}
					}
				}
			}
			if after := mustRun(t, env, "stats").stdout; after != before {
				t.Errorf("stats changed:\n%s\n%s", before, after)
			}
			if res, _ := searchJSON(t, env); res.Total != 7 {
				t.Errorf("after the injections, %d records match, want 7", res.Total)
			}
		})
	}
}
