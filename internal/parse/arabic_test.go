package parse

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// The captions of these tables were written for sijil's tests in the Arabic
// of agency wires, local media offices and newspapers; the scenes are
// invented.

func mustNew(t *testing.T) *Parser {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// arDateGot is the part of a record TestArabicDates compares.
type arDateGot struct {
	Date, Text string
	Precision  caption.Precision
	Warned     bool
}

func TestArabicDates(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arDateGot
	}{
		{"levantine and gregorian paired", "غارة على حلب في 12 آذار/مارس 2020.",
			arDateGot{"2020-03-12", "12 آذار/مارس 2020", caption.PrecisionDay, false}},
		{"a month and year opening the caption", "تموز 2014، مقاتلون في شوارع الرقة.",
			arDateGot{"2014-07", "تموز 2014", caption.PrecisionMonth, false}},
		{"two-word month paired with spaces", "نازحون في مخيم أطمة في 3 كانون الثاني / يناير 2021.",
			arDateGot{"2021-01-03", "3 كانون الثاني / يناير 2021", caption.PrecisionDay, false}},
		{"tishreen al-awwal", "مظاهرة في بيروت في 17 تشرين الأول 2019.",
			arDateGot{"2019-10-17", "17 تشرين الأول 2019", caption.PrecisionDay, false}},
		{"kanun al-awwal is december", "ثلوج في عرسال في 20 كانون الأول 2016.",
			arDateGot{"2016-12-20", "20 كانون الأول 2016", caption.PrecisionDay, false}},
		{"gregorian alone", "احتجاجات في الخرطوم في 6 أبريل 2019.",
			arDateGot{"2019-04-06", "6 أبريل 2019", caption.PrecisionDay, false}},
		{"hamza-less spelling", "احتجاجات في الخرطوم في 6 ابريل 2019.",
			arDateGot{"2019-04-06", "6 ابريل 2019", caption.PrecisionDay, false}},
		{"arabic-indic digits", "قصف على إدلب في ١٥ شباط ٢٠٢٠.",
			arDateGot{"2020-02-15", "١٥ شباط ٢٠٢٠", caption.PrecisionDay, false}},
		{"eastern arabic-indic digits", "قصف على إدلب في ۱۵ شباط ۲۰۲۰.",
			arDateGot{"2020-02-15", "۱۵ شباط ۲۰۲۰", caption.PrecisionDay, false}},
		{"parenthesised pair", "دمار في الرقة في 20 تشرين الأول (أكتوبر) 2017.",
			arDateGot{"2017-10-20", "20 تشرين الأول (أكتوبر) 2017", caption.PrecisionDay, false}},
		{"pair with no mark", "صورة التقطت يوم 20 أكتوبر تشرين الأول 2017 في الرقة.",
			arDateGot{"2017-10-20", "20 أكتوبر تشرين الأول 2017", caption.PrecisionDay, false}},
		{"ordinal day", "غارة على حلب في السادس من تشرين الثاني/نوفمبر 2016.",
			arDateGot{"2016-11-06", "السادس من تشرين الثاني/نوفمبر 2016", caption.PrecisionDay, false}},
		{"ordinal first, hamza", "قصف على إدلب في الأول من آذار/مارس 2020.",
			arDateGot{"2020-03-01", "الأول من آذار/مارس 2020", caption.PrecisionDay, false}},
		{"ordinal teens", "تظاهرة في درعا في الحادي عشر من أيلول 2015.",
			arDateGot{"2015-09-11", "الحادي عشر من أيلول 2015", caption.PrecisionDay, false}},
		{"ordinal twenties with month word", "جثث في زملكا في الحادي والعشرين من شهر آب/أغسطس 2013.",
			arDateGot{"2013-08-21", "الحادي والعشرين من شهر آب/أغسطس 2013", caption.PrecisionDay, false}},
		{"ordinal tens", "متطوعون في كربلاء في الثلاثين من حزيران 2014.",
			arDateGot{"2014-06-30", "الثلاثين من حزيران 2014", caption.PrecisionDay, false}},
		{"ordinal second is not the month's second word", "دمار في صنعاء في الثاني من كانون الثاني/يناير 2016.",
			arDateGot{"2016-01-02", "الثاني من كانون الثاني/يناير 2016", caption.PrecisionDay, false}},
		{"no 32nd: the month", "قصف على حمص في الثاني والثلاثين من أيار 2024.",
			arDateGot{"2024-05", "أيار 2024", caption.PrecisionMonth, false}},
		{"month and year", "نازحون في مخيم الركبان في حزيران/يونيو 2018.",
			arDateGot{"2018-06", "حزيران/يونيو 2018", caption.PrecisionMonth, false}},
		{"month year word", "دمار في الموصل في تموز عام 2017.",
			arDateGot{"2017-07", "تموز عام 2017", caption.PrecisionMonth, false}},
		{"numeric day first", "انفجار في بغداد، 12-3-2020.",
			arDateGot{"2020-03-12", "12-3-2020", caption.PrecisionDay, false}},
		{"numeric year first with uneven spaces", "انفجار في بغداد، 2020 /3/ 12.",
			arDateGot{"2020-03-12", "2020 /3/ 12", caption.PrecisionDay, false}},
		{"day of the month of", "قصف على حماة يوم 12 من شهر آذار 2020.", arDateGot{"2020-03-12", "12 من شهر آذار 2020", caption.PrecisionDay, false}},
		{"numeric with dots", "ضحايا في حلب بتاريخ 12.03.2016.", arDateGot{"2016-03-12", "12.03.2016", caption.PrecisionDay, false}},
		{"numeric with a milady mark", "انفجار في بغداد بتاريخ ١٢/٠٣/٢٠٢٠م.",
			arDateGot{"2020-03-12", "١٢/٠٣/٢٠٢٠", caption.PrecisionDay, false}},
		{"impossible numeric date", "انفجار في بغداد، 31/2/2020.", arDateGot{}},
		{"year word", "مقاتلون قرب إدلب عام 2019.", arDateGot{"2019", "عام 2019", caption.PrecisionYear, false}},
		{"last year is no date", "مقاتلون قرب إدلب في العام الماضي.", arDateGot{}},
		{"a full date wins over a year word", "مقاتلون في إدلب عام 2019، في 3 أيار 2019.",
			arDateGot{"2019-05-03", "3 أيار 2019", caption.PrecisionDay, false}},
		{"since a year is another event's", "مخيم يؤوي نازحين منذ عام 2012 قرب الحدود.", arDateGot{}},
		{"day and month without a year", "أطفال يلعبون في حلب في 12 آذار.", arDateGot{Warned: true}},
		{"revolution named by its date", "متظاهرون في ذكرى ثورة 15 آذار في إدلب.", arDateGot{}},
		{"anniversary with its year", "وقفة في ذكرى 11 أيلول 2001 في نيويورك.", arDateGot{}},
		{"holiday then the photo's date", "احتفال بعيد 17 نيسان في دمشق في 17 نيسان/أبريل 2010.",
			arDateGot{"2010-04-17", "17 نيسان/أبريل 2010", caption.PrecisionDay, false}},
		{"an anniversary before the comma leaves the date after it", "طلاب يتجمعون في ساحة التحرير ببغداد في ذكرى احتجاجات تشرين، 1 تشرين الأول/أكتوبر 2023.",
			arDateGot{"2023-10-01", "1 تشرين الأول/أكتوبر 2023", caption.PrecisionDay, false}},
		{"a revolution word before the comma", "مسيرة حاشدة في مدينة تعز في ذكرى انطلاق الثورة اليمنية، 11 شباط/فبراير 2021.",
			arDateGot{"2021-02-11", "11 شباط/فبراير 2021", caption.PrecisionDay, false}},
		{"a holiday before a Latin comma", "أطفال يحتفلون في مخيم الزعتري بأول أيام العيد, 10 نيسان 2024.",
			arDateGot{"2024-04-10", "10 نيسان 2024", caption.PrecisionDay, false}},
		{"a holiday two words back governs no date", "مصلون يؤدون صلاة عيد الفطر 21 نيسان/أبريل 2023 في مدينة الفاشر.",
			arDateGot{"2023-04-21", "21 نيسان/أبريل 2023", caption.PrecisionDay, false}},
		{"a massacre named by its date", "ناجون يحيون ذكرى مجزرة 16 آذار 1988 في حلبجة.", arDateGot{}},
		{"ab the father is no month", "أب يحمل طفله في حلب عام 2016.", arDateGot{"2016", "عام 2016", caption.PrecisionYear, false}},
		{"ab the month", "حريق في مرفأ بيروت في 4 آب 2020.", arDateGot{"2020-08-04", "4 آب 2020", caption.PrecisionDay, false}},
		{"maghrebi month", "مهاجرون في طرابلس في 3 جويلية 2019.", arDateGot{"2019-07-03", "3 جويلية 2019", caption.PrecisionDay, false}},
		{"an anniversary's month before the day", "مسيرة في بلدة كفرنبل في ذكرى مجزرة الحولة في أيار 2012، الجمعة 25 أيار/مايو 2018.",
			arDateGot{"2018-05-25", "25 أيار/مايو 2018", caption.PrecisionDay, false}},
		{"a relative clause's day before the photo's", "أنقاض السوق الذي قصف في 3 آذار 2016 في مدينة معرة النعمان، 9 نيسان 2017.",
			arDateGot{"2017-04-09", "9 نيسان 2017", caption.PrecisionDay, false}},
		{"the day wins over an earlier month", "نازحون عادوا في حزيران 2019 إلى قرية في ريف الحسكة، 14 تموز 2019.",
			arDateGot{"2019-07-14", "14 تموز 2019", caption.PrecisionDay, false}},
		{"a relative clause's date alone is still read", "حطام حافلة استهدفتها الغارة التي وقعت في 9 آب 2018 في ضحيان.",
			arDateGot{"2018-08-09", "9 آب 2018", caption.PrecisionDay, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := arDateGot{Date: r.Date.String(), Text: r.DateText, Precision: r.Date.Precision}
			for _, w := range r.Warnings {
				got.Warned = got.Warned || strings.Contains(w, "without a year")
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
			if r.Lang != "ar" {
				t.Errorf("lang %q", r.Lang)
			}
			if sp := r.Evidence["date"]; tc.want.Date != "" && (len(sp) != 1 || r.Text[sp[0].Start:sp[0].End] != tc.want.Text) {
				t.Errorf("date evidence %v, want one span of %q", sp, tc.want.Text)
			}
		})
	}
}

// arCasGot is the part of a record TestArabicCasualties compares.
type arCasGot struct {
	Killed, Injured *int
	Attribution     []string
}

func TestArabicCasualties(t *testing.T) {
	p := mustNew(t)
	n := func(v int) *int { return &v }
	for _, tc := range []struct {
		name, in string
		want     arCasGot
	}{
		{"noun first, killed and injured", "مقتل 5 أشخاص وإصابة 12 آخرين بانفجار في إعزاز.", arCasGot{n(5), n(12), nil}},
		{"passive verb, accusative count", "قتل 15 مدنيا في غارة على أريحا.", arCasGot{n(15), nil, nil}},
		{"a share of the killed is no injured figure", "مقتل 12 مدنياً بينهم أربعة أطفال وإصابة 20 آخرين في غارة على إدلب.", arCasGot{n(12), n(20), nil}},
		{"a war's toll since a year", "مقاتلون في الرقة. ويقدر المرصد أن أكثر من 300 ألف شخص قتلوا منذ 2011.", arCasGot{nil, nil, nil}},
		{"a war's toll since its start", "منذ بداية الحرب قتل أكثر من 15 ألف شخص. نازحون في الفاشر.", arCasGot{nil, nil, nil}},
		{"since in a clause of its own", "مقتل 5 أشخاص في غارة على مخيم يؤوي نازحين منذ 2012 قرب إدلب.", arCasGot{n(5), nil, nil}},
		{"count then nouns", "سقوط 7 قتلى و15 جريحاً في قصف على سوق في أريحا.", arCasGot{n(7), n(15), nil}},
		{"injured noun after a killing word", "سقوط 12 جريحا في قصف على دوما.", arCasGot{nil, n(12), nil}},
		{"subject then verb", "ثلاثة أطفال قتلوا في غارة على غزة.", arCasGot{n(3), nil, nil}},
		{"laqiya hatfahum", "لقي 3 أشخاص حتفهم في قصف على سراقب.", arCasGot{n(3), nil, nil}},
		{"martyrs", "استشهد 4 فلسطينيين في غارة على رفح.", arCasGot{n(4), nil, nil}},
		{"number word", "مقتل ثلاثة مدنيين في قصف على حماة.", arCasGot{n(3), nil, nil}},
		{"arabic-indic numeral", "مقتل ١٢ شخصا في انفجار في بغداد.", arCasGot{n(12), nil, nil}},
		{"thousands separator", "مقتل ١٬٢٠٠ شخص في الهجوم.", arCasGot{n(1200), nil, nil}},
		{"dual noun", "مقتل شخصين في قصف على إدلب.", arCasGot{n(2), nil, nil}},
		{"singular noun counts one", "مقتل طفل وإصابة امرأة بقصف على اللطامنة.", arCasGot{n(1), n(1), nil}},
		{"a kin with a possessive counts one", "مقتل شاب وإصابة والدته بقذيفة على حي الوعر.", arCasGot{n(1), n(1), nil}},
		{"a kin in the dual counts two", "إصابة طفليها بشظايا قذيفة في معرة مصرين.", arCasGot{nil, n(2), nil}},
		{"a leader with a possessive is no kin", "مقتل قائدها في غارة على مقر للفصيل.", arCasGot{nil, nil, nil}},
		{"a casualty word that ends the caption", "قصف على القرية ومقتل", arCasGot{nil, nil, nil}},
		{"at least", "مقتل ما لا يقل عن 20 شخصا في غارات على الغوطة.", arCasGot{n(20), nil, nil}},
		{"observatory by its full name", "قتل 9 مدنيين في غارة على إدلب، بحسب المرصد السوري لحقوق الإنسان.",
			arCasGot{n(9), nil, []string{"Syrian Observatory for Human Rights"}}},
		{"observatory with a clitic", "قتل 9 مدنيين في غارة على إدلب، وفقاً للمرصد السوري.",
			arCasGot{n(9), nil, []string{"Syrian Observatory for Human Rights"}}},
		{"verb of saying first", "وأفادت مصادر طبية بمقتل سبعة مدنيين في الحديدة.", arCasGot{n(7), nil, []string{"medical sources"}}},
		{"activists", "مقتل 4 أشخاص في قصف على درعا، حسب ناشطين.", arCasGot{n(4), nil, []string{"activists"}}},
		{"uncued source is no attribution", "الدفاع المدني ينتشل 6 قتلى من تحت الأنقاض في حلب.", arCasGot{n(6), nil, nil}},
		{"displaced people killed are casualties", "مقتل 5 نازحين في قصف على مخيم قرب سرمدا.", arCasGot{n(5), nil, nil}},
		{"houses hit are no injuries", "إصابة 3 منازل بقذائف في درعا.", arCasGot{}},
		{"took the lives of", "انفجار أودى بحياة 12 شخصا في بغداد.", arCasGot{n(12), nil, nil}},
		{"fell its victims", "دمار في سوق شعبي بمدينة صعدة إثر غارة راح ضحيتها 12 مدنياً.", arCasGot{n(12), nil, nil}},
		{"fell his victims", "انفجار عبوة ناسفة في سيارة بمدينة الباب راح ضحيته 4 أشخاص.", arCasGot{n(4), nil, nil}},
		{"its victims without fell is no figure", "أهالي ضحيتها 5 أطفال.", arCasGot{}},
		{"a from-phrase between the noun and its verb", "خمسة عناصر من قوات الأمن الداخلي قتلوا في هجوم على حاجز قرب الرقة.", arCasGot{n(5), nil, nil}},
		{"a from-phrase before the injured verb", "سبعة مدنيين من أهالي القرية أصيبوا في القصف على الضالع.", arCasGot{nil, n(7), nil}},
		{"a from-phrase too long is no subject", "ثلاثة مقاتلين من أبناء العشائر العربية في ريف دير الزور الشرقي قتلوا أمس.", arCasGot{}},
		{"a dual noun, a from-phrase and a dual verb", "أنصار الحركة يشيعون مقاتلين من الحركة قتلا في غارة على النبطية.", arCasGot{n(2), nil, nil}},
		{"a dual spelt as a plural with a dual verb", "مدنيين أصيبا برصاص قناص في مدينة تعز.", arCasGot{nil, n(2), nil}},
		{"a dual subject after the verb", "استشهد طفلان في قصف مدفعي على بيت حانون.", arCasGot{n(2), nil, nil}},
		{"a woman and her child", "آثار قصف على منزل في قرية كفرومة أسفر عن مقتل امرأة وطفلها.", arCasGot{n(2), nil, nil}},
		{"a woman and two children", "مقتل امرأة وطفلين في غارة على بلدة حيس.", arCasGot{n(3), nil, nil}},
		{"a man, his wife and three children", "مقتل رجل وزوجته وثلاثة أطفال بقصف على حي في الموصل القديمة.", arCasGot{n(5), nil, nil}},
		{"children and their mother", "مقتل 3 أطفال ووالدتهم في قصف على خان يونس.", arCasGot{n(4), nil, nil}},
		{"soldiers and civilians", "مقتل 4 جنود و3 مدنيين في هجوم على الفاشر.", arCasGot{n(7), nil, nil}},
		{"life is no casualty word", "حياة 12 عائلة نازحة في خطر.", arCasGot{}},
		{"vague tens", "عشرات القتلى والجرحى في غارات على الفلوجة.", arCasGot{}},
		{"vague tens after the noun", "مقتل العشرات في قصف على حلب.", arCasGot{}},
		{"displaced are no casualties", "نحو 80 ألف نازح في مخيم الزعتري.", arCasGot{}},
		{"population is no casualties", "يعيش في المخيم 50 ألف نسمة.", arCasGot{}},
		{"infections are no injuries", "تسجيل 50 إصابة بفيروس كورونا في مخيم الهول.", arCasGot{}},
		{"toll of an earlier year", "تشييع في الغوطة في 5 آب 2014. وكان الهجوم الذي وقع عام 2013 قد أسفر عن مقتل 1400 شخص.", arCasGot{}},
		{"toll of an earlier month", "أقارب يبكون في بغداد. الهجوم الذي وقع الشهر الماضي أسفر عن مقتل 80 شخصا.", arCasGot{}},
		{"this year's toll stays", "قصف على إدلب في 5 آب 2019 أسفر عن مقتل 8 أشخاص.", arCasGot{n(8), nil, nil}},
		{"a day is no figure", "مقتل في 12 آذار 2020 قرب حلب.", arCasGot{}},
		{"a nisba in the nominative dual", "استشهد فلسطينيان برصاص الجيش في مخيم بلاطة شرق نابلس.", arCasGot{n(2), nil, nil}},
		{"a broken-plural noun in the dual", "مقتل عنصرين من الجيش بانفجار لغم في ريف الحسكة.", arCasGot{n(2), nil, nil}},
		{"a nisba in ين with two after it", "مقتل مدنيين اثنين بغارة على بلدة الحوش في صعدة.", arCasGot{n(2), nil, nil}},
		{"injured in the nominative dual", "أصيب عنصران من الشرطة بهجوم مسلح في كركوك.", arCasGot{nil, n(2), nil}},
		{"a nisba in ين alone is a plural", "مقتل مدنيين في قصف على الحديدة.", arCasGot{}},
		{"a dual killed noun", "قتيلان بانفجار سيارة مفخخة في مدينة الصدر ببغداد.", arCasGot{n(2), nil, nil}},
		{"a dual injured noun after and", "4 قتلى وجريحان بقصف على بلدة كفرومة.", arCasGot{n(4), n(2), nil}},
		{"dual martyrs and injured", "شهيدان و7 جرحى في غارة على بيت لاهيا.", arCasGot{n(2), n(7), nil}},
		{"in it between the verb and the count", "قصف على مدرسة في جباليا قتل فيه 9 نازحين.", arCasGot{n(9), nil, nil}},
		{"after it between the verb and the count", "غارة على سوق في حيس أصيب إثرها 6 مدنيين.", arCasGot{nil, n(6), nil}},
		{"an anniversary's dead are background", "مسيرة في بلدة كفرنبل في ذكرى مجزرة الحولة التي قتل فيها 108 أشخاص، 25 أيار 2018.", arCasGot{}},
		{"a figure dated to another year in its clause", "تشييع في الموصل لضحايا تفجير قتل 30 شخصاً في 2016، 3 تموز 2017.", arCasGot{}},
		{"a toll in a while clause", "نازحون في مخيم بخان يونس، 3 آذار 2024، فيما تجاوزت حصيلة الضحايا 30 ألف شهيد.", arCasGot{}},
		{"a toll over two countries", "مسعفون في مدينة أنطاكيا، 9 شباط 2023. وارتفعت حصيلة قتلى الزلزال في تركيا وسوريا إلى 20 ألف قتيل.", arCasGot{}},
		{"a toll over the strip", "مشيعون في رفح. وارتفعت حصيلة الشهداء في القطاع إلى 250 شهيدا.", arCasGot{}},
		{"the toll of the scene stays", "ارتفعت حصيلة ضحايا الغارة على مدينة الأتارب إلى 12 قتيلا.", arCasGot{n(12), nil, nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := arCasGot{r.Killed, r.Injured, r.Attribution}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
			for _, f := range []string{"killed", "injured", "attribution"} {
				for _, s := range r.Evidence[f] {
					if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
						t.Errorf("%s span %v outside the text", f, s)
					}
				}
			}
		})
	}
}

// arPlaceGot is the part of a record TestArabicPlaces compares.
type arPlaceGot struct {
	Places  []caption.PlaceRef
	Country caption.CountryCode
	Basis   caption.CountryBasis
}

func TestArabicPlaces(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"city and countryside", "غارة على مدينة دوما بريف دمشق.", arPlaceGot{[]caption.PlaceRef{wantRef("دوما", "city", false), wantRef("دمشق", "countryside", true)}, "SY", caption.CountryHint}},
		{"town in the countryside with adjective", "قصف على بلدة سراقب في ريف إدلب الشرقي.", arPlaceGot{[]caption.PlaceRef{wantRef("سراقب", "town", false), wantRef("إدلب", "countryside", true)}, "SY", caption.CountryHint}},
		{"village", "أهالي قرية التمانعة يدفنون موتاهم.", arPlaceGot{[]caption.PlaceRef{wantRef("التمانعة", "village", false)}, "", ""}},
		{"neighbourhood then city joined to bi", "دمار في حي الشعار بمدينة حلب.", arPlaceGot{[]caption.PlaceRef{wantRef("الشعار", "neighbourhood", false), wantRef("حلب", "city", false)}, "SY", caption.CountryHint}},
		{"neighbourhood then bare city joined to bi", "دمار في حي جوبر بدمشق.", arPlaceGot{[]caption.PlaceRef{wantRef("جوبر", "neighbourhood", false), wantRef("دمشق", "", false)}, "SY", caption.CountryHint}},
		{"camp", "أطفال في مخيم اليرموك جنوب دمشق.", arPlaceGot{[]caption.PlaceRef{wantRef("اليرموك", "camp", false), wantRef("دمشق", "", true)}, "SY", caption.CountryHint}},
		{"camp with a head word", "مخيم عين الحلوة للاجئين الفلسطينيين في لبنان.", arPlaceGot{[]caption.PlaceRef{wantRef("عين الحلوة", "camp", false)}, "LB", caption.CountryNamed}},
		{"province", "نازحون في محافظة الحسكة.", arPlaceGot{[]caption.PlaceRef{wantRef("الحسكة", "province", false)}, "", ""}},
		{"in X then compass and country", "انفجار في إدلب شمال غرب سوريا.", arPlaceGot{[]caption.PlaceRef{wantRef("إدلب", "", false)}, "SY", caption.CountryNamed}},
		{"in X comma country", "دمار في الرقة، سوريا.", arPlaceGot{[]caption.PlaceRef{wantRef("الرقة", "", false)}, "SY", caption.CountryNamed}},
		{"two-word name with article", "قصف على مدينة دير الزور.", arPlaceGot{[]caption.PlaceRef{wantRef("دير الزور", "city", false)}, "", ""}},
		{"two-word name after a head", "غارة على مدينة خان شيخون.", arPlaceGot{[]caption.PlaceRef{wantRef("خان شيخون", "city", false)}, "", ""}},
		{"adjective after the name is no part of it", "معارك في حلب الشرقية.", arPlaceGot{[]caption.PlaceRef{wantRef("حلب", "", false)}, "", ""}},
		{"near a place word", "معارك قرب مدينة إدلب.", arPlaceGot{[]caption.PlaceRef{wantRef("إدلب", "city", true)}, "", ""}},
		{"near without a place word", "معارك بالقرب من سراقب.", arPlaceGot{[]caption.PlaceRef{wantRef("سراقب", "", true)}, "", ""}},
		{"compass only", "معارك جنوب دمشق.", arPlaceGot{[]caption.PlaceRef{wantRef("دمشق", "", true)}, "", ""}},
		{"compass before a country names no place", "نازحون في شمال غرب سوريا.", arPlaceGot{nil, "SY", caption.CountryNamed}},
		{"smoke over a town", "أعمدة دخان تتصاعد فوق أم درمان.", arPlaceGot{[]caption.PlaceRef{wantRef("أم درمان", "", false)}, "", ""}},
		{"a town's market", "قصف مدفعي على سوق نيالا في جنوب دارفور.", arPlaceGot{[]caption.PlaceRef{wantRef("نيالا", "", false), wantRef("جنوب دارفور", "", false)}, "SD", caption.CountryHint}},
		{"a town's hospital and an adjective", "مظاهرة أمام مستشفى مصراتة المركزي، ليبيا.", arPlaceGot{[]caption.PlaceRef{wantRef("مصراتة", "", false)}, "LY", caption.CountryNamed}},
		{"a market of no known town", "دمار في سوق المدينة.", arPlaceGot{nil, "", ""}},
		{"a crater is no place", "أطفال قرب حفرة في حي الكلاسة بمدينة حلب.", arPlaceGot{[]caption.PlaceRef{wantRef("الكلاسة", "neighbourhood", false), wantRef("حلب", "city", false)}, "SY", caption.CountryHint}},
		{"the country that leads a coalition", "غارة جوية لطيران التحالف بقيادة السعودية على مدينة تعز.", arPlaceGot{[]caption.PlaceRef{wantRef("تعز", "city", false)}, "", ""}},
		{"the country that backs fighters", "مقاتلون من المعارضة المدعومة من تركيا في مدينة عفرين.", arPlaceGot{[]caption.PlaceRef{wantRef("عفرين", "city", false)}, "", ""}},
		{"the border with a country", "نازحون في مخيم قرب الحدود مع تركيا.", arPlaceGot{nil, "", ""}},
		{"a border's demonym", "نازحون في مخيم قرب الحدود التركية.", arPlaceGot{nil, "", ""}},
		{"a weapon's demonym", "دمار إثر غارة روسية على مدينة إدلب.", arPlaceGot{[]caption.PlaceRef{wantRef("إدلب", "city", false)}, "", ""}},
		{"a people's demonym still hints", "لاجئون سوريون في مخيم الزعتري.", arPlaceGot{[]caption.PlaceRef{wantRef("الزعتري", "camp", false)}, "SY", caption.CountryHint}},
		{"capital, demonym, name", "مسلحون في العاصمة اليمنية صنعاء.", arPlaceGot{[]caption.PlaceRef{wantRef("صنعاء", "city", false)}, "YE", caption.CountryNamed}},
		{"demonym after a place names the country", "دمار في مدينة حلب السورية.", arPlaceGot{[]caption.PlaceRef{wantRef("حلب", "city", false)}, "SY", caption.CountryNamed}},
		{"demonym alone hints", "لاجئون سوريون يعبرون الحدود.", arPlaceGot{nil, "SY", caption.CountryHint}},
		{"demonym in an actor says nothing", "عناصر من الجيش السوري في مدينة درعا.", arPlaceGot{[]caption.PlaceRef{wantRef("درعا", "city", false)}, "", ""}},
		{"gaza city", "غارة إسرائيلية على مدينة غزة.", arPlaceGot{[]caption.PlaceRef{wantRef("غزة", "city", false)}, "PS", caption.CountryNamed}},
		{"gaza strip", "دمار في خان يونس جنوب قطاع غزة.", arPlaceGot{[]caption.PlaceRef{wantRef("خان يونس", "", false)}, "PS", caption.CountryNamed}},
		{"country with a clitic", "نازحون في مخيمات بالسودان.", arPlaceGot{nil, "SD", caption.CountryNamed}},
		{"suburbs joined to li", "غارة على الضاحية الجنوبية لبيروت.", arPlaceGot{[]caption.PlaceRef{wantRef("بيروت", "", true)}, "", ""}},
		{"port of a city", "انفجار في مرفأ بيروت، لبنان.", arPlaceGot{[]caption.PlaceRef{wantRef("بيروت", "", false)}, "LB", caption.CountryNamed}},
		{"eastern ghouta is one name", "قصف على بلدة حمورية في الغوطة الشرقية.", arPlaceGot{[]caption.PlaceRef{wantRef("حمورية", "town", false), wantRef("الغوطة الشرقية", "", false)}, "SY", caption.CountryHint}},
		{"SANA dateline's city after the scene's place", "حمص-سانا| عناصر الإطفاء يخمدون حريقاً في حي الوعر، 3 أيار 2024.", arPlaceGot{[]caption.PlaceRef{wantRef("الوعر", "neighbourhood", false), wantRef("حمص", "", false)}, "", ""}},
		{"agency dateline's city", "دمشق (أ ف ب) - دخان يتصاعد فوق حي جوبر، 3 أيار 2018.", arPlaceGot{[]caption.PlaceRef{wantRef("جوبر", "neighbourhood", false), wantRef("دمشق", "", false)}, "", ""}},
		{"a dateline alone places the scene", "حلب-سانا| أطفال يلعبون في حديقة عامة، 3 أيار 2024.", arPlaceGot{[]caption.PlaceRef{wantRef("حلب", "", false)}, "", ""}},
		{"known place after a preposition", "نازحون في إدلب.", arPlaceGot{[]caption.PlaceRef{wantRef("إدلب", "", false)}, "", ""}},
		{"known place joined to bi", "قصف بحمص أمس.", arPlaceGot{[]caption.PlaceRef{wantRef("حمص", "", false)}, "", ""}},
		{"known place with the article joined to bi", "دمار بالرقة.", arPlaceGot{[]caption.PlaceRef{wantRef("الرقة", "", false)}, "", ""}},
		{"two known places", "مظاهرات في دمشق وحلب.", arPlaceGot{[]caption.PlaceRef{wantRef("دمشق", "", false), wantRef("حلب", "", false)}, "SY", caption.CountryHint}},
		{"known two-word place", "غارة على خان يونس.", arPlaceGot{[]caption.PlaceRef{wantRef("خان يونس", "", false)}, "", ""}},
		{"dateline with a country", "معرة النعمان، سوريا - أطفال يلعبون.", arPlaceGot{[]caption.PlaceRef{wantRef("معرة النعمان", "", false)}, "SY", caption.CountryNamed}},
		{"dateline of a known place", "إدلب - أطفال يلعبون بين الأنقاض.", arPlaceGot{[]caption.PlaceRef{wantRef("إدلب", "", false)}, "", ""}},
		{"a place that is also a word is left to place words", "رجل يقف عند الباب في المخيم.", arPlaceGot{}},
		{"known place that starts with bi", "قصف على بنش.", arPlaceGot{[]caption.PlaceRef{wantRef("بنش", "", false)}, "", ""}},
		{"checkpoint named after its village", "شبان قرب حاجز حوارة جنوب نابلس.", arPlaceGot{[]caption.PlaceRef{wantRef("حوارة", "", true), wantRef("نابلس", "", true)}, "PS", caption.CountryHint}},
		{"area in the centre of a city", "انفجار في منطقة الكرادة وسط بغداد.", arPlaceGot{[]caption.PlaceRef{wantRef("الكرادة", "", false), wantRef("بغداد", "", false)}, "IQ", caption.CountryHint}},
		{"streets of a city", "قوات الأمن تنتشر في شوارع البصرة.", arPlaceGot{[]caption.PlaceRef{wantRef("البصرة", "", false)}, "", ""}},
		{"a hospital in a city", "رضيع في مستشفى بمدينة رفح جنوبي قطاع غزة.", arPlaceGot{[]caption.PlaceRef{wantRef("رفح", "city", false)}, "PS", caption.CountryNamed}},
		{"a common noun before a demonym is no place", "لاجئون فروا من الغزو الروسي.", arPlaceGot{nil, "RU", caption.CountryHint}},
		{"the border is no place", "خيام قرب الحدود التركية في بلدة سرمدا.", arPlaceGot{[]caption.PlaceRef{wantRef("سرمدا", "town", false)}, "", ""}},
		{"from is no scene", "نازحون فروا من حلب يصلون إلى مخيم أطمة.", arPlaceGot{[]caption.PlaceRef{wantRef("أطمة", "camp", false)}, "SY", caption.CountryHint}},
		{"a demonym after a place in a preposition names the country", "حريق في مخيم للاجئين السوريين في بلدة بر الياس بالبقاع اللبناني.",
			arPlaceGot{[]caption.PlaceRef{wantRef("بر الياس", "town", false)}, "LB", caption.CountryNamed}},
		{"the far south is no place", "غارات على مدينة رفح في أقصى جنوب قطاع غزة.", arPlaceGot{[]caption.PlaceRef{wantRef("رفح", "city", false)}, "PS", caption.CountryNamed}},
		{"one of the suburbs", "قوات في إحدى ضواحي الخرطوم.", arPlaceGot{[]caption.PlaceRef{wantRef("الخرطوم", "", true)}, "", ""}},
		{"a date joined to bi is no place", "ضحايا في مدينة حلب بتاريخ 12.03.2016.", arPlaceGot{[]caption.PlaceRef{wantRef("حلب", "city", false)}, "", ""}},
		{"in the hospital is no place", "جرحى في المستشفى بعد القصف.", arPlaceGot{}},
		{"an event word is no name", "دمار في بلدة بعد القصف.", arPlaceGot{}},
		{"a town of the known list after a preposition", "أطفال يلعبون بين الأنقاض في مارع، 3 آذار/مارس 2018.", arPlaceGot{[]caption.PlaceRef{wantRef("مارع", "", false)}, "", ""}},
		{"a two-word town of the known list", "نازحون يصلون إلى عين عيسى.", arPlaceGot{[]caption.PlaceRef{wantRef("عين عيسى", "", false)}, "", ""}},
		{"a Gaza district of the known list", "دمار في الشجاعية بعد غارة.", arPlaceGot{[]caption.PlaceRef{wantRef("الشجاعية", "", false)}, "", ""}},
		{"a Sudanese town of the known list joined to bi", "معارك بالدلنج أمس.", arPlaceGot{[]caption.PlaceRef{wantRef("الدلنج", "", false)}, "", ""}},
		{"a month is no town", "قصف في آب الماضي.", arPlaceGot{}},
		{"a pretext is no town", "اعتقالات بحجة أمنية.", arPlaceGot{}},
		{"the town people fled from is no scene", "نازحون فروا من مدينة سنجار يصلون إلى مخيم في بلدة زاخو شمال العراق.",
			arPlaceGot{[]caption.PlaceRef{wantRef("زاخو", "town", false)}, "IQ", caption.CountryNamed}},
		{"fleeing the shelling of a city", "فلسطينيون يصلون إلى رفح فراراً من القصف على مدينة غزة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("رفح", "", false)}, "PS", caption.CountryNamed}},
		{"after their displacement from a city", "أطفال يمنيون في مخيم بمدينة مأرب بعد نزوحهم من مدينة الحديدة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("مأرب", "city", false)}, "YE", caption.CountryHint}},
		{"where the dead were killed is no funeral's scene", "أنصار الحزب يشيعون في بلدة النبطية جنوب لبنان مقاتلين قتلوا في اشتباكات بمدينة حلب.",
			arPlaceGot{[]caption.PlaceRef{wantRef("النبطية", "town", false)}, "LB", caption.CountryNamed}},
		{"dual dead and the funeral's camp", "مشيعون يحملون جثماني طفلين استشهدا في قصف على بلدة بيت لاهيا، خلال جنازتهما في مخيم جباليا.",
			arPlaceGot{[]caption.PlaceRef{wantRef("جباليا", "camp", false)}, "PS", caption.CountryHint}},
		{"met their death in another town", "أقارب يبكون أمام مستشفى بعقوبة على أشخاص لقوا حتفهم في تفجير بمدينة المقدادية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("بعقوبة", "", false)}, "IQ", caption.CountryHint}},
		{"the funeral's place comes first", "جثامين ضحايا القصف على حي الشجاعية، خلال تشييعهم في مخيم النصيرات وسط قطاع غزة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("النصيرات", "camp", false), wantRef("الشجاعية", "neighbourhood", false)}, "PS", caption.CountryNamed}},
		{"where the dead were killed, when it is the only place", "جثث مدنيين قتلوا في قصف على بلدة سراقب.",
			arPlaceGot{[]caption.PlaceRef{wantRef("سراقب", "town", false)}, "", ""}},
		{"an ancient city's adjective is no part of its name", "جنود يتجولون بين آثار مدينة تدمر الأثرية في ريف حمص الشرقي.",
			arPlaceGot{[]caption.PlaceRef{wantRef("تدمر", "city", false), wantRef("حمص", "countryside", true)}, "SY", caption.CountryHint}},
		{"a historic town's adjective", "سياح في بلدة معلولا التاريخية بريف دمشق.",
			arPlaceGot{[]caption.PlaceRef{wantRef("معلولا", "town", false), wantRef("دمشق", "countryside", true)}, "SY", caption.CountryHint}},
		{"an archaeological village's adjective", "جنود إسرائيليون في بلدة سبسطية الأثرية شمال نابلس.",
			arPlaceGot{[]caption.PlaceRef{wantRef("سبسطية", "town", false), wantRef("نابلس", "", true)}, "PS", caption.CountryHint}},
		{"a mountain joined to bi takes its second word", "قصف على قرية كنصفرة بجبل الزاوية جنوب إدلب.",
			arPlaceGot{[]caption.PlaceRef{wantRef("كنصفرة", "village", false), wantRef("جبل الزاوية", "", false), wantRef("إدلب", "", true)}, "SY", caption.CountryHint}},
		{"a two-word town joined to bi after a district", "دمار في حي مقتلة بعين العرب شمال سوريا.",
			arPlaceGot{[]caption.PlaceRef{wantRef("مقتلة", "neighbourhood", false), wantRef("عين العرب", "", false)}, "SY", caption.CountryNamed}},
		{"a Kurdish name with the Arabic one in brackets", "دخان يتصاعد فوق بلدة كري سبي (تل أبيض) إثر قصف مدفعي.",
			arPlaceGot{[]caption.PlaceRef{wantRef("كري سبي", "town", false), wantRef("تل أبيض", "town", false)}, "SY", caption.CountryHint}},
		{"a city's other name in brackets", "متطوعون يوزعون الخبز في مدينة قامشلو (القامشلي) شمال شرق سوريا.",
			arPlaceGot{[]caption.PlaceRef{wantRef("قامشلو", "city", false), wantRef("القامشلي", "city", false)}, "SY", caption.CountryNamed}},
		{"a Yemeni district", "قصف على قرية في مديرية حيس بمحافظة الحديدة غرب اليمن.",
			arPlaceGot{[]caption.PlaceRef{wantRef("حيس", "district", false), wantRef("الحديدة", "province", false)}, "YE", caption.CountryNamed}},
		{"a directorate is no district", "مسؤولون في مديرية الصحة بمدينة إدلب يتسلمون لقاحات.",
			arPlaceGot{[]caption.PlaceRef{wantRef("إدلب", "city", false)}, "", ""}},
		{"a region", "نازحون في إقليم دارفور غرب السودان.",
			arPlaceGot{[]caption.PlaceRef{wantRef("دارفور", "province", false)}, "SD", caption.CountryNamed}},
		{"the alleys of a camp are no place", "لاجئون في أزقة مخيم برج البراجنة جنوب بيروت.",
			arPlaceGot{[]caption.PlaceRef{wantRef("برج البراجنة", "camp", false), wantRef("بيروت", "", true)}, "LB", caption.CountryHint}},
		{"a hotel is no place", "انفجار سيارة مفخخة قرب فندق في مدينة بنغازي.",
			arPlaceGot{[]caption.PlaceRef{wantRef("بنغازي", "city", false)}, "", ""}},
		{"a country's capital names no city after the country", "متظاهرون في أم درمان قرب الخرطوم عاصمة السودان.",
			arPlaceGot{[]caption.PlaceRef{wantRef("أم درمان", "", false), wantRef("الخرطوم", "", true)}, "SD", caption.CountryNamed}},
		{"a street named after a country", "عناصر من الشرطة ينتشرون في شارع مصر وسط مدينة عدن جنوب اليمن.",
			arPlaceGot{[]caption.PlaceRef{wantRef("عدن", "city", false)}, "YE", caption.CountryNamed}},
		{"a school named after a country", "طلاب أمام مدرسة فلسطين المدمرة في حي الصاخور بمدينة حلب، سوريا.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الصاخور", "neighbourhood", false), wantRef("حلب", "city", false)}, "SY", caption.CountryNamed}},
		{"a square named after a country", "متظاهرون في ساحة فلسطين وسط طهران، إيران.",
			arPlaceGot{[]caption.PlaceRef{wantRef("طهران", "", false)}, "IR", caption.CountryNamed}},
		{"the country the scene is in wins over one named before", "لاجئون عادوا من تركيا يصلون إلى مخيم في شمال سوريا.",
			arPlaceGot{nil, "SY", caption.CountryNamed}},
		{"a militia's demonym is the actor's", "دمار في بلدة الحراك إثر قصف لقوات النظام والميليشيات الروسية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الحراك", "town", false)}, "", ""}},
		{"forces' demonym is the actor's", "عناصر من القوات التركية في بلدة جنديرس.",
			arPlaceGot{[]caption.PlaceRef{wantRef("جنديرس", "town", false)}, "", ""}},
		{"a land a rocket came from is no scene", "قذيفة أطلقت من داخل الأراضي اللبنانية سقطت في بلدة المطلة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("المطلة", "town", false)}, "", ""}},
		{"a land named as a country a shell came from is no scene", "قذيفة أطلقت من الأراضي السورية سقطت على بلدة القصر شمال الهرمل.",
			arPlaceGot{[]caption.PlaceRef{wantRef("القصر", "town", false), wantRef("الهرمل", "", true)}, "LB", caption.CountryHint}},
		{"a residential quarter is no name", "صاروخ سقط على حي سكني في مدينة عرسال.",
			arPlaceGot{[]caption.PlaceRef{wantRef("عرسال", "city", false)}, "", ""}},
		{"towards is no bi and a place", "خروج حافلات من حي القابون باتجاه إدلب.",
			arPlaceGot{[]caption.PlaceRef{wantRef("القابون", "neighbourhood", false)}, "", ""}},
		{"a countryside towards is where the buses go", "خروج حافلات تقل مقاتلين من حي الوعر في حمص باتجاه ريف حلب الشمالي.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الوعر", "neighbourhood", false), wantRef("حمص", "", false)}, "SY", caption.CountryHint}},
		{"a city towards after a town named is where they go", "حافلات تغادر بلدة مضايا نحو مدينة إدلب.",
			arPlaceGot{[]caption.PlaceRef{wantRef("مضايا", "town", false)}, "SY", caption.CountryHint}},
		{"a town towards named alone is the scene", "نازحون يسيرون باتجاه مدينة عفرين.",
			arPlaceGot{[]caption.PlaceRef{wantRef("عفرين", "city", false)}, "", ""}},
		{"a country joined to bi wins over a visitor's", "وزير خارجية فرنسا يتفقد مخيما للنازحين بالعراق.",
			arPlaceGot{nil, "IQ", caption.CountryNamed}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// arSceneGot is the part of a record TestArabicEventsActors compares.
type arSceneGot struct {
	Events []caption.EventType
	Actors []string
}

func TestArabicEventsActors(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arSceneGot
	}{
		{"airstrike and rescue", "عناصر الدفاع المدني يبحثون عن ناجين بعد غارة جوية على دوما، سوريا.",
			arSceneGot{[]caption.EventType{caption.Airstrike, caption.Rescue}, []string{"White Helmets"}}},
		{"air bombardment is an airstrike, not shelling", "دمار خلفه القصف الجوي على حلب.", arSceneGot{[]caption.EventType{caption.Airstrike}, nil}},
		{"shelling by regime forces with clitics", "دمار إثر قصف لقوات النظام على دوما.",
			arSceneGot{[]caption.EventType{caption.Shelling}, []string{"Syrian government forces"}}},
		{"barrel bombs", "دمار خلفته البراميل المتفجرة في داريا.", arSceneGot{[]caption.EventType{caption.BarrelBomb}, nil}},
		{"car bomb", "انفجار سيارة مفخخة في إعزاز.", arSceneGot{[]caption.EventType{caption.Explosion}, nil}},
		{"clashes with IS", "معارك بين قوات سوريا الديمقراطية وتنظيم الدولة الإسلامية في الرقة.",
			arSceneGot{[]caption.EventType{caption.Clashes}, []string{"Syrian Democratic Forces", "Islamic State"}}},
		{"abbreviations", "عناصر من قسد يقاتلون داعش قرب الرقة.", arSceneGot{nil, []string{"Syrian Democratic Forces", "Islamic State"}}},
		{"rebels where a known town names no country", "مقاتلو المعارضة يتمركزون في مدينة إدلب.", arSceneGot{nil, []string{"Syrian rebels"}}},
		{"an army of a known town's country, not Syria's", "قوات الجيش في مدينة الخرطوم.", arSceneGot{nil, nil}},
		{"Israeli soldiers", "جنود إسرائيليون في مدينة جنين.", arSceneGot{nil, []string{"Israeli forces"}}},
		{"protest", "مظاهرة ضد الحكومة في بغداد، العراق.", arSceneGot{[]caption.EventType{caption.Protest}, nil}},
		{"a march is a protest", "مسلحون حوثيون خلال مسيرة في صعدة.", arSceneGot{[]caption.EventType{caption.Protest}, []string{"Houthis"}}},
		{"a drone is a strike", "طائرة مسيرة تستهدف سيارة في مأرب.", arSceneGot{[]caption.EventType{caption.Airstrike}, nil}},
		{"funeral", "مشيعون خلال تشييع ضحايا القصف في إدلب.", arSceneGot{[]caption.EventType{caption.Shelling, caption.Funeral}, nil}},
		{"displaced", "نازحون يفرون من المعارك في ريف حماة.", arSceneGot{[]caption.EventType{caption.Clashes, caption.Displacement}, nil}},
		{"houthis by two names", "مقاتلون من جماعة أنصار الله (الحوثيين) في صنعاء، اليمن.", arSceneGot{nil, []string{"Houthis"}}},
		{"hezbollah", "مقاتلون من حزب الله في القصير، سوريا.", arSceneGot{nil, []string{"Hezbollah"}}},
		{"HTS", "عناصر من هيئة تحرير الشام في إدلب.", arSceneGot{nil, []string{"Hayat Tahrir al-Sham"}}},
		{"FSA before the Syrian army", "مقاتلون من الجيش السوري الحر في درعا.", arSceneGot{nil, []string{"Free Syrian Army"}}},
		{"government forces take the country", "انتشار القوات الحكومية في مدينة بنغازي الليبية.", arSceneGot{nil, []string{"Libyan government forces"}}},
		{"government forces in Syria before 2024", "القوات الحكومية في مدينة حمص السورية في 3 أيار 2016.", arSceneGot{nil, []string{"Syrian government forces"}}},
		{"government forces in Syria after 2024", "القوات الحكومية في مدينة حمص السورية في 3 أيار 2025.", arSceneGot{nil, []string{"Syrian transitional government forces"}}},
		{"russian warplanes", "الطائرات الروسية تقصف ريف إدلب.", arSceneGot{nil, []string{"Russian armed forces"}}},
		{"a quoted actor is not in the scene", "دمار في حلب، وقال الجيش السوري إنه استهدف مواقع المسلحين.", arSceneGot{nil, nil}},
		{"background sentence", "أطفال يلعبون في حلب. وكانت المدينة شهدت غارات جوية عنيفة.", arSceneGot{nil, nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := arSceneGot{r.EventTypes, r.Actors}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicMixed checks an Arabic caption with a Latin-script credit and
// names: it stays Arabic, and the Latin words do not confuse the Arabic
// rules.
func TestArabicMixed(t *testing.T) {
	p := mustNew(t)
	r := p.Caption("الطفل Ahmad Khalil يلعب بين الأنقاض في مدينة حلب، سوريا، في 3 آذار/مارس 2017. تصوير: Karim Haddad / AFP")
	if r.Lang != "ar" {
		t.Errorf("lang %q, want ar", r.Lang)
	}
	if r.Date.String() != "2017-03-03" || r.Country != "SY" || len(r.Places) != 1 || r.Places[0] != "حلب" {
		t.Errorf("date %s, country %s, places %q", r.Date, r.Country, r.Places)
	}
	if len(r.Agencies) != 1 || r.Agencies[0] != "AFP" {
		t.Errorf("agencies %v, want AFP", r.Agencies)
	}
}

// TestArabicLexiconExtended adds an event word, a source and an actor from
// a team's own files, as -lexicon does, and reports malformed lines by file
// and line.
func TestArabicLexiconExtended(t *testing.T) {
	p, err := New(fstest.MapFS{
		"ar_sources.tsv": {Data: []byte("# ours\nlocal council\tالمجلس المحلي\n")},
		"ar_events.tsv":  {Data: []byte("funeral\tصلاة الجنازة\nfuneral\tعزاء*\n")},
		"ar_actors.tsv":  {Data: []byte("Jaish al-Islam\t*\tفصيل جيش الإسلام المعارض\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := p.Caption("عزاءات في دوما بعد مقتل 4 مدنيين، بحسب المجلس المحلي.")
	if diff := cmp.Diff([]string{"local council"}, r.Attribution); diff != "" {
		t.Errorf("attribution (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]caption.EventType{caption.Funeral}, r.EventTypes); diff != "" {
		t.Errorf("event types (-want +got):\n%s", diff)
	}
	r = p.Caption("مقاتلون من فصيل جيش الإسلام المعارض في دوما.")
	if diff := cmp.Diff([]string{"Jaish al-Islam"}, r.Actors); diff != "" {
		t.Errorf("actors (-want +got):\n%s", diff)
	}
	for _, tc := range []struct{ file, data, want string }{
		{"ar_countries.tsv", "# a comment\nSYR\tسوريا\n", "ar_countries.tsv:2"},
		{"ar_events.tsv", "bombing\tتفجير\n", "ar_events.tsv:1"},
		{"ar_sources.tsv", "\tالمرصد\n", "ar_sources.tsv:1"},
		{"ar_actors.tsv", "Syrian Army\t*\tالجيش\n", "ar_actors.tsv:1"},
		{"ar_actors.tsv", "Hezbollah\tLebanon\tحزب الله\n", "ar_actors.tsv:1"},
		{"ar_places.tsv", "Syria\tدمشق\n", "ar_places.tsv:1"},
	} {
		_, err := New(fstest.MapFS{tc.file: {Data: []byte(tc.data)}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("malformed %s: err = %v, want one naming %s", tc.file, err, tc.want)
		}
	}
}

// TestArabicLeavesEnglishAlone checks that the Arabic rules see no English
// or French caption: their records are as the other rules make them.
func TestArabicLeavesEnglishAlone(t *testing.T) {
	p := mustNew(t)
	r := p.Caption("Five people were killed in an airstrike on Douma, near Damascus, Syria, on March 12, 2018. (AFP)")
	if r.Lang != "en" {
		t.Fatalf("lang %q", r.Lang)
	}
	for _, pr := range r.PlaceRefs {
		if pr.Name == "" || strings.ContainsFunc(pr.Name, func(c rune) bool { return c >= 0x600 && c <= 0x6FF }) {
			t.Errorf("place %q", pr.Name)
		}
	}
}
