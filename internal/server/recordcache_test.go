package server

import (
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestWriteRecordList checks that a record list written with its records
// as they are is byte for byte what writeJSON writes, HTML escapes
// included.
func TestWriteRecordList(t *testing.T) {
	recs := []caption.StoredRecord{
		{ID: 1, Cluster: 1, Record: caption.Record{Text: `<script>alert("x")</script> & more`, Description: "a\u2028b"}},
		{ID: 2, Record: caption.Record{Text: "Plain", Killed: new(int)}},
	}
	var plain, listed []json.RawMessage
	for _, r := range recs {
		j, err := recordJSON(r)
		if err != nil {
			t.Fatal(err)
		}
		plain = append(plain, j)
		if j, err = listRecordJSON(r); err != nil {
			t.Fatal(err)
		}
		listed = append(listed, j)
	}
	next := "abc"
	facets := map[string][]facetJSON{"country": {{Value: "SY", Count: 2}}}
	want, got := httptest.NewRecorder(), httptest.NewRecorder()
	writeJSON(want, 200, recordList{Records: plain, Total: 2, Next: &next, Facets: facets})
	writeRecordList(got, recordList{Records: listed, Total: 2, Next: &next, Facets: facets})
	if diff := cmp.Diff(want.Body.String(), got.Body.String()); diff != "" {
		t.Errorf("body (-writeJSON +writeRecordList):\n%s", diff)
	}
	if diff := cmp.Diff(want.Header(), got.Header()); diff != "" {
		t.Errorf("header (-writeJSON +writeRecordList):\n%s", diff)
	}
}
