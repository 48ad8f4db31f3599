package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// arSceneRefs parses in and returns its place references without spans,
// checking that each span reads its name.
func arSceneRefs(t *testing.T, p *Parser, in string) arPlaceGot {
	t.Helper()
	r := p.Caption(in)
	got := arPlaceGot{Country: r.Country, Basis: r.CountryBasis}
	for _, pr := range r.PlaceRefs {
		if r.Text[pr.Span.Start:pr.Span.End] != pr.Name {
			t.Errorf("place %q at %v reads %q in the text", pr.Name, pr.Span, r.Text[pr.Span.Start:pr.Span.End])
		}
		pr.Span = caption.Span{}
		got.Places = append(got.Places, pr)
	}
	return got
}

// TestArabicDatelines covers the datelines that open Arabic captions: the
// city before a colon or a slash, a city the lexicon lacks before an
// outlet and a colon, and the dateline's city after the scene the body
// names, as a dateline the credit cut is.
func TestArabicDatelines(t *testing.T) {
	p := mustNew(t)
	ref := func(name, kind string, near bool) caption.PlaceRef {
		return caption.PlaceRef{Name: name, Kind: kind, Near: near}
	}
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"known city before a colon", "بنغازي: جنود من الجيش الوطني بعد معارك عنيفة، 28 ديسمبر 2017.",
			arPlaceGot{[]caption.PlaceRef{ref("بنغازي", "", false)}, "", ""}},
		{"known city before a slash and an outlet", "صنعاء / سبأ: يمنيون يتجمعون بعد غارة جوية.",
			arPlaceGot{[]caption.PlaceRef{ref("صنعاء", "", false)}, "YE", caption.CountryHint}},
		{"unknown city before an outlet and a colon", "كوتونو - الأناضول: محتجون يغلقون الطرق.",
			arPlaceGot{[]caption.PlaceRef{ref("كوتونو", "", false)}, "", ""}},
		{"unknown city before a two-word outlet", "كرمان - وكالة إرنا: دخان يتصاعد بعد انفجارين.",
			arPlaceGot{[]caption.PlaceRef{ref("كرمان", "", false)}, "", ""}},
		{"a dash and no colon names no unknown city", "مسيرات حاشدة - جنود يقفون عند حاجز.",
			arPlaceGot{}},
		{"dateline after the town the body names", "حماة - الجزيرة: قتل ٧ مدنيين في قصف على بلدة اللطامنة.",
			arPlaceGot{[]caption.PlaceRef{ref("اللطامنة", "town", false), ref("حماة", "", false)}, "", ""}},
		{"dateline after the camp the body names", "غزة / الأناضول: فلسطينيون يتفقدون الدمار في مخيم النصيرات.",
			arPlaceGot{[]caption.PlaceRef{ref("النصيرات", "camp", false), ref("غزة", "", false)}, "PS", caption.CountryNamed}},
		{"dateline alone stays the scene", "عدن - فرانس برس: عناصر من قوات الحزام الأمني ينتشرون في الشوارع.",
			arPlaceGot{[]caption.PlaceRef{ref("عدن", "", false)}, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
