package sqlite

import (
	"context"
	"errors"
	"testing"
	"time"

	"sijil/internal/caption"
)

// TestPutDocumentsLinkFailures fails a PutDocuments call at each step of
// its LinkFunc. Outside Exclusive nothing of the call is stored. Inside,
// a failure of the first step (before the call writes) leaves the rest of
// fn's work to commit; a failure of the decision, or a link refused, comes
// after the call began writing, and the whole Exclusive call fails with
// nothing kept, even when fn goes on and returns nil.
func TestPutDocumentsLinkFailures(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	errRead, errDecide := errors.New("read failed"), errors.New("decision failed")
	const missing = 1 << 40
	decided := func(links func(rs []caption.StoredRecord) []caption.Link) caption.LinkFunc {
		return func(_ context.Context, rs []caption.StoredRecord) (caption.LinkDecision, error) {
			return func() ([]caption.Link, error) { return links(rs), nil }, nil
		}
	}
	for _, tc := range []struct {
		name string
		link caption.LinkFunc
		want error
		// beforeWrites: the failure comes before the call writes.
		beforeWrites bool
	}{
		{"read", func(context.Context, []caption.StoredRecord) (caption.LinkDecision, error) { return nil, errRead }, errRead, true},
		{"decision", func(context.Context, []caption.StoredRecord) (caption.LinkDecision, error) {
			return func() ([]caption.Link, error) { return nil, errDecide }, nil
		}, errDecide, false},
		{"record not created", decided(func([]caption.StoredRecord) []caption.Link {
			return []caption.Link{{Record: missing, Level: caption.LevelCluster, Target: missing, Group: missing, Rule: "new"}}
		}), caption.ErrInvalid, false},
		{"group 0", decided(func(rs []caption.StoredRecord) []caption.Link {
			return []caption.Link{{Record: rs[0].ID, Level: caption.LevelCluster, Target: rs[0].ID, Rule: "new"}}
		}), caption.ErrInvalid, false},
		{"level", decided(func(rs []caption.StoredRecord) []caption.Link {
			return []caption.Link{{Record: rs[0].ID, Level: "incident", Target: rs[0].ID, Group: rs[0].ID, Rule: "new"}}
		}), caption.ErrInvalid, false},
		{"target missing", decided(func(rs []caption.StoredRecord) []caption.Link {
			return []caption.Link{{Record: rs[0].ID, Level: caption.LevelCluster, Target: missing, Group: rs[0].ID, Rule: "jaccard"}}
		}), caption.ErrNotFound, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := mustStats(t, s)
			doc, items := genDocument("bad-"+tc.name+".txt", 0, 20)
			batch := []caption.DocumentItems{{Document: doc, Items: items}}
			if _, err := s.PutDocuments(ctx, batch, caption.Versions{Parser: "p"}, tc.link); !errors.Is(err, tc.want) {
				t.Fatalf("PutDocuments = %v, want %v", err, tc.want)
			}
			if got := mustStats(t, s); got != before {
				t.Fatalf("Stats after the failed call = %+v, want %+v", got, before)
			}

			good, goodItems := genDocument("good-"+tc.name+".txt", 1000, 3)
			err := s.Exclusive(ctx, func(xctx context.Context) error {
				if _, err := s.PutDocuments(xctx, []caption.DocumentItems{{Document: good, Items: goodItems}}, caption.Versions{Parser: "p"}, nil); err != nil {
					return err
				}
				if _, err := s.PutDocuments(xctx, batch, caption.Versions{Parser: "p"}, tc.link); !errors.Is(err, tc.want) {
					t.Errorf("PutDocuments inside Exclusive = %v, want %v", err, tc.want)
				}
				return nil // as a careless fn would
			})
			after := mustStats(t, s)
			if tc.beforeWrites {
				if err != nil {
					t.Fatalf("Exclusive = %v, want fn's other work committed", err)
				}
				if after.Documents != before.Documents+1 {
					t.Errorf("Stats after Exclusive = %+v, want one document more than %+v", after, before)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("Exclusive = %v, want it failed with %v", err, tc.want)
			}
			if after != before {
				t.Errorf("Stats after the failed Exclusive = %+v, want %+v: nothing kept", after, before)
			}
		})
	}
}

// TestPutDocumentsDecidesBesideWrites holds the decision of a batch's
// links until the batch's search index is written, which it can only be
// if the store writes it while the decision is pending; and checks that
// the records are then written with the links' groups.
func TestPutDocumentsDecidesBesideWrites(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	indexed := make(chan struct{})
	s.afterSearchIndex = func() { close(indexed) }
	doc, items := genDocument("beside.txt", 0, 30)
	link := func(_ context.Context, rs []caption.StoredRecord) (caption.LinkDecision, error) {
		return func() ([]caption.Link, error) {
			select {
			case <-indexed:
			case <-time.After(10 * time.Second):
				return nil, errors.New("the search index was not written while the links were decided")
			}
			var links []caption.Link
			for _, r := range rs {
				links = append(links,
					caption.Link{Record: r.ID, Level: caption.LevelCluster, Target: rs[0].ID, Group: rs[0].ID, Similarity: 1, Rule: "new"},
					caption.Link{Record: r.ID, Level: caption.LevelEvent, Target: r.ID, Group: r.ID, Similarity: 1, Rule: "new"})
			}
			return links, nil
		}, nil
	}
	res, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, caption.Versions{Parser: "p"}, link)
	if err != nil {
		t.Fatal(err)
	}
	ids := res[0].Created
	if len(ids) == 0 {
		t.Fatal("no record created")
	}
	recs, err := s.RecordsOf(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Cluster != ids[0] || r.Event != r.ID {
			t.Errorf("record %d: cluster %d, event %d; want %d and itself", r.ID, r.Cluster, r.Event, ids[0])
		}
	}
}
