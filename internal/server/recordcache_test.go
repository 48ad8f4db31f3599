package server

import (
	"strings"
	"sync/atomic"
	"testing"

	"sijil/internal/caption"
)

// TestRecordJSONByRevision checks that Options.Revision decides when the
// record list's JSON is encoded again: a record changed in the store is
// served as it was while the revision stays put (the cache is used), and as
// it is once the revision moves. The revision is an option, not a method
// found on the store, so that a wrapped store keeps its cache.
func TestRecordJSONByRevision(t *testing.T) {
	store := newTestStore(t)
	fill(t, store)
	var rev atomic.Uint64
	rev.Store(1)
	opt := testOptions(t)
	opt.Revision = rev.Load
	ts := serve(t, store, opt)
	const marker = "Revised in the store behind the cache"
	list := func() string {
		t.Helper()
		status, _, body := get(t, ts, "/api/v1/records?limit=200")
		if status != 200 {
			t.Fatalf("GET /api/v1/records: %d %s", status, body)
		}
		return string(body)
	}
	if strings.Contains(list(), marker) {
		t.Fatal("the marker is in the list before it was written")
	}
	var first caption.StoredRecord
	for r, err := range store.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		first = r
		break
	}
	first.Record.Description = marker
	if err := store.UpdateRecord(t.Context(), first.ID, first.Record, first.Versions); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(list(), marker) {
		t.Error("the list was encoded again at the same revision: Options.Revision is not used")
	}
	rev.Store(2)
	if !strings.Contains(list(), marker) {
		t.Error("the list still shows the record as it was after the revision moved")
	}
}
