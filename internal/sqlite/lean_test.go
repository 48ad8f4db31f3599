package sqlite

import (
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// oldRegister is what a register of schema 0010 held, read with SQL
// before it is opened (and migrated).
type oldRegister struct {
	records map[int64]caption.StoredRecord
	sources map[int64][]caption.Source
	texts   map[int64]string // search_text
	matches map[string][]int64
	stats   caption.Stats
}

// ftsQueries are full-text queries whose matches must not change.
var ftsQueries = []string{"aleppo", "civil defence", "killed", "idlib OR mosul"}

// TestMigrateLean opens testdata/register-0010.db, a register made by sijil
// before migration 0011 (commit e5759bc: `sijil ingest` of 240 generated
// captions and five written for it, among them exact duplicates whose
// occurrences differ from their record's text and a description that does
// not begin its caption), and checks that every record, source, link,
// search text and full-text match reads back as that sijil stored it;
// then that new captions go in beside the converted rows.
func TestMigrateLean(t *testing.T) {
	path := copyRegister0010(t)
	old := readOldRegister(t, openRaw(t, path))
	if len(old.records) < 150 || len(old.texts) != len(old.records) {
		t.Fatalf("fixture: %d records, %d search texts", len(old.records), len(old.texts))
	}
	differ, notPrefix := 0, 0
	for id, srcs := range old.sources {
		for _, src := range srcs {
			if src.Text != old.records[id].Record.Text {
				differ++
			}
		}
	}
	for _, r := range old.records {
		if !strings.HasPrefix(r.Record.Text, r.Record.Description) {
			notPrefix++
		}
	}
	if differ == 0 || notPrefix == 0 {
		t.Fatalf("fixture: %d occurrences differ from their record, %d descriptions do not begin the text; want some of each", differ, notPrefix)
	}

	s, err := Open(t.Context(), path, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	for id, want := range old.records {
		got, err := s.Record(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("record %d (-before +after):\n%s", id, diff)
		}
		srcs, err := s.Sources(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(old.sources[id], srcs, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("sources of %d (-before +after):\n%s", id, diff)
		}
	}
	rows, _ := feed(t, s, "")
	if len(rows) != len(old.texts) {
		t.Errorf("feed: %d rows, want %d", len(rows), len(old.texts))
	}
	for _, r := range rows {
		if r.Text != old.texts[r.ID] {
			t.Errorf("feed text of %d = %q, want %q", r.ID, r.Text, old.texts[r.ID])
		}
	}
	for q, want := range old.matches {
		if got := ftsMatches(t, s.reader, q); !slices.Equal(got, want) {
			t.Errorf("records_fts MATCH %q = %v, want %v", q, got, want)
		}
	}
	if st, err := s.Stats(ctx); err != nil || st != old.stats {
		t.Errorf("Stats = %+v, %v; want %+v", st, err, old.stats)
	}

	// New records go in beside the converted ones, compact.
	putCaptions(t, s, "new.txt", searchRecords...)
	st, err := s.Stats(ctx)
	if err != nil || st.Records != old.stats.Records+len(searchRecords) {
		t.Errorf("after storing %d more: %+v, %v", len(searchRecords), st, err)
	}
	var plain, compact int
	if err := s.reader.QueryRow(`SELECT count(*) FILTER (WHERE substr(fields, 1, 1) = x'7b'),
		count(*) FILTER (WHERE substr(fields, 1, 1) = x'02') FROM records`).Scan(&plain, &compact); err != nil {
		t.Fatal(err)
	}
	if plain != len(old.records) || compact != len(searchRecords) {
		t.Errorf("%d records with plain fields, %d compact; want %d and %d", plain, compact, len(old.records), len(searchRecords))
	}
	checkIntegrity(t, s)
}

// copyRegister0010 copies testdata/register-0010.db to a scratch file, whose
// path it returns.
func copyRegister0010(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sijil.db")
	data, err := os.ReadFile("testdata/register-0010.db")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// readOldRegister reads a register of schema 0010 with SQL.
func readOldRegister(t *testing.T, db *sql.DB) oldRegister {
	t.Helper()
	old := oldRegister{records: map[int64]caption.StoredRecord{}, sources: map[int64][]caption.Source{}, texts: map[int64]string{}, matches: map[string][]int64{}}
	rows, err := db.Query(`SELECT id, key, json, parser_version, gazetteer_version, bands, coalesce(cluster, 0), coalesce(event, 0) FROM records`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var r caption.StoredRecord
		var js string
		var bands []byte
		if err := rows.Scan(&r.ID, &r.Fingerprint.Key, &js, &r.Versions.Parser, &r.Versions.Gazetteer, &bands, &r.Cluster, &r.Event); err != nil {
			t.Fatal(err)
		}
		if r.Record, err = caption.UnmarshalRecord([]byte(js)); err != nil {
			t.Fatal(err)
		}
		if r.Fingerprint.Bands, err = unpackUint64s(bands); err != nil {
			t.Fatal(err)
		}
		old.records[r.ID] = r
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows, err = db.Query(`SELECT ` + documentColumns + `, record_id, idx, byte_start, byte_end, line, text, meta
		FROM occurrences JOIN documents ON documents.id = occurrences.document_id ORDER BY record_id, document_id, idx`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var src caption.Source
		var meta sql.NullString
		if src.Document, err = scanDocument(rows, &src.RecordID, &src.Index, &src.Start, &src.End, &src.Line, &src.Text, &meta); err != nil {
			t.Fatal(err)
		}
		src.DocumentID = src.Document.ID
		if meta.Valid {
			if err := json.Unmarshal([]byte(meta.String), &src.Meta); err != nil {
				t.Fatal(err)
			}
		}
		old.sources[src.RecordID] = append(old.sources[src.RecordID], src)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows, err = db.Query(`SELECT record_id, text FROM search_text`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var text string
		if err := rows.Scan(&id, &text); err != nil {
			t.Fatal(err)
		}
		old.texts[id] = text
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, q := range ftsQueries {
		old.matches[q] = ftsMatches(t, db, q)
		if len(old.matches[q]) == 0 {
			t.Fatalf("fixture: nothing matches %q", q)
		}
	}
	const stats = `SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM occurrences), (SELECT count(*) FROM records),
		(SELECT count(DISTINCT cluster) FROM records), (SELECT count(DISTINCT event) FROM records)`
	if err := db.QueryRow(stats).Scan(&old.stats.Documents, &old.stats.Occurrences, &old.stats.Records, &old.stats.Clusters, &old.stats.Events); err != nil {
		t.Fatal(err)
	}
	return old
}

// ftsMatches returns the records records_fts matches for q, in ID order.
func ftsMatches(t *testing.T, db *sql.DB, q string) []int64 {
	t.Helper()
	return queryIDs(t, db, `SELECT rowid FROM records_fts WHERE records_fts MATCH ? ORDER BY rowid`, q)
}

// queryIDs returns the IDs a query of one integer column selects.
func queryIDs(t *testing.T, db *sql.DB, query string, args ...any) []int64 {
	t.Helper()
	rows, err := db.Query(query, args...)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}
