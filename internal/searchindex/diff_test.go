package searchindex_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
	"sijil/internal/storetest"
)

// Random records and queries over a small vocabulary, so that words repeat,
// phrases sometimes hold, postings grow into bitmaps and every filter meets
// both matches and misses.
var (
	diffWords     = strings.Fields("shelling airstrike rubble car bomb children funeral market al bab douma aleppo's aleppo taiz mocha houthi the of in a near")
	diffCountries = []caption.CountryCode{"SY", "YE", "IQ", "UA", ""}
	diffPlaces    = []string{"Douma", "Duma", "Aleppo", "Taiz", "Al-Bab", "Mocha", "Ḩarastā"}
	diffAgencies  = []caption.Agency{"AFP", "Reuters", "AP", "Getty Images"}
	diffActors    = []string{"Houthi", "Syrian Civil Defence", "Russian Air Force"}
	diffBases     = []caption.LocationBasis{caption.BasisOnly, caption.BasisContainer, caption.BasisFocus, caption.BasisPopulation, caption.BasisSpelling, caption.BasisCountryOnly}
)

func diffRecord(r *rand.Rand, i int) caption.Record {
	words := make([]string, 3+r.IntN(12))
	for j := range words {
		words[j] = diffWords[r.IntN(len(diffWords))]
	}
	rec := caption.Record{Text: fmt.Sprintf("%s (%d)", strings.Join(words, " "), i), Country: diffCountries[r.IntN(len(diffCountries))]}
	rec.Description = rec.Text
	switch r.IntN(4) {
	case 0:
	case 1:
		rec.Date = caption.PartialDate{Year: 2010 + r.IntN(12), Precision: caption.PrecisionYear}
	case 2:
		rec.Date = caption.PartialDate{Year: 2010 + r.IntN(12), Month: 1 + r.IntN(12), Precision: caption.PrecisionMonth}
	default:
		rec.Date = caption.PartialDate{Year: 2010 + r.IntN(12), Month: 1 + r.IntN(12), Day: 1 + r.IntN(28), Precision: caption.PrecisionDay}
	}
	for range r.IntN(3) {
		rec.Places = append(rec.Places, diffPlaces[r.IntN(len(diffPlaces))])
	}
	if len(rec.Places) > 0 && r.IntN(3) > 0 {
		rec.Location = &caption.Location{Name: rec.Places[0], Preferred: rec.Places[0], GeonameID: 1000 + r.IntN(5),
			Lat: 30 + 6*r.Float64(), Lon: 35 + 8*r.Float64(), Admin1: []string{"Idlib", "Rif Dimashq", "Taiz"}[r.IntN(3)],
			CountryCode: rec.Country, Feature: "PPL", Precision: 1}
		// One in four was located before bases were recorded.
		if b := r.IntN(len(diffBases) + 2); b < len(diffBases) {
			rec.Location.Basis = diffBases[b]
		}
	}
	if r.IntN(2) == 0 {
		k := r.IntN(30)
		rec.Killed = &k
	}
	if r.IntN(3) == 0 {
		n := r.IntN(30)
		rec.Injured = &n
	}
	rec.Agencies = []caption.Agency{diffAgencies[r.IntN(len(diffAgencies))]}
	if r.IntN(2) == 0 {
		rec.Actors = []string{diffActors[r.IntN(len(diffActors))]}
	}
	rec.Photographers = []string{fmt.Sprintf("Photographer %d", r.IntN(40))}
	for _, e := range caption.EventTypes() {
		if r.IntN(5) == 0 {
			rec.EventTypes = append(rec.EventTypes, e)
		}
	}
	return rec
}

func diffQuery(r *rand.Rand) caption.Query {
	var q caption.Query
	pick := func(n int) bool { return r.IntN(n) == 0 }
	if pick(2) {
		var parts []string
		for range 1 + r.IntN(3) {
			w := diffWords[r.IntN(len(diffWords))]
			switch r.IntN(5) {
			case 0:
				w = `"` + w + " " + diffWords[r.IntN(len(diffWords))] + `"`
			case 1:
				w = "-" + w
			case 2:
				w += " OR " + diffWords[r.IntN(len(diffWords))]
			}
			parts = append(parts, w)
		}
		q.Text = strings.Join(parts, " ")
	}
	if pick(4) {
		q.Country = diffCountries[r.IntN(len(diffCountries)-1)]
	}
	if pick(4) {
		q.From = fmt.Sprint(2010 + r.IntN(12))
		if pick(2) {
			q.To = fmt.Sprintf("%d-%02d", 2014+r.IntN(8), 1+r.IntN(12))
		}
	}
	if pick(5) {
		q.PlaceKeys = []string{storetest.PlaceKey(diffPlaces[r.IntN(len(diffPlaces))])}
		if pick(2) {
			q.GeonameIDs = []int{1000 + r.IntN(5)}
		}
	}
	if pick(6) {
		q.Admin1Key = storetest.PlaceKey([]string{"Idlib", "Rif Dimashq", "Taiz"}[r.IntN(3)])
	}
	if pick(6) {
		q.Basis = diffBases[r.IntN(len(diffBases))]
	}
	if pick(5) {
		q.Agency = string(diffAgencies[r.IntN(len(diffAgencies))])
	}
	if pick(6) {
		q.EventType = caption.EventTypes()[r.IntN(len(caption.EventTypes()))]
	}
	if pick(8) {
		q.Actor = diffActors[r.IntN(len(diffActors))]
	}
	if pick(8) {
		q.Photographer = fmt.Sprintf("photographer %d", r.IntN(40))
	}
	if pick(6) {
		k := r.IntN(30)
		q.KilledMin = &k
	}
	if pick(6) {
		q.Near = &caption.Circle{Lat: 30 + 6*r.Float64(), Lon: 35 + 8*r.Float64(), Km: 50 + 300*r.Float64()}
	}
	q.Limit = []int{0, 1, 7, 100}[r.IntN(4)]
	return q
}

// TestMatchesStore compares the index with the SQLite store it indexes on
// random records and queries: every page of every search, with its total
// and facets, the map's points and the timeline must be the store's own.
func TestMatchesStore(t *testing.T) {
	src := newSQLite(t)
	r := rand.New(rand.NewPCG(1, 2))
	for d := range 6 {
		var raws []string
		recs := map[string]caption.Record{}
		for i := range 400 {
			rec := diffRecord(r, d*1000+i)
			raws = append(raws, rec.Text)
			recs[rec.Text] = rec
		}
		doc, items := diffDocument(fmt.Sprintf("diff/%d.txt", d), raws)
		for i := range items {
			items[i].Record = recs[raws[i]]
		}
		if _, err := src.PutDocument(t.Context(), doc, items, caption.Versions{Parser: "p", Gazetteer: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	ix := wrap(t, src)
	// Reindexed records get new ordinals: update some through the index.
	for id := int64(1); id <= 2400; id += 7 {
		rec := diffRecord(r, int(id))
		rec.Text, rec.Description = "", ""
		if err := ix.UpdateRecord(t.Context(), id, rec, caption.Versions{Parser: "p2", Gazetteer: "g"}); err != nil {
			t.Fatal(err)
		}
	}
	opts := cmpopts.EquateEmpty()
	queries := 250
	if testing.Short() {
		queries = 50
	}
	for i := range queries {
		q := diffQuery(r)
		for page := 0; page < 10; page++ {
			want, werr := src.Search(t.Context(), q)
			got, gerr := ix.Search(t.Context(), q)
			if (werr != nil) != (gerr != nil) {
				t.Fatalf("query %d %+v: store %v, index %v", i, q, werr, gerr)
			}
			if diff := cmp.Diff(want, got, opts); diff != "" {
				t.Fatalf("query %d %+v page %d (-store +index):\n%s", i, q, page, diff)
			}
			if want.Next == "" {
				break
			}
			q.Cursor = want.Next
		}
		q.Cursor = ""
		limit := 1 + r.IntN(300)
		wantPts, _ := src.Points(t.Context(), q, limit)
		gotPts, _ := ix.Points(t.Context(), q, limit)
		if diff := cmp.Diff(wantPts, gotPts, opts); diff != "" {
			t.Fatalf("query %d %+v: Points(%d) (-store +index):\n%s", i, q, limit, diff)
		}
		wantDays, _ := src.Timeline(t.Context(), q)
		gotDays, _ := ix.Timeline(t.Context(), q)
		if diff := cmp.Diff(wantDays, gotDays, opts); diff != "" {
			t.Fatalf("query %d %+v: Timeline (-store +index):\n%s", i, q, diff)
		}
	}
}

// diffDocument makes a document of raws and its items, keyed by text.
func diffDocument(path string, raws []string) (caption.Document, []caption.Item) {
	content := strings.Join(raws, "\n\n")
	sum := sha256.Sum256([]byte(content))
	doc := caption.Document{Path: path, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(content)), Format: "text"}
	items := make([]caption.Item, len(raws))
	start := 0
	for i, raw := range raws {
		k := sha256.Sum256([]byte(raw))
		items[i] = caption.Item{Occurrence: caption.Occurrence{Index: i, Start: start, End: start + len(raw), Text: raw},
			Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(k[:])}}
		start += len(raw) + 2
	}
	return doc, items
}
