package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/testenv"
)

// dbBackends name the registers the command tests run on: a SQLite file
// always, a PostgreSQL schema when SIJIL_TEST_POSTGRES names a server.
var dbBackends = []struct {
	name string
	dsn  func(t *testing.T) string
}{
	{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "sijil.db") }},
	{"postgres", testPostgresDSN},
}

// testPostgresDSN returns the URL of a new schema on the server
// SIJIL_TEST_POSTGRES names, dropped when the test ends. Without the
// variable the test is skipped, or fails when SIJIL_TEST_POSTGRES_REQUIRED
// is set (as in CI).
func testPostgresDSN(t *testing.T) string {
	t.Helper()
	base := testenv.Postgres(t)
	ctx := context.Background()
	name := strings.ToLower("sijil_cmd_" + rand.Text()[:12])
	exec := func(sql string) {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Fatalf("connect to SIJIL_TEST_POSTGRES: %v", err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec(`CREATE SCHEMA ` + pgx.Identifier{name}.Sanitize())
	t.Cleanup(func() { exec(`DROP SCHEMA ` + pgx.Identifier{name}.Sanitize() + ` CASCADE`) })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("SIJIL_TEST_POSTGRES: %v", err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// copyExamples copies examples/*.txt to a temporary directory, so that a
// test may change them, and returns the copies' paths.
func copyExamples(t *testing.T) []string {
	t.Helper()
	src, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.txt"))
	if err != nil || len(src) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	dir := t.TempDir()
	var out []string
	for _, p := range src {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.Base(p))
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, dst)
	}
	return out
}

// statsJSON runs sijil stats --json.
func statsJSON(t *testing.T, env map[string]string) wireStats {
	t.Helper()
	r := mustRun(t, env, "stats", "--json")
	var st wireStats
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil {
		t.Fatalf("stats --json: %v\n%s", err, r.stdout)
	}
	return st
}

func TestIngestStatsExport(t *testing.T) {
	for _, b := range dbBackends {
		t.Run(b.name, func(t *testing.T) {
			env := map[string]string{"SIJIL_DB": b.dsn(t)}
			docs := copyExamples(t)
			r := mustRun(t, env, append([]string{"ingest"}, docs...)...)
			if !hasLine(r.stderr, "ingested 3 documents (0 unchanged)") || !hasLine(r.stderr, "0 failures") {
				t.Errorf("ingest summary:\n%s", r.stderr)
			}
			first := statsJSON(t, env)
			if first.Documents != 3 || first.Records != first.Occurrences-2 || first.Clusters == 0 || first.Events == 0 {
				t.Errorf("stats %+v: want 3 documents and two exact duplicates", first)
			}
			r = mustRun(t, env, append([]string{"ingest"}, docs...)...)
			if !hasLine(r.stderr, "ingested 3 documents (3 unchanged), 0 captions") {
				t.Errorf("second ingest summary:\n%s", r.stderr)
			}
			if diff := cmp.Diff(first, statsJSON(t, env)); diff != "" {
				t.Errorf("stats changed on re-ingest (-first +second):\n%s", diff)
			}

			recs := exportRecords(t, env)
			if len(recs) != first.Records {
				t.Fatalf("export wrote %d records, stats say %d", len(recs), first.Records)
			}
			occurrences := 0
			for _, rec := range recs {
				occurrences += len(rec.Sources)
				checkSources(t, rec)
			}
			if occurrences != first.Occurrences {
				t.Errorf("export lists %d sources, stats say %d occurrences", occurrences, first.Occurrences)
			}

			r = mustRun(t, env, "reparse")
			if !hasLine(r.stdout, "records: 0 changed, 0 only restamped") {
				t.Errorf("reparse of an unchanged register:\n%s", r.stdout)
			}
		})
	}
}

// exportedRecord is what the tests read of sijil export's lines.
type exportedRecord struct {
	ID      int64  `json:"id"`
	Cluster *int64 `json:"cluster"`
	Event   *int64 `json:"event"`
	Text    string `json:"text"`
	// Location is the part of the location the tests read.
	Location *struct {
		Precision int    `json:"precision"`
		Basis     string `json:"basis"`
	} `json:"location"`
	Sources []struct { // wireSource
		Document string `json:"document"`
		SHA256   string `json:"sha256"`
		Index    int    `json:"index"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		Line     int    `json:"line"`
		Photo    *struct {
			SHA256 string
			Width  int
			PHash  string
			Group  *int64
		} `json:"photo"`
	} `json:"sources"`
	keys []string
}

func exportRecords(t *testing.T, env map[string]string) []exportedRecord {
	t.Helper()
	r := mustRun(t, env, "export", "--format", "jsonl")
	var out []exportedRecord
	sc := bufio.NewScanner(strings.NewReader(r.stdout))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec exportedRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("export line %d: %v", len(out)+1, err)
		}
		rec.keys = objectKeys(t, sc.Text())
		out = append(out, rec)
	}
	return out
}

// checkSources checks that every source of an exported record points at
// the caption in its document: the byte range holds a caption with the
// record's key, the digest is the file's and the line is the range's.
func checkSources(t *testing.T, rec exportedRecord) {
	t.Helper()
	want := []string{"text", "description", "lang", "credit", "photographers", "agencies", "date", "date_precision", "date_text",
		"places", "location", "country", "killed", "injured", "attribution", "event_types", "actors", "perpetrator", "target",
		"people", "evidence", "warnings", "id", "cluster", "event", "sources"}
	if diff := cmp.Diff(want, rec.keys); diff != "" {
		t.Errorf("record %d: keys (-want +got):\n%s", rec.ID, diff)
	}
	if rec.Cluster == nil || rec.Event == nil || len(rec.Sources) == 0 {
		t.Errorf("record %d: cluster %v, event %v, %d sources", rec.ID, rec.Cluster, rec.Event, len(rec.Sources))
	}
	for _, src := range rec.Sources {
		data, err := os.ReadFile(src.Document)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != src.SHA256 {
			t.Errorf("record %d: %s has digest %s at export", rec.ID, src.Document, src.SHA256)
		}
		if src.Start < 0 || src.End > len(data) || src.Start >= src.End {
			t.Errorf("record %d: range [%d,%d) outside the %d bytes of %s", rec.ID, src.Start, src.End, len(data), src.Document)
			continue
		}
		if got := string(data[src.Start:src.End]); dedup.Key(got) != dedup.Key(rec.Text) {
			t.Errorf("record %d: %s[%d:%d] = %q, want the caption %q", rec.ID, src.Document, src.Start, src.End, got, rec.Text)
		}
		if line := 1 + strings.Count(string(data[:src.Start]), "\n"); line != src.Line {
			t.Errorf("record %d: source line %d, the range starts on line %d", rec.ID, src.Line, line)
		}
	}
}

func TestIngestSeeds(t *testing.T) {
	seeds, _ := filepath.Glob(filepath.Join(testenv.Shared(t, "seeds"), "*.txt"))
	if len(seeds) == 0 {
		testenv.Missing(t, testenv.SharedRequired, "no captions in ../shared/seeds")
	}
	env := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "seeds.db")}
	mustRun(t, env, append([]string{"ingest"}, seeds...)...)
	got := statsJSON(t, env)
	if got.Documents != 5 || got.Occurrences != 40 || got.Records != 28 {
		t.Errorf("stats after ingesting the seeds = %+v, want 5 documents, 40 occurrences, 28 records", got)
	}
	mustRun(t, env, append([]string{"ingest"}, seeds...)...)
	if again := statsJSON(t, env); again != got {
		t.Errorf("stats after ingesting the seeds again = %+v, want %+v", again, got)
	}
}

func TestIngestBadFile(t *testing.T) {
	docs := copyExamples(t)
	bad := filepath.Join(t.TempDir(), "broken.csv")
	if err := os.WriteFile(bad, []byte("id,caption\n1,\"Smoke over Taiz.\"\n2,\"Smoke \"over\" Aden.\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{}
	db := filepath.Join(t.TempDir(), "sijil.db")
	r := runMain(t, env, "ingest", "--db", db, docs[0], bad, docs[1])
	if r.code != 1 {
		t.Errorf("exit %d, want 1", r.code)
	}
	for _, want := range []string{
		"sijil: ingest " + bad + `:3: extraneous or missing " in quoted-field: invalid input`,
		"sijil: ingest: 1 of 3 documents failed",
		"ingested 2 documents (0 unchanged)",
	} {
		if !hasLine(r.stderr, want) {
			t.Errorf("stderr has no line %q:\n%s", want, r.stderr)
		}
	}
	if st := statsJSON(t, map[string]string{"SIJIL_DB": db}); st.Documents != 2 {
		t.Errorf("stats %+v: want the two good documents", st)
	}
}

// TestIngestSymlinks plants, in an ingested folder, a link to a file
// outside it (standing for /etc/passwd) and a link to a directory: both are
// passed over and counted in the summary, and nothing of the outside file
// is stored. The same link named on the command line is read.
func TestIngestSymlinks(t *testing.T) {
	docs := copyExamples(t)
	dir := filepath.Dir(docs[0])
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("SECRET: smoke rises over Aleppo, Syria, on May 1, 2016. (AFP)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "passwd.txt")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink(filepath.Dir(secret), filepath.Join(dir, "elsewhere")); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"SIJIL_DB": filepath.Join(t.TempDir(), "sijil.db")}
	r := mustRun(t, env, "ingest", dir)
	want := "passed over 2 symbolic links inside directories, not followed: " +
		filepath.Join(dir, "elsewhere") + ", " + filepath.Join(dir, "passwd.txt")
	if !hasLine(r.stderr, want) || !hasLine(r.stderr, fmt.Sprintf("ingested %d documents (0 unchanged)", len(docs))) {
		t.Errorf("stderr has no line %q, or not %d documents:\n%s", want, len(docs), r.stderr)
	}
	for _, rec := range exportRecords(t, env) {
		if strings.Contains(rec.Text, "SECRET") {
			t.Errorf("record %d holds the linked file's text: %q", rec.ID, rec.Text)
		}
	}
	r = mustRun(t, env, "ingest", filepath.Join(dir, "passwd.txt"))
	if !hasLine(r.stderr, "ingested 1 documents (0 unchanged), 1 captions") || hasLine(r.stderr, "passed over") {
		t.Errorf("a link named on the command line is read as given:\n%s", r.stderr)
	}
}

func TestShowVerify(t *testing.T) {
	docs := copyExamples(t)
	env := map[string]string{"SIJIL_DB": filepath.Join(t.TempDir(), "sijil.db")}
	mustRun(t, env, append([]string{"ingest"}, docs...)...)
	var dup exportedRecord
	for _, rec := range exportRecords(t, env) {
		if len(rec.Sources) == 2 {
			dup = rec
			break
		}
	}
	if dup.ID == 0 {
		t.Fatal("no record found twice in the examples")
	}
	r := mustRun(t, env, "show", strconvI(dup.ID))
	for _, want := range []string{
		"record " + strconvI(dup.ID),
		"sources (2)",
		dup.Sources[0].Document,
		"cluster " + strconvI(*dup.Cluster) + " (1 records): " + strconvI(dup.ID),
		"links (2)",
		"rule new",
	} {
		if !hasLine(r.stdout, want) {
			t.Errorf("show has no line %q:\n%s", want, r.stdout)
		}
	}
	if l := dup.Location; l == nil || l.Basis == "" {
		t.Errorf("record %d has no location basis: %+v", dup.ID, l)
	} else if want := fmt.Sprintf("precision %d (basis: %s)", l.Precision, l.Basis); !hasLine(r.stdout, want) {
		t.Errorf("show has no line %q:\n%s", want, r.stdout)
	}
	if r := runMain(t, env, "show", "999999"); r.code != 1 || !hasLine(r.stderr, "no record 999999: not found") {
		t.Errorf("show of a missing record: exit %d\n%s", r.code, r.stderr)
	}
	if r := runMain(t, env, "show", "x"); r.code != 2 {
		t.Errorf("show x: exit %d, want 2", r.code)
	}

	r = mustRun(t, env, "verify")
	if !hasLine(r.stdout, "3 documents: 3 unchanged, 0 changed, 0 superseded, 0 missing, 0 unreadable") {
		t.Errorf("verify of untouched documents:\n%s", r.stdout)
	}
	if err := os.WriteFile(docs[0], []byte("Changed.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(docs[1]); err != nil {
		t.Fatal(err)
	}
	r = runMain(t, env, "verify")
	if r.code != 1 || !hasLine(r.stdout, "changed     "+docs[0]) || !hasLine(r.stdout, "missing     "+docs[1]) ||
		!hasLine(r.stdout, "3 documents: 1 unchanged, 1 changed, 0 superseded, 1 missing") {
		t.Errorf("verify after a change: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// Ingesting the changed document again supersedes its old version.
	mustRun(t, env, "ingest", docs[0])
	r = mustRun(t, env, "verify")
	if !hasLine(r.stdout, "superseded  "+docs[0]) || !hasLine(r.stdout, "4 documents: 2 unchanged, 0 changed, 1 superseded, 1 missing") {
		t.Errorf("verify after re-ingesting the changed document:\n%s", r.stdout)
	}
}

func TestOpenStore(t *testing.T) {
	dir := t.TempDir()
	for _, dsn := range []string{filepath.Join(dir, "a.db"), "sqlite:" + filepath.Join(dir, "b.db"), "sqlite://" + filepath.Join(dir, "c.db")} {
		s, err := openStore(t.Context(), dsn, nil)
		if err != nil {
			t.Errorf("openStore(%q): %v", dsn, err)
			continue
		}
		s.Close()
	}
	for _, name := range []string{"a.db", "b.db", "c.db"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("no database file: %v", err)
		}
	}
	for _, tc := range []struct {
		dsn  string
		want error
	}{
		{"mysql://root:secret@localhost/db", caption.ErrUnsupported},
		{"sqlite:", caption.ErrInvalid},
	} {
		_, err := openStore(t.Context(), tc.dsn, nil)
		if !errors.Is(err, tc.want) || strings.Contains(errString(err), "secret") {
			t.Errorf("openStore(%q) = %v, want %v without the password", tc.dsn, err, tc.want)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func strconvI(n int64) string { return strconv.FormatInt(n, 10) }
