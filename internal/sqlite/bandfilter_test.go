package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestBandFilterOtherConnection links records through a second store on the
// same file between two linking transactions of the first: the first's band
// filter must see their bands.
func TestBandFilterOtherConnection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	a, b := mustOpen(t, path), mustOpen(t, path)
	doc, items := genDocument("a.txt", 0, 9)
	if _, err := a.PutDocument(t.Context(), doc, items, caption.Versions{Parser: "p"}); err != nil {
		t.Fatal(err)
	}
	many := make([]uint64, 2*filterMin)
	for i := range many {
		many[i] = uint64(i+1) * 0x9e3779b97f4a7c15
	}
	query := append(many, items[3].Fingerprint.Bands[7])
	candidates := func() []int64 {
		t.Helper()
		var ids []int64
		err := a.Exclusive(t.Context(), func(ctx context.Context) error {
			rs, err := a.ClusterCandidates(ctx, caption.Fingerprint{Key: "q", Bands: query})
			for _, r := range rs {
				ids = append(ids, r.ID)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	if got := candidates(); len(got) != 0 {
		t.Fatalf("candidates before linking: %v", got)
	}
	const id = 4 // items[3]
	if err := b.SetLink(t.Context(), caption.Link{Record: id, Level: caption.LevelCluster, Target: id, Group: id, Rule: "new"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int64{id}, candidates()); diff != "" {
		t.Errorf("candidates after another connection linked (-want +got):\n%s", diff)
	}
}

func mustOpen(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
