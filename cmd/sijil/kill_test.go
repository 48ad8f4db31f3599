package main

import (
	"context"
	"fmt"
	"math/rand/v2"
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
	"sijil/internal/corpus"
	"sijil/internal/sqlite"
)

// TestIngestKill kills `sijil ingest` (SIGKILL) at random moments of a run
// on a generated corpus, several times over, then lets it complete, and
// checks that the register holds exactly what an uninterrupted run's does:
// the same documents, occurrences, records, clusters, events and links.
func TestIngestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sijil and ingests a corpus several times")
	}
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := filepath.Join(dir, "corpus")
	if err := os.Mkdir(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := corpus.Generate(corpus.DefaultOptions(3000), func(name string, data []byte) error {
		return os.WriteFile(filepath.Join(docs, name), data, 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "SIJIL_GAZETTEER="+filepath.Join(dir, "gazetteer"))
	ingest := func(db string) *exec.Cmd {
		cmd := exec.Command(bin, "ingest", "--db", db, docs)
		cmd.Env = env
		return cmd
	}

	ref := filepath.Join(dir, "ref.db")
	start := time.Now()
	if out, err := ingest(ref).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	full := time.Since(start)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("an uninterrupted run takes %v; kill delays from seed %d", full, seed)
	total := openRegister(t, ref)
	final, err := total.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := registerContent(t, ref)
	if len(want.Occurrences) != 3000 {
		t.Errorf("the uninterrupted run stored %d occurrences, want 3000", len(want.Occurrences))
	}
	complete := func(db string) {
		t.Helper()
		if out, err := ingest(db).CombinedOutput(); err != nil {
			t.Fatalf("completing ingest: %v\n%s", err, out)
		}
		if diff := cmp.Diff(want, registerContent(t, db)); diff != "" {
			t.Errorf("%s after kills differs from an uninterrupted run's register (-uninterrupted +killed):\n%s", filepath.Base(db), diff)
		}
	}

	// One register is killed at random moments. Each run resumes where the
	// last was killed: kill it a random share of the way through the work
	// left, so that the kills fall all along the run.
	random := filepath.Join(dir, "random.db")
	left := full
	for i := range 5 {
		delay := time.Duration((0.2 + 0.5*rng.Float64()) * float64(left))
		left -= delay
		cmd := ingest(random)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(delay, func() { cmd.Process.Kill() })
		err := cmd.Wait()
		timer.Stop()
		t.Logf("run %d killed after %v (%v): %s", i+1, delay, err, registerStats(t, random))
	}
	complete(random)

	// Another is killed in the middle of each linking pass, found by
	// watching the register.
	phased := filepath.Join(dir, "phased.db")
	for _, phase := range []struct {
		name string
		in   func(before, now caption.Stats) bool
	}{
		{"clusters", func(before, now caption.Stats) bool { return now.Clusters > before.Clusters && now.Events == 0 }},
		{"events", func(before, now caption.Stats) bool { return now.Events > before.Events && now.Events < final.Events }},
	} {
		err := killWhen(t, ingest(phased), phased, phase.in)
		t.Logf("run killed while linking %s (%v): %s", phase.name, err, registerStats(t, phased))
	}
	complete(phased)
}

// killWhen runs cmd, watching the register at db, and kills it as soon as
// its stats, compared with those before it started, satisfy in. It returns
// how cmd ended.
func killWhen(t *testing.T, cmd *exec.Cmd, db string, in func(before, now caption.Stats) bool) error {
	t.Helper()
	s := openRegister(t, db)
	before, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for {
		select {
		case err := <-done:
			return err
		case <-time.After(5 * time.Millisecond):
		}
		if now, err := s.Stats(t.Context()); err == nil && in(before, now) {
			cmd.Process.Kill()
			return <-done
		}
	}
}

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

// registerStats describes a register in one line, for the log.
func registerStats(t *testing.T, path string) string {
	s := openRegister(t, path)
	st, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%+v", st)
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
