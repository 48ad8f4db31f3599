package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestCorrectionLimits sends corrections with unknown fields, nesting,
// sizes and country codes beyond what a correction needs: each is refused
// with 400 (413 for an oversize body) and a message naming the part at
// fault, and nothing is stored.
func TestCorrectionLimits(t *testing.T) {
	s := newTestStore(t)
	ids := fill(t, s)
	ts := serve(t, s, testOptions(t))
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	list := func(n, size int) string {
		items := make([]string, n)
		for i := range items {
			items[i] = fmt.Sprintf("%q", fmt.Sprintf("%0*d", size, i))
		}
		return "[" + strings.Join(items, ",") + "]"
	}
	body := func(field, value string) string {
		return fmt.Sprintf(`{"field": %q, "value": %s, "author": "rk"}`, field, value)
	}
	for _, tc := range []struct {
		name, body string
		status     int
		want       string // in the error message
	}{
		{"unknown key", `{"field": "killed", "value": 3, "author": "a", "x": 1}`, 400, `x: unknown field`},
		{"unknown location key", body("location", `{"name": "Harasta", "lat": 33.5, "lon": 36.3, "extra": 1}`), 400, "value.extra: unknown field"},
		{"location basis", body("location", `{"name": "Harasta", "lat": 33.5, "lon": 36.3, "basis": "focus"}`), 400, "value.basis: unknown field"},
		{"nested list", body("places", `[["Harasta"]]`), 400, "value: nested deeper"},
		{"nested location", body("location", `{"name": {"en": "Harasta"}, "lat": 33.5, "lon": 36.3}`), 400, "value: nested deeper"},
		{"deep nesting", body("places", strings.Repeat("[", 5000)+strings.Repeat("]", 5000)), 400, "value: nested deeper"},
		{"object count", body("killed", `{"n": 5}`), 400, "value: a count"},
		{"field not a string", `{"field": 3, "value": 3, "author": "a"}`, 400, "field: want a string"},
		{"note not a string", `{"field": "killed", "value": 3, "author": "a", "note": {"a": 1}}`, 400, "note: want a string"},
		{"no field", `{"value": 3, "author": "a"}`, 400, "field: missing"},
		{"note too long", `{"field": "killed", "value": 3, "author": "a", "note": "` + strings.Repeat("x", maxNote+1) + `"}`, 400, "note: at most 2000 bytes"},
		{"author too long", `{"field": "killed", "value": 3, "author": "` + strings.Repeat("x", maxAuthor+1) + `"}`, 400, "author: at most 200 bytes"},
		{"blank author", `{"field": "killed", "value": 3, "author": "  "}`, 400, "author: say who"},
		{"escape in author", `{"field": "killed", "value": 3, "author": "rk\u001b[31m"}`, 400, "author: control character U+001B"},
		{"bell in note", `{"field": "killed", "value": 3, "author": "rk", "note": "a\u0007"}`, 400, "note: control character U+0007"},
		{"C1 in item", body("places", `["Harasta\u009b"]`), 400, "value: control character U+009B"},
		{"item too long", body("places", list(1, maxItem+1)), 400, "value: each item"},
		{"too many items", body("actors", list(maxItems+1, 3)), 400, "value: at most 50 items"},
		{"twice", body("places", `["Harasta", "Harasta "]`), 400, `value: "Harasta" is listed twice`},
		{"empty item", body("places", `["Harasta", " "]`), 400, "value: each item"},
		{"count too large", body("killed", "10000001"), 400, "value: a count"},
		{"count not whole", body("killed", "5.5"), 400, "value: a count"},
		{"empty date", body("date", `""`), 400, "value: a date"},
		{"country ZZ", body("country", `"ZZ"`), 400, `value: "ZZ" is not the ISO 3166-1 alpha-2 code`},
		{"country UK", body("country", `"UK"`), 400, `value: "UK" is not`},
		{"country alpha-3", body("country", `"SYR"`), 400, `value: "SYR" is not`},
		{"country number", body("country", `963`), 400, "value: a country is"},
		{"location country", body("location", `{"name": "Harasta", "lat": 33.5, "lon": 36.3, "country_code": "XX"}`), 400, "value.country_code:"},
		{"location precision", body("location", `{"name": "Harasta", "lat": 33.5, "lon": 36.3, "precision": 7}`), 400, "value.precision:"},
		{"location lon", body("location", `{"name": "Harasta", "lat": 33.5, "lon": 360}`), 400, "value.lon:"},
		{"location feature", body("location", `{"name": "Harasta", "lat": 33.5, "lon": 36.3, "feature": "<b>"}`), 400, "value.feature:"},
		{"location no name", body("location", `{"lat": 33.5, "lon": 36.3}`), 400, "value: a location is"},
		{"trailing data", body("killed", "3") + ` {"field": "killed"}`, 400, "nothing after it"},
		{"body too large", `{"field": "killed", "value": 3, "author": "a", "note": "` + strings.Repeat(" ", 65<<10) + `"}`, 413, "too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _, got := do(t, ts, http.MethodPost, path, testToken, strings.NewReader(tc.body))
			var e errorBody
			json.Unmarshal(got, &e)
			if status != tc.status || !strings.Contains(e.Error, tc.want) {
				t.Errorf("status %d, error %q: want %d and %q", status, e.Error, tc.status, tc.want)
			}
		})
	}
	if cs, err := s.Corrections(t.Context(), ids["harasta"]); err != nil || len(cs) != 0 {
		t.Errorf("corrections stored: %+v, %v: want none", cs, err)
	}
}

// TestCorrectionStoredCanonical makes corrections at the limits, in loose
// spellings: each is stored as the canonical JSON of what was checked.
func TestCorrectionStoredCanonical(t *testing.T) {
	s := newTestStore(t)
	ids := fill(t, s)
	ts := serve(t, s, testOptions(t))
	path := fmt.Sprintf("/api/v1/corrections/%d", ids["harasta"])
	long := strings.Repeat("ح", maxItem/2) // 200 bytes of Arabic
	for _, tc := range []struct {
		name, field, value, want string
	}{
		{"country in lower case", "country", `"sy"`, `"SY"`},
		{"Kosovo", "country", `"xk"`, `"XK"`},
		{"clear", "country", `null`, `null`},
		{"count", "killed", `10000000`, `10000000`},
		{"trimmed names", "places", `[" Harasta ", "Damascus"]`, `["Harasta","Damascus"]`},
		{"longest item", "actors", `["` + long + `"]`, `["` + long + `"]`},
		{"markup kept as text", "attribution", `["<b>SOHR</b> & co"]`, `["<b>SOHR</b> & co"]`},
		{"location, loosely", "location", `{ "lon": 36.365, "country_code": "sy", "lat": 33.55869, "name": " Harasta ", "precision": 1, "geonameid": 170654 }`,
			`{"name":"Harasta","geonameid":170654,"lat":33.55869,"lon":36.365,"country_code":"SY","precision":1}`},
		{"event types", "event_types", `["shelling", "rescue"]`, `["shelling","rescue"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			note := "checked against the civil defence's list\nsecond line\twith a tab"
			b, _ := json.Marshal(map[string]any{"field": tc.field, "value": json.RawMessage(tc.value), "author": " rk ", "note": note})
			status, _, got := do(t, ts, http.MethodPost, path, testToken, strings.NewReader(string(b)))
			if status != http.StatusCreated {
				t.Fatalf("status %d: %s", status, got)
			}
			var c correctionJSON
			if err := json.Unmarshal(got, &c); err != nil {
				t.Fatal(err)
			}
			stored, err := s.Corrections(t.Context(), ids["harasta"])
			if err != nil || len(stored) == 0 {
				t.Fatalf("corrections %v, %v", stored, err)
			}
			last := stored[len(stored)-1]
			if last.Value != tc.want || last.Author != "rk" || last.Note != note {
				t.Errorf("stored value %s, author %q, note %q: want %s, \"rk\" and the note", last.Value, last.Author, last.Note, tc.want)
			}
		})
	}
}
