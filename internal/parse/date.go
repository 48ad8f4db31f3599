package parse

import "sijil/internal/caption"

// dateResult is the photo date chosen from a description. Span is relative to
// the description; Text is the date as written (SPEC's date_text).
type dateResult struct {
	Date     caption.PartialDate
	Text     string
	Span     caption.Span
	Sentence int // index of the sentence holding the date, -1 if none
	Warnings []string
}

// pickDate finds the photo date of a description. STUB: helper B implements.
func pickDate(desc string, sents []caption.Span) dateResult { return dateResult{Sentence: -1} }
