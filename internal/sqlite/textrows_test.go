package sqlite

import (
	"database/sql"
	"encoding/json"
	"maps"
	"strconv"
	"testing"

	"sijil/internal/caption"
)

// textSamples are texts for a full-text index that JSON must escape or
// that must pass unchanged: quotes, backslashes, every control character,
// DEL, HTML's characters, line and paragraph separators, Arabic, emoji and
// broken UTF-8.
func textSamples() []string {
	out := []string{
		"",
		`Mourners in Gaza City say "enough", 12 Oct. 2023 \ AFP`,
		"Des secouristes à Alep <après> l'explosion & les \"frappes\"",
		"نازحون في إدلب، 3 آذار 2020",
		"line\u2028para\u2029end \U0001F4F7 \x7f",
		"broken \xff\xfe\xe2\x80 utf-8 \xc3",
	}
	var ctl []byte
	for c := range 0x20 {
		ctl = append(ctl, 'a', byte(c))
	}
	return append(out, string(ctl))
}

// decodeTextRows returns what json_each, as insertText runs it, makes of
// js: rowid (as text) to text.
func decodeTextRows(t testing.TB, db *sql.DB, js string) map[string]string {
	t.Helper()
	rows, err := db.Query("SELECT key, value FROM json_each(?)", js)
	if err != nil {
		t.Fatalf("json_each(%q): %v", js, err)
	}
	got := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		got[k] = v
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

func openJSONDB(t testing.TB) *sql.DB {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// checkTextRows checks that SQLite reads textRows of texts as it reads
// encoding/json's object of them, which insertText sent before.
func checkTextRows(t testing.TB, db *sql.DB, texts []string) {
	var rows textRows
	m := map[string]string{}
	for i, s := range texts {
		id := int64(i*7919 + 1)
		rows.add(id, s)
		m[strconv.FormatInt(id, 10)] = s
	}
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	got, want := decodeTextRows(t, db, rows.json()), decodeTextRows(t, db, string(js))
	if !maps.Equal(got, want) {
		t.Errorf("textRows %s\nreads as %q\nwant     %q", rows.json(), got, want)
	}
}

func TestTextRows(t *testing.T) {
	db := openJSONDB(t)
	checkTextRows(t, db, textSamples())
	for _, s := range textSamples() {
		checkTextRows(t, db, []string{s})
	}
	var none textRows
	if got := decodeTextRows(t, db, none.json()); len(got) != 0 {
		t.Errorf("no rows read as %q", got)
	}
}

func FuzzTextRows(f *testing.F) {
	for _, s := range textSamples() {
		f.Add(s, "Shelling in Kherson")
	}
	db := openJSONDB(f)
	f.Fuzz(func(t *testing.T, a, b string) {
		checkTextRows(t, db, []string{a, b})
	})
}

// TestFullTextOneSegment stores a new register's first document, 600
// records whose IDs run from one to three digits, and checks that each
// full-text index took its rows as one segment. With the rows in the order
// of their IDs as text ("10" before "9"), FTS5 wrote out its pending terms
// at every step back, and this batch left five segments in each index
// once FTS5 had merged the rest.
func TestFullTextOneSegment(t *testing.T) {
	s := newTestStore(t)
	d, items := genDocument("first.txt", 0, 600)
	res, err := s.PutDocuments(t.Context(), []caption.DocumentItems{{Document: d, Items: items}}, caption.Versions{Parser: "p"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].NewRecords < 500 {
		t.Fatalf("fixture: %d new records; want at least 500", res[0].NewRecords)
	}
	for _, table := range []string{"records_fts", "search_terms_fts"} {
		var segs int
		if err := s.reader.QueryRowContext(t.Context(), "SELECT count(DISTINCT segid) FROM "+table+"_idx").Scan(&segs); err != nil {
			t.Fatal(err)
		}
		if segs != 1 {
			t.Errorf("%s: %d segments after one batch, want 1", table, segs)
		}
	}
}
