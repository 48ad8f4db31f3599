package postgres

import (
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestSearchText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"ascii", "Rescuers in Douma", "rescuers in douma"},
		{"ayn and macron", "Ma‘arrat an Nu‘mān", "maarrat an numan"},
		{"dots below", "Ḩarastā, Dayr az Zawr", "harasta, dayr az zawr"},
		{"hamza", "Daraʾa and Raʿqa", "daraa and raqa"},
		{"possessive", "Aleppo's and Aleppo’s east", "aleppos and aleppos east"},
		{"quotes", "'Douma' ‘Harasta’", "douma harasta"},
		{"composed and decomposed", "Dūmā Du\u0304ma\u0304", "duma duma"},
		{"arabic kept", "دوما", "دوما"},
		{"hyphen kept", "al-Bab", "al-bab"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := searchText(tc.in); got != tc.want {
				t.Errorf("searchText(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestSearchColumn checks the generated tsvector and its GIN index: a
// websearch_to_tsquery of folded terms finds the captions, whatever their
// transliteration marks. The search semantics themselves belong to
// storetest once search is part of caption.Store.
func TestSearchColumn(t *testing.T) {
	s := newTestStore(t)
	doc, items := testDocument("a.txt", 1, 2)
	items[0].Record.Text = "Smoke rises over Ma‘arrat an Nu‘mān after an air strike"
	items[1].Record.Text = "Rescuers in Ḩarastā search the rubble of Aleppo’s market"
	if _, err := s.PutDocument(t.Context(), doc, items, testVersions); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		query string
		want  int
	}{
		{"numan", 1},
		{searchText("Nu‘mān strike"), 1},
		{"harasta rubble", 1},
		{"aleppo or aleppos", 1},
		{`"air strike"`, 1},
		{"rubble or smoke", 2},
		{"rubble -harasta", 0},
		{"damascus", 0},
	}
	for _, tc := range tests {
		rows, err := s.pool.Query(t.Context(),
			`SELECT id FROM records WHERE search @@ websearch_to_tsquery('simple', $1)`, tc.query)
		if err != nil {
			t.Fatal(err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != tc.want {
			t.Errorf("search %q found %d records, want %d", tc.query, len(ids), tc.want)
		}
	}
}
