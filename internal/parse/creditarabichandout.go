package parse

import (
	"unicode/utf8"

	"sijil/internal/caption"
)

// arPictureWords open a sentence about the picture itself, folded: "صورة"
// (a picture), "الصورة" (the picture).
var arPictureWords = wordSetAr("صورة الصورة")

// arHandoutVerbs say who handed a picture out, folded: "وزعتها" (it
// distributed), "نشرتها" (it published), "بثتها" (it broadcast), "من"
// (from).
var arHandoutVerbs = wordSetAr("وزعتها نشرتها بثتها قدمتها من")

// arHandoutCredit reads a last sentence [s, end) that says whose picture
// it is, as the Arabic wires credit a handout: "صورة لرويترز من وسائل
// إعلام سورية." (a picture for Reuters from Syrian media), "صورة وزعتها
// وكالة الأناضول", "صورة من سانا". The agency that passes the picture on
// is the credit; the sentence is the credit as written. A picture of
// someone ("صورة لرجل يحمل طفلا") names no agency and is no credit.
func (p *Parser) arHandoutCredit(text string, s, end int) creditResult {
	w := arWordEnd(text, s, end)
	if w == s || !arPictureWords[arFold(text[s:w])] || arWords(text[s:end]) > 12 {
		return creditResult{}
	}
	b := creditSkipSpaces(text, w, end)
	m := arWordEnd(text, b, end)
	if r, n := utf8.DecodeRuneInString(text[b:m]); arHandoutVerbs[arFold(text[b:m])] {
		b = creditSkipSpaces(text, m, end)
	} else if r == 'ل' && m > b+n {
		b += n // "لرويترز": the agency behind the preposition
	} else {
		return creditResult{}
	}
	a, ae := p.arAgencyAt(text, b, end)
	if ae == 0 {
		return creditResult{}
	}
	e := end
	for e > s && (text[e-1] == ' ' || text[e-1] == '.') {
		e--
	}
	return creditResult{Found: true, Whole: caption.Span{Start: s, End: end}, Inner: caption.Span{Start: s, End: e},
		Agencies: []caption.Agency{a}, AgencySpans: []caption.Span{{Start: b, End: ae}}}
}

// arAgencyAt returns the known agency of one to three words that starts at
// b, the longest, and where it ends; 0 when there is none.
func (p *Parser) arAgencyAt(text string, b, end int) (caption.Agency, int) {
	var ends []int
	for i := b; len(ends) < 3 && i < end; {
		j := arWordEnd(text, i, end)
		if j == i {
			break
		}
		ends = append(ends, j)
		if i = j; i < end && text[i] == ' ' {
			i++
		} else {
			break
		}
	}
	for k := len(ends) - 1; k >= 0; k-- {
		if kind, a := p.arPart(text[b:ends[k]]); kind == pieceAgency {
			return a, ends[k]
		}
	}
	return "", 0
}
