package parse

import "sijil/internal/caption"

// Figures of Arabic captions that are not the scene's: an anniversary's
// toll, a figure dated to another year, and a running total.

var (
	// arTollWords name a toll that is added up: "حصيلة ضحايا الزلزال".
	arTollWords = wordSetAr("حصيله الحصيله")
	// arWhileWords open a clause told beside the scene: "…، فيما تجاوزت
	// حصيلة ضحايا الزلزال 11 ألف قتيل", "بينما".
	arWhileWords = wordSetAr("فيما بينما")
	// arWholeWords are a whole territory, the scope of a running total:
	// "حصيلة الشهداء في القطاع", "في البلاد".
	arWholeWords = wordSetAr("القطاع البلاد قطاع")
	// arPrepPron are a preposition and a pronoun that may stand between a
	// casualty word and its count: "واستشهد خلاله 13 فلسطينياً" (during
	// it), "قتل فيه 5", "أصيب إثره 3".
	arPrepPron = wordSetAr("خلاله خلالها خلالهما فيه فيها فيهما اثره اثرها جراءه جراءها بسببه بسببها عقبه عقبها بعده بعدها")
)

// clauseBreak reports a token that ends a clause: a comma or a semicolon.
func (at *arText) clauseBreak(k int) bool {
	switch at.toks[k].key {
	case "،", ",", "؛", ";":
		return !at.toks[k].word
	}
	return false
}

// clause returns the tokens [s, e) of the clause around token i: up to a
// comma, a semicolon or the sentence's end.
func (at *arText) clause(i int) (s, e int) {
	if i < 0 || i >= len(at.toks) {
		return 0, 0
	}
	s, e = i, i
	for s > 0 && at.sentOf[s-1] == at.sentOf[i] && !at.clauseBreak(s-1) {
		s--
	}
	for e < len(at.toks) && at.sentOf[e] == at.sentOf[i] && !at.clauseBreak(e) {
		e++
	}
	return s, e
}

// notScene reports a figure (tokens a to b) that is not the scene's:
//   - in an anniversary's clause: "وقفة لإحياء ذكرى مجزرة داريا التي راح
//     ضحيتها 500 شخص", whose dead are of the massacre remembered;
//   - followed in its clause by a year other than the photo's: "قتل فيها
//     أكثر من 100 شخص في 2014، الأحد 5 آذار 2017";
//   - a toll (حصيلة) told in a "while" clause or over a whole country or
//     territory: "…، فيما تجاوزت حصيلة ضحايا الزلزال 11 ألف قتيل",
//     "ارتفعت حصيلة الشهداء في القطاع إلى …", a running total.
func (at *arText) notScene(a, b int, date caption.PartialDate, countries *arPhrases) bool {
	s, e := at.clause(a)
	toll := false
	for k := s; k <= a; k++ { // a itself: a toll's figure starts at "حصيلة" (tollFigure)
		if at.is(k, "ذكري") {
			return true
		}
		toll = toll || at.isIn(k, arTollWords)
	}
	for k := b; k < e; k++ {
		if y := at.arYear(k); y > 0 && date.Year != 0 && y != date.Year {
			return true
		}
	}
	if !toll {
		return false
	}
	if at.isIn(s, arWhileWords) || at.is(s, "في") && at.is(s+1, "حين") {
		return true
	}
	for k := s; k < e; k++ {
		if at.isIn(k, arWholeWords) {
			return true
		}
		if countries == nil {
			continue
		}
		if found, n := at.match(countries, k); n > 0 {
			if !found[0].demonym {
				return true
			}
			k += n - 1
		}
	}
	return false
}

// tollFigure reads a toll at token i, "حصيلة" and the dead or the wounded
// it counts, then the count, after "إلى" or straight after the noun:
// "ارتفعت حصيلة القتلى إلى 25 شخصا", "بلغت حصيلة الضحايا 12". It returns
// the count, whether it counts the wounded, and the token after it;
// notScene leaves out the tolls of a whole country or of a "while" clause.
func (at *arText) tollFigure(i int) (n int, injured bool, end int, ok bool) {
	if !at.isIn(i, arTollWords) || i+1 >= len(at.toks) {
		return 0, false, i, false
	}
	kill, inj := at.isIn(i+1, arKillNoun), at.isIn(i+1, arInjNoun)
	if !kill && !inj {
		return 0, false, i, false
	}
	k := i + 2
	if at.is(k, "الي") {
		k++
	}
	for first := k; k < len(at.toks) && k-first < 4 && at.isIn(k, arBound) && !at.toks[k].digits; k++ {
	}
	n, end, ok, _ = at.arNumber(k)
	if !ok || at.sentOf[k] != at.sentOf[i] {
		return 0, false, i, false
	}
	if m, _ := at.arMonthAt(end); m > 0 {
		return 0, false, i, false // "حصيلة الضحايا 12 آذار": a date
	}
	if at.arPeopleNoun(end) || at.isIn(end, arKillNoun) || at.isIn(end, arInjNoun) {
		end++
	}
	return n, inj && !kill, end, true
}
