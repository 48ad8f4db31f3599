package parse

import (
	"slices"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// The casualty vocabulary of Arabic captions, as folded keys (stems, so
// "وإصابة" reads as "اصابه").
var (
	// arKillLead and arInjLead take their count after them: "مقتل 5
	// أشخاص", "قتل 15 مدنيا", "استشهد 4 أطفال", "إصابة 12 آخرين", "أصيب
	// 20 شخصا".
	arKillLead = wordSetAr("مقتل قتل قتلت استشهاد استشهد استشهدت مصرع وفاه توفي سقوط")
	arInjLead  = wordSetAr("اصابه اصيب اصيبت جرح جرحت اصابات")
	// arKillNoun and arInjNoun follow their count: "5 قتلى", "20 جريحا".
	arKillNoun = wordSetAr("قتيل قتيلا قتلي شهيد شهيدا شهداء ضحيه ضحايا")
	arInjNoun  = wordSetAr("جريح جريحا جرحي مصاب مصابا مصابين مصابون اصابات اصابه")
	// arKillVerb and arInjVerb follow a counted subject: "15 مدنيا قتلوا";
	// the dual forms follow a dual ("عنصرين قتلا", "طفلان أصيبا").
	arKillVerb = wordSetAr("قتلوا قتلو استشهدوا لقوا قضوا توفوا قتلا استشهدا قضيا توفيا")
	arInjVerb  = wordSetAr("اصيبوا جرحوا اصيبا جرحا")
	// arDualVerb are the dual forms, which make the noun before them a dual
	// even where it is spelt as a plural ("مدنيين قتلا": two civilians).
	arDualVerb = wordSetAr("قتلا استشهدا قضيا توفيا اصيبا جرحا")
	// arDieVerbs take a subject and "حتفه": "لقي 3 أشخاص حتفهم".
	arDieVerbs = wordSetAr("لقي لقيت لقوا")
	// arBound stand between a casualty word and its count: "مقتل ما لا
	// يقل عن 5", "أكثر من 20", "نحو 30".
	arBound = wordSetAr("ما لا يقل عن علي اكثر من نحو حوالي قرابه زهاء يزيد اقل")
	// arVague are counts that are no figure: "عشرات القتلى", "مئات".
	arVague = wordSetAr("عشرات مئات الاف العشرات المئات عدد بعض العديد")
	// arDisease follow a count of infections, which "إصابة" also means.
	arDisease = []string{"بفيروس", "بكورونا", "بكوفيد", "بالكوليرا", "بمرض", "بوباء", "فيروس", "كورونا", "بالحصبه"}
	// arRelative and arPastWords mark a clause about an earlier event:
	// "الهجوم الذي وقع العام الماضي وأسفر عن مقتل 80 شخصا".
	arRelative  = wordSetAr("الذي التي الذين اللذين")
	arPastWords = wordSetAr("الماضي الماضيه السابق السابقه سابق سابقه")
)

// arNumberWords are the number words counts are written in, in the forms
// the grammar gives them.
var arNumberWords = map[string]int{
	"واحد": 1, "واحده": 1, "اثنان": 2, "اثنين": 2, "اثنتان": 2, "اثنتين": 2,
	"ثلاثه": 3, "ثلاث": 3, "اربعه": 4, "اربع": 4, "خمسه": 5, "خمس": 5, "سته": 6, "ست": 6,
	"سبعه": 7, "سبع": 7, "ثمانيه": 8, "ثماني": 8, "ثمان": 8, "تسعه": 9, "تسع": 9, "عشره": 10, "عشر": 10,
	"عشرون": 20, "عشرين": 20, "ثلاثون": 30, "ثلاثين": 30, "اربعون": 40, "اربعين": 40,
	"خمسون": 50, "خمسين": 50, "مئه": 100, "مائه": 100,
}

// arPeople are counted nouns as their base (singular, or broken plural);
// arPeopleNoun also takes the sound plural and accusative endings.
var arPeople = wordSetAr("شخص اشخاص مدني طفل اطفال طفله امراه نساء سيده سيدات رجل رجال جندي جنود عنصر عناصر " +
	"مقاتل مسلح اخر اخرين اخرون فلسطيني سوري عراقي يمني متظاهر مواطن عامل مسعف صحفي طالب تلميذ " +
	"مدرس مريض شاب شبان فتي فتاه فتيات قاصر قاصرين نازح لاجئ")

// arSingular are the nouns that, alone after a casualty word, count one:
// "مقتل طفل" is one child killed.
var arSingular = wordSetAr("شخص طفل طفله مدني رجل امراه جندي شاب مواطن فتي فتاه سيده")

// arDual are the dual nouns that count two: "مقتل شخصين".
var arDual = wordSetAr("شخصين شخصان طفلين طفلان رجلين رجلان امراتين امراتان جنديين جنديان شابين شابان")

// arKillDual and arInjDual are the casualty nouns in the dual, which count
// two: "قتيلان", "سقوط شهيدين", "3 قتلى وجريحان".
var (
	arKillDual = wordSetAr("قتيلان قتيلين شهيدان شهيدين")
	arInjDual  = wordSetAr("جريحان جريحين مصابان")
)

// arBrokenBase are the people nouns whose plural is broken ("عناصر",
// "أطفال"), so that their form in "ين" can only be the dual: "مقتل
// عنصرين". A nisba or a participle takes "ين" in the plural too
// ("مدنيين", "مقاتلين"), which is the dual only with "اثنين" after it.
var arBrokenBase = wordSetAr("عنصر شخص طفل رجل جندي شاب فتي طالب")

// arDualAfter reads a dual people noun at token k after a casualty word
// and returns the token after it, or k: one of arDual, a people noun in
// the nominative dual "ان" ("استشهد مدنيان", "أصيب عنصران"), a noun of
// arBrokenBase in "ين" ("مقتل عنصرين"), or any people noun in "ين" with
// "اثنين" after it ("مقتل مدنيين اثنين").
func (at *arText) arDualAfter(k int) int {
	if at.isIn(k, arDual) {
		return k + 1
	}
	if k >= len(at.toks) || !at.toks[k].word || at.toks[k].digits || at.isIn(k, arPeople) {
		return k // "شبان" is a plural, not "شب" in the dual
	}
	two := at.is(k+1, "اثنين", "اثنان", "اثنتين", "اثنتان")
	for _, st := range at.stems[k] {
		if arPeopleDual(st, "ان") {
			if two {
				return k + 2
			}
			return k + 1
		}
		switch {
		case two && arPeopleDual(st, "ين"):
			return k + 2
		case strings.HasSuffix(st, "ين") && arBrokenBase[strings.TrimSuffix(st, "ين")]:
			return k + 1
		}
	}
	return k
}

// arPeopleDual reports a stem that is a people noun (arPeople) of at
// least two letters with the dual ending suffix ("مدنيان", "مقاتلين").
func arPeopleDual(st, suffix string) bool {
	b, ok := strings.CutSuffix(st, suffix)
	return ok && len(b) >= 4 && (arPeople[b] || arPeople[arCore(b)])
}

// arUnits are counted nouns that are no people: "إصابة 3 منازل" (houses
// hit), "80 ألف نسمة" (inhabitants), distances, sums and times.
var arUnits = wordSetAr("نسمه منزل منازل مبني مباني بيت بيوت دولار ليره كيلومتر كيلو متر طن ساعه يوم ايام شهر اشهر سنه سنوات عام اعوام مره")

// arPeopleNoun reports a counted noun at token i: a base of arPeople, with
// or without the accusative "ا" and the plural "ين"/"ون"/"ات".
func (at *arText) arPeopleNoun(i int) bool { return at.nounIn(i, arPeople) }

// arOwnPeople reports a people noun with a possessive pronoun at token i:
// "عناصرها" (its members), "مقاتليهم" (their fighters).
func (at *arText) arOwnPeople(i int) bool {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
		return false
	}
	for _, st := range at.stems[i] {
		for _, suf := range []string{"ها", "هم", "هن", "نا", "ه"} {
			b, ok := strings.CutSuffix(st, suf)
			if !ok || len(b) < 4 {
				continue
			}
			b = strings.TrimSuffix(b, "ي") // "مقاتليهم": the plural's "ين" before a pronoun
			if arPeople[b] || arPeople[arCore(b)] {
				return true
			}
		}
	}
	return false
}

// nounIn reports whether token i is a noun of set, with or without its
// article, clitics, the accusative "ا" and the plural "ين"/"ون"/"ات".
func (at *arText) nounIn(i int, set map[string]bool) bool {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
		return false
	}
	for _, st := range at.stems[i] {
		if set[st] || set[arCore(st)] {
			return true
		}
		for _, suf := range []string{"ا", "ين", "ون", "ات"} {
			if b, ok := strings.CutSuffix(st, suf); ok && len(b) >= 4 && (set[b] || set[arCore(b)]) {
				return true
			}
		}
	}
	return false
}

// arNumber reads a count at token i: digits (with the thousands "1,200"
// or "1٬200" joined), or a number word; then "ألف" and "آلاف" multiply.
// next is the token after it; vague reports "عشرات" and its kin.
func (at *arText) arNumber(i int) (n, next int, ok, vague bool) {
	toks := at.toks
	if i < 0 || i >= len(toks) || !toks[i].word {
		return 0, i, false, false
	}
	next = i + 1
	switch {
	case toks[i].digits:
		s := toks[i].key
		for next+1 < len(toks) && toks[next].key == "," && toks[next].start == toks[next-1].end &&
			toks[next+1].digits && len(toks[next+1].key) == 3 && toks[next+1].start == toks[next].end {
			s += toks[next+1].key
			next += 2
		}
		v, err := strconv.Atoi(s)
		if err != nil || v > 1_000_000 {
			return 0, i, false, false
		}
		n = v
	case at.isIn(i, arVague):
		return 0, i, false, true
	default:
		v, isNum := arNumberWords[toks[i].key]
		if !isNum {
			for _, st := range at.stems[i] {
				if v, isNum = arNumberWords[st]; isNum {
					break
				}
			}
		}
		if !isNum {
			return 0, i, false, false
		}
		n = v
	}
	if at.is(next, "الف", "الاف") {
		n *= 1000
		next++
	}
	return n, next, true, false
}

// casualties reads the figures of the event shown, in the three orders
// Arabic gives them: the casualty word first ("مقتل 5 أشخاص وإصابة 12
// آخرين", "مقتل شخصين", "لقي 3 أشخاص حتفهم"), the count first ("5 قتلى و12
// جريحا"), or the counted subject then the verb ("15 مدنيا قتلوا"). Vague
// counts ("عشرات القتلى") give none, and neither do figures of an earlier
// event (see earlier), nor infections ("50 إصابة بفيروس كورونا").
func (at *arText) casualties(date caption.PartialDate, countries *arPhrases) []langFigure {
	var figs []langFigure
	toks := at.toks
	figEnd := -1 // the token after the last figure read
	add := func(n int, injured bool, a, b int) {
		if at.earlier(a, date) || at.disease(b) || at.since(a, b) || at.notScene(a, b, date, countries) {
			return
		}
		figs = append(figs, langFigure{n: n, injured: injured, tok: a, span: at.span(a, b)})
		figEnd = b
	}
	for i := 0; i < len(toks); i++ {
		if !toks[i].word {
			continue
		}
		if n, inj, end, ok := at.tollFigure(i); ok {
			add(n, inj, i, end)
			i = end - 1
			continue
		}
		kill, inj := at.isIn(i, arKillLead), at.isIn(i, arInjLead)
		// "أودى بحياة 12 شخصا": took the lives of; "راح ضحيتها 16
		// مدنيا": 16 civilians fell its victims.
		kill = kill || at.is(i, "حياه") && at.is(i-1, "اودي", "اودت", "يودي", "تودي") ||
			at.is(i, "ضحيته", "ضحيتها", "ضحيتهم", "ضحيتهما") && at.is(i-1, "راح", "يروح", "ذهب")
		die := at.isIn(i, arDieVerbs)
		if kill || inj || die {
			k := i + 1
			if at.isIn(k, arPrepPron) {
				k++ // "واستشهد خلاله 13 فلسطينياً"
			}
			first := k
			for k < len(toks) && k-i <= 5 && at.isIn(k, arBound) && !toks[k].digits {
				k++
			}
			n, next, ok, vague := at.arNumber(k)
			dualEnd := k // past a dual people noun right after the word ("استشهد مدنيان")
			if !ok && !vague && k == first && !die {
				dualEnd = at.arDualAfter(k)
			}
			switch {
			case vague:
				continue
			case ok:
				end := next
				switch {
				case at.isIn(next, arKillNoun): // "سقوط 5 قتلى"
					kill, inj, end = true, false, end+1
				case at.isIn(next, arInjNoun): // "سقوط 12 جريحا"
					kill, inj, end = false, true, end+1
				case at.arPeopleNoun(next):
					end++
				}
				if die {
					// "لقي 3 أشخاص حتفهم": the verb needs its "حتف".
					if !at.hasDeath(end, 3) {
						continue
					}
					kill = true
				}
				if at.nounIn(next, arUnits) {
					continue // "إصابة 3 منازل" is houses hit
				}
				if end > next {
					n, end = at.arAddJoined(n, end)
				}
				add(n, inj && !kill, i, end)
				i = end - 1
			case dualEnd > k:
				n, end := at.arAddJoined(2, dualEnd)
				add(n, inj && !kill, i, end)
				i = end - 1
			case k == first && !die && (at.isIn(k, arSingular) && (!at.arPeopleNoun(k+1) || at.arJoinsMember(k+1)) ||
				at.kinAt(k) > 0):
				// "مقتل طفل", and a kin with a possessive: "وإصابة والدتهما"
				n := max(1, at.kinAt(k))
				end := k + 1
				if at.is(end, "واحد", "واحده") {
					end++
				}
				n, end = at.arAddJoined(n, end)
				add(n, inj && !kill, i, end)
				i = end - 1
			}
			continue
		}
		// A dual casualty noun: "قتيلان و5 جرحى", "3 قتلى وجريحان".
		if at.isIn(i, arKillDual) || at.isIn(i, arInjDual) {
			add(2, at.isIn(i, arInjDual), i, i+1)
			continue
		}
		// A dual and its dual verb: "عنصرين من الحزب قتلا", "طفلان أصيبا".
		if at.arDualNoun(i) {
			if v := at.verbAfter(i + 1); v > 0 && at.isIn(v, arDualVerb) {
				add(2, at.isIn(v, arInjVerb), i, v+1)
				i = v
				continue
			}
		}
		// The count first: NUM [noun] (casualty noun | verb).
		n, next, ok, _ := at.arNumber(i)
		if !ok {
			continue
		}
		if at.is(i-1, "بينهم", "بينهن", "منهم", "منهن") {
			// "مقتل 12 مدنيا بينهم أربعة أطفال وإصابة 20": a share of
			// the figure before, and the next noun is another figure's.
			i = next - 1
			continue
		}
		if m, _ := at.arMonthAt(next); m > 0 {
			continue // "12 آذار" is a day
		}
		j := next
		if at.arPeopleNoun(j) && !at.isIn(j, arKillNoun) && !at.isIn(j, arInjNoun) {
			j++
			// "80 شخصا على الأقل قتلوا": the bound after the noun.
			if at.is(j, "علي") && at.is(j+1, "الاقل") {
				j += 2
			}
			// "ثلاثة مقاتلين من الجبهة الوطنية للتحرير قتلوا": who they were
			// comes between the noun and its verb.
			if v := at.verbAfter(j); v > j {
				j = v
			}
		} else if at.is(j, "من") && (at.arPeopleNoun(j+1) || at.arOwnPeople(j+1)) {
			// "إن 2 من عناصرها قتلوا": the count of a partitive "من",
			// then its verb.
			if v := at.verbAfter(j); v > j {
				j = v
			}
		}
		// "إن 3 أشخاص قتلوا و17 أصيبوا": a bare count joined by "و" to
		// the figure just read takes its noun, and its verb follows it
		// directly. Alone, "2019 قتلوا" may be a year or a date's day.
		counted := j > next || i > 0 && toks[i-1].key == "و" && toks[i-1].end == toks[i].start && figEnd == i-1
		switch {
		case at.isIn(j, arKillNoun) || counted && at.isIn(j, arKillVerb) || counted && at.isIn(j, arDieVerbs) && at.hasDeath(j+1, 2):
			add(n, false, i, j+1)
			i = j
		case at.isIn(j, arInjNoun) || counted && at.isIn(j, arInjVerb):
			add(n, true, i, j+1)
			i = j
		}
	}
	return figs
}

// arPhraseMax is how many words a "من …" phrase may hold between a counted
// noun and its verb.
const arPhraseMax = 5

// verbAfter returns the casualty verb at token j, or after a short "من …"
// phrase that starts there ("من الجبهة الوطنية للتحرير قتلوا"), or -1. The
// phrase is words only: a comma or a number ends it.
func (at *arText) verbAfter(j int) int {
	isVerb := func(k int) bool { return at.isIn(k, arKillVerb) || at.isIn(k, arInjVerb) }
	if isVerb(j) {
		return j
	}
	if !at.is(j, "من") {
		return -1
	}
	for k := j + 1; k < len(at.toks) && k <= j+arPhraseMax; k++ {
		if !at.toks[k].word || at.toks[k].digits {
			return -1
		}
		if isVerb(k) {
			return k
		}
	}
	return -1
}

// arDualNoun reports a counted noun in the dual at token i: one of arDual,
// or a noun of arPeople with the dual ending ("عنصرين", "مقاتلان"), which a
// dual verb after it must confirm.
func (at *arText) arDualNoun(i int) bool {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
		return false
	}
	if at.isIn(i, arDual) {
		return true
	}
	for _, st := range at.stems[i] {
		if arPeopleDual(st, "ين") || arPeopleDual(st, "ان") {
			return true
		}
	}
	return false
}

// arKin are the kin a list of the dead adds with a possessive, as folded
// bases: "امرأة وطفلها", "رجل وزوجته", "أب وابنه".
var arKin = wordSetAr("طفل طفله زوج زوجه ابن ابنه بنت والد والده ام اب شقيق شقيقه اخ اخت حفيد حفيده")

// arMemberAt reads one more person or group of a list at token k, joined
// to it by "و": a kin noun with a possessive ("وطفلها", "وزوجته": 1), a
// dual ("وطفلين", "وطفليها": 2), a singular noun ("وامرأة": 1), or a count
// and its noun ("وثلاثة أطفال", "و3 أطفال": 3). It returns the count, 0
// when none is there, and the token after the member.
func (at *arText) arMemberAt(k int) (n, end int) {
	if k >= len(at.toks) || !at.toks[k].word {
		return 0, k
	}
	key := at.toks[k].key
	if key == "و" { // "و 3 أطفال", "و3 أطفال": the digits are a token of their own
		if c, next, ok, _ := at.arNumber(k + 1); ok && at.toks[k+1].digits && at.arPeopleNoun(next) && !at.isIn(next, arKillNoun) && !at.isIn(next, arInjNoun) {
			return c, next + 1
		}
		return 0, k
	}
	rest, ok := strings.CutPrefix(key, "و")
	if !ok || len(rest) < 4 {
		return 0, k
	}
	if c, ok := arNumberWords[rest]; ok && at.arPeopleNoun(k+1) && !at.isIn(k+1, arKillNoun) && !at.isIn(k+1, arInjNoun) {
		return c, k + 2 // "وثلاثة أطفال"
	}
	if arDual[rest] {
		return 2, k + 1
	}
	if arSingular[rest] {
		return 1, k + 1
	}
	if c := arKinCount(rest); c > 0 {
		return c, k + 1
	}
	return 0, k
}

// kinAt is arKinCount of the word at token k, 0 for none.
func (at *arText) kinAt(k int) int {
	if k < 0 || k >= len(at.toks) || !at.toks[k].word || at.toks[k].digits {
		return 0
	}
	return arKinCount(at.toks[k].key)
}

// arKinCount counts the kin a folded word with a possessive names: 1 for
// "زوجته", "ابنتها", "طفلها", "والدتهما", 2 for "طفليها", "ابنيه", 0 for
// any other word.
func arKinCount(w string) int {
	for _, suf := range []string{"هما", "هم", "ها", "ه"} {
		b, ok := strings.CutSuffix(w, suf)
		if !ok || len(b) < 4 {
			continue
		}
		if alt, isT := strings.CutSuffix(b, "ت"); isT && arKin[alt+"ه"] {
			return 1 // "زوجته", "ابنتها"
		}
		if arKin[b] {
			return 1 // "طفلها", "ابنه"
		}
		if d, isDual := strings.CutSuffix(b, "ي"); isDual && (arKin[d] || arPeople[d]) {
			return 2 // "طفليها", "ابنيه"
		}
	}
	return 0
}

// arJoinsMember reports a member of a list joined at token k.
func (at *arText) arJoinsMember(k int) bool {
	n, _ := at.arMemberAt(k)
	return n > 0
}

// arAddJoined adds to n the members joined to a casualty list from token
// end ("مقتل امرأة وطفلها" is 2, "رجل وزوجته وثلاثة أطفال" 5), as the
// English rules sum "a woman and her two children"; it returns the sum and
// the token after the list.
func (at *arText) arAddJoined(n, end int) (int, int) {
	for {
		c, next := at.arMemberAt(end)
		if c == 0 {
			return n, end
		}
		n, end = n+c, next
	}
}

// hasDeath reports "حتف" ("حتفه", "حتفهم") within n tokens from i.
func (at *arText) hasDeath(i, n int) bool {
	for k := i; k < len(at.toks) && k < i+n; k++ {
		if at.toks[k].word && strings.HasPrefix(at.toks[k].key, "حتف") {
			return true
		}
	}
	return false
}

// disease reports an infection after a figure ending before token b.
func (at *arText) disease(b int) bool {
	for k := b; k < len(at.toks) && k < b+2; k++ {
		for _, w := range arDisease {
			if strings.HasPrefix(at.toks[k].key, w) {
				return true
			}
		}
	}
	return false
}

// since reports a figure (tokens a to b) that is a running total: "منذ"
// (since) follows it closely in its sentence ("قتلوا منذ 2011") or comes
// before it with a year or a war's start ("منذ بداية الحرب قتل أكثر من
// 300 ألف"). The Observatory's and the UN's tolls of a war are told beside
// many scenes that have figures of their own, or none.
func (at *arText) since(a, b int) bool {
	for k := b; k < len(at.toks) && k < b+6 && at.sentOf[k] == at.sentOf[a]; k++ {
		if at.is(k, "منذ") {
			return true
		}
	}
	for k := a - 1; k >= 0 && at.sentOf[k] == at.sentOf[a]; k-- {
		if at.is(k, "منذ") && (at.arYear(k+1) > 0 || at.is(k+1, "عام", "بدايه", "بدء", "اندلاع", "مطلع", "انطلاق")) {
			return true
		}
	}
	return false
}

// earlier reports a figure at token i that belongs to an earlier event:
// its sentence, before it, dates another year ("الهجوم الذي وقع عام 2017
// وأسفر عن مقتل 80 شخصا"), or has a relative clause with a word of the
// past ("الذي وقع الشهر الماضي").
func (at *arText) earlier(i int, date caption.PartialDate) bool {
	relative, past := false, false
	for k := i - 1; k >= 0 && at.sentOf[k] == at.sentOf[i]; k-- {
		if y := at.arYear(k); y > 0 && y != date.Year && k > 0 && at.is(k-1, "عام", "سنه", "في") {
			return true
		}
		relative = relative || at.isIn(k, arRelative)
		past = past || at.isIn(k, arPastWords)
	}
	return relative && past
}

// attribution returns the sources of ar_sources.tsv that a cue introduces:
// "بحسب المرصد السوري لحقوق الإنسان", "وفقا لـ مصادر طبية", "أفاد ناشطون";
// or that stand alone in brackets after the figures (bracketSource).
// figSents are the sentences the figures were read in.
func (at *arText) attribution(ps *arPhrases, figSents []int) []langSource {
	var out []langSource
	for i := 0; i < len(at.toks); i++ {
		found, n := at.match(ps, i)
		if n == 0 {
			continue
		}
		cued := false
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			if at.isIn(k, arSayCues) {
				cued = true
			}
		}
		if cued {
			out = append(out, langSource{value: found[0].value, span: at.span(i, i+n)})
		} else if c := at.bracketSource(i, n, figSents); c > 0 {
			out = append(out, langSource{value: found[0].value, span: at.span(i, c)})
		}
		i += n - 1
	}
	return out
}

// arBracketExtra is how many words may follow a source's name in its
// brackets: "(الدفاع المدني السوري)", "(وزارة الصحة في غزة)".
const arBracketExtra = 2

// bracketSource returns the token of the closing bracket when the source
// at [i, i+n) opens brackets that hold only it (and arBracketExtra words)
// right after a sentence of figures: "قتل 9 مدنيين (المرصد السوري لحقوق
// الإنسان).", the way Arabic media and documentation groups cite a toll;
// or -1. After the figures' full stop, the brackets must end the text:
// "… وأصيب 20. (ناشطون)" (the credit code leaves such brackets to the
// description when they name no photo's source, arFigureSource).
// Brackets after a sentence without figures ("… في إدلب. (الدفاع
// المدني السوري)") are a handout's credit, not an attribution.
func (at *arText) bracketSource(i, n int, figSents []int) int {
	if i < 2 || at.toks[i-1].key != "(" {
		return -1
	}
	c := i + n
	for c < len(at.toks) && c-(i+n) <= arBracketExtra && at.toks[c].word && !at.toks[c].digits {
		c++
	}
	if c >= len(at.toks) || at.toks[c].key != ")" || c-(i+n) > arBracketExtra {
		return -1
	}
	before := at.toks[i-2]
	if !slices.Contains(figSents, at.sentOf[i-2]) {
		return -1
	}
	if !before.word && before.key == "." && !(c+1 == len(at.toks) || c+2 == len(at.toks) && at.toks[c+1].key == ".") {
		return -1
	}
	return c
}
