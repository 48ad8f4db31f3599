package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// groupedVersions counts db's records by versions as RecordVersions did
// before 0016, by reading every record. Its context is not t's: the
// stores' cleanup (checkIntegrity) calls it after t's is done.
func groupedVersions(t *testing.T, db *sql.DB) []caption.VersionCount {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), `SELECT parser_version, gazetteer_version, count(*) FROM records
		GROUP BY parser_version, gazetteer_version ORDER BY count(*) DESC, parser_version, gazetteer_version`)
	if err != nil {
		t.Fatal(err)
	}
	var vs []caption.VersionCount
	err = eachRow(rows, func(rows *sql.Rows) error {
		var v caption.VersionCount
		err := rows.Scan(&v.Versions.Parser, &v.Versions.Gazetteer, &v.Records)
		vs = append(vs, v)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestVersionCountsMigrated: 0016 counts the records of an existing
// register, one of schema 0010 (made by the code of then) and one of 0015
// whose load was killed with records_versions deferred, and drops the
// index and its deferred row.
func TestVersionCountsMigrated(t *testing.T) {
	killed := filepath.Join(t.TempDir(), "sijil.db")
	db := openRaw(t, killed)
	if err := migrate(t.Context(), db, migrationsBefore(t, 16), nil); err != nil {
		t.Fatal(err)
	}
	for i, v := range []string{"p1", "p1", "p2", "p1", "p2"} {
		if _, err := db.Exec(`INSERT INTO records (id, key, parser_version, gazetteer_version) VALUES (?, ?, ?, 'g')`, i+1, string(rune('a'+i)), v); err != nil {
			t.Fatal(err)
		}
	}
	// What DeferIndexes left of records_versions in a load killed before
	// its end.
	for _, q := range []string{
		"INSERT INTO deferred_indexes (name, sql) SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND name = 'records_versions'",
		"DROP INDEX records_versions",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	for name, path := range map[string]string{"0010": copyRegister0010(t), "0015, killed in a load": killed} {
		before := groupedVersions(t, openRaw(t, path))
		if len(before) == 0 {
			t.Fatalf("%s: no records to count", name)
		}
		s, err := Open(t.Context(), path, WithPlaceKey(storetest.PlaceKey))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := s.RecordVersions(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(before, got); diff != "" {
			t.Errorf("%s: RecordVersions after the migration (-records grouped +counts):\n%s", name, diff)
		}
		var left int
		if err := s.writer.QueryRow(`SELECT (SELECT count(*) FROM sqlite_schema WHERE name = 'records_versions')
			+ (SELECT count(*) FROM deferred_indexes)`).Scan(&left); err != nil || left != 0 {
			t.Errorf("%s: records_versions or a deferred index left: %d, %v", name, left, err)
		}
		s.Close()
	}
}
