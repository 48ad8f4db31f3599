package ingest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"sijil/internal/caption"
)

// countingStore counts the records each EventCandidates call returns, by
// ID.
type countingStore struct {
	caption.Store
	returned map[int64]int
	calls    int
}

func (s *countingStore) EventCandidates(ctx context.Context, d caption.PartialDate, days int) ([]caption.StoredRecord, error) {
	rs, err := s.Store.EventCandidates(ctx, d, days)
	s.calls++
	for _, r := range rs {
		s.returned[r.ID]++
	}
	return rs, err
}

// TestResumedLinkingReadsEachRecordOnce ingests a generated corpus's first
// half, then its second half in a second run, whose linker starts with an
// empty memory and reads its event candidates from the store: it reads
// each stored record once at most (asking by each date's window, a day's
// record was read three times), and its events are those of one run over
// both halves.
func TestResumedLinkingReadsEachRecordOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("ingests a corpus three times")
	}
	all := t.TempDir()
	writeCorpus(t, all, 3000)
	names, err := filepath.Glob(filepath.Join(all, "*"))
	if err != nil || len(names) < 4 {
		t.Fatalf("corpus: %d documents, %v", len(names), err)
	}
	slices.Sort(names)
	first, second := t.TempDir(), t.TempDir()
	for i, name := range names {
		dir := first
		if i >= len(names)/2 {
			dir = second
		}
		if err := os.Rename(name, filepath.Join(dir, filepath.Base(name))); err != nil {
			t.Fatal(err)
		}
	}
	opt := testOptions(t)
	opt.Gazetteer, opt.Versions.Gazetteer = embeddedGazetteer(t), "cities500"

	whole := newSQLite(t)
	mustIngest(t, whole, []string{first, second}, opt)

	counting := &countingStore{Store: newSQLite(t), returned: map[int64]int{}}
	mustIngest(t, counting, []string{first}, opt)
	stored := mustStats(t, counting).Records
	counting.returned, counting.calls = map[int64]int{}, 0
	mustIngest(t, counting, []string{second}, opt)

	if len(counting.returned) < stored/2 {
		t.Fatalf("the second run read %d of the %d stored records in %d calls: the test meant it to read most",
			len(counting.returned), stored, counting.calls)
	}
	for id, n := range counting.returned {
		if n > 1 {
			t.Errorf("record %d read %d times as an event candidate", id, n)
		}
	}
	t.Logf("%d calls read %d records of %d stored", counting.calls, len(counting.returned), stored)

	if got, want := eventsByKey(t, counting.Store), eventsByKey(t, whole); !mapsEqual(got, want) {
		t.Errorf("two runs made other events than one: %d records' events differ", differing(got, want))
	}
}

// eventsByKey returns, for each record's key, the key of its event's
// first record: what the events are, whatever the records' IDs.
func eventsByKey(t *testing.T, s caption.Store) map[string]string {
	t.Helper()
	recs := allRecords(t, s)
	key := make(map[int64]string, len(recs))
	for _, r := range recs {
		key[r.ID] = r.Fingerprint.Key
	}
	out := make(map[string]string, len(recs))
	for _, r := range recs {
		out[r.Fingerprint.Key] = key[r.Event]
	}
	return out
}

func mapsEqual(a, b map[string]string) bool { return differing(a, b) == 0 && len(a) == len(b) }

func differing(a, b map[string]string) int {
	n := 0
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			n++
		}
	}
	return n
}

// TestEventMonths is a table of the months a record's event candidates
// are read from.
func TestEventMonths(t *testing.T) {
	day := func(y, m, d int) caption.PartialDate {
		return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
	}
	for _, c := range []struct {
		d    caption.PartialDate
		want [][2]int
	}{
		{day(2016, 11, 15), [][2]int{{2016, 11}}},
		{day(2016, 11, 1), [][2]int{{2016, 10}, {2016, 11}}},
		{day(2016, 11, 30), [][2]int{{2016, 11}, {2016, 12}}},
		{day(2016, 2, 29), [][2]int{{2016, 2}, {2016, 3}}},
		{day(2015, 2, 28), [][2]int{{2015, 2}, {2015, 3}}},
		{day(2016, 2, 28), [][2]int{{2016, 2}}},
		{day(2019, 12, 31), [][2]int{{2019, 12}, {2020, 1}}},
		{day(2020, 1, 1), [][2]int{{2019, 12}, {2020, 1}}},
		{caption.PartialDate{Year: 2013, Month: 8, Precision: caption.PrecisionMonth}, [][2]int{{2013, 8}}},
	} {
		if got := eventMonths(c.d); !slices.Equal(got, c.want) {
			t.Errorf("eventMonths(%s) = %v, want %v", c.d, got, c.want)
		}
	}
	// Every day of four years: the months given hold the day before, the
	// day and the day after.
	for t0 := time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC); t0.Year() < 2019; t0 = t0.AddDate(0, 0, 1) {
		d := day(t0.Year(), int(t0.Month()), t0.Day())
		ms := eventMonths(d)
		for i := -eventDays; i <= eventDays; i++ {
			n := t0.AddDate(0, 0, i)
			if !slices.Contains(ms, [2]int{n.Year(), int(n.Month())}) {
				t.Errorf("eventMonths(%s) = %v: no month for %s", d, ms, n.Format(time.DateOnly))
			}
		}
	}
}
