package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// Arabic credits. Arabic editions of the wires and Arabic media write the
// agency as spaced or dotted letters in brackets ("(أ ف ب)", "(أ.ف.ب)" for
// AFP, "(د ب أ)" for dpa), as a name ("(رويترز)", "(الأناضول)", "(سانا)",
// or Al Jazeera's "(الفرنسية)" for AFP), after a label that names the
// photographer ("تصوير: محمد الحلبي - رويترز", "عدسة …"), or, in
// captions copied from a wire, as the Latin credit of the English caption
// ("… في إدلب REUTERS/Khalil Ashawi"). Their Arabic aliases are in
// agencies.tsv beside the Latin ones; the six big agencies' Arabic names
// give their canonical name, the others are kept as written (arBigAgencies).
// They are matched by arAgencyKey, which folds the ways one name is
// typed (hamza, tatweel, harakat, dots between letters).

// hasArabic reports whether s holds a character of the Arabic block
// (U+0600–U+06FF, lead bytes 0xD8–0xDB) or of the presentation forms that
// PDFs leave (U+FB50–U+FDFF, U+FE70–U+FEFF). English captions pay one byte
// test per byte for it.
func hasArabic(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0xD8 && c <= 0xDB {
			return true
		}
		if c == 0xEF && i+1 < len(s) && (s[i+1] >= 0xAD && s[i+1] <= 0xB7 || s[i+1] >= 0xB9 && s[i+1] <= 0xBB) {
			return true
		}
	}
	return false
}

// isArabicLetter reports an Arabic letter (not a digit, mark or sign).
func isArabicLetter(r rune) bool {
	return r >= 0x0600 && unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r)
}

// arAgencyKey is the lookup key of an Arabic agency name: its arFold with
// runs of spaces and dots made one space, and letters written apart ("أ ف
// ب", "أ.ف.ب", "ا. ف. ب") joined into one word.
func arAgencyKey(s string) string {
	words := strings.FieldsFunc(arFold(s), func(r rune) bool { return r == ' ' || r == '.' || r == '\u00a0' })
	single := len(words) > 1
	for _, w := range words {
		if utf8.RuneCountInString(w) != 1 {
			single = false
			break
		}
	}
	if single {
		return strings.Join(words, "")
	}
	return strings.Join(words, " ")
}

// arCreditLabels introduce the photographer in an Arabic credit, as folded
// keys: "تصوير" (photography), "عدسة" and "بعدسة" (lens, by the lens of),
// "المصور" (the photographer). colon marks the labels that are common words
// and count only with a colon after them: "الصورة:" (the picture:),
// "المصدر:" (source:).
var arCreditLabels = []struct {
	key   string
	colon bool
}{
	{"تصوير", false}, {"بتصوير", false}, {"عدسه", false}, {"بعدسه", false}, {"المصور", true}, {"الصوره", true},
	{"صوره", true}, {"المصدر", true},
}

// arCreditLabelAt returns where the names start after the label that
// starts text[i:e] (after its colon, if any), or -1. i must start a word.
// "حقوق الصورة:" (picture rights:) is read as its second word.
func arCreditLabelAt(text string, i, e int) int {
	j := arWordEnd(text, i, e)
	if j == i {
		return -1
	}
	key := arFold(text[i:j])
	if key == "حقوق" {
		k := creditSkipSpaces(text, j, e)
		if m := arWordEnd(text, k, e); m > k && arFold(text[k:m]) == "الصوره" {
			return arCreditLabelAt(text, k, e)
		}
		return -1
	}
	for _, l := range arCreditLabels {
		if key != l.key {
			continue
		}
		k := creditSkipSpaces(text, j, e)
		if k < e && text[k] == ':' {
			return creditSkipSpaces(text, k+1, e)
		}
		if l.colon {
			return -1
		}
		return k
	}
	return -1
}

// arWordEnd returns the end of the word (arWordRune) that starts at i.
func arWordEnd(text string, i, e int) int {
	for i < e {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !arWordRune(r) {
			break
		}
		i += n
	}
	return i
}

// arSourceCues, just before an agency in brackets, make it the source of a
// statement rather than the photo's credit: "ذكرت وكالة الأنباء الرسمية
// (سانا)", "بحسب (رويترز)". Folded keys.
var arSourceCues = map[string]bool{
	"بحسب": true, "حسب": true, "وفق": true, "وفقا": true, "ذكرت": true, "افادت": true, "قالت": true,
	"نقلت": true, "اعلنت": true, "وكاله": true, "لوكاله": true, "الانباء": true, "للانباء": true,
	"الرسميه": true, "نشرت": true, "بثت": true, "اوردت": true, "نقلا": true, "عن": true,
}

// arOrgWords make an unknown credit part an organisation, kept as written
// among the agencies: "المكتب الإعلامي", "مركز حلب الإعلامي", "الدفاع المدني",
// "الإعلام الحربي" (the media office of an armed group).
var arOrgWords = map[string]bool{
	"وكاله": true, "مركز": true, "المركز": true, "الاعلامي": true, "الاعلاميه": true, "مكتب": true, "المكتب": true,
	"الاعلام": true, "اعلام": true,
	"شبكه": true, "وزاره": true, "قناه": true, "تلفزيون": true, "صحيفه": true, "جريده": true, "هيئه": true,
	"مجلس": true, "الجيش": true, "القوات": true, "منظمه": true, "الهلال": true, "الصليب": true, "الامم": true,
	"مديريه": true, "الدفاع": true, "اتحاد": true, "تنسيقيه": true, "مؤسسه": true, "مجموعه": true,
}

// arNotNameWords cannot stand in a photographer's name: prepositions and
// the words of a sentence, so that a description's tail is never read as
// a name.
var arNotNameWords = map[string]bool{
	"في": true, "من": true, "على": true, "الى": true, "عن": true, "مع": true, "قرب": true, "بعد": true,
	"قبل": true, "خلال": true, "حيث": true, "التي": true, "الذي": true, "الذين": true, "بين": true, "امام": true,
	"داخل": true, "عند": true, "حول": true, "هذه": true, "هذا": true, "يوم": true, "اثناء": true, "ان": true,
	"كما": true, "وسط": true, "جراء": true, "اثر": true, "بسبب": true, "منذ": true, "تحت": true, "فوق": true,
}

// arabicCredit reads the credit of a caption with Arabic in it, ending at
// end (creditTrimEnd): a bracketed credit, a labelled or agency tail, a
// Latin credit after the Arabic text, or a credit that opens the caption.
//
// A Latin credit after the last Arabic letter is tried first: it is also
// how an English caption quoting Arabic words ends ("… a banner reading
// 'الشعب يريد' in Idlib. (Photo by X/AFP)"), which the English rules read.
func (p *Parser) arabicCredit(text string, end int) creditResult {
	if cr := p.arClosingCredit(text, end); cr.Found {
		return p.arWithDatelineOutlet(text, cr)
	}
	if cr := p.arLeadingCredit(text); cr.Found {
		return cr
	}
	return p.leadingCredit(text) // "REUTERS/Name - …" before Arabic text
}

// arClosingCredit reads a credit that ends the caption at end: a Latin
// credit after the Arabic text, a bracketed credit, or a labelled or
// agency tail.
func (p *Parser) arClosingCredit(text string, end int) creditResult {
	if cr := p.latinAfterArabic(text, end); cr.Found {
		return cr
	}
	if c := text[end-1]; c == ')' || c == ']' {
		if cr := p.arBracketCredit(text, end); cr.Found {
			return cr
		}
	}
	return p.arTailCredit(text, end)
}

// arBracketCredit reads the bracketed group that ends at end. A bare agency
// after a word that quotes it ("ذكرت وكالة الأنباء السورية (سانا)") is a
// source; after a full stop, or with a label or a photographer, it is the
// credit.
func (p *Parser) arBracketCredit(text string, end int) creditResult {
	closing := end - 1
	open := creditMatchOpen(text, closing, max(0, closing-maxCredit))
	if open < 0 {
		return creditResult{}
	}
	if p.arFigureSource(text, open, closing) {
		return creditResult{}
	}
	cr := p.arReadCredit(text, open+1, closing)
	if !cr.Found {
		s := creditSkipSpaces(text, open+1, closing)
		if cr = p.arOrgCredit(text, s, closing); !cr.Found || arQuotedBefore(text, open) {
			if cr = p.arOutletCredit(text, open, closing); !cr.Found {
				return creditResult{}
			}
		}
	}
	bare := len(cr.Photographers) == 0 && arCreditLabelAt(text, creditSkipSpaces(text, open+1, closing), closing) < 0
	if bare && arQuotedBefore(text, open) {
		return creditResult{}
	}
	cr.Whole = caption.Span{Start: open, End: end}
	return cr
}

// arNoPhotoSources are the attributions of ar_sources.tsv that are no
// photo's source: people, whom agencies (organisations) do not list
// ("ناشطون", "مصادر طبية", "سكان"), and the Observatory, which counts the
// dead from afar and hands out no pictures.
var arNoPhotoSources = map[string]bool{
	"Syrian Observatory for Human Rights": true, "activists": true, "medical sources": true, "medics": true,
	"local sources": true, "residents": true, "witnesses": true, "officials": true,
}

// arFigureSource reports brackets [open, closing] that hold only one of
// arNoPhotoSources (and arBracketExtra words) after a sentence of figures:
// "… قتل 9 مدنيين بينهم 4 أطفال. (المرصد السوري لحقوق الإنسان)" cites the
// toll, the way Arabic media and documentation groups do, and credits no
// photo; the Arabic rules read it as the figures' attribution
// (bracketSource). An organisation that hands out pictures ("(الدفاع
// المدني السوري)", "(وزارة الصحة)") keeps its credit.
func (p *Parser) arFigureSource(text string, open, closing int) bool {
	in := newArText(text[open+1 : closing])
	found, n := in.match(&p.ar.sources, 0)
	if n == 0 || !arNoPhotoSources[found[0].value] || len(in.toks)-n > arBracketExtra {
		return false
	}
	for _, t := range in.toks[n:] {
		if !t.word || t.digits {
			return false // "(ناشطون / رويترز)": a credit's parts
		}
	}
	before := newArText(text[:open])
	if len(before.toks) == 0 {
		return false
	}
	// The sentence the brackets follow: a full stop before them is
	// counted in the sentence it ends.
	last := before.sentOf[len(before.toks)-1]
	for _, f := range before.casualties(caption.PartialDate{}, &p.ar.countries) {
		if before.sentOf[f.tok] == last {
			return true
		}
	}
	return false
}

// arOutletCredit reads the brackets at [open, closing] as the credit of an
// outlet the lexicon does not know when they stand alone after the
// caption's last full stop or closing year (arFinishedBefore) and hold a
// short name that is not a known place: "… 2023. (عنب بلدي)",
// "(نورث برس)", "(تجمع أحرار حوران)", "(العربية)". Nothing else follows a
// finished caption in brackets, and a source quoted in a sentence
// ("ذكرت وكالة الأنباء (سانا)") has its verb before it, not a full stop.
// The names are kept as written among the agencies, never as
// photographers: a person is credited after a label (arReadCredit).
func (p *Parser) arOutletCredit(text string, open, closing int) creditResult {
	j := open
	for j > 0 && text[j-1] == ' ' {
		j--
	}
	if !arFinishedBefore(text, j) {
		return creditResult{}
	}
	s := creditSkipSpaces(text, open+1, closing)
	e := closing
	for e > s && text[e-1] == ' ' {
		e--
	}
	if s >= e || arWords(text[s:e]) > 5 || p.arPlaceName(text[s:e]) {
		return creditResult{}
	}
	cr := creditResult{Whole: caption.Span{Start: s, End: e}, Inner: caption.Span{Start: s, End: e}}
	for _, pc := range arPieces(text, s, e) {
		part := text[pc.span.Start:pc.span.End]
		switch kind, a := p.arPart(part); kind {
		case pieceAgency:
			cr.addAgency(a, pc.span)
		case pieceName, pieceOrg:
			if !hasArabic(part) || utf8.RuneCountInString(part) < 3 {
				return creditResult{}
			}
			if kind == pieceName && arGivenName(part) {
				// "(محمد الحلبي)": a person, whom a bare bracket
				// credits as the photographer.
				cr.Photographers = append(cr.Photographers, part)
				cr.PhotographerSpans = append(cr.PhotographerSpans, pc.span)
				continue
			}
			cr.addAgency(caption.Agency(part), pc.span)
		case pieceMarker:
		default:
			return creditResult{}
		}
	}
	cr.Found = len(cr.Agencies)+len(cr.Photographers) > 0
	return cr
}

// arFinishedBefore reports whether the caption is finished at j, where
// brackets open: after a full stop or an exclamation mark (not an
// initial's dot), or after the year that closes a caption's date ("…،
// 10 أيلول 2019 (الجزيرة)"), which no sentence goes on from into brackets.
func arFinishedBefore(text string, j int) bool {
	if j == 0 {
		return false
	}
	if c := text[j-1]; c == '.' || c == '!' {
		return !arSingleLetterBefore(text, j-1)
	}
	k := strings.LastIndexByte(text[:j], ' ') + 1
	return utf8.RuneCountInString(text[k:j]) == 4 && arDigitsOnly(text[k:j])
}

// arPlaceName reports a name the Arabic lexicon knows as a country or a
// place: brackets holding "(سوريا)" or "(إدلب)" gloss a place, they
// credit no outlet.
func (p *Parser) arPlaceName(name string) bool {
	at := newArText(name)
	if len(at.toks) == 0 {
		return false
	}
	for _, ps := range [...]*arPhrases{&p.ar.countries, &p.ar.places} {
		if _, n := at.match(ps, 0); n == len(at.toks) {
			return true
		}
	}
	return false
}

// arGivenName reports whether a name of two or more words opens with a
// common Arabic given name: a person, not an outlet.
func arGivenName(name string) bool {
	words := strings.Fields(name)
	if len(words) < 2 {
		return false
	}
	w := arFold(words[0])
	return arGivenNames[w] || strings.HasPrefix(w, "عبد")
}

// arGivenNames are common Arabic given names, folded as arFold folds them.
var arGivenNames = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields("محمد أحمد علي عمر خالد حسن حسين محمود مصطفى إبراهيم يوسف سامر سامي رامي " +
		"مازن وسيم أنس عمار فادي ماهر نور ليلى فاطمة مريم زينب سارة هبة رنا سليمان أيمن بكر زكريا " +
		"حمزة طارق ياسر وليد جهاد أسامة عامر كريم مجد غيث باسل لؤي هادي سعيد صالح فراس نزار " +
		// Names documentation groups give their victims (arabicperson.go).
		"هديل بتول جنى رهف إسراء سلمى آمنة خديجة عائشة ياسين يزن كنان قصي همام بلال معاذ عدي عثمان " +
		"أنور إياد ماجد نبيل حازم حامد شادي عمرو منذر نضال هشام وائل يحيى يونس إسماعيل موسى عيسى قاسم") {
		m[arFold(n)] = true
	}
	return m
}()

// arQuotedBefore reports whether one of the three words before position i
// (in its sentence) quotes a source.
func arQuotedBefore(text string, i int) bool {
	for n := 0; n < 3; n++ {
		j := i
		for j > 0 && text[j-1] == ' ' {
			j--
		}
		if j == 0 || strings.IndexByte(".!?|-", text[j-1]) >= 0 {
			return false
		}
		k := strings.LastIndexByte(text[:j], ' ') + 1
		if arSourceCues[arFold(text[k:j])] {
			return true
		}
		i = k
	}
	return false
}

// arTailCredit reads an unbracketed credit at the end: the last sentence
// when it is a short credit ("… قرب دمشق. تصوير: محمد الحلبي - رويترز",
// "… في حلب. أ ف ب"), a handout's sentence ("… صورة لرويترز من وسائل
// إعلام سورية.": arHandoutCredit), from a label on ("… في حلب تصوير محمد الحلبي /
// الأناضول"), or an agency or an organisation after the last dash ("… في
// حلب - رويترز", "… - الدفاع المدني السوري": arDashCredit).
func (p *Parser) arTailCredit(text string, end int) creditResult {
	lo := max(0, end-maxCredit)
	s := arSentenceStart(text, lo, end)
	// A label within the tail starts the credit, wherever the sentence
	// starts: folding ran the credit line into the caption.
	for i := max(s, lo); i < end; i++ {
		if i > 0 && text[i-1] != ' ' && text[i-1] != '(' && text[i-1] != '.' {
			continue
		}
		if m := arCreditLabelAt(text, i, end); m > 0 && m < end {
			cr := p.arReadCredit(text, i, end)
			if cr.Found && (len(cr.Photographers) > 0 || len(cr.Agencies) > 0 || i == s) {
				// A label that opens the last sentence vouches for an
				// unnamed photographer too: "… 2021. عدسة: ناشطون".
				return cr
			}
		}
	}
	if s >= lo && s < end && arWords(text[s:end]) <= 8 {
		if cr := p.arReadCredit(text, s, end); cr.Found && len(cr.Agencies) > 0 {
			return cr
		}
		if cr := p.arExclusiveCredit(text, s, end); cr.Found {
			return cr
		}
	}
	if s >= lo && s < end {
		if cr := p.arHandoutCredit(text, s, end); cr.Found {
			return cr
		}
	}
	// "… في حلب - رويترز": an agency alone after the last dash or bar.
	for i := end - 1; i > lo; i-- {
		if text[i] != ' ' {
			continue
		}
		for _, d := range [...]string{" - ", " – ", " — ", " | "} {
			if strings.HasPrefix(text[i:end], d) {
				ps := creditSkipSpaces(text, i+len(d), end)
				if a, ok := p.arDashCredit(text[ps:end]); ok {
					return creditResult{Found: true, Whole: caption.Span{Start: i, End: end}, Inner: caption.Span{Start: ps, End: end},
						Agencies: []caption.Agency{a}, AgencySpans: []caption.Span{{Start: ps, End: end}}}
				}
				return creditResult{}
			}
		}
	}
	return creditResult{}
}

// arDashCredit reports whether part, all that follows the caption's last
// dash, credits an agency, and which: a known one, or an organisation
// named as one, kept as written ("الدفاع المدني السوري", "المكتب
// الإعلامي"). The organisation's name must open with its kind and go on
// with words that take the article, so that a dash inside a sentence,
// followed by a clause with a verb, credits nobody ("… - الدفاع المدني
// ينتشل الضحايا").
func (p *Parser) arDashCredit(part string) (caption.Agency, bool) {
	kind, a := p.arPart(part)
	if kind == pieceAgency {
		return a, true
	}
	words := strings.Fields(arFold(part))
	if kind != pieceOrg || len(words) > 5 || !arWordIn(arOrgWords, words[0]) {
		return "", false
	}
	for _, w := range words {
		if arNotNameWords[w] || !arWordIn(arOrgWords, w) && !strings.HasPrefix(w, "ال") && !strings.HasPrefix(w, "لل") {
			return "", false
		}
	}
	return caption.Agency(part), true
}

// arExclusiveCredit reads a last sentence [s, end) that marks the picture
// as its outlet's own, "خاص" (exclusive) and the outlet's name, with or
// without a dash: "… 2023. خاص - عنب بلدي", "خاص عنب بلدي". The outlet is
// kept as written among the agencies.
func (p *Parser) arExclusiveCredit(text string, s, end int) creditResult {
	w := arWordEnd(text, s, end)
	if w == s || arFold(text[s:w]) != "خاص" {
		return creditResult{}
	}
	b := creditSkipSpaces(text, w, end)
	for _, d := range [...]string{"-", "–", "—", ":", "|"} {
		if strings.HasPrefix(text[b:end], d) {
			b = creditSkipSpaces(text, b+len(d), end)
			break
		}
	}
	e := end
	for e > b && (text[e-1] == ' ' || text[e-1] == '.') {
		e--
	}
	if b >= e || arWords(text[b:e]) > 4 {
		return creditResult{}
	}
	part := text[b:e]
	kind, a := p.arPart(part)
	switch kind {
	case pieceAgency:
	case pieceName, pieceOrg:
		a = caption.Agency(part)
	default:
		return creditResult{}
	}
	sp := caption.Span{Start: b, End: e}
	return creditResult{Found: true, Whole: caption.Span{Start: s, End: end}, Inner: caption.Span{Start: s, End: e},
		Agencies: []caption.Agency{a}, AgencySpans: []caption.Span{sp}}
}

// arSentenceStart returns where the last sentence of text[:end] starts,
// looking back to lo: after ". ", "! ", "? ", "؟ " or "|"; a full stop
// after a single letter ("أ. ف. ب") ends no sentence. It returns 0 when
// the text from 0 has none, and lo-1 when the sentence starts before lo.
func arSentenceStart(text string, lo, end int) int {
	for i := end - 1; i >= lo; i-- {
		switch {
		case text[i] == '|':
			return creditSkipSpaces(text, i+1, end)
		case (text[i] == '.' || text[i] == '!' || text[i] == '?') && i+1 < end && text[i+1] == ' ':
			if text[i] == '.' && arSingleLetterBefore(text, i) {
				continue
			}
			return i + 2
		case strings.HasPrefix(text[i:], "؟ "):
			return i + len("؟ ")
		}
	}
	if lo == 0 {
		return 0
	}
	return lo - 1
}

// arSingleLetterBefore reports whether the word before position i is one
// letter: an initial, as in "أ. ف. ب" or "J.".
func arSingleLetterBefore(text string, i int) bool {
	r, n := utf8.DecodeLastRuneInString(text[:i])
	if !unicode.IsLetter(r) {
		return false
	}
	return i-n == 0 || text[i-n-1] == ' ' || text[i-n-1] == '.'
}

// arWords counts the words of s.
func arWords(s string) int { return len(strings.Fields(s)) }

// latinAfterArabic reads a Latin-script credit after the Arabic text: the
// English rules run on what follows the last Arabic letter ("… في إدلب
// REUTERS/Khalil Ashawi"), so that the Arabic words are never taken for
// the credit's names.
func (p *Parser) latinAfterArabic(text string, end int) creditResult {
	k := end
	for k > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:k])
		if isArabicLetter(r) || r >= 0x0660 && r <= 0x0669 {
			break
		}
		k -= n
	}
	if k == 0 || k == end {
		return creditResult{}
	}
	sub := text[k:end]
	cr := p.latinCredit(sub)
	if !cr.Found {
		return cr
	}
	cr.shift(k)
	return cr
}

// shift moves every span of cr by off bytes.
func (cr *creditResult) shift(off int) {
	mv := func(s caption.Span) caption.Span { return caption.Span{Start: s.Start + off, End: s.End + off} }
	cr.Whole, cr.Inner = mv(cr.Whole), mv(cr.Inner)
	for i := range cr.PhotographerSpans {
		cr.PhotographerSpans[i] = mv(cr.PhotographerSpans[i])
	}
	for i := range cr.AgencySpans {
		cr.AgencySpans[i] = mv(cr.AgencySpans[i])
	}
}

// arLeadingCredit reads a credit that opens the caption: an agency in
// brackets, alone or after the dateline's city ("دمشق (أ ف ب) - …"), an
// agency after the city and a dash, before a bar, as SANA writes its
// dateline ("حمص-سانا| …"), or a labelled credit up to the first full stop
// or bar ("تصوير: محمد الحلبي - رويترز. …"). Whole runs from the start of
// the text: a dateline's city is where the story was filed, not the
// photo's scene.
func (p *Parser) arLeadingCredit(text string) creditResult {
	lim := min(len(text), maxCredit)
	if cr := p.arDatelineCredit(text, lim); cr.Found {
		return cr
	}
	if o := strings.IndexAny(text[:lim], "(["); o >= 0 && arWords(text[:o]) <= 3 {
		cl := byte(')')
		if text[o] == '[' {
			cl = ']'
		}
		c := strings.IndexByte(text[o:lim], cl)
		if c > 0 {
			c += o
			cr := p.arReadCredit(text, o+1, c)
			after := creditSkipSpaces(text, c+1, len(text))
			dash := strings.HasPrefix(text[after:], "-") || strings.HasPrefix(text[after:], "–") || strings.HasPrefix(text[after:], "—") || strings.HasPrefix(text[after:], ":")
			if cr.Found && len(cr.Agencies) > 0 && (o == 0 || dash) && after < len(text) {
				if dash {
					_, n := utf8.DecodeRuneInString(text[after:])
					after = creditSkipSpaces(text, after+n, len(text))
				}
				cr.Whole = caption.Span{Start: 0, End: after}
				return cr
			}
		}
	}
	if arCreditLabelAt(text, 0, lim) > 0 {
		e := -1
		for i := 0; i+1 < lim; i++ {
			if (text[i] == '.' && !arSingleLetterBefore(text, i) || text[i] == '|') && text[i+1] == ' ' {
				e = i
				break
			}
		}
		if e > 0 {
			if cr := p.arReadCredit(text, 0, e); cr.Found && len(cr.Agencies) > 0 {
				cr.Whole.End = creditSkipSpaces(text, e+1, len(text))
				return cr
			}
			if cr := p.arPlacedCredit(text, e); cr.Found {
				return cr
			}
		}
	}
	return creditResult{}
}

// arPlacedCredit reads a labelled credit that opens text and names the
// photographer, then the scene after a dash, before the full stop at e:
// "عدسة: أحمد المسالمة - درعا البلد، حي طريق السد، 2019." The credit ends
// before the first place (arPlacePart); the place and what follows stay in
// the description, where the place rules read them. Whole ends at the
// place.
func (p *Parser) arPlacedCredit(text string, e int) creditResult {
	pcs := arPieces(text, 0, e)
	for k := 1; k < len(pcs); k++ {
		if !p.arPlacePart(text[pcs[k].span.Start:pcs[k].span.End]) {
			continue
		}
		cr := p.arReadCredit(text, 0, pcs[k-1].span.End)
		if !cr.Found || len(cr.Photographers) == 0 {
			return creditResult{}
		}
		cr.Whole.End = pcs[k].span.Start
		return cr
	}
	return creditResult{}
}

// arPlacePart reports a credit part that names a place: one the lexicon
// knows at its start ("درعا البلد", "إدلب") or a place word and a name
// ("حي طريق السد", "ريف حلب").
func (p *Parser) arPlacePart(part string) bool {
	at := newArText(part)
	if len(at.toks) == 0 || !at.toks[0].word {
		return false
	}
	if _, n := at.match(&p.ar.places, 0); n > 0 && !strings.HasPrefix(at.toks[0].key, "ب") {
		return true
	}
	_, isNoun := arPlaceNouns[at.toks[0].key]
	return isNoun && len(at.toks) >= 2
}

// arReadCredit reads [s, e) as an Arabic credit: an optional label, then
// parts separated by slashes, dashes, bars or Arabic commas, each an agency,
// a marker, an organisation or a name. It is a credit when it has a label
// or a known agency (or a marker, "(وكالات)"); every part must be one of
// those, so that a sentence is never read as a credit. The first name is
// the photographer's, and a name after a label too; "عبر" (via) makes what
// follows a distributor.
func (p *Parser) arReadCredit(text string, s, e int) creditResult {
	s = creditSkipSpaces(text, s, e)
	for e > s && (text[e-1] == ' ' || text[e-1] == '.') {
		e--
	}
	if s >= e {
		return creditResult{}
	}
	b := s
	label := false
	if strings.HasPrefix(text[b:e], "©") { // "© محمد الحلبي / أ ف ب"
		b = creditSkipSpaces(text, b+len("©"), e)
		label = true
	}
	if m := arCreditLabelAt(text, b, e); m > 0 {
		b, label = m, true
	} else if m := creditSkipLeadIns(text, b, e); m > b {
		b, label = m, true // "Photo by": an English lead-in
	}
	cr := creditResult{Whole: caption.Span{Start: s, End: e}, Inner: caption.Span{Start: s, End: e}}
	known, marker := 0, 0
	for _, pc := range arPieces(text, b, e) {
		part := text[pc.span.Start:pc.span.End]
		if arDigitsOnly(part) {
			continue
		}
		kind, a := p.arPart(part)
		switch {
		case kind == pieceAgency:
			known++
			cr.addAgency(a, pc.span)
		case kind == pieceMarker:
			marker++
		case kind == pieceName && len(cr.Photographers) == 0 && !pc.via && (label || arWords(part) >= 2) && !arOutletName(part):
			cr.Photographers = append(cr.Photographers, part)
			cr.PhotographerSpans = append(cr.PhotographerSpans, pc.span)
		case len(cr.Photographers) > 0 && p.arPlacePart(part):
			// "(عدسة: عمر حاج قدور - ريف إدلب)": where the photographer
			// was, no provider
		case kind == pieceName || kind == pieceOrg:
			cr.addAgency(caption.Agency(part), pc.span) // a provider: "مركز حلب الإعلامي"
		default:
			return creditResult{}
		}
	}
	// A label vouches for what follows it, a photographer or a media
	// office ("المصدر: مركز حلب الإعلامي"); else a known agency or a marker
	// must.
	if known == 0 && marker == 0 && !(label && (len(cr.Photographers) > 0 || len(cr.Agencies) > 0)) {
		return creditResult{}
	}
	cr.Found = true
	return cr
}

// arOutletName reports a credit part whose every word has the article,
// which names an outlet, not a person, even after a label: "(الصورة:
// الجزيرة)", "المصدر: العربي الجديد". A person's name starts with a given
// name, which has none ("محمد الحلبي").
func arOutletName(part string) bool {
	words := strings.Fields(arFold(part))
	for _, w := range words {
		if !strings.HasPrefix(w, "ال") || utf8.RuneCountInString(w) <= 3 {
			return false
		}
	}
	return len(words) > 0
}

// arOrgCredit reads brackets [s, e) that hold only organisations, one of
// them of the media, as a media office credits its pictures: "(مركز حماة
// الإعلامي)", "(المكتب الإعلامي في داريا)", or a local news network named
// by its place and a number ("(الساحل 24)": arNumberedNetwork). They are
// kept as written among the agencies. An army or a ministry in brackets
// alone is more often the name a sentence gave than a credit.
func (p *Parser) arOrgCredit(text string, s, e int) creditResult {
	for e > s && text[e-1] == ' ' { // "(مركز )": the credit as written is trimmed
		e--
	}
	cr := creditResult{Whole: caption.Span{Start: s, End: e}, Inner: caption.Span{Start: s, End: e}}
	media := false
	for _, pc := range arPieces(text, s, e) {
		part := text[pc.span.Start:pc.span.End]
		if kind, _ := p.arPart(part); kind != pieceOrg {
			if !p.arNumberedNetwork(part) {
				return creditResult{}
			}
			media = true
		}
		for _, w := range strings.Fields(arFold(part)) {
			media = media || arWordIn(arMediaWords, w)
		}
		cr.addAgency(caption.Agency(part), pc.span)
	}
	cr.Found = media && len(cr.Agencies) > 0
	return cr
}

// arNumberedNetwork reports a credit part that names a local news network
// the way such networks name themselves, a place or a word and a number of
// up to three digits: "الساحل 24", "تعز 360". A month and a day ("آب 24"),
// a year ("حلب 2016") or a picture's number ("الصورة 3") is none.
func (p *Parser) arNumberedNetwork(part string) bool {
	words := strings.Fields(part)
	if len(words) < 2 || len(words) > 4 {
		return false
	}
	last := words[len(words)-1]
	if !arDigitsOnly(last) || utf8.RuneCountInString(last) > 3 {
		return false
	}
	for _, w := range words[:len(words)-1] {
		k := arFold(w)
		if _, month := arMonths[k]; month || k == "صوره" || k == "الصوره" || arDigitsOnly(w) {
			return false
		}
	}
	kind, _ := p.arPart(strings.Join(words[:len(words)-1], " "))
	return kind == pieceName || kind == pieceOrg
}

// arWordIn reports whether the folded word w is in set, as it is or with
// a clitic and the article taken off: "للإعلام" is "الإعلام", "والمكتب"
// "المكتب", "الوكالة" "وكالة".
func arWordIn(set map[string]bool, w string) bool {
	if set[w] {
		return true
	}
	for _, pre := range [...]string{"وال", "بال", "فال", "كال", "لل", "ال"} {
		if rest, ok := strings.CutPrefix(w, pre); ok && utf8.RuneCountInString(rest) >= 2 {
			return set["ال"+rest] || set[rest]
		}
	}
	return false
}

// arMediaWords are the words of media organisations, folded.
var arMediaWords = wordSetAr("مركز المركز الإعلامي الإعلامية مكتب المكتب شبكة وكالة قناة تلفزيون تنسيقية صحيفة جريدة الإعلام إعلام")

// arPiece is one part of an Arabic credit.
type arPiece struct {
	span caption.Span
	via  bool // after "عبر" (via): a distributor
}

// arPieces cuts [s, e) into parts at separators (arPartSep) and at the word
// "عبر" (via), trimmed; empty parts are left out.
func arPieces(text string, s, e int) []arPiece {
	var out []arPiece
	via := false
	add := func(a, b int) {
		for a < b && text[a] == ' ' {
			a++
		}
		for b > a && text[b-1] == ' ' {
			b--
		}
		if a < b {
			out = append(out, arPiece{caption.Span{Start: a, End: b}, via})
		}
	}
	for s < e {
		pe, n := arPartSep(text, s, e)
		a := s
		for i := s; i < pe; i++ {
			if (i == s || text[i-1] == ' ') && strings.HasPrefix(text[i:pe], "عبر") &&
				(i+len("عبر") == pe || text[i+len("عبر")] == ' ') {
				add(a, i)
				via = true
				a = i + len("عبر")
			}
		}
		add(a, pe)
		if n == 0 {
			break
		}
		s = pe + n
	}
	return out
}

// addAgency adds an agency and its span once.
func (cr *creditResult) addAgency(a caption.Agency, span caption.Span) {
	for _, have := range cr.Agencies {
		if have == a {
			return
		}
	}
	cr.Agencies = append(cr.Agencies, a)
	cr.AgencySpans = append(cr.AgencySpans, span)
}

// arPartSep returns the first separator of credit parts in [s, e) and its
// length: a slash, an Arabic comma, a comma, or a dash or bar between
// spaces; (e, 0) when there is none.
func arPartSep(text string, s, e int) (int, int) {
	for i := s; i < e; i++ {
		switch text[i] {
		case '/', ',':
			return i, 1
		case ' ':
			for _, d := range [...]string{" - ", " – ", " — ", " | "} {
				if strings.HasPrefix(text[i:e], d) {
					return i, len(d)
				}
			}
		}
		if strings.HasPrefix(text[i:e], "،") {
			return i, len("،")
		}
	}
	return e, 0
}

// arDigitsOnly reports a part that is only digits and spaces: a year after
// the names ("أ ف ب ٢٠١٧" has the year apart), never a name.
func arDigitsOnly(s string) bool {
	for _, r := range s {
		if !arDigitRune(r) && r != ' ' {
			return false
		}
	}
	return true
}

// arBigAgencies are the agencies whose Arabic names give their canonical
// short name (SPEC.md): "(أ ف ب)" is AFP. Every other agency a credit names
// in Arabic is kept as the caption writes it, "(سانا)", "(وفا)",
// "(اليونيسف)", as the other agencies of an English credit are.
var arBigAgencies = map[caption.Agency]bool{
	"AFP": true, "AP": true, "Reuters": true, "Getty Images": true, "Anadolu Agency": true, "EPA": true,
}

// arSpeltLetters reports an agency written as single letters apart, "د ب
// أ", "د.ب.أ": the Arabic wires spell a Latin initialism so, and it gives
// the agency's canonical name (DPA, as "(dpa)" does in English) the way
// "أ ف ب" gives AFP, where a name in Arabic ("(سانا)") stays as written.
func arSpeltLetters(part string) bool {
	words := strings.FieldsFunc(arFold(part), func(r rune) bool { return r == ' ' || r == '.' || r == '\u00a0' })
	for _, w := range words {
		if utf8.RuneCountInString(w) != 1 {
			return false
		}
	}
	return len(words) > 1
}

// arPart classifies one part of a credit, Arabic or Latin: a known agency
// (canonical when it is one of arBigAgencies, else as written), a marker,
// an organisation or a name.
func (p *Parser) arPart(part string) (pieceKind, caption.Agency) {
	if kind, a := p.lex.agencies.lookup(part); kind != pieceUnknown {
		if kind == pieceAgency && !arBigAgencies[a] && !arSpeltLetters(part) {
			// "(سانا)" stays سانا, and a Latin name in an Arabic credit
			// as written too ("القامشلي - ANHA:"), as SPEC.md keeps the
			// agencies other than the six big ones.
			return kind, caption.Agency(part)
		}
		return kind, a
	}
	if !hasArabic(part) {
		if kind, a := p.classify(part); kind != pieceUnknown {
			return kind, a
		}
		return pieceUnknown, ""
	}
	words := strings.Fields(arFold(part))
	if len(words) == 0 || len(words) > 6 {
		return pieceUnknown, ""
	}
	org, function := false, false
	for _, w := range words {
		for _, r := range w {
			if !isArabicLetter(r) && r != '-' {
				return pieceUnknown, ""
			}
		}
		function = function || arNotNameWords[w]
		org = org || arWordIn(arOrgWords, w)
	}
	switch {
	case org: // "المكتب الإعلامي في كفرنبل"
		return pieceOrg, ""
	case function || len(words) > 5:
		return pieceUnknown, ""
	case len(words) <= 2 && arWordIn(arUnnamed, words[0]):
		// "(عدسة ناشط)", "(عدسة شاب حلبي)": an unnamed photographer,
		// as "STRINGER" is in English.
		return pieceMarker, ""
	}
	return pieceName, ""
}

// arUnnamed open a credit's part that describes its photographer instead
// of naming them: an activist, a young man, a citizen, a photographer.
var arUnnamed = wordSetAr("ناشط ناشطة ناشطون ناشطين شاب شابة مواطن مواطنة مصور مصورة صحفي صحفية مراسل مراسلة")
