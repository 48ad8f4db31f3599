package sqlite

import (
	"database/sql"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestPrepareStoresTheSameRegister stores the same documents three ways,
// their items packed by Prepare (as ingest's workers do), not prepared, and
// with what Prepare made of other items of the same number: every table the
// write fills holds the same rows each way, byte for byte. Prepare is
// checked to have packed most of the records itself, so that the first
// register is not one the write packed again.
func TestPrepareStoresTheSameRegister(t *testing.T) {
	type doc struct {
		d     caption.Document
		items []caption.Item
	}
	var docs []doc
	// b.txt repeats some of a.txt's captions, and each document some of
	// its own (genDocument).
	for _, g := range []struct {
		path     string
		first, n int
	}{{"a.txt", 0, 300}, {"b.txt", 250, 300}, {"c.txt", 900, 120}} {
		d, items := genDocument(g.path, g.first, g.n)
		docs = append(docs, doc{d, items})
	}
	v := caption.Versions{Parser: "p", Gazetteer: "g"}
	store := func(prepare func(s *Store, i int, items []caption.Item) caption.Prepared) *Store {
		s := newTestStore(t)
		var batch []caption.DocumentItems
		for i, d := range docs {
			batch = append(batch, caption.DocumentItems{Document: d.d, Items: d.items, Prepared: prepare(s, i, d.items)})
		}
		if _, err := s.PutDocuments(t.Context(), batch, v, nil); err != nil {
			t.Fatal(err)
		}
		return s
	}
	plain := store(func(*Store, int, []caption.Item) caption.Prepared { return nil })
	packedItems := 0
	prepared := store(func(s *Store, _ int, items []caption.Item) caption.Prepared {
		pre := s.Prepare(items)
		for _, pk := range pre.(preparedItems) {
			if pk != nil {
				packedItems++
			}
		}
		return pre
	})
	if packedItems < 600 {
		t.Fatalf("Prepare packed %d items of 720; want all but each document's repeats", packedItems)
	}
	others := store(func(s *Store, i int, items []caption.Item) caption.Prepared {
		_, other := genDocument("other.txt", 5000+1000*i, len(items))
		return s.Prepare(other)
	})
	want := dumpTables(t, plain.writer)
	if len(want["records"]) < 600 {
		t.Fatalf("%d records: too few for the test", len(want["records"]))
	}
	for name, s := range map[string]*Store{"prepared": prepared, "prepared from other items": others} {
		if diff := cmp.Diff(want, dumpTables(t, s.writer)); diff != "" {
			t.Errorf("%s: the register differs from one stored unprepared (-unprepared +%s):\n%s", name, name, diff)
		}
	}
}

// dumpTables returns the rows of each table a write of documents fills,
// each row printed, in key order.
func dumpTables(t *testing.T, db *sql.DB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, q := range []struct{ table, query string }{
		{"documents", "SELECT * FROM documents ORDER BY id"},
		{"records", "SELECT * FROM records ORDER BY id"},
		{"occurrences", "SELECT * FROM occurrences ORDER BY 1, 2, 3"},
		{"search_values", "SELECT * FROM search_values ORDER BY 1"},
		{"search_terms", "SELECT * FROM search_terms ORDER BY 1, 2"},
		{"search_records", "SELECT * FROM search_records ORDER BY 1"},
		{"search_points", "SELECT * FROM search_points ORDER BY 1"},
		{"search_changes", "SELECT * FROM search_changes ORDER BY 1"},
		{"records_fts", "SELECT rowid, text FROM records_fts ORDER BY rowid"},
	} {
		rows, err := db.Query(q.query)
		if err != nil {
			t.Fatalf("%s: %v", q.table, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out[q.table] = append(out[q.table], fmt.Sprintf("%q", fmt.Sprint(vals...)))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return out
}
