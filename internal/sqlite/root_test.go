package sqlite

import (
	"path/filepath"
	"testing"
)

// TestMigrateRoot checks that migration 0009 keeps the documents stored
// before it, with no root: they are shown to the public by their base
// name, and their full path stays.
func TestMigrateRoot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	db := openRaw(t, path)
	if err := migrate(t.Context(), db, migrationsBefore(t, 9), nil); err != nil {
		t.Fatal(err)
	}
	const doc = `INSERT INTO documents (path, sha256, size, format, first_seen, last_seen)
		VALUES ('/home/ana/cases/17/gallery/a.txt', 'aa', 1, 'text', '2026-01-01T00:00:00.000000000Z', '2026-01-01T00:00:00.000000000Z')`
	if _, err := db.Exec(doc); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 || docs[0].Path != "/home/ana/cases/17/gallery/a.txt" || docs[0].Root != "" || docs[0].PublicPath() != "a.txt" {
		t.Errorf("documents after migration 0009: %+v", docs)
	}
}
