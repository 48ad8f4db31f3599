package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// folderNotes is what a documentation team keeps beside its captions: read
// as text, each paragraph would become a record.
const folderNotes = "# Captions from the Taiz office\n\nSent by the field team in March 2018.\n\n" +
	"Ask Huda before publishing anything from the second folder.\n"

// addFolderClutter writes, into dir, the files a folder of captions holds
// beside them: a README.md, macOS's .DS_Store and a resource fork.
func addFolderClutter(t *testing.T, dir string) {
	t.Helper()
	for name, data := range map[string]string{
		"README.md":      folderNotes,
		".DS_Store":      "\x00\x00\x00\x01Bud1\x00\x00\x10\x00",
		"._captions.txt": "\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// exportLines runs sijil export -format jsonl and returns its records
// without their sources, which name the documents' paths and so differ
// between a folder and the same files elsewhere.
func exportLines(t *testing.T, env map[string]string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for line := range strings.Lines(mustRun(t, env, "export", "--format", "jsonl").stdout) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("export line %d: %v", len(out)+1, err)
		}
		delete(rec, "sources")
		out = append(out, rec)
	}
	return out
}

// TestIngestFolderReadsCaptionFiles ingests a folder holding caption files
// of three formats (one named in upper case) beside a README.md and the
// files macOS leaves: the register holds exactly the records of ingesting
// the caption files by name, and the summary says what was passed over.
func TestIngestFolderReadsCaptionFiles(t *testing.T) {
	dir := t.TempDir()
	captions := map[string]string{
		"captions.txt": "Smoke rises over the Old City of Mosul, Iraq, July 2, 2017. (Photo by Ahmad Saleh/Reuters)\n\n" +
			"A boy walks past a destroyed school in the city of Taiz, Yemen, March 3, 2018. (Photo by Omar Nasser/AFP)\n",
		"export.jsonl": `{"caption":"Residents inspect a damaged market in Idlib, Syria, on May 4, 2019. (AFP)","id":"k7"}` + "\n",
		"SHEET.CSV":    "id,caption\n1,\"Firefighters put out a fire at a fuel depot in Kharkiv, Ukraine, April 2, 2022. (Reuters)\"\n",
	}
	var named []string
	for name, data := range captions {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		named = append(named, p)
	}
	addFolderClutter(t, dir)
	slices.Sort(named) // the walk's order, which record IDs follow

	folder := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "folder.db")}
	r := mustRun(t, folder, "ingest", dir)
	want := "passed over 3 other files inside directories, not caption files by their names: " +
		filepath.Join(dir, ".DS_Store") + ", " + filepath.Join(dir, "._captions.txt") + ", " + filepath.Join(dir, "README.md")
	if !hasLine(r.stderr, want) || !hasLine(r.stderr, "ingested 3 documents (0 unchanged), 4 captions: 4 new records") {
		t.Errorf("stderr has no line %q, or not 3 documents of 4 captions:\n%s", want, r.stderr)
	}

	files := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "files.db")}
	r = mustRun(t, files, append([]string{"ingest"}, named...)...)
	if hasLine(r.stderr, "passed over") {
		t.Errorf("files named on the command line passed over:\n%s", r.stderr)
	}
	got, wantRecs := exportLines(t, folder), exportLines(t, files)
	if len(wantRecs) != 4 {
		t.Fatalf("%d records from the caption files %v, want 4", len(wantRecs), named)
	}
	if diff := cmp.Diff(wantRecs, got); diff != "" {
		t.Errorf("records of the folder (-caption files +folder):\n%s", diff)
	}

	// The README named on the command line is read: a name decides only
	// inside a folder.
	r = mustRun(t, files, "ingest", filepath.Join(dir, "README.md"))
	if !hasLine(r.stderr, "ingested 1 documents (0 unchanged), 3 captions") {
		t.Errorf("a README.md named on the command line is read as text:\n%s", r.stderr)
	}
}

// TestIngestSeedsFolder ingests a copy of ../shared/seeds with a README.md
// and a .DS_Store beside the seeds: the register holds exactly the records
// of the seeds alone.
func TestIngestSeedsFolder(t *testing.T) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "seeds", "*.txt"))
	if len(seeds) == 0 {
		t.Skip("no ../shared/seeds beside the repository")
	}
	dir := t.TempDir()
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	addFolderClutter(t, dir)

	alone := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "seeds.db")}
	mustRun(t, alone, append([]string{"ingest"}, seeds...)...)
	folder := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "folder.db")}
	r := mustRun(t, folder, "ingest", dir)
	if !hasLine(r.stderr, "passed over 3 other files inside directories") {
		t.Errorf("the summary does not say what was passed over:\n%s", r.stderr)
	}
	if a, f := statsJSON(t, alone), statsJSON(t, folder); a != f {
		t.Errorf("stats of the folder %+v, of the seeds alone %+v", f, a)
	}
	want := exportLines(t, alone)
	if len(want) == 0 {
		t.Fatal("no records from the seeds")
	}
	if diff := cmp.Diff(want, exportLines(t, folder)); diff != "" {
		t.Errorf("records of the folder (-seeds alone +folder):\n%s", diff)
	}
}
