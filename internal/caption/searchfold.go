package caption

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SearchWords returns the words of s as search compares them, in order:
// lower case, Latin diacritics off (Ḩarastā → harasta), apostrophes and
// the ʿayn and hamza signs of transliterations dropped inside a word rather
// than splitting it (Ma‘arrat, Ma'arrat → maarrat; Aleppo's → aleppos),
// Arabic letter variants unified (أ إ آ → ا, ة → ه, ى → ي) and tashkeel
// dropped, Arabic-Indic digits made ASCII. Anything else that is not a
// letter or digit separates words. Words longer than maxWordBytes are left
// out, as PostgreSQL's text search leaves them out.
//
// Both stores index SearchWords of a record's text and look up
// SearchWords of a query, so that neither database's own word splitting
// (FTS5 unicode61, PostgreSQL's parser) decides what a word is.
func SearchWords(s string) []string {
	j := wordJoiner{limit: math.MaxInt}
	j.add(s)
	if j.n == 0 {
		return nil
	}
	// A word holds only letters and digits, never the joiner's space.
	return strings.Split(j.String(), " ")
}

// maxWordBytes bounds an indexed word: PostgreSQL does not index words of
// 2 KB or more, and no name is that long.
const maxWordBytes = 200

// FoldTerm returns a name folded for comparison as search compares names
// (agencies, photographers, actors, event types): its SearchWords joined by
// single spaces. "Getty Images", "getty-images" and "GETTY IMAGES" fold
// alike.
func FoldTerm(s string) string {
	j := wordJoiner{limit: math.MaxInt}
	j.add(s)
	return j.String()
}

// wordJoiner writes the SearchWords of the strings it is given (add), at
// most limit of them, joined by single spaces, into one buffer: the one
// place words are split and folded. FoldTerm and SearchText keep the
// joined string; making a string for each word, a slice of them and then
// their join was 6% of the bytes an ingest allocated.
type wordJoiner struct {
	buf   []byte
	n     int // words written
	limit int
}

// add writes the words of s; a word never runs on from one call to the
// next.
func (j *wordJoiner) add(s string) {
	if j.n >= j.limit {
		return
	}
	if j.buf == nil {
		j.buf = make([]byte, 0, len(s))
	}
	in, before, start := false, 0, 0 // in a word; len(buf) before it and where its letters start
	end := func() {
		if !in {
			return
		}
		in = false
		if len(j.buf)-start > maxWordBytes || j.n >= j.limit {
			j.buf = j.buf[:before]
			return
		}
		j.n++
	}
	for i := 0; i < len(s); {
		// ASCII, most of a caption, is folded by a table, without
		// decoding it or calling foldSearchRune for each character:
		// 109 million instructions for 10,000 captions' search text
		// instead of 154 (cachegrind, 2026-12-06).
		var f rune
		var class runeClass
		if c := s[i]; c < utf8.RuneSelf {
			a := asciiSearch[c]
			f, class = rune(a.fold), a.class
			i++
		} else {
			r, n := utf8.DecodeRuneInString(s[i:])
			f, class = foldSearchRune(r)
			i += n
		}
		switch class {
		case runeLetter:
			if !in {
				in, before = true, len(j.buf)
				if j.n > 0 {
					j.buf = append(j.buf, ' ')
				}
				start = len(j.buf)
			}
			j.buf = utf8.AppendRune(j.buf, f)
		case runeSeparator:
			end()
		}
	}
	end()
}

// asciiSearch is foldSearchRune of each ASCII character.
var asciiSearch = func() (t [utf8.RuneSelf]struct {
	fold  byte
	class runeClass
}) {
	for c := range t {
		f, class := foldSearchRune(rune(c))
		t[c].fold, t[c].class = byte(f), class
	}
	return t
}()

// String returns the words written, joined.
func (j *wordJoiner) String() string { return string(j.buf) }

// runeClass is what SearchWords does with a rune.
type runeClass uint8

const (
	runeLetter    runeClass = iota // part of a word
	runeDrop                       // vanishes inside a word: apostrophes, combining marks
	runeSeparator                  // ends a word
)

// foldSearchRune returns r folded and its class.
func foldSearchRune(r rune) (rune, runeClass) {
	switch {
	case r < 0x80:
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r, runeLetter
		case r >= 'A' && r <= 'Z':
			return r + ('a' - 'A'), runeLetter
		case r == '\'' || r == '`':
			return 0, runeDrop
		}
		return 0, runeSeparator
	case r >= 0xC0 && r < 0x250:
		if c := latinFold[r-0xC0]; c != '_' {
			return rune(c), runeLetter
		}
	case r >= 0x1E00 && r < 0x1F00:
		if c := latinAddFold[r-0x1E00]; c != '_' {
			return rune(c), runeLetter
		}
	case r >= 0x600 && r < 0x700:
		return foldArabicRune(r)
	}
	switch r {
	case '‘', '’', 'ʿ', 'ʾ', 'ʼ', 'ʻ', '´', '′', 'ʹ', 'ˈ', '‛':
		return 0, runeDrop
	}
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Lm, unicode.Cf):
		return 0, runeDrop
	case unicode.IsLetter(r):
		return unicode.ToLower(r), runeLetter
	case unicode.IsDigit(r):
		return r, runeLetter
	}
	return 0, runeSeparator
}

// foldArabicRune unifies the letters that writers of one Arabic name vary
// (hamza seats on alef, tāʾ marbūṭa, alef maqṣūra, Persian yeh and kaf,
// hamza on wāw and yāʾ); tashkeel, tatweel and a lone hamza vanish;
// Arabic-Indic digits become ASCII.
func foldArabicRune(r rune) (rune, runeClass) {
	switch {
	case r == 'آ' || r == 'أ' || r == 'إ' || r == 'ٱ' || r == 'ٲ' || r == 'ٳ':
		return 'ا', runeLetter
	case r == 'ة':
		return 'ه', runeLetter
	case r == 'ى' || r == 'ی' || r == 'ئ':
		return 'ي', runeLetter
	case r == 'ک':
		return 'ك', runeLetter
	case r == 'ؤ':
		return 'و', runeLetter
	case r == 'ء' || r == 'ـ':
		return 0, runeDrop
	case r >= '٠' && r <= '٩':
		return '0' + (r - '٠'), runeLetter
	case r >= '۰' && r <= '۹':
		return '0' + (r - '۰'), runeLetter
	case unicode.Is(unicode.Mn, r):
		return 0, runeDrop
	case unicode.IsLetter(r):
		return r, runeLetter
	}
	return 0, runeSeparator
}

// latinFold maps U+00C0–U+024F to a lower-case ASCII base letter, '_' where
// there is none (×, ÷, æ, ß, ð, þ keep their own lower case). Generated from
// the Unicode canonical decompositions, with hand-picked bases for letters
// that do not decompose (ø → o, ł → l, đ → d, ı → i).
const latinFold = "" +
	"aaaaaa_ceeeeiiii_nooooo_ouuuuy__" + // U+00C0
	"aaaaaa_ceeeeiiii_nooooo_ouuuuy_y" + // U+00E0
	"aaaaaaccccccccddddeeeeeeeeeegggg" + // U+0100
	"gggghhhhiiiiiiiiii__jjkkkllllll_" + // U+0120
	"_llnnnnnn___oooooo__rrrrrrssssss" + // U+0140
	"ssttttttuuuuuuuuuuuuwwyyyzzzzzzs" + // U+0160
	"bb_____ccdd______ffg___ikkl_____" + // U+0180
	"oo__pp_____ttt_uu__yyzz_________" + // U+01A0
	"_____________aaiioouuuuuuuuuu_aa" + // U+01C0
	"aa__ggggkkoooo__j___gg__nnaa____" + // U+01E0
	"aaaaeeeeiiiioooorrrruuuusstt__hh" + // U+0200
	"_d__zzaaeeooooooooyylntj___cc__s" + // U+0220
	"z_____eejj__rryy___b__dd________" //   U+0240

// latinAddFold does the same for U+1E00–U+1EFF (Latin Extended Additional),
// where the dotted and underlined letters of Arabic transliteration live:
// Ḩ ḥ ṣ ṭ ẓ.
const latinAddFold = "" +
	"aabbbbbbccddddddddddeeeeeeeeeeff" + // U+1E00
	"gghhhhhhhhhhiiiikkkkkkllllllllmm" + // U+1E20
	"mmmmnnnnnnnnoooooooopppprrrrrrrr" + // U+1E40
	"ssssssssssttttttttuuuuuuuuuuvvvv" + // U+1E60
	"wwwwwwwwwwxxxxyyzzzzzzhtwy______" + // U+1E80
	"aaaaaaaaaaaaaaaaaaaaaaaaeeeeeeee" + // U+1EA0
	"eeeeeeeeiiiioooooooooooooooooooo" + // U+1EC0
	"oooouuuuuuuuuuuuuuyyyyyyyy______" //   U+1EE0
