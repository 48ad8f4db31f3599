package export

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// geoFeature is what the tests read of a feature.
type geoFeature struct {
	Type     string `json:"type"`
	ID       int64  `json:"id"`
	Geometry struct {
		Type        string    `json:"type"`
		Coordinates []float64 `json:"coordinates"`
	} `json:"geometry"`
	Properties map[string]any `json:"properties"`
}

func readGeoJSON(t testing.TB, es ...Entry) (Counts, []geoFeature) {
	t.Helper()
	var buf bytes.Buffer
	c, err := WriteGeoJSON(&buf, seq(es))
	if err != nil {
		t.Fatal(err)
	}
	var fc struct {
		Type     string       `json:"type"`
		Features []geoFeature `json:"features"`
	}
	if err := json.Unmarshal(buf.Bytes(), &fc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	if fc.Type != "FeatureCollection" || fc.Features == nil {
		t.Fatalf("type %q, features %v: want a FeatureCollection with a features array", fc.Type, fc.Features)
	}
	return c, fc.Features
}

func TestGeoJSON(t *testing.T) {
	c, fs := readGeoJSON(t, fixture()...)
	if c.Wrote != len(fs) {
		t.Errorf("counted %d features, wrote %d", c.Wrote, len(fs))
	}
	var ids []int64
	for _, f := range fs {
		ids = append(ids, f.ID)
		if f.Type != "Feature" || f.Geometry.Type != "Point" || len(f.Geometry.Coordinates) != 2 {
			t.Errorf("feature %d: %s %s %v", f.ID, f.Type, f.Geometry.Type, f.Geometry.Coordinates)
		}
		if _, ok := f.Properties["latitude"]; ok {
			t.Errorf("feature %d: latitude among the properties; the geometry holds it", f.ID)
		}
		if f.Properties["id"] != float64(f.ID) {
			t.Errorf("feature %d: property id %v", f.ID, f.Properties["id"])
		}
	}
	if diff := cmp.Diff([]int64{1, 2, 3, 4, 5, 8}, ids); diff != "" {
		t.Errorf("feature IDs (-want +got):\n%s", diff)
	}
	// [longitude, latitude], RFC 7946's order.
	if got := fs[0].Geometry.Coordinates; got[0] != 36.365 || got[1] != 33.55869 {
		t.Errorf("coordinates %v, want [36.365 33.55869]", got)
	}
	if got := fs[2].Properties["people"]; !cmp.Equal(got, []any{"Hala (9)"}) {
		t.Errorf("people %v", got)
	}
	// lang is a property, null where the parser could not tell (issue 18):
	// a map layer is filtered by language as by any other field.
	if got, ok := fs[0].Properties["lang"]; !ok || got != "en" {
		t.Errorf("feature 1: lang %v (present %v), want \"en\"", got, ok)
	}
	if got, ok := fs[3].Properties["lang"]; !ok || got != nil {
		t.Errorf("feature 4: lang %v (present %v), want null", got, ok)
	}
}

func TestGeoJSONEmpty(t *testing.T) {
	e := fixture()[6] // no location
	c, fs := readGeoJSON(t, e)
	if len(fs) != 0 || c.Skipped != 1 || c.Why["no location"] != 1 {
		t.Errorf("%d features, counts %+v", len(fs), c)
	}
}

// FuzzWriteGeoJSON checks that any text and coordinates give valid JSON: a
// feature, with its coordinates rounded and in range, exactly when they
// are valid WGS84 degrees, and the text as given.
func FuzzWriteGeoJSON(f *testing.F) {
	for _, e := range fixture() {
		if l := e.Record.Location; l != nil {
			f.Add(e.Record.Text, l.Lat, l.Lon)
		}
	}
	f.Add("\xff</script>\u2028", 90.0, -180.0)
	f.Add("", math.NaN(), 1e300)
	f.Fuzz(func(t *testing.T, text string, lat, lon float64) {
		e := fixture()[0]
		loc := *e.Record.Location
		loc.Lat, loc.Lon = lat, lon
		e.Record.Text, e.Record.Location = text, &loc
		_, fs := readGeoJSON(t, e)
		if want := validCoords(&loc); (len(fs) == 1) != want {
			t.Fatalf("%d features for coordinates %v, %v", len(fs), lat, lon)
		}
		if len(fs) == 0 {
			return
		}
		c := fs[0].Geometry.Coordinates
		if math.Abs(c[0]-lon) > 5e-7+1e-9 || math.Abs(c[1]-lat) > 5e-7+1e-9 || math.Abs(c[1]) > 90 || math.Abs(c[0]) > 180 {
			t.Errorf("coordinates %v for %v, %v", c, lon, lat)
		}
		if utf8.ValidString(text) && fs[0].Properties["text"] != text {
			t.Errorf("text read back as %q, want %q", fs[0].Properties["text"], text)
		}
	})
}
