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

// TestUnpackStandardDeflate reads fields as registers made before
// klauspost's writer hold them: deflated by the standard library at level
// 2 against the same dictionary. Both are one form, fieldsDeflate.
func TestUnpackStandardDeflate(t *testing.T) {
	for _, r := range searchRecords {
		js, n, err := caption.MarshalFields(r)
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
		var descLen *int64
		if n >= 0 {
			v := int64(n)
			descLen = &v
		}
		got, err := unpackRecord(r.Text, buf.Bytes(), descLen)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(r, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", r.Text, diff)
		}
		_, packed, _, err := packRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(packed, buf.Bytes()) {
			t.Errorf("%q: packRecord wrote what the standard library writes; this test no longer reads the older writer's form", r.Text)
		}
	}
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
