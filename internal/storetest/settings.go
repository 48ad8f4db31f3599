package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func mustSettings(t *testing.T, s caption.Store) caption.Settings {
	t.Helper()
	st, err := s.Settings(t.Context())
	if err != nil {
		t.Fatalf("Settings: %v", err)
	}
	return st
}

func focus(codes ...caption.CountryCode) caption.Settings { return caption.Settings{Focus: codes} }

// testSettings checks that settings are kept as set, in order, replaced
// whole, cleared by the zero Settings, and refused (changing nothing) when
// Check fails.
func testSettings(t *testing.T, s caption.Store) {
	ctx := t.Context()
	if diff := cmp.Diff(caption.Settings{}, mustSettings(t, s), diffOpts...); diff != "" {
		t.Errorf("Settings of a new store (-want +got):\n%s", diff)
	}
	steps := []caption.Settings{focus("SY", "IQ"), focus("IQ", "SY"), focus("LB"), {}, focus("YE", "SY", "IQ", "LY", "UA", "AF", "PS")}
	for _, st := range steps {
		if err := s.SetSettings(ctx, st); err != nil {
			t.Fatalf("SetSettings(%+v): %v", st, err)
		}
		if diff := cmp.Diff(st, mustSettings(t, s), diffOpts...); diff != "" {
			t.Errorf("Settings after SetSettings(%+v) (-want +got):\n%s", st, diff)
		}
	}
	kept := steps[len(steps)-1]
	bad := []caption.Settings{focus("sy"), focus("SYR"), focus(""), focus("S1"), focus("SY", "IQ", "SY"), focus("'; DROP TABLE settings; --")}
	for _, st := range bad {
		if err := s.SetSettings(ctx, st); !isInvalid(err) {
			t.Errorf("SetSettings(%+v) = %v, want ErrInvalid", st, err)
		}
	}
	if diff := cmp.Diff(kept, mustSettings(t, s), diffOpts...); diff != "" {
		t.Errorf("Settings after refused calls (-want +got):\n%s", diff)
	}
	// Inside Exclusive, with fn's context.
	err := s.Exclusive(withTimeout(t), func(ctx context.Context) error {
		if err := s.SetSettings(ctx, focus("SY")); err != nil {
			return err
		}
		got, err := s.Settings(ctx)
		if err == nil && !cmp.Equal(focus("SY"), got) {
			t.Errorf("Settings inside Exclusive = %+v, want SY", got)
		}
		return err
	})
	if err != nil {
		t.Fatalf("Exclusive: %v", err)
	}
	if diff := cmp.Diff(focus("SY"), mustSettings(t, s), diffOpts...); diff != "" {
		t.Errorf("Settings after Exclusive (-want +got):\n%s", diff)
	}
}

// testRecordVersions checks the counts of records by versions, as ingests
// and UpdateRecord stamp them.
func testRecordVersions(t *testing.T, s caption.Store) {
	ctx := t.Context()
	got, err := s.RecordVersions(ctx)
	if err != nil || len(got) != 0 {
		t.Errorf("RecordVersions of a new store = %v, %v; want none", got, err)
	}
	v2 := caption.Versions{Parser: "parse/1", Gazetteer: "geonames-2026-11;focus=SY,IQ"}
	docA, itemsA := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket)
	docB, itemsB := document("b.txt", homsProtest)
	mustPut(t, s, docA, itemsA)
	if _, err := s.PutDocument(ctx, docB, itemsB, v2); err != nil {
		t.Fatal(err)
	}
	check := func(when string, want []caption.VersionCount) {
		t.Helper()
		got, err := s.RecordVersions(ctx)
		if err != nil {
			t.Fatalf("RecordVersions %s: %v", when, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("RecordVersions %s (-want +got):\n%s", when, diff)
		}
	}
	check("after two documents", []caption.VersionCount{{Versions: v1, Records: 3}, {Versions: v2, Records: 1}})
	id := idOf(t, s, aleppoRescue)
	if err := s.UpdateRecord(ctx, id, mustRecord(t, s, id).Record, v2); err != nil {
		t.Fatal(err)
	}
	// Two and two: by parser, then gazetteer version.
	check("after an update", []caption.VersionCount{{Versions: v1, Records: 2}, {Versions: v2, Records: 2}})
	// A caption met again adds no record; an update to the versions a
	// record has, or of a record that is not there, moves none.
	docC, itemsC := document("c.txt", dumaAirstrike, homsProtest)
	if _, err := s.PutDocument(ctx, docC, itemsC, v2); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateRecord(ctx, id, mustRecord(t, s, id).Record, v2); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateRecord(ctx, 1<<40, mustRecord(t, s, id).Record, v1); !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("UpdateRecord of a missing record: %v, want ErrNotFound", err)
	}
	check("after copies and idle updates", []caption.VersionCount{{Versions: v1, Records: 2}, {Versions: v2, Records: 2}})
	// The last records of v1 moved: v1 is no longer counted.
	for _, text := range []string{dumaAirstrike, idlibMarket} {
		id := idOf(t, s, text)
		if err := s.UpdateRecord(ctx, id, mustRecord(t, s, id).Record, v2); err != nil {
			t.Fatal(err)
		}
	}
	check("after v1's last records moved", []caption.VersionCount{{Versions: v2, Records: 4}})
}
