package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// Captions shared by the tests. dumaSpaced is dumaAirstrike with other white
// space: the same record, found twice with different bytes.
const (
	dumaAirstrike  = "A man carries a child after an air strike on Douma, Eastern Ghouta, Syria, on November 6, 2016. (Photo by Abd Doumany/AFP)"
	dumaSpaced     = "A man carries a child after an air strike  on Douma,\nEastern Ghouta, Syria, on November 6, 2016.\t(Photo by Abd Doumany/AFP)"
	aleppoRescue   = "Syrian civil defence volunteers search for survivors in Aleppo's Bab al-Nairab, November 24, 2016. REUTERS/Abdalrhman Ismail"
	idlibMarket    = "Smoke rises over a market in Maarat al-Numan, Idlib province, after shelling on June 12, 2016. AP Photo/Ghaith Alsayed"
	homsProtest    = "Protesters wave flags in al-Waer, Homs, Syria, on April 15, 2017. (Photo by Mahmoud Taha/Anadolu Agency)"
	raqqaDisplaced = "Displaced families leave Raqqa on a truck, October 2017. (Photo by Delil Souleiman/AFP)"
)

func testPutDocument(t *testing.T, s caption.Store) {
	doc, items := document("seeds/one.txt", dumaAirstrike, aleppoRescue)
	res := mustPut(t, s, doc, items)
	wantDoc := doc
	wantDoc.ID, wantDoc.FirstSeen = res.Document.ID, t0
	m := ids(t, s)
	r1, r2 := m[key(dumaAirstrike)], m[key(aleppoRescue)]
	want := caption.IngestResult{Document: wantDoc, Occurrences: 2, NewRecords: 2,
		RecordIDs: []int64{r1, r2}, Created: []int64{min(r1, r2), max(r1, r2)}}
	if diff := cmp.Diff(want, res, diffOpts...); diff != "" {
		t.Errorf("PutDocument (-want +got):\n%s", diff)
	}
	if res.Document.ID == 0 {
		t.Error("PutDocument returned document ID 0")
	}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]caption.Document{wantDoc}, docs, diffOpts...); diff != "" {
		t.Errorf("Documents (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(caption.Stats{Documents: 1, Occurrences: 2, Records: 2}, mustStats(t, s)); diff != "" {
		t.Errorf("Stats (-want +got):\n%s", diff)
	}
}

// testPutDocumentIdempotent stores a document twice: the second time only
// LastSeen moves.
func testPutDocumentIdempotent(t *testing.T, s caption.Store) {
	doc, items := document("seeds/one.txt", dumaAirstrike, aleppoRescue, dumaSpaced)
	first := mustPut(t, s, doc, items)
	before := mustStats(t, s)
	recsBefore := allRecords(t, s)

	doc.LastSeen = t1
	second := mustPut(t, s, doc, items)
	wantDoc := first.Document
	wantDoc.LastSeen = t1
	want := caption.IngestResult{Document: wantDoc, Unchanged: true}
	if diff := cmp.Diff(want, second, diffOpts...); diff != "" {
		t.Errorf("second PutDocument (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(before, mustStats(t, s)); diff != "" {
		t.Errorf("Stats changed (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(recsBefore, allRecords(t, s), diffOpts...); diff != "" {
		t.Errorf("Records changed (-before +after):\n%s", diff)
	}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]caption.Document{wantDoc}, docs, diffOpts...); diff != "" {
		t.Errorf("Documents (-want +got):\n%s", diff)
	}
}

// testPutDocumentTimes checks the times a store fills in: FirstSeen from
// LastSeen, and the current time when LastSeen is zero.
func testPutDocumentTimes(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike)
	doc.FirstSeen = t0.Add(-time.Hour)
	res := mustPut(t, s, doc, items)
	if !res.Document.FirstSeen.Equal(doc.FirstSeen) || !res.Document.LastSeen.Equal(t0) {
		t.Errorf("given FirstSeen %v, LastSeen %v: stored %v, %v", doc.FirstSeen, t0, res.Document.FirstSeen, res.Document.LastSeen)
	}
	doc, items = document("b.txt", aleppoRescue)
	doc.LastSeen = time.Time{}
	before := time.Now().Add(-time.Second)
	res = mustPut(t, s, doc, items)
	after := time.Now().Add(time.Second)
	got := res.Document
	if got.LastSeen.Before(before) || got.LastSeen.After(after) || !got.FirstSeen.Equal(got.LastSeen) {
		t.Errorf("zero LastSeen: stored FirstSeen %v, LastSeen %v; want both the current time", got.FirstSeen, got.LastSeen)
	}
}

// testExactDuplicates stores captions found in several documents, and twice
// in one: one record each, one occurrence per place found.
func testExactDuplicates(t *testing.T, s caption.Store) {
	docA, itemsA := document("a.txt", dumaAirstrike, aleppoRescue)
	docB, itemsB := document("b.jsonl", aleppoRescue, idlibMarket, dumaSpaced)
	docC, itemsC := document("c.txt", homsProtest, homsProtest)
	resA := mustPut(t, s, docA, itemsA)
	resB := mustPut(t, s, docB, itemsB)
	resC := mustPut(t, s, docC, itemsC)
	got := [][3]int{
		{resA.Occurrences, resA.NewRecords, resA.ExactDuplicate},
		{resB.Occurrences, resB.NewRecords, resB.ExactDuplicate},
		{resC.Occurrences, resC.NewRecords, resC.ExactDuplicate},
	}
	want := [][3]int{{2, 2, 0}, {3, 1, 2}, {2, 1, 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("{occurrences, new, duplicates} per document (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(caption.Stats{Documents: 3, Occurrences: 7, Records: 4}, mustStats(t, s)); diff != "" {
		t.Errorf("Stats (-want +got):\n%s", diff)
	}
	// Records are numbered in order of first appearance.
	var keys []string
	for _, r := range allRecords(t, s) {
		keys = append(keys, r.Fingerprint.Key)
	}
	wantKeys := []string{key(dumaAirstrike), key(aleppoRescue), key(idlibMarket), key(homsProtest)}
	if diff := cmp.Diff(wantKeys, keys); diff != "" {
		t.Errorf("record keys in ID order (-want +got):\n%s", diff)
	}
	// Each item's record, and the records each call created.
	m := ids(t, s)
	duma, aleppo, idlib, homs := m[key(dumaAirstrike)], m[key(aleppoRescue)], m[key(idlibMarket)], m[key(homsProtest)]
	gotIDs := [][2][]int64{{resA.RecordIDs, resA.Created}, {resB.RecordIDs, resB.Created}, {resC.RecordIDs, resC.Created}}
	wantIDs := [][2][]int64{
		{{duma, aleppo}, {duma, aleppo}},
		{{aleppo, idlib, duma}, {idlib}},
		{{homs, homs}, {homs}},
	}
	if diff := cmp.Diff(wantIDs, gotIDs); diff != "" {
		t.Errorf("{RecordIDs, Created} per document (-want +got):\n%s", diff)
	}

	srcs, err := s.Sources(t.Context(), idOf(t, s, dumaAirstrike))
	if err != nil {
		t.Fatal(err)
	}
	var where []string
	for _, src := range srcs {
		where = append(where, src.Document.Path+":"+src.Text)
	}
	if diff := cmp.Diff([]string{"a.txt:" + dumaAirstrike, "b.jsonl:" + dumaSpaced}, where); diff != "" {
		t.Errorf("Sources (-want +got):\n%s", diff)
	}
	srcs, err = s.Sources(t.Context(), idOf(t, s, homsProtest))
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 2 || srcs[0].Index != 0 || srcs[1].Index != 1 {
		t.Errorf("Sources of a caption found twice in c.txt = %+v, want indexes 0 and 1", srcs)
	}
}

// testRepeats stores items marked Repeat, as ingest marks the copies of
// captions it read before, their records made incomplete as ingest leaves
// them: a copy of a caption stored by an earlier call, and of one earlier
// in the same call, in another document and in the same one. Each is an
// occurrence of the record stored from the caption it copies, which keeps
// that caption's fields and bands.
func testRepeats(t *testing.T, s caption.Store) {
	docA, itemsA := document("a.txt", dumaAirstrike, aleppoRescue)
	mustPut(t, s, docA, itemsA)
	docB, itemsB := document("b.txt", idlibMarket, homsProtest)
	docC, itemsC := document("c.txt", aleppoRescue, homsProtest, idlibMarket, homsProtest)
	for _, i := range []int{0, 1, 2, 3} {
		it := &itemsC[i]
		it.Repeat = true
		it.Record.Description = "a first reading, not to be stored"
		it.Fingerprint.Bands = nil
	}
	res, err := s.PutDocuments(t.Context(), []caption.DocumentItems{{Document: docB, Items: itemsB}, {Document: docC, Items: itemsC}}, v1, nil)
	if err != nil {
		t.Fatalf("PutDocuments: %v", err)
	}
	got := [][3]int{
		{res[0].Occurrences, res[0].NewRecords, res[0].ExactDuplicate},
		{res[1].Occurrences, res[1].NewRecords, res[1].ExactDuplicate},
	}
	if diff := cmp.Diff([][3]int{{2, 2, 0}, {4, 0, 4}}, got); diff != "" {
		t.Errorf("{occurrences, new, duplicates} per document (-want +got):\n%s", diff)
	}
	m := ids(t, s)
	wantIDs := []int64{m[key(aleppoRescue)], m[key(homsProtest)], m[key(idlibMarket)], m[key(homsProtest)]}
	if diff := cmp.Diff(wantIDs, res[1].RecordIDs); diff != "" {
		t.Errorf("c.txt's RecordIDs (-want +got):\n%s", diff)
	}
	for _, raw := range []string{aleppoRescue, idlibMarket, homsProtest} {
		r := mustRecord(t, s, idOf(t, s, raw))
		if r.Record.Description != fold(raw) || !slices.Equal(r.Fingerprint.Bands, fingerprint(raw).Bands) {
			t.Errorf("record of %.30q: description %.40q, bands %v; want the caption's own", raw, r.Record.Description, r.Fingerprint.Bands)
		}
	}
	if diff := cmp.Diff(caption.Stats{Documents: 3, Occurrences: 8, Records: 4}, mustStats(t, s)); diff != "" {
		t.Errorf("Stats (-want +got):\n%s", diff)
	}
}

// testSameContentOtherPath stores a copy of a document under another path,
// then a changed document under the first path: both are new documents.
func testSameContentOtherPath(t *testing.T, s caption.Store) {
	doc, items := document("a.txt", dumaAirstrike, aleppoRescue)
	first := mustPut(t, s, doc, items)
	doc.Path = "copy/a.txt"
	res := mustPut(t, s, doc, items)
	if res.Unchanged || res.Document.ID == first.Document.ID || res.Occurrences != 2 || res.ExactDuplicate != 2 || res.NewRecords != 0 {
		t.Errorf("copy under another path: %+v, want a new document with 2 duplicate occurrences", res)
	}
	changed, items := document("a.txt", dumaAirstrike, aleppoRescue, idlibMarket)
	res = mustPut(t, s, changed, items)
	if res.Unchanged || res.Occurrences != 3 || res.NewRecords != 1 {
		t.Errorf("changed document under the same path: %+v, want a new document", res)
	}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, d := range docs {
		paths = append(paths, d.Path)
	}
	if diff := cmp.Diff([]string{"a.txt", "copy/a.txt", "a.txt"}, paths); diff != "" {
		t.Errorf("Documents in ID order (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(caption.Stats{Documents: 3, Occurrences: 7, Records: 3}, mustStats(t, s)); diff != "" {
		t.Errorf("Stats (-want +got):\n%s", diff)
	}
}

// testOccurrences checks that an occurrence keeps its bytes exactly: leading
// and trailing space, CR LF, tabs, and its byte range and line.
func testOccurrences(t *testing.T, s caption.Store) {
	raws := []string{"  " + dumaAirstrike + " \r\n", "\t" + aleppoRescue, idlibMarket + "\r\n\r\n"}
	doc, items := document("crlf.txt", raws...)
	items[2].Occurrence.Meta = map[string]string{"id": "7", "caption": "", "note": `"quoted", <b>&</b>`}
	items[1].Occurrence.Meta = nil
	items[0].Occurrence.Line = 0 // a format without lines
	res := mustPut(t, s, doc, items)
	for i, it := range items {
		id := idOf(t, s, it.Occurrence.Text)
		srcs, err := s.Sources(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		want := it.Occurrence
		want.DocumentID, want.RecordID = res.Document.ID, id
		if len(srcs) != 1 {
			t.Fatalf("caption %d: %d sources, want 1", i, len(srcs))
		}
		if diff := cmp.Diff(want, srcs[0].Occurrence, diffOpts...); diff != "" {
			t.Errorf("caption %d: occurrence (-want +got):\n%s", i, diff)
		}
		if diff := cmp.Diff(res.Document, srcs[0].Document, diffOpts...); diff != "" {
			t.Errorf("caption %d: source document (-want +got):\n%s", i, diff)
		}
	}
}

func testPutDocumentInvalid(t *testing.T, s caption.Store) {
	tests := []struct {
		name   string
		change func(doc *caption.Document, items []caption.Item)
		want   error
	}{
		{"empty key", func(_ *caption.Document, items []caption.Item) { items[1].Fingerprint.Key = "" }, caption.ErrInvalid},
		// A repeat's record is not one to store (caption.Item.Repeat).
		{"repeat of a caption not held", func(_ *caption.Document, items []caption.Item) { items[1].Repeat = true }, caption.ErrInvalid},
		{"empty path", func(doc *caption.Document, _ []caption.Item) { doc.Path = "" }, caption.ErrInvalid},
		{"empty sha256", func(doc *caption.Document, _ []caption.Item) { doc.SHA256 = "" }, caption.ErrInvalid},
		{"record not UTF-8", func(_ *caption.Document, items []caption.Item) { items[2].Record.Text = "Douma\xff" }, caption.ErrInvalid},
		{"index twice", func(_ *caption.Document, items []caption.Item) { items[2].Occurrence.Index = 0 }, caption.ErrDuplicate},
		// What PostgreSQL's text cannot hold, no store takes.
		{"occurrence not UTF-8", func(_ *caption.Document, items []caption.Item) { items[1].Occurrence.Text += "\xe9" }, caption.ErrInvalid},
		{"occurrence with NUL", func(_ *caption.Document, items []caption.Item) { items[1].Occurrence.Text += "\x00" }, caption.ErrInvalid},
		{"meta not UTF-8", func(_ *caption.Document, items []caption.Item) { items[2].Occurrence.Meta["x"] = "\xe9" }, caption.ErrInvalid},
		{"record with NUL", func(_ *caption.Document, items []caption.Item) { items[0].Record.Text += "\x00" }, caption.ErrInvalid},
		{"path not UTF-8", func(doc *caption.Document, _ []caption.Item) { doc.Path += "\xe9" }, caption.ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, items := document("bad.txt", dumaAirstrike, aleppoRescue, idlibMarket)
			tc.change(&doc, items)
			res, err := s.PutDocument(t.Context(), doc, items, v1)
			if !errors.Is(err, tc.want) {
				t.Errorf("PutDocument = %+v, %v; want %v", res, err, tc.want)
			}
			// Nothing of a failed document is kept.
			if diff := cmp.Diff(caption.Stats{}, mustStats(t, s)); diff != "" {
				t.Errorf("Stats after a failed PutDocument (-want +got):\n%s", diff)
			}
		})
	}
	// The store still works, and the document can be stored once fixed.
	doc, items := document("bad.txt", dumaAirstrike, aleppoRescue, idlibMarket)
	if res := mustPut(t, s, doc, items); res.NewRecords != 3 {
		t.Errorf("PutDocument after failures: %+v, want 3 new records", res)
	}
}

func testBigDocument(t *testing.T, s caption.Store) {
	const n = 5000
	raws := make([]string, n)
	for i := range raws {
		raws[i] = bigCaption(i)
	}
	raws[n-1] = raws[0] // one exact duplicate
	doc, items := document("big.txt", raws...)
	res := mustPut(t, s, doc, items)
	if res.Occurrences != n || res.NewRecords != n-1 || res.ExactDuplicate != 1 {
		t.Errorf("PutDocument of %d captions: %+v", n, res)
	}
	recs := allRecords(t, s)
	if len(recs) != n-1 {
		t.Fatalf("Records yielded %d, want %d", len(recs), n-1)
	}
	for i, r := range recs {
		if r.Record.Text != fold(raws[i]) || (i > 0 && r.ID <= recs[i-1].ID) {
			t.Fatalf("record %d: ID %d text %q, want the captions in order with growing IDs", i, r.ID, r.Record.Text)
		}
	}
	srcs, err := s.Sources(t.Context(), recs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 2 || srcs[0].Index != 0 || srcs[1].Index != n-1 || srcs[1].Start != items[n-1].Occurrence.Start {
		t.Errorf("Sources of the first caption = %+v, want indexes 0 and %d", srcs, n-1)
	}
}

// bigCaption makes the i-th distinct caption of a long document.
func bigCaption(i int) string {
	places := []string{"Douma", "Harasta", "Aleppo", "Idlib", "Raqqa", "Homs", "Daraa"}
	return strings.Repeat(" ", i%3) + "Caption " + strconv.Itoa(i) + ": residents inspect damage in " + places[i%len(places)] +
		", Syria, after an air strike on " + strconv.Itoa(1+i%28) + " March 2017. (Photo by A. Photographer/Agency)"
}

// testPutDocumentsContinued stores one document in three PutDocuments
// calls of one Exclusive call, the later two continuing it (as ingest
// stores a document of many windows): the register then holds it as one
// document stored whole would be held, a caption of a later part citing
// the record an earlier part created. A continuation of a document not
// stored, and one repeating an index, are refused and change nothing; an
// Exclusive call that fails after two parts leaves nothing of them.
func testPutDocumentsContinued(t *testing.T, s caption.Store) {
	ctx := t.Context()
	raws := []string{dumaAirstrike, aleppoRescue, idlibMarket, bigCaption(1), dumaAirstrike, bigCaption(2), aleppoRescue}
	doc, items := document("wire/archive.txt", raws...)
	parts := [][]caption.Item{items[:2], items[2:5], items[5:]}
	put := func(ctx context.Context, part []caption.Item, continues bool) (caption.IngestResult, error) {
		res, err := s.PutDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: part, Continues: continues}}, v1, nil)
		if err != nil {
			return caption.IngestResult{}, err
		}
		return res[0], nil
	}

	failed := errors.New("the caller gave up")
	err := s.Exclusive(ctx, func(ctx context.Context) error {
		for i, part := range parts[:2] {
			if _, err := put(ctx, part, i > 0); err != nil {
				return err
			}
		}
		return failed
	})
	if !errors.Is(err, failed) {
		t.Fatalf("Exclusive failing after two parts: %v, want its fn's error", err)
	}
	if got := mustStats(t, s); got != (caption.Stats{}) {
		t.Fatalf("after an Exclusive call that failed after two parts: %+v, want an empty register", got)
	}

	var got []caption.IngestResult
	err = s.Exclusive(ctx, func(ctx context.Context) error {
		if _, err := put(ctx, parts[1], true); !errors.Is(err, caption.ErrInvalid) {
			return fmt.Errorf("continuing a document not stored: %v, want ErrInvalid", err)
		}
		for i, part := range parts {
			res, err := put(ctx, part, i > 0)
			if err != nil {
				return fmt.Errorf("part %d: %w", i, err)
			}
			got = append(got, res)
		}
		if _, err := put(ctx, items[4:5], true); !errors.Is(err, caption.ErrDuplicate) {
			return fmt.Errorf("continuing with an index stored: %v, want ErrDuplicate", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	m := ids(t, s)
	for i, want := range []struct{ occs, created, dups int }{{2, 2, 0}, {3, 2, 1}, {2, 1, 1}} {
		r := got[i]
		if r.Unchanged || r.Occurrences != want.occs || r.NewRecords != want.created || r.ExactDuplicate != want.dups || r.Document.ID != got[0].Document.ID {
			t.Errorf("part %d: %+v, want %d occurrences, %d new records, %d duplicates, in document %d", i, r, want.occs, want.created, want.dups, got[0].Document.ID)
		}
		for n, it := range parts[i] {
			if id := m[it.Fingerprint.Key]; r.RecordIDs[n] != id {
				t.Errorf("part %d, item %d: record %d, want %d", i, n, r.RecordIDs[n], id)
			}
		}
	}
	if want := (caption.Stats{Documents: 1, Occurrences: len(raws), Records: 5}); mustStats(t, s) != want {
		t.Errorf("Stats = %+v, want %+v", mustStats(t, s), want)
	}
	srcs, err := s.Sources(ctx, m[key(aleppoRescue)])
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 2 || srcs[0].Index != 1 || srcs[1].Index != 6 || srcs[1].Start != items[6].Occurrence.Start || srcs[1].DocumentID != got[0].Document.ID {
		t.Errorf("Sources of a caption in the first and last parts = %+v, want indexes 1 and 6 of document %d", srcs, got[0].Document.ID)
	}
	if res, err := put(ctx, items, false); err != nil || !res.Unchanged {
		t.Errorf("the document stored again whole: %+v, %v, want it Unchanged", res, err)
	}
}
