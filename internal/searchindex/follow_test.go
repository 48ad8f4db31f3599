package searchindex_test

import (
	"path/filepath"
	"testing"
	"time"

	"sijil/internal/caption"
	"sijil/internal/postgres"
	"sijil/internal/searchindex"
	"sijil/internal/sqlite"
	"sijil/internal/storetest"
	"sijil/internal/testenv"
)

// TestFollowsOtherWriters writes to a SQLite register through another
// handle, as a concurrent sijil ingest or reparse does from its process,
// and checks that the index reads the new and reindexed records within its
// poll, and that the records a search returns are never older than the
// register's, its cache of them notwithstanding.
func TestFollowsOtherWriters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sijil.db")
	testFollows(t, func() searchindex.Source {
		s, err := sqlite.Open(t.Context(), path, sqlite.WithPlaceKey(storetest.PlaceKey))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestFollowsOtherWritersPostgres does the same on PostgreSQL, where a
// record reindexed by another session is noticed when that session reports
// its statistics, within seconds.
func TestFollowsOtherWritersPostgres(t *testing.T) {
	base := testenv.Postgres(t)
	url := newSchema(t, base)
	testFollows(t, func() searchindex.Source {
		s, err := postgres.Open(t.Context(), url, postgres.WithPlaceKey(storetest.PlaceKey))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func testFollows(t *testing.T, open func() searchindex.Source) {
	other := open()
	defer other.Close()
	put := func(path string, texts ...string) {
		t.Helper()
		doc, items := diffDocument(path, texts)
		for i, text := range texts {
			items[i].Record = caption.Record{Text: text, Description: text, Country: "SY", Agencies: []caption.Agency{"AFP"}}
		}
		if _, err := other.PutDocument(t.Context(), doc, items, caption.Versions{Parser: "p", Gazetteer: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	put("a.txt", "Shelling in Douma.")
	ix, err := searchindex.New(t.Context(), open(), searchindex.Options{Poll: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	search := func(text string) caption.SearchResult {
		t.Helper()
		res, err := ix.Search(t.Context(), caption.Query{Text: text})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	eventually := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not seen after 30s", what)
			}
		}
	}
	res := search("douma")
	if res.Total != 1 {
		t.Fatalf("douma: %d records, want 1", res.Total)
	}
	id := res.Records[0].ID

	put("b.txt", "Funeral in Douma.", "Rescue in Aleppo.")
	eventually("new records", func() bool { return search("douma").Total == 2 && search("aleppo").Total == 1 })

	r := res.Records[0].Record
	r.Text, r.Description = "Shelling in Harasta.", "Shelling in Harasta."
	if err := other.UpdateRecord(t.Context(), id, r, caption.Versions{Parser: "p2", Gazetteer: "g"}); err != nil {
		t.Fatal(err)
	}
	eventually("a reindexed record", func() bool { return search("harasta").Total == 1 && search("douma").Total == 1 })

	// Linking changes no search field, so the index does not see it; the
	// record returned must show it at once all the same.
	if err := other.SetLink(t.Context(), caption.Link{Record: id, Level: caption.LevelCluster, Target: id, Group: id,
		Similarity: 1, Rule: "new", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if got := search("harasta").Records[0]; got.Cluster != id {
		t.Errorf("after SetLink by another handle, Search returned cluster %d, want %d", got.Cluster, id)
	}
}
