package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// newLinks links each record to a cluster and an event of its own, as the
// first of each.
func newLinks(_ context.Context, created []caption.StoredRecord) (caption.LinkDecision, error) {
	return func() ([]caption.Link, error) { return newLinksOf(created), nil }, nil
}

// newLinksOf returns newLinks' links of created.
func newLinksOf(created []caption.StoredRecord) []caption.Link {
	var links []caption.Link
	for _, r := range created {
		links = append(links,
			caption.Link{Record: r.ID, Level: caption.LevelCluster, Target: r.ID, Group: r.ID, Similarity: 1, Rule: "new"},
			caption.Link{Record: r.ID, Level: caption.LevelEvent, Target: r.ID, Group: r.ID, Similarity: 1, Rule: "new"})
	}
	return links
}

// oneStep is a LinkFunc that decides in its first step, with f: the
// store reads it and waits for its links either way.
func oneStep(f func(context.Context, []caption.StoredRecord) ([]caption.Link, error)) caption.LinkFunc {
	return func(ctx context.Context, created []caption.StoredRecord) (caption.LinkDecision, error) {
		links, err := f(ctx, created)
		if err != nil {
			return nil, err
		}
		return func() ([]caption.Link, error) { return links, nil }, nil
	}
}

// TestPutDocuments stores a batch with a document twice and captions
// shared between documents, links the new records as it stores them, and
// stores it again.
func TestPutDocuments(t *testing.T) {
	s := newTestStore(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	d1, i1 := testDocument("a.txt", 10, 11, 12)
	d2, i2 := testDocument("b.txt", 12, 13, 10, 14)
	batch := []caption.DocumentItems{{Document: d1, Items: i1}, {Document: d2, Items: i2}, {Document: d1, Items: i1}}
	var given []caption.StoredRecord
	res, err := s.PutDocuments(ctx, batch, testVersions, oneStep(func(ctx context.Context, created []caption.StoredRecord) ([]caption.Link, error) {
		given = created
		// It reads the store with ctx, which does not hold them yet.
		if st, err := s.Stats(ctx); err != nil || st.Records != 0 {
			t.Errorf("Stats inside link = %+v, %v; want no records yet", st, err)
		}
		links := newLinksOf(created)
		// The last link of a record at a level is kept.
		return append(links, caption.Link{Record: created[4].ID, Level: caption.LevelCluster, Target: created[0].ID,
			Group: created[0].ID, Similarity: 0.9, Rule: "jaccard"}), nil
	}))
	if err != nil {
		t.Fatalf("PutDocuments: %v", err)
	}
	// IDs in the order the batch first cites each caption: 10, 11, 12, 13, 14.
	ids := recordIDs(given)
	if !slices.IsSorted(ids) || len(ids) != 5 {
		t.Fatalf("link was given records %v, want 5 in ID order", ids)
	}
	for i, n := range []int{10, 11, 12, 13, 14} {
		if given[i].Record.Text != testCaption(n) || given[i].Versions != testVersions || given[i].Cluster != 0 {
			t.Errorf("created[%d] = %+v, want caption %d", i, given[i], n)
		}
	}
	r1, r2, r3 := res[0], res[1], res[2]
	if r1.NewRecords != 3 || r1.ExactDuplicate != 0 || !slices.Equal(r1.RecordIDs, ids[:3]) || !slices.Equal(r1.Created, ids[:3]) {
		t.Errorf("first document's result %+v", r1)
	}
	if r2.NewRecords != 2 || r2.ExactDuplicate != 2 || !slices.Equal(r2.RecordIDs, []int64{ids[2], ids[3], ids[0], ids[4]}) ||
		!slices.Equal(r2.Created, ids[3:]) {
		t.Errorf("second document's result %+v", r2)
	}
	if !r3.Unchanged || r3.Document.ID != r1.Document.ID || r3.NewRecords != 0 {
		t.Errorf("the first document again: %+v, want it unchanged, as %d", r3, r1.Document.ID)
	}
	for i, id := range ids {
		r, err := s.Record(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		wantCluster := id
		if i == 4 {
			wantCluster = ids[0]
		}
		if r.Cluster != wantCluster || r.Event != id {
			t.Errorf("record %d: cluster %d, event %d; want %d, %d", id, r.Cluster, r.Event, wantCluster, id)
		}
		links, err := s.Links(ctx, id)
		if err != nil || len(links) != 2 || links[0].Group != wantCluster || links[0].Created.IsZero() {
			t.Errorf("links of %d = %+v, %v", id, links, err)
		}
	}
	if rs, err := s.Unlinked(ctx, caption.LevelCluster, 10); err != nil || len(rs) != 0 {
		t.Errorf("Unlinked = %v, %v; want none", recordIDs(rs), err)
	}
	checkOneRecordPerKey(t, s)
	checkTerms(t, s)

	// Again, a day later: nothing new, no ID taken, the time moved on.
	later := d1.LastSeen.Add(24 * time.Hour)
	for i := range batch {
		batch[i].Document.LastSeen = later
	}
	v0, err := s.LinkVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err = s.PutDocuments(ctx, batch, testVersions, oneStep(func(context.Context, []caption.StoredRecord) ([]caption.Link, error) {
		t.Error("link called with nothing created")
		return nil, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		if !r.Unchanged || !r.Document.LastSeen.Equal(later) {
			t.Errorf("result %d again: %+v", i, r)
		}
	}
	if v, err := s.LinkVersion(ctx); err != nil || v != v0 {
		t.Errorf("LinkVersion moved from %d to %d (%v) with no link stored", v0, v, err)
	}
	docs, err := s.Documents(ctx)
	if err != nil || len(docs) != 2 || !docs[0].LastSeen.Equal(later) || !docs[0].FirstSeen.Equal(d1.LastSeen) {
		t.Errorf("Documents = %+v, %v", docs, err)
	}
	d3, i3 := testDocument("c.txt", 15)
	res, err = s.PutDocuments(ctx, []caption.DocumentItems{{Document: d3, Items: i3}}, testVersions, nil)
	if err != nil || res[0].Created[0] != ids[4]+1 || res[0].Document.ID != r2.Document.ID+1 {
		t.Errorf("the next document %+v, %v: want record %d and document %d, no ID taken by the documents stored again",
			res, err, ids[4]+1, r2.Document.ID+1)
	}
}

func recordIDs(rs []caption.StoredRecord) []int64 {
	ids := make([]int64, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids
}

// TestPutDocumentsBadLinks fails a batch on its links: nothing of it is
// stored, and inside Exclusive the rest of fn's work is kept.
func TestPutDocumentsBadLinks(t *testing.T) {
	s := newTestStore(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	errLink := errors.New("link failed")
	const missing = 1 << 40
	for _, tc := range []struct {
		name string
		link func(context.Context, []caption.StoredRecord) ([]caption.Link, error)
		want error
	}{
		{"error", func(context.Context, []caption.StoredRecord) ([]caption.Link, error) { return nil, errLink }, errLink},
		{"record not created", func(context.Context, []caption.StoredRecord) ([]caption.Link, error) {
			return []caption.Link{{Record: missing, Level: caption.LevelCluster, Target: missing, Group: missing, Rule: "new"}}, nil
		}, caption.ErrInvalid},
		{"group 0", func(_ context.Context, rs []caption.StoredRecord) ([]caption.Link, error) {
			return []caption.Link{{Record: rs[0].ID, Level: caption.LevelCluster, Target: rs[0].ID, Rule: "new"}}, nil
		}, caption.ErrInvalid},
		{"level", func(_ context.Context, rs []caption.StoredRecord) ([]caption.Link, error) {
			return []caption.Link{{Record: rs[0].ID, Level: "incident", Target: rs[0].ID, Group: rs[0].ID, Rule: "new"}}, nil
		}, caption.ErrInvalid},
		{"target missing", func(_ context.Context, rs []caption.StoredRecord) ([]caption.Link, error) {
			return []caption.Link{{Record: rs[0].ID, Level: caption.LevelCluster, Target: missing, Group: rs[0].ID, Rule: "jaccard"}}, nil
		}, caption.ErrNotFound},
		{"group missing", func(_ context.Context, rs []caption.StoredRecord) ([]caption.Link, error) {
			return []caption.Link{{Record: rs[0].ID, Level: caption.LevelEvent, Target: rs[0].ID, Group: missing, Rule: "jaccard"}}, nil
		}, caption.ErrNotFound},
	} {
		doc, items := testDocument("bad.txt", 1, 2)
		batch := []caption.DocumentItems{{Document: doc, Items: items}}
		if _, err := s.PutDocuments(ctx, batch, testVersions, oneStep(tc.link)); !errors.Is(err, tc.want) {
			t.Errorf("%s: PutDocuments = %v, want %v", tc.name, err, tc.want)
		}
		err := s.Exclusive(ctx, func(xctx context.Context) error {
			d, its := testDocument("good.txt", 3)
			if _, err := s.PutDocuments(xctx, []caption.DocumentItems{{Document: d, Items: its}}, testVersions, newLinks); err != nil {
				return err
			}
			if _, err := s.PutDocuments(xctx, batch, testVersions, oneStep(tc.link)); !errors.Is(err, tc.want) {
				t.Errorf("%s: PutDocuments inside Exclusive = %v, want %v", tc.name, err, tc.want)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: Exclusive: %v", tc.name, err)
		}
		if st, err := s.Stats(ctx); err != nil || st.Documents != 1 || st.Records != 1 || st.Occurrences != 1 {
			t.Errorf("%s: Stats = %+v, %v; want good.txt alone", tc.name, st, err)
		}
	}
}

// TestPutDocumentBesideExclusive stores a document while another store
// (another process) stores overlapping captions inside Exclusive: it waits
// for that transaction, then finds its records.
func TestPutDocumentBesideExclusive(t *testing.T) {
	url := newSchema(t)
	a, b := mustOpen(t, url), mustOpen(t, url)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	done := make(chan caption.IngestResult, 1)
	var committed atomic.Bool
	err := a.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := testDocument("a.txt", 1, 2, 3)
		if _, err := a.PutDocuments(xctx, []caption.DocumentItems{{Document: doc, Items: items}}, testVersions, newLinks); err != nil {
			return err
		}
		go func() {
			doc, items := testDocument("b.txt", 3, 4, 1)
			res, err := b.PutDocument(ctx, doc, items, testVersions)
			if err != nil {
				t.Errorf("PutDocument beside Exclusive: %v", err)
			}
			if !committed.Load() {
				t.Error("PutDocument beside Exclusive returned before Exclusive committed")
			}
			done <- res
		}()
		time.Sleep(300 * time.Millisecond)
		committed.Store(true)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	res := <-done
	if res.NewRecords != 1 || res.ExactDuplicate != 2 || res.RecordIDs[0] != 3 || res.RecordIDs[2] != 1 {
		t.Errorf("PutDocument beside Exclusive = %+v, want one new record", res)
	}
	checkOneRecordPerKey(t, a)
}

// roundTrips counts the statements, batches and copies a store sends, each
// a round trip to the server.
type roundTrips struct{ n atomic.Int64 }

func (r *roundTrips) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	r.n.Add(1)
	return ctx
}
func (r *roundTrips) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (r *roundTrips) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	r.n.Add(1)
	return ctx
}
func (r *roundTrips) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (r *roundTrips) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
func (r *roundTrips) TraceCopyFromStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceCopyFromStartData) context.Context {
	r.n.Add(1)
	return ctx
}
func (r *roundTrips) TraceCopyFromEnd(context.Context, *pgx.Conn, pgx.TraceCopyFromEndData) {}

// TestPutDocumentsRoundTrips checks that a batch takes the same few round
// trips whatever its number of documents and captions.
func TestPutDocumentsRoundTrips(t *testing.T) {
	cfg, err := pgxpool.ParseConfig(newSchema(t))
	if err != nil {
		t.Fatal(err)
	}
	rt := &roundTrips{}
	cfg.ConnConfig.Tracer = rt
	cfg.MaxConns = 1 // one connection, whose statements are prepared once
	s, err := open(t.Context(), cfg, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ctx := t.Context()
	next := 0
	put := func(docs, perDoc int) int64 {
		t.Helper()
		var batch []caption.DocumentItems
		for d := range docs {
			ns := make([]int, perDoc)
			for i := range ns {
				ns[i] = next
				next++
			}
			doc, items := testDocument(fmt.Sprintf("rt/%d.txt", next), ns...)
			batch = append(batch, caption.DocumentItems{Document: doc, Items: items})
			if d > 0 { // and one caption of the previous document again
				batch[d].Items = append(batch[d].Items, testItem(ns[0]-1, perDoc))
			}
		}
		before := rt.n.Load()
		err := s.Exclusive(ctx, func(ctx context.Context) error {
			_, err := s.PutDocuments(ctx, batch, testVersions, newLinks)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return rt.n.Load() - before
	}
	put(3, 3) // prepares the statements
	small, large := put(2, 5), put(200, 50)
	if small != large {
		t.Errorf("PutDocuments inside Exclusive took %d round trips for 10 captions, %d for 10,000: want as many", small, large)
	}
	// BEGIN, the lock, 2 look-ups, SAVEPOINT, 5 COPYs, 2 batches, RELEASE, COMMIT.
	if small > 14 {
		t.Errorf("PutDocuments inside Exclusive took %d round trips, want at most 14", small)
	}
	t.Logf("PutDocuments inside Exclusive: %d round trips", small)
	checkOneRecordPerKey(t, s)
}

// TestPutDocumentsConcurrentBatches runs batches from several stores at
// once, outside Exclusive and without links (the shared lock, the staged
// records): nothing lost, nothing stored twice, each document new to one.
func TestPutDocumentsConcurrentBatches(t *testing.T) {
	url := newSchema(t)
	stores := []*Store{mustOpen(t, url), mustOpen(t, url), mustOpen(t, url)}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	const pool, perDoc, docs = 200, 30, 8
	results := make([][]caption.IngestResult, len(stores))
	errs := make([]error, len(stores))
	done := make(chan struct{})
	for w, s := range stores {
		go func() {
			defer func() { done <- struct{}{} }()
			var batch []caption.DocumentItems
			for k := range docs {
				// Even documents are the same for every writer; odd
				// ones each writer's own, over captions the others'
				// hold too, in opposite orders.
				ns := make([]int, perDoc)
				for i := range ns {
					ns[i] = (k*23 + i*7) % pool
					if k%2 == 1 {
						ns[i] = (k*23 + i*(w+1)*7) % pool
					}
				}
				slices.Sort(ns)
				ns = slices.Compact(ns)
				path := fmt.Sprintf("doc-%d.txt", k)
				if k%2 == 1 {
					path = fmt.Sprintf("w%d/doc-%d.txt", w, k)
					if w%2 == 1 {
						slices.Reverse(ns)
					}
				}
				doc, items := testDocument(path, ns...)
				batch = append(batch, caption.DocumentItems{Document: doc, Items: items})
			}
			results[w], errs[w] = s.PutDocuments(ctx, batch, testVersions, nil)
		}()
	}
	for range stores {
		<-done
	}
	fresh, occ, unchanged := 0, 0, 0
	for w, rs := range results {
		if errs[w] != nil {
			t.Fatalf("writer %d: %v", w, errs[w])
		}
		for _, r := range rs {
			fresh, occ = fresh+r.NewRecords, occ+r.Occurrences
			if r.Unchanged {
				unchanged++
			}
		}
	}
	st, err := stores[0].Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if fresh != st.Records || occ != st.Occurrences || unchanged != (len(stores)-1)*docs/2 {
		t.Errorf("results: %d new records, %d occurrences, %d unchanged; the store has %+v", fresh, occ, unchanged, st)
	}
	if diff := cmp.Diff(docs/2+len(stores)*docs/2, st.Documents); diff != "" {
		t.Errorf("documents (-want +got):\n%s", diff)
	}
	checkOneRecordPerKey(t, stores[0])
	checkTerms(t, stores[0])
}
