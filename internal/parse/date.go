package parse

import (
	"time"

	"sijil/internal/caption"
)

// dateResult is the photo date chosen from a description. Span is relative to
// the description; Text is the date as written (the record's date_text).
type dateResult struct {
	Date     caption.PartialDate
	Text     string
	Span     caption.Span
	Sentence int // index of the sentence holding the date, -1 if none
	Warnings []string
}

// dateCue says what the words around a date mention make of it.
type dateCue uint8

const (
	dateCueNone       dateCue = iota
	dateCueTaken              // "Picture taken X", "In this X, photo"
	dateCueProvided           // "file photo provided on X", "released by SANA on X"
	dateCueBackground         // "since March 2011", "The brigade, formed on May 3, 2013"
	dateCueEarlier            // "a man killed on March 2", "a mosque destroyed in 2014"
	dateCueNotDate            // a bare four-digit number without a year cue
)

// dateMention is one date as written in a description.
type dateMention struct {
	date       caption.PartialDate
	span       caption.Span // the date without any weekday
	lead       int          // start of the weekday before the date, or span.Start
	weekday    time.Weekday // the weekday written before it, when hasWeekday
	hasWeekday bool
	sent       int // sentence index, -1 when sents is empty
	cue        dateCue
	tier       int // lower is better; -1 never the photo date
}

// pickDate finds the photo date of a description. A date the caption says
// the picture was taken on wins; then a date of the scene sentence (the
// first); then a day-precision date of a later sentence that no background
// cue marks; then a scene date of an earlier event the photo may follow ("a
// man killed on March 2"); a "provided on" or "released on" date only when
// nothing else is given. Background dates ("since March 2011") never count.
// Within a rank, day precision beats month beats year.
func pickDate(desc string, sents []caption.Span) dateResult {
	var buf [8]dateMention
	ms := dateScan(desc, buf[:0])
	best := -1
	for k := range ms {
		m := &ms[k]
		m.sent = dateSentence(sents, m.span.Start)
		lo := 0 // cue words are looked for back to the sentence start or the previous date
		if m.sent >= 0 {
			lo = min(sents[m.sent].Start, m.lead)
		}
		if k > 0 {
			lo = max(lo, ms[k-1].span.End)
		}
		m.cue = dateClassify(desc, lo, m)
		m.tier = dateTier(m)
		if m.tier >= 0 && (best < 0 || dateBetter(m, &ms[best])) {
			best = k
		}
	}
	if best < 0 {
		r := dateResult{Sentence: -1}
		if w, ok := dateUnread(desc); ok {
			r.Warnings = []string{w}
		}
		return r
	}
	b := &ms[best]
	r := dateResult{
		Date:     b.date,
		Text:     desc[b.span.Start:b.span.End],
		Span:     b.span,
		Sentence: b.sent,
		Warnings: dateWarnings(desc, ms, best),
	}
	if b.date.Precision == caption.PrecisionMonth {
		if start, ok := dateRangeBefore(desc, b.span.Start); ok {
			r.Warnings = append(r.Warnings, "a range of days, read as the month: "+desc[start:b.span.End])
		}
	}
	return r
}

// dateTier ranks a mention: 0 picture taken, 1 scene sentence, 2 a day in a
// later sentence, 3 an earlier event of the scene sentence, 4 a release
// date; -1 for background and for month or year mentions of later sentences
// ("The war began in March 2011").
func dateTier(m *dateMention) int {
	switch {
	case m.cue == dateCueTaken:
		return 0
	case m.cue == dateCueBackground || m.cue == dateCueNotDate:
		return -1
	case m.cue == dateCueProvided:
		return 4
	case m.cue == dateCueEarlier && m.sent <= 0:
		return 3
	case m.cue == dateCueEarlier:
		return -1
	case m.sent <= 0:
		return 1
	case m.date.Precision == caption.PrecisionDay:
		return 2
	}
	return -1
}

// dateBetter reports whether a is a better photo date than b: better tier,
// then finer precision, then earlier sentence, then the later mention within
// the sentence (agencies end the scene sentence with the photo date, after
// any relative clause carrying another one).
func dateBetter(a, b *dateMention) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	if pa, pb := datePrecisionRank(a.date.Precision), datePrecisionRank(b.date.Precision); pa != pb {
		return pa > pb
	}
	if a.sent != b.sent {
		return a.sent < b.sent
	}
	return a.span.Start > b.span.Start
}

func datePrecisionRank(p caption.Precision) int {
	switch p {
	case caption.PrecisionDay:
		return 3
	case caption.PrecisionMonth:
		return 2
	case caption.PrecisionYear:
		return 1
	}
	return 0
}

// dateWarnings names a second day-precision date that competes with the
// chosen one (same tier, or the scene date against a "Picture taken" date)
// and a weekday that does not fit the chosen date.
func dateWarnings(desc string, ms []dateMention, best int) []string {
	b := &ms[best]
	var out []string
	for k := range ms {
		m := &ms[k]
		if k == best || m.date.Precision != caption.PrecisionDay || b.date.Precision != caption.PrecisionDay ||
			m.date == b.date || !(m.tier == b.tier || b.tier == 0 && m.tier == 1) {
			continue
		}
		first, second := m, b
		if b.span.Start < m.span.Start {
			first, second = b, m
		}
		out = append(out, "two dates: "+desc[first.span.Start:first.span.End]+" and "+desc[second.span.Start:second.span.End])
		break
	}
	if b.hasWeekday {
		d := b.date
		if wd := time.Date(d.Year, time.Month(d.Month), d.Day, 12, 0, 0, 0, time.UTC).Weekday(); wd != b.weekday {
			out = append(out, "weekday "+b.weekday.String()+" does not match "+desc[b.span.Start:b.span.End])
		}
	}
	return out
}

// dateSentence returns the index of the sentence holding byte pos.
func dateSentence(sents []caption.Span, pos int) int {
	k := -1
	for i, s := range sents {
		if s.Start > pos {
			break
		}
		k = i
	}
	if k < 0 && len(sents) > 0 {
		k = 0
	}
	return k
}
