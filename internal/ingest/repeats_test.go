package ingest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestRepeatsMark checks the rules of repeats.mark, call by call: a copy
// is a repeat only of a caption before it in the ingest's order (an
// earlier document, or earlier in its own), whichever worker marks first.
func TestRepeatsMark(t *testing.T) {
	type call struct {
		keys        []string
		doc, offset int
		want        []bool
	}
	tests := []struct {
		name  string
		calls []call
	}{
		{"copies in later documents", []call{
			{[]string{"a", "b"}, 0, 0, []bool{false, false}},
			{[]string{"b", "c", "a"}, 1, 0, []bool{true, false, true}},
			{[]string{"c"}, 5, 0, []bool{true}},
		}},
		{"copies within a document", []call{
			{[]string{"a", "a", "b", "a"}, 3, 0, []bool{false, true, false, true}},
		}},
		{"a later document marked first", []call{
			{[]string{"a", "b"}, 2, 0, []bool{false, false}},
			// Stored before document 2: its captions are no repeats, and
			// take the keys' places.
			{[]string{"b", "a"}, 1, 0, []bool{false, false}},
			{[]string{"a"}, 2, 5, []bool{true}},
			{[]string{"b"}, 0, 0, []bool{false}},
			{[]string{"b"}, 1, 0, []bool{true}},
		}},
		{"windows of one document", []call{
			{[]string{"a", "b"}, 4, 5000, []bool{false, false}},
			{[]string{"b", "c"}, 4, 0, []bool{false, false}},
			{[]string{"c", "b"}, 4, 10000, []bool{true, true}},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRepeats(1 << 10)
			found := 0
			for i, c := range tc.calls {
				got := r.mark(c.keys, c.doc, c.offset)
				if !slices.Equal(got, c.want) {
					t.Errorf("call %d: mark(%q, doc %d, offset %d) = %v, want %v", i, c.keys, c.doc, c.offset, got, c.want)
				}
				for _, w := range c.want {
					if w {
						found++
					}
				}
			}
			if r.found != found {
				t.Errorf("found %d repeats, want %d", r.found, found)
			}
		})
	}

	// A table of a few slots forgets: the copy is then read in full.
	r := newRepeats(4)
	r.mark([]string{"a"}, 0, 0)
	for i := range 1000 {
		r.mark([]string{fmt.Sprint(i)}, 1, i)
	}
	if got := r.mark([]string{"a"}, 2, 0); got[0] {
		t.Error(`"a" still a repeat after 1,000 keys went through 4 slots`)
	}
}

// TestRepeatsConcurrent marks documents sharing captions from several
// goroutines at once, in shuffled order (run with -race): whatever the
// order, the first caption of each key in the ingest's order is never a
// repeat, and every repeat comes after a caption of its key that is not.
func TestRepeatsConcurrent(t *testing.T) {
	const docs, perDoc = 200, 50
	keysOf := func(d int) []string {
		keys := make([]string, perDoc)
		for i := range keys {
			keys[i] = fmt.Sprint("k", (d*7+i*13)%400)
		}
		return keys
	}
	r := newRepeats(1 << 12)
	marks := make([][]bool, docs)
	order := rand.Perm(docs)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for j := w; j < docs; j += 4 {
				d := order[j]
				marks[d] = r.mark(keysOf(d), d, 0)
			}
		})
	}
	wg.Wait()
	read := map[string]uint64{} // key → place of the first caption read in full
	repeats := 0
	for d := range docs {
		for i, k := range keysOf(d) {
			at, seen := read[k]
			switch {
			case marks[d][i] && !seen:
				t.Fatalf("document %d caption %d (%s): a repeat, yet no caption of its key before it was read in full", d, i, k)
			case marks[d][i]:
				repeats++
				if at >= place(d, i) {
					t.Fatalf("document %d caption %d: a repeat of a caption after it", d, i)
				}
			case !seen:
				read[k] = place(d, i)
			}
		}
	}
	if repeats < docs*perDoc/2 {
		t.Errorf("%d repeats of %d captions of 400 keys: the table found too few", repeats, docs*perDoc)
	}
}

// TestRepeatsStoreTheSameRegister ingests a corpus whose captions recur
// across and within documents, with four workers, small batches and the
// gazetteer, with repeats and with every copy read in full: both registers
// hold the same documents, occurrences, records (fields and bands) and
// groups, and the first run did find repeats.
func TestRepeatsStoreTheSameRegister(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir, 3000)
	opt := testOptions(t)
	opt.Gazetteer = embeddedGazetteer(t)
	opt.Workers, opt.Batch = 4, 300
	forEachBackend(t, func(t *testing.T, open func(t *testing.T) caption.Store) {
		withRepeats := open(t)
		in, err := newIngester(t.Context(), withRepeats, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := in.storeAndLink(t.Context(), in.expand([]string{dir})); err != nil {
			t.Fatal(err)
		}
		if in.repeats.found < 500 {
			t.Fatalf("%d repeats found in a corpus of 3,000 captions; want a third or so", in.repeats.found)
		}
		full := open(t)
		everyCopy := opt
		everyCopy.readCopies = true
		mustIngest(t, full, []string{dir}, everyCopy)

		if diff := cmp.Diff(storeContent(t, full), storeContent(t, withRepeats)); diff != "" {
			t.Errorf("register with repeats differs from every copy read (-every copy +repeats):\n%s", diff)
		}
		if diff := cmp.Diff(recordFields(t, full), recordFields(t, withRepeats)); diff != "" {
			t.Errorf("records with repeats differ from every copy read (-every copy +repeats):\n%s", diff)
		}
	})
}

// recordFields returns each record's fields and bands, by key.
func recordFields(t *testing.T, s caption.Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range allRecords(t, s) {
		b, err := json.Marshal(r.Record)
		if err != nil {
			t.Fatal(err)
		}
		out[r.Fingerprint.Key] = fmt.Sprintf("%s %x", b, r.Fingerprint.Bands)
	}
	return out
}
