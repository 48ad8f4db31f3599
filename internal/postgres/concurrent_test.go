package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

var testVersions = caption.Versions{Parser: "parse/1", Gazetteer: "geonames-1"}

// testCaption is the i-th distinct caption of the tests here.
func testCaption(i int) string {
	return fmt.Sprintf("Caption %d: rescuers search the rubble of a building in Douma, Syria, on November %d, 2016. (Photo by A. Photographer/AFP)", i, 1+i%30)
}

// testItem makes the item a reader and parser would make of caption i found
// at index idx of a document.
func testItem(i, idx int) caption.Item {
	text := testCaption(i)
	sum := sha256.Sum256([]byte(text))
	bands := make([]uint64, 32)
	for j := range bands {
		bands[j] = uint64(i)<<8 | uint64(j)
	}
	return caption.Item{
		Occurrence: caption.Occurrence{Index: idx, Start: idx * 200, End: idx*200 + len(text), Line: 1 + 2*idx, Text: text},
		Record: caption.Record{Text: text, Description: text, Country: "SY",
			Date: caption.PartialDate{Year: 2016, Month: 11, Day: 1 + i%30, Precision: caption.PrecisionDay}},
		Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(sum[:]), Bands: bands},
	}
}

// testDocument makes a document holding captions ns, in that order.
func testDocument(path string, ns ...int) (caption.Document, []caption.Item) {
	items := make([]caption.Item, len(ns))
	h := sha256.New()
	for idx, n := range ns {
		items[idx] = testItem(n, idx)
		h.Write([]byte(items[idx].Occurrence.Text + "\n\n"))
	}
	doc := caption.Document{Path: path, SHA256: hex.EncodeToString(h.Sum(nil)), Size: int64(200 * len(ns)),
		Format: "text", LastSeen: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)}
	return doc, items
}

// TestConcurrentIngest is two ingest processes at once: two stores on one
// database, each with its own pool, and two goroutines in each, storing
// overlapping documents in opposite caption orders and the same shared
// documents. Nothing is lost, no record or document is stored twice, and
// every distinct document is new to exactly one writer.
func TestConcurrentIngest(t *testing.T) {
	url := newSchema(t)
	stores := []*Store{mustOpen(t, url), mustOpen(t, url)}
	const pool, perDoc, docs = 300, 60, 6
	type put struct {
		res caption.IngestResult
		err error
	}
	results := make([][]put, 4)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		s := stores[w%2]
		wg.Go(func() {
			<-start
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			for k := range docs {
				// Every writer stores shared-k, and its own doc-k
				// over captions that the others' doc-k share.
				for _, path := range []string{fmt.Sprintf("shared-%d.txt", k), fmt.Sprintf("w%d/doc-%d.txt", w, k)} {
					ns := make([]int, perDoc)
					for i := range ns {
						ns[i] = (k*(pool-perDoc)/(docs-1) + i + w*7) % pool
						if w%2 == 1 {
							ns[i] = (k*(pool-perDoc)/(docs-1) + perDoc - 1 - i) % pool
						}
					}
					if path[0] == 's' {
						for i := range ns {
							ns[i] = (k*37 + i*5) % pool
						}
					}
					doc, items := testDocument(path, ns...)
					res, err := s.PutDocument(ctx, doc, items, testVersions)
					results[w] = append(results[w], put{res, err})
				}
			}
		})
	}
	close(start)
	wg.Wait()

	var fresh, dups, occ, unchanged int
	for w, rs := range results {
		for i, r := range rs {
			if r.err != nil {
				t.Fatalf("writer %d, document %d: %v", w, i, r.err)
			}
			fresh, dups, occ = fresh+r.res.NewRecords, dups+r.res.ExactDuplicate, occ+r.res.Occurrences
			if r.res.Unchanged {
				unchanged++
			}
		}
	}
	s := stores[0]
	st, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	wantDocs := docs + 4*docs // one shared-k each, and each writer's own
	if st.Documents != wantDocs || st.Occurrences != wantDocs*perDoc {
		t.Errorf("Stats = %+v, want %d documents and %d occurrences", st, wantDocs, wantDocs*perDoc)
	}
	if fresh != st.Records || occ != st.Occurrences || dups != occ-fresh || unchanged != 3*docs {
		t.Errorf("summed results: %d new, %d duplicates, %d occurrences, %d unchanged; store has %d records, %d occurrences",
			fresh, dups, occ, unchanged, st.Records, st.Occurrences)
	}
	checkOneRecordPerKey(t, s)
}

// checkOneRecordPerKey checks that no key is stored twice and that every
// occurrence belongs to the record of its text.
func checkOneRecordPerKey(t *testing.T, s *Store) {
	t.Helper()
	seen := map[string]bool{}
	sources := 0
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		if seen[r.Fingerprint.Key] {
			t.Errorf("key %s stored twice", r.Fingerprint.Key)
		}
		seen[r.Fingerprint.Key] = true
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			if src.Text != r.Record.Text {
				t.Errorf("record %d (%q) has source %q", r.ID, r.Record.Text, src.Text)
			}
		}
		sources += len(srcs)
	}
	var occ int
	if err := s.pool.QueryRow(t.Context(), `SELECT count(*) FROM occurrences`).Scan(&occ); err != nil {
		t.Fatal(err)
	}
	if sources != occ {
		t.Errorf("records have %d sources, the store %d occurrences", sources, occ)
	}
}

// TestPutDocumentLosesRace stores a document while another transaction
// holds an uncommitted insert of one of its records: PutDocument waits for
// it, and then uses the record that transaction committed, or creates the
// record itself if that transaction rolled back.
func TestPutDocumentLosesRace(t *testing.T) {
	for _, commit := range []bool{true, false} {
		t.Run(fmt.Sprintf("commit=%v", commit), func(t *testing.T) {
			s := newTestStore(t)
			ctx := t.Context()
			doc, items := testDocument("a.txt", 1, 2, 3)
			tx, err := s.pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback(context.Background())
			var rival int64
			err = tx.QueryRow(ctx, `
				INSERT INTO records (key, record, search_text, date_precision, parser_version, gazetteer_version, bands)
				VALUES ($1, '{"text": "rival"}', 'rival', '', 'rival', '', '') RETURNING id`,
				items[1].Fingerprint.Key).Scan(&rival)
			if err != nil {
				t.Fatal(err)
			}
			type put struct {
				res caption.IngestResult
				err error
			}
			done := make(chan put)
			go func() {
				res, err := s.PutDocument(ctx, doc, items, testVersions)
				done <- put{res, err}
			}()
			waitForLockWait(t, s)
			if commit {
				err = tx.Commit(ctx)
			} else {
				err = tx.Rollback(ctx)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := <-done
			if got.err != nil {
				t.Fatalf("PutDocument: %v", got.err)
			}
			wantNew := 3
			if commit {
				wantNew = 2
			}
			if got.res.NewRecords != wantNew || got.res.ExactDuplicate != 3-wantNew || got.res.Occurrences != 3 {
				t.Errorf("PutDocument = %+v, want %d new records", got.res, wantNew)
			}
			var versions []string
			var ids []int64
			for r, err := range s.Records(ctx) {
				if err != nil {
					t.Fatal(err)
				}
				versions, ids = append(versions, r.Versions.Parser), append(ids, r.ID)
			}
			want := []string{"parse/1", "parse/1", "parse/1"}
			if commit {
				want = []string{"rival", "parse/1", "parse/1"}
			}
			if diff := cmp.Diff(want, versions); diff != "" {
				t.Errorf("records' parser versions in ID order (-want +got):\n%s", diff)
			}
			srcs, err := s.Sources(ctx, ids[0])
			if commit && (err != nil || len(srcs) != 1 || srcs[0].Index != 1 || ids[0] != rival) {
				t.Errorf("Sources of the rival's record %d = %+v, %v; want item 1", rival, srcs, err)
			}
		})
	}
}

// waitForLockWait returns once a session of s waits for a lock.
func waitForLockWait(t *testing.T, s *Store) {
	t.Helper()
	for range 500 {
		var waiting bool
		err := s.pool.QueryRow(t.Context(), `
			SELECT EXISTS (SELECT 1 FROM pg_stat_activity
				WHERE application_name = current_setting('application_name')
				AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO records%')`).Scan(&waiting)
		if err != nil {
			t.Fatal(err)
		}
		if waiting {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("PutDocument never waited for the rival transaction")
}

// TestExclusiveAcrossProcesses runs Exclusive from two stores on one
// database, as two ingest processes would: the advisory lock, not the
// Store, keeps their fns apart.
func TestExclusiveAcrossProcesses(t *testing.T) {
	url := newSchema(t)
	stores := []*Store{mustOpen(t, url), mustOpen(t, url)}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	var mu sync.Mutex
	inside, overlap := 0, false
	var wg sync.WaitGroup
	for i := range 4 {
		s := stores[i%2]
		wg.Go(func() {
			err := s.Exclusive(ctx, func(ctx context.Context) error {
				mu.Lock()
				inside++
				overlap = overlap || inside > 1
				mu.Unlock()
				time.Sleep(30 * time.Millisecond)
				_, err := s.Stats(ctx)
				mu.Lock()
				inside--
				mu.Unlock()
				return err
			})
			if err != nil {
				t.Errorf("Exclusive: %v", err)
			}
		})
	}
	wg.Wait()
	if overlap {
		t.Error("two stores ran fns inside Exclusive at once")
	}
}
