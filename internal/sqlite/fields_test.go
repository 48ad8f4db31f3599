package sqlite

import (
	"bytes"
	"compress/flate"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// TestPackRecord round-trips records through packRecord and checks that
// the packed fields are smaller than the record's JSON.
func TestPackRecord(t *testing.T) {
	for _, r := range searchRecords {
		text, fields, descLen, err := packRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		js, err := caption.MarshalRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		if len(fields)+len(text) >= len(js) {
			t.Errorf("%q: %d bytes of fields and text, %d of JSON", r.Text, len(fields)+len(text), len(js))
		}
		var n *int64
		if descLen != nil {
			v := int64(descLen.(int))
			n = &v
		}
		got, err := unpackRecord(text, fields, n)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(r, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("round trip (-want +got):\n%s", diff)
		}
	}
}

// TestUnpackDeflated reads fields as registers made before the compact
// form hold them: JSON deflated against fieldsDict. (Sijil wrote them with
// klauspost/compress's deflater at level 1 and, before that, the standard
// library's at level 2: one form, which the standard inflater reads.)
func TestUnpackDeflated(t *testing.T) {
	for _, r := range searchRecords {
		_, n, err := caption.MarshalFields(r)
		if err != nil {
			t.Fatal(err)
		}
		var descLen *int64
		if n >= 0 {
			v := int64(n)
			descLen = &v
		}
		got, err := unpackRecord(r.Text, deflated(t, r), descLen)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(r, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", r.Text, diff)
		}
	}
}

// TestDeflatedRowsBesideCompact is a register whose records a sijil before
// the compact form wrote (their fields deflated JSON): they read back as
// they were stored, and records stored now go in compact beside them.
func TestDeflatedRowsBesideCompact(t *testing.T) {
	ctx := t.Context()
	s := newTestStore(t)
	putCaptions(t, s, "old.txt", searchRecords...)
	var ids []int64
	for _, r := range searchRecords {
		var id int64
		if err := s.writer.QueryRowContext(ctx, "UPDATE records SET fields = ? WHERE text = ? RETURNING id", deflated(t, r), r.Text).Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var deflatedRows int
	if err := s.writer.QueryRowContext(ctx, "SELECT count(*) FROM records WHERE substr(fields, 1, 1) = x'01'").Scan(&deflatedRows); err != nil || deflatedRows != len(searchRecords) {
		t.Fatalf("%d deflated rows, %v; want %d", deflatedRows, err, len(searchRecords))
	}
	got, err := s.RecordsOf(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(searchRecords) {
		t.Fatalf("RecordsOf: %d records, want %d", len(got), len(searchRecords))
	}
	for i, sr := range got {
		if diff := cmp.Diff(searchRecords[i], sr.Record, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("deflated record %d (-stored +read):\n%s", sr.ID, diff)
		}
	}
	more := []caption.Record{{Text: "Funeral in Saraqib, 2018.", Places: []string{"Saraqib"}}}
	putCaptions(t, s, "new.txt", more...)
	var compact int
	if err := s.writer.QueryRowContext(ctx, "SELECT count(*) FROM records WHERE substr(fields, 1, 1) = x'02'").Scan(&compact); err != nil || compact != len(more) {
		t.Errorf("%d compact rows, %v; want %d", compact, err, len(more))
	}
}

// deflated is r's fields as sijil wrote them before the compact form:
// its JSON deflated against fieldsDict, tagged fieldsDeflate.
func deflated(t *testing.T, r caption.Record) []byte {
	t.Helper()
	js, _, err := caption.MarshalFields(r)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.WriteByte(fieldsDeflate)
	w, err := flate.NewWriterDict(&buf, 2, []byte(fieldsDict))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(js); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzUnpackRecord feeds stored fields of any form to unpackRecord: it
// fails or returns a record that packs and unpacks to itself.
func FuzzUnpackRecord(f *testing.F) {
	text, fields, _, err := packRecord(searchRecords[0])
	if err != nil {
		f.Fatal(err)
	}
	f.Add(text, fields, int64(-1))
	f.Add("ab", []byte(`{"text":"","date":"2016"}`), int64(1))
	f.Add("ab", []byte{fieldsDeflate, 0xff, 0x00}, int64(-1))
	f.Fuzz(func(t *testing.T, text string, fields []byte, n int64) {
		var descLen *int64
		if n >= 0 {
			descLen = &n
		}
		r, err := unpackRecord(text, fields, descLen)
		if err != nil {
			return
		}
		text2, fields2, d2, err := packRecord(r)
		if err != nil {
			t.Fatalf("packRecord of an unpacked record: %v", err)
		}
		var n2 *int64
		if d2 != nil {
			v := int64(d2.(int))
			n2 = &v
		}
		r2, err := unpackRecord(text2, fields2, n2)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(r, r2); diff != "" {
			t.Errorf("(-first +second):\n%s", diff)
		}
	})
}

// FuzzUnpackText round-trips occurrence texts and feeds stored texts of
// any form to unpackText.
func FuzzUnpackText(f *testing.F) {
	f.Add([]byte{textPlain, 'a'}, "a\nb", "a b")
	f.Add([]byte{1, 0x01}, "", "x")
	f.Fuzz(func(t *testing.T, packed []byte, text, recordText string) {
		unpackText(packed, recordText) // must not panic
		p, err := packText(text, recordText)
		if err != nil {
			t.Fatal(err)
		}
		var b []byte
		if p != nil {
			b = p.([]byte)
		}
		got, err := unpackText(b, recordText)
		if err != nil || got != text {
			t.Errorf("unpackText(packText(%q)) = %q, %v", text, got, err)
		}
	})
}

// BenchmarkPackRecord packs records as Prepare does for every new record:
// fields encoded, checked and deflated against the dictionary. It reports
// the packed bytes a record beside the time.
func BenchmarkPackRecord(b *testing.B) {
	_, items := genDocument("bench.txt", 0, 500)
	b.ReportAllocs()
	size, n := 0, 0
	for b.Loop() {
		_, fields, _, err := packRecord(items[n%len(items)].Record)
		if err != nil {
			b.Fatal(err)
		}
		size += len(fields)
		n++
	}
	b.ReportMetric(float64(size)/float64(n), "B/record")
}
