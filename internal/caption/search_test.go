package caption

import (
	"errors"
	"math"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestSearchWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Rescuers in Douma", []string{"rescuers", "in", "douma"}},
		{"Ma‘arrat an-Nu‘mān", []string{"maarrat", "an", "numan"}},
		{"Ḩarastā, Dayr az Zawr", []string{"harasta", "dayr", "az", "zawr"}},
		{"Daraʾa and Raʿqa", []string{"daraa", "and", "raqa"}},
		{"Aleppo's Aleppo’s", []string{"aleppos", "aleppos"}},
		{"'Douma' ‘Harasta’", []string{"douma", "harasta"}},
		{"Dūmā Du\u0304ma\u0304 DŪMĀ", []string{"duma", "duma", "duma"}},
		{"دوما الرقة أريحا ٢٠١٦", []string{"دوما", "الرقه", "اريحا", "2016"}},
		{"al-Bab; NEAR(x) a*b \"q\" 2016-11-06", []string{"al", "bab", "near", "x", "a", "b", "q", "2016", "11", "06"}},
		{"Zero\u200bwidth ÆSIR straße Øresund", []string{"zerowidth", "æsir", "straße", "oresund"}},
		{"  ,;  ", nil},
		{strings.Repeat("x", 201) + " y", []string{"y"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, SearchWords(tc.in)); diff != "" {
			t.Errorf("SearchWords(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestParseText(t *testing.T) {
	p := func(w ...string) Phrase { return Phrase(w) }
	tests := []struct {
		in   string
		want TextQuery
	}{
		{"", TextQuery{}},
		{"*", TextQuery{}},
		{"douma 2016", TextQuery{All: [][]Phrase{{p("douma")}, {p("2016")}}}},
		{`"air strike" al-Bab`, TextQuery{All: [][]Phrase{{p("air", "strike")}, {p("al", "bab")}}}},
		{`a OR "b c" OR d e`, TextQuery{All: [][]Phrase{{p("a"), p("b", "c"), p("d")}, {p("e")}}}},
		{`a -b -"c d"`, TextQuery{All: [][]Phrase{{p("a")}}, None: []Phrase{p("b"), p("c", "d")}}},
		{`-b`, TextQuery{None: []Phrase{p("b")}}},
		{`"unclosed quote`, TextQuery{All: [][]Phrase{{p("unclosed", "quote")}}}},
		{`a or b`, TextQuery{All: [][]Phrase{{p("a")}, {p("or")}, {p("b")}}}},
		{`x"y z"`, TextQuery{All: [][]Phrase{{p("x")}, {p("y", "z")}}}},
		{`'; DROP TABLE t; --`, TextQuery{All: [][]Phrase{{p("drop")}, {p("table")}, {p("t")}}}},
	}
	for _, tc := range tests {
		got, err := ParseText(tc.in)
		if err != nil {
			t.Errorf("ParseText(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseText(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
	for _, in := range []string{"OR", "a OR", "OR a", "a OR OR b", "-a OR b", "a OR -b", "a OR *", "a OR * OR b",
		strings.Repeat("w ", 33), strings.Repeat("a", 1001), "\xff"} {
		if _, err := ParseText(in); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseText(%.20q) = %v, want ErrInvalid", in, err)
		}
	}
}

func FuzzParseText(f *testing.F) {
	for _, s := range []string{"douma", `"air strike" OR al-Bab -afp`, `NEAR(a b) * ^x`, `"`, `- - OR`, "دوما ٢٠١٦"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseText(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("ParseText(%q): %v, not ErrInvalid", s, err)
			}
			return
		}
		n := len(q.None)
		phrases := append([]Phrase(nil), q.None...)
		for _, c := range q.All {
			if len(c) == 0 {
				t.Fatalf("ParseText(%q): empty clause", s)
			}
			n += len(c)
			phrases = append(phrases, c...)
		}
		if n > maxPhrases {
			t.Fatalf("ParseText(%q): %d phrases", s, n)
		}
		for _, p := range phrases {
			for _, w := range p {
				if w == "" || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
					t.Fatalf("ParseText(%q): word %q", s, w)
				}
			}
		}
	})
}

func TestPlan(t *testing.T) {
	p, err := Query{From: "2016-11", To: "2016", Country: "sy", Agency: " Getty-Images ", Basis: "Only Candidate", Limit: 5000}.Plan()
	if err != nil {
		t.Fatal(err)
	}
	first, _ := PartialDate{Year: 2016, Month: 11, Precision: PrecisionMonth}.Days()
	_, last := PartialDate{Year: 2016, Precision: PrecisionYear}.Days()
	want := Plan{Days: &DayRange{first, last}, Country: "SY", Basis: BasisOnly, Limit: MaxLimit,
		Terms: []Term{{Field: FacetAgency, Value: " Getty-Images ", Fold: "getty images"}}}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Errorf("Plan (-want +got):\n%s", diff)
	}
	if DayDate(first) != "2016-11-01" || DayDate(last) != "2016-12-31" {
		t.Errorf("days %s, %s", DayDate(first), DayDate(last))
	}
	if p, err := (Query{PlaceKeys: []string{""}}).Plan(); err != nil || !p.MatchNone {
		t.Errorf("empty place keys: %+v, %v; want MatchNone", p, err)
	}
	_, err = Query{Basis: "guessed"}.Plan()
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), `basis "guessed" is not one of only candidate, country named,`) {
		t.Errorf("unknown basis: %v, want ErrInvalid listing the bases", err)
	}
}

func TestPlanNear(t *testing.T) {
	tests := []struct {
		c    Circle
		want Box
	}{
		{Circle{0, 0, 111.19508}, Box{-1, 1, -1, 1}},
		{Circle{0, 179.5, 111.19508}, Box{-1, 1, 178.5, -179.5}},
		{Circle{89.5, 10, 111.19508}, Box{88.5, 90, -180, 180}},
	}
	for _, tc := range tests {
		p, err := Query{Near: &tc.c}.Plan()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, p.Box, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-4 })); diff != "" {
			t.Errorf("box of %+v (-want +got):\n%s", tc.c, diff)
		}
	}
	// Douma to Harasta, about 3.9 km.
	if d := Distance(33.57175, 36.4027, 33.5586, 36.365); d < 3.5 || d > 4.2 {
		t.Errorf("Distance = %g km", d)
	}
}

func TestCursor(t *testing.T) {
	for _, c := range []Cursor{{Dated: true, Day: 17111, ID: 42}, {Dated: true, Day: -5, ID: 1}, {ID: 7}} {
		got, err := ParseCursor(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCursor(%v.String()) = %v, %v", c, got, err)
		}
	}
	for _, s := range []string{"", "x", "LA", "MTIsMA", "'; DROP"} {
		if _, err := ParseCursor(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseCursor(%q) = %v, want ErrInvalid", s, err)
		}
	}
}

func TestRecordTerms(t *testing.T) {
	r := Record{
		Agencies: []Agency{"AFP", "afp"}, Photographers: []string{"Abd Doumany"}, EventTypes: []EventType{BarrelBomb},
		Actors: []string{"Syrian Civil Defence"}, Places: []string{"Douma", "..."},
		Location: &Location{Name: "Douma", Admin1: "Rif Dimashq", GeonameID: 170654},
	}
	want := []Term{
		{FacetAgency, "AFP", "afp"}, {FacetPhotographer, "Abd Doumany", "abd doumany"}, {FacetEventType, "barrel_bomb", "barrel bomb"},
		{FacetActor, "Syrian Civil Defence", "syrian civil defence"}, {TermPlace, "Douma", "douma"},
		{FacetAdmin1, "Rif Dimashq", "rif dimashq"}, {TermGeonameID, "170654", "170654"},
	}
	if diff := cmp.Diff(want, RecordTerms(r)); diff != "" {
		t.Errorf("RecordTerms (-want +got):\n%s", diff)
	}
	r.Text = "Smoke over Douma. (AFP)"
	if got, want := SearchText(r), "smoke over douma afp douma syrian civil defence abd doumany afp afp"; got != want {
		t.Errorf("SearchText = %q, want %q", got, want)
	}
}

// joinedWords is what wordJoiner must write for parts: the first limit
// SearchWords of the parts joined by a separator, joined by spaces.
func joinedWords(parts []string, limit int) string {
	words := SearchWords(strings.Join(parts, " \n "))
	return strings.Join(words[:min(len(words), limit)], " ")
}

func TestWordJoiner(t *testing.T) {
	long := strings.Repeat("x", 201)
	tests := []struct {
		parts []string
		limit int
	}{
		{[]string{"Rescuers in Douma", "Douma", "AFP"}, math.MaxInt},
		{[]string{"Ma‘arrat an-Nu‘mān", "", "  ,;  ", "دوما الرقة أريحا ٢٠١٦"}, math.MaxInt},
		{[]string{long + " y", long, "z " + long}, math.MaxInt},
		{[]string{"a b c", "d e"}, 4},
		{[]string{"a b c", "d e"}, 3},
		{[]string{"a b " + long + " c", "d"}, 3},
		{[]string{"", ""}, math.MaxInt},
		{[]string{"'", "’x’"}, 1},
	}
	for _, tc := range tests {
		j := wordJoiner{limit: tc.limit}
		for _, p := range tc.parts {
			j.add(p)
		}
		if got, want := j.String(), joinedWords(tc.parts, tc.limit); got != want {
			t.Errorf("%q, at most %d words: %q, want %q", tc.parts, tc.limit, got, want)
		}
	}
	r := Record{Text: "Smoke rises over Idlib", Places: []string{"Idlib"}, Agencies: []Agency{"AFP"}, Photographers: []string{"Omar Haj Kadour"}}
	if got, want := SearchText(r), "smoke rises over idlib idlib omar haj kadour afp"; got != want {
		t.Errorf("SearchText = %q, want %q", got, want)
	}
	r = Record{Description: "Funeral in Gaza", Credit: "Photo: Reuters"}
	if got, want := SearchText(r), "funeral in gaza photo reuters"; got != want {
		t.Errorf("SearchText of a description and credit = %q, want %q", got, want)
	}
	if got := FoldTerm("Getty-Images"); got != "getty images" {
		t.Errorf("FoldTerm = %q", got)
	}
}

// FuzzWordJoiner checks wordJoiner against SearchWords joined, for any two
// parts and limits.
func FuzzWordJoiner(f *testing.F) {
	f.Add("Rescuers in Douma", "Ma‘arrat", 3)
	f.Add(strings.Repeat("é", 150)+" a", "دوما ٢٠١٦", 1)
	f.Fuzz(func(t *testing.T, a, b string, limit int) {
		if limit <= 0 {
			limit = math.MaxInt
		}
		j := wordJoiner{limit: limit}
		j.add(a)
		j.add(b)
		if got, want := j.String(), joinedWords([]string{a, b}, limit); got != want {
			t.Errorf("%q %q, at most %d: %q, want %q", a, b, limit, got, want)
		}
	})
}

// refSearchWords is SearchWords rune by rune, joined, as wordJoiner.add
// folded before its ASCII table.
func refSearchWords(s string) string {
	var words []string
	var w []byte
	flush := func() {
		if len(w) > 0 && len(w) <= maxWordBytes {
			words = append(words, string(w))
		}
		w = w[:0]
	}
	for _, r := range s {
		switch f, class := foldSearchRune(r); class {
		case runeLetter:
			w = utf8.AppendRune(w, f)
		case runeSeparator:
			flush()
		}
	}
	flush()
	return strings.Join(words, " ")
}

// FuzzWordJoinerASCII checks wordJoiner's ASCII table against
// foldSearchRune, every ASCII character and broken UTF-8 among words.
func FuzzWordJoinerASCII(f *testing.F) {
	var all []byte
	for c := range utf8.RuneSelf {
		all = append(all, 'A', byte(c), 'z')
	}
	f.Add(string(all))
	f.Add("Shelling in Kharkiv's \xff\xfe Saltivka, 14.03.2022 — Ma`arrat")
	f.Add("Des civils à Bunia (Ituri) fuient ; «\u00a0Photo\u00a0»\u200b")
	f.Fuzz(func(t *testing.T, s string) {
		j := wordJoiner{limit: math.MaxInt}
		j.add(s)
		if got, want := j.String(), refSearchWords(s); got != want {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	})
}
