package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func ccs(codes ...caption.CountryCode) []caption.CountryCode { return codes }

func strp(s string) *string { return &s }

// TestFocusOf checks where the focus countries come from (-focus, else
// SIJIL_FOCUS, else the register's setting) and how bad ones are refused.
func TestFocusOf(t *testing.T) {
	g, err := openGazetteer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		flag   *string
		env    string
		stored []caption.CountryCode
		want   []caption.CountryCode
		from   string
		err    string
	}{
		{name: "none anywhere"},
		{name: "register", stored: ccs("SY", "IQ"), want: ccs("SY", "IQ"), from: registerFocus},
		{name: "env over register", env: "LB", stored: ccs("SY", "IQ"), want: ccs("LB"), from: focusEnv},
		{name: "env without register (parse)", env: "ly,lb", want: ccs("LY", "LB"), from: focusEnv},
		{name: "flag over env and register", flag: strp("YE"), env: "LB", stored: ccs("SY"), want: ccs("YE"), from: "-focus"},
		{name: "empty flag clears", flag: strp(""), env: "LB", stored: ccs("SY"), from: "-focus"},
		{name: "flag spelt loosely", flag: strp(" sy , iq "), want: ccs("SY", "IQ"), from: "-focus"},
		{name: "unknown code in flag", flag: strp("SY,XX"), env: "LB", err: `focus: "XX" is not a country code (-focus)`},
		{name: "name in env", env: "Syria", stored: ccs("SY"), err: `focus: "SYRIA" is not a country code (SIJIL_FOCUS)`},
		{name: "empty code", flag: strp("SY,,IQ"), err: `focus: "" is not a country code (-focus)`},
		{name: "named twice", flag: strp("SY,IQ,sy"), err: `focus: SY is named twice (-focus)`},
		{name: "unknown code stored", stored: ccs("ZZ"), err: `focus: "ZZ" is not a country code (the register's setting: change it with sijil settings -focus)`},
		{name: "bad env, good flag", flag: strp("SY"), env: "XX", want: ccs("SY"), from: "-focus"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := focusOf(Config{FocusFlag: tc.flag, FocusEnv: tc.env}, tc.stored, g)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("focusOf = %v, %v; want error %q", got, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("focusOf: %v", err)
			}
			if diff := cmp.Diff(focus{tc.want, tc.from}, got, cmp.AllowUnexported(focus{})); diff != "" {
				t.Errorf("focusOf (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFocusVersion checks that the focus is part of the gazetteer version
// records are stamped with, and read back from it.
func TestFocusVersion(t *testing.T) {
	g, err := openGazetteer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	plain := versions(g).Gazetteer
	if strings.Contains(plain, focusMark) {
		t.Errorf("version without a focus %q names one", plain)
	}
	// The embedded layer's data changes under its one name: the version
	// carries a digest of it.
	if name, digest, ok := strings.Cut(plain, "#"); name != "cities500" || !ok || len(digest) != 8 {
		t.Errorf("version of the embedded gazetteer = %q, want cities500 and a digest of its data", plain)
	}
	g.SetFocus(ccs("SY", "IQ"))
	if got, want := versions(g).Gazetteer, plain+";focus=SY,IQ"; got != want {
		t.Errorf("version with focus SY,IQ = %q, want %q", got, want)
	}
	vs := []caption.VersionCount{
		{Versions: caption.Versions{Parser: "p2", Gazetteer: plain + ";focus=SY,IQ"}, Records: 50},
		{Versions: caption.Versions{Parser: "p2", Gazetteer: plain}, Records: 7},
		{Versions: caption.Versions{Parser: "p1", Gazetteer: plain + ";focus=SY,IQ"}, Records: 3},
		{Versions: caption.Versions{Parser: "p1", Gazetteer: plain}, Records: 2},
		{Versions: caption.Versions{Parser: "p1", Gazetteer: "team#12345678;focus=LB"}, Records: 1},
	}
	tests := []struct {
		focus []caption.CountryCode
		total int
		by    []focusCount
	}{
		{ccs("SY", "IQ"), 10, []focusCount{{"none", 9}, {"LB", 1}}},
		{nil, 54, []focusCount{{"SY,IQ", 53}, {"LB", 1}}},
		{ccs("IQ", "SY"), 63, []focusCount{{"SY,IQ", 53}, {"none", 9}, {"LB", 1}}},
	}
	for _, tc := range tests {
		total, by := otherFocus(vs, tc.focus)
		if total != tc.total || !cmp.Equal(tc.by, by) {
			t.Errorf("otherFocus(%v) = %d, %v; want %d, %v", tc.focus, total, by, tc.total, tc.by)
		}
	}
}

// TestSettingsCommand sets, shows and clears the focus countries of a
// register (a real SQLite file; PostgreSQL too when SIJIL_TEST_POSTGRES is
// set), and follows the records stamped with them through ingest, stats
// and reparse.
func TestSettingsCommand(t *testing.T) {
	for _, b := range dbBackends {
		t.Run(b.name, func(t *testing.T) {
			dsn := b.dsn(t)
			env := map[string]string{"SIJIL_DB": dsn}
			if r := mustRun(t, env, "settings"); r.stdout != "focus    none\n" {
				t.Errorf("settings of a new register = %q", r.stdout)
			}
			r := mustRun(t, env, "settings", "-focus", "sy, iq")
			if r.stdout != "focus    SY (Syria), IQ (Iraq)\n" {
				t.Errorf("settings -focus sy,iq printed %q", r.stdout)
			}
			r = runMain(t, env, "settings", "-focus", "SY,XX")
			if r.code != 2 || !hasLine(r.stderr, `sijil settings: focus: "XX" is not a country code`) {
				t.Errorf("settings -focus SY,XX: exit %d\n%s", r.code, r.stderr)
			}
			if got := settingsJSON(t, env); !cmp.Equal(got, ccs("SY", "IQ")) {
				t.Errorf("focus after a refused change = %v, want SY,IQ", got)
			}

			docs := copyExamples(t)
			r = mustRun(t, env, append([]string{"ingest"}, docs[:2]...)...)
			if hasLine(r.stderr, "other focus") {
				t.Errorf("ingest with the register's focus complains:\n%s", r.stderr)
			}
			st := statsJSON(t, env)
			if st.Focus != "SY,IQ" || st.OtherFocus != 0 || st.Records == 0 {
				t.Errorf("stats after ingest = %+v, want focus SY,IQ and none other", st)
			}
			checkVersionFocus(t, dsn, map[string]int{"SY,IQ": st.Records})

			// A new setting leaves the records behind until reparse.
			r = mustRun(t, env, "settings", "-focus", "LB")
			if !hasLine(r.stderr, "records were resolved with other focus countries than LB (the register's setting): SY,IQ for ") ||
				!hasLine(r.stderr, "sijil reparse would resolve them again.") {
				t.Errorf("settings -focus LB says:\n%s", r.stderr)
			}
			if st := statsJSON(t, env); st.Focus != "LB" || st.OtherFocus != st.Records {
				t.Errorf("stats after settings -focus LB = %+v, want every record of another focus", st)
			}
			envSYIQ := map[string]string{"SIJIL_DB": dsn, "SIJIL_FOCUS": "SY,IQ"}
			if st := statsJSON(t, envSYIQ); st.Focus != "SY,IQ" || st.OtherFocus != 0 {
				t.Errorf("stats with SIJIL_FOCUS=SY,IQ = %+v, want that focus, none other", st)
			}
			if r := mustRun(t, envSYIQ, "settings"); r.stdout != "focus    LB (Lebanon)\n" || !hasLine(r.stderr, "SIJIL_FOCUS=SY,IQ overrides") {
				t.Errorf("settings with SIJIL_FOCUS set:\n%s%s", r.stdout, r.stderr)
			}
			mustRun(t, env, "reparse")
			if st := statsJSON(t, env); st.OtherFocus != 0 {
				t.Errorf("stats after reparse = %+v, want none of another focus", st)
			}
			checkVersionFocus(t, dsn, map[string]int{"LB": st.Records})

			// -focus wins for one ingest, which then names the flag to
			// reparse with.
			r = mustRun(t, env, "ingest", "-focus", "ye", docs[2])
			if !hasLine(r.stderr, "resolved with other focus countries than YE (-focus): LB for ") || !hasLine(r.stderr, "sijil reparse -focus YE would") {
				t.Errorf("ingest -focus ye says:\n%s", r.stderr)
			}
			if r := runMain(t, env, "ingest", "-focus", "Yemen", docs[2]); r.code != 2 || !hasLine(r.stderr, `sijil ingest: focus: "YEMEN" is not a country code`) {
				t.Errorf("ingest -focus Yemen: exit %d\n%s", r.code, r.stderr)
			}
			r = runMain(t, map[string]string{"SIJIL_DB": dsn, "SIJIL_FOCUS": "XX"}, "reparse")
			if r.code != 1 || !hasLine(r.stderr, `sijil: reparse: focus: "XX" is not a country code (SIJIL_FOCUS)`) {
				t.Errorf("reparse with SIJIL_FOCUS=XX: exit %d\n%s", r.code, r.stderr)
			}
			// serve resolves uploads: it refuses a bad focus before serving.
			r = runMain(t, map[string]string{"SIJIL_DB": dsn, "SIJIL_FOCUS": "XX"}, "serve", "-addr", "127.0.0.1:0")
			if r.code != 1 || !hasLine(r.stderr, `sijil: serve: focus: "XX" is not a country code (SIJIL_FOCUS)`) {
				t.Errorf("serve with SIJIL_FOCUS=XX: exit %d\n%s", r.code, r.stderr)
			}
			if r := runMain(t, env, "serve", "-addr", "127.0.0.1:0", "-focus", "X"); r.code != 2 || !hasLine(r.stderr, `sijil serve: focus: "X" is not a country code`) {
				t.Errorf("serve -focus X: exit %d\n%s", r.code, r.stderr)
			}

			mustRun(t, env, "settings", "-focus", "")
			if got := settingsJSON(t, env); len(got) != 0 {
				t.Errorf("focus after -focus \"\" = %v, want none", got)
			}
			if st := statsJSON(t, env); st.Focus != "" || st.OtherFocus != st.Records {
				t.Errorf("stats after clearing = %+v, want no focus, every record of another", st)
			}
		})
	}
}

// settingsJSON runs sijil settings -json and returns the focus countries.
func settingsJSON(t *testing.T, env map[string]string) []caption.CountryCode {
	t.Helper()
	var w wireSettings
	if err := json.Unmarshal([]byte(mustRun(t, env, "settings", "-json").stdout), &w); err != nil {
		t.Fatal(err)
	}
	if w.Focus == nil {
		t.Error("settings -json: focus is null, want a list")
	}
	return w.Focus
}

// checkVersionFocus checks the focus the records of the register at dsn
// are stamped with: a count of records by focus ("" for none).
func checkVersionFocus(t *testing.T, dsn string, want map[string]int) {
	t.Helper()
	s, err := openStore(t.Context(), dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	vs, err := s.RecordVersions(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, v := range vs {
		got[caption.FormatFocus(versionFocus(v.Versions.Gazetteer))] += v.Records
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records by the focus of their version (-want +got):\n%s", diff)
	}
}

// TestFocusWithoutRegister checks -focus and SIJIL_FOCUS on parse and
// gazetteer search, which have no register.
func TestFocusWithoutRegister(t *testing.T) {
	example := filepath.Join("..", "..", "examples", "ukraine.txt")
	if r := runMain(t, nil, "parse", "-focus", "UA,PL", example); r.code != 0 {
		t.Errorf("parse -focus UA,PL: exit %d\n%s", r.code, r.stderr)
	}
	r := runMain(t, nil, "parse", "-focus", "Ukraine", example)
	if r.code != 2 || !hasLine(r.stderr, `sijil parse: focus: "UKRAINE" is not a country code`) || r.stdout != "" {
		t.Errorf("parse -focus Ukraine: exit %d\n%s", r.code, r.stderr)
	}
	r = runMain(t, map[string]string{"SIJIL_FOCUS": "UA,UA"}, "parse", example)
	if r.code != 1 || !hasLine(r.stderr, "sijil: parse: focus: UA is named twice (SIJIL_FOCUS)") {
		t.Errorf("parse with SIJIL_FOCUS=UA,UA: exit %d\n%s", r.code, r.stderr)
	}
	if r := runMain(t, map[string]string{"SIJIL_FOCUS": "UA,UA"}, "parse", "-focus", "", example); r.code != 0 {
		t.Errorf("parse -focus \"\" with a bad SIJIL_FOCUS: exit %d\n%s", r.code, r.stderr)
	}
	// gazetteer search shows the pick a caption naming only the place gets.
	if r := runMain(t, nil, "gazetteer", "search", "-focus", "LB", "Tripoli"); r.code != 0 {
		t.Errorf("gazetteer search -focus LB: exit %d\n%s", r.code, r.stderr)
	}
	r = runMain(t, nil, "gazetteer", "search", "-focus", "L", "Tripoli")
	if r.code != 2 || !hasLine(r.stderr, `sijil gazetteer search: focus: "L" is not a country code`) {
		t.Errorf("gazetteer search -focus L: exit %d\n%s", r.code, r.stderr)
	}
}
