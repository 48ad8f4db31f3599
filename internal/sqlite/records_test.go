package sqlite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// TestRecordsOfDecodesInParallel reads a thousand records at once, which
// queryRecords decodes on several goroutines: each is the record Record
// reads alone, in ID order; and a record whose fields are damaged makes
// the whole read fail, naming that record.
func TestRecordsOfDecodesInParallel(t *testing.T) {
	s := newTestStore(t)
	for d := range 5 {
		doc, items := genDocument(fmt.Sprintf("gallery-%d.txt", d), d*200, 200)
		if _, err := s.PutDocument(t.Context(), doc, items, caption.Versions{Parser: "p"}); err != nil {
			t.Fatal(err)
		}
	}
	ids := queryIDs(t, s.writer, "SELECT id FROM records ORDER BY id DESC")
	if len(ids) < 500 {
		t.Fatalf("%d records: too few for the test", len(ids))
	}
	got, err := s.RecordsOf(t.Context(), ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(ids) {
		t.Fatalf("RecordsOf: %d records of %d", len(got), len(ids))
	}
	for i, r := range got {
		if i > 0 && got[i-1].ID >= r.ID {
			t.Fatalf("RecordsOf: record %d after %d", r.ID, got[i-1].ID)
		}
		one, err := s.Record(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(one, r, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("record %d read with %d others differs from itself alone (-alone +with others):\n%s", r.ID, len(ids)-1, diff)
		}
	}

	damaged := got[len(got)/2].ID
	if _, err := s.writer.ExecContext(t.Context(), "UPDATE records SET fields = x'ff00' WHERE id = ?", damaged); err != nil {
		t.Fatal(err)
	}
	_, err = s.RecordsOf(t.Context(), ids)
	if want := fmt.Sprintf("record %d:", damaged); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("RecordsOf with record %d damaged: error %v, want one naming it", damaged, err)
	}
}
