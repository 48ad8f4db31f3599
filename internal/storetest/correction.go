package storetest

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testCorrections holds a store to caption.Store's corrections: appended
// in order with growing Seq, kept exactly as given (JSON spacing and key
// order included), untouched by UpdateRecord, per record, and refused for
// a missing record or text a store cannot keep.
func testCorrections(t *testing.T, s caption.Store) {
	ctx := t.Context()
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue)
	mustPut(t, s, doc, items)
	duma, aleppo := idOf(t, s, dumaAirstrike), idOf(t, s, aleppoRescue)

	want := []caption.Correction{
		{Record: duma, Field: "killed", Value: "4", Previous: "null", Note: "the hospital's figure", Author: "Rania", At: t0},
		{Record: duma, Field: "places", Value: `["Douma",  "Eastern Ghouta"]`, Previous: `["Duma"]`, Note: "", Author: "Rania ✓", At: t1},
		{Record: duma, Field: "location", Value: `{"name":"Douma","lat":33.57,"lon":36.4}`, Previous: "null", Note: "checked on the map", Author: "Yusuf", At: t1},
	}
	var last int64
	for i, c := range want {
		c.Seq = 99 // ignored
		got, err := s.AddCorrection(ctx, c)
		if err != nil {
			t.Fatalf("AddCorrection %d: %v", i, err)
		}
		if got.Seq <= last {
			t.Errorf("AddCorrection %d: Seq %d after %d, want it to grow", i, got.Seq, last)
		}
		last = got.Seq
		want[i].Seq = got.Seq
		if diff := cmp.Diff(want[i], got, diffOpts...); diff != "" {
			t.Errorf("AddCorrection %d returned (-want +got):\n%s", i, diff)
		}
	}
	// A reparse replaces the parsed values, never the corrections.
	if err := s.UpdateRecord(ctx, duma, record(dumaAirstrike), v1); err != nil {
		t.Fatal(err)
	}
	got, err := s.Corrections(ctx, duma)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got, diffOpts...); diff != "" {
		t.Errorf("Corrections (-want +got):\n%s", diff)
	}
	if got, err := s.Corrections(ctx, aleppo); err != nil || len(got) != 0 {
		t.Errorf("Corrections of a record without any = %v, %v; want none", got, err)
	}

	// A zero At is the time of the call.
	c, err := s.AddCorrection(ctx, caption.Correction{Record: aleppo, Field: "date", Value: `"2016-11"`, Previous: "null", Author: "Yusuf"})
	if err != nil {
		t.Fatal(err)
	}
	if c.At.IsZero() || c.Seq <= last {
		t.Errorf("AddCorrection without a time: %+v, want the current time and a Seq after %d", c, last)
	}

	missing := max(duma, aleppo) + 1000
	if _, err := s.AddCorrection(ctx, caption.Correction{Record: missing, Field: "killed", Value: "1", Previous: "null", Author: "x"}); !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("AddCorrection of a missing record: %v, want ErrNotFound", err)
	}
	if _, err := s.Corrections(ctx, missing); !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("Corrections of a missing record: %v, want ErrNotFound", err)
	}
	for _, bad := range []caption.Correction{
		{Record: duma, Field: "", Value: "1", Previous: "null", Author: "x"},
		{Record: duma, Field: "killed", Value: "1", Previous: "null", Author: "x", Note: "a\x00b"},
		{Record: duma, Field: "killed", Value: "1", Previous: "null", Author: "\xff"},
	} {
		if _, err := s.AddCorrection(ctx, bad); !errors.Is(err, caption.ErrInvalid) {
			t.Errorf("AddCorrection(%+v): %v, want ErrInvalid", bad, err)
		}
	}
	if got, err := s.Corrections(ctx, duma); err != nil || len(got) != len(want) {
		t.Errorf("after refused corrections: %d corrections, %v; want the %d stored", len(got), err, len(want))
	}
}
