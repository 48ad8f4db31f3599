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
// It returns the result unchanged when the figures are of the scene.
func otherEventFigures(desc string, sents []caption.Span, cas casualtyResult, dr dateResult) casualtyResult {
	if dr.Date.Precision != caption.PrecisionDay || (cas.Killed == nil && cas.Injured == nil) {
		return cas
	}
	for _, s := range cas.Sentences {
		if s == 0 || s == dr.Sentence || s >= len(sents) {
			continue
		}
		sent := desc[sents[s].Start:sents[s].End]
		if day, ok := otherDay(sent, dr.Date); ok {
			return casualtyResult{Warnings: append(cas.Warnings,
				"casualty figures of "+day+" left out: the photo is of "+dr.Text)}
		}
	}
	return cas
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
