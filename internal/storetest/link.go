package storetest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// fourRecords stores four captions and returns their IDs in order.
func fourRecords(t *testing.T, s caption.Store) (r1, r2, r3, r4 int64) {
	t.Helper()
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket, homsProtest)
	mustPut(t, s, doc, items)
	m := ids(t, s)
	return m[key(dumaAirstrike)], m[key(aleppoRescue)], m[key(idlibMarket)], m[key(homsProtest)]
}

func unlinked(t *testing.T, s caption.Store, level caption.LinkLevel, limit int) []int64 {
	t.Helper()
	rs, err := s.Unlinked(t.Context(), level, limit)
	if err != nil {
		t.Fatalf("Unlinked(%s, %d): %v", level, limit, err)
	}
	return recordIDs(rs)
}

func links(t *testing.T, s caption.Store, id int64) []caption.Link {
	t.Helper()
	ls, err := s.Links(t.Context(), id)
	if err != nil {
		t.Fatalf("Links(%d): %v", id, err)
	}
	return ls
}

// testUnlinked walks the two linking passes: records leave Unlinked(cluster)
// when linked at cluster level, and only then enter Unlinked(event).
func testUnlinked(t *testing.T, s caption.Store) {
	r1, r2, r3, r4 := fourRecords(t, s)
	check := func(level caption.LinkLevel, limit int, want []int64) {
		t.Helper()
		if diff := cmp.Diff(want, unlinked(t, s, level, limit), diffOpts...); diff != "" {
			t.Errorf("Unlinked(%s, %d) (-want +got):\n%s", level, limit, diff)
		}
	}
	check(caption.LevelCluster, 10, []int64{r1, r2, r3, r4})
	check(caption.LevelCluster, 2, []int64{r1, r2})
	check(caption.LevelEvent, 10, nil)

	newGroup(t, s, caption.LevelCluster, r1)
	near := caption.Link{Record: r3, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 0.875, Rule: "minhash>=0.7", Created: t1}
	mustLink(t, s, near)
	check(caption.LevelCluster, 10, []int64{r2, r4})
	check(caption.LevelCluster, 1, []int64{r2})
	check(caption.LevelEvent, 10, []int64{r1, r3})

	if got := mustRecord(t, s, r3); got.Cluster != r1 || got.Event != 0 {
		t.Errorf("record %d: cluster %d, event %d; want %d, 0", r3, got.Cluster, got.Event, r1)
	}
	if diff := cmp.Diff([]caption.Link{near}, links(t, s, r3), diffOpts...); diff != "" {
		t.Errorf("Links (-want +got):\n%s", diff)
	}

	newGroup(t, s, caption.LevelEvent, r3)
	check(caption.LevelEvent, 10, []int64{r1})
	mustLink(t, s, caption.Link{Record: r1, Level: caption.LevelEvent, Target: r3, Group: r3, Similarity: 0.5, Rule: "date+place"})
	check(caption.LevelEvent, 10, nil)
	if got := mustRecord(t, s, r1); got.Cluster != r1 || got.Event != r3 {
		t.Errorf("record %d: cluster %d, event %d; want %d, %d", r1, got.Cluster, got.Event, r1, r3)
	}
	// Links come cluster first, then event.
	ls := links(t, s, r1)
	if len(ls) != 2 || ls[0].Level != caption.LevelCluster || ls[1].Level != caption.LevelEvent || ls[1].Target != r3 {
		t.Errorf("Links(%d) = %+v, want its cluster link, then its event link to %d", r1, ls, r3)
	}
}

// testSetLinkReplaces links a record twice at one level, as a reviewer
// undoing a match does: the second link is the record's link.
func testSetLinkReplaces(t *testing.T, s caption.Store) {
	r1, r2, _, _ := fourRecords(t, s)
	newGroup(t, s, caption.LevelCluster, r1)
	mustLink(t, s, caption.Link{Record: r2, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 0.7, Rule: "minhash"})
	undo := caption.Link{Record: r2, Level: caption.LevelCluster, Target: r2, Group: r2, Similarity: 1, Rule: "new", Created: t1.Add(time.Hour)}
	mustLink(t, s, undo)
	if diff := cmp.Diff([]caption.Link{undo}, links(t, s, r2), diffOpts...); diff != "" {
		t.Errorf("Links after relinking (-want +got):\n%s", diff)
	}
	if got := mustRecord(t, s, r2).Cluster; got != r2 {
		t.Errorf("cluster after relinking = %d, want %d", got, r2)
	}
	if got := mustStats(t, s).Clusters; got != 2 {
		t.Errorf("Stats.Clusters = %d, want 2", got)
	}
}

func testSetLinkInvalid(t *testing.T, s caption.Store) {
	r1, r2, _, _ := fourRecords(t, s)
	ctx := t.Context()
	for _, l := range []caption.Link{
		{Record: r2, Level: "incident", Target: r1, Group: r1, Rule: "minhash", Created: t0},
		{Record: r2, Level: caption.LevelCluster, Target: r1, Group: 0, Rule: "minhash", Created: t0},
	} {
		if err := s.SetLink(ctx, l); !errors.Is(err, caption.ErrInvalid) {
			t.Errorf("SetLink(%+v) = %v, want ErrInvalid", l, err)
		}
	}
	for _, limit := range []int{0, -1} {
		if _, err := s.Unlinked(ctx, caption.LevelCluster, limit); !errors.Is(err, caption.ErrInvalid) {
			t.Errorf("Unlinked(cluster, %d) = %v, want ErrInvalid", limit, err)
		}
	}
	if _, err := s.Unlinked(ctx, "incident", 10); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("Unlinked(incident) = %v, want ErrInvalid", err)
	}
	if got := unlinked(t, s, caption.LevelCluster, 10); len(got) != 4 {
		t.Errorf("after invalid links, %d records unlinked, want 4", len(got))
	}
}

// testClusterBands reads the bands of the records linked at cluster level,
// after an ID, in ID order, with all 64 bits of each band; and RecordsOf
// reads whole records by ID.
func testClusterBands(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket, homsProtest)
	const high = 1<<63 | 42
	items[0].Fingerprint.Bands = []uint64{1, 2, high}
	items[1].Fingerprint.Bands = []uint64{high, 4}
	items[2].Fingerprint.Bands = []uint64{5}
	items[3].Fingerprint.Bands = nil
	mustPut(t, s, doc, items)
	m := ids(t, s)
	r1, r2, r3, r4 := m[items[0].Fingerprint.Key], m[items[1].Fingerprint.Key], m[items[2].Fingerprint.Key], m[items[3].Fingerprint.Key]
	ctx := t.Context()
	if got := clusterBands(t, ctx, s, 0); len(got) != 0 {
		t.Errorf("ClusterBands with nothing linked = %v", got)
	}
	newGroup(t, s, caption.LevelCluster, r2)
	newGroup(t, s, caption.LevelCluster, r1)
	mustLink(t, s, caption.Link{Record: r4, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 0.6, Rule: "minhash"})
	want := []caption.BandRecord{
		{ID: r1, Cluster: r1, Bands: []uint64{1, 2, high}},
		{ID: r2, Cluster: r2, Bands: []uint64{high, 4}},
		{ID: r4, Cluster: r1},
	}
	if diff := cmp.Diff(want, clusterBands(t, ctx, s, 0), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("ClusterBands(0) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want[2:], clusterBands(t, ctx, s, r2), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("ClusterBands(%d) (-want +got):\n%s", r2, diff)
	}

	got, err := s.RecordsOf(ctx, []int64{r3, 999999, r1})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]caption.StoredRecord{mustRecord(t, s, r1), mustRecord(t, s, r3)}, got, diffOpts...); diff != "" {
		t.Errorf("RecordsOf returns whole records in ID order, none for an unknown ID (-want +got):\n%s", diff)
	}
	if got, err := s.RecordsOf(ctx, nil); err != nil || len(got) != 0 {
		t.Errorf("RecordsOf(nil) = %v, %v", got, err)
	}
}

// clusterBands collects what ClusterBands yields.
func clusterBands(t *testing.T, ctx context.Context, s caption.Store, after int64) []caption.BandRecord {
	t.Helper()
	var out []caption.BandRecord
	for b, err := range s.ClusterBands(ctx, after) {
		if err != nil {
			t.Fatalf("ClusterBands(%d): %v", after, err)
		}
		out = append(out, b)
	}
	return out
}

func day(y, m, d int) caption.PartialDate {
	return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
}

// testEventCandidates selects event-linked records by date window.
func testEventCandidates(t *testing.T, s caption.Store) {
	dates := []struct {
		name string
		date caption.PartialDate
	}{
		{"nov20", day(2016, 11, 20)},
		{"nov22", day(2016, 11, 22)},
		{"nov24", day(2016, 11, 24)},
		{"nov", caption.PartialDate{Year: 2016, Month: 11, Precision: caption.PrecisionMonth}},
		{"y2016", caption.PartialDate{Year: 2016, Precision: caption.PrecisionYear}},
		{"jan1", day(2017, 1, 1)},
		{"undated", caption.PartialDate{}},
		{"nov23 cluster only", day(2016, 11, 23)},
		{"feb29", day(2016, 2, 29)},
	}
	raws := make([]string, len(dates))
	for i, d := range dates {
		raws[i] = "Event candidate " + d.name + ": " + dumaAirstrike
	}
	doc, items := document("dates.txt", raws...)
	for i, d := range dates {
		items[i].Record.Date = d.date
	}
	mustPut(t, s, doc, items)
	id := map[string]int64{}
	m := ids(t, s)
	for i, d := range dates {
		id[d.name] = m[items[i].Fingerprint.Key]
		newGroup(t, s, caption.LevelCluster, id[d.name])
		if d.name != "nov23 cluster only" {
			newGroup(t, s, caption.LevelEvent, id[d.name])
		}
	}
	tests := []struct {
		name string
		date caption.PartialDate
		days int
		want []string
	}{
		{"day ±1", day(2016, 11, 23), 1, []string{"nov22", "nov24", "nov", "y2016"}},
		{"day ±0", day(2016, 11, 22), 0, []string{"nov22", "nov", "y2016"}},
		{"day ±2", day(2016, 11, 22), 2, []string{"nov20", "nov22", "nov24", "nov", "y2016"}},
		{"across a year", day(2016, 12, 31), 1, []string{"y2016", "jan1"}},
		{"across a leap day", day(2016, 3, 1), 1, []string{"y2016", "feb29"}},
		{"month", caption.PartialDate{Year: 2016, Month: 11, Precision: caption.PrecisionMonth}, 0, []string{"nov20", "nov22", "nov24", "nov", "y2016"}},
		{"month +1 day", caption.PartialDate{Year: 2016, Month: 12, Precision: caption.PrecisionMonth}, 1, []string{"nov", "y2016", "jan1"}},
		{"year", caption.PartialDate{Year: 2017, Precision: caption.PrecisionYear}, 0, []string{"jan1"}},
		{"nothing near", day(2015, 6, 1), 30, nil},
		{"undated", caption.PartialDate{}, 10000, nil},
	}
	for _, tc := range tests {
		got, err := s.EventCandidates(t.Context(), tc.date, tc.days)
		if err != nil {
			t.Fatalf("%s: EventCandidates: %v", tc.name, err)
		}
		var want []int64
		for _, n := range tc.want {
			want = append(want, id[n])
		}
		if diff := cmp.Diff(want, recordIDs(got), diffOpts...); diff != "" {
			t.Errorf("%s: EventCandidates(%s, %d) (-want +got):\n%s", tc.name, tc.date, tc.days, diff)
		}
	}
	if _, err := s.EventCandidates(t.Context(), day(2016, 11, 23), -1); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("EventCandidates with negative days = %v, want ErrInvalid", err)
	}
}

// testExclusive runs the linking pass inside Exclusive: fn's calls work, its
// links are kept, its error is returned.
func testExclusive(t *testing.T, s caption.Store) {
	r1, r2, _, _ := fourRecords(t, s)
	err := s.Exclusive(t.Context(), func(ctx context.Context) error {
		rs, err := s.Unlinked(ctx, caption.LevelCluster, 2)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if err := s.SetLink(ctx, caption.Link{Record: r.ID, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new", Created: t0}); err != nil {
				return err
			}
		}
		if _, err := s.RecordsOf(ctx, []int64{rs[0].ID}); err != nil {
			return err
		}
		_, err = s.Record(ctx, r2)
		return err
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	if got := mustRecord(t, s, r2).Cluster; got != r1 {
		t.Errorf("cluster linked inside Exclusive = %d, want %d", got, r1)
	}
	errStop := errors.New("stop")
	if err := s.Exclusive(t.Context(), func(context.Context) error { return errStop }); !errors.Is(err, errStop) {
		t.Errorf("Exclusive = %v, want fn's error", err)
	}
	// Exclusive is usable again after an error.
	ran := false
	if err := s.Exclusive(withTimeout(t), func(context.Context) error { ran = true; return nil }); err != nil || !ran {
		t.Errorf("Exclusive after an error: ran %v, %v", ran, err)
	}
}

// testExclusiveMutual runs Exclusive from several goroutines: never two fns
// at once.
func testExclusiveMutual(t *testing.T, s caption.Store) {
	r1, _, _, _ := fourRecords(t, s)
	ctx := withTimeout(t)
	var inside atomic.Int32
	var overlap atomic.Bool
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			err := s.Exclusive(ctx, func(ctx context.Context) error {
				if inside.Add(1) > 1 {
					overlap.Store(true)
				}
				defer inside.Add(-1)
				time.Sleep(20 * time.Millisecond)
				_, err := s.Record(ctx, r1)
				return err
			})
			if err != nil {
				t.Errorf("Exclusive: %v", err)
			}
		})
	}
	wg.Wait()
	if overlap.Load() {
		t.Error("two fns ran inside Exclusive at once")
	}
}
