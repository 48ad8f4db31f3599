package sqlite

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

func TestMatchText(t *testing.T) {
	tests := []struct {
		text, pos, neg string
	}{
		{"douma", `("douma" OR "doumas")`, ""},
		{"al-Bab 2016", `("al bab" OR "al babs") AND ("2016")`, ""},
		{`"air strike" OR smoke -afp`, `("air strike" OR "air strikes" OR "smoke" OR "smokes")`, `"afp" OR "afps"`},
		{`-"NEAR(x" -*`, "", `"near x" OR "near xs"`},
		{`'; DROP TABLE x; --`, `("drop" OR "drops") AND ("table" OR "tables") AND ("x" OR "xs")`, ""},
	}
	for _, tc := range tests {
		q, err := caption.ParseText(tc.text)
		if err != nil {
			t.Fatalf("ParseText(%q): %v", tc.text, err)
		}
		pos, neg := matchText(q)
		if pos != tc.pos || neg != tc.neg {
			t.Errorf("matchText(%q) = %q, %q; want %q, %q", tc.text, pos, neg, tc.pos, tc.neg)
		}
	}
}

// putCaptions stores one document of records keyed by their text.
func putCaptions(t *testing.T, s *Store, path string, recs ...caption.Record) {
	t.Helper()
	var items []caption.Item
	for i, r := range recs {
		sum := sha256.Sum256([]byte(r.Text))
		items = append(items, caption.Item{Occurrence: caption.Occurrence{Index: i, Text: r.Text}, Record: r,
			Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(sum[:])}})
	}
	if _, err := s.PutDocument(t.Context(), caption.Document{Path: path, SHA256: path, Format: "text"}, items, caption.Versions{}); err != nil {
		t.Fatal(err)
	}
}

func searchIDs(t *testing.T, s *Store, q caption.Query) []int64 {
	t.Helper()
	res, err := s.Search(t.Context(), q)
	if err != nil {
		t.Fatalf("Search(%+v): %v", q, err)
	}
	var ids []int64
	for _, r := range res.Records {
		ids = append(ids, r.ID)
	}
	return ids
}

var searchRecords = []caption.Record{
	{Text: "Rescuers in Douma, 2016.", Places: []string{"Douma"}, Location: &caption.Location{Name: "Douma", GeonameID: 170654, Admin1: "Rif Dimashq"}},
	{Text: "Protest in Duma.", Places: []string{"Duma"}, Agencies: []caption.Agency{"AP"}},
	{Text: "Smoke over Saraqib.", Places: []string{"Saraqib"}, Location: &caption.Location{Name: "Saraqib", Admin1: "Idlib"}},
}

// TestPlaceKeysLater stores records without a key function, then opens the
// store with one: the names stored are keyed then.
func TestPlaceKeysLater(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	s, err := Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	putCaptions(t, s, "a.txt", searchRecords...)
	if got := searchIDs(t, s, caption.Query{PlaceKeys: []string{storetest.PlaceKey("Douma")}}); got != nil {
		t.Errorf("without keys, place key search found %v", got)
	}
	s.Close()
	s, err = Open(t.Context(), path, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if diff := cmp.Diff([]int64{1, 2}, searchIDs(t, s, caption.Query{PlaceKeys: []string{storetest.PlaceKey("Dūmā")}})); diff != "" {
		t.Errorf("place key search (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int64{3}, searchIDs(t, s, caption.Query{Admin1Key: storetest.PlaceKey("Idlib")})); diff != "" {
		t.Errorf("admin1 search (-want +got):\n%s", diff)
	}
	checkIntegrity(t, s)
}

// TestSearchUpgrade opens a database made by migration 0001 alone, with
// records in it: Open indexes them.
func TestSearchUpgrade(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	db := openRaw(t, path)
	init, err := migrationFiles.ReadFile("migrations/0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(t.Context(), db, fstest.MapFS{"migrations/0001_init.sql": {Data: init}}, nil); err != nil {
		t.Fatal(err)
	}
	for i, r := range searchRecords {
		pk, err := pack(r)
		if err != nil {
			t.Fatal(err)
		}
		cols := recordColumns(r, pk, caption.Versions{})
		// The record as 0001 kept it: the whole JSON, then the columns.
		js, err := caption.MarshalRecord(r)
		if err != nil {
			t.Fatal(err)
		}
		args := append([]any{hex.EncodeToString([]byte{byte(i)}), i, string(js)}, cols[3:]...)
		if _, err := db.Exec(`INSERT INTO records (key, key_hash, json, date, date_precision, day_first, day_last, country, lat, lon,
			killed, injured, parser_version, gazetteer_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, args...); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := Open(t.Context(), path, WithPlaceKey(storetest.PlaceKey))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for text, want := range map[string][]int64{"smoke": {3}, "protest OR rescuers": {1, 2}, "ap": {2}} {
		if diff := cmp.Diff(want, searchIDs(t, s, caption.Query{Text: text})); diff != "" {
			t.Errorf("Search(%q) (-want +got):\n%s", text, diff)
		}
	}
	if diff := cmp.Diff([]int64{1}, searchIDs(t, s, caption.Query{GeonameIDs: []int{170654}})); diff != "" {
		t.Errorf("geonameid search (-want +got):\n%s", diff)
	}
	var pending int
	if err := s.writer.QueryRow("SELECT count(*) FROM search_pending").Scan(&pending); err != nil || pending != 0 {
		t.Errorf("%d records still pending (%v)", pending, err)
	}
	checkIntegrity(t, s)
}
