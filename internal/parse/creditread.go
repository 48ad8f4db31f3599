package parse

import (
	"slices"
	"strings"

	"sijil/internal/caption"
)

// pieceKind says what one name in a credit is.
type pieceKind uint8

const (
	pieceUnknown pieceKind = iota
	pieceAgency            // in the lexicon: AFP PHOTO, Getty Images
	pieceMarker            // Handout, STRINGER, File, Pool
	pieceOrg               // looks like an organisation: Aleppo Media Center
	pieceName              // looks like a person: Sameer Al-Doumy, ABD DOUMANY
)

// creditPiece is one name in a credit. A credit is cut into parts at
// slashes, and parts into pieces at "via", commas and "and".
type creditPiece struct {
	span   caption.Span
	kind   pieceKind
	agency caption.Agency // canonical name of a pieceAgency
	part   int            // index of the slash-separated part
	via    bool           // after "via": a distributor, never the photographer
	pub    bool           // after a name and "for" or "pour": the publication the photographer worked for
}

// readCredit reads [s, e) as a credit. It is one when it has a cue: a
// lead-in, a known agency, or a marker next to a slash ("Syrian Civil
// Defence/Handout"). Without a slash, lead-in or "via" it must also be bare
// (the caller saw it stand alone after a sentence): "… 2016. (Reuters)".
func (p *Parser) readCredit(text string, s, e int, bare bool) creditResult {
	for s < e && text[s] == ' ' {
		s++
	}
	for e > s && text[e-1] == ' ' {
		e--
	}
	if s >= e {
		return creditResult{}
	}
	b := creditSkipLeadIns(text, s, e)
	lead := b > s
	b = creditSkipPhotoWord(text, b, e) // after a lead-in too: "© Photo AFP"
	var buf [8]creditPiece
	pieces, via := p.creditPieces(text, b, e, buf[:0])
	sep, _ := creditPartSep(text, b, e)
	slash := sep < e
	if len(pieces) == 0 || !slash && !lead && !via && !bare {
		return creditResult{}
	}
	slot := photographerPart(pieces)
	var known, marker, recognised, unknown, names int
	for _, pc := range pieces {
		switch pc.kind {
		case pieceAgency:
			known++
		case pieceMarker:
			marker++
		case pieceName:
			names++
		case pieceUnknown:
			unknown++
			continue
		}
		recognised++
	}
	if !lead && known == 0 && (marker == 0 || !slash) && !(bare && creditForPaper(pieces)) {
		return creditResult{}
	}
	if !lead && unknown > recognised {
		return creditResult{}
	}
	cr := creditResult{Found: true, Whole: caption.Span{Start: s, End: e}, Inner: caption.Span{Start: s, End: e}}
	n := recognised - marker
	// The spans of both share one array: add appends at most names
	// photographers and n agencies.
	spans := make([]caption.Span, names+n)
	if names > 0 {
		cr.Photographers = make([]string, 0, names)
		cr.PhotographerSpans = spans[:0:names]
	}
	if n > 0 {
		cr.Agencies = make([]caption.Agency, 0, n)
		cr.AgencySpans = spans[names : names : names+n]
	}
	for _, pc := range pieces {
		cr.add(text, pc, slot)
	}
	if len(cr.Photographers) == 0 {
		cr.Photographers, cr.PhotographerSpans = nil, nil
	}
	if len(cr.Agencies) == 0 {
		cr.Agencies, cr.AgencySpans = nil, nil
	}
	return cr
}

// creditForPaper reports a credit that is a person's name, "for" or
// "pour" and a capitalised paper ("JULIEN MARCHAND POUR « MEDIAPART »"):
// standing alone after a sentence it needs no known agency.
func creditForPaper(pieces []creditPiece) bool {
	name, paper := false, false
	for _, pc := range pieces {
		switch {
		case pc.pub && pc.kind != pieceMarker:
			paper = true
		case pc.kind == pieceName:
			name = true
		default:
			return false
		}
	}
	return name && paper
}

// photographerPart returns the part that names the photographer: the first
// that is not only organisations ("REUTERS/Omar Sanadiki", "UNHCR/Achilleas
// Zavallis", "KEYSTONE / EPA / Andriï Tchoubko"), or the second when all are
// ("AP Photo/Aleppo Media Center"). A marker is passed over:
// "UNICEF/UN0712345/Mariam Saleh" names her after the picture's number.
func photographerPart(pieces []creditPiece) int {
	for _, pc := range pieces {
		if pc.kind != pieceAgency && pc.kind != pieceOrg && pc.kind != pieceMarker || pc.via {
			return pc.part
		}
	}
	return 1
}

// add files one piece under photographers or agencies. A name outside the
// photographer's part is a provider ("Alexander Kots/Komsomolskaya Pravda
// via AP Photo") and kept as written.
func (cr *creditResult) add(text string, pc creditPiece, slot int) {
	s := text[pc.span.Start:pc.span.End]
	switch {
	case pc.kind == pieceMarker:
	case pc.kind == pieceUnknown && (pc.part > slot || pc.pub):
		// A word after the photographer's part names whom the picture
		// came through: "Davit Hakobyan/Photolure via Reuters".
		cr.Agencies = append(cr.Agencies, caption.Agency(s))
		cr.AgencySpans = append(cr.AgencySpans, pc.span)
	case pc.kind == pieceUnknown:
		cr.Warnings = append(cr.Warnings, creditWarnf("cannot tell whether %q in %q is a photographer or an agency", s, text[cr.Inner.Start:cr.Inner.End]))
	case pc.kind == pieceName && pc.part == slot && !pc.via:
		cr.Photographers = append(cr.Photographers, s)
		cr.PhotographerSpans = append(cr.PhotographerSpans, pc.span)
	case pc.kind == pieceName && slices.ContainsFunc(cr.Photographers, func(n string) bool { return strings.EqualFold(n, s) }):
		// "AFP PHOTO / KARAM AL-MASRI / AFP / KARAM AL-MASRI" names him twice.
	default:
		a := caption.Agency(s)
		if pc.kind == pieceAgency {
			a = pc.agency
		}
		for _, have := range cr.Agencies {
			if have == a {
				return
			}
		}
		cr.Agencies = append(cr.Agencies, a)
		cr.AgencySpans = append(cr.AgencySpans, pc.span)
	}
}

// creditPieces cuts the names of a credit into pieces and classifies them.
// via reports whether the word "via" occurs.
func (p *Parser) creditPieces(text string, s, e int, pieces []creditPiece) (_ []creditPiece, via bool) {
	part := 0
	for s <= e {
		pe, n := creditPartSep(text, s, e)
		had := len(pieces)
		pieces = p.partPieces(text, s, pe, part, pieces, &via)
		if len(pieces) > had {
			part++
		}
		s = pe + max(n, 1)
	}
	return pieces, via
}

// creditPartSep returns the first separator of credit parts in [s, e) and
// its length: a slash, or a dash between spaces as Anadolu writes it
// ("Mustafa Hassona - Anadolu Agency"); (e, 0) when there is none.
func creditPartSep(text string, s, e int) (int, int) {
	for i := s; i < e; i++ {
		switch text[i] {
		case '/', '\\': // a backslash too: "Dmitry Rogov\TASS via Getty Images"
			return i, 1
		case ' ':
			for _, d := range [...]string{" - ", " – ", " — "} {
				if strings.HasPrefix(text[i:e], d) {
					return i, len(d)
				}
			}
		}
	}
	return e, 0
}

// partPieces appends the pieces of the slash-separated part [s, e):
// "Hussein Malla, File" gives two, "Komsomolskaya Pravda via AP Photo" two.
func (p *Parser) partPieces(text string, s, e, part int, pieces []creditPiece, sawVia *bool) []creditPiece {
	via, pub := false, false
	is, ie := -1, -1 // the piece being read
	// ps, pe are the piece a comma ended just before the word being read,
	// or -1: "Samar Abu Elouf, pour Le Monde".
	ps, pe := -1, -1
	flush := func() {
		if is >= 0 {
			had := len(pieces)
			pieces = p.appendPiece(pieces, text, is, ie, part, via)
			for i := had; i < len(pieces); i++ {
				pieces[i].pub = pub
			}
		}
		is = -1
	}
	for i := s; i < e; {
		j := i + strings.IndexByte(text[i:e], ' ')
		if j < i {
			j = e
		}
		word := text[i:j]
		switch {
		case strings.EqualFold(word, "via"):
			flush()
			via, *sawVia = true, true
		case (strings.EqualFold(word, "for") || strings.EqualFold(word, "pour")) && !via &&
			(is >= 0 && p.creditNameBefore(text, is, ie) || is < 0 && ps >= 0 && p.creditNameBefore(text, ps, pe)):
			// "Jane Doe for The New York Times", "JULIEN MARCHAND POUR «
			// LE MONDE »", "Hans Lucas pour Libération", and after a
			// comma "Samar Abu Elouf, pour Le Monde": the photographer
			// or agency, then the paper, read as after "via". Not inside
			// a name: "Observatory for Human Rights".
			flush()
			via, pub, *sawVia = true, true, true
		case word != "":
			we := j
			comma := word[len(word)-1] == ',' || word[len(word)-1] == ';'
			if comma {
				we--
			}
			if we > i {
				if is < 0 {
					is = i
				}
				ie = we
			}
			ps, pe = -1, -1
			if comma && is >= 0 {
				ps, pe = is, ie
			}
			if comma {
				flush()
			}
		}
		i = j + 1
	}
	flush()
	return pieces
}

// appendPiece classifies the piece [s, e) and appends it. "Courtesy of" is
// dropped from its front; a piece that is two names joined by "and" or "&"
// becomes two.
func (p *Parser) appendPiece(pieces []creditPiece, text string, s, e, part int, via bool) []creditPiece {
	for s < e && strings.IndexByte(`"'(-`, text[s]) >= 0 {
		s++
	}
	for e > s && strings.IndexByte(`"').:-`, text[e-1]) >= 0 {
		if text[e-1] == ')' && strings.Count(text[s:e], "(") >= strings.Count(text[s:e], ")") {
			break // its own bracket: "Syrian Civil Defence (White Helmets)"
		}
		e--
	}
	s, e = creditTrimQuotes(text, s, e) // "« LE MONDE »"
	if n := creditLeadInLen(text[s:e]); n > 0 && s+n < e {
		s = creditSkipSpaces(text, s+n, e)
	}
	if s >= e {
		return pieces
	}
	pc := creditPiece{span: caption.Span{Start: s, End: e}, part: part, via: via}
	pc.kind, pc.agency = p.classify(text[s:e])
	if pc.kind == pieceUnknown && creditHasPrefix(text[s:e], "the ") {
		// "Courtesy of the White Helmets": the article is not the name.
		pc.span.Start = creditSkipSpaces(text, s+len("the "), e)
		pc.kind, pc.agency = p.classify(text[pc.span.Start:e])
	}
	if pc.kind == pieceUnknown || pc.kind == pieceOrg {
		if split, ok := p.splitAgencyPhoto(text, s, e, part, via); ok {
			return append(pieces, split...)
		}
	}
	if pc.kind == pieceUnknown {
		if split, ok := p.splitNames(text, s, e, part, via); ok {
			return append(pieces, split...)
		}
	}
	return append(pieces, pc)
}

// creditNameBefore reports whether [s, e) is a person's name or a known
// agency, before "for" or "pour": "Hans Lucas pour Libération" is the
// agency and the paper.
func (p *Parser) creditNameBefore(text string, s, e int) bool {
	kind, _ := p.classify(text[s:e])
	return kind == pieceName || kind == pieceAgency
}

// creditTrimQuotes returns [s, e) without the French quotes and the spaces
// inside them around it.
func creditTrimQuotes(text string, s, e int) (int, int) {
	if strings.HasPrefix(text[s:e], "«") {
		s = creditSkipSpaces(text, s+len("«"), e)
	}
	if strings.HasSuffix(text[s:e], "»") {
		e -= len("»")
		for e > s && text[e-1] == ' ' {
			e--
		}
	}
	return s, e
}

// splitAgencyPhoto splits a known agency, "PHOTO" and a person's name
// written without a slash, as Belga and others sign: "BELGA PHOTO MARTIN
// VERHEYEN" is the agency Belga and the photographer Martin Verheyen, where
// the whole read as one organisation (for its word "PHOTO").
func (p *Parser) splitAgencyPhoto(text string, s, e, part int, via bool) ([]creditPiece, bool) {
	for i := s; i < e; i++ {
		if text[i] != ' ' {
			continue
		}
		w := i + 1
		j := strings.IndexByte(text[w:e], ' ')
		if j < 0 {
			return nil, false
		}
		if word := text[w : w+j]; !strings.EqualFold(word, "photo") && !strings.EqualFold(word, "photos") {
			continue
		}
		ns := creditSkipSpaces(text, w+j, e)
		kind, a := p.lex.agencies.lookup(text[s:i])
		if kind != pieceAgency {
			continue
		}
		if nk, _ := p.classify(text[ns:e]); nk != pieceName {
			return nil, false
		}
		return []creditPiece{
			{span: caption.Span{Start: s, End: w + j}, kind: pieceAgency, agency: a, part: part, via: via},
			{span: caption.Span{Start: ns, End: e}, kind: pieceName, part: part, via: via},
		}, true
	}
	return nil, false
}

// splitNames splits "Jane Doe and John Roe" (or "&", or French "et") into
// names, when every side is one.
func (p *Parser) splitNames(text string, s, e, part int, via bool) ([]creditPiece, bool) {
	var out []creditPiece
	for s < e {
		ne := e
		if i := creditIndexWord(text[s:e], "and"); i >= 0 {
			ne = s + i
		} else if i := creditIndexWord(text[s:e], "&"); i >= 0 {
			ne = s + i
		} else if i := creditIndexWord(text[s:e], "et"); i >= 0 {
			ne = s + i // French: "Photos Rami al-Sayed et Muhannad Kaddour / AFP"
		}
		ns, nend := s, ne
		for nend > ns && text[nend-1] == ' ' {
			nend--
		}
		if ne == e && len(out) == 0 {
			return nil, false
		}
		if kind, _ := p.classify(text[ns:nend]); kind != pieceName {
			return nil, false
		}
		out = append(out, creditPiece{span: caption.Span{Start: ns, End: nend}, kind: pieceName, part: part, via: via})
		s = e
		if sp := strings.IndexByte(text[ne:e], ' '); sp >= 0 {
			s = creditSkipSpaces(text, ne+sp+1, e)
		}
	}
	return out, len(out) > 1
}

// classify says what one piece of a credit is. Pieces not in the lexicon are
// judged by their words: an organisation word makes an organisation
// ("Russian Ministry of Defence"), two to five capitalised words a person
// ("Jawad al Rifai", "MOHAMMED BADRA"), and one capitalised acronym an
// organisation ("YPG").
func (p *Parser) classify(s string) (pieceKind, caption.Agency) {
	if kind, a := p.lex.agencies.lookup(s); kind != pieceUnknown {
		return kind, a
	}
	if creditPhotoID(s) { // "UNICEF/UN0712345/Mariam Saleh": the picture's number
		return pieceMarker, ""
	}
	if first, rest, ok := strings.Cut(s, " "); ok && creditOrdinal(first) && creditCapitalised(rest) {
		return pieceOrg, "" // a unit, never a person: "24th Mechanised Brigade"
	}
	if !creditCapitalised(s) {
		return pieceUnknown, ""
	}
	var buf [32]byte
	words := 0
	for w := range strings.SplitSeq(s, " ") {
		words++
		if creditOrgWords[string(creditLower(buf[:0], creditTrimStops(w)))] {
			return pieceOrg, ""
		}
	}
	if words == 1 && creditAcronym(s) {
		return pieceOrg, ""
	}
	if creditPersonName(s, words) {
		return pieceName, ""
	}
	return pieceUnknown, ""
}

// creditTrimStops is strings.Trim(w, ".,"), without building the cut set
// on every call.
func creditTrimStops(w string) string {
	for w != "" && (w[0] == '.' || w[0] == ',') {
		w = w[1:]
	}
	for w != "" && (w[len(w)-1] == '.' || w[len(w)-1] == ',') {
		w = w[:len(w)-1]
	}
	return w
}
