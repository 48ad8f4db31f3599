package dedup

import (
	"fmt"
	"strings"
	"testing"

	"sijil/internal/caption"
)

const (
	sceneSaqba = "Civil defence volunteers search for survivors under a collapsed apartment block after reported air strikes on the rebel-held town of Saqba, in the Eastern Ghouta region east of Damascus, on April 2, 2017."
	tollSaqba  = "At least nine people were killed, including three children, according to the local council."
	bgSaqba    = "Government forces have stepped up their bombardment of the besieged enclave in recent weeks, monitors say. " +
		"The war has killed more than 320,000 people and displaced millions since it began in March 2011 with protests against the government."
)

func day(y, m, d int) caption.PartialDate {
	return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
}

func stored(id int64, r caption.Record) caption.StoredRecord {
	return caption.StoredRecord{ID: id, Record: r, Cluster: id}
}

func dated(r caption.Record, d caption.PartialDate) caption.Record {
	r.Date = d
	return r
}

func TestMatchCluster(t *testing.T) {
	apr2 := day(2017, 4, 2)
	orig := dated(rec(sceneSaqba+" "+tollSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2)
	tests := []struct {
		name       string
		in         caption.Record
		candidates []caption.StoredRecord
		wantID     int64 // 0: no match
		wantRule   string
	}{
		{
			name:       "typo",
			in:         dated(rec(sceneSaqba+" At least nine people were killed, inlcuding three children, according to the local council.", "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(4, orig)},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "credit and date style",
			in:         dated(rec("Civil defence volunteers search for survivors under a collapsed apartment block after reported air strikes on the rebel-held town of Saqba, in the Eastern Ghouta region east of Damascus, on 2 April 2017. "+tollSaqba, "Amer Haddad/AFP via Getty Images", "2 April 2017"), apr2),
			candidates: []caption.StoredRecord{stored(4, orig)},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "added sentences",
			in:         dated(rec(sceneSaqba+" "+tollSaqba+" "+bgSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(4, dated(rec(sceneSaqba, "", "April 2, 2017"), apr2))},
			wantID:     4, wantRule: RuleContainment,
		},
		{
			name:       "dropped sentences",
			in:         dated(rec(sceneSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(4, dated(rec(sceneSaqba+" "+tollSaqba+" "+bgSaqba, "", "April 2, 2017"), apr2))},
			wantID:     4, wantRule: RuleContainment,
		},
		{
			name:       "same boilerplate, another day",
			in:         dated(rec(sceneSaqba+" "+tollSaqba, "Photo by Amer Haddad/AFP Photo", "April 9, 2017"), day(2017, 4, 9)),
			candidates: []caption.StoredRecord{stored(4, orig)},
		},
		{
			name:       "month precision agrees with its day",
			in:         dated(rec(sceneSaqba+" "+tollSaqba, "", "April 2017"), caption.PartialDate{Year: 2017, Month: 4, Precision: caption.PrecisionMonth}),
			candidates: []caption.StoredRecord{stored(4, orig)},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "another photo of the same strike",
			in:         dated(rec("A wounded man receives treatment at a makeshift hospital in Saqba, in the Eastern Ghouta region east of Damascus, after air strikes on April 2, 2017. "+tollSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(4, orig)},
		},
		{
			name: "unrelated",
			in: dated(rec("Displaced families ride in the back of a truck as they flee the fighting near Mosul, Iraq, on April 2, 2017.",
				"REUTERS/Saad Jaber", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(4, orig)},
		},
		{
			name:       "short caption not contained",
			in:         rec("Saqba, Eastern Ghouta.", "", ""),
			candidates: []caption.StoredRecord{stored(4, orig)},
		},
		{
			name:       "most similar wins",
			in:         dated(rec(sceneSaqba+" "+tollSaqba, "REUTERS/Amer Haddad", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(2, dated(rec(sceneSaqba, "", "April 2, 2017"), apr2)), stored(9, orig)},
			wantID:     9, wantRule: RuleJaccard,
		},
		{
			name:       "tie goes to the lowest ID",
			in:         dated(rec(sceneSaqba+" "+tollSaqba, "REUTERS/Amer Haddad", "April 2, 2017"), apr2),
			candidates: []caption.StoredRecord{stored(9, orig), stored(3, orig), stored(5, orig)},
			wantID:     3, wantRule: RuleJaccard,
		},
		{
			name:       "same boilerplate, another town",
			in:         placed(dated(rec(strings.ReplaceAll(sceneSaqba, "Saqba", "Arbin")+" "+tollSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2), "Arbin"),
			candidates: []caption.StoredRecord{stored(4, placed(orig, "Saqba"))},
		},
		{
			name:       "town read short",
			in:         placed(orig, "Saqba"),
			candidates: []caption.StoredRecord{stored(4, placed(orig, "Saqba", "Eastern Ghouta"))},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "typo in a short caption",
			in:         rec("Children react ater rocket fire near Chernihiv, Ukraine.", "", ""),
			candidates: []caption.StoredRecord{stored(4, rec("Children react after rocket fire near Chernihiv, Ukraine.", "", ""))},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "another photo, a few words apart",
			in:         rec("Students hold banners during a protest calling for a ceasefire in Jabalia camp, Gaza Strip.", "", ""),
			candidates: []caption.StoredRecord{stored(4, rec("An elderly woman waves a flag during a protest calling for a ceasefire in Jabalia camp, Gaza Strip.", "", ""))},
		},
		{
			name:       "same words, another photographer",
			in:         by(orig, "Sami Khalil"),
			candidates: []caption.StoredRecord{stored(4, by(orig, "Amer Haddad"))},
		},
		{
			name:       "same photographer, spelt again",
			in:         by(orig, "Amer Hadad"),
			candidates: []caption.StoredRecord{stored(4, by(orig, "Amer Haddad"))},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "photographer dropped by the copy",
			in:         by(orig),
			candidates: []caption.StoredRecord{stored(4, by(orig, "Amer Haddad"))},
			wantID:     4, wantRule: RuleJaccard,
		},
		{
			name:       "the same photographer's copy wins over a likelier one of another",
			in:         by(orig, "Amer Haddad"),
			candidates: []caption.StoredRecord{stored(2, by(orig, "Sami Khalil")), stored(9, by(orig, "Amer Haddad"))},
			wantID:     9, wantRule: RuleJaccard,
		},
		{name: "no candidates", in: orig},
		{name: "empty description", in: rec("", "REUTERS/Amer Haddad", ""), candidates: []caption.StoredRecord{stored(4, rec("", "REUTERS/Amer Haddad", ""))}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			best, sim, rule, ok := matchOnce(tc.in, tc.candidates, DefaultOptions())
			if ok != (tc.wantID != 0) || best.ID != tc.wantID || rule != tc.wantRule {
				t.Fatalf("matchOnce = (ID %d, %.3f, %q, %v), want (ID %d, %q)", best.ID, sim, rule, ok, tc.wantID, tc.wantRule)
			}
			if ok && (sim <= 0 || sim > 1) {
				t.Errorf("sim = %v, want in (0, 1]", sim)
			}
		})
	}
}

func TestMatchClusterThresholds(t *testing.T) {
	orig := rec(sceneSaqba+" "+tollSaqba+" "+bgSaqba, "", "")
	short := rec(sceneSaqba, "", "")
	cand := []caption.StoredRecord{stored(1, orig)}
	if _, _, _, ok := matchOnce(short, cand, Options{Containment: 1.01}); ok {
		t.Error("containment 1.01 still matched a caption that lost a sentence")
	}
	if _, sim, rule, ok := matchOnce(short, cand, Options{Threshold: 0.3}); !ok || rule != RuleJaccard {
		t.Errorf("threshold 0.3: got (%.3f, %q, %v), want a jaccard match", sim, rule, ok)
	}
}

func placed(r caption.Record, places ...string) caption.Record {
	r.Places = places
	return r
}

func TestPlacesAgree(t *testing.T) {
	tests := []struct {
		name string
		a, b []string
		want bool
	}{
		{"equal", []string{"Douma", "Eastern Ghouta"}, []string{"Douma"}, true},
		{"none", nil, []string{"Douma"}, true},
		{"spelling", []string{"al-Bab"}, []string{"Al Bab"}, true},
		{"typo", []string{"Aleppo"}, []string{"Alepo"}, true},
		{"read short", []string{"Jisr"}, []string{"Jisr al-Shughur"}, true},
		{"other towns", []string{"Saqba"}, []string{"Arbin"}, false},
		{"short names differ by one", []string{"Hit"}, []string{"Hil"}, false},
		{"other towns, one region", []string{"Saqba", "Eastern Ghouta"}, []string{"Arbin", "Eastern Ghouta"}, false},
		{"town missed in one", []string{"Eastern Ghouta"}, []string{"Douma", "Eastern Ghouta"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := placesAgree(tc.a, tc.b); got != tc.want {
				t.Errorf("placesAgree(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// by returns r credited to photographers.
func by(r caption.Record, photographers ...string) caption.Record {
	r.Photographers = photographers
	return r
}

func TestPhotographersAgree(t *testing.T) {
	tests := []struct {
		name string
		a, b []string
		want bool
	}{
		{"equal", []string{"Amer Haddad"}, []string{"Amer Haddad"}, true},
		{"none credited", nil, []string{"Amer Haddad"}, true},
		{"diacritics", []string{"Bülent Kılıç"}, []string{"Bulent Kilic"}, true},
		{"family name first, in capitals", []string{"KILIC Bulent"}, []string{"Bulent Kilic"}, true},
		{"given name transliterated", []string{"Mohamed Badra"}, []string{"Mohammed Badra"}, true},
		{"family name transliterated", []string{"Anas al-Dyab"}, []string{"Anas Al-Diab"}, true},
		{"initial", []string{"M. Badra"}, []string{"Mohammed Badra"}, true},
		{"Arabic script, teh marbuta", []string{"محمد بدرة"}, []string{"محمد بدره"}, true},
		{"one of two", []string{"Aris Messinis", "Genya Savilov"}, []string{"Genya Savilov"}, true},
		{"two scripts", []string{"محمد بدرة"}, []string{"Mohammed Badra"}, true},
		{"two scripts, and two names in one", []string{"محمد بدرة", "Mohammed Badra"}, []string{"Sami Khalil"}, false},
		{"two Arabic names", []string{"محمد بدرة"}, []string{"سامي خليل"}, false},
		{"shared given name", []string{"Mohammed Badra"}, []string{"Mohammed Abed"}, false},
		{"two photographers", []string{"Genya Savilov"}, []string{"Sergei Supinsky"}, false},
		{"short family names a letter apart", []string{"Ali Haj"}, []string{"Ali Hak"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := photographersAgree(tc.a, tc.b); got != tc.want {
				t.Errorf("photographersAgree(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
			}
			if got := photographersAgree(tc.b, tc.a); got != tc.want {
				t.Errorf("photographersAgree(%q, %q) = %v, want %v", tc.b, tc.a, got, tc.want)
			}
		})
	}
}

func TestDatesAgree(t *testing.T) {
	month := caption.PartialDate{Year: 2017, Month: 4, Precision: caption.PrecisionMonth}
	year := caption.PartialDate{Year: 2017, Precision: caption.PrecisionYear}
	tests := []struct {
		name string
		a, b caption.PartialDate
		want bool
	}{
		{"equal", day(2017, 4, 2), day(2017, 4, 2), true},
		{"unknown", caption.PartialDate{}, day(2017, 4, 2), true},
		{"day in month", day(2017, 4, 2), month, true},
		{"day in year", year, day(2017, 4, 2), true},
		{"next day", day(2017, 4, 2), day(2017, 4, 3), false},
		{"other month", month, day(2017, 5, 2), false},
		{"other year", year, day(2016, 4, 2), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := datesAgree(tc.a, tc.b); got != tc.want {
				t.Errorf("datesAgree = %v, want %v", got, tc.want)
			}
		})
	}
}

// matchOnce is ClusterMatcher.Match with a matcher made for one call: the
// rules without the matcher's memory of shingles.
func matchOnce(rec caption.Record, candidates []caption.StoredRecord, opt Options) (best caption.StoredRecord, sim float64, rule string, ok bool) {
	return NewClusterMatcher(opt).Match(rec, candidates)
}

// TestMatcherKnows checks the contract that lets ingest skip reading a
// candidate: a record Knows reported stays known until Trim, however many
// records the batch meets meanwhile, while one not asked about goes as the
// matcher meets others; the matcher holds no more than matcherSize records
// besides those asked about; and a known candidate passed as its ID,
// cluster and date alone is decided as the full record is.
func TestMatcherKnows(t *testing.T) {
	apr2 := day(2017, 4, 2)
	orig := dated(rec(sceneSaqba+" "+tollSaqba, "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2)
	typo := dated(rec(sceneSaqba+" At least nine people were killed, inlcuding three children, according to the local council.", "Photo by Amer Haddad/AFP Photo", "April 2, 2017"), apr2)
	m := NewClusterMatcher(Options{})
	if m.Knows(4) {
		t.Fatal("a new matcher knows record 4")
	}
	want, wantSim, wantRule, ok := m.Match(typo, []caption.StoredRecord{{ID: 4, Cluster: 2, Record: orig}, {ID: 5, Cluster: 5, Record: orig}})
	if !ok || want.ID != 4 {
		t.Fatalf("Match(typo, full records 4 and 5) = %d, %v; want record 4", want.ID, ok)
	}
	m.Trim()
	if !m.Knows(4) {
		t.Fatal("record 4, just met, is not known")
	}
	// The batch meets more records than the matcher keeps.
	for id := int64(100); id < 100+2*matcherSize; id++ {
		other := dated(rec(fmt.Sprintf("Residents inspect damage in district %d of Aleppo after shelling, on April 2, 2017.", id), "", "April 2, 2017"), apr2)
		m.Match(typo, []caption.StoredRecord{{ID: id, Cluster: id, Record: other}})
	}
	if !m.Knows(4) {
		t.Fatal("record 4, asked about, was let go before Trim")
	}
	if m.Knows(5) {
		t.Error("record 5, not asked about, is still known after 2×matcherSize others")
	}
	if n := len(m.known); n != matcherSize+1 {
		t.Errorf("the matcher keeps %d records, want matcherSize and the one asked about (%d)", n, matcherSize+1)
	}
	stub := caption.StoredRecord{ID: 4, Cluster: 2, Record: caption.Record{Date: apr2}}
	got, sim, rule, ok := m.Match(typo, []caption.StoredRecord{stub})
	if !ok || got.ID != 4 || got.Cluster != 2 || sim != wantSim || rule != wantRule {
		t.Errorf("Match(typo, known record 4 as a stub) = %d in %d, %v, %q, %v; want 4 in 2, %v, %q", got.ID, got.Cluster, sim, rule, ok, wantSim, wantRule)
	}
	// The stub's date still rules: a candidate of another day is no copy.
	if _, _, _, ok := m.Match(typo, []caption.StoredRecord{{ID: 4, Cluster: 2, Record: caption.Record{Date: day(2017, 4, 3)}}}); ok {
		t.Error("a known candidate of another day matched")
	}
	m.Trim()
	if m.Knows(4) {
		t.Error("record 4, which the matcher would have let go, is known after Trim")
	}
	if !m.Knows(100 + 2*matcherSize - 1) {
		t.Error("the last record met is not known after Trim")
	}
	if n := len(m.known); n != matcherSize {
		t.Errorf("after Trim the matcher keeps %d records, want %d", n, matcherSize)
	}
	m.Forget()
	if m.Knows(100+2*matcherSize-1) || len(m.ring) != 0 || len(m.held) != 0 {
		t.Error("Forget left records known")
	}
}
