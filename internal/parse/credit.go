package parse

import (
	"io/fs"

	"sijil/internal/caption"
)

// creditResult is the credit found in a caption. Spans are byte ranges in
// the text passed to credit.
type creditResult struct {
	Found             bool
	Whole             caption.Span // the credit with its parentheses and any "Photo:" lead-in: cut from the description
	Inner             caption.Span // the credit as written, without parentheses: SPEC's credit
	Photographers     []string
	PhotographerSpans []caption.Span
	Agencies          []caption.Agency
	AgencySpans       []caption.Span
	Warnings          []string
}

// agencyLexicon maps agency aliases to canonical names (lexicon/agencies.tsv).
type agencyLexicon struct{}

func loadAgencies(extra []fs.FS) (agencyLexicon, error) { return agencyLexicon{}, nil }

// credit finds the credit of a folded caption text. STUB: helper A implements.
func (p *Parser) credit(text string) creditResult { return creditResult{} }

// isCreditOnly reports whether a folded paragraph is nothing but a credit.
func (p *Parser) isCreditOnly(text string) bool { return false }
