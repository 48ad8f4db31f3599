package parse

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The Arabic captions below were written for these tests in the styles of
// the Arabic wires and media; the scenes and names are invented.

var arCreditCases = []struct {
	name string
	in   string
	want creditView
}{
	{
		name: "a leading photographer's credit and the scene after a dash",
		in:   "عدسة: ماهر العلي - ريف حماة الشمالي، 4 أيار 2019. حقول محترقة بعد قصف.",
		want: creditView{Whole: "عدسة: ماهر العلي - ", Credit: "عدسة: ماهر العلي", Photographers: []string{"ماهر العلي"}},
	},
	{
		name: "a known town after the photographer in brackets is no provider",
		in:   "متطوعون يخمدون حريقاً في سوق شعبي. (تصوير: هادي العبدالله - سرمدا)",
		want: creditView{Whole: "(تصوير: هادي العبدالله - سرمدا)", Credit: "تصوير: هادي العبدالله - سرمدا", Photographers: []string{"هادي العبدالله"}},
	},
	{
		name: "AFP spaced letters in brackets",
		in:   "أطفال يلعبون بين الأنقاض في حي الشعار بمدينة حلب في 3 آذار/مارس 2017. (أ ف ب)",
		want: creditView{Whole: "(أ ف ب)", Credit: "أ ف ب", Agencies: ag("AFP")},
	},
	{
		name: "a media office alone in brackets",
		in:   "دمار خلفه قصف على مدينة حماة في 3 آذار 2016. (مركز حماة الإعلامي)",
		want: creditView{Whole: "(مركز حماة الإعلامي)", Credit: "مركز حماة الإعلامي", Agencies: ag("مركز حماة الإعلامي")},
	},
	{
		name: "a media office after a source label",
		in:   "دمار خلفه قصف على مدينة حلب في 3 آذار 2016. المصدر: مركز حلب الإعلامي",
		want: creditView{Whole: "المصدر: مركز حلب الإعلامي", Credit: "المصدر: مركز حلب الإعلامي", Agencies: ag("مركز حلب الإعلامي")},
	},
	{
		name: "an armed group's media office in brackets",
		in:   "مقاتلون يتقدمون في محيط بلدة سلمى بريف اللاذقية في 2 شباط 2016. (الإعلام الحربي)",
		want: creditView{Whole: "(الإعلام الحربي)", Credit: "الإعلام الحربي", Agencies: ag("الإعلام الحربي")},
	},
	{
		name: "a ministry's media in brackets",
		in:   "جرافات تزيل الركام في حي الموصل الجديدة، 14 تموز 2017. (إعلام وزارة الداخلية العراقية)",
		want: creditView{Whole: "(إعلام وزارة الداخلية العراقية)", Credit: "إعلام وزارة الداخلية العراقية", Agencies: ag("إعلام وزارة الداخلية العراقية")},
	},
	{
		name: "a local network named with a number",
		in:   "صيادون يعودون إلى ميناء مدينة جبلة بعد عاصفة، 3 كانون الثاني 2022. (الساحل 24)",
		want: creditView{Whole: "(الساحل 24)", Credit: "الساحل 24", Agencies: ag("الساحل 24")},
	},
	{
		name: "a network of two words and three digits",
		in:   "طلاب يعودون إلى مدرسة مرممة في مدينة تعز. (أخبار تعز 360)",
		want: creditView{Whole: "(أخبار تعز 360)", Credit: "أخبار تعز 360", Agencies: ag("أخبار تعز 360")},
	},
	{
		name: "a national agency stays as written",
		in:   "جنازة شاب في مخيم جنين، 4 تموز 2023. (وفا)",
		want: creditView{Whole: "(وفا)", Credit: "وفا", Agencies: ag("وفا")},
	},
	{
		name: "Yemen's agency after a dash stays as written",
		in:   "أطفال يتلقون لقاح الكوليرا في مستشفى بمدينة الحديدة - سبأ",
		want: creditView{Whole: " - سبأ", Credit: "سبأ", Agencies: ag("سبأ")},
	},
	{
		name: "a big agency's Arabic name stays canonical beside an other",
		in:   "مشيعون في مدينة الناصرية، 3 آذار 2019. (أسوشيتد برس/ اليونيسف)",
		want: creditView{Whole: "(أسوشيتد برس/ اليونيسف)", Credit: "أسوشيتد برس/ اليونيسف", Agencies: ag("AP", "اليونيسف")},
	},
	{
		name: "an outlet in brackets after the last full stop",
		in:   "نازحون يعودون إلى قضاء سنجار، 3 نيسان 2021. (رووداو)",
		want: creditView{Whole: "(رووداو)", Credit: "رووداو", Agencies: ag("رووداو")},
	},
	{
		name: "a person in brackets after the last full stop is the photographer",
		in:   "أطفال يلعبون قرب مدرسة مدمرة في مدينة أريحا، 3 أيار 2021. (عمر الخطيب)",
		want: creditView{Whole: "(عمر الخطيب)", Credit: "عمر الخطيب", Photographers: []string{"عمر الخطيب"}},
	},
	{
		name: "a letter in brackets is no outlet",
		in:   "دمار في حلب. (ز )",
	},
	{
		name: "a two-word outlet after the last full stop",
		in:   "مقاتلون قبليون في مديرية صرواح غرب مأرب، 9 شباط 2021. (المصدر أونلاين)",
		want: creditView{Whole: "(المصدر أونلاين)", Credit: "المصدر أونلاين", Agencies: ag("المصدر أونلاين")},
	},
	{
		name: "a civil defence after the last full stop",
		in:   "عناصر إطفاء يخمدون حريقاً في مدينة صور، 2 تشرين الأول 2024. (الدفاع المدني اللبناني)",
		want: creditView{Whole: "(الدفاع المدني اللبناني)", Credit: "الدفاع المدني اللبناني", Agencies: ag("الدفاع المدني اللبناني")},
	},
	{
		name: "a media word behind a clitic",
		in:   "مشيعون في مدينة صيدا يحملون نعش مسعف (الهيئة الوطنية للإعلام)",
		want: creditView{Whole: "(الهيئة الوطنية للإعلام)", Credit: "الهيئة الوطنية للإعلام", Agencies: ag("الهيئة الوطنية للإعلام")},
	},
	{name: "an outlet quoted in the sentence is no credit", in: "قتل ثلاثة أشخاص في غارة على مدينة النبطية، وفق ما أفادت (المنار)"},
	{name: "a name in brackets mid-caption is no credit", in: "طفلة (رهف) تلعب أمام خيمتها في مخيم عرسال"},
	{
		name: "an exclusive picture with a dash",
		in:   "سوق الخضار في مدينة منبج، 3 أيار 2022. خاص - الحل نت",
		want: creditView{Whole: "خاص - الحل نت", Credit: "خاص - الحل نت", Agencies: ag("الحل نت")},
	},
	{
		name: "an exclusive picture without a dash",
		in:   "طلاب في مدرسة مدمرة في مدينة معرة مصرين، 12 أيلول 2021. خاص تلفزيون سوريا",
		want: creditView{Whole: "خاص تلفزيون سوريا", Credit: "خاص تلفزيون سوريا", Agencies: ag("تلفزيون سوريا")},
	},
	{
		name: "an outlet after the picture label",
		in:   "حرائق في أحراج بلدة القبيات شمال لبنان، 15 تشرين الأول 2019 (الصورة: الجديد)",
		want: creditView{Whole: "(الصورة: الجديد)", Credit: "الصورة: الجديد", Agencies: ag("الجديد")},
	},
	{
		name: "a two-word outlet after the source label",
		in:   "خيام غمرتها الأمطار في مخيمات أطمة، 18 كانون الثاني 2021. المصدر: العربي الجديد",
		want: creditView{Whole: "المصدر: العربي الجديد", Credit: "المصدر: العربي الجديد", Agencies: ag("العربي الجديد")},
	},
	{name: "a day and a month in brackets are no network", in: "حصاد القمح في سهل حوران (حزيران 24)"},
	{name: "a place and a year in brackets are no network", in: "أطفال يلعبون بين الأنقاض في حلب (حلب 2016)"},
	{name: "a picture number is no network", in: "دمار في حي الكلاسة بحلب (الصورة 3)"},
	{
		name: "UNRWA's handout by its Arabic name",
		in:   "طلاب في مدرسة تابعة للوكالة في مخيم البقعة شمال عمّان، 4 أيلول 2019. (الأونروا)",
		want: creditView{Whole: "(الأونروا)", Credit: "الأونروا", Agencies: ag("الأونروا")},
	},
	{
		name: "MSF's handout by its Arabic name",
		in:   "ممرضة تفحص طفلا في عيادة متنقلة قرب مدينة كسلا، 9 آذار 2021. (أطباء بلا حدود)",
		want: creditView{Whole: "(أطباء بلا حدود)", Credit: "أطباء بلا حدود", Agencies: ag("أطباء بلا حدود")},
	},
	{
		name: "UNICEF's handout by its Arabic name",
		in:   "أطفال يتلقون لقاح شلل الأطفال في مدينة الحديدة. (اليونيسف)",
		want: creditView{Whole: "(اليونيسف)", Credit: "اليونيسف", Agencies: ag("اليونيسف")},
	},
	{
		name: "the ICRC's handout by its Arabic name",
		in:   "متطوعون يوزعون مياه الشرب في مدينة الفاشر. (اللجنة الدولية للصليب الأحمر)",
		want: creditView{Whole: "(اللجنة الدولية للصليب الأحمر)", Credit: "اللجنة الدولية للصليب الأحمر", Agencies: ag("اللجنة الدولية للصليب الأحمر")},
	},
	{
		name: "SANA's dateline with no spaces",
		in:   "حماة-سانا| فلاحون يجنون محصول القمح في سهل الغاب بريف حماة الشمالي الغربي، 8 حزيران 2020.",
		want: creditView{Whole: "حماة-سانا| ", Credit: "سانا", Agencies: ag("سانا")},
	},
	{
		name: "SANA's dateline with spaces",
		in:   "اللاذقية - سانا | عمال يصلحون شبكة الكهرباء في حي الرمل الجنوبي.",
		want: creditView{Whole: "اللاذقية - سانا | ", Credit: "سانا", Agencies: ag("سانا")},
	},
	{name: "a dash and a bar without an agency are no credit", in: "حلب - الشهباء | أطفال يلعبون في حديقة عامة."},
	{
		name: "a wire's Arabic name before a colon",
		in:   "الرقة - فرانس برس: عناصر من قوات سوريا الديمقراطية يتقدمون في حي المشلب.",
		want: creditView{Whole: "الرقة - فرانس برس: ", Credit: "فرانس برس", Agencies: ag("AFP")},
	},
	{
		name: "a national agency before a colon stays as written",
		in:   "الحديدة - سبأ: صيادون يصلحون قواربهم في ميناء المدينة بعد العاصفة.",
		want: creditView{Whole: "الحديدة - سبأ: ", Credit: "سبأ", Agencies: ag("سبأ")},
	},
	{
		name: "a city with its country in brackets before the outlet",
		in:   "صيدا (لبنان) - رويترز: سيارات إسعاف تنقل جرحى إلى مستشفى حمود.",
		want: creditView{Whole: "صيدا (لبنان) - رويترز: ", Credit: "رويترز", Agencies: ag("Reuters")},
	},
	{
		name: "an outlet named news before a colon",
		in:   "البصرة - شفق نيوز: متظاهرون يغلقون الطريق المؤدي إلى ميناء أم قصر.",
		want: creditView{Whole: "البصرة - شفق نيوز: ", Credit: "شفق نيوز", Agencies: ag("شفق نيوز")},
	},
	{
		name: "an agency named by its kind before a colon",
		in:   "عدن - وكالة خبر للأنباء: عناصر من خفر السواحل يقفون في ميناء المعلا.",
		want: creditView{Whole: "عدن - وكالة خبر للأنباء: ", Credit: "وكالة خبر للأنباء", Agencies: ag("وكالة خبر للأنباء")},
	},
	{
		name: "a Latin acronym before a colon",
		in:   "الحسكة - SMART: نازحون ينتظرون توزيع الخبز في مخيم الهول.",
		want: creditView{Whole: "الحسكة - SMART: ", Credit: "SMART", Agencies: ag("SMART")},
	},
	{
		name: "a Latin agency in an Arabic dateline stays as written",
		in:   "عامودا - ANHA: نساء يشاركن في تشييع مقاتلين في مقبرة البلدة.",
		want: creditView{Whole: "عامودا - ANHA: ", Credit: "ANHA", Agencies: ag("ANHA")},
	},
	{
		name: "Al Jazeera in a dateline",
		in:   "درعا - الجزيرة: مقاتلون يتحصنون في حي درعا البلد.",
		want: creditView{Whole: "درعا - الجزيرة: ", Credit: "الجزيرة", Agencies: ag("الجزيرة")},
	},
	{
		name: "Al Jazeera in brackets after a date",
		in:   "جنود عند حاجز على مدخل مدينة الفاشر، 12 أيار 2024 (الجزيرة)",
		want: creditView{Whole: "(الجزيرة)", Credit: "الجزيرة", Agencies: ag("الجزيرة")},
	},
	{
		name: "an unknown outlet in brackets after the closing year",
		in:   "نازحون يصلون إلى مخيم قرب مدينة مأرب، 3 آذار 2021 (المهرية)",
		want: creditView{Whole: "(المهرية)", Credit: "المهرية", Agencies: ag("المهرية")},
	},
	{
		name: "a two-word outlet in brackets after an Arabic-Indic year",
		in:   "دمار في سوق مدينة الباب بعد تفجير سيارة مفخخة، ٢ تموز ٢٠٢٢ (حلب اليوم)",
		want: creditView{Whole: "(حلب اليوم)", Credit: "حلب اليوم", Agencies: ag("حلب اليوم")},
	},
	{name: "a country in brackets after the year is no outlet", in: "مقاتلون يتقدمون نحو مدينة سراقب، 5 شباط 2020 (سوريا)"},
	{name: "a country in brackets after a full stop is no outlet", in: "مقاتلون يتقدمون نحو مدينة سراقب. (سوريا)"},
	{name: "a year in brackets is no outlet", in: "مقاتلون يتقدمون نحو مدينة سراقب (2019)"},
	{name: "a name in brackets after a number that is no year", in: "أطفال يقفون قرب المدرسة رقم 12 (الحي الشرقي)"},
	{
		name: "a civil defence after the last dash",
		in:   "متطوعون ينتشلون جثث ضحايا غارة على بلدة معرة مصرين يوم الأحد 4 نيسان 2021 - الدفاع المدني السوري",
		want: creditView{Whole: " - الدفاع المدني السوري", Credit: "الدفاع المدني السوري", Agencies: ag("الدفاع المدني السوري")},
	},
	{
		name: "a media office after the last dash",
		in:   "طفلة تتلقى العلاج في مشفى ميداني بمدينة دوما - المكتب الإعلامي",
		want: creditView{Whole: " - المكتب الإعلامي", Credit: "المكتب الإعلامي", Agencies: ag("المكتب الإعلامي")},
	},
	{name: "a dash inside a sentence credits nobody", in: "قصف على مدينة إدلب - الدفاع المدني ينتشل الضحايا من تحت الأنقاض"},
	{name: "a dash before a place credits nobody", in: "نازحون يعبرون الطريق بين حلب - الباب"},
	{name: "a dash before an army and a verb credits nobody", in: "اشتباكات على أطراف المدينة - القوات الحكومية تتقدم"},
	{
		name: "a handout's sentence names Reuters behind a preposition",
		in:   "سفينة حربية تطلق صواريخ باتجاه الساحل السوري في 7 تشرين الأول 2015. صورة لرويترز من التلفزيون الروسي.",
		want: creditView{Whole: "صورة لرويترز من التلفزيون الروسي", Credit: "صورة لرويترز من التلفزيون الروسي", Agencies: ag("Reuters")},
	},
	{
		name: "a handout distributed by an agency",
		in:   "جنود يفككون عبوة ناسفة على طريق المطار في الموصل. صورة وزعتها وكالة الأناضول.",
		want: creditView{Whole: "صورة وزعتها وكالة الأناضول", Credit: "صورة وزعتها وكالة الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "a handout from a national agency",
		in:   "أضرار في محطة كهرباء مدينة حمص. صورة من سانا",
		want: creditView{Whole: "صورة من سانا", Credit: "صورة من سانا", Agencies: ag("سانا")},
	},
	{name: "a picture of someone names no agency", in: "دمار في حي الشعار بحلب. صورة لرجل يحمل طفلا بين الأنقاض."},
	{name: "a picture published by media names no agency", in: "دخان فوق مدينة دير الزور. صورة نشرتها وسائل إعلام محلية."},
	{name: "a neighbourhood before a colon is no outlet", in: "حلب - حي الشعار: أطفال يلعبون بين أنقاض مدرستهم."},
	{name: "a country before a colon is no outlet", in: "بنغازي - ليبيا: جنود يقفون عند حاجز على مدخل المدينة."},
	{name: "a region before a colon is no outlet", in: "دمشق - الغوطة الشرقية: سكان يفرون من القصف."},
	{name: "a person's title before a colon is no outlet", in: "قال سامر - مدير المكتب الإعلامي: إن القصف لم يتوقف."},
	{
		name: "a slash before the outlet, as Anadolu writes it",
		in:   "غزة / الأناضول: فلسطينيون يتفقدون الدمار في مخيم النصيرات.",
		want: creditView{Whole: "غزة / الأناضول: ", Credit: "الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "a national agency after a slash stays as written",
		in:   "الخليل / وفا: مستوطنون يهاجمون منازل في البلدة القديمة.",
		want: creditView{Whole: "الخليل / وفا: ", Credit: "وفا", Agencies: ag("وفا")},
	},
	{
		name: "a two-word city and Reuters after a slash",
		in:   "دير الزور / رويترز: مقاتلون يقفون قرب جسر مدمر على نهر الفرات.",
		want: creditView{Whole: "دير الزور / رويترز: ", Credit: "رويترز", Agencies: ag("Reuters")},
	},
	{
		name: "Saba after a slash, no spaces",
		in:   "صنعاء/سبأ: يمنيون يتجمعون في موقع غارة جوية على حي سكني.",
		want: creditView{Whole: "صنعاء/سبأ: ", Credit: "سبأ", Agencies: ag("سبأ")},
	},
	{
		name: "WAFA's dateline with a date",
		in:   "جنين 12-7-2023 وفا- شبان يشيعون جثمان شاب في مخيم جنين.",
		want: creditView{Whole: "جنين 12-7-2023 وفا- ", Credit: "وفا", Agencies: ag("وفا")},
	},
	{
		name: "a dated dateline with a two-word city and Arabic-Indic digits",
		in:   "رام الله ٥-٣-٢٠٢٤ وفا - متظاهرون يرفعون الأعلام في ميدان المنارة.",
		want: creditView{Whole: "رام الله ٥-٣-٢٠٢٤ وفا - ", Credit: "وفا", Agencies: ag("وفا")},
	},
	{
		name: "a dated dateline with slashes and a colon",
		in:   "دمشق 8/6/2020 سانا: عمال يرممون سوق الحميدية.",
		want: creditView{Whole: "دمشق 8/6/2020 سانا: ", Credit: "سانا", Agencies: ag("سانا")},
	},
	{
		name: "Anadolu after a dated city",
		in:   "خان يونس 10-10-2023 الأناضول- فلسطينيون يبحثون عن ناجين تحت الأنقاض.",
		want: creditView{Whole: "خان يونس 10-10-2023 الأناضول- ", Credit: "الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "AFP's Arabic name after a dated city",
		in:   "عدن 3-4-2022 فرانس برس- جنود يقفون عند حاجز في مديرية كريتر.",
		want: creditView{Whole: "عدن 3-4-2022 فرانس برس- ", Credit: "فرانس برس", Agencies: ag("AFP")},
	},
	{name: "a date and a word that is no outlet", in: "حلب 12-7-2023 قصف- عنيف على الأحياء الشرقية."},
	{name: "a date and a dash with no outlet", in: "جنين 12-7-2023 - شبان يشيعون جثمان شاب."},
	{name: "a date and a place before a dash", in: "حلب 12-7-2023 الشيخ مقصود- أطفال يلعبون قرب مدرستهم."},
	{name: "a number that is no date before an outlet", in: "قتل 3 أشخاص سانا- في قصف على ريف حماة."},
	{
		name: "a dateline's outlet beside a photographer credited in brackets",
		in:   "حلب - فرانس برس: أطفال يلعبون بين الأنقاض. (تصوير: باسل الأحمد)",
		want: creditView{Whole: "(تصوير: باسل الأحمد)", Credit: "تصوير: باسل الأحمد", Photographers: []string{"باسل الأحمد"}, Agencies: ag("AFP")},
	},
	{
		name: "a slash dateline's outlet beside a photographer",
		in:   "غزة / الأناضول: فلسطينيون يتفقدون منازلهم المدمرة في حي الشجاعية. (عدسة: محمد فايق)",
		want: creditView{Whole: "(عدسة: محمد فايق)", Credit: "عدسة: محمد فايق", Photographers: []string{"محمد فايق"}, Agencies: ag("Anadolu Agency")},
	},
	{
		name: "a dated dateline's outlet beside a photographer",
		in:   "جنين 12-7-2023 وفا- شبان يشيعون جثمان شاب. (تصوير: نضال اشتية)",
		want: creditView{Whole: "(تصوير: نضال اشتية)", Credit: "تصوير: نضال اشتية", Photographers: []string{"نضال اشتية"}, Agencies: ag("وفا")},
	},
	{
		name: "a credit's own agency wins over the dateline's",
		in:   "حلب - فرانس برس: أطفال يلعبون بين الأنقاض. (تصوير: باسل الأحمد - رويترز)",
		want: creditView{Whole: "(تصوير: باسل الأحمد - رويترز)", Credit: "تصوير: باسل الأحمد - رويترز", Photographers: []string{"باسل الأحمد"}, Agencies: ag("Reuters")},
	},
	{
		name: "a neighbourhood in a dateline adds no agency to a photographer",
		in:   "حلب - حي الشعار: أطفال يلعبون بين الأنقاض. (تصوير: باسل الأحمد)",
		want: creditView{Whole: "(تصوير: باسل الأحمد)", Credit: "تصوير: باسل الأحمد", Photographers: []string{"باسل الأحمد"}},
	},
	{name: "a neighbourhood after a slash is no outlet", in: "حلب / الشيخ مقصود: أطفال يلعبون قرب مدرستهم."},
	{name: "a slash inside a sentence credits nobody", in: "مقاتلون يتقدمون بين مدينتي الرقة / الطبقة: معارك عنيفة."},
	{name: "a slash between two towns before a colon credits nobody", in: "حلب / إدلب: قصف متواصل على الأحياء السكنية."},
	{name: "an army in brackets is no credit", in: "قال الجيش في بيان إن قواته تقدمت (الجيش السوري)"},
	{
		name: "AFP dotted letters",
		in:   "سوريون يعبرون معبرا حدوديا قرب إدلب (أ.ف.ب)",
		want: creditView{Whole: "(أ.ف.ب)", Credit: "أ.ف.ب", Agencies: ag("AFP")},
	},
	{
		name: "AFP bare alef, dots and spaces",
		in:   "مشيعون في جنازة في درعا. (ا. ف. ب)",
		want: creditView{Whole: "(ا. ف. ب)", Credit: "ا. ف. ب", Agencies: ag("AFP")},
	},
	{
		name: "Reuters by name",
		in:   "متطوعون يوزعون الخبز في مدينة دوما (رويترز)",
		want: creditView{Whole: "(رويترز)", Credit: "رويترز", Agencies: ag("Reuters")},
	},
	{
		name: "Reuters with tatweel",
		in:   "دخان يتصاعد فوق مدينة الرقة. (رويتـــرز)",
		want: creditView{Whole: "(رويتـــرز)", Credit: "رويتـــرز", Agencies: ag("Reuters")},
	},
	{
		name: "AP letters",
		in:   "فلسطينيون يتفقدون منزلا مدمرا في رفح (أ ب)",
		want: creditView{Whole: "(أ ب)", Credit: "أ ب", Agencies: ag("AP")},
	},
	{
		name: "dpa letters give its canonical name, as (dpa) does",
		in:   "جنود أوكرانيون قرب باخموت (د ب أ)",
		want: creditView{Whole: "(د ب أ)", Credit: "د ب أ", Agencies: ag("DPA")},
	},
	{
		name: "EPA letters",
		in:   "حريق في سوق شعبي في بغداد (إ ب أ)",
		want: creditView{Whole: "(إ ب أ)", Credit: "إ ب أ", Agencies: ag("EPA")},
	},
	{
		name: "Anadolu with the word agency",
		in:   "نازحون سوريون في مخيم أطمة قرب الحدود التركية. وكالة الأناضول",
		want: creditView{Whole: "وكالة الأناضول", Credit: "وكالة الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "Anadolu in brackets",
		in:   "نازحون سوريون في مخيم قرب الحدود التركية في 5 شباط/فبراير 2020 (الأناضول)",
		want: creditView{Whole: "(الأناضول)", Credit: "الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "SANA after a full stop",
		in:   "الرئيس يلتقي وفدا في دمشق. (سانا)",
		want: creditView{Whole: "(سانا)", Credit: "سانا", Agencies: ag("سانا")},
	},
	{
		name: "Getty by name",
		in:   "أطفال في مخيم الهول شمال شرق سوريا (غيتي)",
		want: creditView{Whole: "(غيتي)", Credit: "غيتي", Agencies: ag("Getty Images")},
	},
	{
		name: "Getty Images in Arabic",
		in:   "أطفال في مخيم الهول شمال شرق سوريا. غيتي إيماجز",
		want: creditView{Whole: "غيتي إيماجز", Credit: "غيتي إيماجز", Agencies: ag("Getty Images")},
	},
	{
		name: "AFP as Al Jazeera credits it",
		in:   "مقاتلون في ريف حماة الشمالي (الفرنسية)",
		want: creditView{Whole: "(الفرنسية)", Credit: "الفرنسية", Agencies: ag("AFP")},
	},
	{
		name: "photography label, name, dash, agency",
		in:   "رجال الدفاع المدني يبحثون عن ناجين في دوما قرب دمشق. تصوير: محمد الحلبي - رويترز",
		want: creditView{Whole: "تصوير: محمد الحلبي - رويترز", Credit: "تصوير: محمد الحلبي - رويترز", Photographers: []string{"محمد الحلبي"}, Agencies: ag("Reuters")},
	},
	{
		name: "photography label without a colon or full stop",
		in:   "سيدة تبكي أمام منزلها المدمر في حي الوعر بحمص تصوير عمر الخطيب / أ ف ب",
		want: creditView{Whole: "تصوير عمر الخطيب / أ ف ب", Credit: "تصوير عمر الخطيب / أ ف ب", Photographers: []string{"عمر الخطيب"}, Agencies: ag("AFP")},
	},
	{
		name: "photography label in brackets",
		in:   "عناصر من الدفاع المدني في أريحا (تصوير: سامر العلي/الأناضول)",
		want: creditView{Whole: "(تصوير: سامر العلي/الأناضول)", Credit: "تصوير: سامر العلي/الأناضول", Photographers: []string{"سامر العلي"}, Agencies: ag("Anadolu Agency")},
	},
	{
		name: "lens of an unnamed activist",
		in:   "دمار في حي طريق السد بدرعا، 5 نيسان 2018. (عدسة ناشط)",
		want: creditView{Whole: "(عدسة ناشط)", Credit: "عدسة ناشط"},
	},
	{
		name: "lens of a young man of a city, unnamed",
		in:   "أطفال يلعبون بين الأنقاض في حي الشعار بحلب، 3 آذار 2016. (عدسة شاب حلبي)",
		want: creditView{Whole: "(عدسة شاب حلبي)", Credit: "عدسة شاب حلبي"},
	},
	{
		name: "photography label, a freelance photographer unnamed, and an agency",
		in:   "نازحون في مخيم أطمة، 12 شباط 2020. تصوير: مصور مستقل / الأناضول",
		want: creditView{Whole: "تصوير: مصور مستقل / الأناضول", Credit: "تصوير: مصور مستقل / الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{
		name: "lens label, photographer only",
		in:   "سوق الخضار في مدينة الباب. عدسة: أحمد يوسف",
		want: creditView{Whole: "عدسة: أحمد يوسف", Credit: "عدسة: أحمد يوسف", Photographers: []string{"أحمد يوسف"}},
	},
	{
		name: "name and agency, no label",
		in:   "آثار القصف على حي جوبر. محمد بدرا / إ ب أ",
		want: creditView{Whole: "محمد بدرا / إ ب أ", Credit: "محمد بدرا / إ ب أ", Photographers: []string{"محمد بدرا"}, Agencies: ag("EPA")},
	},
	{
		name: "agency after a dash",
		in:   "أطفال يلعبون في حي الصاخور بحلب - رويترز",
		want: creditView{Whole: " - رويترز", Credit: "رويترز", Agencies: ag("Reuters")},
	},
	{
		name: "Latin credit after an Arabic caption",
		in:   "سيارة إسعاف في إدلب REUTERS/Khalil Ashawi",
		want: creditView{Whole: "REUTERS/Khalil Ashawi", Credit: "REUTERS/Khalil Ashawi", Photographers: []string{"Khalil Ashawi"}, Agencies: ag("Reuters")},
	},
	{
		name: "AFP PHOTO after an Arabic caption",
		in:   "دمار في مدينة الرقة السورية. AFP PHOTO / DELIL SOULEIMAN",
		want: creditView{Whole: "AFP PHOTO / DELIL SOULEIMAN", Credit: "AFP PHOTO / DELIL SOULEIMAN", Photographers: []string{"DELIL SOULEIMAN"}, Agencies: ag("AFP")},
	},
	{
		name: "Latin agency, Arabic photographer",
		in:   "دمار في مدينة الرقة السورية. REUTERS/محمد الحلبي",
		want: creditView{Whole: "REUTERS/محمد الحلبي", Credit: "REUTERS/محمد الحلبي", Photographers: []string{"محمد الحلبي"}, Agencies: ag("Reuters")},
	},
	{
		name: "Arabic-Indic year after the agency",
		in:   "مدرسة مدمرة في سراقب. (أ ف ب/ ٢٠١٩)",
		want: creditView{Whole: "(أ ف ب/ ٢٠١٩)", Credit: "أ ف ب/ ٢٠١٩", Agencies: ag("AFP")},
	},
	{
		name: "via a distributor",
		in:   "جنازة في خان يونس (تصوير: ياسر قديح/الأناضول عبر غيتي)",
		want: creditView{Whole: "(تصوير: ياسر قديح/الأناضول عبر غيتي)", Credit: "تصوير: ياسر قديح/الأناضول عبر غيتي", Photographers: []string{"ياسر قديح"}, Agencies: ag("Anadolu Agency", "Getty Images")},
	},
	{
		name: "media office as provider",
		in:   "آثار غارة على بلدة كفرنبل. تصوير: خالد الأحمد - المكتب الإعلامي في كفرنبل",
		want: creditView{Whole: "تصوير: خالد الأحمد - المكتب الإعلامي في كفرنبل", Credit: "تصوير: خالد الأحمد - المكتب الإعلامي في كفرنبل", Photographers: []string{"خالد الأحمد"}, Agencies: ag("المكتب الإعلامي في كفرنبل")},
	},
	{
		name: "agencies, unnamed",
		in:   "مظاهرة في ساحة الساعة بحمص (وكالات)",
		want: creditView{Whole: "(وكالات)", Credit: "وكالات"},
	},
	{
		name: "dateline credit first",
		in:   "بيروت (أ ف ب) - عائلات سورية تعود إلى قراها في ريف إدلب",
		want: creditView{Whole: "بيروت (أ ف ب) - ", Credit: "أ ف ب", Agencies: ag("AFP")},
	},
	{
		name: "labelled credit first",
		in:   "تصوير: ليلى حسن - الأناضول. نساء ينتظرن توزيع المساعدات في مخيم الركبان",
		want: creditView{Whole: "تصوير: ليلى حسن - الأناضول. ", Credit: "تصوير: ليلى حسن - الأناضول", Photographers: []string{"ليلى حسن"}, Agencies: ag("Anadolu Agency")},
	},
	{
		name: "copyright sign",
		in:   "امرأة تحمل طفلها في مخيم الركبان. © محمد الحلبي / أ ف ب",
		want: creditView{Whole: "© محمد الحلبي / أ ف ب", Credit: "© محمد الحلبي / أ ف ب", Photographers: []string{"محمد الحلبي"}, Agencies: ag("AFP")},
	},
	{
		name: "photographer only in brackets",
		in:   "سوق شعبي في مدينة منبج (تصوير: سامي حداد)",
		want: creditView{Whole: "(تصوير: سامي حداد)", Credit: "تصوير: سامي حداد", Photographers: []string{"سامي حداد"}},
	},
	{
		name: "agency first, then the photographer",
		in:   "عائلة نازحة قرب سرمدا. (أ ف ب - محمد الحلبي)",
		want: creditView{Whole: "(أ ف ب - محمد الحلبي)", Credit: "أ ف ب - محمد الحلبي", Photographers: []string{"محمد الحلبي"}, Agencies: ag("AFP")},
	},
	{
		name: "Latin agency in brackets after Arabic",
		in:   "عائلة نازحة قرب سرمدا (AFP)",
		want: creditView{Whole: "(AFP)", Credit: "AFP", Agencies: ag("AFP")},
	},
	{
		name: "English caption quoting Arabic",
		in:   "Protesters hold a banner reading \"الشعب يريد\" in Idlib, Syria, on March 15, 2019. (Photo by Omar Haj/AFP)",
		want: creditView{Whole: "(Photo by Omar Haj/AFP)", Credit: "Photo by Omar Haj/AFP", Photographers: []string{"Omar Haj"}, Agencies: ag("AFP")},
	},
	{
		name: "picture rights label",
		in:   "مخيم للنازحين قرب أعزاز. حقوق الصورة: وكالة الأناضول",
		want: creditView{Whole: "حقوق الصورة: وكالة الأناضول", Credit: "حقوق الصورة: وكالة الأناضول", Agencies: ag("Anadolu Agency")},
	},
	{name: "a name in brackets is no credit", in: "الطفل أحمد (محمد الحلبي)"},
	{name: "an organisation in brackets is no credit", in: "مقتل خمسة مدنيين في قصف على سراقب (المرصد السوري)"},
	{name: "news agency quoted", in: "مقاتلون في ريف حلب الشمالي قال مصدر لوكالة الأنباء السورية (سانا)"},
	{name: "according to Reuters", in: "قتل ثلاثة مدنيين في القصف بحسب (رويترز)"},
	{name: "agency in a sentence", in: "أفاد مراسل فرانس برس بسقوط قذائف على الحي"},
	{name: "Arabic caption, no credit", in: "أطفال في حلب"},
	{name: "aside in brackets", in: "مقاتلون من قوات سوريا الديمقراطية (قسد) في الرقة"},
	{name: "picture word in a sentence", in: "صورة تظهر الدمار في حي الشعار في حلب"},
	{name: "filming is no label", in: "ناشطون أثناء تصوير الدمار في الغوطة الشرقية"},
}

func TestArabicCredit(t *testing.T) {
	p := newCreditParser(t)
	for _, tc := range arCreditCases {
		t.Run(tc.name, func(t *testing.T) {
			cr := p.credit(tc.in)
			if diff := cmp.Diff(tc.want, viewCredit(tc.in, cr)); diff != "" {
				t.Errorf("credit(%q) mismatch (-want +got):\n%s\nwarnings: %q", tc.in, diff, cr.Warnings)
			}
			checkCredit(t, tc.in, cr)
		})
	}
}

// TestArabicCreditDescription checks that the description the Arabic rules
// read has no credit left in it, and that the record's credit fields point
// into the text as written.
func TestArabicCreditDescription(t *testing.T) {
	p := newCreditParser(t)
	for _, tc := range arCreditCases {
		if tc.want.Whole == "" {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			if strings.Contains(r.Description, tc.want.Credit) {
				t.Errorf("description %q still holds the credit %q", r.Description, tc.want.Credit)
			}
			if r.Description == "" {
				t.Errorf("empty description")
			}
			for _, field := range []string{"credit", "photographers", "agencies"} {
				for _, s := range r.Evidence[field] {
					if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
						t.Errorf("%s span %v outside the text", field, s)
					}
				}
			}
			for i, s := range r.Evidence["photographers"] {
				if got := r.Text[s.Start:s.End]; got != r.Photographers[i] {
					t.Errorf("photographer %q has span text %q", r.Photographers[i], got)
				}
			}
		})
	}
}

func TestArAgencyKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"أ ف ب", "افب"},
		{"أ.ف.ب", "افب"},
		{"ا. ف. ب", "افب"},
		{"رويتـــرز", "رويترز"},
		{"وكالة  الأناضول", "وكاله الاناضول"},
		{"إِ بْ أ", "ابا"},
	} {
		if got := arAgencyKey(tc.in); got != tc.want {
			t.Errorf("arAgencyKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestArabicCreditOnly(t *testing.T) {
	p := newCreditParser(t)
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"(أ ف ب)", true},
		{"تصوير: محمد الحلبي - رويترز", true},
		{"أطفال في حلب", false},
		{"تصوير الدمار في حلب", false},
	} {
		if got := p.isCreditOnly(tc.in); got != tc.want {
			t.Errorf("isCreditOnly(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
