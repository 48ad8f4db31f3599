package dedup

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func TestWithinOneEdit(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"including", "including", true},
		{"including", "inlcuding", true}, // swap
		{"including", "incuding", true},  // deletion
		{"including", "inccluding", true},
		{"including", "inxluding", true}, // substitution
		{"including", "inlcudnig", false},
		{"aleppo", "alepo", true},
		{"saqba", "douma", false},
		{"ab", "abcd", false},
		{"", "a", true},
	}
	for _, tc := range tests {
		if got := withinOneEdit(tc.a, tc.b); got != tc.want {
			t.Errorf("withinOneEdit(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := withinOneEdit(tc.b, tc.a); got != tc.want {
			t.Errorf("withinOneEdit(%q, %q) = %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestAlignTypos(t *testing.T) {
	tests := []struct {
		name    string
		a, b    string
		want    string
		changed bool
	}{
		{"typo", "seven were killed inlcuding two children", "seven were killed including two children", "seven were killed including two children", true},
		{"other words stay", "students hold banners", "women chant slogans", "students hold banners", false},
		{"short words stay", "a man walks", "a men walks", "a man walks", false},
		{"word already in a", "march and marhc", "march and", "march and marhc", false},
		{"same", "rubble in aleppo", "rubble in aleppo", "rubble in aleppo", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, changed := alignTypos(newWordSet(tc.a), newWordSet(tc.b))
			if diff := cmp.Diff(hashWords(words(tc.want)), got); diff != "" || changed != tc.changed {
				t.Errorf("alignTypos changed=%v (want %v) (-want +got):\n%s", changed, tc.changed, diff)
			}
		})
	}
}

func TestWordsMatchWordHashes(t *testing.T) {
	s := "Ḩarastā’s REBELS, al-Bab 2016 — Ma‘arrat"
	if diff := cmp.Diff(wordHashes(s), hashWords(words(s))); diff != "" {
		t.Errorf("words and wordHashes cut differently (-wordHashes +words):\n%s", diff)
	}
}

func TestTypoBlindKeys(t *testing.T) {
	tests := []struct {
		a, b       string
		skel, edge bool // whether the keys are equal
	}{
		{"during", "druing", true, true},    // swap
		{"killed", "killled", true, true},   // doubling
		{"shelling", "sheling", true, true}, // repeated letter dropped
		{"against", "aainst", false, true},  // unique letter dropped
		{"rubble", "rubbles", false, false}, // last letter
		{"market", "school", false, false},
	}
	for _, tc := range tests {
		if got := skeletonHashes(tc.a)[0] == skeletonHashes(tc.b)[0]; got != tc.skel {
			t.Errorf("skeleton %q == %q: %v, want %v", tc.a, tc.b, got, tc.skel)
		}
		if got := edgeHashes(tc.a)[0] == edgeHashes(tc.b)[0]; got != tc.edge {
			t.Errorf("edge %q == %q: %v, want %v", tc.a, tc.b, got, tc.edge)
		}
	}
}

func TestShingleTextDate(t *testing.T) {
	tests := []struct {
		name, desc, date, want string
	}{
		{"on", "Rubble in Bahri on 9 October 2024.", "9 October 2024", "Rubble in Bahri ."},
		{"comma", "Rubble in Bahri, 9 October 2024.", "9 October 2024", "Rubble in Bahri ."},
		{"weekday", "Rubble in Bahri, Sunday, Oct. 9, 2024.", "Oct. 9, 2024", "Rubble in Bahri ."},
		{"on weekday", "Rubble in Bahri on Sunday, Oct. 9, 2024.", "Oct. 9, 2024", "Rubble in Bahri ."},
		{"not a lead", "Crowds gather on 9 October 2024.", "9 October 2024", "Crowds gather ."},
		{"word ending in on", "Rubble in Lebanon 9 October 2024.", "9 October 2024", "Rubble in Lebanon ."},
		{"twice", "On 9 October 2024, rubble. Taken 9 October 2024.", "9 October 2024", " , rubble. Taken ."},
		{"no date", "Rubble in Bahri.", "", "Rubble in Bahri."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := shingleText(rec(tc.desc, "", tc.date)); got != tc.want {
				t.Errorf("shingleText = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLeadBand(t *testing.T) {
	lead := func(desc string) (uint64, bool) {
		text := shingleText(rec(desc, "", ""))
		return leadBand(text, edgeHashes(text), DefaultOptions())
	}
	base, ok := lead("Displaced families walk along a dirt road as they flee the fighting near Kafr Zita. Aid agencies warn of a crisis.")
	if !ok {
		t.Fatal("no lead band")
	}
	same := []string{
		"Displaced families walk along a dirt road as they flee the fighting near Kafr Zita.",
		"Displaced families walk along a dirt raod as they flee the fighting near Kafr Zita. The UN says 80,000 have fled.",
		"DISPLACED families walk along a dirt road, as they flee the fighting near Kafr Zita!",
	}
	for _, s := range same {
		if got, ok := lead(s); !ok || got != base {
			t.Errorf("lead band of %q differs", s)
		}
	}
	if got, _ := lead("Displaced women walk along a dirt road as they flee the fighting near Kafr Zita."); got == base {
		t.Error("another subject kept the lead band")
	}
	if _, ok := lead("A general view of Aleppo."); ok {
		t.Error("a five-word lead made a band")
	}
	text := shingleText(rec("Displaced families walk along a dirt road as they flee the fighting near Kafr Zita.", "", ""))
	if _, ok := leadBand(text, edgeHashes(text), Options{LeadWords: -1}); ok {
		t.Error("LeadWords -1 made a band")
	}
}

func TestFirstSentenceWords(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"One two three. Four five.", 3},
		{"U.S. forces fire. Then", 4},
		{"He said “no.” Then", 3},
		{"Smoke rises, 2016. 12 people died.", 3},
		{"no end", 2},
		{"", 0},
	}
	for _, tc := range tests {
		if got := firstSentenceWords(tc.in); got != tc.want {
			t.Errorf("firstSentenceWords(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestFingerprintMonthSalt(t *testing.T) {
	r := rec("Displaced families walk along a dirt road as they flee the fighting near Kafr Zita, Hama province.", "", "")
	at := func(d caption.PartialDate) []uint64 { return Fingerprint(dated(r, d), Options{}).Bands }
	month := caption.PartialDate{Year: 2016, Month: 5, Precision: caption.PrecisionMonth}
	if diff := cmp.Diff(at(day(2016, 5, 3)), at(day(2016, 5, 28))); diff != "" {
		t.Errorf("one month, two salts (-a +b):\n%s", diff)
	}
	if diff := cmp.Diff(at(day(2016, 5, 3)), at(month)); diff != "" {
		t.Errorf("day and month precision, two salts (-a +b):\n%s", diff)
	}
	a, b := at(day(2016, 5, 3)), at(day(2016, 6, 3))
	for i := range a {
		if a[i] == b[i] {
			t.Errorf("band %d is shared across months", i)
		}
	}
	if len(a) != 33 {
		t.Errorf("%d bands, want 32 and a lead band", len(a))
	}
}
