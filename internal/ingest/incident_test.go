package ingest

import (
	"path/filepath"
	"testing"

	"sijil/internal/corpus"
)

// TestIncidentOneEvent ingests 3,000 photos of one incident (one town and
// day, a photographer each): enough that the day's list is crowded and
// the event index lists no more of the incident's records
// (dedup.EventIndex), so that most of them are matched against the
// records it listed before. All must still be one event.
func TestIncidentOneEvent(t *testing.T) {
	dir := t.TempDir()
	s, sum := ingestDocument(t, filepath.Join(dir, "sijil.db"), writeDocument(t, dir, corpus.Incident(3000, 1)), nil)
	events, records := map[int64]int{}, 0
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		events[r.Event]++
		records++
	}
	if records < 2000 || len(events) != 1 || sum.NewEvents != 1 {
		t.Errorf("%d records in %d events (%d new), want one event of them all", records, len(events), sum.NewEvents)
	}
	t.Logf("%d records, %d clusters, linking %v", records, sum.NewClusters, sum.Linking)
}
