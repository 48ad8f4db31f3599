package postgres

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

func TestTSQuery(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"douma", `('douma' | 'doumas')`},
		{"al-Bab 2016", `('al' <-> 'bab' | 'al' <-> 'babs') & ('2016')`},
		{`"air strike" OR smoke -afp`, `('air' <-> 'strike' | 'air' <-> 'strikes' | 'smoke' | 'smokes') & !('afp' | 'afps')`},
		{`-"NEAR(x" -*`, `!('near' <-> 'x' | 'near' <-> 'xs')`},
		{`'; DROP TABLE x; --`, `('drop' | 'drops') & ('table' | 'tables') & ('x' | 'xs')`},
		{"", ""},
	}
	for _, tc := range tests {
		q, err := caption.ParseText(tc.text)
		if err != nil {
			t.Fatalf("ParseText(%q): %v", tc.text, err)
		}
		if got := tsQuery(q); got != tc.want {
			t.Errorf("tsQuery(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestSearchUpgrade makes a database of migration 0001 alone, with records
// whose search_text the old way, then opens it: Open reindexes them.
func TestSearchUpgrade(t *testing.T) {
	url, conn := migratedTo(t, 1)
	ctx := context.Background()
	recs := []caption.Record{
		{Text: "Rescuers in Douma, 2016.", Places: []string{"Douma"}, Location: &caption.Location{Name: "Douma", GeonameID: 170654, Admin1: "Rif Dimashq"}},
		{Text: "Protest in Duma.", Places: []string{"Duma"}, Agencies: []caption.Agency{"AP"}},
		{Text: "Smoke over Saraqib.", Places: []string{"Saraqib"}, Location: &caption.Location{Name: "Saraqib", Admin1: "Idlib"}},
	}
	for i, r := range recs {
		// Records of migration 0001 are JSON; migration 0013 reads them as
		// they are.
		js, err := caption.MarshalRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `INSERT INTO records (id, key, record, search_text, date_precision, parser_version,
			gazetteer_version, signature, bands) VALUES ($1, $2, $3::jsonb, $4, '', '', '', '', '')`,
			i+1, string(rune('a'+i)), string(js), r.Text); err != nil {
			t.Fatal(err)
		}
	}
	s := mustOpen(t, url)
	ids := func(q caption.Query) []int64 {
		res, err := s.Search(ctx, q)
		if err != nil {
			t.Fatalf("Search(%+v): %v", q, err)
		}
		var out []int64
		for _, r := range res.Records {
			out = append(out, r.ID)
		}
		return out
	}
	tests := []struct {
		q    caption.Query
		want []int64
	}{
		{caption.Query{Text: "smoke"}, []int64{3}},
		{caption.Query{Text: "ap"}, []int64{2}}, // an agency, not in the old search_text
		{caption.Query{GeonameIDs: []int{170654}}, []int64{1}},
		{caption.Query{PlaceKeys: []string{storetest.PlaceKey("Dūmā")}}, []int64{1, 2}},
		{caption.Query{Admin1Key: storetest.PlaceKey("Idlib")}, []int64{3}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, ids(tc.q)); diff != "" {
			t.Errorf("Search(%+v) (-want +got):\n%s", tc.q, diff)
		}
	}
	var pending int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM search_pending").Scan(&pending); err != nil || pending != 0 {
		t.Errorf("%d records still pending (%v)", pending, err)
	}
}
