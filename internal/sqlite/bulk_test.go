package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// indexDefs returns the store's indexes with a definition: name → SQL.
func indexDefs(t *testing.T, db *sql.DB) map[string]string {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]string{}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var name, def string
		err := rows.Scan(&name, &def)
		defs[name] = def
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return defs
}

// deferredNames returns the names in deferred_indexes.
func deferredNames(t *testing.T, db *sql.DB) []string {
	t.Helper()
	var names []string
	rows, err := db.QueryContext(t.Context(), "SELECT name FROM deferred_indexes ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	err = eachRow(rows, func(rows *sql.Rows) error {
		var n string
		err := rows.Scan(&n)
		names = append(names, n)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestDeferIndexes defers the indexes of a store holding records, reads
// and writes without them, and builds them again: the schema is then the
// one it had, and what the store answers never changed.
func TestDeferIndexes(t *testing.T) {
	ctx := t.Context()
	// A quote in the directory's name, which sortBesideFile passes to
	// SQLite in a pragma.
	dir := filepath.Join(t.TempDir(), "the team's register")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "sijil.db")
	s, err := Open(ctx, path, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	doc, items := genDocument("a.txt", 0, 60)
	if _, err := s.PutDocument(ctx, doc, items, caption.Versions{Parser: "p1", Gazetteer: "g1"}); err != nil {
		t.Fatal(err)
	}
	// Every record its own cluster and event, for EventCandidates.
	if _, err := s.writer.ExecContext(ctx, "UPDATE records SET cluster = id, event = id"); err != nil {
		t.Fatal(err)
	}
	day := items[3].Record.Date
	wantCands := candidateIDs(t, s, day)
	if len(wantCands) == 0 {
		t.Fatalf("no event candidates on %s: nothing to compare", day)
	}
	before := indexDefs(t, s.writer)
	want := maps.Clone(before)
	for _, name := range deferrable {
		if want[name] == "" {
			t.Fatalf("index %s, which the store defers, is not in the schema", name)
		}
	}
	q := caption.Query{Text: "rubble", Country: "SY", From: "2013-01-01", To: "2017-12-31", Agency: "AFP", Limit: 100}
	wantIDs := searchIDs(t, s, q)
	wantStats, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(wantIDs) == 0 {
		t.Fatalf("the search %+v finds nothing: nothing to compare", q)
	}

	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	got := indexDefs(t, s.writer)
	for _, name := range deferrable {
		if _, ok := got[name]; ok {
			t.Errorf("index %s is still there after DeferIndexes", name)
		}
		delete(want, name)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DeferIndexes dropped indexes it does not defer (-before +after):\n%s", diff)
	}
	if names := deferredNames(t, s.writer); len(names) != len(deferrable) {
		t.Errorf("deferred_indexes holds %v, want the %d deferrable", names, len(deferrable))
	}
	// A second load deferring them finds nothing to drop.
	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatalf("DeferIndexes again: %v", err)
	}
	if diff := cmp.Diff(wantIDs, searchIDs(t, s, q)); diff != "" {
		t.Errorf("search without the deferred indexes (-with +without):\n%s", diff)
	}
	if diff := cmp.Diff(wantCands, candidateIDs(t, s, day)); diff != "" {
		t.Errorf("event candidates without the deferred indexes (-with +without):\n%s", diff)
	}
	doc2, items2 := genDocument("b.txt", 60, 40)
	if _, err := s.PutDocument(ctx, doc2, items2, caption.Versions{Parser: "p1", Gazetteer: "g1"}); err != nil {
		t.Fatalf("PutDocument without the deferred indexes: %v", err)
	}
	wantIDs = searchIDs(t, s, q)
	stats, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Records <= wantStats.Records {
		t.Errorf("Stats without the indexes: %+v, not more records than %+v", stats, wantStats)
	}

	mapped := mmapSize(t, s)
	// Each build sorts in files in the register's directory
	// (sortBesideFile), and the load after them in memory again.
	var sorts []string
	s.building = func(q querier) {
		sorts = append(sorts, tempStore(t, q))
	}
	n, err := s.RestoreIndexes(ctx)
	if err != nil || n != len(deferrable) {
		t.Fatalf("RestoreIndexes: %d, %v; want %d", n, err, len(deferrable))
	}
	s.building = nil
	want1 := "temp_store 1 in " + dir
	if len(sorts) != len(deferrable) || slices.ContainsFunc(sorts, func(got string) bool { return got != want1 }) {
		t.Errorf("the builds sorted with %q, want %d times %q", sorts, len(deferrable), want1)
	}
	if got, want := tempStore(t, s.writer), "temp_store 2 in "; got != want {
		t.Errorf("after the builds the writer sorts with %q, want %q as before", got, want)
	}
	// The builds map the file (mapForBuilds); the load after them must
	// not, which measured slower.
	if got := mmapSize(t, s); got != mapped {
		t.Errorf("the writer's mmap_size after RestoreIndexes is %d, want %d as before", got, mapped)
	}
	if diff := cmp.Diff(before, indexDefs(t, s.writer)); diff != "" {
		t.Errorf("schema after RestoreIndexes (-want +got):\n%s", diff)
	}
	if names := deferredNames(t, s.writer); len(names) != 0 {
		t.Errorf("deferred_indexes still holds %v", names)
	}
	if n, err := s.RestoreIndexes(ctx); err != nil || n != 0 {
		t.Errorf("RestoreIndexes again: %d, %v; want 0", n, err)
	}
	if diff := cmp.Diff(wantIDs, searchIDs(t, s, q)); diff != "" {
		t.Errorf("search after the indexes were built (-without +with):\n%s", diff)
	}
	checkIntegrity(t, s)
}

// tempStore returns the temp_store (1 file, 2 memory) and the temporary
// directory that q's connection sorts with.
func tempStore(t *testing.T, q querier) string {
	t.Helper()
	var store int
	var dir string
	if err := q.QueryRowContext(t.Context(), "PRAGMA temp_store").Scan(&store); err != nil {
		t.Fatal(err)
	}
	// No row when SQLite has no directory of its own.
	if err := q.QueryRowContext(t.Context(), "PRAGMA temp_store_directory").Scan(&dir); err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
	return fmt.Sprintf("temp_store %d in %s", store, dir)
}

// mmapSize returns the writer connection's mmap_size.
func mmapSize(t *testing.T, s *Store) int64 {
	t.Helper()
	var n int64
	if err := s.writer.QueryRowContext(t.Context(), "PRAGMA mmap_size").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRestoreIndexesInExclusive: RestoreIndexes called inside Exclusive,
// whose transaction holds the writer's one connection, builds the indexes
// in that transaction and leaves the connection's mapping alone instead
// of waiting for the connection it holds.
func TestRestoreIndexesInExclusive(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	s := newTestStore(t) // which checks the file's integrity at the end
	doc, items := genDocument("a.txt", 0, 20)
	if _, err := s.PutDocument(ctx, doc, items, caption.Versions{Parser: "p1", Gazetteer: "g1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	n := 0
	var sorts []string
	s.building = func(q querier) { sorts = append(sorts, tempStore(t, q)) }
	err := s.Exclusive(ctx, func(ctx context.Context) error {
		var err error
		n, err = s.RestoreIndexes(ctx)
		return err
	})
	s.building = nil
	if want := "temp_store 2 in "; len(sorts) == 0 || slices.ContainsFunc(sorts, func(got string) bool { return got != want }) {
		t.Errorf("the builds inside Exclusive sorted with %q, want %q (in memory, as the transaction began)", sorts, want)
	}
	if err != nil || n != len(deferrable) {
		t.Fatalf("RestoreIndexes inside Exclusive: %d, %v; want %d", n, err, len(deferrable))
	}
	if names := deferredNames(t, s.writer); len(names) != 0 {
		t.Errorf("deferred_indexes still holds %v", names)
	}
	if got := mmapSize(t, s); got != 0 {
		t.Errorf("the writer's mmap_size is %d after a build inside Exclusive, want 0", got)
	}
	checkIntegrity(t, s)
}

// candidateIDs returns the IDs of EventCandidates(d, 1).
func candidateIDs(t *testing.T, s *Store, d caption.PartialDate) []int64 {
	t.Helper()
	rs, err := s.EventCandidates(t.Context(), d, 1)
	if err != nil {
		t.Fatalf("EventCandidates(%s): %v", d, err)
	}
	var ids []int64
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	return ids
}

// TestOpenRestoresDeferred: a load killed with its indexes deferred leaves
// them to the next Open, which builds them.
func TestOpenRestoresDeferred(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "sijil.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want := indexDefs(t, s.writer)
	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	raw := openRaw(t, path)
	if names := deferredNames(t, raw); len(names) != len(deferrable) {
		t.Fatalf("deferred before Open: %v", names)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if diff := cmp.Diff(want, indexDefs(t, s.writer)); diff != "" {
		t.Errorf("schema after Open (-before deferring +after):\n%s", diff)
	}
	if names := deferredNames(t, raw); len(names) != 0 {
		t.Errorf("deferred after Open: %v", names)
	}
}

// TestRestoreRefusesForeignRows: deferred_indexes is run as SQL, and a
// register file may come from an adversary. A row DeferIndexes could not
// have written stops Open with an error naming it, and runs nothing.
func TestRestoreRefusesForeignRows(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, def string }{
		{"evil", "CREATE INDEX evil ON records (id)"},
		{"occurrences_record", "CREATE INDEX occurrences_record ON records (id); ATTACH DATABASE '" + filepath.Join(dir, "written.db") + "' AS w"},
		{"occurrences_record", "CREATE INDEX search_records_day ON records (id)"},
		{"occurrences_record", "ATTACH DATABASE '" + filepath.Join(dir, "written.db") + "' AS w"},
	} {
		path := filepath.Join(dir, tc.name+fmt.Sprint(len(tc.def))+".db")
		s, err := Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		// The rows of a load that deferred them, one then rewritten.
		if err := s.DeferIndexes(t.Context()); err != nil {
			t.Fatal(err)
		}
		s.Close()
		raw := openRaw(t, path)
		// The table's CHECK wants CREATE INDEX: the ATTACH row is
		// written past it, as an adversary's tool would.
		if _, err := raw.ExecContext(t.Context(), "PRAGMA ignore_check_constraints = ON"); err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(t.Context(), "INSERT INTO deferred_indexes (name, sql) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET sql = excluded.sql", tc.name, tc.def); err != nil {
			t.Fatal(err)
		}
		raw.Close()
		s, err = Open(context.Background(), path)
		if err == nil {
			s.Close()
			t.Errorf("Open with deferred row %q: no error", tc.def)
			continue
		}
		if !errors.Is(err, caption.ErrInvalid) || !strings.Contains(err.Error(), "delete that row") {
			t.Errorf("Open with deferred row %q: %v, not ErrInvalid saying what to do", tc.def, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "written.db")); err == nil {
			t.Fatalf("Open with deferred row %q ran it: written.db exists", tc.def)
		}
	}
}
