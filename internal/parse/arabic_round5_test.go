package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The captions of these tables were written for sijil's tests in the Arabic
// of agency wires, local media and documentation groups; the scenes are
// invented.

// arSourceGot is the part of a record TestArabicBracketSource compares.
type arSourceGot struct {
	Credit      string
	Agencies    []string
	Killed      *int
	Attribution []string
}

func arSourceOf(t *testing.T, p *Parser, in string) arSourceGot {
	t.Helper()
	r := p.Caption(in)
	got := arSourceGot{Credit: r.Credit, Killed: r.Killed, Attribution: r.Attribution}
	for _, a := range r.Agencies {
		got.Agencies = append(got.Agencies, string(a))
	}
	for _, s := range r.Evidence["attribution"] {
		if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
			t.Errorf("attribution span %v outside the text", s)
		}
	}
	return got
}

// TestArabicBracketSource: a source alone in brackets after the figures is
// their attribution (bracketSource); after the figures' full stop it is
// no credit when it names no photo's source (arFigureSource).
func TestArabicBracketSource(t *testing.T) {
	p := mustNew(t)
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		name, in string
		want     arSourceGot
	}{
		{"the observatory before the full stop, a credit after",
			"عناصر من الدفاع المدني في مدينة سراقب، 12 شباط 2020. قتل 9 مدنيين بينهم 4 أطفال (المرصد السوري لحقوق الإنسان). (أ ف ب)",
			arSourceGot{"أ ف ب", []string{"AFP"}, n(9), []string{"Syrian Observatory for Human Rights"}}},
		{"the observatory ends the caption after the full stop",
			"دمار في مدينة سراقب بعد غارة جوية، 12 شباط 2020. قتل 9 مدنيين. (المرصد السوري لحقوق الإنسان)",
			arSourceGot{"", nil, n(9), []string{"Syrian Observatory for Human Rights"}}},
		{"the observatory with no full stop at all",
			"دمار في مدينة سراقب بعد غارة جوية، 12 شباط 2020. قتل 9 مدنيين (المرصد السوري)",
			arSourceGot{"", nil, n(9), []string{"Syrian Observatory for Human Rights"}}},
		{"activists then a labelled credit",
			"امرأة في قرية ترمانين، 2020. قتل 3 أشخاص بينهم طفل جراء القصف (ناشطون). تصوير: أحمد عقيل",
			arSourceGot{"تصوير: أحمد عقيل", nil, n(3), []string{"activists"}}},
		{"activists after the figures' full stop are no outlet",
			"قصف على بلدة كفرنبل، 14 آذار 2020. أسفر القصف عن مقتل امرأة وطفلين. (ناشطون)",
			arSourceGot{"", nil, n(3), []string{"activists"}}},
		{"civil defence with its demonym inside the sentence",
			"حريق في سوق مدينة الباب إثر انفجار سيارة مفخخة، 24 تشرين الثاني 2022. قتل 7 أشخاص وأصيب 20 آخرون (الدفاع المدني السوري).",
			arSourceGot{"", nil, n(7), []string{"civil defence"}}},
		{"a ministry with its place in the brackets",
			"فلسطينيون في دير البلح، 10 تشرين الأول 2023. قتل 13 شخصاً في الغارة (وزارة الصحة في غزة). تصوير: محمود همص / أ ف ب",
			arSourceGot{"تصوير: محمود همص / أ ف ب", []string{"AFP"}, n(13), []string{"health ministry"}}},
		// Near misses.
		{"civil defence after the full stop is its handout's credit",
			"حريق في سوق مدينة الباب، 24 تشرين الثاني 2022. قتل 7 أشخاص. (الدفاع المدني السوري)",
			arSourceGot{"الدفاع المدني السوري", []string{"الدفاع المدني السوري"}, n(7), nil}},
		{"activists after a sentence without figures stay the credit",
			"أطفال يلعبون في مخيم أطمة، 10 كانون الثاني 2019. (ناشطون)",
			arSourceGot{"ناشطون", nil, nil, nil}}, // people, no agency
		{"brackets in a sentence without figures cite nothing",
			"متطوعون (الدفاع المدني) يخمدون حريقاً في إدلب، 2020. قتل 5 أشخاص.",
			arSourceGot{"", nil, n(5), nil}},
		{"a place's other name in brackets is no source",
			"قتل 5 أشخاص في مدينة سري كانيه (رأس العين)، 2019. (أ ف ب)",
			arSourceGot{"أ ف ب", []string{"AFP"}, n(5), nil}},
		{"brackets that say more than a source's name",
			"قتل 5 أشخاص في القصف (الدفاع المدني في ريف إدلب الجنوبي)، 2019. (أ ف ب)",
			arSourceGot{"أ ف ب", []string{"AFP"}, n(5), nil}},
		{"a source with a credit's parts stays the credit",
			"قصف على كفرنبل، 2020. قتل 3 أشخاص. (ناشطون / رويترز)",
			arSourceGot{"ناشطون / رويترز", []string{"Reuters"}, n(3), nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSourceOf(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicRound5Casualties: a bound after the counted noun, a bare count
// joined to the figure before, a toll's "حصيلة", a partitive "من", and
// the sources added to ar_sources.tsv.
func TestArabicRound5Casualties(t *testing.T) {
	p := mustNew(t)
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		name, in string
		want     arCasGot
	}{
		{"at least after the noun", "وقالت الشرطة إن 80 شخصاً على الأقل قتلوا في تفجير في بغداد.", arCasGot{n(80), nil, []string{"police"}}},
		{"a bare count joined to the figure before", "وقالت الوزارة إن 3 أشخاص قتلوا و17 أصيبوا في سرمدا.", arCasGot{n(3), n(17), nil}},
		{"a bare count and its verb alone are no figure", "وصل 3 أشخاص إلى المشفى و17 أصيبوا.", arCasGot{}},
		{"a bare count after a non-figure is no figure", "نازحون في 2019 قتلوا.", arCasGot{}},
		{"a toll risen to", "جرحى في أريحا، 15 آذار 2020. وارتفعت حصيلة القتلى إلى 25 شخصاً، حسب المرصد السوري لحقوق الإنسان.",
			arCasGot{n(25), nil, []string{"Syrian Observatory for Human Rights"}}},
		{"a toll of the wounded reached", "جرحى في أريحا، 15 آذار 2020. وبلغت حصيلة الجرحى 40.", arCasGot{nil, n(40), nil}},
		{"a toll with a bound", "غارة على الأتارب. وارتفعت حصيلة الضحايا إلى أكثر من 30 قتيلاً.", arCasGot{n(30), nil, nil}},
		{"a toll of the strip in a while clause", "جرحى في خان يونس، 15 آذار 2024، فيما ارتفعت حصيلة الشهداء في القطاع إلى 31 ألفاً.", arCasGot{}},
		{"a toll of a country", "جرحى في أريحا، 2023. ارتفعت حصيلة ضحايا الزلزال في سوريا إلى 4500.", arCasGot{}},
		{"a toll without its dead is no figure", "ارتفعت حصيلة الغارات إلى 12 غارة على إدلب.", arCasGot{}},
		{"a partitive with a possessive", "حطام في القامشلي. وقالت قوات سوريا الديمقراطية إن 2 من عناصرها قتلوا.", arCasGot{n(2), nil, nil}},
		{"a partitive of a plural in ين with a possessive", "وقالت الفصائل إن 4 من مقاتليها قتلوا.", arCasGot{n(4), nil, nil}},
		{"a partitive of the injured", "وقال الجيش إن 3 من المدنيين أصيبوا.", arCasGot{nil, n(3), []string{"army"}}},
		{"a partitive of no people", "دمار في 3 من الأبنية التي قتلوا فيها.", arCasGot{}},
		{"the red cross", "وأعلنت اللجنة الدولية للصليب الأحمر مقتل 29 طفلاً في ضحيان.", arCasGot{n(29), nil, []string{"Red Cross"}}},
		{"the syrian network", "قصف بالبراميل المتفجرة على حي الميسر في حلب. ووثقت الشبكة السورية لحقوق الإنسان مقتل 15 مدنياً.",
			arCasGot{n(15), nil, []string{"Syrian Network for Human Rights"}}},
		{"military sources", "وقتل 6 مقاتلين من القوات الحكومية في مأرب، وفق مصادر عسكرية.", arCasGot{n(6), nil, []string{"military source"}}},
		{"a correspondent", "قتل 4 أشخاص وجرح 10 آخرون بحسب ما أفاد مراسل الأناضول.", arCasGot{n(4), n(10), []string{"correspondent"}}},
		{"a defence ministry in brackets", "قتل 40 شخصاً على الأقل في عفرين (وزارة الدفاع التركية).", arCasGot{n(40), nil, []string{"defence ministry"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := arCasGot{r.Killed, r.Injured, r.Attribution}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicCapitalApposition: "العاصمة" and a city the lexicon knows.
func TestArabicCapitalApposition(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"the capital and its city", "يمنيون خلال تجمع في العاصمة صنعاء، 5 كانون الثاني 2024.", []string{"صنعاء"}},
		{"joined to bi", "تفجير بالعاصمة بغداد، 2016.", []string{"بغداد"}},
		{"the capital, its demonym and its city", "يمنيون في العاصمة اليمنية صنعاء، 2024.", []string{"صنعاء"}},
		{"an adjective is no city", "مبان في العاصمة الإدارية الجديدة، 2024.", nil},
		{"a city the lexicon does not know", "متظاهرون في العاصمة نواكشوط، 2024.", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			if diff := cmp.Diff(tc.want, r.Places); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicPeople: a name after a person's noun with the article, opened
// by a common given name, and the age after it.
func TestArabicPeople(t *testing.T) {
	p := mustNew(t)
	n := func(v int) *int { return &v }
	type person struct {
		Name string
		Age  *int
	}
	for _, tc := range []struct {
		name, in string
		want     []person
	}{
		{"a child, family name and age in brackets", "الطفل محمد العلي (7 أعوام) الذي أصيب بشظايا قذيفة في مدينة جسر الشغور، 3 أيار 2019. (شبكة شام)",
			[]person{{"محمد العلي", n(7)}}},
		{"a martyr's three names and an age between commas", "الشهيد أحمد خالد الحسين، 25 عاماً، قتل بقصف على بلدة التمانعة، 2019.",
			[]person{{"أحمد خالد الحسين", n(25)}}},
		{"abd and the word after it", "المسعف عبد الرحمن الأحمد يعالج طفلاً في سراقب، 2020.", []person{{"عبد الرحمن الأحمد", nil}}},
		{"a participle ends the name", "الطفلة ليلى المصابة بشظايا في مستشفى إدلب، 2020.", []person{{"ليلى", nil}}},
		{"an age in words after al-baligh", "الشاب يوسف البالغ من العمر 19 عاماً في حلب، 2016.", []person{{"يوسف", n(19)}}},
		{"a count after the name that is no age", "المواطن خالد الحمود، 3 منازل دمرت في حماة، 2016.", []person{{"خالد الحمود", nil}}},
		// Near misses.
		{"a school named after a martyr", "طلاب في مدرسة الشهيد محمد الدرة في غزة، 2015.", nil},
		{"a district named after a man", "دخان يتصاعد من منطقة الحاج يوسف بشرق النيل، 2023.", nil},
		{"a noun with no name after it", "الطفل يلعب بين الأنقاض في حلب، 2016.", nil},
		{"a word that is no given name", "الطفل الصغير يلعب في حلب، 2016.", nil},
		{"a noun without the article governs no name", "طفل محمد في حلب، 2016.", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			var got []person
			for _, pp := range r.People {
				got = append(got, person{pp.Name, pp.Age})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
			for _, s := range r.Evidence["people"] {
				if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
					t.Errorf("people span %v outside the text", s)
				}
			}
		})
	}
}
