package sqlite

import (
	stdcmp "cmp"
	"database/sql"
	"encoding/binary"
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// posting is a search value, by field and folded value, and a record that
// holds it.
type posting struct {
	field  int
	fold   string
	record int64
}

// TestMigrateTermsFTS converts a register of schema 0013 (testdata's
// register-0010.db brought to 0013 by the migrations before 0014) and
// checks that search_terms_fts holds exactly the postings search_terms
// held, that filters find the records they found, and that a record
// converted by the migration is reindexed without leaving its old
// values behind (contentless_delete on rows the migration wrote).
func TestMigrateTermsFTS(t *testing.T) {
	path := copyRegister0010(t)
	db := openRaw(t, path)
	if err := migrate(t.Context(), db, migrationsBefore(t, 14), nil); err != nil {
		t.Fatal(err)
	}
	before := readPostings(t, db, `SELECT v.field, v.fold, t.record_id FROM search_terms AS t JOIN search_values AS v ON v.id = t.value_id`)
	agencies := map[string][]int64{}
	for _, p := range before {
		if p.field == caption.CodeAgency {
			agencies[p.fold] = append(agencies[p.fold], p.record)
		}
	}
	if len(before) < 1000 || len(agencies) < 2 {
		t.Fatalf("fixture: %d postings, %d agencies; want more", len(before), len(agencies))
	}
	db.Close()

	s, err := Open(t.Context(), path, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	after := readPostings(t, s.reader, termPostings)
	if diff := cmp.Diff(before, after, cmp.AllowUnexported(posting{})); diff != "" {
		t.Errorf("postings (-search_terms +search_terms_fts):\n%s", diff)
	}
	for fold, want := range agencies {
		res, err := s.Search(t.Context(), caption.Query{Agency: fold, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, r := range res.Records {
			got = append(got, r.ID)
		}
		slices.Sort(got)
		if res.Total != len(want) || !slices.Equal(got, want) {
			t.Errorf("agency %q: %d records %v, want %v", fold, res.Total, got, want)
		}
	}

	// Reindex a converted record under another agency: its old agency
	// must no longer find it.
	var id int64
	var oldAgency string
	for fold, ids := range agencies {
		id, oldAgency = ids[0], fold
		break
	}
	r, err := s.Record(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.Record.Agencies = []caption.Agency{"Test Agency Of Migrations"}
	if err := s.write(t.Context(), func(q querier) error { return s.reindexRecord(t.Context(), q, id, r.Record) }); err != nil {
		t.Fatal(err)
	}
	for agency, want := range map[string]bool{oldAgency: false, "test agency of migrations": true} {
		res, err := s.Search(t.Context(), caption.Query{Agency: agency, Records: []int64{id}, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Total == 1; got != want {
			t.Errorf("after reindexing record %d: agency %q finds it: %v, want %v", id, agency, got, want)
		}
	}
	checkIntegrity(t, s)
}

// termPostings reads search_terms_fts as postings: each value's word
// matched in turn.
const termPostings = `SELECT v.field, v.fold, t.rowid FROM search_values AS v, search_terms_fts AS t WHERE t.search_terms_fts MATCH 'v' || v.id`

// readPostings runs query, which selects a field, a fold and a record ID,
// and returns its rows sorted.
func readPostings(t *testing.T, db *sql.DB, query string) []posting {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	var ps []posting
	for rows.Next() {
		var p posting
		if err := rows.Scan(&p.field, &p.fold, &p.record); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(ps, func(a, b posting) int {
		return stdcmp.Or(stdcmp.Compare(a.field, b.field), stdcmp.Compare(a.fold, b.fold), stdcmp.Compare(a.record, b.record))
	})
	return ps
}

// checkTermWords checks that search_terms_fts lists each record under
// exactly the values its search_records.terms packs.
func checkTermWords(t *testing.T, db *sql.DB) {
	t.Helper()
	want := map[int64][]int64{}
	rows, err := db.Query("SELECT id, terms FROM search_records")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var packed []byte
		if err := rows.Scan(&id, &packed); err != nil {
			t.Fatal(err)
		}
		for len(packed) > 0 {
			v, n := binary.Uvarint(packed)
			if n <= 0 {
				t.Fatalf("record %d: corrupt terms", id)
			}
			value, _ := unpackTerm(v)
			want[id] = append(want[id], value)
			packed = packed[n:]
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	got := map[int64][]int64{}
	rows, err = db.Query("SELECT t.rowid, v.id FROM search_values AS v, search_terms_fts AS t WHERE t.search_terms_fts MATCH 'v' || v.id")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, value int64
		if err := rows.Scan(&id, &value); err != nil {
			t.Fatal(err)
		}
		got[id] = append(got[id], value)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, m := range []map[int64][]int64{want, got} {
		for id := range m {
			slices.Sort(m[id])
		}
	}
	if !maps.EqualFunc(want, got, slices.Equal) {
		t.Errorf("search_terms_fts differs from search_records.terms:\n%s", cmp.Diff(want, got))
	}
}
