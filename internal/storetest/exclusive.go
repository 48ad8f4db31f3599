package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"sijil/internal/caption"
)

// testExclusiveTransaction holds Exclusive to caption.Store's contract: fn's
// calls are one transaction that sees its own writes, an inner Exclusive
// joins it, a write refused for its arguments leaves the others, nil commits
// and an error keeps nothing; a write or Exclusive made inside fn with the
// context Exclusive was given fails rather than waiting for fn for ever (open
// may give the store a short wait for that: see Run).
func testExclusiveTransaction(t *testing.T, s caption.Store) {
	r1, _, _, _ := fourRecords(t, s)
	before := mustStats(t, s)
	ctx := withTimeout(t)
	const missing = 1 << 40
	link := caption.Link{Record: r1, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new", Created: t0}
	err := s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := document("b.txt", "Inside the transaction: a street in Raqqa, Syria, on May 2, 2017.")
		if _, err := s.PutDocument(xctx, doc, items, v1); err != nil {
			return err
		}
		err := s.Exclusive(xctx, func(ictx context.Context) error { return s.SetLink(ictx, link) })
		if err != nil {
			return err
		}
		bad := caption.Link{Record: r1, Level: caption.LevelEvent, Target: missing, Group: missing, Rule: "x", Created: t0}
		if err := s.SetLink(xctx, bad); !errors.Is(err, caption.ErrNotFound) {
			t.Errorf("SetLink to a missing target inside fn = %v, want ErrNotFound", err)
		}
		st, err := s.Stats(xctx)
		if err != nil {
			return err
		}
		if st.Records != before.Records+1 || st.Documents != before.Documents+1 || st.Clusters != 1 {
			t.Errorf("Stats inside fn = %+v, want one document, one record and one cluster more than %+v", st, before)
		}
		// Another context (here the one Exclusive was given): each call
		// would wait for fn, which waits for it, so each fails instead;
		// with an error of its own, before the context's deadline.
		doc2, items2 := document("c.txt", "Outside the transaction: a checkpoint near Mosul, Iraq, on March 3, 2017.")
		calls := map[string]func() error{
			"PutDocument": func() error { _, err := s.PutDocument(ctx, doc2, items2, v1); return err },
			"SetLink":     func() error { return s.SetLink(ctx, link) },
			"Exclusive":   func() error { return s.Exclusive(ctx, func(context.Context) error { return nil }) },
		}
		var wg sync.WaitGroup
		for call, fn := range calls {
			wg.Go(func() {
				if err := fn(); err == nil || errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("%s inside fn with another context = %v, want it to fail, not wait for fn", call, err)
				}
			})
		}
		wg.Wait()
		return nil
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	after := mustStats(t, s)
	if after.Records != before.Records+1 || after.Documents != before.Documents+1 || after.Clusters != 1 {
		t.Errorf("Stats after fn returned nil = %+v, want its writes committed (before: %+v)", after, before)
	}
	if got := links(t, s, r1); len(got) != 1 {
		t.Errorf("links of record %d after Exclusive = %+v, want the inner Exclusive's", r1, got)
	}

	errStop := errors.New("stop")
	err = s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := document("d.txt", "Rolled back: a bridge over the Euphrates at Deir ez-Zor, Syria, on June 9, 2017.")
		if _, err := s.PutDocument(xctx, doc, items, v1); err != nil {
			return err
		}
		return errStop
	})
	if !errors.Is(err, errStop) {
		t.Fatalf("Exclusive = %v, want fn's error", err)
	}
	if got := mustStats(t, s); got != after {
		t.Errorf("Stats after fn failed = %+v, want %+v: nothing kept", got, after)
	}
}

// testMissingReference checks that a write naming a record that does not
// exist is caption.ErrNotFound, whichever call makes it and whether the
// store finds the record missing itself or its database's foreign key does.
func testMissingReference(t *testing.T, s caption.Store) {
	r1, _, _, _ := fourRecords(t, s)
	ctx := withTimeout(t)
	const missing = 1 << 40
	doc, items := document("new.txt", "A new record: a school in Taiz, Yemen, on January 9, 2018.")
	linkTo := func(target int64) caption.LinkFunc {
		return func(_ context.Context, created []caption.StoredRecord) (caption.LinkDecision, error) {
			return func() ([]caption.Link, error) {
				return []caption.Link{{Record: created[0].ID, Level: caption.LevelCluster, Target: target, Group: target, Rule: "jaccard", Created: t0}}, nil
			}, nil
		}
	}
	calls := []struct {
		name string
		call func() error
	}{
		{"SetLink record", func() error {
			return s.SetLink(ctx, caption.Link{Record: missing, Level: caption.LevelCluster, Target: r1, Group: r1, Rule: "new"})
		}},
		{"SetLink target", func() error {
			return s.SetLink(ctx, caption.Link{Record: r1, Level: caption.LevelCluster, Target: missing, Group: missing, Rule: "new"})
		}},
		{"SetLinks", func() error {
			return s.SetLinks(ctx, []caption.Link{{Record: r1, Level: caption.LevelEvent, Target: missing, Group: missing, Rule: "new"}})
		}},
		{"PutDocuments link target", func() error {
			_, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, v1, linkTo(missing))
			return err
		}},
		{"UpdateRecord", func() error { return s.UpdateRecord(ctx, missing, record(dumaAirstrike), v1) }},
		{"AddCorrection", func() error {
			_, err := s.AddCorrection(ctx, caption.Correction{Record: missing, Field: "killed", Value: "1", Previous: "null", Author: "x"})
			return err
		}},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, caption.ErrNotFound) {
			t.Errorf("%s naming a missing record: %v, want ErrNotFound", c.name, err)
		}
	}
	if got := mustStats(t, s); got.Records != 4 || got.Clusters != 0 {
		t.Errorf("Stats after the refused writes = %+v, want the four records unlinked", got)
	}
}
