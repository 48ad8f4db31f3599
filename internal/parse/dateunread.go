package parse

// dateUnread finds, in a description that gave no date, the first day
// written without a year ("on November 6", "6 March") or as a range of days
// ("November 6-7, 2016"), which the parser does not turn into a date: the
// record's date stays null, and the warning tells a reviewer there was one
// to read. It runs only for captions without a date, so it may be simple.
func dateUnread(s string) (warning string, ok bool) {
	for i := 0; i < len(s); i++ {
		if i > 0 && dateIsAlnum(s[i-1]) || !dateIsAlnum(s[i]) {
			continue
		}
		j := i
		for j < len(s) && dateIsAlnum(s[j]) {
			j++
		}
		if end, rng, found := dateUnreadAt(s, i, j); found {
			what := "a date without a year"
			if rng {
				what = "a range of days"
			}
			return what + ", not read as the date: " + s[i:end], true
		}
		i = j
	}
	return "", false
}

// dateUnreadAt reads a day and month without a year, or a range of days,
// starting with the word s[i:j], and returns where it ends.
func dateUnreadAt(s string, i, j int) (end int, rng, ok bool) {
	c := s[i]
	switch {
	case c >= 'A' && c <= 'Z':
		mon, abbr := dateMonth(s[i:j])
		if mon == 0 {
			return 0, false, false
		}
		p := j
		if abbr && p < len(s) && s[p] == '.' {
			p++
		}
		if p >= len(s) || s[p] != ' ' {
			return 0, false, false
		}
		day, q := dateDigits(s, p+1)
		if q-(p+1) < 1 || q-(p+1) > 2 || day < 1 || day > 31 {
			return 0, false, false
		}
		return dateUnreadTail(s, dateOrdinal(s, q))
	case dateIsDigit(c):
		day, q := dateDigits(s, i)
		if q-i > 2 || day < 1 || day > 31 {
			return 0, false, false
		}
		if q < len(s) && (s[q] == '-' || s[q] == '/') {
			// "6-7 November 2016": a range when a day and a month follow.
			d2, r := dateDigits(s, q+1)
			if r-(q+1) < 1 || r-(q+1) > 2 || d2 < 1 || d2 > 31 || r >= len(s) || s[r] != ' ' {
				return 0, false, false
			}
			k := r + 1
			for k < len(s) && dateIsAlnum(s[k]) {
				k++
			}
			if mon, _ := dateMonth(s[r+1 : k]); mon == 0 || s[r+1] < 'A' || s[r+1] > 'Z' {
				return 0, false, false
			}
			return dateUnreadYear(s, k), true, true
		}
		q = dateOrdinal(s, q)
		if q >= len(s) || s[q] != ' ' {
			return 0, false, false
		}
		k := q + 1
		for k < len(s) && dateIsAlnum(s[k]) {
			k++
		}
		if k == q+1 || s[q+1] < 'A' || s[q+1] > 'Z' {
			return 0, false, false
		}
		if mon, _ := dateMonth(s[q+1 : k]); mon == 0 {
			return 0, false, false
		}
		if end := dateUnreadYear(s, k); end != k {
			return 0, false, false // a year follows: a date the scan read, or an impossible one
		}
		return k, false, true
	}
	return 0, false, false
}

// dateUnreadTail decides what follows "November 6" (ending at q): a range
// ("-7, 2016"), a year (a date the scan read, or an impossible one: not
// this warning's), or nothing.
func dateUnreadTail(s string, q int) (end int, rng, ok bool) {
	if q < len(s) && (s[q] == '-' || s[q] == '/') {
		d2, r := dateDigits(s, q+1)
		if r-(q+1) < 1 || r-(q+1) > 2 || d2 < 1 || d2 > 31 {
			return 0, false, false
		}
		return dateUnreadYear(s, r), true, true
	}
	if q < len(s) && dateIsAlnum(s[q]) {
		return 0, false, false // "March 6b", "May 12345"
	}
	if end := dateUnreadYear(s, q); end != q {
		return 0, false, false
	}
	return q, false, true
}

// dateUnreadYear returns the end of ", 2016" or " 2016" at s[q:], or q.
func dateUnreadYear(s string, q int) int {
	p := q
	if p < len(s) && s[p] == ',' {
		p++
	}
	if p < len(s) && s[p] == ' ' {
		if _, e := dateDigits(s, p+1); e-(p+1) == 4 {
			return e
		}
	}
	return q
}

// dateRangeBefore reports whether a range of days ("6-7 ") stands just
// before a month mention at s[i:], and where it starts: the scan reads
// "6-7 November 2016" as November 2016.
func dateRangeBefore(s string, i int) (start int, ok bool) {
	p := i - 1
	if p < 0 || s[p] != ' ' {
		return 0, false
	}
	digits := func(end int) int { // start of the one or two digits ending at end
		k := end
		for k > 0 && end-k < 2 && dateIsDigit(s[k-1]) {
			k--
		}
		if k == end || k > 0 && dateIsAlnum(s[k-1]) {
			return -1
		}
		return k
	}
	k := digits(p)
	if k < 1 || s[k-1] != '-' && s[k-1] != '/' {
		return 0, false
	}
	if k = digits(k - 1); k < 0 {
		return 0, false
	}
	return k, true
}
