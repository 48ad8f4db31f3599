package sqlite

import (
	"database/sql"
	"io/fs"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestMigrateBasis checks that migration 0008 gives search_records the
// basis of the records stored with one before it, and none to the others.
func TestMigrateBasis(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	db := openRaw(t, path)
	if err := migrate(t.Context(), db, migrationsBefore(t, 8), nil); err != nil {
		t.Fatal(err)
	}
	located := func(b caption.LocationBasis) string {
		js, err := caption.MarshalRecord(caption.Record{Text: "x", Location: &caption.Location{Name: "Douma", Lat: 33.57, Lon: 36.4, Precision: 1, Basis: b}})
		if err != nil {
			t.Fatal(err)
		}
		return string(js)
	}
	for i, js := range []string{located(caption.BasisPopulation), located(""), `{"text":"y","location":null}`} {
		id := i + 1
		if _, err := db.Exec(`INSERT INTO records (id, key, json, parser_version, gazetteer_version) VALUES (?, ?, ?, 'p', 'g')`, id, string(rune('a'+i)), js); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO search_records (id) VALUES (?)`, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := migrate(t.Context(), db, migrationFiles, nil); err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	rows, err := db.Query("SELECT id, basis FROM search_records")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int
		var basis sql.NullString
		if err := rows.Scan(&id, &basis); err != nil {
			t.Fatal(err)
		}
		got[id] = basis.String
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[int]string{1: "population", 2: "", 3: ""}, got); diff != "" {
		t.Errorf("basis after migration (-want +got):\n%s", diff)
	}
}

// migrationsBefore returns the embedded migrations numbered below n.
func migrationsBefore(t *testing.T, n int) fs.FS {
	t.Helper()
	ms, err := readMigrations(migrationFiles)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, m := range ms[:n-1] {
		fsys["migrations/"+m.name] = &fstest.MapFile{Data: []byte(m.sql)}
	}
	return fsys
}
