package storetest

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testSourcesOf checks that SourcesOf gives, for any set of records, what
// Sources gives for each: records found in several documents and several
// times in one, in document and index order, with their metadata; IDs that
// are no record left out; a list longer than any statement's parameter
// limit; no IDs at all.
func testSourcesOf(t *testing.T, s caption.Store) {
	doc, items := document("gallery/a.txt", dumaAirstrike, aleppoRescue, dumaAirstrike)
	mustPut(t, s, doc, items)
	doc2, items2 := document("gallery/b.txt", aleppoRescue)
	mustPut(t, s, doc2, items2)
	const n = 3000
	raws := make([]string, n)
	for i := range raws {
		raws[i] = bigCaption(i)
	}
	doc3, items3 := document("big.txt", raws...)
	mustPut(t, s, doc3, items3)

	recs := allRecords(t, s)
	var all []int64
	want := map[int64][]caption.Source{}
	for _, r := range recs {
		all = append(all, r.ID)
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		want[r.ID] = srcs
	}
	missing := recs[len(recs)-1].ID + 1000
	got, err := s.SourcesOf(t.Context(), append(all, missing, -1))
	if err != nil {
		t.Fatalf("SourcesOf(%d records): %v", len(all), err)
	}
	if diff := cmp.Diff(want, got, diffOpts...); diff != "" {
		t.Errorf("SourcesOf(every record) differs from Sources (-want +got):\n%s", diff)
	}
	duma, aleppo := idOf(t, s, dumaAirstrike), idOf(t, s, aleppoRescue)
	some, err := s.SourcesOf(t.Context(), []int64{aleppo, duma, aleppo})
	if err != nil {
		t.Fatal(err)
	}
	if len(some) != 2 || len(some[duma]) != 2 || len(some[aleppo]) != 2 ||
		some[aleppo][0].Document.Path != "gallery/a.txt" || some[aleppo][1].Document.Path != "gallery/b.txt" ||
		some[duma][0].Index != 0 || some[duma][1].Index != 2 || some[duma][0].Meta["reader"] != "text" {
		t.Errorf("SourcesOf(aleppo, duma, aleppo) = %+v", some)
	}
	none, err := s.SourcesOf(t.Context(), nil)
	if err != nil || len(none) != 0 {
		t.Errorf("SourcesOf(nil) = %v, %v; want an empty map", none, err)
	}
}

// testDocumentRoot checks that a document's Root is kept, comes back with
// it from PutDocument, Documents, Sources and SourcesOf, stays as first
// stored when the same document is stored again from another root, and
// must be storable text.
func testDocumentRoot(t *testing.T, s caption.Store) {
	doc, items := document("/home/ana/cases/17/gallery/a.txt", dumaAirstrike)
	doc.Root = "/home/ana/cases/17"
	if res := mustPut(t, s, doc, items); res.Document.Root != doc.Root {
		t.Errorf("PutDocument returned root %q, want %q", res.Document.Root, doc.Root)
	}
	named, items2 := document("/home/ana/cases/17/b.txt", aleppoRescue)
	mustPut(t, s, named, items2)
	again := doc
	again.Root = "/home/ana/cases"
	if res := mustPut(t, s, again, items); !res.Unchanged || res.Document.Root != doc.Root {
		t.Errorf("PutDocument again from another root = %+v, want unchanged with root %q", res, doc.Root)
	}
	docs, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var roots []string
	for _, d := range docs {
		roots = append(roots, d.Root)
	}
	if diff := cmp.Diff([]string{doc.Root, ""}, roots); diff != "" {
		t.Errorf("Documents' roots (-want +got):\n%s", diff)
	}
	id := idOf(t, s, dumaAirstrike)
	srcs, err := s.Sources(t.Context(), id)
	if err != nil || len(srcs) != 1 || srcs[0].Document.Root != doc.Root {
		t.Errorf("Sources = %+v, %v; want the document with its root", srcs, err)
	}
	m, err := s.SourcesOf(t.Context(), []int64{id})
	if err != nil || len(m[id]) != 1 || m[id][0].Document.Root != doc.Root {
		t.Errorf("SourcesOf = %+v, %v; want the document with its root", m, err)
	}
	bad, items3 := document("c.txt", "A caption of its own.")
	bad.Root = "cases\xff"
	if _, err := s.PutDocument(t.Context(), bad, items3, v1); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("PutDocument with a root that is not UTF-8: %v, want caption.ErrInvalid", err)
	}
}
