package sqlite

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func TestSearch(t *testing.T) {
	s := newTestStore(t)
	records := []caption.Record{
		{Text: "Children play in Ma‘arrat al-Nu‘mān, Idlib. (Photo by Omar Haj Kadour/AFP)", Description: "Children play in Ma‘arrat al-Nu‘mān, Idlib.",
			Credit: "Photo by Omar Haj Kadour/AFP", Photographers: []string{"Omar Haj Kadour"}, Agencies: []caption.Agency{"AFP"}, Places: []string{"Ma‘arrat al-Nu‘mān", "Idlib"}},
		{Text: "Smoke over Ḩarastā and al-Bab's market, 2016.", Places: []string{"Ḩarastā"}, Actors: []string{"Syrian Civil Defence"}},
		{Text: "متطوعو الدفاع المدني في دوما", Description: "متطوعو الدفاع المدني في دوما", Places: []string{"دوما"}},
		{Text: "A \"quoted\" OR NEAR(market) caption about Douma."},
	}
	doc := caption.Document{Path: "search.txt", SHA256: "00", Format: "text"}
	var items []caption.Item
	for i, r := range records {
		sum := sha256.Sum256([]byte(r.Text))
		items = append(items, caption.Item{Occurrence: caption.Occurrence{Index: i, Text: r.Text}, Record: r,
			Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(sum[:])}})
	}
	if _, err := s.PutDocument(t.Context(), doc, items, caption.Versions{}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query string
		want  []int64
	}{
		{"Maarrat al-Numan", []int64{1}},
		{"MA'ARRAT NU’MAN", []int64{1}},
		{"numan", []int64{1}},
		{"harasta", []int64{2}},
		{"al-Bab", []int64{2}},
		{"al-Bab's", []int64{2}},
		{"Aleppo's", nil},
		{"kadour afp", []int64{1}},
		{"civil defence", []int64{2}},
		{"دوما", []int64{3}},
		{`"quoted" OR NEAR(market)`, []int64{4}},
		{`market`, []int64{2, 4}},
		{`douma" OR "idlib`, nil},
		{"aleppo", nil},
		{"   ", nil},
	}
	for _, tc := range tests {
		got, err := s.Search(t.Context(), tc.query, 10)
		if err != nil {
			t.Errorf("Search(%q): %v", tc.query, err)
			continue
		}
		if diff := cmp.Diff(tc.want, recordIDsOf(got)); diff != "" {
			t.Errorf("Search(%q) (-want +got):\n%s", tc.query, diff)
		}
	}
	// The index follows UpdateRecord.
	r := records[2]
	r.Description, r.Places = "Volunteers in Douma", []string{"Douma"}
	if err := s.UpdateRecord(t.Context(), 3, r, caption.Versions{}); err != nil {
		t.Fatal(err)
	}
	for query, want := range map[string][]int64{"volunteers": {3}, "المدني": nil, "douma": {3, 4}} {
		got, err := s.Search(t.Context(), query, 10)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, recordIDsOf(got)); diff != "" {
			t.Errorf("after UpdateRecord, Search(%q) (-want +got):\n%s", query, diff)
		}
	}
}

// recordIDsOf returns the IDs of rs in ID order: the tests do not pin bm25's
// ranking.
func recordIDsOf(rs []caption.StoredRecord) []int64 {
	var ids []int64
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return ids
}
