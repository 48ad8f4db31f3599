package postgres

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"sijil/internal/caption"
)

// TestExclusiveOneTransaction checks that fn's calls are one transaction:
// its reads see its writes, nobody else does until it returns, an error
// keeps none of them, and the advisory lock is the transaction's.
func TestExclusiveOneTransaction(t *testing.T) {
	url := newSchema(t)
	s, other := mustOpen(t, url), mustOpen(t, url)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	doc, items := testDocument("a.txt", 1, 2, 3)
	if _, err := s.PutDocument(ctx, doc, items, testVersions); err != nil {
		t.Fatal(err)
	}
	records := func(s *Store, ctx context.Context) int {
		t.Helper()
		st, err := s.Stats(ctx)
		if err != nil {
			t.Fatalf("Stats: %v", err)
		}
		return st.Records
	}
	// The advisory locks held by the session of Exclusive's transaction
	// (other tests' sessions may hold the lock of their own schemas:
	// it is the database's).
	var pid uint32
	locks := func() int {
		t.Helper()
		var n int
		if err := other.pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = $1 AND granted`,
			pid).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	err := s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := testDocument("b.txt", 3, 4, 5)
		if _, err := s.PutDocument(xctx, doc, items, testVersions); err != nil {
			return err
		}
		if got := records(s, xctx); got != 5 {
			t.Errorf("records seen inside fn = %d, want 5", got)
		}
		if got := records(other, ctx); got != 3 {
			t.Errorf("records seen by another store while fn runs = %d, want 3", got)
		}
		if got := records(s, ctx); got != 3 {
			t.Errorf("records seen with another context while fn runs = %d, want 3", got)
		}
		pid = s.active.Load().conn.Conn().PgConn().PID()
		if got := locks(); got != 1 {
			t.Errorf("%d advisory locks held while fn runs, want 1", got)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	if got := records(other, ctx); got != 5 {
		t.Errorf("records after Exclusive = %d, want 5", got)
	}
	if got := locks(); got != 0 {
		t.Errorf("%d advisory locks held after Exclusive, want 0", got)
	}

	errStop := errors.New("stop")
	err = s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := testDocument("c.txt", 6, 7)
		if _, err := s.PutDocument(xctx, doc, items, testVersions); err != nil {
			return err
		}
		r, err := s.Record(xctx, 1)
		if err != nil {
			return err
		}
		if err := s.SetLinks(xctx, []caption.Link{{Record: r.ID, Level: caption.LevelCluster, Target: r.ID, Group: r.ID, Rule: "new"}}); err != nil {
			return err
		}
		return errStop
	})
	if !errors.Is(err, errStop) {
		t.Fatalf("Exclusive = %v, want fn's error", err)
	}
	if got := records(other, ctx); got != 5 {
		t.Errorf("records after a failed Exclusive = %d, want 5", got)
	}
	if r, err := other.Record(ctx, 1); err != nil || r.Cluster != 0 {
		t.Errorf("record 1 after a failed Exclusive: %+v, %v; want it unlinked", r, err)
	}
}

// TestExclusiveFailedStatement fails a statement of fn's transaction in the
// database: the later calls fail, and Exclusive returns an error and keeps
// nothing. A write that fails is undone alone.
func TestExclusiveFailedStatement(t *testing.T) {
	s := newTestStore(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	err := s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := testDocument("a.txt", 1, 2)
		if _, err := s.PutDocument(xctx, doc, items, testVersions); err != nil {
			return err
		}
		// A write that fails in the database, in its savepoint.
		err := s.SetLinks(xctx, []caption.Link{{Record: 1, Level: caption.LevelCluster, Target: 1 << 40, Group: 1 << 40, Rule: "x"}})
		if !errors.Is(err, caption.ErrNotFound) {
			t.Errorf("SetLinks to a missing target = %v, want ErrNotFound", err)
		}
		if _, err := s.Record(xctx, 1); err != nil {
			t.Errorf("Record after a failed write: %v", err)
		}
		// A read that fails in the database.
		err = s.read(xctx, func(q querier) error {
			_, err := q.Exec(xctx, `SELECT 1 / 0`)
			return err
		})
		if err == nil {
			t.Fatal("SELECT 1 / 0 did not fail")
		}
		if _, err := s.Record(xctx, 1); err == nil {
			t.Error("Record after a failed read: no error")
		}
		return nil
	})
	if err == nil {
		t.Fatal("Exclusive after a failed statement: no error")
	}
	st, err := s.Stats(ctx)
	if err != nil || st.Records != 0 {
		t.Errorf("Stats after a failed Exclusive = %+v, %v; want nothing stored", st, err)
	}
	// The store still works.
	if err := s.Exclusive(ctx, func(context.Context) error { return nil }); err != nil {
		t.Errorf("Exclusive after a failed one: %v", err)
	}
}

// TestExclusiveOtherContext calls the store inside fn with a context that
// is not fn's: a write or Exclusive, which would wait for fn's transaction
// for ever, fails once it has waited the lock wait; a read runs outside the
// transaction. From another goroutine, a write waits for fn to end and then
// succeeds.
func TestExclusiveOtherContext(t *testing.T) {
	s := newTestStore(t)
	s.gate.Wait = 2 * time.Second
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	doc, items := testDocument("a.txt", 1, 2)
	if _, err := s.PutDocument(ctx, doc, items, testVersions); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	err := s.Exclusive(ctx, func(xctx context.Context) error {
		doc, items := testDocument("b.txt", 3)
		link := oneStep(func(context.Context, []caption.StoredRecord) ([]caption.Link, error) { return nil, nil })
		calls := map[string]func() error{
			"PutDocument": func() error { _, err := s.PutDocument(ctx, doc, items, testVersions); return err },
			"PutDocuments": func() error {
				_, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, testVersions, link)
				return err
			},
			"SetLinks": func() error {
				return s.SetLinks(ctx, []caption.Link{{Record: 1, Level: caption.LevelCluster, Target: 1, Group: 1, Rule: "new"}})
			},
			"SetLink": func() error {
				return s.SetLink(ctx, caption.Link{Record: 1, Level: caption.LevelCluster, Target: 1, Group: 1, Rule: "new"})
			},
			"UpdateRecord": func() error { return s.UpdateRecord(ctx, 1, items[0].Record, testVersions) },
			"SetSettings":  func() error { return s.SetSettings(ctx, caption.Settings{}) },
			"Exclusive":    func() error { return s.Exclusive(ctx, func(context.Context) error { return nil }) },
			"AddCorrection": func() error {
				_, err := s.AddCorrection(ctx, caption.Correction{Record: 1, Field: "country", Value: `"IQ"`, Previous: `"SY"`})
				return err
			},
		}
		var wg sync.WaitGroup
		for call, fn := range calls {
			wg.Go(func() {
				if err := fn(); !errors.Is(err, caption.ErrLockWait) {
					t.Errorf("%s with another context inside fn = %v, want the lock wait's error", call, err)
				}
			})
		}
		wg.Wait()
		if r, err := s.Record(ctx, 1); err != nil || r.ID != 1 {
			t.Errorf("Record with another context inside fn = %+v, %v", r, err)
		}
		// fn's transaction still works.
		if _, err := s.PutDocument(xctx, doc, items, testVersions); err != nil {
			return err
		}
		go func() {
			doc, items := testDocument("c.txt", 3, 4)
			_, err := s.PutDocument(ctx, doc, items, testVersions)
			waited <- err
		}()
		for s.gate.Waiters() == 0 {
			runtime.Gosched()
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	if err := <-waited; err != nil {
		t.Errorf("PutDocument from another goroutine: %v", err)
	}
	st, err := s.Stats(ctx)
	if err != nil || st.Records != 4 || st.Documents != 3 {
		t.Errorf("Stats = %+v, %v; want 3 documents, 4 records", st, err)
	}
}

// TestExclusiveStagingReuse stores twice through each staging table in one
// transaction: the second use must not see the first's rows.
func TestExclusiveStagingReuse(t *testing.T) {
	s := newTestStore(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	for _, path := range []string{"a.txt", "b.txt"} {
		doc, items := testDocument(path, 1, 2, 3)
		if path == "b.txt" {
			doc, items = testDocument(path, 4, 5, 6)
		}
		if _, err := s.PutDocument(ctx, doc, items, testVersions); err != nil {
			t.Fatal(err)
		}
	}
	err := s.Exclusive(ctx, func(xctx context.Context) error {
		for _, id := range []int64{1, 2} {
			if err := s.SetLinks(xctx, []caption.Link{{Record: id, Level: caption.LevelCluster, Target: id, Group: id, Rule: "new"}}); err != nil {
				return err
			}
		}
		for _, path := range []string{"c.txt", "d.txt"} {
			doc, items := testDocument(path, 7, 8)
			if path == "d.txt" {
				doc, items = testDocument(path, 9)
			}
			if _, err := s.PutDocument(xctx, doc, items, testVersions); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	for id, want := range map[int64]int64{1: 1, 2: 2, 3: 0} {
		if r, err := s.Record(ctx, id); err != nil || r.Cluster != want {
			t.Errorf("record %d: cluster %d, %v; want %d", id, r.Cluster, err, want)
		}
	}
	checkOneRecordPerKey(t, s)
	checkTerms(t, s)
}

// checkTerms checks that every record holds the search values of its
// fields once, and nothing else.
func checkTerms(t *testing.T, s *Store) {
	t.Helper()
	var bad int
	err := s.pool.QueryRow(t.Context(), `
		SELECT count(*) FROM (SELECT record_id, value_id FROM search_terms GROUP BY 1, 2 HAVING count(*) > 1) AS d`).Scan(&bad)
	if err != nil || bad != 0 {
		t.Errorf("%d search terms stored twice (%v)", bad, err)
	}
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.pool.QueryRow(t.Context(), `SELECT count(*) FROM search_terms WHERE record_id = $1`, r.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if want := len(caption.RecordTerms(r.Record)); n != want {
			t.Errorf("record %d has %d search terms, want %d", r.ID, n, want)
		}
	}
}
