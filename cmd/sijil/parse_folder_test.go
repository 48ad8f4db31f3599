package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// folderCaptions are invented for this test: a folder of caption files in
// three formats, nested, one named in upper case. The names are chosen so
// that name order differs from the order they are written in here.
var folderCaptions = map[string]string{
	"b/2.txt": "Volunteers clear debris from a street in Hodeidah, Yemen, on June 14, 2018. (Photo by Nasser Ali/AFP)\n\n" +
		"A man pushes a cart of bread past shuttered shops in Hodeidah, Yemen, June 15, 2018. (Reuters)\n",
	"b/10.csv":  "id,caption\n7,\"Rescue workers search the rubble of a clinic in Aleppo, Syria, on April 28, 2016. (AFP)\"\n",
	"a.jsonl":   `{"caption":"A woman carries water past damaged houses in Raqqa, Syria, October 20, 2017. (Reuters)","id":"r1"}` + "\n",
	"Notes.TXT": "Children queue for bread in Mariupol, Ukraine, March 10, 2022. (AP Photo)\n",
}

// folderOrder is the walk's order of folderCaptions: byte order, upper
// case first, a subdirectory where its name sorts.
var folderOrder = []string{"Notes.TXT", "a.jsonl", "b/10.csv", "b/2.txt"}

// outsideCaption is the text of a file outside the folder that a link in
// it points to: followed, it would become a record.
const outsideCaption = "Smoke rises over an oil depot in Khartoum, Sudan, on April 16, 2023. (Reuters)\n"

// TestParseFolder checks that sijil parse DIR prints the records of
// sijil parse given the files the walk finds, in the same order, that it
// reads exactly what sijil ingest DIR stores, and that it says on
// standard error what it passed over: the clutter of walk_test.go and a
// symbolic link to a caption file outside the folder.
func TestParseFolder(t *testing.T) {
	dir := t.TempDir()
	var walked []string
	for _, name := range folderOrder {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(folderCaptions[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		walked = append(walked, p)
	}
	addFolderClutter(t, dir)
	outside := filepath.Join(t.TempDir(), "khartoum.txt")
	if err := os.WriteFile(outside, []byte(outsideCaption), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "b", "khartoum.txt")
	if err := os.Symlink(outside, link); err != nil {
		t.Skip("no symbolic links:", err)
	}

	files := runSijil(t, nil, "", append([]string{"parse"}, walked...)...)
	if files.code != 0 || files.stderr != "" {
		t.Fatalf("sijil parse FILE...: exit %d, stderr:\n%s", files.code, files.stderr)
	}
	if n := strings.Count(files.stdout, "\n"); n != 5 {
		t.Fatalf("sijil parse FILE... printed %d records, want 5:\n%s", n, files.stdout)
	}
	folder := runSijil(t, nil, "", "parse", dir)
	if folder.code != 0 {
		t.Errorf("sijil parse DIR: exit %d, stderr:\n%s", folder.code, folder.stderr)
	}
	if diff := cmp.Diff(strings.Split(files.stdout, "\n"), strings.Split(folder.stdout, "\n")); diff != "" {
		t.Errorf("records of the folder (-files named +folder):\n%s", diff)
	}
	wantErr := "sijil: parse: passed over 1 symbolic links inside directories, not followed: " + link + "\n" +
		"sijil: parse: passed over 3 other files inside directories, not caption files by their names: " +
		filepath.Join(dir, ".DS_Store") + ", " + filepath.Join(dir, "._captions.txt") + ", " + filepath.Join(dir, "README.md") + "\n"
	if folder.stderr != wantErr {
		t.Errorf("sijil parse DIR: stderr\n%s\nwant\n%s", folder.stderr, wantErr)
	}

	// sijil ingest DIR stores the same captions in the same order: the
	// export lists the records by ID, which follows the walk.
	env := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "folder.db")}
	mustRun(t, env, "ingest", dir)
	if diff := cmp.Diff(recordTexts(t, files.stdout), recordTexts(t, mustRun(t, env, "export", "--format", "jsonl").stdout)); diff != "" {
		t.Errorf("captions stored by sijil ingest DIR (-parsed +stored):\n%s", diff)
	}
}

// TestParseFolderFailures checks that a folder among other inputs is read
// in its place, here after standard input, and that a path that does not
// exist is reported and counted among the inputs.
func TestParseFolderFailures(t *testing.T) {
	dir := t.TempDir()
	for name, data := range folderCaptions {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	missing := filepath.Join(dir, "missing")
	var stdout, stderr strings.Builder
	err := run(t.Context(), []string{"parse", "-", dir, missing}, func(string) string { return "" },
		strings.NewReader(outsideCaption), &stdout, &stderr)
	// Standard input and the folder's four files are five inputs; the
	// missing path, which gave no document, is the sixth.
	if err == nil || err.Error() != "parse: 1 of 6 inputs failed" {
		t.Errorf("error %v, want parse: 1 of 6 inputs failed", err)
	}
	if want := "sijil: parse " + missing + ": no such file or directory\n"; stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr.String(), want)
	}
	texts := recordTexts(t, stdout.String())
	if len(texts) != 6 || texts[0] != strings.TrimSpace(outsideCaption) {
		t.Errorf("records %q: want standard input's, then the folder's five", texts)
	}
}

// recordTexts returns the text of each JSON line of out, in order.
func recordTexts(t *testing.T, out string) []string {
	t.Helper()
	var texts []string
	for line := range strings.Lines(out) {
		var rec struct{ Text string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d: %v", len(texts)+1, err)
		}
		texts = append(texts, rec.Text)
	}
	return texts
}
