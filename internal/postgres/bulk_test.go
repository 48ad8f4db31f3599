package postgres

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// TestDeferIndexes: DeferIndexes drops exactly the deferrable indexes;
// searches, event candidates and stores work without them and find the
// same; RestoreIndexes builds them back to the schema the migrations made
// (so the store's definitions are the migrations'); each is idempotent,
// and Open builds what a load left deferred.
func TestDeferIndexes(t *testing.T) {
	url := newSchema(t)
	s := mustOpen(t, url)
	ctx := t.Context()
	schema := s.pool.Config().ConnConfig.RuntimeParams["search_path"]
	ns := make([]int, 60)
	for i := range ns {
		ns[i] = i
	}
	doc, items := testDocument("a.txt", ns...)
	if _, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, testVersions, newLinks); err != nil {
		t.Fatal(err)
	}
	before, err := dumpSchema(ctx, schema, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range deferrable {
		if !strings.Contains(before, deferredLine(d)) {
			t.Fatalf("%s, which the store defers, is not in the schema", d.name)
		}
	}
	q := caption.Query{Text: "rubble", Country: "SY", From: "2016-11-01", To: "2016-11-20", Limit: 100}
	wantIDs := searchIDs(t, s, q)
	if len(wantIDs) == 0 {
		t.Fatalf("the search %+v finds nothing: nothing to compare", q)
	}
	day := items[3].Record.Date
	wantCands := candidateIDs(t, s, day)
	if len(wantCands) == 0 {
		t.Fatalf("no event candidates on %s: nothing to compare", day)
	}

	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	deferred, err := dumpSchema(ctx, schema, s)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(withoutDeferrable(before), deferred); diff != "" {
		t.Errorf("DeferIndexes changed more than the deferrable indexes (-want +got):\n%s", diff)
	}
	if names := deferredNames(t, s); len(names) != len(deferrable) {
		t.Errorf("deferred_indexes holds %v, want the %d deferrable", names, len(deferrable))
	}
	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatalf("DeferIndexes again: %v", err)
	}
	if diff := cmp.Diff(wantIDs, searchIDs(t, s, q)); diff != "" {
		t.Errorf("search without the deferred indexes (-with +without):\n%s", diff)
	}
	if diff := cmp.Diff(wantCands, candidateIDs(t, s, day)); diff != "" {
		t.Errorf("event candidates without the deferred indexes (-with +without):\n%s", diff)
	}
	doc2, items2 := testDocument("b.txt", 100, 101, 102)
	if _, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc2, Items: items2}}, testVersions, newLinks); err != nil {
		t.Fatalf("PutDocuments without the deferred indexes: %v", err)
	}
	wantIDs = searchIDs(t, s, q)

	n, err := s.RestoreIndexes(ctx)
	if err != nil || n != len(deferrable) {
		t.Fatalf("RestoreIndexes: %d, %v; want %d", n, err, len(deferrable))
	}
	after, err := dumpSchema(ctx, schema, s)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("RestoreIndexes did not give back the migrations' schema (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(wantIDs, searchIDs(t, s, q)); diff != "" {
		t.Errorf("search after RestoreIndexes (-before +after):\n%s", diff)
	}
	if n, err := s.RestoreIndexes(ctx); err != nil || n != 0 {
		t.Errorf("RestoreIndexes again: %d, %v; want 0", n, err)
	}

	// A load that stopped with its indexes deferred: the next Open builds
	// them.
	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = mustOpen(t, url)
	reopened, err := dumpSchema(ctx, schema, s)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, reopened); diff != "" {
		t.Errorf("Open did not build the deferred indexes (-before +after):\n%s", diff)
	}
	if names := deferredNames(t, s); len(names) != 0 {
		t.Errorf("deferred_indexes holds %v after Open", names)
	}
}

// TestRestoreChecksForeignKeys: a foreign key added back checks the rows
// written while it was dropped. A link to a record that does not exist
// stops RestoreIndexes with an error naming the key, which stays deferred
// (the next Open tries again) until the row is mended.
func TestRestoreChecksForeignKeys(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	doc, items := testDocument("a.txt", 1, 2, 3)
	if _, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, testVersions, newLinks); err != nil {
		t.Fatal(err)
	}
	if err := s.DeferIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	var record, target int64
	if err := s.pool.QueryRow(ctx, "SELECT record_id, target_id FROM links ORDER BY record_id LIMIT 1").Scan(&record, &target); err != nil {
		t.Fatal(err)
	}
	const dangling = 1 << 40
	if _, err := s.pool.Exec(ctx, "UPDATE links SET target_id = $1 WHERE record_id = $2", dangling, record); err != nil {
		t.Fatalf("a dangling link while the keys are deferred: %v", err)
	}
	_, err := s.RestoreIndexes(ctx)
	if err == nil || !strings.Contains(err.Error(), "links_target_id_fkey") {
		t.Fatalf("RestoreIndexes over a dangling link: %v, want an error naming links_target_id_fkey", err)
	}
	if names := deferredNames(t, s); !slices.Contains(names, "links_target_id_fkey") {
		t.Errorf("deferred_indexes after the failed restore: %v, want links_target_id_fkey still there", names)
	}
	if _, err := s.pool.Exec(ctx, "UPDATE links SET target_id = $1 WHERE record_id = $2", target, record); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RestoreIndexes(ctx); err != nil {
		t.Fatalf("RestoreIndexes once mended: %v", err)
	}
	if names := deferredNames(t, s); len(names) != 0 {
		t.Errorf("deferred_indexes holds %v once restored", names)
	}
	if _, err := s.pool.Exec(ctx, "UPDATE links SET target_id = $1 WHERE record_id = $2", dangling, record); err == nil {
		t.Error("a dangling link is accepted once the keys are back")
	}
}

// TestRestoreRefusesForeignRows: deferred_indexes may come from anyone
// who could write the database. RestoreIndexes builds only what the store
// itself defers, from its own definitions, and refuses any other name.
func TestRestoreRefusesForeignRows(t *testing.T) {
	for _, name := range []string{
		"records_key_key",
		"records_search_idx; DROP TABLE documents",
		"evil",
		"",
	} {
		t.Run(name, func(t *testing.T) {
			s := newTestStore(t)
			ctx := t.Context()
			if err := s.DeferIndexes(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := s.pool.Exec(ctx, "INSERT INTO deferred_indexes (name) VALUES ($1)", name); err != nil {
				t.Fatal(err)
			}
			// Built in name order: the foreign row stops the run wherever
			// it sorts, and is never run.
			_, err := s.RestoreIndexes(ctx)
			if !errors.Is(err, caption.ErrInvalid) || !strings.Contains(err.Error(), "delete that row") {
				t.Fatalf("RestoreIndexes with a row %q: %v, want ErrInvalid saying what to do", name, err)
			}
			var tables int
			if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE tablename = 'documents' AND schemaname = current_schema()").Scan(&tables); err != nil || tables != 1 {
				t.Errorf("documents tables: %d, %v", tables, err)
			}
			if names := deferredNames(t, s); !slices.Contains(names, name) {
				t.Errorf("the foreign row %q is gone from deferred_indexes: %v", name, names)
			}
		})
	}
}

// withoutDeferrable is a schema dump without the deferrable indexes' and
// foreign keys' lines.
func withoutDeferrable(dump string) string {
	lines := strings.SplitAfter(dump, "\n")
	return strings.Join(slices.DeleteFunc(lines, func(l string) bool {
		return slices.ContainsFunc(deferrable, func(d deferredIndex) bool {
			return strings.HasPrefix(l, deferredLine(d))
		})
	}), "")
}

// deferredLine is how the line of d begins in a schema dump (dumpTable).
func deferredLine(d deferredIndex) string {
	if d.table == "" {
		return "CREATE INDEX " + d.name + " ON "
	}
	return "ALTER TABLE " + d.table + " ADD CONSTRAINT " + d.name + " FOREIGN KEY "
}

func deferredNames(t *testing.T, s *Store) []string {
	t.Helper()
	rows, err := s.pool.Query(t.Context(), "SELECT name FROM deferred_indexes ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return names
}

func searchIDs(t *testing.T, s *Store, q caption.Query) []int64 {
	t.Helper()
	res, err := s.Search(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	return recordIDs(res.Records)
}

func candidateIDs(t *testing.T, s *Store, d caption.PartialDate) []int64 {
	t.Helper()
	rs, err := s.EventCandidates(context.WithoutCancel(t.Context()), d, 2)
	if err != nil {
		t.Fatal(err)
	}
	return recordIDs(rs)
}
