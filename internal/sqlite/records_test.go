package sqlite

import (
	"fmt"
	"slices"
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

// TestUint64sRoundTrip checks the bands' column form both ways, and that
// unpacking allocates the slice at its length (the band index's reloads
// unpack every record's bands).
func TestUint64sRoundTrip(t *testing.T) {
	for _, n := range []int{0, 1, 33} {
		v := make([]uint64, n)
		for i := range v {
			v[i] = uint64(i+1) * 0x9e3779b97f4a7c15
		}
		got, err := unpackUint64s(packUint64s(v))
		if err != nil {
			t.Fatalf("%d values: %v", n, err)
		}
		if !slices.Equal(got, v) {
			t.Errorf("%d values: got %x, want %x", n, got, v)
		}
		if cap(got) != n {
			t.Errorf("%d values: capacity %d", n, cap(got))
		}
		if allocs := testing.AllocsPerRun(10, func() { unpackUint64s(packUint64s(v)) }); n > 0 && allocs > 2 {
			t.Errorf("%d values: %v allocations to pack and unpack, want 2", n, allocs)
		}
	}
	if _, err := unpackUint64s(make([]byte, 7)); err == nil {
		t.Error("7 bytes unpacked without an error")
	}
}
