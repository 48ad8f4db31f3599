package geocode

import (
	"unicode"
	"unicode/utf8"
)

// latinExt maps U+00C0–U+024F (Latin-1 Supplement, Latin Extended-A and -B)
// to a lower-case ASCII base letter; '_' marks runes without one (×, ÷,
// ligatures such as Ǆ). Generated once from the Unicode decompositions plus
// hand-picked bases for letters that do not decompose (ø→o, ł→l, ı→i, ə→e,
// ß→s): a table keeps the module free of golang.org/x/text.
const latinExt = "" +
	"aaaaaaaceeeeiiiidnooooo_ouuuuyts" + // U+00C0
	"aaaaaaaceeeeiiiidnooooo_ouuuuyty" + // U+00E0
	"aaaaaaccccccccddddeeeeeeeeeegggg" + // U+0100
	"gggghhhhiiiiiiiiii__jjkkkllllll_" + // U+0120
	"_llnnnnnn_nnoooooooorrrrrrssssss" + // U+0140
	"ssttttttuuuuuuuuuuuuwwyyyzzzzzzs" + // U+0160
	"bb____occdddd_eeeffg___ikkl__nno" + // U+0180
	"oooopp______tttuu_vyyzzz_______w" + // U+01A0
	"_____________aaiioouuuuuuuuuueaa" + // U+01C0
	"aa__ggggkkoooozzj___gg_wnnaa____" + // U+01E0
	"aaaaeeeeiiiioooorrrruuuussttyyhh" + // U+0200
	"n_oozzaaeeooooooooyy_______ccl_s" + // U+0220
	"z__bu_eejjqqrryy" //                   U+0240

// latinAdd does the same for U+1E00–U+1EFF (Latin Extended Additional), where
// the dotted and underlined letters of Arabic transliteration live: Ḩ ḥ ṣ ṭ ẓ.
const latinAdd = "" +
	"aabbbbbbccddddddddddeeeeeeeeeeff" + // U+1E00
	"gghhhhhhhhhhiiiikkkkkkllllllllmm" + // U+1E20
	"mmmmnnnnnnnnoooooooopppprrrrrrrr" + // U+1E40
	"ssssssssssttttttttuuuuuuuuuuvvvv" + // U+1E60
	"wwwwwwwwwwxxxxyyzzzzzzhtwy____s_" + // U+1E80
	"aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee" + // U+1EA0
	"eeeeeeeeiiiioooooooooooooooooooo" + // U+1EC0
	"oooouuuuuuuuuuuuuuyyyyyyyyllvvyy" //   U+1EE0

// runeClass says what tokenizing does with a rune after folding.
type runeClass uint8

const (
	classLetter runeClass = iota // part of a word
	classDrop                    // vanishes: apostrophes, ʿayn and hamza signs, combining marks
	classSep                     // separates words: spaces, hyphens, punctuation
)

// foldRune returns r lower-cased, with Latin diacritics removed and Arabic
// letter variants unified, and its class. Apostrophe-like signs are dropped
// rather than treated as separators because they transliterate ʿayn and
// hamza inside a word: Ma‘arrat, Ra's, Nu'man.
func foldRune(r rune) (rune, runeClass) {
	if r >= 0x80 {
		r = unicode.ToLower(r) // first, so that Å (U+212B) and K (U+212A) reach the tables
	}
	switch {
	case r < 0x80:
		return foldASCII(r)
	case r >= 0xC0 && r < 0x250:
		if c := latinExt[r-0xC0]; c != '_' {
			return rune(c), classLetter
		}
	case r >= 0x1E00 && r < 0x1F00:
		if c := latinAdd[r-0x1E00]; c != '_' {
			return rune(c), classLetter
		}
	case r >= 0x600 && r < 0x700:
		return foldArabic(r)
	}
	switch r {
	case '‘', '’', 'ʿ', 'ʾ', 'ʼ', 'ʻ', '´', '′', 'ʹ', 'ˈ', '‛':
		return 0, classDrop
	}
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Lm, r):
		return 0, classDrop
	case unicode.IsLetter(r):
		return unicode.ToLower(r), classLetter
	case unicode.IsDigit(r):
		return r, classLetter
	}
	return 0, classSep
}

// foldASCII lower-cases letters and keeps digits; ' and ` vanish.
func foldASCII(r rune) (rune, runeClass) {
	switch {
	case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		return r, classLetter
	case r >= 'A' && r <= 'Z':
		return r + ('a' - 'A'), classLetter
	case r == '\'' || r == '`':
		return 0, classDrop
	}
	return 0, classSep
}

// foldArabic unifies the spellings that vary between writers of the same
// Arabic name: hamza seats on alef (أ إ آ ٱ → ا), tāʾ marbūṭa (ة → ه),
// alef maqṣūra and Persian yeh (ى ی → ي), Persian kaf (ک → ك), hamza on
// wāw and yāʾ (ؤ → و, ئ → ي). Tashkeel, tatweel and a lone hamza vanish.
// Arabic-Indic digits become ASCII digits.
func foldArabic(r rune) (rune, runeClass) {
	switch {
	case r == 'آ' || r == 'أ' || r == 'إ' || r == 'ٱ' || r == 'ٲ' || r == 'ٳ':
		return 'ا', classLetter
	case r == 'ة':
		return 'ه', classLetter
	case r == 'ى' || r == 'ی' || r == 'ئ':
		return 'ي', classLetter
	case r == 'ک':
		return 'ك', classLetter
	case r == 'ؤ':
		return 'و', classLetter
	case r == 'ء' || r == 'ـ':
		return 0, classDrop
	case r >= '٠' && r <= '٩':
		return '0' + (r - '٠'), classLetter
	case r >= '۰' && r <= '۹':
		return '0' + (r - '۰'), classLetter
	case unicode.Is(unicode.Mn, r):
		return 0, classDrop
	case unicode.IsLetter(r):
		return r, classLetter
	}
	return 0, classSep
}

// articleWords are the Arabic definite article as transliterators write it,
// assimilated to a sun letter or not, in the a- and e- (French) forms, and
// ال written apart.
var articleWords = map[string]bool{
	"al": true, "el": true, "ar": true, "er": true, "as": true, "es": true,
	"ash": true, "esh": true, "ad": true, "ed": true, "an": true, "en": true,
	"at": true, "et": true, "az": true, "ez": true, "ath": true, "eth": true,
	"adh": true, "edh": true, "ال": true,
}

// isArticle reports whether the word w is an article, without allocating.
func isArticle(w []rune) bool {
	if len(w) > 3 {
		return false
	}
	var b [12]byte
	s := b[:0]
	for _, r := range w {
		s = utf8.AppendRune(s, r)
	}
	return articleWords[string(s)]
}

// normalize returns, in buf's storage, the folded letters of name's words,
// joined, without articles (unless nothing else is left: "Al") and without
// a word-final h after a vowel: the common first half of Key and Spelling.
func normalize(name string, buf []rune) []rune {
	rs, content := normalizeWords(name, buf[:0], true)
	if content == 0 {
		rs, _ = normalizeWords(name, rs[:0], false)
	}
	return rs
}

// normalizeWords folds name into out word by word, finishing each word as
// it ends, and counts the words kept.
func normalizeWords(name string, out []rune, dropArticles bool) ([]rune, int) {
	start, words, content := len(out), 0, 0
	for _, r := range name {
		f, class := foldRune(r)
		switch {
		case class == classLetter:
			out = append(out, f)
		case class == classSep && len(out) > start:
			var kept int
			out, kept = finishWord(out, start, words > 0, dropArticles)
			words, content, start = words+1, content+kept, len(out)
		}
	}
	if len(out) > start {
		var kept int
		out, kept = finishWord(out, start, words > 0, dropArticles)
		content += kept
	}
	return out, content
}

// finishWord edits the word out[start:] in place: an article word goes
// (when dropping them); Arabic ال goes from the front; an article fused to
// a later word before a doubled sun letter goes ("Deir Ezzor" → deir zor);
// a final h after a vowel goes (Raqqah → raqqa). It returns 1 when the word
// stays.
func finishWord(out []rune, start int, inner, dropArticles bool) ([]rune, int) {
	w := out[start:]
	if dropArticles && isArticle(w) {
		return out[:start], 0
	}
	switch {
	case len(w) >= 4 && w[0] == 'ا' && w[1] == 'ل':
		w = w[:copy(w, w[2:])]
	case inner && len(w) >= 5 && (w[0] == 'a' || w[0] == 'e') && w[1] == w[2] && isSunLetter(w[1]):
		w = w[:copy(w, w[2:])]
	}
	if n := len(w); n > 2 && w[n-1] == 'h' && isVowel(w[n-2]) {
		w = w[:n-1]
	}
	return out[:start+len(w)], 1
}

// isSunLetter reports whether the article assimilates to r in
// transliteration (ez-Zor, as-Suwayda). L is left out: "Allah" in a name is
// not an article.
func isSunLetter(r rune) bool {
	switch r {
	case 't', 'd', 'r', 'z', 's', 'n':
		return true
	}
	return false
}
