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

// wantRef is the PlaceRef the Arabic scene tests expect, without its span.
func wantRef(name, kind string, near bool) caption.PlaceRef {
	return caption.PlaceRef{Name: name, Kind: kind, Near: near}
}

// TestArabicDatelines covers the datelines that open Arabic captions: the
// city before a colon or a slash, a city the lexicon lacks before an
// outlet and a colon, and the dateline's city after the scene the body
// names, as a dateline the credit cut is; a country the cut city names
// stays named.
func TestArabicDatelines(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"known city before a colon", "بنغازي: جنود من الجيش الوطني بعد معارك عنيفة، 28 ديسمبر 2017.",
			arPlaceGot{[]caption.PlaceRef{wantRef("بنغازي", "", false)}, "", ""}},
		{"known city before a slash and an outlet", "صنعاء / سبأ: يمنيون يتجمعون بعد غارة جوية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("صنعاء", "", false)}, "YE", caption.CountryHint}},
		{"unknown city before an outlet and a colon", "كوتونو - الأناضول: محتجون يغلقون الطرق.",
			arPlaceGot{[]caption.PlaceRef{wantRef("كوتونو", "", false)}, "", ""}},
		{"unknown city before a two-word outlet", "كرمان - وكالة إرنا: دخان يتصاعد بعد انفجارين.",
			arPlaceGot{[]caption.PlaceRef{wantRef("كرمان", "", false)}, "", ""}},
		{"a dash and no colon names no unknown city", "مسيرات حاشدة - جنود يقفون عند حاجز.",
			arPlaceGot{}},
		{"dateline after the town the body names", "حماة - الجزيرة: قتل ٧ مدنيين في قصف على بلدة اللطامنة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("اللطامنة", "town", false), wantRef("حماة", "", false)}, "", ""}},
		{"dateline after the camp the body names", "غزة / الأناضول: فلسطينيون يتفقدون الدمار في مخيم النصيرات.",
			arPlaceGot{[]caption.PlaceRef{wantRef("النصيرات", "camp", false), wantRef("غزة", "", false)}, "PS", caption.CountryNamed}},
		{"dateline alone stays the scene", "عدن - فرانس برس: عناصر من قوات الحزام الأمني ينتشرون في الشوارع.",
			arPlaceGot{[]caption.PlaceRef{wantRef("عدن", "", false)}, "", ""}},
		{"a slash dateline's city alone stays the scene", "الخليل / وفا: مستوطنون يهاجمون منازل المواطنين.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الخليل", "", false)}, "", ""}},
		{"a two-word city before a slash", "دير الزور / رويترز: مقاتلون يقفون على ضفة نهر الفرات.",
			arPlaceGot{[]caption.PlaceRef{wantRef("دير الزور", "", false)}, "", ""}},
		{"Gaza in a dash dateline names the country, a demonym only hints", "غزة - الأناضول: جنود إسرائيليون يقفون قرب الحدود.",
			arPlaceGot{[]caption.PlaceRef{wantRef("غزة", "", false)}, "PS", caption.CountryNamed}},
		{"a bracketed wire's dateline beside a closing credit", "بيت حانون (رويترز) - أطفال يملؤون أوعية من صهريج ماء. تصوير: سامي خليل - رويترز",
			arPlaceGot{[]caption.PlaceRef{wantRef("بيت حانون", "", false)}, "", ""}},
		{"a bracketed wire's dateline after the town the body names", "نابلس (أ ف ب) - شبان يرشقون الحجارة في بلدة حوارة. (تصوير: جعفر عاشور / أ ف ب)",
			arPlaceGot{[]caption.PlaceRef{wantRef("حوارة", "town", false), wantRef("نابلس", "", false)}, "PS", caption.CountryHint}},
		{"a bracket after a first word and no dash is no dateline", "مقاتلون (من اليسار) يسيرون في شارع مدمر.",
			arPlaceGot{}},
		{"a country the body places wins over the dateline's", "غزة / الأناضول: نازحون فلسطينيون يصلون إلى مدينة العريش في مصر.",
			arPlaceGot{[]caption.PlaceRef{wantRef("العريش", "city", false), wantRef("غزة", "", false)}, "EG", caption.CountryNamed}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicSceneNotOrigin covers places the displaced came from, named
// with the participle rather than a verb ("نازحة من"), and names of sites
// and towns that begin with the letter of a clitic.
func TestArabicSceneNotOrigin(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"displaced families from the countryside", "عائلات نازحة من ريف إدلب الجنوبي تصل إلى مخيمات قرب بلدة أطمة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("أطمة", "town", true)}, "SY", caption.CountryHint}},
		{"the displaced from a city reach a camp", "عائلات نازحة من مدينة الموصل تصل إلى مخيم الخازر شرقي أربيل.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الخازر", "camp", false), wantRef("أربيل", "", true)}, "IQ", caption.CountryHint}},
		{"displaced women from Darfur in a Chad town", "نساء نازحات من الجنينة يصلن إلى مدينة أبشي.",
			arPlaceGot{[]caption.PlaceRef{wantRef("أبشي", "city", false)}, "", ""}},
		{"the displaced camp is the scene when alone", "خيام النازحين في مخيم الهول.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الهول", "camp", false)}, "", ""}},
		{"a citadel's town", "دخان يتصاعد قرب قلعة بعلبك الأثرية شرقي لبنان.",
			arPlaceGot{[]caption.PlaceRef{wantRef("بعلبك", "", false)}, "LB", caption.CountryNamed}},
		{"a citadel of a city", "سياح عند قلعة حلب.",
			arPlaceGot{[]caption.PlaceRef{wantRef("حلب", "", false)}, "", ""}},
		{"a town named for its citadel", "قصف على بلدة قلعة المضيق بريف حماة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("قلعة المضيق", "town", false), wantRef("حماة", "countryside", true)}, "SY", caption.CountryHint}},
		{"a city whose name starts with ba is no bi", "جنود في حي الصابري بنغازي.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الصابري", "neighbourhood", false)}, "", ""}},
		{"Mogadishu with no place word", "قوات الأمن في موقع تفجير في مقديشو، الأحد.",
			arPlaceGot{[]caption.PlaceRef{wantRef("مقديشو", "", false)}, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicLexiconCountry covers the country of a caption that names
// none, hinted at by the places the lexicon knows: the place the people
// shown came from, which the scene leaves out, so that the scene's
// namesake abroad does not win, and a city before a region's name that
// two countries share. A place named alone hints at nothing.
func TestArabicLexiconCountry(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"a town reached from a Sudanese city", "رجال فروا من مدينة الفاشر يستريحون تحت الأشجار في بلدة طويلة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("طويلة", "town", false)}, "SD", caption.CountryHint}},
		{"a camp reached from a Syrian city", "مدنيون نزحوا من مدينة الرقة يتجمعون في مخيم عين عيسى.",
			arPlaceGot{[]caption.PlaceRef{wantRef("عين عيسى", "camp", false)}, "SY", caption.CountryHint}},
		{"an origin and a scene in two countries hint at none", "نازحون فروا من مدينة حلب يتجمعون في مخيم قرب مدينة الموصل.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الموصل", "city", true)}, "", ""}},
		{"a demonym's hint stays", "لاجئون عراقيون فروا من الموصل يتجمعون في مخيم الهول.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الهول", "camp", false)}, "IQ", caption.CountryHint}},
		{"a known city before a region two countries name", "مزارعون يجمعون القطن قرب مدينة الحسكة بمنطقة الجزيرة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الحسكة", "city", true), wantRef("الجزيرة", "", false)}, "SY", caption.CountryHint}},
		{"a name of two countries' places hints at neither", "سيارات محترقة في مدينة الزاوية غرب طرابلس.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الزاوية", "city", false), wantRef("طرابلس", "", true)}, "", ""}},
		{"a name of two countries' places leaves the other's country", "جنود يتمركزون في مدينة غريان جنوب طرابلس.",
			arPlaceGot{[]caption.PlaceRef{wantRef("غريان", "city", false), wantRef("طرابلس", "", true)}, "LY", caption.CountryHint}},
		{"a known place alone hints at nothing", "مقاتلون يتمركزون على أطراف طرابلس.",
			arPlaceGot{[]caption.PlaceRef{wantRef("طرابلس", "", true)}, "", ""}},
		{"a bare origin the lexicon knows", "أسر فرت من كادقلي تحتمي في قرية أم سردبة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("أم سردبة", "village", false)}, "SD", caption.CountryHint}},
		{"a flight from a known city to a town the lexicon lacks", "أسرة هربت من القتال في مدينة الرمادي، تستريح في بلدة عامرية الفلوجة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("عامرية الفلوجة", "town", false)}, "IQ", caption.CountryHint}},
		{"an origin the lexicon lacks hints at nothing", "نازحون فروا من قرية الصالحية يتجمعون في بلدة طويلة.",
			arPlaceGot{[]caption.PlaceRef{wantRef("طويلة", "town", false)}, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicCompassStates covers Sudan's states, named with a compass word
// that says no direction: the state is read whole, after "ولاية" or
// joined to "ب", and a compass word before a city stays a direction.
func TestArabicCompassStates(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"a state after its noun", "مزارعون يحصدون الذرة في قرية قرب كادقلي بولاية جنوب كردفان.",
			arPlaceGot{[]caption.PlaceRef{wantRef("كادقلي", "", true), wantRef("جنوب كردفان", "province", false)}, "SD", caption.CountryHint}},
		{"a state after its noun, with a preposition", "أطفال يتلقون لقاحات في ولاية غرب دارفور.",
			arPlaceGot{[]caption.PlaceRef{wantRef("غرب دارفور", "province", false)}, "", ""}},
		{"a centre's state alone", "قافلة مساعدات تصل وسط دارفور.",
			arPlaceGot{[]caption.PlaceRef{wantRef("وسط دارفور", "province", false)}, "", ""}},
		{"a compass word before a city is a direction", "دخان يتصاعد شمال مدينة الأبيض.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الأبيض", "city", true)}, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicBordersAndContainers covers a border named by two adjectives,
// either side of it, and a mountain's or a province's name after "في" that
// holds the village before it.
func TestArabicBordersAndContainers(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"a border of two countries names neither", "جنود يقفون عند معبر بلدة ربيعة على الحدود العراقية السورية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("ربيعة", "town", false)}, "", ""}},
		{"the feminine adjective of Syria names no country by a border", "شاحنات تنتظر قرب بلدة الراعي على الحدود السورية التركية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الراعي", "town", true)}, "", ""}},
		{"the adjective after a city still names the country", "أطفال يلعبون في بلدة سلقين السورية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("سلقين", "town", false)}, "SY", caption.CountryNamed}},
		{"the adjective after a bare name still makes it a place", "خيام في الهبيط السورية.",
			arPlaceGot{[]caption.PlaceRef{wantRef("الهبيط", "", false)}, "SY", caption.CountryNamed}},
		{"a mountain after a village holds it", "دمار في قرية إبلين في جبل الزاوية بعد القصف.",
			arPlaceGot{[]caption.PlaceRef{wantRef("إبلين", "village", false), wantRef("جبل الزاوية", "", false)}, "SY", caption.CountryHint}}, // ar_places.tsv knows the mountain
		{"a common noun after a place is no container", "قتلى في بلدة سراقب في الهجوم الأخير.",
			arPlaceGot{[]caption.PlaceRef{wantRef("سراقب", "town", false)}, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicCreditCountry covers the country a handout credit names,
// which hints at the scene's when the description names none.
func TestArabicCreditCountry(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"a civil defence handout", "متطوعون يسعفون جريحاً في مدينة أريحا. (الدفاع المدني السوري)",
			arPlaceGot{[]caption.PlaceRef{wantRef("أريحا", "city", false)}, "SY", caption.CountryHint}},
		{"a ministry's handout", "أطباء في مستشفى بمدينة خان يونس. (وزارة الصحة الفلسطينية)",
			arPlaceGot{[]caption.PlaceRef{wantRef("خان يونس", "city", false)}, "PS", caption.CountryHint}},
		{"a photographer's surname is no country", "أطفال يلعبون في مدينة أريحا. (تصوير: سامر العراقي)",
			arPlaceGot{[]caption.PlaceRef{wantRef("أريحا", "city", false)}, "", ""}},
		{"an army's handout names no scene", "جنود يتمركزون في بلدة القرارة. (الجيش الإسرائيلي)",
			arPlaceGot{[]caption.PlaceRef{wantRef("القرارة", "town", false)}, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestArabicMountainNames: "جبل" and a bare name is a mountain's name,
// a place whatever the words after it say (mountainName): "فروا إلى جبل
// سنجار ينتظرون" had no place. A heap called a mountain, with the
// article, is no place by this rule.
func TestArabicMountainNames(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		want     arPlaceGot
	}{
		{"fled to the mountain, a verb after", "إيزيديون فروا إلى جبل سنجار ينتظرون وصول المساعدات، 11 آب 2014.",
			arPlaceGot{[]caption.PlaceRef{wantRef("جبل سنجار", "", false)}, "", ""}},
		{"in the mountain, a verb after", "مقاتلون في جبل قنديل يتدربون على السلاح، 2 أيلول 2019.",
			arPlaceGot{[]caption.PlaceRef{wantRef("جبل قنديل", "", false)}, "", ""}},
		// Near misses.
		{"a mountain of rubble", "رجل يقف على جبل من الركام في حلب، 3 آذار 2016.",
			arPlaceGot{[]caption.PlaceRef{wantRef("حلب", "", false)}, "", ""}},
		{"a heap with the article", "أطفال يجمعون البلاستيك في جبل القمامة ويبيعونه، 4 أيار 2021.",
			arPlaceGot{nil, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, arSceneRefs(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
