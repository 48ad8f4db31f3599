package parse

import (
	"strings"

	"sijil/internal/caption"
)

// Named people of Arabic captions. Arabic writes no capitals, so a name is
// read only where a noun of a person with the article introduces it, as
// documentation groups and local media name the people they show: "الطفل
// محمد العلي (7 أعوام)", "الشهيد أحمد خالد الحسين", "المسعف عمر الحسن".
// The name must open with a common given name (arGivenNames, or "عبد"
// and the word after it), and goes on with at most two words that are a
// given name (the father's) or take the article (the family's).

// arPersonCues introduce a named person: "الطفل", "الشهيدة", "المسعف".
var arPersonCues = wordSetAr("الطفل الطفله الرضيع الرضيعه الفتي الفتاه الشاب الشابه المواطن المواطنه السيده الحاج الحاجه " +
	"المسن المسنه الشهيد الشهيده الناشط الناشطه المسعف المسعفه المتطوع المتطوعه الصحفي الصحفيه الجريح الجريحه " +
	"المصاب المصابه النازح النازحه الطالب الطالبه الطبيب الطبيبه الممرض الممرضه المعتقل المعتقله")

// arPersonNotAfter are nouns that, before a cue, name a place or a unit
// after a martyr ("مدرسة الشهيد محمد الدرة", "لواء الشهيد أحمد"): no one
// shown.
var arPersonNotAfter = wordSetAr("مدرسه مستشفي مشفي شارع حي ساحه دوار مخيم مسجد جامع لواء كتيبه فوج تجمع مركز " +
	"مؤسسه جمعيه روضه قاعه ملعب حديقه صاله بلده قريه")

// arNameStop are words with the article that end a name rather than
// continue it: the participles and nouns captions put after a name ("الطفل
// محمد المصاب بشظايا", "الشاب أحمد البالغ من العمر").
var arNameStop = wordSetAr("المصاب المصابه الجريح الجريحه النازح النازحه المقيم المقيمه البالغ البالغه العائد " +
	"الذي التي الذين المتوفي الشهيد الشهيده الطفل الطفله الاخر الاخري الاول الثاني الثالث الاكبر الاصغر")

// arAgeUnits follow an age: "(7 أعوام)", "(25 عاماً)", "ثماني سنوات".
var arAgeUnits = wordSetAr("عام عاما اعوام سنه سنوات سنين ربيعا")

// people adds the named people of the scene sentences to rec.
func (at *arText) people(rec *caption.Record, scene func(int) bool, off int, ev *evidence) {
	for i := 0; i+1 < len(at.toks); i++ {
		if !at.isIn(i, arPersonCues) || !scene(i) || !strings.Contains(at.toks[i].key, "ال") {
			continue
		}
		// "منطقة الحاج يوسف" (a district), "مدرسة الشهيد …": a place
		// named after someone.
		if _, _, gov := at.arGovern(i - 1); gov || at.isIn(i-1, arPersonNotAfter) || at.arSiteAt(i-1) {
			continue
		}
		b := at.arNameEnd(i + 1)
		if b == i+1 {
			continue
		}
		person := caption.Person{Name: at.desc[at.toks[i+1].start:at.toks[b-1].end]}
		if age, e, ok := at.arAgeAt(b); ok {
			person.Age = &age
			ev.add("people", off, at.span(b, e))
		}
		rec.People = append(rec.People, person)
		ev.add("people", off, at.span(i+1, b))
		i = b - 1
	}
}

// arNameEnd returns the token after the name that starts at token a, or a
// when no name starts there.
func (at *arText) arNameEnd(a int) int {
	nameWord := func(k int) bool {
		return k < len(at.toks) && at.toks[k].word && !at.toks[k].digits && at.sentOf[k] == at.sentOf[a]
	}
	if !nameWord(a) {
		return a
	}
	b := a + 1
	switch key := at.toks[a].key; {
	case key == "عبد" && nameWord(a+1): // "عبد الرحمن", "عبد الله"
		b = a + 2
	case arGivenNames[key] || strings.HasPrefix(key, "عبد") && len([]rune(key)) > 4:
	default:
		return a
	}
	for n := 0; n < 2 && nameWord(b); n++ {
		key := at.toks[b].key
		switch {
		case arNameStop[key] || arPlaceAdjectives[key]:
			return b
		case arGivenNames[key] || strings.HasPrefix(key, "عبد") && len([]rune(key)) > 4:
			b++
		case key == "عبد" && nameWord(b+1):
			b += 2
		case (key == "ابو" || key == "ام") && nameWord(b+1): // "أبو محمد"
			b += 2
		case strings.HasPrefix(key, "ال") && len([]rune(key)) > 3:
			b++
			return b // the family name ends the name
		default:
			return b
		}
	}
	return b
}

// arAgeAt reads an age at token b, right after a name: "(7 أعوام)", "، 25
// عاماً،", "البالغ من العمر 12 عاماً". It returns the age and the token
// after it.
func (at *arText) arAgeAt(b int) (age, end int, ok bool) {
	k := b
	if k < len(at.toks) && (at.toks[k].key == "(" || at.clauseBreak(k)) {
		k++
	}
	if at.is(k, "البالغ", "البالغه") && at.is(k+1, "من") && at.is(k+2, "العمر") {
		k += 3
	}
	n, next, isNum, _ := at.arNumber(k)
	if !isNum || n <= 0 || n > 120 || !at.isIn(next, arAgeUnits) {
		return 0, b, false
	}
	end = next + 1
	if at.toks[b].key == "(" && end < len(at.toks) && at.toks[end].key == ")" {
		end++
	}
	return n, end, true
}
