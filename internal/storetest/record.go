package storetest

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func intp(n int) *int { return &n }

// richRecord sets every field of a record, as the parser and gazetteer would.
func richRecord(text string) caption.Record {
	return caption.Record{
		Text:          text,
		Description:   text[:len(text)-27],
		Credit:        "Photo by Abd Doumany/AFP",
		Photographers: []string{"Abd Doumany"},
		Agencies:      []caption.Agency{"AFP"},
		Date:          caption.PartialDate{Year: 2016, Month: 11, Day: 6, Precision: caption.PrecisionDay},
		DateText:      "November 6, 2016",
		Places:        []string{"Douma", "Eastern Ghouta"},
		PlaceRefs:     []caption.PlaceRef{{Name: "Douma", Span: caption.Span{Start: 45, End: 50}, Kind: "city"}, {Name: "Eastern Ghouta", Span: caption.Span{Start: 52, End: 66}, Near: true}},
		Location: &caption.Location{Name: "Douma", Preferred: "Dūmā", GeonameID: 170654, Lat: 33.57175, Lon: 36.4027,
			Admin1: "Rif Dimashq", CountryCode: "SY", Feature: "PPLA2", Precision: 1},
		Country:      "SY",
		CountryBasis: caption.CountryNamed,
		Killed:       intp(0),
		Injured:      intp(3),
		Attribution:  []string{"activists"},
		EventTypes:   []caption.EventType{caption.Airstrike, caption.Rescue},
		Actors:       []string{"Syrian Civil Defence", "Hayat Tahrir al-Sham"},
		Perpetrator: &caption.Perpetrator{Actor: "Hayat Tahrir al-Sham", Name: "Jabhat al-Nusra", Kind: caption.KindRebels,
			Country: "SY", Claim: caption.ClaimSuspected},
		Target:   []caption.TargetKind{caption.TargetCivilians, caption.TargetMarket},
		People:   []caption.Person{{Name: "Ahmad", Age: intp(7)}, {Name: "Abu Ahmad"}},
		Evidence: map[string][]caption.Span{"date": {{Start: 75, End: 91}}, "places": {{Start: 45, End: 50}, {Start: 52, End: 66}}},
		Warnings: []string{"a second date"},
	}
}

func testRecordRoundTrip(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike)
	items[0].Record = richRecord(dumaAirstrike)
	items[0].Fingerprint.Bands = []uint64{0, 1<<63 + 5, 1<<64 - 1}
	mustPut(t, s, doc, items)
	id := idOf(t, s, dumaAirstrike)
	want := caption.StoredRecord{ID: id, Record: items[0].Record, Fingerprint: items[0].Fingerprint, Versions: v1}
	if diff := cmp.Diff(want, mustRecord(t, s, id), diffOpts...); diff != "" {
		t.Errorf("Record (-want +got):\n%s", diff)
	}
	unlinked, err := s.Unlinked(t.Context(), caption.LevelCluster, 10)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]caption.StoredRecord{want}, unlinked, diffOpts...); diff != "" {
		t.Errorf("Unlinked (-want +got):\n%s", diff)
	}

	// A caption found again keeps the record first stored, whatever the
	// second item says.
	doc2, items2 := document("b.txt", dumaSpaced)
	items2[0].Record.Warnings = []string{"from b.txt"}
	if _, err := s.PutDocument(t.Context(), doc2, items2, caption.Versions{Parser: "parse/2"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, mustRecord(t, s, id), diffOpts...); diff != "" {
		t.Errorf("Record after a duplicate (-want +got):\n%s", diff)
	}
}

func testUnicodeRoundTrip(t *testing.T, s caption.Store) {
	raws := []string{
		"متطوعو الدفاع المدني يبحثون عن ناجين في دوما، الغوطة الشرقية، 6 تشرين الثاني 2016. (تصوير: عبد دوماني/فرانس برس)",
		"Children in Ma‘arrat al-Nu‘mān ❤️‍🩹 👨‍👩‍👧 after the strike 🕊 (Photo: Ḩarastā media office)",
		"\u200fمظاهرة في حمص\u200e — Protest in Homs, «الوعر», 15/04/2017 🇸🇾",
		"Zero\u200bwidth, combining e\u0301 and precomposed é, Devanagari नमस्ते, CJK 叙利亚.",
	}
	doc, items := document("أرشيف/سوريا ١.txt", raws...)
	items[0].Occurrence.Meta = map[string]string{"المصدر": "فرانس برس", "emoji": "📷"}
	res := mustPut(t, s, doc, items)
	if res.Document.Path != doc.Path {
		t.Errorf("document path %q, want %q", res.Document.Path, doc.Path)
	}
	for i, raw := range raws {
		id := idOf(t, s, raw)
		if got := mustRecord(t, s, id).Record.Text; got != fold(raw) {
			t.Errorf("caption %d: record text %q, want %q", i, got, fold(raw))
		}
		srcs, err := s.Sources(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(srcs) != 1 || srcs[0].Text != raw || srcs[0].Document.Path != doc.Path {
			t.Errorf("caption %d: sources %+v, want the caption as found", i, srcs)
			continue
		}
		if diff := cmp.Diff(items[i].Occurrence.Meta, srcs[0].Meta, diffOpts...); diff != "" {
			t.Errorf("caption %d: meta (-want +got):\n%s", i, diff)
		}
	}
}

func testNotFound(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike)
	mustPut(t, s, doc, items)
	id := idOf(t, s, dumaAirstrike)
	missing := id + 1000
	ctx := t.Context()
	calls := []struct {
		name string
		call func() error
	}{
		{"Record", func() error { _, err := s.Record(ctx, missing); return err }},
		{"Record(0)", func() error { _, err := s.Record(ctx, 0); return err }},
		{"UpdateRecord", func() error { return s.UpdateRecord(ctx, missing, record(aleppoRescue), v1) }},
		{"Sources", func() error { _, err := s.Sources(ctx, missing); return err }},
		{"Links", func() error { _, err := s.Links(ctx, missing); return err }},
		{"SetLink record", func() error {
			return s.SetLink(ctx, caption.Link{Record: missing, Level: caption.LevelCluster, Target: id, Group: id, Rule: "new", Created: t0})
		}},
		{"SetLink target", func() error {
			return s.SetLink(ctx, caption.Link{Record: id, Level: caption.LevelCluster, Target: missing, Group: missing, Rule: "minhash", Created: t0})
		}},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, caption.ErrNotFound) {
			t.Errorf("%s of a missing record: %v, want ErrNotFound", c.name, err)
		}
	}
	links, err := s.Links(ctx, id)
	if err != nil || len(links) != 0 {
		t.Errorf("Links of an unlinked record = %v, %v; want none", links, err)
	}
}

// testUpdateRecord re-derives a linked record's fields: its fingerprint,
// sources and links stay; its indexed fields follow the new record.
func testUpdateRecord(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue)
	doc2, items2 := document("b.txt", dumaSpaced)
	mustPut(t, s, doc, items)
	mustPut(t, s, doc2, items2)
	id := idOf(t, s, dumaAirstrike)
	newGroup(t, s, caption.LevelCluster, id)
	newGroup(t, s, caption.LevelEvent, id)
	before := mustRecord(t, s, id)
	srcs, err := s.Sources(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	links, err := s.Links(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	stats := mustStats(t, s)

	v2 := caption.Versions{Parser: "parse/2", Gazetteer: "team-2026-12"}
	r := richRecord(dumaAirstrike)
	if err := s.UpdateRecord(t.Context(), id, r, v2); err != nil {
		t.Fatal(err)
	}
	want := before
	want.Record, want.Versions = r, v2
	if diff := cmp.Diff(want, mustRecord(t, s, id), diffOpts...); diff != "" {
		t.Errorf("Record after UpdateRecord (-want +got):\n%s", diff)
	}
	gotSrcs, err := s.Sources(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(srcs, gotSrcs, diffOpts...); diff != "" {
		t.Errorf("Sources changed (-before +after):\n%s", diff)
	}
	gotLinks, err := s.Links(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(links, gotLinks, diffOpts...); diff != "" {
		t.Errorf("Links changed (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(stats, mustStats(t, s)); diff != "" {
		t.Errorf("Stats changed (-before +after):\n%s", diff)
	}
	// The new date is the one event candidates are chosen by.
	cands, err := s.EventCandidates(t.Context(), r.Date, 0)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int64{id}, recordIDs(cands)); diff != "" {
		t.Errorf("EventCandidates on the updated date (-want +got):\n%s", diff)
	}
	bad := r
	bad.Description = "\xff"
	if err := s.UpdateRecord(t.Context(), id, bad, v2); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("UpdateRecord with a record that is not UTF-8: %v, want ErrInvalid", err)
	}
	if diff := cmp.Diff(want, mustRecord(t, s, id), diffOpts...); diff != "" {
		t.Errorf("Record after a failed UpdateRecord (-want +got):\n%s", diff)
	}
}

// testStats counts groups, not links: two clusters and one event among five
// records, one of them not linked yet.
func testStats(t *testing.T, s caption.Store) {
	if diff := cmp.Diff(caption.Stats{}, mustStats(t, s)); diff != "" {
		t.Errorf("Stats of an empty store (-want +got):\n%s", diff)
	}
	docA, itemsA := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket)
	docB, itemsB := document("b.txt", homsProtest, dumaSpaced, raqqaDisplaced)
	mustPut(t, s, docA, itemsA)
	mustPut(t, s, docB, itemsB)
	m := ids(t, s)
	r1, r2, r3, r4 := m[key(dumaAirstrike)], m[key(aleppoRescue)], m[key(idlibMarket)], m[key(homsProtest)]
	newGroup(t, s, caption.LevelCluster, r1)
	mustLink(t, s, caption.Link{Record: r2, Level: caption.LevelCluster, Target: r1, Group: r1, Similarity: 0.8, Rule: "minhash"})
	newGroup(t, s, caption.LevelCluster, r3)
	newGroup(t, s, caption.LevelCluster, r4)
	newGroup(t, s, caption.LevelEvent, r1)
	mustLink(t, s, caption.Link{Record: r3, Level: caption.LevelEvent, Target: r1, Group: r1, Similarity: 0.5, Rule: "date+place"})
	want := caption.Stats{Documents: 2, Occurrences: 6, Records: 5, Clusters: 3, Events: 1}
	if diff := cmp.Diff(want, mustStats(t, s)); diff != "" {
		t.Errorf("Stats (-want +got):\n%s", diff)
	}
}

func testRecords(t *testing.T, s caption.Store) {
	if recs := allRecords(t, s); len(recs) != 0 {
		t.Errorf("Records of an empty store yielded %d", len(recs))
	}
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket, homsProtest)
	mustPut(t, s, doc, items)
	var texts []string
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, r.Record.Text)
		if len(texts) == 2 {
			break
		}
	}
	if diff := cmp.Diff([]string{dumaAirstrike, aleppoRescue}, texts); diff != "" {
		t.Errorf("first two Records (-want +got):\n%s", diff)
	}
	// Stopping early leaves the store usable.
	ctx := withTimeout(t)
	if _, err := s.Stats(ctx); err != nil {
		t.Errorf("Stats after stopping Records early: %v", err)
	}
	if got := len(allRecords(t, s)); got != 4 {
		t.Errorf("Records yielded %d, want 4", got)
	}
}

// testRecordsWhileWriting is `sijil reparse`: update every record, and store
// a document, while iterating. A store that holds its only connection for
// the iteration deadlocks here (bounded by withTimeout).
func testRecordsWhileWriting(t *testing.T, s caption.Store) {
	const n = 1200
	raws := make([]string, n)
	for i := range raws {
		raws[i] = bigCaption(i)
	}
	doc, items := document("many.txt", raws...)
	mustPut(t, s, doc, items)
	ctx := withTimeout(t)
	seen := 0
	var last int64
	for r, err := range s.Records(ctx) {
		if err != nil {
			t.Fatalf("Records after %d: %v", seen, err)
		}
		if r.ID <= last {
			t.Fatalf("Records yielded ID %d after %d", r.ID, last)
		}
		last = r.ID
		if seen < n && r.Record.Text != fold(raws[seen]) {
			t.Fatalf("record %d is %q, want %q", seen, r.Record.Text, fold(raws[seen]))
		}
		seen++
		r.Record.Warnings = append(r.Record.Warnings, "reparsed")
		if err := s.UpdateRecord(ctx, r.ID, r.Record, r.Versions); err != nil {
			t.Fatalf("UpdateRecord(%d) while iterating: %v", r.ID, err)
		}
		if seen%500 == 0 {
			d, its := document("during-"+strconv.Itoa(seen)+".txt", homsProtest+" "+strconv.Itoa(seen))
			if _, err := s.PutDocument(ctx, d, its, v1); err != nil {
				t.Fatalf("PutDocument while iterating: %v", err)
			}
		}
	}
	if seen < n {
		t.Errorf("Records yielded %d, want at least %d", seen, n)
	}
	if got := mustRecord(t, s, last).Record.Warnings; len(got) != 1 {
		t.Errorf("warnings of the last record = %q, want one", got)
	}
}

// testCancelled calls a store with a cancelled context: every call fails
// with context.Canceled and changes nothing; Exclusive does not run fn.
func testCancelled(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike)
	mustPut(t, s, doc, items)
	id := idOf(t, s, dumaAirstrike)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	doc2, items2 := document("b.txt", aleppoRescue)
	ran := false
	calls := []struct {
		name string
		call func() error
	}{
		{"PutDocument", func() error { _, err := s.PutDocument(ctx, doc2, items2, v1); return err }},
		{"Record", func() error { _, err := s.Record(ctx, id); return err }},
		{"Unlinked", func() error { _, err := s.Unlinked(ctx, caption.LevelCluster, 10); return err }},
		{"SetLink", func() error {
			return s.SetLink(ctx, caption.Link{Record: id, Level: caption.LevelCluster, Target: id, Group: id, Rule: "new", Created: t0})
		}},
		{"UpdateRecord", func() error { return s.UpdateRecord(ctx, id, record(aleppoRescue), v1) }},
		{"SourcesOf", func() error { _, err := s.SourcesOf(ctx, []int64{id}); return err }},
		{"Stats", func() error { _, err := s.Stats(ctx); return err }},
		{"RecordVersions", func() error { _, err := s.RecordVersions(ctx); return err }},
		{"Settings", func() error { _, err := s.Settings(ctx); return err }},
		{"SetSettings", func() error { return s.SetSettings(ctx, caption.Settings{Focus: []caption.CountryCode{"SY"}}) }},
		{"Exclusive", func() error { return s.Exclusive(ctx, func(context.Context) error { ran = true; return nil }) }},
		{"Records", func() error {
			for _, err := range s.Records(ctx) {
				return err
			}
			return errors.New("the Records iterator yielded nothing")
		}},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v, want context.Canceled", c.name, err)
		}
	}
	if ran {
		t.Error("Exclusive ran fn with a cancelled context")
	}
	want := caption.Stats{Documents: 1, Occurrences: 1, Records: 1}
	if diff := cmp.Diff(want, mustStats(t, s)); diff != "" {
		t.Errorf("Stats after cancelled calls (-want +got):\n%s", diff)
	}
	if r := mustRecord(t, s, id); r.Cluster != 0 || r.Record.Text != dumaAirstrike {
		t.Errorf("record after cancelled calls = %+v", r)
	}
	if st := mustSettings(t, s); len(st.Focus) != 0 {
		t.Errorf("settings after a cancelled SetSettings = %+v, want none", st)
	}
}
