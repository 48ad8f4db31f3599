package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// newTestStore opens a store in a new file of t's temporary directory. When
// t ends it checks the file's integrity and foreign keys, then closes it.
func newTestStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "sijil.db"), WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		checkIntegrity(t, s)
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// checkIntegrity runs SQLite's integrity, foreign key and FTS5 checks.
func checkIntegrity(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	var result string
	if err := s.writer.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&result); err != nil || result != "ok" {
		t.Errorf("integrity_check: %q, %v", result, err)
	}
	rows, err := s.writer.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, parent string
		var rowid, fk any
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			t.Fatal(err)
		}
		t.Errorf("foreign_key_check: %s row %v has no %s", table, rowid, parent)
	}
	for _, table := range []string{"records_fts", "search_terms_fts"} {
		if _, err := s.writer.ExecContext(ctx, "INSERT INTO "+table+" ("+table+", rank) VALUES ('integrity-check', 0)"); err != nil {
			t.Errorf("FTS5 integrity-check of %s: %v", table, err)
		}
	}
	checkTermWords(t, s.writer)
	// Keys are unique by UNIQUE (key_hash) and records_key_collided; this
	// checks the one case those leave to the store, a key stored both with
	// and without its hash.
	var dups int
	if err := s.writer.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT key FROM records GROUP BY key HAVING count(*) > 1)").Scan(&dups); err != nil || dups != 0 {
		t.Errorf("%d keys stored twice (%v)", dups, err)
	}
	// Every record is in the search index, once.
	var records, indexed, searchRows, pending int
	err = s.writer.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM records), (SELECT count(*) FROM records_fts_docsize),
		(SELECT count(*) FROM search_records), (SELECT count(*) FROM search_pending)`).Scan(&records, &indexed, &searchRows, &pending)
	if err != nil || records != indexed || records != searchRows || pending != 0 {
		t.Errorf("%d records, %d in records_fts, %d in search_records, %d pending (%v)", records, indexed, searchRows, pending, err)
	}
	// The records counted by versions are the records (0016).
	counted, err := s.RecordVersions(ctx)
	if err != nil {
		t.Errorf("RecordVersions: %v", err)
	}
	if diff := cmp.Diff(groupedVersions(t, s.writer), counted); diff != "" {
		t.Errorf("record_versions (-records grouped +counted):\n%s", diff)
	}
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) caption.Store {
		s := newTestStore(t)
		s.gate.Wait = conformanceLockWait
		return s
	})
}

// conformanceLockWait is the stores' lock wait in the conformance suite,
// which waits it out for calls made inside fn with another context: long
// enough for the suite's Exclusive calls, short enough not to slow it.
const conformanceLockWait = 2 * time.Second

// TestConformanceMemory runs the suite on ":memory:", where one connection
// does the reading and the writing.
func TestConformanceMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("the suite again")
	}
	storetest.Run(t, func(t *testing.T) caption.Store {
		s, err := Open(t.Context(), ":memory:", WithPlaceKey(storetest.PlaceKey))
		if err != nil {
			t.Fatal(err)
		}
		s.gate.Wait = conformanceLockWait
		t.Cleanup(func() {
			checkIntegrity(t, s)
			s.Close()
		})
		return s
	})
}

// TestConformanceCollidingKeys runs the suite with key hashes that collide
// all the time, to exercise the records stored with a NULL key_hash.
func TestConformanceCollidingKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("the suite again")
	}
	storetest.Run(t, func(t *testing.T) caption.Store {
		s := newTestStore(t)
		s.gate.Wait = conformanceLockWait
		s.keyHash = func(key string) int64 { return int64(key[0] % 3) }
		return s
	})
}

// TestForeignKeysByTransaction checks where SQLite enforces the schema's
// foreign keys (Store.begin): not in Exclusive's transactions, whose calls
// check their references themselves, and in every other write, also one
// made after an Exclusive call on the same connection.
func TestForeignKeysByTransaction(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	enforced := func(q querier) bool {
		t.Helper()
		var on bool
		if err := q.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&on); err != nil {
			t.Fatal(err)
		}
		return on
	}
	dangling := func(q querier) error {
		_, err := q.ExecContext(ctx, "INSERT INTO corrections (record_id, field, value, previous, note, author, created) VALUES (12345, 'x', '1', '0', '', 't', '2026-12-06T00:00:00Z')")
		return mapErr(err)
	}
	for round := range 2 {
		err := s.Exclusive(ctx, func(ctx context.Context) error {
			if enforced(s.exclusiveTx(ctx).tx) {
				t.Errorf("round %d: foreign keys enforced inside Exclusive", round)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		err = s.write(ctx, func(q querier) error {
			if !enforced(q) {
				t.Errorf("round %d: foreign keys not enforced in a write after Exclusive", round)
			}
			return dangling(q)
		})
		if !errors.Is(err, caption.ErrNotFound) {
			t.Errorf("round %d: a correction of no record, outside Exclusive: %v, want ErrNotFound", round, err)
		}
	}
}
