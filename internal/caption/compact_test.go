package caption

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// compactCases are records of every field (fullRecord, which
// TestCodecCoversEveryField keeps full) and of the edges of each
// encoding: strings in the table, in the text and outside it; numbers
// zero and negative; each date precision; scripts other than Latin.
func compactCases() map[string]Record {
	full := fullRecord()
	inside := fullRecord()
	inside.Description = "civil defence volunteers" // in the text, not at its start
	outside := fullRecord()
	outside.Description = "Rescuers in Douma"         // nowhere in the text
	outside.Places = []string{"Ghouta", "Dm", "city"} // not in the text; too short to look for; in the table
	arabic := "أطفال يلعبون بين أنقاض مبنى في حي الشعار بحلب، 12 آب 2016 (تصوير: كرم المصري/فرانس برس)"
	french := "Des secouristes fouillent les décombres à Kharkiv, en Ukraine, le 3 mars 2022. (Photo AFP)"
	return map[string]Record{
		"full":                 full,
		"description inside":   inside,
		"description outside":  outside,
		"text only":            {Text: "A boy.", Evidence: map[string][]Span{}},
		"empty":                {Evidence: map[string][]Span{}},
		"year":                 {Text: "x", Date: PartialDate{Year: 2013, Precision: PrecisionYear}, Evidence: map[string][]Span{}},
		"month":                {Text: "x", Date: PartialDate{Year: 9999, Month: 12, Precision: PrecisionMonth}, Evidence: map[string][]Span{}},
		"zero location":        {Text: "x", Location: &Location{Name: "Null Island"}, Evidence: map[string][]Span{}},
		"southwest":            {Text: "Punta Arenas", Location: &Location{Name: "Punta Arenas", Lat: -53.16, Lon: -70.92, GeonameID: 3874787, Precision: 1}, Evidence: map[string][]Span{}},
		"zero casualties":      {Text: "x", Killed: intp(0), Injured: intp(0), Evidence: map[string][]Span{}},
		"negative numbers":     {Text: "x", Killed: intp(-3), Injured: intp(1 << 40), People: []Person{{Name: "x", Age: intp(-1)}, {Name: "y", Age: intp(0)}, {Name: "z", Age: intp(math.MaxInt)}, {Name: "w", Age: intp(math.MinInt)}}, Evidence: map[string][]Span{}},
		"arabic":               {Text: arabic, Description: arabic[:strings.Index(arabic, " (")], Lang: "ar", Places: []string{"حلب", "الشعار"}, Photographers: []string{"كرم المصري"}, Evidence: map[string][]Span{"places": {{0, 8}}}},
		"french":               {Text: french, Lang: "fr", Places: []string{"Kharkiv"}, Country: "UA", Origins: map[string]string{"date": "xmp:photoshop:DateCreated"}, Evidence: map[string][]Span{"date": {{66, 81}}, "killed": {}}},
		"empty evidence lists": {Text: "abc", Evidence: map[string][]Span{"killed": {}, "injured": nil}},
	}
}

func TestCompactFieldsRoundTrip(t *testing.T) {
	for name, r := range compactCases() {
		t.Run(name, func(t *testing.T) {
			b, n, err := AppendCompactFields(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			_, wantN, err := MarshalFields(r)
			if err != nil {
				t.Fatal(err)
			}
			if n != wantN {
				t.Errorf("descLen = %d, MarshalFields says %d", n, wantN)
			}
			got, err := UnmarshalCompactFields(b, r.Text, n)
			if err != nil {
				t.Fatalf("UnmarshalCompactFields(%x): %v", b, err)
			}
			// Evidence decodes as it is stored: nil span lists as empty.
			want := r
			for k, v := range want.Evidence {
				if v == nil {
					want.Evidence = cloneEvidence(want.Evidence)
					want.Evidence[k] = []Span{}
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
			again, _, err := AppendCompactFields([]byte{0xff}, got)
			if err != nil {
				t.Fatal(err)
			}
			if string(again[1:]) != string(b) {
				t.Errorf("second encoding differs (or dst was not appended to):\n%x\n%x", b, again)
			}
		})
	}
}

func cloneEvidence(m map[string][]Span) map[string][]Span {
	out := make(map[string][]Span, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestCompactFieldsShareTheText checks the point of the form: strings that
// are words of the text are written as places in it, and table strings as
// indexes, so neither is copied into the fields.
func TestCompactFieldsShareTheText(t *testing.T) {
	r := fullRecord()
	b, _, err := AppendCompactFields(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{r.Credit, r.Photographers[0], r.DateText, "Damascus", "activists", "airstrike", "only candidate", "perpetrator_claim"} {
		if strings.Contains(string(b), s) {
			t.Errorf("the fields copy %q: %q", s, b)
		}
	}
	for _, s := range []string{r.Location.Preferred, r.Location.Admin1, r.Warnings[0]} {
		if !strings.Contains(string(b), s) {
			t.Errorf("the fields lack %q, which is not in the text: %q", s, b)
		}
	}
	js, _, _ := MarshalFields(r)
	t.Logf("compact %d bytes, JSON %d bytes", len(b), len(js))
}

// TestCompactFieldsGolden pins the bytes of one record: a store keeps
// them, so neither the layout nor compactStrings may change under it.
func TestCompactFieldsGolden(t *testing.T) {
	text := "Smoke rises over Khan Younis on May 2, 2024. (AFP)"
	r := Record{
		Text: text, Description: text[:44], Credit: "AFP", Agencies: []Agency{"AFP"},
		Date: PartialDate{Year: 2024, Month: 5, Day: 2, Precision: PrecisionDay}, DateText: "May 2, 2024",
		Places: []string{"Khan Younis"}, Country: "PS", CountryBasis: CountryGazetteer,
		EventTypes: []EventType{Airstrike}, Killed: intp(4),
		Evidence: map[string][]Span{"date": {{32, 43}}, "places": {{17, 28}}},
	}
	b, n, err := AppendCompactFields(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	const want = "f4b9420d2e010d2ee80fa2012d20012d1108505352080176021601200b3201110b"
	if got := hex.EncodeToString(b); got != want || n != 44 {
		t.Errorf("compact form = %s (descLen %d), want %s (44)", got, n, want)
	}
}

func TestCompactStringsUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range compactStrings {
		if s == "" || seen[s] {
			t.Errorf("compactStrings holds %q twice or empty", s)
		}
		seen[s] = true
	}
}

// TestCompactFieldsRefused checks that what the form cannot keep is
// refused as the JSON form refuses it, and that malformed or newer bytes
// decode to ErrInvalid, never to a record.
func TestCompactFieldsRefused(t *testing.T) {
	if _, _, err := AppendCompactFields(nil, Record{Text: "a\x00b", Evidence: map[string][]Span{}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a NUL = %v, want ErrInvalid", err)
	}
	if _, _, err := AppendCompactFields(nil, Record{Text: "ab", Evidence: map[string][]Span{"date": {{1, 5}}}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a span outside the text = %v, want ErrInvalid", err)
	}
	if _, _, err := AppendCompactFields(nil, Record{Location: &Location{Lat: math.NaN()}, Evidence: map[string][]Span{}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a coordinate NaN = %v, want ErrInvalid", err)
	}
	good, n, err := AppendCompactFields(nil, fullRecord())
	if err != nil {
		t.Fatal(err)
	}
	text := fullRecord().Text
	// A location (bit 9) of empty name and preferred name, no GeoNames ID,
	// latitude 0 and longitude +Inf.
	inf := append([]byte{0x80, 0x04, 0, 0, 0}, make([]byte, 8)...)
	inf = binary.LittleEndian.AppendUint64(inf, math.Float64bits(math.Inf(1)))
	inf = append(inf, 0, 0, 0, 0, 0)
	for name, tc := range map[string]struct {
		b       []byte
		text    string
		descLen int
		why     string // in the error
	}{
		"truncated":                {good[:len(good)-3], text, n, "malformed compact fields"},
		"trailing bytes":           {append(append([]byte{}, good...), 0), text, n, "1 bytes after the fields"},
		"newer field":              {[]byte{0x80, 0x80, 0x80, 0x40}, text, -1, "unknown to this sijil"},
		"shorter text":             {good, text[:40], -1, "outside the 40-byte text"},
		"description twice":        {[]byte{0x01, 0x04, 'a'}, "ab", 1, "description of 1 bytes"},
		"description beyond text":  {[]byte{0x00}, "ab", 3, "description of 3 bytes"},
		"table index out of range": {[]byte{0x02, 0xfe, 0x7f}, "ab", -1, "of a table of"},
		"string kind 3":            {[]byte{0x02, 0x03}, "ab", -1, "string of kind 3"},
		"invalid UTF-8":            {[]byte{0x04, 0x08, 0xff, 0xfe}, "ab", -1, "not UTF-8"},
		"day without month":        {[]byte{0x20, 0xe8, 0x0f, 0x05}, "ab", -1, "date"},
		"list longer than bytes":   {[]byte{0x08, 0x7f}, "ab", -1, "a list of 127 in 0 bytes"},
		"infinite longitude":       {inf, "ab", -1, "coordinate +Inf"},
	} {
		r, err := UnmarshalCompactFields(tc.b, tc.text, tc.descLen)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("%s: got %+v, %v; want ErrInvalid saying %q", name, r, err, tc.why)
		}
	}
}

// FuzzUnmarshalCompactFields checks that no bytes crash the decoder, and
// that whatever decodes encodes again to bytes that decode to the same
// record.
func FuzzUnmarshalCompactFields(f *testing.F) {
	for _, r := range compactCases() {
		b, n, err := AppendCompactFields(nil, r)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, r.Text, n)
	}
	f.Fuzz(func(t *testing.T, b []byte, text string, n int) {
		r, err := UnmarshalCompactFields(b, text, n)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v is not ErrInvalid", err)
			}
			return
		}
		b2, n2, err := AppendCompactFields(nil, r)
		if err != nil {
			t.Fatalf("AppendCompactFields of a decoded record: %v", err)
		}
		r2, err := UnmarshalCompactFields(b2, r.Text, n2)
		if err != nil {
			t.Fatalf("UnmarshalCompactFields(%x, %d): %v", b2, n2, err)
		}
		if diff := cmp.Diff(r, r2); diff != "" {
			t.Errorf("(-first +second):\n%s", diff)
		}
	})
}
