package parse

import (
	"slices"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// arPlaceNouns are the place words that govern a name ("مدينة حلب", "بلدة
// سراقب", "حي الشعار", "مخيم اليرموك", "بريف دمشق"), with the kind records
// give them; written without the article, which a governing noun never has.
var arPlaceNouns = map[string]string{
	"مدينه": "city", "بلده": "town", "قريه": "village", "حي": "neighbourhood", "مخيم": "camp",
	"محافظه": "province", "ولايه": "province", "ريف": "countryside", "عاصمه": "city", "ناحيه": "town",
	"قضاء": "district", "بلدات": "town", "قري": "village", "مدن": "city", "مخيمات": "camp",
	// A region ("إقليم دارفور", "إقليم كردستان") and Yemen's districts
	// ("مديرية المنصورة"); a directorate ("مديرية الصحة") names no place,
	// its words are in arNotNames.
	"اقليم": "province", "مديريه": "district",
	// A port, an airport or a market is in the city named after it:
	// "مرفأ بيروت", "مطار دمشق".
	"مرفا": "", "ميناء": "", "مطار": "",
	// A checkpoint or a crossing takes its place's name ("حاجز حوارة",
	// "معبر رفح"); an area, the streets or the centre are in the place
	// named: "منطقة الكرادة", "شوارع البصرة", "وسط بغداد".
	"حاجز": "", "معبر": "", "منطقه": "", "شوارع": "",
	// A desert or a plain named for its region: "صحراء النقب", "سهل
	// نينوى", "سهل البقاع". Not a mountain: "جبل لبنان" is a province,
	// not the country.
	"صحراء": "", "سهل": "",
}

// arCentre puts the scene in the middle of the place that follows.
var arCentre = wordSetAr("وسط")

// arPlaceAdjectives follow a place's name and say it is one: "الموصل
// القديمة", "ريف إدلب الشرقي", "حلب الشرقية".
var arPlaceAdjectives = wordSetAr("الشرقي الشرقيه الغربي الغربيه الشمالي الشماليه الجنوبي الجنوبيه القديم القديمه " +
	"المحاصر المحاصره الواقع الواقعه الاثري الاثريه الساحلي الساحليه المحتل المحتله التاريخي التاريخيه")

// arNearNouns put the scene near the place that follows: "بريف دمشق",
// "قرب حلب", "بالقرب من إدلب", "في محيط دمشق", "على أطراف الرقة".
var arNearNouns = wordSetAr("ريف قرب محيط اطراف ضواحي مشارف مدخل")

// arDirections are the compass words: "شمال غرب سوريا", "جنوب دمشق",
// "شمالي حلب".
var arDirections = wordSetAr("شمال جنوب شرق غرب شمالي جنوبي شرقي غربي")

// arPlacePreps put the scene at the name that follows when the words after
// the name say it is a place (a country, a compass word, a place word):
// "في دوما بريف دمشق", "في إدلب شمال غرب سوريا", "على سراقب، سوريا".
// "من" (from) is none: "نازحون فروا من حلب" are not in Aleppo.
var arPlacePreps = wordSetAr("في علي الي داخل فوق")

// arSiteNouns name a town's sites, streets and sky, and govern its name as
// a preposition does: "سوق نيالا", "مستشفى مصراتة المركزي", "سماء غزة".
var arSiteNouns = wordSetAr("سوق اسواق مستشفي مشفي شوارع شارع سماء ميناء مطار جامعه سجن قلعه")

// arSiteAt reports a site noun at token i that governs the name after it.
// A citadel ("قلعة") governs a bare name ("قلعة حلب", "قرب قلعة بعلبك"),
// but starts a town's name the article follows ("قلعة المضيق", "قلعة
// الحصن"), which arNameAt reads whole.
func (at *arText) arSiteAt(i int) bool {
	if !at.isIn(i, arSiteNouns) {
		return false
	}
	return !at.is(i, "قلعه") || !at.citadelNamesTown(i)
}

// citadelNamesTown reports whether "قلعة" at token i starts a town's name:
// the word after it has the article.
func (at *arText) citadelNamesTown(i int) bool {
	return i+1 < len(at.toks) && at.toks[i+1].word &&
		strings.HasPrefix(at.toks[i+1].key, "ال")
}

// arNameHeads begin names of two words: "دير حافر", "كفر نبل", "تل أبيض",
// "خان شيخون", "بيت لاهيا", "عين عيسى", "أبو كمال", "رأس العين".
var arNameHeads = wordSetAr("دير كفر تل عين خان بيت ابو ام راس بني باب جسر بير بئر جبل معره سيدي مرج قصر حزه حمام")

// arNotNames are words after a cue that start no name: prepositions,
// pronouns, days, time words, and adjectives that follow a name ("حلب
// الشرقية", "حمص القديمة").
var arNotNames = wordSetAr("الاراضي اراضي سكني السكني في علي من الي عن مع بين خلال بعد قبل عند حيث التي الذي الذين هذا هذه ذلك تلك امس " +
	"اليوم يوم اثناء وسط جراء اثر عقب نتيجه بسبب ضد منذ حتي او ثم كما ان انه " +
	"الاحد الاثنين الثلاثاء الاربعاء الخميس الجمعه السبت صباح مساء ليل ليله فجر ظهر " +
	"الشرقي الشرقيه الغربي الغربيه الشمالي الشماليه الجنوبي الجنوبيه القديم القديمه المحاصر المحاصره " +
	"المحرر المحرره المدمر المدمره المجاور المجاوره الحدودي الحدوديه الساحلي الساحليه الواقع الواقعه " +
	"الخاضع الخاضعه المنكوب المنكوبه الماضي الماضيه المقبل الحالي نفسها نفسه ذاتها الدولي ضاحيه الضاحيه ضواحي " +
	// What a directorate ("مديرية") is of, which is no district's name.
	"الصحه التربيه الزراعه الاوقاف الشرطه المياه الكهرباء الامن الاعلام الدفاع الاحوال الجوازات الهجره " +
	// "مدينة تدمر الأثرية", "القدس المحتلة": the name stands without them.
	"الاثري الاثريه المحتل المحتله التاريخي التاريخيه " +
	// Common nouns a preposition or a place word may govern, which name no place.
	"مستشفي المستشفي مستشفيات مدرسه المدرسه مدارس مسجد المسجد منزل المنزل منازل شارع الشارع " +
	"سوق السوق مخبز خيمه خيام ساحه الساحه طريق الطريق مبني المبني مباني مقر قاعده جامعه مركز المركز " +
	"ملجا ملعب حدود الحدود مناطق المناطق المنطقه خفض سيطره نفوذ عازله امنه منزوعه الغزو غزو " +
	"فندق الفندق فنادق ازقه زقاق حاره " +
	"صفوف اطار ظل اعقاب محاوله طريقه حين وقت تاريخ اقصي احدي احد بعض كل جميع معظم عموم انحاء " +
	// Things near which a scene is photographed: "قرب حفرة" (near a crater).
	"حفره الحفره ركام الركام انقاض الانقاض حاجز الحاجز سياره السياره موقع الموقع مواقع نقطه النقطه " +
	"جثه جثث دبابه مدرعه خط الخط جبهه الجبهه " +
	// Adjectives of an indefinite place word: "قرية بدوية" (a Bedouin
	// village), "بلدة حدودية" (a border town).
	"بدويه حدوديه صغيره نائيه جبليه زراعيه مسيحيه درزيه كرديه مدمره مهجوره")

// arGovern reports a place noun, compass word or near word at token i
// written without the article (a governing noun has none: "مدينة حلب", not
// "المدينة"), with the kind and nearness it gives the place after it.
func (at *arText) arGovern(i int) (kind string, near, ok bool) {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
		return "", false, false
	}
	for _, st := range at.stems[i] {
		if strings.HasSuffix(at.toks[i].key, "ال"+st) && st != "قرب" {
			continue // the article is written: "المدينة القديمة" (but "بالقرب من")
		}
		if k, isNoun := arPlaceNouns[st]; isNoun {
			return k, arNearNouns[st], true
		}
		if arDirections[st] || arNearNouns[st] {
			return "", true, true
		}
		if arCentre[st] {
			return "", false, true
		}
	}
	return "", false, false
}

// markCountries marks the tokens of country names and demonyms.
func (at *arText) markCountries(ps *arPhrases, used []bool) {
	at.demonym = make([]bool, len(at.toks))
	at.adj = make([]bool, len(at.toks))
	for i := 0; i < len(at.toks); i++ {
		if found, n := at.match(ps, i); n > 0 {
			for k := i; k < i+n; k++ {
				used[k] = true
				at.demonym[k] = found[0].demonym
				at.adj[k] = at.adjective(i, found[0])
			}
			i += n - 1
		}
	}
}

// adjective reports a country's phrase ph at token i that is a demonym:
// one the lexicon gives as one, or a name it writes without the article
// written with it, the adjective: "السورية" (Syrian), where "سورية" is
// Syria. It is still the country where a demonym is ("في حلب السورية"),
// and names no scene where a demonym does not ("على الحدود العراقية
// السورية" is either side of a border).
func (at *arText) adjective(i int, ph *arPhrase) bool {
	return ph.demonym || !ph.article && strings.HasPrefix(at.toks[i].key, "ال")
}

// country sets rec's country from the first name of a country, or demonym
// after a place word ("مدينة حلب السورية", "العاصمة السورية"); failing
// those, from the first other demonym, which only hints at it ("لاجئون
// سوريون"). It marks the country tokens in used.
//
// As in English, a country word inside an actor's or a source's name ("الجيش
// السوري", "المرصد السوري") says nothing of where the scene is, and neither
// does one a street or a building is named after ("شارع سوريا" in Tripoli,
// "مدرسة فلسطين" in Aleppo: streetNamed). Of two countries named, one the
// scene is put in ("في لبنان", "بالعراق", "شمال لبنان", "بالبقاع اللبناني")
// wins over one named before it otherwise ("لاجئون عادوا من تركيا إلى
// مخيم في شمال سوريا").
func (at *arText) country(rec *caption.Record, lex *arabicLexicon, used []bool, off int, ev *evidence) {
	ps := &lex.countries
	at.markCountries(ps, used)
	org := make([]bool, len(at.toks))
	for i := 0; i < len(at.toks); i++ {
		_, n := at.match(&lex.actors, i)
		if _, m := at.match(&lex.sources, i); m > n {
			n = m
		}
		for k := i; k < i+n; k++ {
			org[k] = true
		}
		i += max(n, 1) - 1
	}
	var hint, named *arPhrase
	var hintSpan, namedSpan caption.Span
	for i := 0; i < len(at.toks); i++ {
		found, n := at.match(ps, i)
		if n == 0 {
			continue
		}
		if org[i] || at.countryAside(i, at.adjective(i, found[0])) || !found[0].demonym && at.streetNamed(i) {
			i += n - 1
			continue
		}
		ph := found[0]
		span := at.span(i, i+n)
		placed := false
		for k := i - 1; k >= 0 && k >= i-2; k-- {
			if k == i-2 && (strings.HasPrefix(at.toks[k+1].key, "لل") || at.arPeopleNoun(k+1)) {
				break // "مخيم للاجئين السوريين" is a camp of Syrians, not a Syrian camp
			}
			if _, isNoun := arPlaceNouns[arCore(at.toks[k].key)]; isNoun || at.is(k, "اراضي", "اراض", "اقليم") {
				placed = true
			}
		}
		// "في البقاع اللبناني", "بالبقاع اللبناني", "في حلب السورية": a
		// demonym after a place the caption puts the scene in (but "على
		// الحدود السورية" is either side of it).
		if prev := i - 1; prev >= 0 && at.toks[prev].word && !at.is(prev, "حدود") &&
			(strings.HasPrefix(at.toks[prev].key, "بال") || at.isIn(prev-1, arPlacePreps) || at.isKnownPlace(lex, prev, prev+1)) {
			placed = true
		}
		if placed || !ph.demonym && at.countryIn(i, ph) {
			rec.Country, rec.CountryBasis = caption.CountryCode(ph.value), caption.CountryNamed
			ev.add("country", off, span)
			return
		}
		if !ph.demonym && named == nil {
			named, namedSpan = ph, span
		}
		if ph.demonym && hint == nil {
			hint, hintSpan = ph, span
		}
		i += n - 1
	}
	if named != nil {
		rec.Country, rec.CountryBasis = caption.CountryCode(named.value), caption.CountryNamed
		ev.add("country", off, namedSpan)
		return
	}
	if hint != nil && rec.Country == "" {
		rec.Country, rec.CountryBasis = caption.CountryCode(hint.value), caption.CountryHint
		ev.add("country", off, hintSpan)
	}
}

// arStreetNouns name streets, squares and buildings, which are often named
// after a country: "شارع سوريا", "ساحة فلسطين", "دوار الكويت", "مستشفى
// الأردن", "فندق لبنان", "سوق العراق", "مدرسة فلسطين", "حي تركيا".
var arStreetNouns = wordSetAr("شارع ساحه دوار جسر مستشفي مشفي فندق سوق مدرسه حي ميدان")

// streetNamed reports a country's name at token i that a street or a
// building noun governs (written without the article, as a governing noun
// is): the name of the street, not the country of the scene.
func (at *arText) streetNamed(i int) bool {
	k := i - 1
	if k < 0 || !at.toks[k].word || at.toks[k].digits {
		return false
	}
	for _, st := range at.stems[k] {
		if arStreetNouns[st] && !strings.HasSuffix(at.toks[k].key, "ال"+st) {
			return true
		}
	}
	return false
}

// countryIn reports a country's name at token i (phrase ph) that the
// caption puts the scene in: after "في" or a compass word ("في لبنان",
// "شمال لبنان", "جنوبي غرب سوريا"), or joined to "ب" ("بالعراق").
func (at *arText) countryIn(i int, ph *arPhrase) bool {
	if at.is(i-1, "في") || at.isIn(i-1, arDirections) {
		return true
	}
	key := at.toks[i].key
	for _, p := range []string{"وب", "فب", "ب"} {
		if rest, ok := strings.CutPrefix(key, p); ok && (rest == ph.words[0] || arCore(rest) == ph.words[0]) {
			return true
		}
	}
	return false
}

// countryAside reports a country's name or demonym at i that says where
// the scene is not: the country that leads, backs or faces ("التحالف
// بقيادة السعودية", "المدعومة من تركيا", "الحدود مع الأردن", "ضد روسيا"),
// a border's demonym ("الحدود التركية"), or a demonym of a weapon or an
// attack, which is the attacker's ("غارة روسية", "طائرات مسيرة روسية",
// "قصف إسرائيلي").
func (at *arText) countryAside(i int, demonym bool) bool {
	if at.is(i-1, "اراضي", "اراض") && (at.is(i-2, "من") || at.is(i-2, "داخل") && at.is(i-3, "من")) {
		return true // "صاروخ أطلق من داخل الأراضي السورية" (a name as well): where it came from
	}
	if demonym {
		k := i - 1
		for k >= 0 && at.adj != nil && at.adj[k] {
			k-- // "على الحدود العراقية السورية": both sides
		}
		if at.is(k, "حدود", "الحدود") {
			return true // "قرب الحدود التركية" is either side of it
		}
		if at.isIn(i-1, arForceNouns) {
			return true // "قصف لقوات النظام والميليشيات الإيرانية": the actor's
		}
		for k := i - 1; k >= 0 && k >= i-3 && at.toks[k].word; k-- {
			if at.is(k, arAttackWords...) {
				return true
			}
		}
		return false
	}
	k := i - 1
	switch {
	case at.is(k, "قياده", "بقياده", "دعم", "بدعم", "ضد", "مع", "حليفه", "حليفتها"):
		return true
	case at.is(k, "من") && at.is(k-1, "مدعوم", "مدعومه", "المدعوم", "المدعومه", "المدعومين", "مدعومين", "قادمه", "القادمه", "القادمين", "قادمين"):
		return true
	}
	return false
}

// arForceNouns are forces whose demonym right after them names the actor,
// not the scene's country: "الميليشيات الإيرانية" in Daraa, "مستشارين
// روس", "الحرس الثوري الإيراني" is the actors' lexicon's.
var arForceNouns = wordSetAr("قوات ميليشيات مليشيات ميليشيا مليشيا طيران حرس مستشارين مستشارون مستشاري عناصر مقاتلين مقاتلون مرتزقه")

// arAttackWords are the words of a weapon or an attack whose demonym names
// the attacker.
var arAttackWords = []string{"غاره", "غارات", "قصف", "ضربه", "ضربات", "صاروخ", "صواريخ", "طائره", "طائرات",
	"مسيره", "مسيرات", "طيران", "حربي", "حربيه", "قذائف", "قذيفه", "مدفعيه", "براميل", "برميل", "هجوم", "غارتين"}

// arNameAt reads a place name that starts at token a: one word, two after
// a name head ("دير حافر"), or words the article starts ("دير الزور",
// "معرة النعمان", "مخيم عين الحلوة"), three at most. It returns the token
// after the name, or a when none starts there: a country, a month, a number,
// a cue, a lexicon word or one of arNotNames.
//
// A country's name may start a name a place noun governs when it is a city's
// too: "مدينة غزة" (country says so).
func (at *arText) arNameAt(a int, countryTok []bool, lex *arabicLexicon, country bool) int {
	if !at.nameWord(a, countryTok, lex) && !(country && countryTok[a] && at.nameWord(a, make([]bool, len(at.toks)), lex)) {
		return a
	}
	b := a + 1
	for b < len(at.toks) && b-a < 3 {
		k := at.toks[b].key
		// "الغوطة الشرقية" is a region's name, where "حلب الشرقية" is a part of a city.
		if b == a+1 && at.is(a, "غوطه") && arPlaceAdjectives[k] {
			b++
			break
		}
		head := b == a+1 && at.isIn(a, arNameHeads)
		if !at.nameWord(b, countryTok, lex) || !head && !strings.HasPrefix(k, "ال") {
			break
		}
		b++
	}
	return b
}

// nameWord reports whether token i may be a word of a place name.
func (at *arText) nameWord(i int, countryTok []bool, lex *arabicLexicon) bool {
	if i < 0 || i >= len(at.toks) {
		return false
	}
	t := at.toks[i]
	if !t.word || t.digits || countryTok[i] || arNotNames[t.key] || len(t.key) < 4 {
		return false
	}
	for _, p := range []string{"لل", "بال", "وال", "فال", "كال"} {
		if strings.HasPrefix(t.key, p) {
			return false // a preposition and the article: "للنازحين", "بالقرب"
		}
	}
	if m, _ := at.arMonthAt(i); m > 0 {
		return false
	}
	if at.is(i, "قلعه") && !at.citadelNamesTown(i) {
		return false // "قرب قلعة بعلبك": the site, whose town follows
	}
	if _, isNoun := arPlaceNouns[arCore(t.key)]; isNoun {
		return false // "العاصمة", "المدينة": a place word, not a name
	}
	if _, _, gov := at.arGovern(i); gov || at.isIn(i, arPlacePreps) || at.arPeopleNoun(i) ||
		at.isIn(i, arKillLead) || at.isIn(i, arInjLead) || at.isIn(i, arKillNoun) || at.isIn(i, arInjNoun) {
		return false
	}
	for _, ps := range []*arPhrases{&lex.events, &lex.actors, &lex.sources} {
		if _, n := at.match(ps, i); n > 0 {
			return false
		}
	}
	return true
}

// places reads the places of sentence s: a name a place noun, a compass
// word or a near word governs ("مدينة حلب", "بريف دمشق", "شمال حلب", "قرب
// إدلب"), and a name after "في" (or "على", "إلى"…) that a country, a
// compass word or a place word follows ("في دوما بريف دمشق", "في إدلب شمال
// غرب سوريا", "في الرقة، سوريا"). A governed country ("شمال غرب سوريا") is
// left to the country. Names are passed as written, for the gazetteer's
// Arabic names.
func (at *arText) places(rec *caption.Record, lex *arabicLexicon, countryTok []bool, s, off int, ev *evidence) {
	toks := at.toks
	lastEnd := -1 // the token after the last place read
	var refs []arRef
	add := func(tok int, sp caption.Span, kind string, near bool) {
		refs = append(refs, arRef{tok: tok, sp: sp, kind: kind, near: near})
	}
	defer func() {
		if s == 0 {
			at.markHeading(refs)
		}
		scene := at.sceneFirst(slices.Clone(refs))
		if rec.Country == "" {
			at.lexiconCountry(rec, lex, append(refs, at.bareOrigins(s, lex, countryTok)...), off, ev)
		}
		scene = at.dropRepeatedDateline(scene)
		for _, r := range scene {
			name := at.desc[r.sp.Start:r.sp.End]
			rec.Places = append(rec.Places, name)
			rec.PlaceRefs = append(rec.PlaceRefs, caption.PlaceRef{Name: name,
				Span: caption.Span{Start: r.sp.Start + off, End: r.sp.End + off}, Kind: r.kind, Near: r.near})
			ev.add("places", off, r.sp)
		}
	}()
	for i := 0; i < len(toks); i++ {
		if at.sentOf[i] != s {
			continue
		}
		// "بحلب", "في دمشق وحلب": a known place joined to "ب", or to "و"
		// after another place.
		if sp, n, ok := at.arKnownJoined(i, lex, countryTok, i == lastEnd); ok {
			add(i, sp, "", false)
			i += n - 1
			lastEnd = i + 1
			continue
		}
		// "حلب، سوريا"; "إدلب - ": a dateline starts the caption.
		if i == 0 && s == 0 {
			if b, ok := at.arDateline(countryTok, lex); ok {
				add(0, at.span(0, b), "", false)
				refs[len(refs)-1].dateline = true
				i = b - 1
				lastEnd = b
				continue
			}
		}
		if sp, kind, near, ok := at.arOtherPlace(i, countryTok, lex); ok {
			add(i, sp, kind, near)
			lastEnd = i + 1
			continue
		}
		if d, n, ok := at.arCompassState(i, lex, countryTok); ok {
			add(d, at.span(d, d+n), "province", false)
			i = d + n - 1
			lastEnd = d + n
			continue
		}
		kind, near, gov := at.arGovern(i)
		site := !gov && at.arSiteAt(i)
		a := i + 1
		if gov {
			// "شمال غرب", "بالقرب من", "شمالي غربي"
			for a < len(toks) && (at.isIn(a, arDirections) || at.is(a, "من")) {
				a++
			}
		} else if !at.isIn(i, arPlacePreps) && !site {
			continue
		}
		if a >= len(toks) || at.sentOf[a] != s {
			continue
		}
		// A singular noun that names a settlement may govern a name
		// shared with a country or territory: "مدينة غزة". A capital is
		// the country's ("عاصمة السودان"), never a city named after it.
		city := gov && (kind == "city" || kind == "camp" || kind == "neighbourhood") && !at.is(i, "مدن", "احياء", "عاصمه")
		b := at.arNameAt(a, countryTok, lex, city)
		if _, n := at.match(&lex.places, a); n > 0 && !countryTok[a] && n != b-a && (gov || site || b == a || n > b-a) {
			b = a + n // "رام الله", "خان يونس" as the lexicon writes them; "مستشفى مصراتة المركزي"
		}
		if b == a {
			continue
		}
		// "في أزقة مخيم شاتيلا": a noun without the article that governs a
		// place noun is the common noun of a construct ("the alleys of the
		// camp"), not a name; "في الخرطوم عاصمة السودان" is a name and its
		// apposition.
		if !gov && !site && b == a+1 && !strings.HasPrefix(at.toks[a].key, "ال") && at.bareGovern(b) && !at.isKnownPlace(lex, a, b) {
			continue
		}
		// A demonym after a word says less than a country's name: "في
		// حلب السورية" is a place, "من الغزو الروسي" is not.
		if !gov && (!at.placeFollows(b, countryTok) || at.demonymAt(b)) && !arPlaceAdjectives[at.toks[b-1].key] && !at.isKnownPlace(lex, a, b) &&
			!at.containerAfter(i, a, b, lastEnd) && !at.mountainName(a, b) {
			continue
		}
		// "قرب مدينة إدلب", "شمال مدينة حلب": near the place the noun governs.
		if gov && !near {
			if k, n, g := at.arGovern(i - 1); g && k == "" && n {
				near = true
			}
		}
		add(a, at.span(a, b), kind, near)
		i = b - 1
		lastEnd = b
		// "مدينة سري كانيه (رأس العين)": the other name of the place, in
		// brackets after it, is read after it.
		if y, ok := at.arAlias(b, countryTok, lex); ok {
			add(b+1, at.span(b+1, y), kind, near)
			b = y + 1
			i, lastEnd = b-1, b
		}
		// "حي جوبر بدمشق": the place that holds it, joined to "ب" (in).
		if c, n, ok := at.arContainer(b, countryTok, lex); ok {
			add(b, c, "", false)
			i = b + n - 1
			lastEnd = b + n
		}
	}
}

// bareOrigins returns the places of sentence s that the lexicon knows
// right after an origin's "من" ("فروا من زالنجي"), which the place rules
// leave unread, since no place word says they are places: they count for
// lexiconCountry only.
func (at *arText) bareOrigins(s int, lex *arabicLexicon, countryTok []bool) []arRef {
	var refs []arRef
	for k := 1; k+1 < len(at.toks); k++ {
		if at.sentOf[k+1] != s || !at.is(k, "من") || !at.isIn(k-1, arOriginWords) || countryTok[k+1] {
			continue
		}
		if _, n := at.match(&lex.places, k+1); n > 0 && at.isKnownPlace(lex, k+1, k+1+n) {
			refs = append(refs, arRef{tok: k + 1, sp: at.span(k+1, k+1+n), background: true})
		}
	}
	return refs
}

// containerAfter reports a name [a, b) after "في" at token i, just after a
// place read, that holds that place, when the name is of a head word and
// the article ("قرية البارة في جبل الزاوية", "بلدة هجين في دير الزور"):
// such a name is no common noun, which "في" after a place often governs
// ("في سراقب في غارة").
func (at *arText) containerAfter(i, a, b, lastEnd int) bool {
	return i == lastEnd && at.is(i, "في") && b-a >= 2 && at.isIn(a, arNameHeads) && strings.HasPrefix(at.toks[a+1].key, "ال")
}

// arCompassState reads at token i a state the lexicon names with a compass
// word ("شمال دارفور", "وسط دارفور", "جنوب كردفان"), alone or after
// "ولاية" or "إقليم", whose compass word says no direction from the name
// after it: "بولاية شمال دارفور" is North Darfur state, not north of
// Darfur. It returns the state's first token and its length in tokens.
func (at *arText) arCompassState(i int, lex *arabicLexicon, countryTok []bool) (int, int, bool) {
	d := i
	if at.is(i, "ولايه", "اقليم") {
		d = i + 1
	}
	if d >= len(at.toks) || !at.isIn(d, arDirections) && !at.isIn(d, arCentre) {
		return 0, 0, false
	}
	_, n := at.match(&lex.places, d)
	if n < 2 || countryTok[d] || at.sentOf[d+n-1] != at.sentOf[i] {
		return 0, 0, false
	}
	return d, n, true
}

// arRef is a place places has read: its first token, its span in the
// description, what the words before it say of it, and whether it is the
// caption's dateline.
type arRef struct {
	tok        int
	sp         caption.Span
	kind       string
	near       bool
	background bool
	dateline   bool
}

// sceneFirst orders the places read for the scene. A place the people shown
// came from ("نازحون فروا من مدينة الجنينة", "هرباً من المعارك في
// الخرطوم") or where the dead of a funeral were killed ("مقاتلين قتلوا في
// معارك بريف حماة") is the story's background, not the scene: it is left
// out when the caption names another place. In a funeral the place after
// the funeral word is the scene ("خلال تشييعهم في بلدة سرمدا", "يشيعون في
// مدينة بعلبك"), and comes first with the places after it, which hold it.
func (at *arText) sceneFirst(refs []arRef) []arRef {
	funeral := -1
	for k, r := range refs {
		if at.funeralBefore(r.tok) {
			funeral = k
			break
		}
	}
	scene := 0
	for k := range refs {
		refs[k].background = k != funeral && (at.background(refs[k].tok) || at.destination(refs, k))
		if !refs[k].background {
			scene++
		}
	}
	if funeral > 0 {
		refs = append(slices.Clone(refs[funeral:]), refs[:funeral]...)
	}
	refs = datelineLast(refs)
	if scene == len(refs) || scene == 0 {
		return refs // the background is the only place named
	}
	return slices.DeleteFunc(refs, func(r arRef) bool { return r.background })
}

// lexiconCountry hints at the country of a caption that names none from
// the places of sentence refs that ar_places.tsv knows, when they all are
// of one country; a name the lexicon gives two countries (أريحا) counts as
// unknown. The places sceneFirst leaves out count too: "نازحون يصلون إلى
// بلدة طويلة بعد أن فروا من الفاشر" are in Sudan's Tawila, not in Yemen's
// namesake, which the gazetteer ranks first, since the flight rarely
// crosses a border the caption does not name. And a known city settles a
// region's name it shares with another country's: "مدينة الحسكة بمنطقة
// الجزيرة" is Syria's Jazira, not Sudan's Gezira state, which the gazetteer
// chose first and then found no Hasakah in. Only a hint: a place the
// gazetteer knows only abroad ("يصلون إلى أدري") is still found there.
// A place named alone is left to the gazetteer, which weighs the caption's
// other words and the document: fighters of Libya's unity government "في
// محور عين زارة جنوب طرابلس" are in Libya's Tripoli, where the lexicon has
// Lebanon's.
func (at *arText) lexiconCountry(rec *caption.Record, lex *arabicLexicon, refs []arRef, off int, ev *evidence) {
	if len(refs) < 2 {
		return
	}
	var code string
	var span caption.Span
	for _, r := range refs {
		found, n := at.match(&lex.places, r.tok)
		if n == 0 || slices.ContainsFunc(found, func(ph *arPhrase) bool { return ph.value != found[0].value }) {
			continue
		}
		switch {
		case code == "":
			code, span = found[0].value, r.sp
		case found[0].value != code:
			return // two countries: the flight crossed a border, or one is a namesake
		}
	}
	if code == "" {
		return
	}
	rec.Country, rec.CountryBasis = caption.CountryCode(code), caption.CountryHint
	ev.add("country", off, span)
}

// arHeadingMax is how many tokens a heading may take before its colon or
// dash: a region and its compass word, "ريف إدلب الجنوبي".
const arHeadingMax = 6

// markHeading marks as a dateline the place of a short heading that opens
// the caption and a colon, dash or bar ends, when the body after it names
// a place: "ريف إدلب الجنوبي: دمار في بلدة كفرسجنة" is in the village, the
// heading naming the region that holds it, as a dateline names the
// province's city (datelineLast puts it after the body's places). A
// heading with no place after it stays the scene.
func (at *arText) markHeading(refs []arRef) {
	if len(refs) < 2 || refs[0].dateline {
		return
	}
	sep := -1
	for k := 0; k < len(at.toks) && k <= arHeadingMax && at.sentOf[k] == 0; k++ {
		if t := at.toks[k]; t.digits {
			return // "12 آذار: …" is a date's heading
		} else if t.key == ":" || t.key == "-" || t.key == "|" {
			sep = k
			break
		}
	}
	if sep < 0 || refs[0].tok >= sep || refs[1].tok <= sep {
		return
	}
	refs[0].dateline = true
}

// datelineLast moves a dateline's city after the places the caption's words
// name, as arDatelinePlace does with a dateline the credit cut: the body
// names the scene, the dateline where the photo was filed, which is most
// often the province's city or the capital ("حماة - الجزيرة: … في بلدة
// كفرزيتا بريف حماة", "غزة - … في مخيم جباليا"). A dateline that is the
// only place stays the scene.
func datelineLast(refs []arRef) []arRef {
	if len(refs) < 2 || !refs[0].dateline {
		return refs
	}
	return append(refs[1:], refs[0])
}

// dropRepeatedDateline drops a dateline's city, which datelineLast put
// last, when the body names it too: "تعز (اليمن) - … شرقي مدينة تعز" has
// one place, with the body's words about it.
func (at *arText) dropRepeatedDateline(refs []arRef) []arRef {
	n := len(refs)
	if n < 2 || !refs[n-1].dateline {
		return refs
	}
	name := at.desc[refs[n-1].sp.Start:refs[n-1].sp.End]
	if slices.ContainsFunc(refs[:n-1], func(r arRef) bool { return at.desc[r.sp.Start:r.sp.End] == name }) {
		return refs[:n-1]
	}
	return refs
}

// arOriginWords, before "من" (from), say the people shown came from the
// place that follows: "فروا من", "نزحوا من", "هرباً من", "فراراً من",
// "قادمين من", "الفارين من". The present ("سكان يفرون من بلدة حمورية") is
// none of them: the people shown are leaving the place, still at the scene.
var arOriginWords = wordSetAr("فروا فر فرت فرار فرارا هربا هروبا هربوا هرب هاربين الهاربين نزحوا نزح نزحت نزوحهم " +
	"قادمين قادمون القادمين القادمون الفارين الفارون فارين فارون المهجرين مهجرين هجروا تهجيرهم " +
	// The participle of the displaced, as a noun or an adjective
	// ("عائلات نازحة من ريف إدلب تصل إلى مخيمات أطمة"): the people shown
	// were displaced from there, as with the verbs.
	"نازح نازحه نازحون نازحين نازحات النازح النازحه النازحون النازحين النازحات " +
	"هاربه هاربات الهاربه الفاره فاره مهجره المهجره مهجرون المهجرون هربت هربن")

// arKilledThere are the verbs after the dead ("مقاتلين قتلوا في", "طفلين
// استشهدا في") that put their deaths at the place that follows, which a
// funeral or a morgue shown elsewhere is not: the casualty rules' verbs of
// killing, and "سقطوا" (fell).
var arKilledThere = func() map[string]bool {
	m := wordSetAr("سقطوا")
	for w := range arKillVerb {
		m[w] = true
	}
	return m
}()

// arTowards are the words of a movement's direction: what follows is where
// the people shown are going, not where they are.
var arTowards = wordSetAr("نحو باتجاه")

// destination reports that refs[k] is where a movement goes ("خروج حافلات
// من حي الوعر في حمص باتجاه ريف حلب الشمالي": the buses leave al-Waer for
// the Aleppo countryside), after a place named before it in its sentence:
// "باتجاه" or "نحو" right before it, or before the place noun governing it.
func (at *arText) destination(refs []arRef, k int) bool {
	i := refs[k].tok
	if k == 0 || at.sentOf[refs[0].tok] != at.sentOf[i] {
		return false
	}
	d := i - 1
	if _, _, gov := at.arGovern(d); gov {
		d--
	}
	return d >= 0 && at.sentOf[d] == at.sentOf[i] && at.isIn(d, arTowards)
}

// arBackgroundEnd end the clause of an origin or a death: "إلى" (to) starts
// where the people went, "حيث" (where) the scene.
var arBackgroundEnd = wordSetAr("الي نحو باتجاه حيث")

// background reports a place at token i in the clause of an origin ("فروا
// من …") or of a death ("قتلوا في …"): the cue is before it in its
// sentence, with no comma, "إلى", funeral word or present-tense verb ("نازحون
// فروا من الفلوجة يصلون إلى …") between.
func (at *arText) background(i int) bool {
	for k := i - 1; k >= 0 && k >= i-12 && at.sentOf[k] == at.sentOf[i]; k-- {
		t := at.toks[k]
		if t.key == "," || t.key == ";" || t.key == "(" || t.key == ")" ||
			at.isIn(k, arBackgroundEnd) || at.funeralWord(k) || at.presentPlural(k) {
			return false
		}
		switch {
		case at.is(k, "من") && at.isIn(k-1, arOriginWords):
			return true
		case at.isIn(k, arKilledThere):
			return true
		case t.word && strings.HasPrefix(t.key, "حتف") && at.isIn(k-1, arDieVerbs), // "لقوا حتفهم في"
			t.word && strings.HasPrefix(t.key, "حتف") && at.isIn(k-2, arDieVerbs):
			return true
		}
	}
	return false
}

// presentPlural reports a verb in the present plural at token i ("يصلون",
// "يقيمون", "يتجمعون"): a new clause of what the people shown are doing.
func (at *arText) presentPlural(i int) bool {
	t := at.toks[i]
	if !t.word || t.digits || at.demonym != nil && at.demonym[i] {
		return false
	}
	k := t.key
	return utf8.RuneCountInString(k) >= 5 && strings.HasPrefix(k, "ي") && strings.HasSuffix(k, "ون")
}

// funeralWord reports a word of a funeral at token i: "تشييع", "تشييعهم",
// "يشيعون", "مشيعون", "جنازة", "جنازته".
func (at *arText) funeralWord(i int) bool {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
		return false
	}
	for _, st := range at.stems[i] {
		for _, p := range []string{"تشييع", "جناز", "مشيع", "يشيع", "تشيع", "شيعوا", "شيعت"} {
			if strings.HasPrefix(st, p) {
				return true
			}
		}
	}
	return false
}

// funeralBefore reports a funeral word at most three tokens before token i
// in its sentence ("تشييعهم في بلدة سرمدا", "جنازة في حي …").
func (at *arText) funeralBefore(i int) bool {
	for k := i - 1; k >= 0 && k >= i-3 && at.sentOf[k] == at.sentOf[i]; k-- {
		if at.toks[k].key == "," {
			return false
		}
		if at.funeralWord(k) {
			return true
		}
	}
	return false
}

// arAlias reads a place's other name in brackets at token b, just after
// the name: "(رأس العين)" after "سري كانيه", the Kurdish name. It returns
// the token of the closing bracket.
func (at *arText) arAlias(b int, countryTok []bool, lex *arabicLexicon) (int, bool) {
	if b+2 >= len(at.toks) || at.toks[b].key != "(" {
		return 0, false
	}
	y := at.arNameAt(b+1, countryTok, lex, false)
	if _, n := at.match(&lex.places, b+1); n > y-(b+1) && !countryTok[b+1] {
		y = b + 1 + n
	}
	if y == b+1 || y >= len(at.toks) || at.toks[y].key != ")" {
		return 0, false
	}
	return y, true
}

// bareGovern reports a place noun at token i written bare, with neither
// the article nor a clitic, as the second noun of a construct is: "مخيم" in
// "أزقة مخيم شاتيلا". A capital ("عاصمة") stands in apposition to a name.
func (at *arText) bareGovern(i int) bool {
	if i >= len(at.toks) || !at.toks[i].word {
		return false
	}
	k := at.toks[i].key
	_, isNoun := arPlaceNouns[k]
	return isNoun && k != "عاصمه"
}

// arOtherPlace reads the place forms the cues of places do not: a place
// word with the article, a demonym and the name ("العاصمة اليمنية صنعاء",
// "المدينة السورية حلب"); a name joined to "ب" before a country ("ببغداد،
// العراق"); a name joined to "ل" after the suburbs ("الضاحية الجنوبية
// لبيروت", near it).
func (at *arText) arOtherPlace(i int, countryTok []bool, lex *arabicLexicon) (sp caption.Span, kind string, near, ok bool) {
	t := at.toks[i]
	if !t.word || t.digits {
		return sp, "", false, false
	}
	if k, isNoun := arPlaceNouns[arCore(t.key)]; isNoun && strings.HasPrefix(t.key, "ال") && k != "" &&
		i+2 < len(at.toks) && countryTok[i+1] && !countryTok[i+2] && at.sentOf[i+2] == at.sentOf[i] {
		if b := at.arNameAt(i+2, countryTok, lex, false); b > i+2 {
			return at.span(i+2, b), k, false, true
		}
	}
	// "في العاصمة صنعاء", "بالعاصمة بغداد": the capital and a city the
	// lexicon knows, in apposition. Only a known city: "العاصمة الإدارية"
	// is an adjective, no name.
	if at.is(i, "العاصمه") && i+1 < len(at.toks) && !countryTok[i+1] && at.sentOf[i+1] == at.sentOf[i] {
		if _, n := at.match(&lex.places, i+1); n > 0 {
			return at.span(i+1, i+1+n), "city", false, true
		}
	}
	if strings.HasPrefix(t.key, "ب") && !countryTok[i] && at.placeFollows(i+1, countryTok) && i+1 < len(at.toks) && at.toks[i+1].key == "," {
		if c, _, ok := at.arJoined(i, "ب", countryTok, lex); ok {
			return c, "", false, true
		}
	}
	if at.is(i, "ضاحيه", "ضواحي") && strings.Contains(t.key, "ال") {
		j := i + 1
		if arPlaceAdjectives[at.toks[min(j, len(at.toks)-1)].key] {
			j++
		}
		if j < len(at.toks) && at.sentOf[j] == at.sentOf[i] {
			if c, _, ok := at.arJoined(j, "ل", countryTok, lex); ok {
				return c, "", true, true
			}
		}
	}
	return sp, "", false, false
}

// arNotContainers are words joined to "ب" that follow a place and name no
// other: "بسبب", "بعد", "بحثا عن"…
var arNotContainers = wordSetAr("باتجاه بموجب بتاريخ بسبب بعد بحثا بينما بفعل بواسطه بحسب بانتظار بشكل بشده بجانب بين بدون بدء بداخل بكل بها بهم به")

// arContainer reads "بدمشق" at token b after a place name: the name after
// the preposition "ب", as its span in the text without the "ب" (its
// harakat, if any, skipped too), and its length in tokens.
func (at *arText) arContainer(b int, countryTok []bool, lex *arabicLexicon) (caption.Span, int, bool) {
	if b >= len(at.toks) || at.sentOf[b] != at.sentOf[b-1] {
		return caption.Span{}, 0, false
	}
	return at.arJoined(b, "ب", countryTok, lex)
}

// arJoined reads a name joined to the preposition prep at token b, as its
// span without prep, and its length in tokens: a name head takes the word
// after it, as arNameAt does ("بجبل الزاوية", "بدير الزور", "بتل أبيض").
func (at *arText) arJoined(b int, prep string, countryTok []bool, lex *arabicLexicon) (caption.Span, int, bool) {
	if b >= len(at.toks) || countryTok[b] || !at.nameWord(b, countryTok, lex) {
		return caption.Span{}, 0, false
	}
	t := at.toks[b]
	rest, ok := strings.CutPrefix(t.key, prep)
	if !ok || len([]rune(rest)) < 3 || arNotContainers[t.key] || arNotNames[rest] || at.knownWhole(b, lex) {
		return caption.Span{}, 0, false
	}
	end, n := t.end, 1
	if arNameHeads[rest] && b+1 < len(at.toks) && at.sentOf[b+1] == at.sentOf[b] && at.nameWord(b+1, countryTok, lex) {
		end, n = at.toks[b+1].end, 2
	}
	return caption.Span{Start: at.skipLetters(t.start, t.end, len([]rune(prep))), End: end}, n, true
}

// knownWhole reports a place of ar_places.tsv whose name starts with the
// letter of a clitic, written whole at token b: "بعلبك", "بنغازي", "بنش",
// "بانياس" are no "ب" (in) before "علبك", "نغازي"…
func (at *arText) knownWhole(b int, lex *arabicLexicon) bool {
	found, n := at.match(&lex.places, b)
	return n > 0 && arCore(at.toks[b].key) == found[0].words[0]
}

// demonymAt reports a demonym at token b, or after a comma there.
func (at *arText) demonymAt(b int) bool {
	if b < len(at.toks) && at.toks[b].key == "," {
		b++
	}
	return b < len(at.toks) && at.demonym[b]
}

// placeFollows reports whether the words from token b say the name before
// them is a place: a country ("حلب السورية", "الرقة، سوريا"), a compass,
// near or place word ("إدلب شمال غرب سوريا", "دوما بريف دمشق").
func (at *arText) placeFollows(b int, countryTok []bool) bool {
	if b < len(at.toks) && at.toks[b].key == "," {
		b++
	}
	if b >= len(at.toks) {
		return false
	}
	if countryTok[b] || arPlaceAdjectives[at.toks[b].key] {
		return true
	}
	_, _, gov := at.arGovern(b)
	return gov
}

// isKnownPlace reports whether tokens [a, b) are a place of ar_places.tsv
// as written (no clitic before it).
func (at *arText) isKnownPlace(lex *arabicLexicon, a, b int) bool {
	if a >= len(at.toks) || !at.toks[a].word {
		return false
	}
	found, n := at.match(&lex.places, a)
	return n == b-a && n > 0 && arCore(at.toks[a].key) == found[0].words[0]
}

// arKnownJoined reads a place of ar_places.tsv joined to "ب" (in) at token
// i, or to "و" (and) when another place ends just before: "قصف بحلب", "في
// دمشق وحلب". The span leaves the clitic out and keeps the article:
// "بالرقة" gives "الرقة". n is the place's length in tokens.
func (at *arText) arKnownJoined(i int, lex *arabicLexicon, countryTok []bool, afterPlace bool) (caption.Span, int, bool) {
	t := at.toks[i]
	if !t.word || t.digits || countryTok[i] {
		return caption.Span{}, 0, false
	}
	found, n := at.match(&lex.places, i)
	if n == 0 || arCore(t.key) == found[0].words[0] {
		return caption.Span{}, 0, false // not joined: the other rules read it
	}
	prefixes := []string{"وب", "فب", "ب"}
	if afterPlace {
		prefixes = append(prefixes, "و")
	}
	for _, p := range prefixes {
		rest, ok := strings.CutPrefix(t.key, p)
		if !ok || arCore(rest) != found[0].words[0] {
			continue
		}
		start := at.skipLetters(t.start, t.end, len([]rune(p)))
		return caption.Span{Start: start, End: at.toks[i+n-1].end}, n, true
	}
	return caption.Span{}, 0, false
}

// skipLetters returns the byte offset in desc after n letters from start
// (below end), with the marks and tatweel that follow them.
func (at *arText) skipLetters(start, end, n int) int {
	for start < end {
		r, size := utf8.DecodeRuneInString(at.desc[start:])
		if arMark(r) || r == 'ـ' || r == 0x200C || r == 0x200D {
			start += size
			continue
		}
		if n == 0 {
			break
		}
		n--
		start += size
	}
	return start
}

// mountainName reports whether toks[a:b] is a mountain's name: "جبل" and a
// name without the article ("إلى جبل سنجار", "في جبل قنديل"), which says
// it is a place whatever follows it, as a country or a compass word after
// a name does. With the article it may be a heap ("جبل النفايات", a
// mountain of rubbish); the mountains named so ("جبل الزاوية") are the
// lexicon's.
func (at *arText) mountainName(a, b int) bool {
	return b == a+2 && at.is(a, "جبل") && !strings.HasPrefix(at.toks[a+1].key, "ال")
}
