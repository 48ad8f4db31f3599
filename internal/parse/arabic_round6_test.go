package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// The captions of these tables were written for sijil's tests in the Arabic
// of agency wires, local media and documentation groups; the scenes are
// invented.

// TestArabicYearParts: a season or a part of the year before a year dates
// the caption to the year ("شتاء 2020" as "winter 2020" is in English),
// read as the year; a year of another event is not.
func TestArabicYearParts(t *testing.T) {
	p := mustNew(t)
	y := func(d string) arDateGot { return arDateGot{d, d, caption.PrecisionYear, false} }
	for _, tc := range []struct {
		name, in string
		want     arDateGot
	}{
		{"winter", "أطفال يلعبون في الثلج في مخيم للنازحين قرب أطمة، شتاء 2020.", y("2020")},
		{"winter with the article", "نازحون يفرون من القتال في بلدة الباغوز خلال الشتاء 2019. (أ ف ب)", y("2019")},
		{"summer", "مقاتلون من المعارضة في ريف حلب الشمالي، صيف 2016. (رويترز)", y("2016")},
		{"late in the year", "مدرسة مدمرة في مدينة تعز، أواخر 2017. (شينخوا)", y("2017")},
		{"early in the year", "طوابير على الخبز في الخرطوم مطلع 2019.", y("2019")},
		// Near misses.
		{"since a winter is another time", "عائلة تعيش في خيمة منذ شتاء 2018 في مخيم الركبان.", arDateGot{}},
		{"a season without a year", "أطفال في مخيم الهول خلال فصل الشتاء.", arDateGot{}},
		{"a month wins over a season", "سيول في مخيمات دير حسان، شتاء 2021، في 18 كانون الثاني 2021.",
			arDateGot{"2021-01-18", "18 كانون الثاني 2021", caption.PrecisionDay, false}},
		{"a Hijri month is no season", "صلاة في المسجد الأموي في ربيع الأول 1441.", arDateGot{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := arDateGot{Date: r.Date.String(), Text: r.DateText, Precision: r.Date.Precision}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s: (-want +got)\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicCreditRound6: a label that opens the last sentence credits an
// unnamed photographer ("عدسة: ناشطون"); a wire spelt as letters gives its
// canonical name ("(د ب أ)" is DPA, as "(أ ف ب)" is AFP), while an agency's
// Arabic name stays as written.
func TestArabicCreditRound6(t *testing.T) {
	p := mustNew(t)
	type got struct {
		Credit        string
		Agencies      []string
		Photographers []string
		Description   string
	}
	for _, tc := range []struct {
		name, in string
		want     got
	}{
		{"activists after a lens label",
			"دمار في بلدة كفرسجنة إثر قصف مدفعي، 5 آذار 2021. عدسة: ناشطون",
			got{"عدسة: ناشطون", nil, nil, "دمار في بلدة كفرسجنة إثر قصف مدفعي، 5 آذار 2021."}},
		{"a photographer's label and an unnamed young man",
			"مظاهرة في ساحة مدينة إدلب، 2019. تصوير: شاب حلبي",
			got{"تصوير: شاب حلبي", nil, nil, "مظاهرة في ساحة مدينة إدلب، 2019."}},
		{"dpa as spaced letters",
			"نازحون في مخيم قرب سرمدا بريف إدلب الشمالي، 12 كانون الثاني 2022. (د ب أ)",
			got{"د ب أ", []string{"DPA"}, nil, "نازحون في مخيم قرب سرمدا بريف إدلب الشمالي، 12 كانون الثاني 2022."}},
		{"dpa as dotted letters",
			"جنود أوكرانيون قرب مدينة باخموت، 2023. (د.ب.أ)",
			got{"د.ب.أ", []string{"DPA"}, nil, "جنود أوكرانيون قرب مدينة باخموت، 2023."}},
		{"AFP's letters unchanged",
			"نازحون في مخيم قرب سرمدا، 2022. (أ ف ب)",
			got{"أ ف ب", []string{"AFP"}, nil, "نازحون في مخيم قرب سرمدا، 2022."}},
		// Near misses.
		{"dpa by its Arabic name stays as written",
			"جنود أوكرانيون قرب مدينة باخموت، 2023. (الألمانية)",
			got{"الألمانية", []string{"الألمانية"}, nil, "جنود أوكرانيون قرب مدينة باخموت، 2023."}},
		{"filming activists inside the sentence is no credit",
			"شبان أثناء تصوير ناشطين للمظاهرة في كفرنبل، 2012.",
			got{"", nil, nil, "شبان أثناء تصوير ناشطين للمظاهرة في كفرنبل، 2012."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			g := got{Credit: r.Credit, Photographers: r.Photographers, Description: r.Description}
			for _, a := range r.Agencies {
				g.Agencies = append(g.Agencies, string(a))
			}
			if len(g.Photographers) == 0 {
				g.Photographers = nil
			}
			if diff := cmp.Diff(tc.want, g); diff != "" {
				t.Errorf("%s: (-want +got)\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicHeading: a heading that names a region before a colon, a dash
// or a bar comes after the places of the body, which it holds.
func TestArabicHeading(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"a countryside and a colon", "ريف إدلب الجنوبي: دمار في بلدة كفرسجنة إثر قصف مدفعي، 5 آذار 2021.",
			[]string{"كفرسجنة", "إدلب"}},
		{"a countryside and a dash", "ريف حماة الشمالي - قصف على قرية اللطامنة، 2019.",
			[]string{"اللطامنة", "حماة"}},
		{"a city and a colon", "درعا: مظاهرة في مدينة بصرى الشام، 2020.",
			[]string{"بصرى الشام", "درعا"}},
		// Near misses.
		{"a heading with no place after it stays the scene", "ريف حلب الغربي: نازحون في مخيمات على الطريق، 12 شباط 2020.",
			[]string{"حلب"}},
		{"a colon after the body's places", "دمار في بلدة كفرسجنة بريف إدلب الجنوبي، 2021. المصدر: ناشطون",
			[]string{"كفرسجنة", "إدلب"}},
		{"a date heading", "12 آذار: قصف على مدينة أريحا في ريف إدلب.",
			[]string{"أريحا", "إدلب"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			if diff := cmp.Diff(tc.want, r.Places); diff != "" {
				t.Errorf("%s: (-want +got)\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicLocalSources: the documentation networks of ar_sources.tsv in
// brackets after the figures are their attribution, not a credit.
func TestArabicLocalSources(t *testing.T) {
	p := mustNew(t)
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		name, in string
		want     arSourceGot
	}{
		{"the response coordinators before the full stop",
			"قصف على مدينة أريحا بريف إدلب، 20 تشرين الأول 2021. قتل 13 مدنياً بينهم 4 أطفال (فريق منسقو استجابة سوريا).",
			arSourceGot{"", nil, n(13), []string{"Response Coordination Group"}}},
		{"the coordinators then an agency's credit",
			"قصف على مدينة أريحا، 20 تشرين الأول 2021. قتل 13 مدنياً (منسقو استجابة سوريا). (أ ف ب)",
			arSourceGot{"أ ف ب", []string{"AFP"}, n(13), []string{"Response Coordination Group"}}},
		{"a Houran network",
			"قتل 5 مدنيين في قصف على بلدة الحراك بريف درعا الشرقي (تجمع أحرار حوران).",
			arSourceGot{"", nil, n(5), []string{"Horan Free League"}}},
		// Near misses.
		{"no figures, no attribution",
			"خيام غمرتها مياه الأمطار في مخيم قرب سرمدا (فريق منسقو استجابة سوريا).",
			arSourceGot{"", nil, nil, nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSourceOf(t, p, tc.in)); diff != "" {
				t.Errorf("%s: (-want +got)\n%s", tc.in, diff)
			}
		})
	}
}
