package sqlite

import (
	"database/sql"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestPrepareStoresTheSameRegister stores the same documents four ways,
// their items packed by Prepare (as ingest's workers do, copies of earlier
// captions marked Repeat), not prepared, with what Prepare made of other
// items of the same number, and prepared in reverse order, d.txt large
// enough to be packed on every core: every table the write fills holds
// the same rows each way, byte for byte. Prepare is checked to have packed
// every record but the repeats itself, so that the first register is not
// one the write packed again. The items Prepare packed no longer hold
// their evidence, which the records stored still do.
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
	}{{"a.txt", 0, 300}, {"b.txt", 250, 300}, {"c.txt", 900, 120}, {"d.txt", 2000, parallelPrepare + 200}} {
		d, items := genDocument(g.path, g.first, g.n)
		docs = append(docs, doc{d, items})
	}
	// Marked as ingest marks them: a copy of a caption before it.
	seen := map[string]bool{}
	repeats := 0
	for _, d := range docs {
		for i := range d.items {
			k := d.items[i].Fingerprint.Key
			d.items[i].Repeat = seen[k]
			seen[k] = true
			if d.items[i].Repeat {
				repeats++
			}
		}
	}
	v := caption.Versions{Parser: "p", Gazetteer: "g"}
	storeIn := func(reverse bool, prepare func(s *Store, i int, items []caption.Item) caption.Prepared) *Store {
		s := newTestStore(t)
		batch := make([]caption.DocumentItems, len(docs))
		for k := range docs {
			i := k
			if reverse { // as workers may: a later document prepared first
				i = len(docs) - 1 - k
			}
			// Each store's own items: Prepare drops the evidence of
			// those it packs, which a later store would then lack.
			items := slices.Clone(docs[i].items)
			batch[i] = caption.DocumentItems{Document: docs[i].d, Items: items, Prepared: prepare(s, i, items)}
		}
		if _, err := s.PutDocuments(t.Context(), batch, v, nil); err != nil {
			t.Fatal(err)
		}
		return s
	}
	store := func(prepare func(s *Store, i int, items []caption.Item) caption.Prepared) *Store {
		return storeIn(false, prepare)
	}
	plain := store(func(*Store, int, []caption.Item) caption.Prepared { return nil })
	packedItems := 0
	prepared := store(func(s *Store, i int, items []caption.Item) caption.Prepared {
		pre := s.Prepare(items)
		for j, pk := range pre.(preparedItems) {
			if pk != nil {
				packedItems++
				// The write reads it from the packed record, which
				// the comparison below checks.
				if items[j].Record.Evidence != nil {
					t.Errorf("%s caption %d: packed, yet its evidence still held", docs[i].d.Path, j)
				}
			}
			if items[j].Repeat && pk != nil {
				t.Errorf("%s caption %d: a repeat, packed", docs[i].d.Path, j)
			}
		}
		return pre
	})
	// d.txt is packed on every core (parallelPrepare).
	if total := 720 + parallelPrepare + 200; repeats < 50 || packedItems != total-repeats {
		t.Fatalf("Prepare packed %d items of %d, %d of them repeats; want all but the repeats within and across documents", packedItems, total, repeats)
	}
	reversed := storeIn(true, func(s *Store, _ int, items []caption.Item) caption.Prepared { return s.Prepare(items) })
	others := store(func(s *Store, i int, items []caption.Item) caption.Prepared {
		_, other := genDocument("other.txt", 5000+1000*i, len(items))
		return s.Prepare(other)
	})
	want := dumpTables(t, plain.writer)
	if len(want["records"]) < 600 {
		t.Fatalf("%d records: too few for the test", len(want["records"]))
	}
	for name, s := range map[string]*Store{"prepared": prepared, "prepared from other items": others, "prepared last document first": reversed} {
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
		{"search_terms_fts", "SELECT v.id, t.rowid FROM search_values AS v, search_terms_fts AS t WHERE t.search_terms_fts MATCH 'v' || v.id ORDER BY 1, 2"},
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

// TestPrepareSkipsRepeats: Prepare packs no item marked Repeat, whose
// record the write will not make, and leaves its evidence; it packs the
// others.
func TestPrepareSkipsRepeats(t *testing.T) {
	s := newTestStore(t)
	_, items := genDocument("r.txt", 7000, 40)
	for i := range items {
		items[i].Repeat = i%2 == 1
	}
	for i, pk := range s.Prepare(items).(preparedItems) {
		switch {
		case items[i].Repeat && (pk != nil || items[i].Record.Evidence == nil):
			t.Errorf("caption %d, a repeat: packed %v, evidence %v; want neither touched", i, pk != nil, items[i].Record.Evidence)
		case !items[i].Repeat && pk == nil:
			t.Errorf("caption %d: not packed", i)
		}
	}
}
