package sqlite

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"sijil/internal/caption"
)

// TestValueIDsRolledBack checks that the search value IDs a rolled-back
// transaction read are not used again: the transaction inserted a value
// that its rollback undid, a later write gave that ID to another value, and
// a record of the first value must then get a new ID, not the other's.
// Every record's search terms must name the values of its own fields.
func TestValueIDsRolledBack(t *testing.T) {
	s := newTestStore(t)
	v := caption.Versions{Parser: "p"}
	withAgency := func(path string, first int, agency caption.Agency) (caption.Document, []caption.Item) {
		doc, items := genDocument(path, first, 3)
		for i := range items {
			items[i].Record.Agencies = []caption.Agency{agency}
		}
		return doc, items
	}
	errAbandoned := errors.New("abandoned")
	err := s.Exclusive(t.Context(), func(ctx context.Context) error {
		doc, items := withAgency("alpha.txt", 0, "Alpha Press")
		if _, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, v, nil); err != nil {
			return err
		}
		return errAbandoned
	})
	if !errors.Is(err, errAbandoned) {
		t.Fatalf("Exclusive: %v, want the abandoned call's error", err)
	}
	if n := valueCount(t, s, "alpha press"); n != 0 {
		t.Fatalf("the rolled-back value is stored %d times", n)
	}
	for _, d := range []struct {
		path   string
		agency caption.Agency
	}{{"beta.txt", "Beta Wire"}, {"alpha.txt", "Alpha Press"}, {"beta-again.txt", "Beta Wire"}} {
		doc, items := withAgency(d.path, 100*len(d.path), d.agency)
		if _, err := s.PutDocuments(t.Context(), []caption.DocumentItems{{Document: doc, Items: items}}, v, nil); err != nil {
			t.Fatal(err)
		}
	}
	checkTermValues(t, s)
	if n := valueCount(t, s, "alpha press"); n != 1 {
		t.Errorf("Alpha Press stored %d times, want once", n)
	}
}

// valueCount counts the search values of any field folded to fold.
func valueCount(t *testing.T, s *Store, fold string) int {
	t.Helper()
	var n int
	if err := s.writer.QueryRowContext(t.Context(), "SELECT count(*) FROM search_values WHERE fold = ?", fold).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkTermValues checks that the values search_records.terms names for
// each record are its own: those caption.RecordTerms makes of it.
func checkTermValues(t *testing.T, s *Store) {
	t.Helper()
	ctx := t.Context()
	rs, err := queryRecords(ctx, s.writer, recordSelect+" ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) == 0 {
		t.Fatal("no records")
	}
	for _, r := range rs {
		var want []valueKey
		for _, term := range caption.RecordTerms(r.Record) {
			want = append(want, valueKey{fieldCode(term.Field), term.Fold})
		}
		var packed []byte
		if err := s.writer.QueryRowContext(ctx, "SELECT terms FROM search_records WHERE id = ?", r.ID).Scan(&packed); err != nil {
			t.Fatal(err)
		}
		var got []valueKey
		for len(packed) > 0 {
			u, n := binary.Uvarint(packed)
			if n <= 0 {
				t.Fatalf("record %d: corrupt terms", r.ID)
			}
			packed = packed[n:]
			id, field := unpackTerm(u)
			k := valueKey{field: field}
			if err := s.writer.QueryRowContext(ctx, "SELECT fold FROM search_values WHERE id = ? AND field = ?", id, field).Scan(&k.fold); err != nil {
				t.Fatalf("record %d: value %d of field %d: %v", r.ID, id, field, err)
			}
			got = append(got, k)
		}
		cmpKeys := func(a, b valueKey) int {
			if a.field != b.field {
				return a.field - b.field
			}
			return cmp.Compare(a.fold, b.fold)
		}
		slices.SortFunc(want, cmpKeys)
		slices.SortFunc(got, cmpKeys)
		if !slices.Equal(got, want) {
			t.Errorf("record %d (%v): its terms name the values %v, want %v", r.ID, r.Record.Agencies, got, want)
		}
	}
}
