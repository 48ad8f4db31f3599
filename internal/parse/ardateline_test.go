package parse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// The captions below were written for these tests in the styles of the
// Arabic wires' datelines; the scenes are invented.

// arDatelineGot is the part of a record TestArabicDatelineRecords compares.
type arDatelineGot struct {
	Credit        string
	Photographers []string
	Agencies      []caption.Agency
	Date          string
	DateText      string
	Places        []string
	Description   string
}

// TestArabicDatelineRecords covers the records of captions whose dateline
// carries the outlet: what the credit cuts from the description (the
// dateline's city and date) comes back to the record, and a dateline's
// outlet is read beside a photographer credited at the caption's end.
func TestArabicDatelineRecords(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arDatelineGot
	}{
		{"WAFA's dated dateline keeps its date and city", "جنين 12-7-2023 وفا- شبان يشيعون جثمان شاب.",
			arDatelineGot{"وفا", nil, ag("وفا"), "2023-07-12", "12-7-2023", []string{"جنين"}, "شبان يشيعون جثمان شاب."}},
		{"a date the body gives wins over the dateline's", "نابلس 6-3-2024 وفا- مواجهات في بلدة بيتا في 5 آذار 2024.",
			arDatelineGot{"وفا", nil, ag("وفا"), "2024-03-05", "5 آذار 2024", []string{"بيتا", "نابلس"}, "مواجهات في بلدة بيتا في 5 آذار 2024."}},
		{"Arabic-Indic digits in a dated dateline", "رام الله ٥-٣-٢٠٢٤ وفا - متظاهرون في ميدان المنارة.",
			arDatelineGot{"وفا", nil, ag("وفا"), "2024-03-05", "٥-٣-٢٠٢٤", []string{"رام الله"}, "متظاهرون في ميدان المنارة."}},
		{"a dated dateline with no outlet stays in the description", "جنين 12-7-2023 - شبان يشيعون جثمان شاب.",
			arDatelineGot{"", nil, nil, "2023-07-12", "12-7-2023", nil, "جنين 12-7-2023 - شبان يشيعون جثمان شاب."}},
		{"a slash dateline's city comes back", "صنعاء / سبأ: يمنيون يتجمعون في موقع غارة جوية.",
			arDatelineGot{"سبأ", nil, ag("سبأ"), "", "", []string{"صنعاء"}, "يمنيون يتجمعون في موقع غارة جوية."}},
		{"a dateline's outlet beside a photographer", "حلب - فرانس برس: أطفال يلعبون بين الأنقاض. (تصوير: باسل الأحمد)",
			arDatelineGot{"تصوير: باسل الأحمد", []string{"باسل الأحمد"}, ag("AFP"), "", "", []string{"حلب"}, "أطفال يلعبون بين الأنقاض."}},
		{"Reuters' dateline and a photographer after a full stop", "الموصل - رويترز: جنود عراقيون في حي الزنجيلي، 4 تموز 2017. تصوير: علاء المرجاني",
			arDatelineGot{"تصوير: علاء المرجاني", []string{"علاء المرجاني"}, ag("Reuters"), "2017-07-04", "4 تموز 2017",
				[]string{"الزنجيلي", "الموصل"}, "جنود عراقيون في حي الزنجيلي، 4 تموز 2017."}},
		{"Al Jazeera's dateline and a photographer", "درعا - الجزيرة: مقاتلون يتحصنون في درعا البلد. (الصورة: محمد أبازيد)",
			arDatelineGot{"الصورة: محمد أبازيد", []string{"محمد أبازيد"}, ag("الجزيرة"), "", "", []string{"درعا البلد", "درعا"}, "مقاتلون يتحصنون في درعا البلد."}},
		{"a dated dateline's outlet, date and city beside a photographer", "جنين 12-7-2023 وفا- شبان يشيعون جثمان شاب. (تصوير: نضال اشتية)",
			arDatelineGot{"تصوير: نضال اشتية", []string{"نضال اشتية"}, ag("وفا"), "2023-07-12", "12-7-2023", []string{"جنين"}, "شبان يشيعون جثمان شاب."}},
		{"SANA's bar dateline and a photographer", "حمص-سانا| عمال يرممون سوق المدينة القديم. (تصوير: رامي الحمصي)",
			arDatelineGot{"تصوير: رامي الحمصي", []string{"رامي الحمصي"}, ag("سانا"), "", "", []string{"حمص"}, "عمال يرممون سوق المدينة القديم."}},
		{"Enab Baladi's dateline", "إدلب - عنب بلدي: باعة يعرضون الخضار في سوق شعبي.",
			arDatelineGot{"عنب بلدي", nil, ag("عنب بلدي"), "", "", []string{"إدلب"}, "باعة يعرضون الخضار في سوق شعبي."}},
		{"Enab Baladi's dateline beside a photographer", "الباب - عنب بلدي: أطفال في مدرسة مدمرة. (تصوير: يوسف غريبي)",
			arDatelineGot{"تصوير: يوسف غريبي", []string{"يوسف غريبي"}, ag("عنب بلدي"), "", "", []string{"الباب"}, "أطفال في مدرسة مدمرة."}},
		{"a credit's own agency leaves the dateline in the description", "حلب - فرانس برس: أطفال يلعبون بين الأنقاض. (تصوير: باسل الأحمد - رويترز)",
			arDatelineGot{"تصوير: باسل الأحمد - رويترز", []string{"باسل الأحمد"}, ag("Reuters"), "", "", []string{"حلب"}, "حلب - فرانس برس: أطفال يلعبون بين الأنقاض."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := arDatelineGot{Credit: r.Credit, Photographers: r.Photographers, Agencies: r.Agencies,
				Date: r.Date.String(), DateText: r.DateText, Places: r.Places, Description: r.Description}
			if len(got.Photographers) == 0 {
				got.Photographers = nil
			}
			if len(got.Agencies) == 0 {
				got.Agencies = nil
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
			checkArDatelineEvidence(t, r)
		})
	}
}

// checkArDatelineEvidence asserts that the date, places and photographers
// read where their evidence points, and that the agencies' evidence lies
// in the text, outside the description.
func checkArDatelineEvidence(t *testing.T, r caption.Record) {
	t.Helper()
	read := func(field string, i int) string {
		s := r.Evidence[field][i]
		if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
			t.Fatalf("%s span %v outside the text", field, s)
		}
		return r.Text[s.Start:s.End]
	}
	if r.DateText != "" && read("date", 0) != r.DateText {
		t.Errorf("date %q read at %q", r.DateText, read("date", 0))
	}
	for i, name := range r.Places {
		if got := read("places", i); got != name {
			t.Errorf("place %q read at %q", name, got)
		}
	}
	for i, name := range r.Photographers {
		if got := read("photographers", i); got != name {
			t.Errorf("photographer %q read at %q", name, got)
		}
	}
	for i := range r.Agencies {
		if got := read("agencies", i); r.Description != "" && strings.Contains(r.Description, got) {
			t.Errorf("agency %q read at %q, which the description %q keeps", r.Agencies[i], got, r.Description)
		}
	}
}
