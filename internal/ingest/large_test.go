package ingest

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestLargeDocumentReported: a document of more captions than
// LargeDocument is reported once, by path and count, before it is stored
// (and stored all the same); a document at the limit is not.
func TestLargeDocumentReported(t *testing.T) {
	dir := t.TempDir()
	doc := func(name string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "Smoke rises after air strikes on the town of Saqba, Syria, on November %d, 2016, in picture %d. (Photo by Hamza Tayyan/AFP)\n\n", 1+i%28, i)
		}
		return writeFile(t, filepath.Join(dir, name), b.String())
	}
	big, atLimit := doc("big.txt", 13), doc("small.txt", 12)
	opt := testOptions(t)
	opt.LargeDocument = 12
	var got []Failure
	opt.Large = func(f Failure) { got = append(got, f) }
	sum := mustIngest(t, newSQLite(t), []string{big, atLimit}, opt)
	if sum.Captions != 25 || len(sum.Failures) != 0 {
		t.Fatalf("%d captions stored, failures %v; want 25, none", sum.Captions, sum.Failures)
	}
	if len(got) != 1 || got[0].Path != big {
		t.Fatalf("reported %v; want %s alone", got, big)
	}
	if msg := got[0].Err.Error(); !strings.Contains(msg, big) || !strings.Contains(msg, "13 captions") || !strings.Contains(msg, "at most 12 captions") {
		t.Errorf("report %q: want the path, its 13 captions and the limit", msg)
	}
}
