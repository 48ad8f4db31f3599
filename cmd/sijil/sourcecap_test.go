package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIngestWideCSV ingests a CSV of a million columns and a JSON Lines
// document whose second caption carries 100 KiB of metadata beside a
// register that already holds a document: both are refused with their file
// and line, the good document given with them is stored, and nothing
// stored before is lost.
func TestIngestWideCSV(t *testing.T) {
	docs := copyExamples(t)
	db := filepath.Join(t.TempDir(), "sijil.db")
	env := map[string]string{"SIJIL_DB": db}
	mustRun(t, env, "ingest", docs[0])
	before := statsJSON(t, env)

	dir := t.TempDir()
	wide := filepath.Join(dir, "wide.csv")
	doc := "caption" + strings.Repeat(",c", 1_000_000) + "\nSmoke rises over Taiz." + strings.Repeat(",x", 1_000_000) + "\n"
	if err := os.WriteFile(wide, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	heavy := filepath.Join(dir, "heavy.jsonl")
	doc = `{"caption":"Smoke rises over Aden."}` + "\n" + `{"caption":"Smoke rises over Sanaa.","notes":"` + strings.Repeat("n", 100<<10) + `"}` + "\n"
	if err := os.WriteFile(heavy, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runMain(t, env, "ingest", wide, heavy, docs[1])
	if r.code != 1 {
		t.Errorf("exit %d, want 1", r.code)
	}
	for _, want := range []string{
		"sijil: ingest " + wide + ":1: 1000001 columns, at most 256: invalid input",
		"sijil: ingest " + heavy + ":2: 102405 bytes of metadata (the fields beside the caption), at most 65536: invalid input",
		"sijil: ingest: 2 of 3 documents failed",
	} {
		if !hasLine(r.stderr, want) {
			t.Errorf("stderr has no line %q:\n%s", want, r.stderr)
		}
	}
	after := statsJSON(t, env)
	if after.Documents != before.Documents+1 || after.Records < before.Records || after.Occurrences < before.Occurrences {
		t.Errorf("stats before %+v, after %+v: want the first document kept and one more", before, after)
	}
}
