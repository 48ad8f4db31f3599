package export

import (
	"context"
	"errors"
	"slices"
	"testing"

	"sijil/internal/caption"
)

// lister is a caption.SearchLister over a fixed list of matches: the
// records of IDs divisible by gone are missing (removed after the list
// was made), and each RecordsByID call is recorded.
type lister struct {
	ids   []int64
	gone  int64
	calls [][]int64
	err   error
}

func (l *lister) SearchIDs(context.Context, caption.Query) ([]int64, error) { return l.ids, l.err }

func (l *lister) RecordsByID(_ context.Context, ids []int64) ([]caption.StoredRecord, error) {
	l.calls = append(l.calls, slices.Clone(ids))
	var rs []caption.StoredRecord
	for _, id := range ids {
		if id%l.gone != 0 {
			rs = append(rs, caption.StoredRecord{ID: id})
		}
	}
	return rs, nil
}

// TestListAll: an export of a search's matches reads them from one list,
// SourceBatch at a time, in the list's order, passing over those gone
// since, and stops reading when its consumer stops.
func TestListAll(t *testing.T) {
	ctx := t.Context()
	var ids, want []int64
	for i := range 2*SourceBatch + 37 {
		id := int64(5000 - 3*i) // not in ID order: search order is the store's
		ids = append(ids, id)
		if id%7 != 0 {
			want = append(want, id)
		}
	}
	l := &lister{ids: ids, gone: 7}
	var got []int64
	for r, err := range listAll(ctx, l, caption.Query{Country: "SY"}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("listed %d records, want %d in the list's order", len(got), len(want))
	}
	if len(l.calls) != 3 || len(l.calls[0]) != SourceBatch || len(l.calls[2]) != 37 {
		t.Errorf("RecordsByID called with %d lists, want 3 of at most %d", len(l.calls), SourceBatch)
	}

	// A consumer that stops within the first batch: no batch more read.
	l.calls = nil
	n := 0
	for range listAll(ctx, l, caption.Query{}) {
		if n++; n == 10 {
			break
		}
	}
	if len(l.calls) != 1 {
		t.Errorf("stopped after 10 records, RecordsByID was called %d times, want 1", len(l.calls))
	}

	// The list's error is the iteration's.
	l = &lister{err: errors.New("no list")}
	var errs []error
	for _, err := range listAll(ctx, l, caption.Query{}) {
		errs = append(errs, err)
	}
	if len(errs) != 1 || errs[0] == nil || errs[0].Error() != "no list" {
		t.Errorf("listing failed: yielded %v, want the list's error alone", errs)
	}
}
