package storetest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testSearchUpdate checks that the index follows UpdateRecord.
func testSearchUpdate(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	r := mustRecord(t, s, ss.ids["duma"]).Record
	r.Text = "Mourners in Harasta carry a coffin on 15 April 2012. (Reuters)"
	r.Places, r.Agencies = []string{"Harasta"}, []caption.Agency{"Reuters"}
	if err := s.UpdateRecord(t.Context(), ss.ids["duma"], r, v1); err != nil {
		t.Fatal(err)
	}
	// A reparse gives saraqib's location another basis, and aleppo (located
	// before bases were recorded) its first.
	for name, b := range map[string]caption.LocationBasis{"saraqib": caption.BasisFocus, "aleppo": caption.BasisDocument} {
		r := mustRecord(t, s, ss.ids[name]).Record
		r.Location.Basis = b
		if err := s.UpdateRecord(t.Context(), ss.ids[name], r, v1); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		q    caption.Query
		want []string
	}{
		{caption.Query{Agency: "AP"}, nil},
		{caption.Query{Agency: "reuters"}, []string{"saraqib", "duma"}},
		{caption.Query{Text: "protesters"}, nil},
		{caption.Query{Text: "mourners"}, []string{"duma"}},
		{caption.Query{PlaceKeys: []string{PlaceKey("Douma")}}, []string{"douma"}},
		{caption.Query{PlaceKeys: []string{PlaceKey("Harasta")}}, []string{"harasta", "duma"}},
		{caption.Query{Basis: caption.BasisPopulation}, nil},
		{caption.Query{Basis: caption.BasisFocus}, []string{"saraqib"}},
		{caption.Query{Basis: caption.BasisDocument}, []string{"aleppo"}},
	}
	for _, tc := range tests {
		res := ss.search(t, tc.q)
		if diff := cmp.Diff(tc.want, ss.namesOf(res.Records), diffOpts...); diff != "" {
			t.Errorf("after UpdateRecord, Search(%+v) (-want +got):\n%s", tc.q, diff)
		}
	}
}

// driverWords are in the messages of SQLite, FTS5 and PostgreSQL errors; a
// refused query's message must hold none of them.
var driverWords = []string{"fts5", "syntax error", "SQLSTATE", "no such", "unrecognized token", "malformed", "ERROR:", "near \""}

func isInvalid(err error) bool { return err != nil && errors.Is(err, caption.ErrInvalid) }

// checkRefused fails unless err is nil or a plain caption.ErrInvalid.
func checkRefused(t *testing.T, what string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	if !isInvalid(err) {
		t.Errorf("%s: %v, want nil or ErrInvalid", what, err)
		return
	}
	for _, w := range driverWords {
		if strings.Contains(err.Error(), w) {
			t.Errorf("%s: message %q holds a driver's %q", what, err, w)
		}
	}
}

func testSearchInvalid(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	bad := []caption.Query{
		{Text: "strike OR"}, {Text: "OR strike"}, {Text: "a OR OR b"}, {Text: "-afp OR ap"}, {Text: "ap OR -afp"},
		{Text: strings.Repeat("word ", 300)}, {Text: strings.Repeat("w ", 40)},
		{From: "2016-13"}, {To: "16"}, {From: "2017", To: "2016"}, {From: "2016-02-30"},
		{Country: "SYR"}, {Country: "1"},
		{GeonameIDs: []int{-1}},
		{KilledMin: intp(-1)},
		{Near: &caption.Circle{Lat: 91, Lon: 0, Km: 1}}, {Near: &caption.Circle{Lat: 0, Lon: 181, Km: 1}}, {Near: &caption.Circle{Km: 0}},
		{Limit: -1},
		{Cursor: "garbage"}, {Cursor: "'; DROP TABLE records; --"},
		{Agency: "AFP\x00"}, {Text: "\xff"},
		{Basis: "guess"}, {Basis: "only"}, {Basis: "population\x00"},
	}
	for _, q := range bad {
		_, err := ss.Search(t.Context(), q)
		if !isInvalid(err) {
			t.Errorf("Search(%+v) = %v, want ErrInvalid", q, err)
		}
		checkRefused(t, "Search", err)
		if _, err := ss.Timeline(t.Context(), q); q.Limit == 0 && q.Cursor == "" && !isInvalid(err) {
			t.Errorf("Timeline(%+v) = %v, want ErrInvalid", q, err)
		}
		if _, err := ss.Points(t.Context(), q, 10); q.Limit == 0 && q.Cursor == "" && !isInvalid(err) {
			t.Errorf("Points(%+v) = %v, want ErrInvalid", q, err)
		}
	}
}

// injections are strings that mean something to SQL, FTS5 or tsquery.
var injections = []string{
	`'`, `"`, `''`, `'; DROP TABLE records; --`, `" OR 1=1 --`, `') OR ('1'='1`, `NEAR(`, `NEAR(a b, 2)`, `*`, `a*`, `^start`,
	`al-Bab`, `description:douma`, `records_fts`, `(`, `)`, `((a)`, `%`, `_`, `\`, `$1`, `?`, `:name`, `&`, `|`, `!`, `<->`,
	`a & b | !c`, `'a':1`, `--`, `/* */`, `;`, `AND`, `NOT`, `OR`, `- -`, `"unclosed`, "tab\tand\nnewline", `ü`, `🕊`, `دوما`,
}

func testSearchInjection(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	before := mustStats(t, s)
	for _, in := range injections {
		queries := map[string]caption.Query{
			"text": {Text: in}, "text twice": {Text: in + " " + in}, "excluded": {Text: "-" + in}, "place key": {PlaceKeys: []string{in}},
			"admin1": {Admin1Key: in}, "agency": {Agency: in}, "photographer": {Photographer: in},
			"event": {EventType: caption.EventType(in)}, "actor": {Actor: in}, "country": {Country: caption.CountryCode(in)},
			"from": {From: in}, "to": {To: in}, "cursor": {Cursor: in}, "basis": {Basis: caption.LocationBasis(in)},
		}
		for field, q := range queries {
			what := field + " " + in
			_, err := ss.Search(t.Context(), q)
			checkRefused(t, "Search "+what, err)
			_, err = ss.Timeline(t.Context(), q)
			checkRefused(t, "Timeline "+what, err)
			_, err = ss.Points(t.Context(), q, 10)
			checkRefused(t, "Points "+what, err)
		}
	}
	if diff := cmp.Diff(before, mustStats(t, s)); diff != "" {
		t.Errorf("Stats after the injections (-want +got):\n%s", diff)
	}
	if res := ss.search(t, caption.Query{}); res.Total != len(all) {
		t.Errorf("after the injections, %d records match, want %d", res.Total, len(all))
	}
}

// testSearchCancelled checks that a cancelled context stops the search
// methods.
func testSearchCancelled(t *testing.T, s caption.Store) {
	ss := newSearchStore(t, s)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := ss.Search(ctx, caption.Query{Text: "douma"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Search: %v, want context.Canceled", err)
	}
	_, err = ss.Timeline(ctx, caption.Query{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Timeline: %v, want context.Canceled", err)
	}
	_, err = ss.Points(ctx, caption.Query{}, 10)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Points: %v, want context.Canceled", err)
	}
}
