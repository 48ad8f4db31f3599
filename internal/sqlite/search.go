package sqlite

import (
	"context"
	"fmt"
	"strings"

	"sijil/internal/caption"
)

// searchFold removes the apostrophes and the ayn and hamza signs of
// transliterations, at which unicode61 would split a word, from indexed text
// and from queries alike: Ma‘arrat, Ma'arrat and Maarrat are one word.
var searchFold = strings.NewReplacer("'", "", "‘", "", "’", "", "ʿ", "", "ʾ", "", "ʼ", "", "`", "", "´", "")

const insertSearchRows = "INSERT INTO records_fts (rowid, description, credit, places, actors, photographers, agencies) VALUES "

// searchColumns are records_fts's values for a record: the description (the
// text when the parser found no credit to split off), the credit and the
// lists, folded.
func searchColumns(id int64, r caption.Record) []any {
	desc := r.Description
	if desc == "" {
		desc = r.Text
	}
	agencies := make([]string, len(r.Agencies))
	for i, a := range r.Agencies {
		agencies[i] = string(a)
	}
	list := func(s []string) string { return searchFold.Replace(strings.Join(s, "; ")) }
	return []any{id, searchFold.Replace(desc), searchFold.Replace(r.Credit), list(r.Places), list(r.Actors), list(r.Photographers), list(agencies)}
}

// matchQuery turns what a person typed into an FTS5 query that finds records
// holding every word. Each word is quoted, so that FTS5 syntax is never
// read from it: bare al-Bab would be column "al" minus "Bab". Each also
// matches its possessive, which the index holds without its apostrophe:
// al-Bab finds "al-Bab's market", indexed as al babs.
func matchQuery(q string) string {
	words := strings.Fields(searchFold.Replace(q))
	for i, w := range words {
		w = strings.ReplaceAll(w, `"`, `""`)
		words[i] = `("` + w + `" OR "` + w + `s")`
	}
	return strings.Join(words, " AND ")
}

// Search returns up to limit records whose caption (description and
// credit), places, actors, photographers or agencies hold every word of
// query, best first (bm25), then in ID order. Case, diacritics and
// apostrophes do not matter: "Maarrat al-Numan" finds Ma‘arrat al-Nu‘mān.
// It is not part of caption.Store yet.
func (s *Store) Search(ctx context.Context, query string, limit int) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.Search(%q)", query)
	if limit <= 0 {
		return nil, fmt.Errorf("%w: limit %d", caption.ErrInvalid, limit)
	}
	match := matchQuery(query)
	if match == "" {
		return nil, nil
	}
	const hits = ` JOIN (SELECT rowid, rank FROM records_fts WHERE records_fts MATCH ? ORDER BY rank LIMIT ?) AS hit
		ON hit.rowid = records.id ORDER BY hit.rank, records.id`
	return queryRecords(ctx, s.read(ctx), recordSelect+hits, match, limit)
}
