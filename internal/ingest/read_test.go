package ingest

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/source"
)

// TestParseLargeDocument: a document of more captions than parallelItems
// has its fingerprints made on every core; its items are those made one
// core at a time.
func TestParseLargeDocument(t *testing.T) {
	towns := []string{"Douma, Syria", "Kharkiv, Ukraine", "Khan Younis, Gaza Strip", "El Fasher, Sudan", "Mosul, Iraq"}
	raws := make([]caption.Raw, parallelItems+150)
	off := 0
	for i := range raws {
		text := fmt.Sprintf("Smoke rises after shelling in %s, on March %d, 2022. %d people were killed, rescuers said. (Photo by Reporter %d / AFP)",
			towns[i%len(towns)], 1+i%28, i%9, i%13)
		raws[i] = caption.Raw{Text: text, Path: "wire.jsonl", Line: i + 1, Start: off, End: off + len(text), Format: source.FormatJSONL}
		off += len(text) + 1
	}
	in := &ingester{opt: testOptions(t)}
	prev := runtime.GOMAXPROCS(1)
	serial := in.parse(raws, 0, 7)
	runtime.GOMAXPROCS(max(prev, 2))
	defer runtime.GOMAXPROCS(prev)
	par := in.parse(raws, 0, 7)
	for i, it := range serial {
		if it.Fingerprint.Key == "" || len(it.Fingerprint.Bands) == 0 {
			t.Fatalf("caption %d: no fingerprint", i)
		}
		if it.Occurrence.Index != 7+i {
			t.Fatalf("caption %d of a window that starts at index 7: index %d", i, it.Occurrence.Index)
		}
	}
	if diff := cmp.Diff(serial, par); diff != "" {
		t.Errorf("made on every core differs from one core (-one +every):\n%s", diff)
	}
}
