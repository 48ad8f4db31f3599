package ingest

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func TestReparse(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open func(*testing.T) caption.Store) {
		s := open(t)
		opt := testOptions(t)
		mustIngest(t, s, examples(t), opt)
		before := allRecords(t, s)

		sum, err := Reparse(t.Context(), s, opt)
		if err != nil {
			t.Fatal(err)
		}
		if want := (ReparseSummary{Records: len(before)}); sum != want {
			t.Errorf("Reparse with the ingest's parser = %+v, want %+v", sum, want)
		}
		if diff := cmp.Diff(before, allRecords(t, s)); diff != "" {
			t.Errorf("records changed by a reparse that changed nothing (-before +after):\n%s", diff)
		}

		// A gazetteer import: the records with a place the gazetteer knows
		// get a location, and every record the new versions.
		opt.Gazetteer = embeddedGazetteer(t)
		opt.Versions.Gazetteer = "cities500"
		sum, err = Reparse(t.Context(), s, opt)
		if err != nil {
			t.Fatal(err)
		}
		located := 0
		after := allRecords(t, s)
		for i, r := range after {
			if r.Record.Location != nil {
				located++
			}
			if r.Versions != opt.Versions {
				t.Errorf("record %d: versions %+v, want %+v", r.ID, r.Versions, opt.Versions)
			}
			if r.Cluster != before[i].Cluster || r.Event != before[i].Event || r.Fingerprint.Key != before[i].Fingerprint.Key {
				t.Errorf("record %d: groups or key changed by reparse", r.ID)
			}
		}
		if located == 0 || sum.Changed < located || sum.Changed+sum.Restamped != len(before) {
			t.Errorf("Reparse with a gazetteer = %+v; %d records located", sum, located)
		}

		// Parsing with the same parser and gazetteer again changes nothing,
		// document context (a country inferred from a gallery) included.
		sum, err = Reparse(t.Context(), s, opt)
		if err != nil {
			t.Fatal(err)
		}
		if want := (ReparseSummary{Records: len(before)}); sum != want {
			t.Errorf("second Reparse = %+v, want %+v", sum, want)
		}
	})
}
