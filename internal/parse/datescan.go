package parse

import (
	"math/bits"
	"strings"
	"time"
	"unicode/utf8"

	"sijil/internal/caption"
)

// The date grammar: dateScan finds every date mention of a description.

// dateScan appends every date mention of s to out. Mentions start with a
// capitalised word (a month name) or a number, at the start of an ASCII
// alphanumeric word: eight bytes at a time (see swar.go), the scan stops
// only at capitals and digits, and looks further at those that start a
// word.
func dateScan(s string, out []dateMention) []dateMention {
	for i := 0; i < len(s); {
		next := i + 8
		for cand := swarUpperOrDigitAt(s, i); cand != 0; cand &= cand - 1 {
			p := i + bits.TrailingZeros64(cand)/8
			if p > 0 && dateIsAlnum(s[p-1]) {
				continue // inside a word: "iPhone", "F16"
			}
			j := p
			for j < len(s) && dateIsAlnum(s[j]) {
				j++
			}
			m, ok := dateMentionAt(s, s[p], p, j)
			if !ok {
				continue
			}
			m.lead = m.span.Start
			if lead, wd, found := dateWeekdayBefore(s, m.span.Start); found && m.date.Precision == caption.PrecisionDay {
				m.lead, m.weekday, m.hasWeekday = lead, wd, true
			}
			out = append(out, m)
			// A mention ends before a byte that is no letter or digit: the
			// scan goes on from there.
			next = m.span.End
			break
		}
		i = next
	}
	return out
}

// dateMentionAt reads a date mention that starts with the word s[i:j],
// whose first byte is c: a month name or a number.
func dateMentionAt(s string, c byte, i, j int) (dateMention, bool) {
	switch {
	case c >= 'A' && c <= 'Z':
		if mon, abbr := dateMonth(s[i:j]); mon != 0 { // most capitalised words are no month
			return dateMonthFirst(s, i, j, mon, abbr)
		}
	case c >= '0' && c <= '9':
		return dateNumberFirst(s, i, j)
	}
	return dateMention{}, false
}

// dateMonthFirst reads "November 6, 2016", "Nov. 6 2016", "Sept. 23, 2016",
// "November 6th, 2016", "March 2015" or "March, 2015" where s[i:j] is a
// capitalised word naming month mon (abbr: abbreviated).
func dateMonthFirst(s string, i, j, mon int, abbr bool) (dateMention, bool) {
	p := j
	if abbr && p < len(s) && s[p] == '.' {
		p++
	}
	comma := p < len(s) && s[p] == ','
	if comma {
		p++
	}
	if p >= len(s) || s[p] != ' ' {
		return dateMention{}, false
	}
	p++
	n, q := dateDigits(s, p)
	if q-p == 4 {
		if !dateYearEnds(s, q) {
			return dateMention{}, false
		}
		return dateMake(caption.PrecisionMonth, n, mon, 0, i, q)
	}
	if comma || q-p < 1 || q-p > 2 {
		return dateMention{}, false
	}
	y, e, ok := dateYearAfterDay(s, q)
	if !ok {
		return dateMention{}, false
	}
	return dateMake(caption.PrecisionDay, y, mon, n, i, e)
}

// dateNumberFirst reads "6 November 2016", "6th of Nov. 2016", "2016-11-06"
// and bare years ("in 2014") where s[i:j] is a word starting with a digit.
// A bare year is only a candidate: dateClassify keeps it when a cue word
// precedes it.
func dateNumberFirst(s string, i, j int) (dateMention, bool) {
	if i >= 2 && strings.IndexByte(".,:/-", s[i-1]) >= 0 && dateIsDigit(s[i-2]) {
		return dateMention{}, false // "2.8", "1,948", "09:30"
	}
	n, q := dateDigits(s, i)
	switch {
	case q-i == 4 && q < len(s) && s[q] == '-':
		return dateISO(s, i, n)
	case q-i == 4 && q == j:
		return dateBareYear(s, i, n)
	case q-i > 2:
		return dateMention{}, false
	}
	q = dateOrdinal(s, q)
	if q != j || q >= len(s) || s[q] != ' ' {
		return dateMention{}, false
	}
	p := q + 1
	if strings.HasPrefix(s[p:], "of ") {
		p += len("of ")
	}
	e := p
	for e < len(s) && dateIsAlnum(s[e]) {
		e++
	}
	if p == e || s[p] < 'A' || s[p] > 'Z' {
		return dateMention{}, false
	}
	mon, abbr := dateMonth(s[p:e])
	if mon == 0 {
		return dateMention{}, false
	}
	if abbr && e < len(s) && s[e] == '.' {
		e++
	}
	if e < len(s) && s[e] == ',' {
		e++
	}
	if e >= len(s) || s[e] != ' ' {
		return dateMention{}, false
	}
	y, end := dateDigits(s, e+1)
	if end-(e+1) != 4 || !dateYearEnds(s, end) {
		return dateMention{}, false
	}
	return dateMake(caption.PrecisionDay, y, mon, n, i, end)
}

// dateISO reads "2016-11-06" at s[i:] whose year n is already read.
func dateISO(s string, i, n int) (dateMention, bool) {
	p := i + 5
	mon, q := dateDigits(s, p)
	if q-p != 2 || q >= len(s) || s[q] != '-' {
		return dateMention{}, false
	}
	day, e := dateDigits(s, q+1)
	if e-(q+1) != 2 || e < len(s) && (dateIsAlnum(s[e]) || s[e] == '-' && e+1 < len(s) && dateIsDigit(s[e+1])) {
		return dateMention{}, false
	}
	return dateMake(caption.PrecisionDay, n, mon, day, i, e)
}

// dateBareYear keeps a four-digit number as a year candidate when it stands
// where a year can: after a space (or "mid-"), not before another number or
// a capitalised word ("a 1948 Buick"), not inside "2.8" or "2014-15".
func dateBareYear(s string, i, n int) (dateMention, bool) {
	if i == 0 || s[i-1] != ' ' && s[i-1] != '-' || !dateYearEnds(s, i+4) {
		return dateMention{}, false
	}
	if e := i + 4; e+1 < len(s) && s[e] == ' ' && (dateIsDigit(s[e+1]) || s[e+1] >= 'A' && s[e+1] <= 'Z') {
		return dateMention{}, false
	}
	return dateMake(caption.PrecisionYear, n, 0, 0, i, i+4)
}

// dateYearAfterDay reads ", 2016" or " 2016" after a day number ending at
// q, allowing an ordinal suffix ("6th"); it returns the year and its end.
func dateYearAfterDay(s string, q int) (year, end int, ok bool) {
	q = dateOrdinal(s, q)
	if q < len(s) && dateIsAlnum(s[q]) {
		return 0, 0, false
	}
	if q < len(s) && s[q] == ',' {
		q++
	}
	if q >= len(s) || s[q] != ' ' {
		return 0, 0, false
	}
	y, e := dateDigits(s, q+1)
	if e-(q+1) != 4 || !dateYearEnds(s, e) {
		return 0, 0, false
	}
	return y, e, true
}

// dateMake validates a date of precision p (fields below p are ignored)
// and builds its mention over s[start:end]. February 30 is no date.
func dateMake(p caption.Precision, year, month, day, start, end int) (dateMention, bool) {
	if year < 1900 || year > 2100 {
		return dateMention{}, false
	}
	d := caption.PartialDate{Year: year, Precision: p}
	switch p {
	case caption.PrecisionDay:
		if month < 1 || month > 12 || day < 1 || day > time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			return dateMention{}, false
		}
		d.Month, d.Day = month, day
	case caption.PrecisionMonth:
		if month < 1 || month > 12 {
			return dateMention{}, false
		}
		d.Month = month
	}
	return dateMention{date: d, span: caption.Span{Start: start, End: end}}, true
}

// dateMonth returns the month a word names, in full or abbreviated ("Nov",
// "Sept"), and whether the word is an abbreviation, which may take a full
// stop. It returns 0 for other words.
func dateMonth(w string) (month int, abbr bool) {
	if len(w) < 3 || len(w) > 9 || strings.IndexByte("JFMASONDjfmasond", w[0]) < 0 {
		return 0, false
	}
	var b [9]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			return dateMonthFold(w) // Unicode case folding: "ſept"
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	switch string(b[:len(w)]) { // no allocation: the compiler compares in place
	case "january":
		return 1, false
	case "february":
		return 2, false
	case "march":
		return 3, false
	case "april":
		return 4, false
	case "may":
		return 5, false
	case "june":
		return 6, false
	case "july":
		return 7, false
	case "august":
		return 8, false
	case "september":
		return 9, false
	case "october":
		return 10, false
	case "november":
		return 11, false
	case "december":
		return 12, false
	case "jan":
		return 1, true
	case "feb":
		return 2, true
	case "mar":
		return 3, true
	case "apr":
		return 4, true
	case "jun":
		return 6, true
	case "jul":
		return 7, true
	case "aug":
		return 8, true
	case "sep", "sept":
		return 9, true
	case "oct":
		return 10, true
	case "nov":
		return 11, true
	case "dec":
		return 12, true
	}
	return 0, false
}

// dateMonthFold is dateMonth for a word with non-ASCII letters, which
// strings.EqualFold may still fold to a month's name.
func dateMonthFold(w string) (month int, abbr bool) {
	for m := time.January; m <= time.December; m++ {
		name := m.String()
		if len(w) == len(name) && strings.EqualFold(w, name) {
			return int(m), false
		}
		if len(w) == 3 && strings.EqualFold(w, name[:3]) {
			return int(m), true
		}
	}
	if strings.EqualFold(w, "sept") {
		return 9, true
	}
	return 0, false
}

// dateWeekdayBefore finds a weekday written just before start ("Tuesday,
// July 29, 2014", "Sunday February 15, 2015") and returns where it starts.
func dateWeekdayBefore(s string, start int) (lead int, wd time.Weekday, ok bool) {
	p := start
	if p == 0 || s[p-1] != ' ' {
		return start, 0, false
	}
	p--
	if p > 0 && s[p-1] == ',' {
		p--
	}
	e := p
	for p > 0 && dateIsAlnum(s[p-1]) {
		p--
	}
	if e-p < 6 || e-p > 9 {
		return start, 0, false
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(s[p:e], d.String()) {
			return p, d, true
		}
	}
	return start, 0, false
}

// dateDigits reads up to five ASCII digits at s[p:] and returns their value
// and end; longer runs return an end more than four bytes on.
func dateDigits(s string, p int) (n, end int) {
	end = p
	for end < len(s) && dateIsDigit(s[end]) {
		if end-p < 5 {
			n = n*10 + int(s[end]-'0')
		}
		end++
	}
	return n, end
}

// dateOrdinal skips an ordinal suffix ("st", "nd", "rd", "th") at s[q:].
func dateOrdinal(s string, q int) int {
	if q+2 <= len(s) && dateWordIn(s[q:q+2], "st", "nd", "rd", "th") && (q+2 == len(s) || !dateIsAlnum(s[q+2])) {
		return q + 2
	}
	return q
}

// dateYearEnds reports whether a year ending at q ends a token: no letter or
// digit follows, nor a separator and a digit ("2016,3", "2014-15").
func dateYearEnds(s string, q int) bool {
	if q >= len(s) {
		return true
	}
	if dateIsAlnum(s[q]) {
		return false
	}
	return !(strings.IndexByte(".,:/-", s[q]) >= 0 && q+1 < len(s) && dateIsDigit(s[q+1]))
}

func dateIsDigit(c byte) bool { return c >= '0' && c <= '9' }

func dateIsAlnum(c byte) bool { return dateAlnum[c] }

// dateAlnum marks the ASCII letters and digits: the scan tests every byte.
var dateAlnum = func() (t [256]bool) {
	for c := range t {
		t[c] = isASCIIAlnum(byte(c))
	}
	return t
}()
