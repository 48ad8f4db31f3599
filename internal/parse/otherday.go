package parse

import (
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// otherEventFigures drops casualty figures read from a later sentence that
// names a day other than the photo's: "Israeli soldiers take position near
// the border on October 10, 2023. Hamas militants killed more than 1,200
// people on October 7" counts the dead of another event, not of the scene.
// A sentence that dates its event to an earlier year does too: "Mourners
// gather on the anniversary, May 22, 2018. The 2017 bombing killed 22
// people" is the toll of the bombing, which the photo does not show.
// It returns the result unchanged when the figures are of the scene.
func otherEventFigures(desc string, sents []caption.Span, cas casualtyResult, dr dateResult) casualtyResult {
	if dr.Date.IsZero() || (cas.Killed == nil && cas.Injured == nil) {
		return cas
	}
	for _, s := range cas.Sentences {
		if s == 0 || s == dr.Sentence || s >= len(sents) {
			continue
		}
		sent := desc[sents[s].Start:sents[s].End]
		other, ok := earlierYear(sent, dr.Date.Year)
		if !ok && dr.Date.Precision == caption.PrecisionDay {
			other, ok = otherDay(sent, dr.Date)
		}
		if ok {
			return casualtyResult{Warnings: append(cas.Warnings,
				"casualty figures of "+other+" left out: the photo is of "+dr.Text)}
		}
	}
	return cas
}

// earlierYear finds in s a year before year that dates an event: "the 2017
// attack", "in 2016", "a 2014 massacre". A year after "since" or "of" is
// left alone: "the deadliest since 2017" and "the war of 2006" do not date
// the figures beside them.
func earlierYear(s string, year int) (string, bool) {
	var wbuf [64]string
	words := wbuf[:0]
	for w := range strings.FieldsSeq(s) {
		words = append(words, w)
	}
	for i := 1; i < len(words); i++ {
		w := strings.TrimRight(words[i], ".,;:")
		if len(w) != 4 {
			continue
		}
		y, err := strconv.Atoi(w)
		if err != nil || y < 1900 || y >= year {
			continue
		}
		switch strings.ToLower(words[i-1]) {
		case "in", "the", "a", "an":
			return w, true
		}
	}
	return "", false
}

// otherDay finds in s a day that is not d: a full date, or a month and day
// without the year ("on October 7"), which agencies write for recent days.
func otherDay(s string, d caption.PartialDate) (string, bool) {
	var mbuf [8]dateMention
	for _, m := range dateScan(s, mbuf[:0]) {
		if m.date.Precision == caption.PrecisionDay && m.date != d {
			return s[m.span.Start:m.span.End], true
		}
	}
	var wbuf [64]string // on the stack: a sentence rarely has more words
	words := wbuf[:0]
	for w := range strings.FieldsSeq(s) {
		words = append(words, w)
	}
	for i, w := range words {
		mon, _ := dateMonth(strings.TrimRight(w, ".,"))
		if mon == 0 {
			continue
		}
		for _, j := range []int{i + 1, i - 1} {
			if j < 0 || j >= len(words) {
				continue
			}
			day, err := strconv.Atoi(strings.TrimRight(words[j], ".,;:"))
			if err == nil && day >= 1 && day <= 31 && (mon != d.Month || day != d.Day) {
				return strings.Join(words[min(i, j):max(i, j)+1], " "), true
			}
		}
	}
	return "", false
}
