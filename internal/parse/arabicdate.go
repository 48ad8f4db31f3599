package parse

import (
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// arMonths are the month names as folded keys: the Gregorian names of
// Egypt and the Gulf, the Maghreb's, and the Syriac names of the Levant and
// Iraq. The two-word Levantine names (كانون الثاني, تشرين الأول…) are read by
// arMonthAt.
var arMonths = map[string]int{
	"يناير": 1, "فبراير": 2, "مارس": 3, "ابريل": 4, "مايو": 5, "يونيو": 6, "يونيه": 6,
	"يوليو": 7, "يوليه": 7, "اغسطس": 8, "سبتمبر": 9, "اكتوبر": 10, "نوفمبر": 11, "ديسمبر": 12,
	"جانفي": 1, "فيفري": 2, "افريل": 4, "جوان": 6, "جويليه": 7, "اوت": 8, "غشت": 8, "شتنبر": 9,
	"نونبر": 11, "دجنبر": 12,
	"شباط": 2, "اذار": 3, "نيسان": 4, "ايار": 5, "حزيران": 6, "تموز": 7, "اب": 8, "ايلول": 9,
}

// arHolidayWords name a day by its date: "ثورة 15 آذار", "ذكرى 11 أيلول",
// "عيد ...", "مجزرة 21 آب". A date they govern is a name, not the photo's.
var arHolidayWords = wordSetAr("ثوره ذكري عيد احياء يحيون انتفاضه مجزره")

// arYearParts name a part of the year that a year may follow directly:
// the seasons ("شتاء 2020", "صيف 2019") and its beginning, middle and end
// ("مطلع 2021", "أواخر 2018"). Folded keys; the article comes off by stem.
var arYearParts = wordSetAr("شتاء صيف ربيع خريف مطلع اوائل اواخر منتصف بدايه نهايه اواسط")

// arMonthAt reads a month name at token i: its number and its length in
// tokens (كانون الثاني is two), or 0. Month names are read as written, or
// after "و" ("وآذار"): a preposition before a month is written apart, and
// "باب" (a gate) is no "آب".
func (at *arText) arMonthAt(i int) (month, n int) {
	if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
		return 0, 0
	}
	k := at.toks[i].key
	if rest, ok := cutPrefixLong(k, "و"); ok {
		if _, isMonth := arMonths[rest]; isMonth || rest == "كانون" || rest == "تشرين" {
			k = rest
		}
	}
	if k == "كانون" || k == "تشرين" {
		if i+1 >= len(at.toks) {
			return 0, 0
		}
		second := ""
		switch at.toks[i+1].key {
		case "الاول", "اول":
			second = "1"
		case "الثاني", "ثاني":
			second = "2"
		default:
			return 0, 0
		}
		switch k + second {
		case "كانون1":
			return 12, 2
		case "كانون2":
			return 1, 2
		case "تشرين1":
			return 10, 2
		case "تشرين2":
			return 11, 2
		}
	}
	if m, ok := arMonths[k]; ok {
		return m, 1
	}
	return 0, 0
}

// cutPrefixLong cuts prefix from s when two letters at least are left.
func cutPrefixLong(s, prefix string) (string, bool) {
	if len(s) < len(prefix)+4 || s[:len(prefix)] != prefix {
		return s, false
	}
	return s[len(prefix):], true
}

// arYear reads a year of the photos sijil handles at token i.
func (at *arText) arYear(i int) int {
	if i < 0 || i >= len(at.toks) || !at.toks[i].digits || len(at.toks[i].key) != 4 {
		return 0
	}
	y, _ := strconv.Atoi(at.toks[i].key)
	if y < 1900 || y > 2100 {
		return 0
	}
	return y
}

// arSmall reads a day or month number (1 or 2 digits) at token i, 0 if none.
func (at *arText) arSmall(i int, maxN int) int {
	if i < 0 || i >= len(at.toks) || !at.toks[i].digits || len(at.toks[i].key) > 2 {
		return 0
	}
	n, _ := strconv.Atoi(at.toks[i].key)
	if n < 1 || n > maxN {
		return 0
	}
	return n
}

// holiday reports a holiday or anniversary word that governs the date at
// token i directly: "ذكرى 15 آذار", "عيد 17 نيسان", "بعيد 17 نيسان",
// "ثورة 15 آذار". A holiday named further back, past a comma or other
// words, does not name the date: in "في الذكرى الثالثة عشرة لانطلاق
// الثورة السورية، 15 آذار/مارس 2024" the date after the comma is the
// photo's, the anniversary's own being the one it marks.
func (at *arText) holiday(i int) bool {
	return at.isIn(i-1, arHolidayWords)
}

// date reads the Arabic date that dates the scene (arBestDate): "في 12 آذار/مارس
// 2020", "12 كانون الثاني / يناير 2021" (day), "في تشرين الأول 2019"
// (month), "12-3-2020" and "2020/3/12" (day, day-first or year-first), and
// failing those "عام 2020" (year). A day and month without a year is not
// read (the English rule), and says so in a warning; a date a holiday or
// an anniversary governs is a name ("ثورة 15 آذار"), not read at all; a
// year after "منذ" (since) or in a relative clause ("الذي وقع عام 2017") is
// another event's.
func (at *arText) date() (d caption.PartialDate, span caption.Span, text, warning string) {
	var yearOnly caption.PartialDate
	var yearSpan caption.Span
	var found []arDate
	toks := at.toks
	for i := 0; i < len(toks); i++ {
		if toks[i].digits {
			if d, end, ok := at.numericDate(i); ok {
				if !at.holiday(i) {
					found = append(found, arDate{d, at.span(i, end), at.datedOther(i)})
				}
				i = end - 1
			}
			continue
		}
		if at.is(i, "عام", "سنه") {
			if y := at.arYear(i + 1); y > 0 && yearOnly.IsZero() && !at.otherYear(i) {
				yearOnly, yearSpan = caption.PartialDate{Year: y, Precision: caption.PrecisionYear}, at.span(i, i+2)
			}
			continue
		}
		if at.isIn(i, arYearParts) {
			// "شتاء 2020" is dated 2020, as "winter 2020" is in English:
			// SPEC.md has no precision finer than the year short of a
			// month, and the year is what is written as a date.
			if y := at.arYear(i + 1); y > 0 && yearOnly.IsZero() && !at.otherYear(i) {
				yearOnly, yearSpan = caption.PartialDate{Year: y, Precision: caption.PrecisionYear}, at.span(i+1, i+2)
			}
			continue
		}
		m, n := at.arMonthAt(i)
		if m == 0 {
			continue
		}
		day := at.arSmall(i-1, 31)
		dayAt := i - 1
		// "12 من شهر آذار", "12 شهر آذار", "12 من آذار"
		for k := i - 1; day == 0 && k >= i-2 && at.is(k, "من", "شهر"); k-- {
			if d := at.arSmall(k-1, 31); d > 0 {
				day, dayAt = d, k-1
			}
		}
		if day == 0 {
			// "في السادس من تشرين الثاني", "الحادي والعشرين من شهر آذار"
			k := i - 1
			if at.is(k, "شهر") {
				k--
			}
			if at.is(k, "من") {
				if d, first := at.ordinalDay(k - 1); d > 0 {
					day, dayAt = d, first
				}
			}
		}
		j := i + n
		paired := false
		// "آذار/مارس", "كانون الثاني / يناير", "آذار (مارس)", "أيلول-سبتمبر"
		if j+1 < len(toks) && (toks[j].key == "/" || toks[j].key == "(" || toks[j].key == "-" || toks[j].key == ",") {
			if m2, n2 := at.arMonthAt(j + 1); m2 > 0 && (m2 == m || toks[j].key != ",") {
				paired = true
				j += 1 + n2
				if j < len(toks) && toks[j].key == ")" {
					j++
				}
			}
		} else if m2, n2 := at.arMonthAt(j); m2 == m {
			paired = true // Reuters writes the pair with no mark: "20 أكتوبر تشرين الأول 2017"
			j += n2
		}
		yearAt := j
		for k := 0; k < 2 && at.is(yearAt, "عام", "سنه", "من"); k++ {
			yearAt++
		}
		year := at.arYear(yearAt)
		if toks[i].key == "اب" && day == 0 && year == 0 && !paired {
			continue // "أب" is a father as well as August
		}
		start, end := toks[i].start, toks[j-1].end
		if day > 0 {
			start = toks[dayAt].start
		}
		if year > 0 {
			end = toks[yearAt].end
		}
		next := i + n - 1
		if year > 0 {
			next = yearAt
		}
		if day > 0 && at.holiday(dayAt) || day == 0 && at.holiday(i) && year == 0 {
			i = next
			continue
		}
		switch {
		case year == 0:
			if day > 0 && warning == "" {
				warning = "a date without a year, not read as the date: " + at.desc[start:end]
			}
			i = next
			continue
		case day > 0:
			if !validDay(year, m, day) {
				i = next
				continue
			}
			d = caption.PartialDate{Year: year, Month: m, Day: day, Precision: caption.PrecisionDay}
		default:
			d = caption.PartialDate{Year: year, Month: m, Precision: caption.PrecisionMonth}
		}
		first := i // the month, or the day before it
		if day > 0 {
			first = dayAt
		}
		found = append(found, arDate{d, caption.Span{Start: start, End: end}, at.datedOther(first)})
		i = next
	}
	if best, ok := arBestDate(found); ok {
		return best.d, best.span, at.desc[best.span.Start:best.span.End], ""
	}
	if !yearOnly.IsZero() {
		return yearOnly, yearSpan, at.desc[yearSpan.Start:yearSpan.End], warning
	}
	return caption.PartialDate{}, caption.Span{}, "", warning
}

// arDate is one date a caption writes; other marks one in an anniversary's
// or a relative clause (datedOther).
type arDate struct {
	d     caption.PartialDate
	span  caption.Span
	other bool
}

// arBestDate picks the photo's date among the dates of a caption: those
// of an anniversary's or a relative clause are left out ("في ذكرى مجزرة
// داريا في آب 2012، الأحد 25 آب/أغسطس 2019" is 2019-08-25), and of the
// rest the first to the day wins over a month. When every date is in such
// a clause, the first is still read: "حافلة استهدفتها غارة في 9 آب 2018"
// dates its scene in a relative clause.
func arBestDate(found []arDate) (arDate, bool) {
	if len(found) == 0 {
		return arDate{}, false
	}
	var best *arDate
	for i := range found {
		f := &found[i]
		if f.other {
			continue
		}
		if best == nil || f.d.Precision == caption.PrecisionDay && best.d.Precision != caption.PrecisionDay {
			best = f
		}
	}
	if best == nil {
		return found[0], true
	}
	return *best, true
}

// datedOther reports a date starting at token i in an anniversary's
// clause ("في ذكرى مجزرة الحولة في أيار 2012") or a relative clause ("الذي
// وقع في 5 آذار 2017"): a word of them before it in its clause.
func (at *arText) datedOther(i int) bool {
	s, _ := at.clause(i)
	for k := s; k < i; k++ {
		if at.is(k, "ذكري") || at.isIn(k, arRelative) {
			return true
		}
	}
	return false
}

// numericDate reads "12-3-2020", "12/3/2020", "12.3.2020" or "2020/3/12"
// at token i, spaces anywhere between the parts; end is the token after it.
func (at *arText) numericDate(i int) (d caption.PartialDate, end int, ok bool) {
	toks := at.toks
	if i+4 >= len(toks) {
		return d, 0, false
	}
	sep := toks[i+1].key
	if sep != "/" && sep != "-" && sep != "." || toks[i+3].key != sep || !toks[i+2].digits || !toks[i+4].digits {
		return d, 0, false
	}
	var y, m, day int
	if y = at.arYear(i); y > 0 {
		m, day = at.arSmall(i+2, 12), at.arSmall(i+4, 31)
	} else if y = at.arYear(i + 4); y > 0 {
		day, m = at.arSmall(i, 31), at.arSmall(i+2, 12)
	}
	if y == 0 || m == 0 || day == 0 || !validDay(y, m, day) {
		return d, 0, false
	}
	return caption.PartialDate{Year: y, Month: m, Day: day, Precision: caption.PrecisionDay}, i + 5, true
}

// otherYear reports a year word at token i that dates another event: after
// "منذ" (since) or "قبل" (before), or in a relative clause ("الذي وقع عام").
func (at *arText) otherYear(i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if at.toks[k].key == "." || at.toks[k].key == "," {
			return false
		}
		if at.is(k, "منذ", "قبل", "الذي", "التي", "حتي") {
			return true
		}
	}
	return false
}

// arOrdinalUnits and arOrdinalTens are the ordinal numbers that write a
// day of the month in words ("في السادس من تشرين الثاني"), as folded keys
// without the article: AFP's Arabic wire writes days so. "حادي" (first)
// comes only in compounds: "الحادي عشر" (11th), "الحادي والعشرين" (21st).
var (
	arOrdinalUnits = map[string]int{
		arFold("أول"): 1, arFold("حادي"): 1, arFold("ثاني"): 2, arFold("ثالث"): 3, arFold("رابع"): 4,
		arFold("خامس"): 5, arFold("سادس"): 6, arFold("سابع"): 7, arFold("ثامن"): 8, arFold("تاسع"): 9,
		arFold("عاشر"): 10,
	}
	arOrdinalTens = map[string]int{arFold("عشرين"): 20, arFold("ثلاثين"): 30}
)

// ordinalDay reads a day written as an ordinal that ends at token k: the
// day and the token it starts at, or 0.
func (at *arText) ordinalDay(k int) (day, first int) {
	lookup := func(i int, m map[string]int) int {
		if i < 0 || i >= len(at.toks) || !at.toks[i].word || at.toks[i].digits {
			return 0
		}
		for _, st := range at.stems[i] {
			if n := m[st]; n > 0 {
				return n
			}
		}
		return m[at.toks[i].key]
	}
	unit := func(i int) int {
		if at.is(i, arFold("حادي"), arFold("الحادي")) {
			return -1 // 1, in a compound only
		}
		return lookup(i, arOrdinalUnits)
	}
	switch {
	case at.is(k, "عشر"): // "الحادي عشر" … "التاسع عشر"
		u := unit(k - 1)
		if u == -1 {
			u = 1
		}
		if u >= 1 && u <= 9 {
			return 10 + u, k - 1
		}
	case lookup(k, arOrdinalTens) > 0:
		t := lookup(k, arOrdinalTens)
		if strings.HasPrefix(at.toks[k].key, "و") { // "الحادي والعشرين"
			u := unit(k - 1)
			if u == -1 {
				u = 1
			}
			if u >= 1 && u <= 9 && t+u <= 31 {
				return t + u, k - 1
			}
			return 0, 0
		}
		return t, k
	default:
		if u := unit(k); u >= 1 {
			return u, k
		}
	}
	return 0, 0
}
