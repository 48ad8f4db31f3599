package ingest

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// content is a store's logical content: what two runs that should agree
// must have in common, whatever IDs and times they were given. Records are
// named by key, occurrences by document digest and index, groups by the
// sorted keys of their members.
type content struct {
	Documents   []string          // "path sha256"
	Occurrences map[string]string // "sha256 index" → "start-end line key"
	Clusters    [][]string
	Events      [][]string
	Links       map[string][]string // key → "level target-key similarity rule"
}

func storeContent(t testing.TB, s caption.Store) content {
	t.Helper()
	c := content{Occurrences: map[string]string{}, Links: map[string][]string{}}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		c.Documents = append(c.Documents, d.Path+" "+d.SHA256)
	}
	recs := allRecords(t, s)
	key := map[int64]string{}
	for _, r := range recs {
		key[r.ID] = r.Fingerprint.Key
	}
	clusters, events := map[int64][]string{}, map[int64][]string{}
	for _, r := range recs {
		k := r.Fingerprint.Key
		clusters[r.Cluster] = append(clusters[r.Cluster], k)
		events[r.Event] = append(events[r.Event], k)
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range srcs {
			c.Occurrences[fmt.Sprintf("%s %d", src.Document.SHA256, src.Index)] = fmt.Sprintf("%d-%d %d %s", src.Start, src.End, src.Line, k)
		}
		links, err := s.Links(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			c.Links[k] = append(c.Links[k], fmt.Sprintf("%s %s %.6f %s", l.Level, key[l.Target], l.Similarity, l.Rule))
		}
	}
	c.Clusters, c.Events = groups(clusters), groups(events)
	return c
}

// groups returns the members of each group, sorted, in sorted order.
func groups(m map[int64][]string) [][]string {
	var out [][]string
	for _, keys := range m {
		slices.Sort(keys)
		out = append(out, keys)
	}
	sort.Slice(out, func(i, j int) bool { return strings.Join(out[i], ",") < strings.Join(out[j], ",") })
	return out
}

// TestLinkBatchSize checks that linking in batches decides as linking one
// record at a time does: the batch's shared candidate queries and
// in-memory additions must not change a single link.
func TestLinkBatchSize(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests a corpus three times")
	}
	dir := t.TempDir()
	writeCorpus(t, dir, 800)
	var first content
	for i, batch := range []int{1, 7, DefaultBatch} {
		s := newSQLite(t)
		opt := testOptions(t)
		opt.Batch = batch
		mustIngest(t, s, []string{dir}, opt)
		got := storeContent(t, s)
		if i == 0 {
			first = got
			continue
		}
		if diff := cmp.Diff(first, got); diff != "" {
			t.Errorf("batch %d: content differs from one record at a time (-batch 1 +batch %d):\n%s", batch, batch, diff)
		}
	}
}

// TestLinkLeftovers checks that records linked as they are stored (from the
// items, with what the run keeps in memory) get the links they get when a
// run links them afterwards from the store, as after a killed run: the
// documents of one store are put without linking, and an ingest of no
// paths links them.
func TestLinkLeftovers(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests a corpus twice")
	}
	dir := t.TempDir()
	writeCorpus(t, dir, 1500)
	opt := testOptions(t)
	opt.Batch = 300

	linked := newSQLite(t)
	mustIngest(t, linked, []string{dir}, opt)

	later := newSQLite(t)
	in, err := newIngester(t.Context(), later, opt)
	if err != nil {
		t.Fatal(err)
	}
	for ord, p := range in.expand([]string{dir}) {
		d := in.prepare(p, ord)
		if d.err != nil {
			t.Fatal(d.err)
		}
		if _, err := later.PutDocument(t.Context(), d.doc, d.items, opt.Versions); err != nil {
			t.Fatal(err)
		}
	}
	if st := mustStats(t, later); st.Clusters != 0 {
		t.Fatalf("records linked before the linking run: %+v", st)
	}
	mustIngest(t, later, nil, opt)
	if diff := cmp.Diff(storeContent(t, linked), storeContent(t, later)); diff != "" {
		t.Errorf("linked afterwards differs from linked as stored (-as stored +afterwards):\n%s", diff)
	}
}
