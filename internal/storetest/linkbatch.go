package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testSetLinks stores a batch of links at both levels in one call: each as
// SetLink would store it, in order, so that a record linked twice keeps its
// last link; the cluster links index their records' bands.
func testSetLinks(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket, homsProtest)
	items[0].Fingerprint.Bands = []uint64{1, 2}
	items[1].Fingerprint.Bands = []uint64{3}
	items[2].Fingerprint.Bands = []uint64{2, 4}
	items[3].Fingerprint.Bands = []uint64{5}
	mustPut(t, s, doc, items)
	m := ids(t, s)
	r1, r2, r3, r4 := m[key(dumaAirstrike)], m[key(aleppoRescue)], m[key(idlibMarket)], m[key(homsProtest)]
	batch := []caption.Link{
		{Record: r1, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 1, Rule: "new", Created: t0},
		{Record: r2, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 0.7, Rule: "jaccard", Created: t0},
		{Record: r3, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 0.9, Rule: "jaccard", Created: t0},
		{Record: r2, Level: caption.LevelCluster, Target: r2, Group: r2, Similarity: 1, Rule: "new", Created: t1},
		{Record: r1, Level: caption.LevelEvent, Target: r1, Group: r1, Similarity: 1, Rule: "new", Created: t0},
		{Record: r3, Level: caption.LevelEvent, Target: r1, Group: r1, Similarity: 1, Rule: "cluster", Created: t0},
	}
	if err := s.SetLinks(t.Context(), batch); err != nil {
		t.Fatalf("SetLinks: %v", err)
	}
	want := map[int64][]caption.Link{r1: {batch[0], batch[4]}, r2: {batch[3]}, r3: {batch[2], batch[5]}}
	for id, ls := range want {
		if diff := cmp.Diff(ls, links(t, s, id), diffOpts...); diff != "" {
			t.Errorf("Links(%d) (-want +got):\n%s", id, diff)
		}
	}
	groups := map[int64][2]int64{}
	for _, id := range []int64{r1, r2, r3, r4} {
		r := mustRecord(t, s, id)
		groups[id] = [2]int64{r.Cluster, r.Event}
	}
	if diff := cmp.Diff(map[int64][2]int64{r1: {r1, r1}, r2: {r2, 0}, r3: {r1, r1}, r4: {0, 0}}, groups); diff != "" {
		t.Errorf("{cluster, event} by record (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]caption.BandRecord{{ID: r1, Cluster: r1, Bands: []uint64{1, 2}}, {ID: r2, Cluster: r2, Bands: []uint64{3}},
		{ID: r3, Cluster: r1, Bands: []uint64{2, 4}}}, clusterBands(t, t.Context(), s, 0)); diff != "" {
		t.Errorf("ClusterBands after SetLinks (-want +got):\n%s", diff)
	}
	// Inside Exclusive, as a linking pass reads them, and again after
	// linking more.
	err := s.Exclusive(t.Context(), func(ctx context.Context) error {
		if err := s.SetLinks(ctx, []caption.Link{{Record: r4, Level: caption.LevelCluster, Target: r4, Group: r4, Rule: "new", Created: t0}}); err != nil {
			return err
		}
		if diff := cmp.Diff([]caption.BandRecord{{ID: r4, Cluster: r4, Bands: []uint64{5}}}, clusterBands(t, ctx, s, r3)); diff != "" {
			t.Errorf("ClusterBands inside Exclusive after SetLinks (-want +got):\n%s", diff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetLinks(t.Context(), nil); err != nil {
		t.Errorf("SetLinks(nil) = %v", err)
	}
}

// testSetLinksAtomic fails a batch on its last link: none of it is stored.
func testSetLinksAtomic(t *testing.T, s caption.Store) {
	r1, r2, r3, _ := fourRecords(t, s)
	ctx := t.Context()
	const missing = 1 << 40
	for _, tc := range []struct {
		bad  caption.Link
		want error
	}{
		{caption.Link{Record: missing, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new", Created: t0}, caption.ErrNotFound},
		{caption.Link{Record: r2, Level: caption.LevelCluster, Target: missing, Group: missing, Rule: "jaccard", Created: t0}, caption.ErrNotFound},
		{caption.Link{Record: r2, Level: caption.LevelCluster, Target: r1, Group: missing, Rule: "jaccard", Created: t0}, caption.ErrNotFound},
		{caption.Link{Record: r2, Level: "incident", Target: r1, Group: r1, Rule: "new", Created: t0}, caption.ErrInvalid},
		{caption.Link{Record: r2, Level: caption.LevelCluster, Target: r1, Group: 0, Rule: "new", Created: t0}, caption.ErrInvalid},
	} {
		links := []caption.Link{
			{Record: r1, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 1, Rule: "new", Created: t0},
			tc.bad,
		}
		if err := s.SetLinks(ctx, links); !errors.Is(err, tc.want) {
			t.Errorf("SetLinks(…, %+v) = %v, want %v", tc.bad, err, tc.want)
		}
		if got := unlinked(t, s, caption.LevelCluster, 10); len(got) != 4 {
			t.Errorf("after a failed SetLinks, %d records unlinked, want 4", len(got))
		}
	}
	// Inside Exclusive, a failed batch leaves the rest of fn's work alone.
	err := s.Exclusive(ctx, func(ctx context.Context) error {
		if err := s.SetLinks(ctx, []caption.Link{{Record: r1, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new", Created: t0}}); err != nil {
			return err
		}
		for _, last := range []caption.Link{
			{Record: missing, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new", Created: t0},
			{Record: r3, Level: caption.LevelCluster, Target: r1, Group: missing, Rule: "jaccard", Created: t0},
		} {
			bad := []caption.Link{{Record: r2, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new", Created: t0}, last}
			if err := s.SetLinks(ctx, bad); !errors.Is(err, caption.ErrNotFound) {
				t.Errorf("SetLinks(…, %+v) inside Exclusive = %v, want ErrNotFound", last, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int64{r2}, unlinked(t, s, caption.LevelCluster, 2)[:1]); diff != "" {
		t.Errorf("first unlinked after Exclusive (-want +got):\n%s", diff)
	}
	if got := unlinked(t, s, caption.LevelCluster, 10); len(got) != 3 {
		t.Errorf("%d records unlinked, want 3", len(got))
	}
}

// testLinkVersion checks that the link version moves with every change of
// links or record fields, and stays put otherwise.
func testLinkVersion(t *testing.T, s caption.Store) {
	r1, r2, _, _ := fourRecords(t, s)
	version := func() int64 {
		t.Helper()
		v, err := s.LinkVersion(t.Context())
		if err != nil {
			t.Fatalf("LinkVersion: %v", err)
		}
		return v
	}
	v0 := version()
	if v := version(); v != v0 {
		t.Errorf("LinkVersion moved from %d to %d with no change", v0, v)
	}
	newGroup(t, s, caption.LevelCluster, r1)
	va := version()
	if va == v0 {
		t.Error("LinkVersion did not move with SetLink")
	}
	if err := s.SetLinks(t.Context(), []caption.Link{{Record: r2, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "jaccard", Created: t0}}); err != nil {
		t.Fatal(err)
	}
	vb := version()
	if vb == va {
		t.Error("LinkVersion did not move with SetLinks")
	}
	r := mustRecord(t, s, r1).Record
	r.Date = day(2016, 11, 7)
	if err := s.UpdateRecord(t.Context(), r1, r, v1); err != nil {
		t.Fatal(err)
	}
	if version() == vb {
		t.Error("LinkVersion did not move with UpdateRecord")
	}
	err := s.Exclusive(t.Context(), func(ctx context.Context) error {
		if _, err := s.LinkVersion(ctx); err != nil {
			t.Errorf("LinkVersion inside Exclusive: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
