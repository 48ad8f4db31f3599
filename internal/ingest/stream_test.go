package ingest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/parse"
)

// archiveCaption is the i-th caption of a long wire archive: distinct
// captions from several conflicts and agencies, of which some repeat a
// caption a window earlier word for word and some alter one (another
// toll, a typo), so that a later window's records are exact duplicates,
// and altered copies, of an earlier window's. Nine in ten captions of a
// window are of one conflict, another in each window, and one in fifty
// names only a neighbourhood: it takes its window's country.
func archiveCaption(i int) string {
	scenes := []string{
		"Smoke rises after an air strike on %s, Syria, on March %d, 2018. %d people were killed, the Syrian Observatory for Human Rights said. (Photo by Omar Haj Kadour / AFP)",
		"Rescuers search the rubble of a building hit by a missile in %s, Ukraine, on July %d, 2022. At least %d people were killed, officials said. REUTERS/Viacheslav Ratynskyi",
		"Displaced people queue for water at a camp near %s, Sudan, on May %d, 2024, after fighting that killed %d civilians, according to local medics. (Photo by Ahmed Gadir / AP)",
		"Mourners carry the bodies of %[3]d men killed in shelling in %[1]s, Yemen, on January %[2]d, 2016. (Photo by Mohammed Hamoud / Anadolu Agency)",
	}
	towns := [][]string{
		{"Douma", "Saqba", "Harasta", "Kafr Batna", "Arbin", "Zamalka", "Hamouria"},
		{"Kharkiv", "Mykolaiv", "Kramatorsk", "Sloviansk", "Bakhmut", "Izium", "Chuhuiv"},
		{"El Fasher", "Nyala", "El Geneina", "Zalingei", "Kadugli", "Wad Madani", "Omdurman"},
		{"Taiz", "Saada", "Hodeidah", "Marib", "Aden", "Hajjah", "Dhamar"},
	}
	if i >= testWindow {
		switch i % 37 {
		case 0:
			return archiveCaption(i - testWindow)
		case 13:
			return strings.Replace(archiveCaption(i-testWindow+1), " killed", " kiled", 1)
		}
	}
	s := i / testWindow % len(scenes)
	if i%10 == 0 {
		s = i / 10 % len(scenes)
	}
	if i%50 == 21 {
		return fmt.Sprintf("Residents clear rubble in the %s neighbourhood on March %d, 2018, after a night of strikes. (Photo by Sami Haddad / AFP) Picture %d of the archive.",
			[]string{"Old Mill", "Northern Heights", "Riverside Gardens", "Market Gate"}[i/testWindow%4], 1+i%28, i)
	}
	return fmt.Sprintf(scenes[s], towns[s][i/len(scenes)%len(towns[s])], 1+i/28%28, 2+i%31) +
		fmt.Sprintf(" Picture %d of the archive.", i)
}

// writeArchive writes the captions [lo, hi) of the archive as a JSON Lines
// document at path.
func writeArchive(t testing.TB, path string, lo, hi int) {
	t.Helper()
	var b strings.Builder
	for i := lo; i < hi; i++ {
		line, err := json.Marshal(map[string]string{"caption": archiveCaption(i)})
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	writeFile(t, path, b.String())
}

// testWindow is the parser's window in the stream tests (Parser.Window):
// small, so that a document of a few windows is quick to ingest with the
// race detector (a document of three windows of 5,000 took three minutes
// with it).
const testWindow = 200

// archiveSize is the captions of the archive the stream tests ingest: two
// windows and part of a third.
const archiveSize = 2*testWindow + 61

// streamOptions returns testOptions with the parser's window testWindow
// and the embedded gazetteer.
func streamOptions(t *testing.T) Options {
	t.Helper()
	opt := testOptions(t)
	opt.Parser.Window = testWindow
	opt.Gazetteer = embeddedGazetteer(t)
	return opt
}

// TestStreamedDocument ingests a document of more than one window, which
// is stored a window at a time in one Exclusive call, and the same
// captions as one document per window. The records, clusters, events and
// links must be the same, each caption stored at its index in the whole
// document; the summaries must count the same. Ingesting the document
// again changes nothing.
func TestStreamedDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests 461 captions twice")
	}
	dir := t.TempDir()
	whole := filepath.Join(dir, "archive.jsonl")
	writeArchive(t, whole, 0, archiveSize)
	var windows []string
	for lo, hi := range (&parse.Parser{Window: testWindow}).Windows(archiveSize) {
		p := filepath.Join(dir, "windows", fmt.Sprintf("w%d.jsonl", lo/testWindow))
		writeArchive(t, p, lo, hi)
		windows = append(windows, p)
	}
	forEachBackend(t, func(t *testing.T, open func(t *testing.T) caption.Store) {
		opt := streamOptions(t)
		streamed, split := open(t), open(t)
		var parts atomic.Int32
		sum := mustIngest(t, watchParts{streamed, func(context.Context, int) { parts.Add(1) }}, []string{whole}, opt)
		ref := mustIngest(t, split, windows, opt)
		if n := parts.Load(); n != 3 {
			t.Fatalf("the document of %d captions was stored in %d parts, want 3", archiveSize, n)
		}
		if sum.Documents != 1 || sum.Captions != archiveSize || sum.NewRecords != ref.NewRecords || sum.ExactDuplicates != ref.ExactDuplicates ||
			sum.NewClusters != ref.NewClusters || sum.Copies != ref.Copies || sum.NewEvents != ref.NewEvents || sum.EventJoins != ref.EventJoins {
			t.Errorf("streamed: %+v\none document a window: %+v", sum, ref)
		}
		if ref.ExactDuplicates == 0 || ref.Copies == 0 {
			t.Errorf("the archive has %d exact duplicates and %d altered copies: the test does not link across windows", ref.ExactDuplicates, ref.Copies)
		}
		got, want := storeContent(t, streamed), storeContent(t, split)
		if diff := cmp.Diff(want.Clusters, got.Clusters); diff != "" {
			t.Errorf("clusters (-one document a window +streamed):\n%s", diff)
		}
		if diff := cmp.Diff(want.Events, got.Events); diff != "" {
			t.Errorf("events (-one document a window +streamed):\n%s", diff)
		}
		if diff := cmp.Diff(want.Links, got.Links); diff != "" {
			t.Errorf("links (-one document a window +streamed):\n%s", diff)
		}
		// Occurrences: the streamed document's caption i is caption i %
		// Window of window i / Window, at line i+1 of the whole.
		docs, err := split.Documents(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		sha := map[string]string{}
		for _, d := range docs {
			sha[filepath.Base(d.Path)] = d.SHA256
		}
		wholeDocs, err := streamed.Documents(t.Context())
		if err != nil || len(wholeDocs) != 1 {
			t.Fatalf("the streamed register holds documents %+v (%v), want one", wholeDocs, err)
		}
		if len(got.Occurrences) != archiveSize {
			t.Fatalf("the streamed document has %d occurrences, want %d", len(got.Occurrences), archiveSize)
		}
		for i := range archiveSize {
			g := got.Occurrences[fmt.Sprintf("%s %d", wholeDocs[0].SHA256, i)]
			w := want.Occurrences[fmt.Sprintf("%s %d", sha[fmt.Sprintf("w%d.jsonl", i/testWindow)], i%testWindow)]
			gf, wf := strings.Fields(g), strings.Fields(w)
			if len(gf) != 3 || len(wf) != 3 || gf[2] != wf[2] || gf[1] != fmt.Sprint(i+1) {
				t.Fatalf("caption %d: occurrence %q, want line %d and the record of %q", i, g, i+1, w)
			}
		}
		again := mustIngest(t, streamed, []string{whole}, opt)
		if again.Unchanged != 1 || again.NewRecords != 0 {
			t.Errorf("the document ingested again: %+v, want it unchanged", again)
		}
		// Each window's neighbourhood captions took their window's
		// country, and parsed again they take it again.
		countries := map[caption.CountryCode]bool{}
		for _, r := range allRecords(t, streamed) {
			if strings.Contains(r.Record.Text, " neighbourhood on ") && r.Record.CountryBasis == caption.CountryDocument {
				countries[r.Record.Country] = true
			}
		}
		if len(countries) != 3 {
			t.Errorf("the neighbourhood captions took the countries %v, want one for each of the 3 windows", countries)
		}
		if rs, err := Reparse(t.Context(), streamed, opt); err != nil || rs != (ReparseSummary{Records: len(allRecords(t, streamed))}) {
			t.Errorf("Reparse with the ingest's parser and gazetteer: %+v, %v; want every record read and none changed", rs, err)
		}
	})
}

// watchParts is a store whose PutDocuments calls after with the number of
// the part of a document it just stored: 1 for a document's first call, 2
// for the first that continues it, and so on.
type watchParts struct {
	caption.Store
	after func(ctx context.Context, part int)
}

func (w watchParts) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) ([]caption.IngestResult, error) {
	res, err := w.Store.PutDocuments(ctx, docs, v, link)
	if err == nil && len(docs) == 1 && len(docs[0].Items) > 0 {
		part := docs[0].Items[0].Occurrence.Index/testWindow + 1
		if docs[0].Continues || part == 1 && len(docs[0].Items) == testWindow {
			w.after(ctx, part)
		}
	}
	return res, err
}

// TestStreamedDocumentCancelled cancels an ingest after the second part
// of a document of three windows is stored: the ingest returns the
// cancellation, the register holds the document before it and nothing of
// the streamed one, and the same ingest run again gives the register of
// an uninterrupted run.
func TestStreamedDocumentCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests 461 captions three times")
	}
	dir := t.TempDir()
	paths := archivePaths(t, dir)
	forEachBackend(t, func(t *testing.T, open func(t *testing.T) caption.Store) {
		opt := streamOptions(t)
		s, ref := open(t), open(t)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		landed := false
		_, err := Ingest(ctx, watchParts{s, func(_ context.Context, part int) {
			if part == 2 {
				landed = true
				cancel()
			}
		}}, paths, opt)
		if !landed {
			t.Fatal("the ingest ended without storing a second part")
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Ingest cancelled after a second part: %v, want context.Canceled", err)
		}
		checkBeforeArchive(t, s, open, paths, opt)
		mustIngest(t, s, paths, opt)
		mustIngest(t, ref, paths, opt)
		if diff := cmp.Diff(storeContent(t, ref), storeContent(t, s)); diff != "" {
			t.Errorf("the register completed after the cancel differs from an uninterrupted run's (-uninterrupted +completed):\n%s", diff)
		}
	})
}

// archivePaths writes a small document, first in name order, and the
// archive into dir, and returns their paths.
func archivePaths(t *testing.T, dir string) []string {
	t.Helper()
	small := filepath.Join(dir, "a-gallery.txt")
	writeFile(t, small, archiveCaption(1)+"\n\n"+archiveCaption(2)+"\n\n"+archiveCaption(3)+"\n")
	whole := filepath.Join(dir, "b-archive.jsonl")
	writeArchive(t, whole, 0, archiveSize)
	return []string{small, whole}
}

// checkBeforeArchive checks that s holds the register the small document
// of archivePaths makes alone in a new store (open), and nothing of the
// archive.
func checkBeforeArchive(t *testing.T, s caption.Store, open func(t *testing.T) caption.Store, paths []string, opt Options) {
	t.Helper()
	gallery := open(t)
	mustIngest(t, gallery, paths[:1], opt)
	if got, want := mustStats(t, s), mustStats(t, gallery); got != want || got.Clusters == 0 {
		t.Errorf("after the interruption: %+v, want the gallery alone, linked: %+v", got, want)
	}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if strings.HasSuffix(d.Path, "b-archive.jsonl") {
			t.Errorf("the archive is stored after the interruption: %+v", d)
		}
	}
}

// streamKillEnv names the SQLite file TestStreamKillChild ingests into.
const streamKillEnv = "SIJIL_TEST_STREAM_KILL"

// TestStreamKillChild is the process TestStreamKill kills: it ingests the
// archive and kills itself (SIGKILL) once the second part of the archive
// is stored, its transaction open.
func TestStreamKillChild(t *testing.T) {
	db := os.Getenv(streamKillEnv)
	if db == "" {
		t.Skip("run by TestStreamKill")
	}
	opt := streamOptions(t)
	paths := []string{filepath.Join(filepath.Dir(db), "a-gallery.txt"), filepath.Join(filepath.Dir(db), "b-archive.jsonl")}
	_, err := Ingest(t.Context(), watchParts{mustOpenSQLite(t, db), func(_ context.Context, part int) {
		if part == 2 {
			fmt.Println("killed after the second part")
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
	}}, paths, opt)
	t.Fatalf("the ingest returned (%v) instead of the process being killed", err)
}

// TestStreamKill kills an ingest (SIGKILL, in a child process) between two
// parts of a document of three windows, its Exclusive call open, and
// checks that the kill landed there (the child said so and died of the
// signal), that the register then holds the document before it and
// nothing of the streamed one, and that the same ingest run again gives
// the register of an uninterrupted run.
func TestStreamKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process and ingests 461 captions three times")
	}
	dir := t.TempDir()
	paths := archivePaths(t, dir)
	db := filepath.Join(dir, "killed.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestStreamKillChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), streamKillEnv+"="+db)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the child was not killed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "killed after the second part") {
		t.Fatalf("the child was killed elsewhere than after the second part:\n%s", out)
	}
	opt := streamOptions(t)
	s := mustOpenSQLite(t, db)
	checkBeforeArchive(t, s, newSQLite, paths, opt)
	mustIngest(t, s, paths, opt)
	ref := newSQLite(t)
	mustIngest(t, ref, paths, opt)
	if diff := cmp.Diff(storeContent(t, ref), storeContent(t, s)); diff != "" {
		t.Errorf("the register completed after the kill differs from an uninterrupted run's (-uninterrupted +completed):\n%s", diff)
	}
}

// TestStreamOneThread ingests the archive with one thread (GOMAXPROCS 1):
// the writer, storing the document, waits for the worker parsing its next
// window, and neither may hold what the other needs to go on.
func TestStreamOneThread(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	dir := t.TempDir()
	paths := archivePaths(t, dir)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	sum, err := Ingest(ctx, newSQLite(t), paths, streamOptions(t))
	if err != nil {
		t.Fatalf("Ingest with one thread: %v (a deadline exceeded is a deadlock)", err)
	}
	if sum.Documents != 2 || sum.Captions < archiveSize {
		t.Errorf("Ingest with one thread: %+v, want both documents and every caption", sum)
	}
}
