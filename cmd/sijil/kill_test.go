package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/ingest"
	"sijil/internal/sqlite"
)

// killCaptions is the size of TestIngestKill's corpus: with killBatch
// captions per transaction (SIJIL_INGEST_BATCH), eight batches to store
// and, of the about 8,300 records they make, six linking transactions at
// each level: room for a kill after a commit of the run's own, then one
// further along. An uninterrupted run takes 2–6 s here.
const (
	killCaptions = 12000
	killBatch    = 1500
)

// TestIngestKill kills `sijil ingest` (SIGKILL) where an ingest into SQLite
// can be interrupted, and checks each time that the kill landed there and
// that the register then held what it should; once the same command has
// run to the end, the register must hold exactly what an uninterrupted
// run's does: the same documents, occurrences, records, clusters, events
// and links.
//
//   - batches: inside a batch (a transaction open, some batches of the run
//     already committed), between two batches (no transaction open, some
//     committed, more to come), and inside a later batch. After each kill
//     the register holds the documents committed when the child was
//     stopped, no more (the open transaction left nothing), some but not
//     all of them.
//   - linking: a register whose records are all stored and none linked
//     (stored by a process that does not link) is linked by `sijil ingest`
//     of the same documents, which finds them unchanged and only links the
//     leftovers; it is killed inside a transaction linking clusters (some
//     linked, no events yet), then inside one linking events (every
//     cluster linked, some events). The link state after each kill is the
//     one seen when the child was stopped.
//
// Each kill is found by watching the register (see crashwatch_test.go);
// one that does not land is tried again from the same register, and the
// test fails if it never lands.
func TestIngestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sijil and ingests a corpus several times")
	}
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	kc := newKillCorpus(t, dir, killCaptions)
	ingest := func(db string, gated bool) *exec.Cmd { return kc.cmd(t, bin, dir, db, killBatch, gated) }

	ref := filepath.Join(dir, "ref.db")
	start := time.Now()
	if out, err := ingest(ref, false).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	t.Logf("an uninterrupted run takes %v", time.Since(start))
	final := mustStatsOf(t, openRegister(t, ref))
	want := registerContent(t, ref)
	if len(want.Occurrences) != killCaptions {
		t.Errorf("the uninterrupted run stored %d occurrences, want %d", len(want.Occurrences), killCaptions)
	}
	t.Logf("the uninterrupted run's register: %+v", final)
	complete := func(t *testing.T, db string) {
		t.Helper()
		checkIntegrity(t, db)
		start := time.Now()
		if out, err := ingest(db, false).CombinedOutput(); err != nil {
			t.Fatalf("completing ingest: %v\n%s", err, out)
		}
		t.Logf("the completing run took %v", time.Since(start))
		checkIntegrity(t, db)
		if deferred := deferredIndexes(t, db); len(deferred) > 0 {
			t.Errorf("%s: indexes still unbuilt after the completing run: %v", filepath.Base(db), deferred)
		}
		if diff := cmp.Diff(indexNames(t, ref), indexNames(t, db)); diff != "" {
			t.Errorf("%s: indexes differ from an uninterrupted run's register (-uninterrupted +killed):\n%s", filepath.Base(db), diff)
		}
		if diff := cmp.Diff(want, registerContent(t, db)); diff != "" {
			t.Errorf("%s after kills differs from an uninterrupted run's register (-uninterrupted +killed):\n%s", filepath.Base(db), diff)
		}
	}

	t.Run("batches", func(t *testing.T) {
		db := filepath.Join(dir, "batches.db")
		tally := newLandings(t)
		defer tally.log()
		// kill runs the ingest into db and kills it when at holds of the
		// register before the run and while the child is stopped.
		kill := func(what string, gated bool, at func(before caption.Stats, now sqliteLook) bool) {
			tally.try(what, func(try int) bool {
				return withSnapshot(t, db, func() bool {
					w := watchSQLite(t, db)
					defer w.close()
					before := mustStatsOf(t, w.store)
					c := startChild(t, ingest(db, gated))
					now, landed, err := killAt(c, func() (sqliteLook, error) { return w.look(t.Context()) },
						func(l sqliteLook) bool { return at(before, l) })
					if !landed {
						t.Logf("%s, try %d: the run ended first (%v): %s", what, try, err, lastLines(c.out.String(), 2))
						return false
					}
					checkKilled(t, err, c.out.String())
					// A run into an empty register is a bulk load: its
					// read-only indexes are unbuilt until its end, and
					// the kill left them so (the next Open builds them).
					if deferred := deferredIndexes(t, db); before.Documents == 0 && len(deferred) == 0 {
						t.Errorf("%s: killed in a load into an empty register, no index was left unbuilt", what)
					} else if len(deferred) > 0 {
						t.Logf("%s: the kill left %d indexes unbuilt: %v", what, len(deferred), deferred)
					}
					after := mustStatsOf(t, w.store)
					t.Logf("%s: killed with %d of %d documents committed (%d before the run), a transaction open: %v; after: %+v",
						what, now.Documents, final.Documents, before.Documents, now.Writing, after)
					if after.Documents != now.Documents || after.Occurrences != now.Occurrences || after.Records != now.Records {
						t.Errorf("%s: the register holds %+v after the kill, not what was committed when the child was stopped (%+v)", what, after, now.Stats)
					}
					if after.Documents <= 0 || after.Documents >= final.Documents || after.Records >= final.Records {
						t.Errorf("%s: the register is not partial after the kill: %+v of %+v", what, after, final)
					}
					return true
				})
			})
		}
		// The run's own batches, not the register's: a kill after at
		// least one commit of this run lands in its second or later
		// transaction, and each of the three lands further along.
		inside := func(before caption.Stats, now sqliteLook) bool {
			return now.Writing && before.Documents < now.Documents && now.Documents < final.Documents
		}
		kill("inside a batch", false, inside)
		// Gated: the run commits the batches before the document on
		// standard input, then waits for it with no transaction open.
		kill("between batches", true, func(before caption.Stats, now sqliteLook) bool {
			return !now.Writing && before.Documents < now.Documents && now.Documents < final.Documents
		})
		kill("inside a later batch", false, inside)
		complete(t, db)
	})

	t.Run("linking", func(t *testing.T) {
		db := filepath.Join(dir, "linking.db")
		start := time.Now()
		storeUnlinked(t, filepath.Join(dir, "gazetteer"), db, kc)
		st := mustStatsOf(t, openRegister(t, db))
		t.Logf("stored without linking in %v: %+v", time.Since(start), st)
		if st.Documents != final.Documents || st.Records != final.Records || st.Clusters != 0 || st.Events != 0 {
			t.Fatalf("the register stored without linking holds %+v, want every document and record of %+v and no cluster or event", st, final)
		}
		var ids []int64
		for r, err := range openRegister(t, db).Records(t.Context()) {
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, r.ID)
		}
		slices.Sort(ids)
		n := len(ids)

		tally := newLandings(t)
		defer tally.log()
		type linkLook struct {
			Writing          bool
			Clusters, Events int // records linked at each level
		}
		kill := func(what string, at func(linkLook) bool) {
			tally.try(what, func(try int) bool {
				return withSnapshot(t, db, func() bool {
					w := watchSQLite(t, db)
					defer w.close()
					look := func() (linkLook, error) {
						var l linkLook
						var err error
						if l.Clusters, err = w.linked(t.Context(), caption.LevelCluster, ids, n); err != nil {
							return l, err
						}
						if l.Events, err = w.linked(t.Context(), caption.LevelEvent, ids, l.Clusters); err != nil {
							return l, err
						}
						l.Writing, err = w.writing(t.Context())
						return l, err
					}
					c := startChild(t, ingest(db, false))
					now, landed, err := killAt(c, look, at)
					if !landed {
						t.Logf("%s, try %d: the run ended first (%v): %s", what, try, err, lastLines(c.out.String(), 2))
						return false
					}
					checkKilled(t, err, c.out.String())
					clusters := n - unlinkedCount(t, w.store, caption.LevelCluster, n)
					events := clusters - unlinkedCount(t, w.store, caption.LevelEvent, n)
					t.Logf("%s: killed with %d of %d records linked into clusters and %d into events, a transaction open: %v; after: %d and %d linked, %+v",
						what, now.Clusters, n, now.Events, now.Writing, clusters, events, mustStatsOf(t, w.store))
					if clusters != now.Clusters || events != now.Events {
						t.Errorf("%s: %d and %d records linked after the kill, not the %d and %d linked when the child was stopped", what, clusters, events, now.Clusters, now.Events)
					}
					return true
				})
			})
		}
		kill("while linking clusters", func(l linkLook) bool {
			return l.Writing && 0 < l.Clusters && l.Clusters < n && l.Events == 0
		})
		kill("while linking events", func(l linkLook) bool {
			return l.Writing && l.Clusters == n && 0 < l.Events && l.Events < n
		})
		complete(t, db)
	})
}

// storeUnlinked stores kc's documents in the SQLite register at db as
// `sijil ingest` does, in this process, but links none of the records:
// the state a process that stores without linking leaves, which the
// linking kills start from.
func storeUnlinked(t *testing.T, gazetteer, db string, kc killCorpus) {
	t.Helper()
	ctx := t.Context()
	cfg := configFromEnv(func(k string) string {
		if k == "SIJIL_GAZETTEER" {
			return gazetteer
		}
		return os.Getenv(k)
	})
	cfg.DB = db
	opt, err := pipelineOptions(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := openStore(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := useFocus(ctx, cfg, s, &opt); err != nil {
		t.Fatal(err)
	}
	opt.Dedup = dedup.DefaultOptions()
	in, err := os.Open(kc.stdin)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	opt.Stdin = in
	sum, err := ingest.Ingest(ctx, unlinking{s}, kc.args, opt)
	if err != nil || len(sum.Failures) > 0 {
		t.Fatalf("storing without linking: %v, %d failures", err, len(sum.Failures))
	}
}

// unlinking is a store that keeps what an ingest stores but no links: it
// stores documents without the links the pipeline decides for their new
// records, reports no record unlinked, so that the pipeline finds nothing
// left to link, and drops the links it would set all the same.
type unlinking struct{ caption.Store }

func (u unlinking) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, _ caption.LinkFunc) ([]caption.IngestResult, error) {
	return u.Store.PutDocuments(ctx, docs, v, nil)
}

func (unlinking) Unlinked(context.Context, caption.LinkLevel, int) ([]caption.StoredRecord, error) {
	return nil, nil
}
func (unlinking) SetLink(context.Context, caption.Link) error    { return nil }
func (unlinking) SetLinks(context.Context, []caption.Link) error { return nil }

// buildSijil builds the sijil command into dir.
func buildSijil(t *testing.T, dir string) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	bin := filepath.Join(dir, "sijil")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func openRegister(t *testing.T, path string) caption.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// content is a register's logical content: what two runs that should agree
// must have in common, whatever IDs and times they were given. Records are
// named by key, occurrences by document digest and index, groups by the
// sorted keys of their members.
type content struct {
	Documents   []string          // "path sha256 format"
	Occurrences map[string]string // "sha256 index" → "start-end line key"
	Records     []string          // keys, in ID order
	Clusters    [][]string
	Events      [][]string
	Links       map[string][]string // key → "level target-key similarity rule"
	// Versions are the records counted by versions (RecordVersions),
	// which SQLite keeps as it writes them: a kill must not leave them
	// off by a batch.
	Versions []caption.VersionCount
}

func registerContent(t *testing.T, path string) content {
	t.Helper()
	return storeContent(t, openRegister(t, path))
}

func storeContent(t *testing.T, s caption.Store) content {
	t.Helper()
	ctx := t.Context()
	c := content{Occurrences: map[string]string{}, Links: map[string][]string{}}
	docs, err := s.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		c.Documents = append(c.Documents, d.Path+" "+d.SHA256+" "+d.Format)
	}
	var recs []caption.StoredRecord
	key := map[int64]string{}
	for r, err := range s.Records(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
		key[r.ID] = r.Fingerprint.Key
	}
	clusters, events := map[int64][]string{}, map[int64][]string{}
	for _, r := range recs {
		k := r.Fingerprint.Key
		c.Records = append(c.Records, k)
		clusters[r.Cluster] = append(clusters[r.Cluster], k)
		events[r.Event] = append(events[r.Event], k)
		srcs, err := s.Sources(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			c.Occurrences[fmt.Sprintf("%s %d", src.Document.SHA256, src.Index)] = fmt.Sprintf("%d-%d %d %s", src.Start, src.End, src.Line, k)
		}
		links, err := s.Links(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			c.Links[k] = append(c.Links[k], fmt.Sprintf("%s %s %.6f %s", l.Level, key[l.Target], l.Similarity, l.Rule))
		}
	}
	c.Clusters, c.Events = sortedGroups(clusters), sortedGroups(events)
	if c.Versions, err = s.RecordVersions(ctx); err != nil {
		t.Fatal(err)
	}
	return c
}

// sortedGroups returns each group's members sorted, the groups in order.
func sortedGroups(m map[int64][]string) [][]string {
	var out [][]string
	for _, keys := range m {
		slices.Sort(keys)
		out = append(out, keys)
	}
	sort.Slice(out, func(i, j int) bool { return strings.Join(out[i], ",") < strings.Join(out[j], ",") })
	return out
}
