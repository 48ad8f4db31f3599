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
	if c := s[i]; c >= 'A' && c <= 'Z' {
		// "November 6", "Sept. 4", "November 6-7, 2016"
		mon, abbr := dateMonth(s[i:j])
		p := j
		if abbr && p < len(s) && s[p] == '.' {
			p++
		}
		if mon == 0 || p >= len(s) || s[p] != ' ' {
			return 0, false, false
		}
		q, ok := dateDayAt(s, p+1)
		if !ok {
			return 0, false, false
		}
		return dateUnreadTail(s, dateOrdinal(s, q))
	}
	// "6 March", "4th September", "6-7 November"
	q, ok := dateDayAt(s, i)
	if !ok {
		return 0, false, false
	}
	if rng = q < len(s) && (s[q] == '-' || s[q] == '/'); rng {
		if q, ok = dateDayAt(s, q+1); !ok {
			return 0, false, false
		}
	} else {
		q = dateOrdinal(s, q)
	}
	if q >= len(s) || s[q] != ' ' {
		return 0, false, false
	}
	k, ok := dateMonthWordAt(s, q+1)
	if !ok {
		return 0, false, false
	}
	if end = dateUnreadYear(s, k); !rng && end != k {
		return 0, false, false // a year follows: a date the scan read, or an impossible one
	}
	return end, rng, true
}

// dateUnreadTail decides what follows "November 6" (ending at q): a range
// ("-7, 2016"), a year (a date the scan read, or an impossible one: not
// this warning's), or nothing.
func dateUnreadTail(s string, q int) (end int, rng, ok bool) {
	if q < len(s) && (s[q] == '-' || s[q] == '/') {
		r, ok := dateDayAt(s, q+1)
		if !ok {
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

// dateDayAt reads a day of the month, one or two digits from 1 to 31, at
// s[p:], and returns where it ends.
func dateDayAt(s string, p int) (end int, ok bool) {
	d, q := dateDigits(s, p)
	return q, q-p >= 1 && q-p <= 2 && d >= 1 && d <= 31
}

// dateMonthWordAt reads a capitalised month name at s[p:] and returns where
// it ends.
func dateMonthWordAt(s string, p int) (end int, ok bool) {
	k := p
	for k < len(s) && dateIsAlnum(s[k]) {
		k++
	}
	if k == p || s[p] < 'A' || s[p] > 'Z' {
		return 0, false
	}
	mon, _ := dateMonth(s[p:k])
	return k, mon != 0
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
