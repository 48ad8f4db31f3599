package ingest

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/dedup"
)

// The captions below are invented for these tests.
const (
	saqba = "Civil defence volunteers search for survivors under a collapsed building after air strikes on the town of Saqba, " +
		"east of Damascus, Syria, on November 14, 2016. At least seven people were killed, according to the Syrian Observatory " +
		"for Human Rights. (Photo by Hamza Tayyan/AFP)"
	// saqbaAltered is saqba with a typo and another credit style.
	saqbaAltered = "Civil defence volunteers search for survivors under a collapsed bulding after air strikes on the town of Saqba, " +
		"east of Damascus, Syria, on November 14, 2016. At least seven people were killed, according to the Syrian Observatory " +
		"for Human Rights. AFP PHOTO / HAMZA TAYYAN"
	mosul = "Smoke rises over the Old City of Mosul, Iraq, July 2, 2017. (Photo by Ahmad Saleh/Reuters)"
	taiz  = "A boy walks past a destroyed school in the city of Taiz, Yemen, March 3, 2018. (Photo by Omar Nasser/Reuters)"
)

func examples(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	return paths
}

func TestIngestExamples(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func(*testing.T) caption.Store) {
		s := open(t)
		paths := examples(t)
		sum := mustIngest(t, s, paths, testOptions(t))
		if sum.Documents != len(paths) || sum.Unchanged != 0 || len(sum.Failures) != 0 {
			t.Errorf("first ingest: %d documents, %d unchanged, failures %v", sum.Documents, sum.Unchanged, sum.Failures)
		}
		// Each of two examples repeats one caption (examples/README.md).
		if sum.ExactDuplicates != 2 || sum.NewRecords != sum.Captions-2 {
			t.Errorf("first ingest: %d captions, %d new records, %d exact duplicates; want 2 duplicates", sum.Captions, sum.NewRecords, sum.ExactDuplicates)
		}
		first := mustStats(t, s)
		want := caption.Stats{Documents: len(paths), Occurrences: sum.Captions, Records: sum.NewRecords,
			Clusters: sum.NewClusters, Events: sum.NewEvents}
		if diff := cmp.Diff(want, first); diff != "" {
			t.Errorf("Stats after the first ingest (-want +got):\n%s", diff)
		}
		if sum.NewClusters+sum.Copies != sum.NewRecords || sum.NewEvents+sum.EventJoins != sum.NewRecords {
			t.Errorf("linked %d+%d records into clusters and %d+%d into events, want %d each",
				sum.NewClusters, sum.Copies, sum.NewEvents, sum.EventJoins, sum.NewRecords)
		}

		again := mustIngest(t, s, paths, testOptions(t))
		if again.Unchanged != len(paths) || again.Captions != 0 || again.NewRecords != 0 || again.NewClusters != 0 {
			t.Errorf("second ingest: %+v, want every document unchanged", again)
		}
		if diff := cmp.Diff(first, mustStats(t, s)); diff != "" {
			t.Errorf("Stats changed on re-ingest (-first +second):\n%s", diff)
		}
	})
}

func TestIngestDuplicates(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func(*testing.T) caption.Store) {
		s := open(t)
		dir := t.TempDir()
		doc := writeFile(t, filepath.Join(dir, "gallery.txt"), saqba+"\n\n"+taiz+"\n\n"+strings.ReplaceAll(saqba, " ", "  ")+"\n\n"+saqbaAltered+"\n")
		sum := mustIngest(t, s, []string{doc}, testOptions(t))
		if sum.Captions != 4 || sum.NewRecords != 3 || sum.ExactDuplicates != 1 || sum.NewClusters != 2 || sum.Copies != 1 {
			t.Errorf("summary %+v: want 4 captions, 3 new records, 1 exact duplicate, 2 clusters, 1 copy", sum)
		}
		recs := allRecords(t, s)
		byKey := map[string]caption.StoredRecord{}
		for _, r := range recs {
			byKey[r.Fingerprint.Key] = r
		}
		orig, altered := byKey[dedup.Key(saqba)], byKey[dedup.Key(saqbaAltered)]
		if orig.ID == 0 || altered.ID == 0 {
			t.Fatalf("records %v: the caption or its altered copy is missing", recs)
		}
		srcs, err := s.Sources(t.Context(), orig.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(srcs) != 2 || srcs[0].Index != 0 || srcs[1].Index != 2 {
			t.Errorf("the caption and its exact duplicate: sources %+v, want captions 0 and 2", srcs)
		}
		if altered.Cluster != orig.ID || orig.Cluster != orig.ID {
			t.Errorf("altered copy in cluster %d, original in %d; want both in %d", altered.Cluster, orig.Cluster, orig.ID)
		}
		if altered.Event != orig.Event || byKey[dedup.Key(taiz)].Event == orig.Event {
			t.Errorf("events: original %d, copy %d, other caption %d", orig.Event, altered.Event, byKey[dedup.Key(taiz)].Event)
		}
		links, err := s.Links(t.Context(), altered.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(links) != 2 || links[0].Target != orig.ID || links[0].Rule != dedup.RuleJaccard || links[0].Similarity < 0.5 || links[1].Rule != RuleCluster {
			t.Errorf("links of the altered copy: %+v", links)
		}
		if st := mustStats(t, s); st.Records != 3 || st.Clusters != 2 || st.Occurrences != 4 {
			t.Errorf("stats %+v", st)
		}
	})
}

func TestIngestFailures(t *testing.T) {
	s := newSQLite(t)
	dir := t.TempDir()
	good := writeFile(t, filepath.Join(dir, "a.txt"), saqba+"\n")
	bad := writeFile(t, filepath.Join(dir, "b.jsonl"), `{"caption":"`+taiz+`"}`+"\n"+`{"caption": broken}`+"\n")
	csv := writeFile(t, filepath.Join(dir, "c.csv"), "id,caption\n1,\""+saqbaAltered+"\"\n")
	missing := filepath.Join(dir, "missing.txt")
	var reported []string
	opt := testOptions(t)
	opt.Failed = func(f Failure) { reported = append(reported, f.Err.Error()) }
	sum := mustIngest(t, s, []string{good, bad, missing, csv}, opt)
	if sum.Documents != 2 || sum.Captions != 2 || len(sum.Failures) != 2 {
		t.Errorf("summary %+v: want 2 documents, 2 captions, 2 failures", sum)
	}
	want := []string{missing + ": no such file or directory", bad + ":2: invalid JSON at column 13: invalid character 'b' looking for beginning of value: invalid input"}
	if diff := cmp.Diff(want, reported); diff != "" {
		t.Errorf("failures reported (-want +got):\n%s", diff)
	}
	if !errors.Is(sum.Failures[1].Err, caption.ErrInvalid) || sum.Failures[1].Path != bad {
		t.Errorf("failure %+v: want %s, caption.ErrInvalid", sum.Failures[1], bad)
	}
	if st := mustStats(t, s); st.Documents != 2 || st.Records != 2 || st.Clusters != 1 {
		t.Errorf("stats %+v: want the two good documents, one cluster", st)
	}
}

// TestIngestWalk walks a folder in name order, skipping hidden names, and
// passes over the symbolic links planted in it: one to a file outside the
// folder (standing for /etc/passwd), one to a directory inside it and one
// back up the tree. A link named on the command line is read as given.
func TestIngestWalk(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "b", "2.txt"), taiz+"\n")
	writeFile(t, filepath.Join(dir, "b", "10.csv"), "caption\n\""+saqba+"\"\n")
	writeFile(t, filepath.Join(dir, "a.jsonl"), `{"text":"`+saqbaAltered+`","id":"x1"}`+"\n")
	writeFile(t, filepath.Join(dir, ".hidden", "x.txt"), "Hidden.\n")
	writeFile(t, filepath.Join(dir, ".DS_Store"), "\x00\x01")
	writeFile(t, filepath.Join(dir, "README.md"), "# Captions\n\nFrom the Taiz office.\n")
	writeFile(t, filepath.Join(dir, "b", "Thumbs.db"), "\x00\x01")
	writeFile(t, filepath.Join(dir, "b", "Notes.TXT"), mosul+"\n")
	outside := writeFile(t, filepath.Join(t.TempDir(), "passwd"), "root:x:0:0:root:/root:/bin/bash\n")
	if err := os.Symlink(outside, filepath.Join(dir, "b", "passwd")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	for _, l := range []struct{ target, link string }{
		{dir, filepath.Join(dir, "b", "loop")},
		{filepath.Join(dir, "b"), filepath.Join(dir, "c")},
		{outside, filepath.Join(dir, "named.txt")},
	} {
		if err := os.Symlink(l.target, l.link); err != nil {
			t.Fatal(err)
		}
	}
	named := filepath.Join(dir, "named.txt")
	in := &ingester{}
	got := in.expand([]string{dir, filepath.Join(dir, "b", "2.txt"), named, "-"})
	want := []string{
		filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b", "10.csv"), filepath.Join(dir, "b", "2.txt"),
		filepath.Join(dir, "b", "Notes.TXT"), filepath.Join(dir, "b", "2.txt"), named, "-",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("expand (-want +got):\n%s", diff)
	}
	if len(in.sum.Failures) != 0 {
		t.Errorf("failures %v, want none: links are passed over, not failures", in.sum.Failures)
	}
	wantLinks := []string{filepath.Join(dir, "b", "loop"), filepath.Join(dir, "b", "passwd"), filepath.Join(dir, "c"), named}
	if in.sum.Links != len(wantLinks) {
		t.Errorf("%d links passed over, want %d", in.sum.Links, len(wantLinks))
	}
	if diff := cmp.Diff(wantLinks, in.sum.LinkPaths); diff != "" {
		t.Errorf("links passed over (-want +got):\n%s", diff)
	}
	wantSkipped := []string{filepath.Join(dir, ".DS_Store"), filepath.Join(dir, ".hidden"), filepath.Join(dir, "README.md"), filepath.Join(dir, "b", "Thumbs.db")}
	if in.sum.Skipped != len(wantSkipped) {
		t.Errorf("%d other files passed over, want %d", in.sum.Skipped, len(wantSkipped))
	}
	if diff := cmp.Diff(wantSkipped, in.sum.SkippedPaths); diff != "" {
		t.Errorf("other files passed over (-want +got):\n%s", diff)
	}

	s := newSQLite(t)
	opt := testOptions(t)
	opt.Stdin = strings.NewReader(taiz + "\n")
	sum := mustIngest(t, s, []string{dir, "-"}, opt)
	if sum.Documents != 5 || sum.NewRecords != 4 || len(sum.Failures) != 0 || sum.Links != 4 || sum.Skipped != 4 {
		t.Errorf("summary %+v: want 5 documents, 4 new records, no failure, 4 links and 4 other files passed over", sum)
	}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var formats []string
	for _, d := range docs {
		formats = append(formats, filepath.Base(d.Path)+":"+d.Format)
	}
	wantFormats := []string{"a.jsonl:jsonl", "10.csv:csv", "2.txt:text", "Notes.TXT:text", "-:text"}
	if diff := cmp.Diff(wantFormats, formats); diff != "" {
		t.Errorf("documents (-want +got):\n%s", diff)
	}
	srcs, err := s.Sources(t.Context(), allRecords(t, s)[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 1 || srcs[0].Meta["id"] != "x1" || srcs[0].Line != 1 {
		t.Errorf("JSON Lines source %+v: want line 1 and its id as metadata", srcs)
	}
}

func TestIngestNoParser(t *testing.T) {
	if _, err := Ingest(t.Context(), newSQLite(t), nil, Options{}); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("Ingest without a parser: %v, want caption.ErrInvalid", err)
	}
}

func TestIngestCancelled(t *testing.T) {
	s := newSQLite(t)
	ctx, cancel := contextWithCancel(t)
	cancel()
	_, err := Ingest(ctx, s, examples(t), testOptions(t))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Ingest with a cancelled context: %v", err)
	}
	// What was stored is consistent: the next run completes it.
	mustIngest(t, s, examples(t), testOptions(t))
	if st := mustStats(t, s); st.Documents != 3 {
		t.Errorf("stats after the second run %+v", st)
	}
}

// TestIngestCancelledMidway cancels an ingest in the middle: after the
// documents before standard input are stored (observed in the register),
// while it waits for standard input. The register holds what an earlier
// ingest left and those documents, each stored and linked whole, and
// nothing of the document being read; the next run completes it.
func TestIngestCancelledMidway(t *testing.T) {
	s := newSQLite(t)
	paths := examples(t)
	opt := testOptions(t)
	mustIngest(t, s, paths[:1], opt)
	earlier := allRecords(t, s)

	ctx, cancel := contextWithCancel(t)
	defer cancel()
	stdin, w := io.Pipe()
	opt.Stdin, opt.Batch = stdin, 1 // a transaction per document
	done := make(chan error, 1)
	go func() {
		_, err := Ingest(ctx, s, append(slices.Clone(paths), "-"), opt)
		done <- err
	}()
	for st := mustStats(t, s); st.Documents < len(paths); st = mustStats(t, s) {
		select {
		case err := <-done:
			t.Fatalf("Ingest returned before reading standard input: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	io.WriteString(w, "A first caption on standard input: shelling in Kharkiv, Ukraine, on March 2, 2022.\n\n")
	cancel()
	w.Close()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Ingest cancelled midway: %v, want context.Canceled", err)
	}
	st := mustStats(t, s)
	if st.Documents != len(paths) {
		t.Errorf("%d documents after the cancelled ingest, want the %d before standard input", st.Documents, len(paths))
	}
	got := allRecords(t, s)
	if diff := cmp.Diff(earlier, got[:len(earlier)]); diff != "" {
		t.Errorf("the earlier ingest's records changed (-before +after):\n%s", diff)
	}
	for _, r := range got {
		if r.Cluster == 0 || r.Event == 0 {
			t.Errorf("record %d stored but not linked (cluster %d, event %d)", r.ID, r.Cluster, r.Event)
		}
	}
	opt.Stdin = strings.NewReader("A first caption on standard input: shelling in Kharkiv, Ukraine, on March 2, 2022.\n")
	mustIngest(t, s, append(slices.Clone(paths), "-"), opt)
	if st := mustStats(t, s); st.Documents != len(paths)+1 {
		t.Errorf("%d documents after the next run, want %d", st.Documents, len(paths)+1)
	}
}

func allRecords(t testing.TB, s caption.Store) []caption.StoredRecord {
	t.Helper()
	var out []caption.StoredRecord
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if !slices.IsSortedFunc(out, func(a, b caption.StoredRecord) int { return int(a.ID - b.ID) }) {
		t.Errorf("Records not in ID order")
	}
	return out
}
