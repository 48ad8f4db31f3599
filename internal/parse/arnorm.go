package parse

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Arabic text is written many ways that mean one word: with or without
// vowel marks (harakat), stretched by tatweel, with hamza on the alef or
// not, teh marbuta or heh at the end, in the presentation forms old
// encodings and PDFs leave behind, with Persian keyboards' kaf and yeh, and
// with Arabic-Indic or Eastern Arabic-Indic digits. arFold maps them all to
// one key, so that lexicons list a word once. It only makes keys: records
// and evidence spans keep the caption as written, which is why arTokens
// keeps each token's byte offsets into the original text.
//
// This file stands alone (no other file of the package is needed), so that
// the Arabic credit rules can share it.

// arFold returns the matching key of s: Arabic marks, tatweel and
// invisible format characters dropped, letter variants folded, presentation
// forms decomposed, digits made ASCII, Arabic punctuation made ASCII and
// Latin letters lower-cased. Everything else passes through unchanged.
func arFold(s string) string {
	if arFolded(s) {
		return s // most words of a caption: no copy
	}
	return arFoldAll(s)
}

// arFoldAll is arFold without the test for text already folded.
func arFoldAll(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		arFoldRune(&b, r)
	}
	return b.String()
}

// arFolded reports whether arFold would return s unchanged: lower-case
// ASCII, and letters of the Arabic block that fold to themselves.
func arFolded(s string) bool {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				return false
			}
		case r >= 0x0621 && r <= 0x064A: // the base letters, tatweel among them
			switch r {
			case 'أ', 'إ', 'آ', 'ى', 'ة', 'ـ':
				return false
			}
		default:
			return false
		}
	}
	return true
}

// arFoldRune writes the fold of r to b: nothing, one rune, or the letters of
// a ligature.
func arFoldRune(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		b.WriteByte(byte(r))
		return
	}
	if d, ok := arPresentation(r); ok {
		for _, c := range d {
			arFoldRune(b, c) // the decompositions hold no presentation forms
		}
		return
	}
	if c, ok := arFoldBase(r); ok {
		if c >= 0 {
			b.WriteRune(c)
		}
		return
	}
	b.WriteRune(unicode.ToLower(r))
}

// arFoldBase folds one rune that is not a presentation form: it returns -1
// for a rune to drop, and ok false for a rune it leaves to the caller.
func arFoldBase(r rune) (rune, bool) {
	switch {
	case r >= 0x0660 && r <= 0x0669: // Arabic-Indic digits
		return '0' + r - 0x0660, true
	case r >= 0x06F0 && r <= 0x06F9: // Eastern Arabic-Indic (Persian, Urdu) digits
		return '0' + r - 0x06F0, true
	}
	switch r {
	case 'أ', 'إ', 'آ', 'ٱ', 'ٲ', 'ٳ':
		return 'ا', true
	case 'ى', 'ی', 'ې', 'ے': // alef maqsura and the Persian and Urdu yeh
		return 'ي', true
	case 'ة', 'ۀ', 'ہ', 'ۃ', 'ھ', 'ە':
		return 'ه', true
	case 'ک', 'ڪ': // keheh (Persian kaf), swash kaf
		return 'ك', true
	case '،': // Arabic comma
		return ',', true
	case '؛':
		return ';', true
	case '؟':
		return '?', true
	case '۔': // Arabic full stop (Urdu)
		return '.', true
	case '٫': // Arabic decimal separator
		return '.', true
	case '٬': // Arabic thousands separator
		return ',', true
	case '٪':
		return '%', true
	case 'ـ', 0xFE73: // tatweel, and the tail fragment of old encodings
		return -1, true
	}
	if arMark(r) || unicode.Is(unicode.Cf, r) {
		return -1, true // harakat, Quranic marks; ZWNJ, RLM, ALM, BOM
	}
	return 0, false
}

// arMark reports a combining mark of the Arabic blocks: the harakat
// (U+064B–U+065F), the superscript alef (U+0670), the honorific and Quranic
// annotation marks. None changes which word is written.
func arMark(r rune) bool {
	switch {
	case r >= 0x064B && r <= 0x065F, r == 0x0670, r >= 0x0610 && r <= 0x061A,
		r >= 0x06D6 && r <= 0x06ED, r >= 0x08D3 && r <= 0x08FF:
		return unicode.Is(unicode.Mn, r) || r == 0x06DD || r == 0x06DE || r == 0x06E9
	}
	return false
}

// arPresentation returns the compatibility decomposition (NFKC, leading
// and trailing spaces trimmed) of an Arabic presentation form: U+FB50–U+FDFF
// and U+FE70–U+FEFF. The lam-alef ligatures give lam then alef.
func arPresentation(r rune) (string, bool) {
	if r < 0xFB50 || r > 0xFEFF || r > 0xFDFF && r < 0xFE70 {
		return "", false
	}
	i := sort.Search(len(arForms), func(i int) bool { return arForms[i].hi >= r })
	if i < len(arForms) && arForms[i].lo <= r {
		return arForms[i].to, true
	}
	return "", false
}

// arWordRune reports a rune that belongs to a word: a letter or a digit,
// and the marks, tatweel and joiners written inside Arabic words.
func arWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r|0x20 && r|0x20 <= 'z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || arMark(r) || r == 0x200C || r == 0x200D ||
		unicode.Is(unicode.Mn, r)
}

// arDigitRune reports a digit of any of the three digit sets.
func arDigitRune(r rune) bool {
	return '0' <= r && r <= '9' || r >= 0x0660 && r <= 0x0669 || r >= 0x06F0 && r <= 0x06F9
}

// arToken is a word, a number or a mark of an Arabic text.
type arToken struct {
	start, end int    // bytes in the text tokenised
	key        string // arFold of the token
	word       bool   // letters or digits
	digits     bool   // ASCII digits only in key (any of the digit sets in the text)
}

// arTokens splits s into words, numbers and single marks, skipping white
// space. A number is a token apart from letters glued to it ("2020م" is
// "2020" and "م"), so that dates and figures read alike however they are
// written. A token whose fold is empty (a lone tatweel or mark) is dropped.
func arTokens(s string) []arToken {
	toks := make([]arToken, 0, len(s)/8+1)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) || r == 0 {
			i += n
			continue
		}
		if !arWordRune(r) {
			key := arFold(s[i : i+n])
			if key != "" {
				toks = append(toks, arToken{start: i, end: i + n, key: key})
			}
			i += n
			continue
		}
		digit := arDigitRune(r)
		j := i + n
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !arWordRune(r) || arDigitRune(r) != digit && !arMark(r) && r != 'ـ' && r != 0x200C && r != 0x200D {
				break
			}
			j += n
		}
		key := arFold(s[i:j])
		if key == "" {
			i = j
			continue
		}
		toks = append(toks, arToken{start: i, end: j, key: key, word: true, digits: digit && isASCIIDigits(key)})
		i = j
	}
	return toks
}

func isASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// arProclitics are the clitics Arabic writes joined to the next word, as
// folded keys, longest first: a conjunction (و "and", ف "so"), a
// preposition (ب "in, by", ل "to, for", ك "like"), the two together, and
// "لل" (ل + ال, the article's alef dropped).
var arProclitics = []string{"ول", "فل", "وب", "فب", "وك", "فك", "و", "ف", "ب", "ل", "ك"}

// arStems returns the readings of a folded word for matching, the word as
// written first: then without its proclitics, keeping the article ("بالرقه"
// → "الرقه", "للجيش" → "الجيش"), then without the article ("الرقه" →
// "رقه"). What is left must keep two letters at least, so that short words
// are not read down to nothing. Callers try the readings in order, so a
// word that only looks like a clitic and a stem ("بلده", "لبنان") is found
// whole first.
func arStems(key string) []string { return arAppendStems(nil, key) }

// arAppendStems appends the readings of arStems to dst, so that a caller
// reading many words can keep them in one slice.
func arAppendStems(dst []string, key string) []string {
	if key == "" {
		return dst
	}
	first := len(dst)
	out := append(dst, key)
	add := func(s string) {
		if utf8.RuneCountInString(s) >= 2 && !slices.Contains(out[first:], s) {
			out = append(out, s)
		}
	}
	for _, p := range arProclitics {
		rest, ok := strings.CutPrefix(key, p)
		if !ok {
			continue
		}
		// "لل" + stem: the preposition before the article, whose alef is
		// not written ("للجيش" = "ل" + "الجيش").
		if strings.HasSuffix(p, "ل") {
			if stem, ok := strings.CutPrefix(rest, "ل"); ok && !strings.HasPrefix(rest, "ال") {
				add("ال" + stem)
			}
		}
		add(rest)
	}
	for k, n := first, len(out); k < n; k++ {
		if stem, ok := strings.CutPrefix(out[k], "ال"); ok {
			add(stem)
		}
	}
	return out
}

// arForms maps the Arabic presentation forms to their compatibility
// decompositions, as runs of code points with one decomposition; made from
// the Unicode Character Database (NFKC of each code point of U+FB50–U+FDFF
// and U+FE70–U+FEFF, spaces at the ends trimmed).
var arForms = []struct {
	lo, hi rune
	to     string
}{
	{0xFB50, 0xFB51, "\u0671"}, {0xFB52, 0xFB55, "\u067B"}, {0xFB56, 0xFB59, "\u067E"},
	{0xFB5A, 0xFB5D, "\u0680"}, {0xFB5E, 0xFB61, "\u067A"}, {0xFB62, 0xFB65, "\u067F"},
	{0xFB66, 0xFB69, "\u0679"}, {0xFB6A, 0xFB6D, "\u06A4"}, {0xFB6E, 0xFB71, "\u06A6"},
	{0xFB72, 0xFB75, "\u0684"}, {0xFB76, 0xFB79, "\u0683"}, {0xFB7A, 0xFB7D, "\u0686"},
	{0xFB7E, 0xFB81, "\u0687"}, {0xFB82, 0xFB83, "\u068D"}, {0xFB84, 0xFB85, "\u068C"},
	{0xFB86, 0xFB87, "\u068E"}, {0xFB88, 0xFB89, "\u0688"}, {0xFB8A, 0xFB8B, "\u0698"},
	{0xFB8C, 0xFB8D, "\u0691"}, {0xFB8E, 0xFB91, "\u06A9"}, {0xFB92, 0xFB95, "\u06AF"},
	{0xFB96, 0xFB99, "\u06B3"}, {0xFB9A, 0xFB9D, "\u06B1"}, {0xFB9E, 0xFB9F, "\u06BA"},
	{0xFBA0, 0xFBA3, "\u06BB"}, {0xFBA4, 0xFBA5, "\u06C0"}, {0xFBA6, 0xFBA9, "\u06C1"},
	{0xFBAA, 0xFBAD, "\u06BE"}, {0xFBAE, 0xFBAF, "\u06D2"}, {0xFBB0, 0xFBB1, "\u06D3"},
	{0xFBD3, 0xFBD6, "\u06AD"}, {0xFBD7, 0xFBD8, "\u06C7"}, {0xFBD9, 0xFBDA, "\u06C6"},
	{0xFBDB, 0xFBDC, "\u06C8"}, {0xFBDD, 0xFBDD, "\u06C7\u0674"}, {0xFBDE, 0xFBDF, "\u06CB"},
	{0xFBE0, 0xFBE1, "\u06C5"}, {0xFBE2, 0xFBE3, "\u06C9"}, {0xFBE4, 0xFBE7, "\u06D0"},
	{0xFBE8, 0xFBE9, "\u0649"}, {0xFBEA, 0xFBEB, "\u0626\u0627"}, {0xFBEC, 0xFBED, "\u0626\u06D5"},
	{0xFBEE, 0xFBEF, "\u0626\u0648"}, {0xFBF0, 0xFBF1, "\u0626\u06C7"}, {0xFBF2, 0xFBF3, "\u0626\u06C6"},
	{0xFBF4, 0xFBF5, "\u0626\u06C8"}, {0xFBF6, 0xFBF8, "\u0626\u06D0"}, {0xFBF9, 0xFBFB, "\u0626\u0649"},
	{0xFBFC, 0xFBFF, "\u06CC"}, {0xFC00, 0xFC00, "\u0626\u062C"}, {0xFC01, 0xFC01, "\u0626\u062D"},
	{0xFC02, 0xFC02, "\u0626\u0645"}, {0xFC03, 0xFC03, "\u0626\u0649"}, {0xFC04, 0xFC04, "\u0626\u064A"},
	{0xFC05, 0xFC05, "\u0628\u062C"}, {0xFC06, 0xFC06, "\u0628\u062D"}, {0xFC07, 0xFC07, "\u0628\u062E"},
	{0xFC08, 0xFC08, "\u0628\u0645"}, {0xFC09, 0xFC09, "\u0628\u0649"}, {0xFC0A, 0xFC0A, "\u0628\u064A"},
	{0xFC0B, 0xFC0B, "\u062A\u062C"}, {0xFC0C, 0xFC0C, "\u062A\u062D"}, {0xFC0D, 0xFC0D, "\u062A\u062E"},
	{0xFC0E, 0xFC0E, "\u062A\u0645"}, {0xFC0F, 0xFC0F, "\u062A\u0649"}, {0xFC10, 0xFC10, "\u062A\u064A"},
	{0xFC11, 0xFC11, "\u062B\u062C"}, {0xFC12, 0xFC12, "\u062B\u0645"}, {0xFC13, 0xFC13, "\u062B\u0649"},
	{0xFC14, 0xFC14, "\u062B\u064A"}, {0xFC15, 0xFC15, "\u062C\u062D"}, {0xFC16, 0xFC16, "\u062C\u0645"},
	{0xFC17, 0xFC17, "\u062D\u062C"}, {0xFC18, 0xFC18, "\u062D\u0645"}, {0xFC19, 0xFC19, "\u062E\u062C"},
	{0xFC1A, 0xFC1A, "\u062E\u062D"}, {0xFC1B, 0xFC1B, "\u062E\u0645"}, {0xFC1C, 0xFC1C, "\u0633\u062C"},
	{0xFC1D, 0xFC1D, "\u0633\u062D"}, {0xFC1E, 0xFC1E, "\u0633\u062E"}, {0xFC1F, 0xFC1F, "\u0633\u0645"},
	{0xFC20, 0xFC20, "\u0635\u062D"}, {0xFC21, 0xFC21, "\u0635\u0645"}, {0xFC22, 0xFC22, "\u0636\u062C"},
	{0xFC23, 0xFC23, "\u0636\u062D"}, {0xFC24, 0xFC24, "\u0636\u062E"}, {0xFC25, 0xFC25, "\u0636\u0645"},
	{0xFC26, 0xFC26, "\u0637\u062D"}, {0xFC27, 0xFC27, "\u0637\u0645"}, {0xFC28, 0xFC28, "\u0638\u0645"},
	{0xFC29, 0xFC29, "\u0639\u062C"}, {0xFC2A, 0xFC2A, "\u0639\u0645"}, {0xFC2B, 0xFC2B, "\u063A\u062C"},
	{0xFC2C, 0xFC2C, "\u063A\u0645"}, {0xFC2D, 0xFC2D, "\u0641\u062C"}, {0xFC2E, 0xFC2E, "\u0641\u062D"},
	{0xFC2F, 0xFC2F, "\u0641\u062E"}, {0xFC30, 0xFC30, "\u0641\u0645"}, {0xFC31, 0xFC31, "\u0641\u0649"},
	{0xFC32, 0xFC32, "\u0641\u064A"}, {0xFC33, 0xFC33, "\u0642\u062D"}, {0xFC34, 0xFC34, "\u0642\u0645"},
	{0xFC35, 0xFC35, "\u0642\u0649"}, {0xFC36, 0xFC36, "\u0642\u064A"}, {0xFC37, 0xFC37, "\u0643\u0627"},
	{0xFC38, 0xFC38, "\u0643\u062C"}, {0xFC39, 0xFC39, "\u0643\u062D"}, {0xFC3A, 0xFC3A, "\u0643\u062E"},
	{0xFC3B, 0xFC3B, "\u0643\u0644"}, {0xFC3C, 0xFC3C, "\u0643\u0645"}, {0xFC3D, 0xFC3D, "\u0643\u0649"},
	{0xFC3E, 0xFC3E, "\u0643\u064A"}, {0xFC3F, 0xFC3F, "\u0644\u062C"}, {0xFC40, 0xFC40, "\u0644\u062D"},
	{0xFC41, 0xFC41, "\u0644\u062E"}, {0xFC42, 0xFC42, "\u0644\u0645"}, {0xFC43, 0xFC43, "\u0644\u0649"},
	{0xFC44, 0xFC44, "\u0644\u064A"}, {0xFC45, 0xFC45, "\u0645\u062C"}, {0xFC46, 0xFC46, "\u0645\u062D"},
	{0xFC47, 0xFC47, "\u0645\u062E"}, {0xFC48, 0xFC48, "\u0645\u0645"}, {0xFC49, 0xFC49, "\u0645\u0649"},
	{0xFC4A, 0xFC4A, "\u0645\u064A"}, {0xFC4B, 0xFC4B, "\u0646\u062C"}, {0xFC4C, 0xFC4C, "\u0646\u062D"},
	{0xFC4D, 0xFC4D, "\u0646\u062E"}, {0xFC4E, 0xFC4E, "\u0646\u0645"}, {0xFC4F, 0xFC4F, "\u0646\u0649"},
	{0xFC50, 0xFC50, "\u0646\u064A"}, {0xFC51, 0xFC51, "\u0647\u062C"}, {0xFC52, 0xFC52, "\u0647\u0645"},
	{0xFC53, 0xFC53, "\u0647\u0649"}, {0xFC54, 0xFC54, "\u0647\u064A"}, {0xFC55, 0xFC55, "\u064A\u062C"},
	{0xFC56, 0xFC56, "\u064A\u062D"}, {0xFC57, 0xFC57, "\u064A\u062E"}, {0xFC58, 0xFC58, "\u064A\u0645"},
	{0xFC59, 0xFC59, "\u064A\u0649"}, {0xFC5A, 0xFC5A, "\u064A\u064A"}, {0xFC5B, 0xFC5B, "\u0630\u0670"},
	{0xFC5C, 0xFC5C, "\u0631\u0670"}, {0xFC5D, 0xFC5D, "\u0649\u0670"}, {0xFC5E, 0xFC5E, "\u064C\u0651"},
	{0xFC5F, 0xFC5F, "\u064D\u0651"}, {0xFC60, 0xFC60, "\u064E\u0651"}, {0xFC61, 0xFC61, "\u064F\u0651"},
	{0xFC62, 0xFC62, "\u0650\u0651"}, {0xFC63, 0xFC63, "\u0651\u0670"}, {0xFC64, 0xFC64, "\u0626\u0631"},
	{0xFC65, 0xFC65, "\u0626\u0632"}, {0xFC66, 0xFC66, "\u0626\u0645"}, {0xFC67, 0xFC67, "\u0626\u0646"},
	{0xFC68, 0xFC68, "\u0626\u0649"}, {0xFC69, 0xFC69, "\u0626\u064A"}, {0xFC6A, 0xFC6A, "\u0628\u0631"},
	{0xFC6B, 0xFC6B, "\u0628\u0632"}, {0xFC6C, 0xFC6C, "\u0628\u0645"}, {0xFC6D, 0xFC6D, "\u0628\u0646"},
	{0xFC6E, 0xFC6E, "\u0628\u0649"}, {0xFC6F, 0xFC6F, "\u0628\u064A"}, {0xFC70, 0xFC70, "\u062A\u0631"},
	{0xFC71, 0xFC71, "\u062A\u0632"}, {0xFC72, 0xFC72, "\u062A\u0645"}, {0xFC73, 0xFC73, "\u062A\u0646"},
	{0xFC74, 0xFC74, "\u062A\u0649"}, {0xFC75, 0xFC75, "\u062A\u064A"}, {0xFC76, 0xFC76, "\u062B\u0631"},
	{0xFC77, 0xFC77, "\u062B\u0632"}, {0xFC78, 0xFC78, "\u062B\u0645"}, {0xFC79, 0xFC79, "\u062B\u0646"},
	{0xFC7A, 0xFC7A, "\u062B\u0649"}, {0xFC7B, 0xFC7B, "\u062B\u064A"}, {0xFC7C, 0xFC7C, "\u0641\u0649"},
	{0xFC7D, 0xFC7D, "\u0641\u064A"}, {0xFC7E, 0xFC7E, "\u0642\u0649"}, {0xFC7F, 0xFC7F, "\u0642\u064A"},
	{0xFC80, 0xFC80, "\u0643\u0627"}, {0xFC81, 0xFC81, "\u0643\u0644"}, {0xFC82, 0xFC82, "\u0643\u0645"},
	{0xFC83, 0xFC83, "\u0643\u0649"}, {0xFC84, 0xFC84, "\u0643\u064A"}, {0xFC85, 0xFC85, "\u0644\u0645"},
	{0xFC86, 0xFC86, "\u0644\u0649"}, {0xFC87, 0xFC87, "\u0644\u064A"}, {0xFC88, 0xFC88, "\u0645\u0627"},
	{0xFC89, 0xFC89, "\u0645\u0645"}, {0xFC8A, 0xFC8A, "\u0646\u0631"}, {0xFC8B, 0xFC8B, "\u0646\u0632"},
	{0xFC8C, 0xFC8C, "\u0646\u0645"}, {0xFC8D, 0xFC8D, "\u0646\u0646"}, {0xFC8E, 0xFC8E, "\u0646\u0649"},
	{0xFC8F, 0xFC8F, "\u0646\u064A"}, {0xFC90, 0xFC90, "\u0649\u0670"}, {0xFC91, 0xFC91, "\u064A\u0631"},
	{0xFC92, 0xFC92, "\u064A\u0632"}, {0xFC93, 0xFC93, "\u064A\u0645"}, {0xFC94, 0xFC94, "\u064A\u0646"},
	{0xFC95, 0xFC95, "\u064A\u0649"}, {0xFC96, 0xFC96, "\u064A\u064A"}, {0xFC97, 0xFC97, "\u0626\u062C"},
	{0xFC98, 0xFC98, "\u0626\u062D"}, {0xFC99, 0xFC99, "\u0626\u062E"}, {0xFC9A, 0xFC9A, "\u0626\u0645"},
	{0xFC9B, 0xFC9B, "\u0626\u0647"}, {0xFC9C, 0xFC9C, "\u0628\u062C"}, {0xFC9D, 0xFC9D, "\u0628\u062D"},
	{0xFC9E, 0xFC9E, "\u0628\u062E"}, {0xFC9F, 0xFC9F, "\u0628\u0645"}, {0xFCA0, 0xFCA0, "\u0628\u0647"},
	{0xFCA1, 0xFCA1, "\u062A\u062C"}, {0xFCA2, 0xFCA2, "\u062A\u062D"}, {0xFCA3, 0xFCA3, "\u062A\u062E"},
	{0xFCA4, 0xFCA4, "\u062A\u0645"}, {0xFCA5, 0xFCA5, "\u062A\u0647"}, {0xFCA6, 0xFCA6, "\u062B\u0645"},
	{0xFCA7, 0xFCA7, "\u062C\u062D"}, {0xFCA8, 0xFCA8, "\u062C\u0645"}, {0xFCA9, 0xFCA9, "\u062D\u062C"},
	{0xFCAA, 0xFCAA, "\u062D\u0645"}, {0xFCAB, 0xFCAB, "\u062E\u062C"}, {0xFCAC, 0xFCAC, "\u062E\u0645"},
	{0xFCAD, 0xFCAD, "\u0633\u062C"}, {0xFCAE, 0xFCAE, "\u0633\u062D"}, {0xFCAF, 0xFCAF, "\u0633\u062E"},
	{0xFCB0, 0xFCB0, "\u0633\u0645"}, {0xFCB1, 0xFCB1, "\u0635\u062D"}, {0xFCB2, 0xFCB2, "\u0635\u062E"},
	{0xFCB3, 0xFCB3, "\u0635\u0645"}, {0xFCB4, 0xFCB4, "\u0636\u062C"}, {0xFCB5, 0xFCB5, "\u0636\u062D"},
	{0xFCB6, 0xFCB6, "\u0636\u062E"}, {0xFCB7, 0xFCB7, "\u0636\u0645"}, {0xFCB8, 0xFCB8, "\u0637\u062D"},
	{0xFCB9, 0xFCB9, "\u0638\u0645"}, {0xFCBA, 0xFCBA, "\u0639\u062C"}, {0xFCBB, 0xFCBB, "\u0639\u0645"},
	{0xFCBC, 0xFCBC, "\u063A\u062C"}, {0xFCBD, 0xFCBD, "\u063A\u0645"}, {0xFCBE, 0xFCBE, "\u0641\u062C"},
	{0xFCBF, 0xFCBF, "\u0641\u062D"}, {0xFCC0, 0xFCC0, "\u0641\u062E"}, {0xFCC1, 0xFCC1, "\u0641\u0645"},
	{0xFCC2, 0xFCC2, "\u0642\u062D"}, {0xFCC3, 0xFCC3, "\u0642\u0645"}, {0xFCC4, 0xFCC4, "\u0643\u062C"},
	{0xFCC5, 0xFCC5, "\u0643\u062D"}, {0xFCC6, 0xFCC6, "\u0643\u062E"}, {0xFCC7, 0xFCC7, "\u0643\u0644"},
	{0xFCC8, 0xFCC8, "\u0643\u0645"}, {0xFCC9, 0xFCC9, "\u0644\u062C"}, {0xFCCA, 0xFCCA, "\u0644\u062D"},
	{0xFCCB, 0xFCCB, "\u0644\u062E"}, {0xFCCC, 0xFCCC, "\u0644\u0645"}, {0xFCCD, 0xFCCD, "\u0644\u0647"},
	{0xFCCE, 0xFCCE, "\u0645\u062C"}, {0xFCCF, 0xFCCF, "\u0645\u062D"}, {0xFCD0, 0xFCD0, "\u0645\u062E"},
	{0xFCD1, 0xFCD1, "\u0645\u0645"}, {0xFCD2, 0xFCD2, "\u0646\u062C"}, {0xFCD3, 0xFCD3, "\u0646\u062D"},
	{0xFCD4, 0xFCD4, "\u0646\u062E"}, {0xFCD5, 0xFCD5, "\u0646\u0645"}, {0xFCD6, 0xFCD6, "\u0646\u0647"},
	{0xFCD7, 0xFCD7, "\u0647\u062C"}, {0xFCD8, 0xFCD8, "\u0647\u0645"}, {0xFCD9, 0xFCD9, "\u0647\u0670"},
	{0xFCDA, 0xFCDA, "\u064A\u062C"}, {0xFCDB, 0xFCDB, "\u064A\u062D"}, {0xFCDC, 0xFCDC, "\u064A\u062E"},
	{0xFCDD, 0xFCDD, "\u064A\u0645"}, {0xFCDE, 0xFCDE, "\u064A\u0647"}, {0xFCDF, 0xFCDF, "\u0626\u0645"},
	{0xFCE0, 0xFCE0, "\u0626\u0647"}, {0xFCE1, 0xFCE1, "\u0628\u0645"}, {0xFCE2, 0xFCE2, "\u0628\u0647"},
	{0xFCE3, 0xFCE3, "\u062A\u0645"}, {0xFCE4, 0xFCE4, "\u062A\u0647"}, {0xFCE5, 0xFCE5, "\u062B\u0645"},
	{0xFCE6, 0xFCE6, "\u062B\u0647"}, {0xFCE7, 0xFCE7, "\u0633\u0645"}, {0xFCE8, 0xFCE8, "\u0633\u0647"},
	{0xFCE9, 0xFCE9, "\u0634\u0645"}, {0xFCEA, 0xFCEA, "\u0634\u0647"}, {0xFCEB, 0xFCEB, "\u0643\u0644"},
	{0xFCEC, 0xFCEC, "\u0643\u0645"}, {0xFCED, 0xFCED, "\u0644\u0645"}, {0xFCEE, 0xFCEE, "\u0646\u0645"},
	{0xFCEF, 0xFCEF, "\u0646\u0647"}, {0xFCF0, 0xFCF0, "\u064A\u0645"}, {0xFCF1, 0xFCF1, "\u064A\u0647"},
	{0xFCF2, 0xFCF2, "\u0640\u064E\u0651"}, {0xFCF3, 0xFCF3, "\u0640\u064F\u0651"}, {0xFCF4, 0xFCF4, "\u0640\u0650\u0651"},
	{0xFCF5, 0xFCF5, "\u0637\u0649"}, {0xFCF6, 0xFCF6, "\u0637\u064A"}, {0xFCF7, 0xFCF7, "\u0639\u0649"},
	{0xFCF8, 0xFCF8, "\u0639\u064A"}, {0xFCF9, 0xFCF9, "\u063A\u0649"}, {0xFCFA, 0xFCFA, "\u063A\u064A"},
	{0xFCFB, 0xFCFB, "\u0633\u0649"}, {0xFCFC, 0xFCFC, "\u0633\u064A"}, {0xFCFD, 0xFCFD, "\u0634\u0649"},
	{0xFCFE, 0xFCFE, "\u0634\u064A"}, {0xFCFF, 0xFCFF, "\u062D\u0649"}, {0xFD00, 0xFD00, "\u062D\u064A"},
	{0xFD01, 0xFD01, "\u062C\u0649"}, {0xFD02, 0xFD02, "\u062C\u064A"}, {0xFD03, 0xFD03, "\u062E\u0649"},
	{0xFD04, 0xFD04, "\u062E\u064A"}, {0xFD05, 0xFD05, "\u0635\u0649"}, {0xFD06, 0xFD06, "\u0635\u064A"},
	{0xFD07, 0xFD07, "\u0636\u0649"}, {0xFD08, 0xFD08, "\u0636\u064A"}, {0xFD09, 0xFD09, "\u0634\u062C"},
	{0xFD0A, 0xFD0A, "\u0634\u062D"}, {0xFD0B, 0xFD0B, "\u0634\u062E"}, {0xFD0C, 0xFD0C, "\u0634\u0645"},
	{0xFD0D, 0xFD0D, "\u0634\u0631"}, {0xFD0E, 0xFD0E, "\u0633\u0631"}, {0xFD0F, 0xFD0F, "\u0635\u0631"},
	{0xFD10, 0xFD10, "\u0636\u0631"}, {0xFD11, 0xFD11, "\u0637\u0649"}, {0xFD12, 0xFD12, "\u0637\u064A"},
	{0xFD13, 0xFD13, "\u0639\u0649"}, {0xFD14, 0xFD14, "\u0639\u064A"}, {0xFD15, 0xFD15, "\u063A\u0649"},
	{0xFD16, 0xFD16, "\u063A\u064A"}, {0xFD17, 0xFD17, "\u0633\u0649"}, {0xFD18, 0xFD18, "\u0633\u064A"},
	{0xFD19, 0xFD19, "\u0634\u0649"}, {0xFD1A, 0xFD1A, "\u0634\u064A"}, {0xFD1B, 0xFD1B, "\u062D\u0649"},
	{0xFD1C, 0xFD1C, "\u062D\u064A"}, {0xFD1D, 0xFD1D, "\u062C\u0649"}, {0xFD1E, 0xFD1E, "\u062C\u064A"},
	{0xFD1F, 0xFD1F, "\u062E\u0649"}, {0xFD20, 0xFD20, "\u062E\u064A"}, {0xFD21, 0xFD21, "\u0635\u0649"},
	{0xFD22, 0xFD22, "\u0635\u064A"}, {0xFD23, 0xFD23, "\u0636\u0649"}, {0xFD24, 0xFD24, "\u0636\u064A"},
	{0xFD25, 0xFD25, "\u0634\u062C"}, {0xFD26, 0xFD26, "\u0634\u062D"}, {0xFD27, 0xFD27, "\u0634\u062E"},
	{0xFD28, 0xFD28, "\u0634\u0645"}, {0xFD29, 0xFD29, "\u0634\u0631"}, {0xFD2A, 0xFD2A, "\u0633\u0631"},
	{0xFD2B, 0xFD2B, "\u0635\u0631"}, {0xFD2C, 0xFD2C, "\u0636\u0631"}, {0xFD2D, 0xFD2D, "\u0634\u062C"},
	{0xFD2E, 0xFD2E, "\u0634\u062D"}, {0xFD2F, 0xFD2F, "\u0634\u062E"}, {0xFD30, 0xFD30, "\u0634\u0645"},
	{0xFD31, 0xFD31, "\u0633\u0647"}, {0xFD32, 0xFD32, "\u0634\u0647"}, {0xFD33, 0xFD33, "\u0637\u0645"},
	{0xFD34, 0xFD34, "\u0633\u062C"}, {0xFD35, 0xFD35, "\u0633\u062D"}, {0xFD36, 0xFD36, "\u0633\u062E"},
	{0xFD37, 0xFD37, "\u0634\u062C"}, {0xFD38, 0xFD38, "\u0634\u062D"}, {0xFD39, 0xFD39, "\u0634\u062E"},
	{0xFD3A, 0xFD3A, "\u0637\u0645"}, {0xFD3B, 0xFD3B, "\u0638\u0645"}, {0xFD3C, 0xFD3D, "\u0627\u064B"},
	{0xFD50, 0xFD50, "\u062A\u062C\u0645"}, {0xFD51, 0xFD52, "\u062A\u062D\u062C"}, {0xFD53, 0xFD53, "\u062A\u062D\u0645"},
	{0xFD54, 0xFD54, "\u062A\u062E\u0645"}, {0xFD55, 0xFD55, "\u062A\u0645\u062C"}, {0xFD56, 0xFD56, "\u062A\u0645\u062D"},
	{0xFD57, 0xFD57, "\u062A\u0645\u062E"}, {0xFD58, 0xFD59, "\u062C\u0645\u062D"}, {0xFD5A, 0xFD5A, "\u062D\u0645\u064A"},
	{0xFD5B, 0xFD5B, "\u062D\u0645\u0649"}, {0xFD5C, 0xFD5C, "\u0633\u062D\u062C"}, {0xFD5D, 0xFD5D, "\u0633\u062C\u062D"},
	{0xFD5E, 0xFD5E, "\u0633\u062C\u0649"}, {0xFD5F, 0xFD60, "\u0633\u0645\u062D"}, {0xFD61, 0xFD61, "\u0633\u0645\u062C"},
	{0xFD62, 0xFD63, "\u0633\u0645\u0645"}, {0xFD64, 0xFD65, "\u0635\u062D\u062D"}, {0xFD66, 0xFD66, "\u0635\u0645\u0645"},
	{0xFD67, 0xFD68, "\u0634\u062D\u0645"}, {0xFD69, 0xFD69, "\u0634\u062C\u064A"}, {0xFD6A, 0xFD6B, "\u0634\u0645\u062E"},
	{0xFD6C, 0xFD6D, "\u0634\u0645\u0645"}, {0xFD6E, 0xFD6E, "\u0636\u062D\u0649"}, {0xFD6F, 0xFD70, "\u0636\u062E\u0645"},
	{0xFD71, 0xFD72, "\u0637\u0645\u062D"}, {0xFD73, 0xFD73, "\u0637\u0645\u0645"}, {0xFD74, 0xFD74, "\u0637\u0645\u064A"},
	{0xFD75, 0xFD75, "\u0639\u062C\u0645"}, {0xFD76, 0xFD77, "\u0639\u0645\u0645"}, {0xFD78, 0xFD78, "\u0639\u0645\u0649"},
	{0xFD79, 0xFD79, "\u063A\u0645\u0645"}, {0xFD7A, 0xFD7A, "\u063A\u0645\u064A"}, {0xFD7B, 0xFD7B, "\u063A\u0645\u0649"},
	{0xFD7C, 0xFD7D, "\u0641\u062E\u0645"}, {0xFD7E, 0xFD7E, "\u0642\u0645\u062D"}, {0xFD7F, 0xFD7F, "\u0642\u0645\u0645"},
	{0xFD80, 0xFD80, "\u0644\u062D\u0645"}, {0xFD81, 0xFD81, "\u0644\u062D\u064A"}, {0xFD82, 0xFD82, "\u0644\u062D\u0649"},
	{0xFD83, 0xFD84, "\u0644\u062C\u062C"}, {0xFD85, 0xFD86, "\u0644\u062E\u0645"}, {0xFD87, 0xFD88, "\u0644\u0645\u062D"},
	{0xFD89, 0xFD89, "\u0645\u062D\u062C"}, {0xFD8A, 0xFD8A, "\u0645\u062D\u0645"}, {0xFD8B, 0xFD8B, "\u0645\u062D\u064A"},
	{0xFD8C, 0xFD8C, "\u0645\u062C\u062D"}, {0xFD8D, 0xFD8D, "\u0645\u062C\u0645"}, {0xFD8E, 0xFD8E, "\u0645\u062E\u062C"},
	{0xFD8F, 0xFD8F, "\u0645\u062E\u0645"}, {0xFD92, 0xFD92, "\u0645\u062C\u062E"}, {0xFD93, 0xFD93, "\u0647\u0645\u062C"},
	{0xFD94, 0xFD94, "\u0647\u0645\u0645"}, {0xFD95, 0xFD95, "\u0646\u062D\u0645"}, {0xFD96, 0xFD96, "\u0646\u062D\u0649"},
	{0xFD97, 0xFD98, "\u0646\u062C\u0645"}, {0xFD99, 0xFD99, "\u0646\u062C\u0649"}, {0xFD9A, 0xFD9A, "\u0646\u0645\u064A"},
	{0xFD9B, 0xFD9B, "\u0646\u0645\u0649"}, {0xFD9C, 0xFD9D, "\u064A\u0645\u0645"}, {0xFD9E, 0xFD9E, "\u0628\u062E\u064A"},
	{0xFD9F, 0xFD9F, "\u062A\u062C\u064A"}, {0xFDA0, 0xFDA0, "\u062A\u062C\u0649"}, {0xFDA1, 0xFDA1, "\u062A\u062E\u064A"},
	{0xFDA2, 0xFDA2, "\u062A\u062E\u0649"}, {0xFDA3, 0xFDA3, "\u062A\u0645\u064A"}, {0xFDA4, 0xFDA4, "\u062A\u0645\u0649"},
	{0xFDA5, 0xFDA5, "\u062C\u0645\u064A"}, {0xFDA6, 0xFDA6, "\u062C\u062D\u0649"}, {0xFDA7, 0xFDA7, "\u062C\u0645\u0649"},
	{0xFDA8, 0xFDA8, "\u0633\u062E\u0649"}, {0xFDA9, 0xFDA9, "\u0635\u062D\u064A"}, {0xFDAA, 0xFDAA, "\u0634\u062D\u064A"},
	{0xFDAB, 0xFDAB, "\u0636\u062D\u064A"}, {0xFDAC, 0xFDAC, "\u0644\u062C\u064A"}, {0xFDAD, 0xFDAD, "\u0644\u0645\u064A"},
	{0xFDAE, 0xFDAE, "\u064A\u062D\u064A"}, {0xFDAF, 0xFDAF, "\u064A\u062C\u064A"}, {0xFDB0, 0xFDB0, "\u064A\u0645\u064A"},
	{0xFDB1, 0xFDB1, "\u0645\u0645\u064A"}, {0xFDB2, 0xFDB2, "\u0642\u0645\u064A"}, {0xFDB3, 0xFDB3, "\u0646\u062D\u064A"},
	{0xFDB4, 0xFDB4, "\u0642\u0645\u062D"}, {0xFDB5, 0xFDB5, "\u0644\u062D\u0645"}, {0xFDB6, 0xFDB6, "\u0639\u0645\u064A"},
	{0xFDB7, 0xFDB7, "\u0643\u0645\u064A"}, {0xFDB8, 0xFDB8, "\u0646\u062C\u062D"}, {0xFDB9, 0xFDB9, "\u0645\u062E\u064A"},
	{0xFDBA, 0xFDBA, "\u0644\u062C\u0645"}, {0xFDBB, 0xFDBB, "\u0643\u0645\u0645"}, {0xFDBC, 0xFDBC, "\u0644\u062C\u0645"},
	{0xFDBD, 0xFDBD, "\u0646\u062C\u062D"}, {0xFDBE, 0xFDBE, "\u062C\u062D\u064A"}, {0xFDBF, 0xFDBF, "\u062D\u062C\u064A"},
	{0xFDC0, 0xFDC0, "\u0645\u062C\u064A"}, {0xFDC1, 0xFDC1, "\u0641\u0645\u064A"}, {0xFDC2, 0xFDC2, "\u0628\u062D\u064A"},
	{0xFDC3, 0xFDC3, "\u0643\u0645\u0645"}, {0xFDC4, 0xFDC4, "\u0639\u062C\u0645"}, {0xFDC5, 0xFDC5, "\u0635\u0645\u0645"},
	{0xFDC6, 0xFDC6, "\u0633\u062E\u064A"}, {0xFDC7, 0xFDC7, "\u0646\u062C\u064A"}, {0xFDF0, 0xFDF0, "\u0635\u0644\u06D2"},
	{0xFDF1, 0xFDF1, "\u0642\u0644\u06D2"}, {0xFDF2, 0xFDF2, "\u0627\u0644\u0644\u0647"}, {0xFDF3, 0xFDF3, "\u0627\u0643\u0628\u0631"},
	{0xFDF4, 0xFDF4, "\u0645\u062D\u0645\u062F"}, {0xFDF5, 0xFDF5, "\u0635\u0644\u0639\u0645"}, {0xFDF6, 0xFDF6, "\u0631\u0633\u0648\u0644"},
	{0xFDF7, 0xFDF7, "\u0639\u0644\u064A\u0647"}, {0xFDF8, 0xFDF8, "\u0648\u0633\u0644\u0645"}, {0xFDF9, 0xFDF9, "\u0635\u0644\u0649"},
	{0xFDFA, 0xFDFA, "\u0635\u0644\u0649 \u0627\u0644\u0644\u0647 \u0639\u0644\u064A\u0647 \u0648\u0633\u0644\u0645"}, {0xFDFB, 0xFDFB, "\u062C\u0644 \u062C\u0644\u0627\u0644\u0647"}, {0xFDFC, 0xFDFC, "\u0631\u06CC\u0627\u0644"},
	{0xFE70, 0xFE70, "\u064B"}, {0xFE71, 0xFE71, "\u0640\u064B"}, {0xFE72, 0xFE72, "\u064C"},
	{0xFE74, 0xFE74, "\u064D"}, {0xFE76, 0xFE76, "\u064E"}, {0xFE77, 0xFE77, "\u0640\u064E"},
	{0xFE78, 0xFE78, "\u064F"}, {0xFE79, 0xFE79, "\u0640\u064F"}, {0xFE7A, 0xFE7A, "\u0650"},
	{0xFE7B, 0xFE7B, "\u0640\u0650"}, {0xFE7C, 0xFE7C, "\u0651"}, {0xFE7D, 0xFE7D, "\u0640\u0651"},
	{0xFE7E, 0xFE7E, "\u0652"}, {0xFE7F, 0xFE7F, "\u0640\u0652"}, {0xFE80, 0xFE80, "\u0621"},
	{0xFE81, 0xFE82, "\u0622"}, {0xFE83, 0xFE84, "\u0623"}, {0xFE85, 0xFE86, "\u0624"},
	{0xFE87, 0xFE88, "\u0625"}, {0xFE89, 0xFE8C, "\u0626"}, {0xFE8D, 0xFE8E, "\u0627"},
	{0xFE8F, 0xFE92, "\u0628"}, {0xFE93, 0xFE94, "\u0629"}, {0xFE95, 0xFE98, "\u062A"},
	{0xFE99, 0xFE9C, "\u062B"}, {0xFE9D, 0xFEA0, "\u062C"}, {0xFEA1, 0xFEA4, "\u062D"},
	{0xFEA5, 0xFEA8, "\u062E"}, {0xFEA9, 0xFEAA, "\u062F"}, {0xFEAB, 0xFEAC, "\u0630"},
	{0xFEAD, 0xFEAE, "\u0631"}, {0xFEAF, 0xFEB0, "\u0632"}, {0xFEB1, 0xFEB4, "\u0633"},
	{0xFEB5, 0xFEB8, "\u0634"}, {0xFEB9, 0xFEBC, "\u0635"}, {0xFEBD, 0xFEC0, "\u0636"},
	{0xFEC1, 0xFEC4, "\u0637"}, {0xFEC5, 0xFEC8, "\u0638"}, {0xFEC9, 0xFECC, "\u0639"},
	{0xFECD, 0xFED0, "\u063A"}, {0xFED1, 0xFED4, "\u0641"}, {0xFED5, 0xFED8, "\u0642"},
	{0xFED9, 0xFEDC, "\u0643"}, {0xFEDD, 0xFEE0, "\u0644"}, {0xFEE1, 0xFEE4, "\u0645"},
	{0xFEE5, 0xFEE8, "\u0646"}, {0xFEE9, 0xFEEC, "\u0647"}, {0xFEED, 0xFEEE, "\u0648"},
	{0xFEEF, 0xFEF0, "\u0649"}, {0xFEF1, 0xFEF4, "\u064A"}, {0xFEF5, 0xFEF6, "\u0644\u0622"},
	{0xFEF7, 0xFEF8, "\u0644\u0623"}, {0xFEF9, 0xFEFA, "\u0644\u0625"}, {0xFEFB, 0xFEFC, "\u0644\u0627"},
}
