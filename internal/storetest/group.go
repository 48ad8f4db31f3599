package storetest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// groupFixture stores captions with the dates given (the zero date:
// undated), links them all into one cluster and one event headed by the
// first, and a decoy of the same dates into groups of its own, and returns
// the records' IDs in the order given.
func groupFixture(t *testing.T, s caption.Store, dates []caption.PartialDate) []int64 {
	t.Helper()
	raws := make([]string, 0, 2*len(dates))
	for i := range dates {
		raws = append(raws, fmt.Sprintf("Group member %d: %s", i, dumaAirstrike))
	}
	for i := range dates {
		raws = append(raws, fmt.Sprintf("Decoy %d of another event on the same days: %s", i, aleppoRescue))
	}
	doc, items := document("group.txt", raws...)
	for i, d := range dates {
		items[i].Record.Date, items[len(dates)+i].Record.Date = d, d
	}
	mustPut(t, s, doc, items)
	m := ids(t, s)
	id := make([]int64, len(items))
	for i, it := range items {
		id[i] = m[it.Fingerprint.Key]
	}
	var links []caption.Link
	for _, head := range []int64{id[0], id[len(dates)]} {
		members := id[:len(dates)]
		if head != id[0] {
			members = id[len(dates):]
		}
		for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
			for _, r := range members {
				links = append(links, caption.Link{Record: r, Level: level, Target: head, Group: head, Similarity: 0.8, Rule: "test", Created: t1})
			}
		}
	}
	if err := s.SetLinks(t.Context(), links); err != nil {
		t.Fatalf("SetLinks: %v", err)
	}
	return id[:len(dates)]
}

// groupPages follows a group's pages from q to the last, and returns the
// IDs read and the totals each page gave.
func groupPages(t *testing.T, s caption.Store, q caption.GroupQuery) (ids []int64, totals []int) {
	t.Helper()
	for range 1000 {
		p, err := s.Group(t.Context(), q)
		if err != nil {
			t.Fatalf("Group(%+v): %v", q, err)
		}
		limit := min(q.Limit, caption.MaxGroupLimit)
		if limit == 0 {
			limit = caption.DefaultGroupLimit
		}
		if len(p.Records) > limit || (p.Next != "" && len(p.Records) < limit) {
			t.Errorf("Group(%+v): %d records, next %q: want full pages of %d before the last", q, len(p.Records), p.Next, limit)
		}
		ids, totals = append(ids, recordIDs(p.Records)...), append(totals, p.Total)
		if p.Next == "" {
			return ids, totals
		}
		q.Cursor = p.Next
	}
	t.Fatalf("Group(%+v): no last page after 1000", q)
	return nil, nil
}

// testGroup pages through a cluster and an event: by the first day of the
// date, earliest first, undated last, then ID; every member once; the
// total on every page; the decoy group never.
func testGroup(t *testing.T, s caption.Store) {
	month := caption.PartialDate{Year: 2016, Month: 11, Precision: caption.PrecisionMonth}
	year := caption.PartialDate{Year: 2016, Precision: caption.PrecisionYear}
	dates := []caption.PartialDate{
		day(2016, 11, 23), {}, day(2016, 11, 1), year, month, day(2016, 11, 22), {}, day(2015, 12, 31), day(2016, 11, 1), {},
	}
	id := groupFixture(t, s, dates)
	// 2015-12-31; 2016 (from Jan 1); 2016-11-01, 2016-11 and 2016-11-01 by
	// ID; 2016-11-22; 2016-11-23; then the undated by ID.
	want := []int64{id[7], id[3], id[2], id[4], id[8], id[5], id[0], id[1], id[6], id[9]}
	for _, level := range []caption.LinkLevel{caption.LevelCluster, caption.LevelEvent} {
		for _, limit := range []int{0, 1, 2, 3, 7, 10, 11} {
			got, totals := groupPages(t, s, caption.GroupQuery{Level: level, Group: id[0], Limit: limit})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s, limit %d: records (-want +got):\n%s", level, limit, diff)
			}
			for _, n := range totals {
				if n != len(want) {
					t.Errorf("%s, limit %d: total %d, want %d", level, limit, n, len(want))
				}
			}
		}
		// Except leaves the record whose page lists the others out of the
		// pages and the total: an undated one, a dated one, the head.
		for _, except := range []int64{id[6], id[2], id[0]} {
			got, totals := groupPages(t, s, caption.GroupQuery{Level: level, Group: id[0], Except: except, Limit: 3})
			var wantExcept []int64
			for _, r := range want {
				if r != except {
					wantExcept = append(wantExcept, r)
				}
			}
			if diff := cmp.Diff(wantExcept, got); diff != "" {
				t.Errorf("%s except %d: records (-want +got):\n%s", level, except, diff)
			}
			if totals[0] != len(want)-1 {
				t.Errorf("%s except %d: total %d, want %d", level, except, totals[0], len(want)-1)
			}
		}
	}
	// A group with no records: an empty page, not an error.
	p, err := s.Group(t.Context(), caption.GroupQuery{Level: caption.LevelEvent, Group: id[1]})
	if err != nil || len(p.Records) != 0 || p.Total != 0 || p.Next != "" {
		t.Errorf("Group of a record heading no event = %d records, total %d, next %q, %v; want an empty page", len(p.Records), p.Total, p.Next, err)
	}
	// Whole records, as Record returns them.
	p, err = s.Group(t.Context(), caption.GroupQuery{Level: caption.LevelEvent, Group: id[0], Limit: 1})
	if err != nil || len(p.Records) != 1 {
		t.Fatalf("Group limit 1 = %d records, %v", len(p.Records), err)
	}
	if diff := cmp.Diff(mustRecord(t, s, id[7]), p.Records[0], diffOpts...); diff != "" {
		t.Errorf("Group's record (-Record +Group):\n%s", diff)
	}
}

// testGroupStable pages through an event while records join it before and
// after the cursor: every record there at the start is read once.
func testGroupStable(t *testing.T, s caption.Store) {
	dates := []caption.PartialDate{day(2016, 11, 20), day(2016, 11, 21), day(2016, 11, 22), {}, day(2016, 11, 23)}
	id := groupFixture(t, s, dates)
	p, err := s.Group(t.Context(), caption.GroupQuery{Level: caption.LevelEvent, Group: id[0], Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Two records join: one before the cursor (2016-11-19), one after
	// (undated, with the highest ID).
	doc, items := document("late.txt", "Late member before: "+idlibMarket, "Late member after: "+homsProtest)
	items[0].Record.Date = day(2016, 11, 19)
	mustPut(t, s, doc, items)
	m := ids(t, s)
	early, late := m[items[0].Fingerprint.Key], m[items[1].Fingerprint.Key]
	for _, r := range []int64{early, late} {
		mustLink(t, s, caption.Link{Record: r, Level: caption.LevelEvent, Target: id[0], Group: id[0], Similarity: 0.8, Rule: "test"})
	}
	rest, totals := groupPages(t, s, caption.GroupQuery{Level: caption.LevelEvent, Group: id[0], Limit: 2, Cursor: p.Next})
	got := append(recordIDs(p.Records), rest...)
	if diff := cmp.Diff([]int64{id[0], id[1], id[2], id[4], id[3], late}, got); diff != "" {
		t.Errorf("pages while records join (-want +got):\n%s", diff)
	}
	if totals[0] != len(dates)+2 {
		t.Errorf("total after two joined = %d, want %d", totals[0], len(dates)+2)
	}
}

// testGroupLimits: limit 0 is DefaultGroupLimit, more than MaxGroupLimit
// is MaxGroupLimit; a bad level, group, limit or cursor is ErrInvalid.
func testGroupLimits(t *testing.T, s caption.Store) {
	dates := make([]caption.PartialDate, caption.MaxGroupLimit+3)
	for i := range dates {
		dates[i] = day(2016, 1+i%12, 1+i%28)
	}
	id := groupFixture(t, s, dates)
	for _, tc := range []struct{ limit, want int }{{0, caption.DefaultGroupLimit}, {caption.MaxGroupLimit + 1, caption.MaxGroupLimit}, {1 << 30, caption.MaxGroupLimit}} {
		p, err := s.Group(t.Context(), caption.GroupQuery{Level: caption.LevelCluster, Group: id[0], Limit: tc.limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Records) != tc.want || p.Total != len(dates) || p.Next == "" {
			t.Errorf("limit %d: %d records, total %d, next %q; want %d, %d and a next page", tc.limit, len(p.Records), p.Total, p.Next, tc.want, len(dates))
		}
	}
	for _, q := range []caption.GroupQuery{
		{Level: "incident", Group: id[0]},
		{Level: caption.LevelEvent, Group: 0},
		{Level: caption.LevelEvent, Group: -1},
		{Level: caption.LevelEvent, Group: id[0], Limit: -1},
		{Level: caption.LevelEvent, Group: id[0], Except: -1},
		{Level: caption.LevelEvent, Group: id[0], Cursor: "not a cursor"},
		{Level: caption.LevelEvent, Group: id[0], Cursor: "'; DROP TABLE records; --"},
	} {
		if _, err := s.Group(t.Context(), q); !errors.Is(err, caption.ErrInvalid) {
			t.Errorf("Group(%+v) = %v, want ErrInvalid", q, err)
		}
	}
}
