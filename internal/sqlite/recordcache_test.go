package sqlite

import (
	"context"
	"errors"
	"testing"

	"sijil/internal/caption"
)

// TestRecordIDsRolledBack checks that the records a rolled-back
// transaction created are not known to exist afterwards: six records made
// and rolled back, three made again under the first three IDs and
// committed, and a link to the fifth must then fail as a link to a
// missing record does, not be written to a row that is not there.
func TestRecordIDsRolledBack(t *testing.T) {
	s := newTestStore(t)
	v := caption.Versions{Parser: "p"}
	put := func(ctx context.Context, path string, first, n int) error {
		doc, items := genDocument(path, first, n)
		_, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, v, nil)
		return err
	}
	errAbandoned := errors.New("abandoned")
	err := s.Exclusive(t.Context(), func(ctx context.Context) error {
		if err := put(ctx, "six.txt", 0, 6); err != nil {
			return err
		}
		if n := recordCount(t, ctx, s); n != 6 {
			t.Fatalf("the abandoned transaction holds %d records, want 6", n)
		}
		return errAbandoned
	})
	if !errors.Is(err, errAbandoned) {
		t.Fatalf("Exclusive: %v, want the abandoned call's error", err)
	}
	if err := put(t.Context(), "three.txt", 100, 3); err != nil {
		t.Fatal(err)
	}
	if n := recordCount(t, t.Context(), s); n != 3 {
		t.Fatalf("%d records stored, want 3", n)
	}
	if !s.records.has(3) || s.records.has(5) {
		t.Errorf("known to exist: record 3 %v (want true), record 5 %v (want false)", s.records.has(3), s.records.has(5))
	}
	err = s.Exclusive(t.Context(), func(ctx context.Context) error {
		return s.SetLinks(ctx, []caption.Link{{Record: 1, Level: caption.LevelCluster, Target: 5, Group: 5, Similarity: 1, Rule: "test"}})
	})
	if !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("a link to the rolled-back record 5: %v, want ErrNotFound", err)
	}
	if err := s.SetLinks(t.Context(), []caption.Link{{Record: 1, Level: caption.LevelCluster, Target: 3, Group: 3, Similarity: 1, Rule: "test"}}); err != nil {
		t.Errorf("a link to the stored record 3: %v", err)
	}
}

// recordCount counts the records that ctx's reads see.
func recordCount(t *testing.T, ctx context.Context, s *Store) int {
	t.Helper()
	var n int
	if err := s.read(ctx).QueryRowContext(ctx, "SELECT count(*) FROM records").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
