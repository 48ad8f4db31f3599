package geocode

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// testPlaces is a small gazetteer in the shape of GeoNames rows.
func testPlaces() []Place {
	return []Place{
		{ID: 170592, Name: "Dūmā", Alternates: []string{"Douma", "Duma", "DUMA", "dūmā", "Дума", "دوما"}, Lat: 33.57175, Lon: 36.4027,
			Class: 'P', Feature: "PPLA2", Country: "SY", Admin1Code: "08", Admin1: "Rif-dimashq", Population: 111864, Source: "geonames"},
		{ID: 169897, Name: "Ḩarastā", Alternates: []string{"Harasta", "حرستا"}, Lat: 33.55869, Lon: 36.36515,
			Class: 'P', Feature: "PPLA3", Country: "SY", Admin1Code: "08", Admin1: "Rif-dimashq", Population: 37348},
		{ID: 170654, Name: "Damascus", Alternates: []string{"Dimashq", "دمشق"}, Lat: 33.5102, Lon: 36.29128,
			Class: 'P', Feature: "PPLC", Country: "SY", Admin1Code: "13", Admin1: "Dimashq", Population: 1569394},
		{ID: 170063, Name: "Aleppo", Alternates: []string{"Halab", "حلب"}, Lat: 36.20124, Lon: 37.16117,
			Class: 'P', Feature: "PPLA", Country: "SY", Admin1Code: "09", Population: 1602264},
		{ID: 167357, Name: "Manbij", Lat: 36.5266, Lon: 37.95503, Class: 'P', Feature: "PPLA2", Country: "SY", Admin1Code: "09", Population: 99497},
		{ID: 250582, Name: "Mafraq", Alternates: []string{"Al Mafraq"}, Lat: 32.34289, Lon: 36.20804,
			Class: 'P', Feature: "PPLA", Country: "JO", Admin1Code: "15", Admin1: "Mafraq", Population: 57118},
		{ID: 4352728, Name: "Damascus", Lat: 39.28844, Lon: -77.20387, Class: 'P', Feature: "PPL", Country: "US", Admin1Code: "MD", Population: 15257},
		{ID: 7, Name: "Bab al-Nairab", Lat: 36.19, Lon: 37.17, Class: 'P', Feature: "PPLX", Country: "SY", Source: "team"},
	}
}

// testMeta names the admin1 codes and countries of testPlaces.
func testMeta() IndexMeta {
	return IndexMeta{
		Name:      "test",
		Admin1:    []Admin1Entry{{"SY", "09", "Aleppo"}, {"SY", "12", "Idlib"}, {"SY", "08", "Rif Dimashq"}},
		Countries: []CountryEntry{{"SY", "Syria"}, {"JO", "Jordan"}, {"US", "United States"}, {"FR", "France"}},
	}
}

// mustIndex writes places and opens the result.
func mustIndex(t testing.TB, places []Place, meta IndexMeta) *Index {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteIndexMeta(&buf, places, meta); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenIndex(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func TestIndexRoundTrip(t *testing.T) {
	ix := mustIndex(t, testPlaces(), testMeta())
	g := New(ix)
	if ix.Len() != len(testPlaces()) || ix.Name() != "test" {
		t.Fatalf("Len, Name = %d, %q", ix.Len(), ix.Name())
	}
	want := testPlaces()[0]
	want.Alternates = []string{"Douma", "دوما"} // Duma, DUMA, dūmā: variants of Dūmā; Дума: Cyrillic
	want.Admin1 = "Rif Dimashq"                 // the meta's name wins
	for _, name := range []string{"Douma", "Dūmā", "DUMA", "دوما"} {
		got := g.Lookup(name)
		if len(got) == 0 {
			t.Fatalf("Lookup(%q) found nothing", name)
		}
		if diff := cmp.Diff(want, got[0]); diff != "" {
			t.Errorf("Lookup(%q)[0] (-want +got):\n%s", name, diff)
		}
	}
	if got := g.Lookup("Дума"); len(got) != 0 {
		t.Errorf("Lookup(Cyrillic) = %v, want nothing: other scripts are not indexed", got)
	}
	if got := g.Lookup("Bab al Nairab"); len(got) != 1 || got[0].Source != "team" || got[0].ID != 7 {
		t.Errorf("Lookup(Bab al Nairab) = %v", got)
	}
}

// TestLookupOrder checks that a same-spelling match beats population and
// that the rest goes by population.
func TestLookupOrder(t *testing.T) {
	g := New(mustIndex(t, testPlaces(), testMeta()))
	var got []string
	for _, p := range g.Lookup("Damascus") {
		got = append(got, string(p.Country))
	}
	if diff := cmp.Diff([]string{"SY", "US"}, got); diff != "" {
		t.Errorf("Lookup(Damascus) countries (-want +got):\n%s", diff)
	}
}

func TestWriteIndexDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	ps := testPlaces()
	if err := WriteIndexMeta(&a, ps, testMeta()); err != nil {
		t.Fatal(err)
	}
	// Input order must not matter.
	ps[0], ps[len(ps)-1] = ps[len(ps)-1], ps[0]
	if err := WriteIndexMeta(&b, ps, testMeta()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("same places in another order gave different bytes")
	}
}

func TestWriteIndexErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func([]Place) []Place
		want   error
	}{
		{"duplicate", func(ps []Place) []Place { return append(ps, ps[0]) }, caption.ErrDuplicate},
		{"duplicate with empty source", func(ps []Place) []Place { p := ps[1]; p.Source = "geonames"; return append(ps, p) }, caption.ErrDuplicate},
		{"no name", func(ps []Place) []Place { ps[0].Name = " "; return ps }, caption.ErrInvalid},
		{"latitude", func(ps []Place) []Place { ps[0].Lat = 91; return ps }, caption.ErrInvalid},
		{"NaN", func(ps []Place) []Place { ps[0].Lon = math.NaN(); return ps }, caption.ErrInvalid},
		{"country", func(ps []Place) []Place { ps[0].Country = "Syria"; return ps }, caption.ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := WriteIndex(&buf, tc.mutate(testPlaces()))
			if !errors.Is(err, tc.want) {
				t.Errorf("WriteIndex: %v, want %v", err, tc.want)
			}
		})
	}
}

func TestOpenIndexCorrupt(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteIndex(&buf, testPlaces()); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	tests := []struct {
		name string
		data func() []byte
	}{
		{"empty", func() []byte { return nil }},
		{"magic", func() []byte { d := bytes.Clone(good); d[0] = 'x'; return d }},
		{"version", func() []byte { d := bytes.Clone(good); d[8] = 9; return d }},
		{"truncated", func() []byte { return good[:len(good)-1] }},
		{"section past end", func() []byte {
			d := bytes.Clone(good)
			le.PutUint32(d[headerFixed+8*secPostings:], uint32(len(d)))
			return d
		}},
		{"posting out of range", func() []byte {
			d := bytes.Clone(good)
			off := le.Uint32(d[headerFixed+8*secPostings:])
			le.PutUint32(d[off:], 1<<30)
			return d
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := OpenIndex(tc.data()); !errors.Is(err, caption.ErrInvalid) {
				t.Errorf("OpenIndex: %v, want ErrInvalid", err)
			}
		})
	}
}

// FuzzOpenIndex feeds mutated index files to OpenIndex and, when one opens,
// to every query: a corrupt file may fail to open but must never panic.
func FuzzOpenIndex(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteIndexMeta(&buf, testPlaces()[:3], testMeta()); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes(), "Douma")
	f.Add(buf.Bytes()[:headerSize], "")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		queryIndex(t, data, name)
	})
}

// FuzzIndexByte changes one byte of a valid index, which reaches the
// tables behind the header far more often than free mutation does.
func FuzzIndexByte(f *testing.F) {
	var buf bytes.Buffer
	if err := WriteIndexMeta(&buf, testPlaces(), testMeta()); err != nil {
		f.Fatal(err)
	}
	good := buf.Bytes()
	f.Add(uint16(headerSize+3), byte(0xff), "Douma")
	f.Fuzz(func(t *testing.T, pos uint16, val byte, name string) {
		data := bytes.Clone(good)
		data[int(pos)%len(data)] ^= val
		queryIndex(t, data, name)
	})
}

// queryIndex opens data and, if that works, runs every query on it,
// failing on coordinates out of range.
func queryIndex(t *testing.T, data []byte, name string) {
	ix, err := OpenIndex(data)
	if err != nil {
		return
	}
	g := New(ix, ix)
	a1, _ := g.Admin1Place("SY", "08")
	for _, p := range append(g.Lookup(name), append(g.Fuzzy(name, "SY", 2), a1)...) {
		if p.Lat < -90 || p.Lat > 90 || p.Lon < -180 || p.Lon > 180 {
			t.Fatalf("place %q at %v,%v", p.Name, p.Lat, p.Lon)
		}
	}
	if _, lat, lon, ok := g.Country("SY"); ok && (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
		t.Fatalf("country at %v,%v", lat, lon)
	}
	g.Admin1Name("SY", "08")
	g.Layers()
}

// WriteIndex writes places as an index file for OpenIndex, with the admin1
// names the places carry. See WriteIndexMeta.
func WriteIndex(w io.Writer, places []Place) error {
	return WriteIndexMeta(w, places, IndexMeta{})
}
