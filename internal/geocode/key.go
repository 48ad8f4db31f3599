package geocode

// Key returns the matching key of a place name: a consonant skeleton that
// the many transliterations of one Arabic name share. All names of the
// gazetteer are indexed under it, so Lookup finds Dūmā from "Douma".
//
// The steps, in order:
//
//   - fold: lower case, Latin diacritics off (Ḩarastā → harasta),
//     apostrophes and ʿayn/hamza signs out (Ma‘arrat → maarrat), Arabic
//     letter variants unified (see foldArabic); anything else that is not a
//     letter or digit separates words;
//   - articles: the words al, el, ar, as, ash, ad, an, at, az (and their
//     e-forms er, es, esh, ed, en, et, ez, eth, edh, ath, adh) are dropped
//     unless nothing else is left ("Ar Raqqah" → raqqah, "Deir ez-Zor" →
//     deir zor); an article fused to a later word before a doubled sun
//     letter goes too ("Deir Ezzor" → deir zor); Arabic ال goes from the
//     front of each word (الرقة → رقه);
//   - a final h after a vowel is dropped in each word (Raqqah → raqqa,
//     Jableh → jable);
//   - the words are joined and doubled letters collapse (Raqqa → raqa,
//     Maarrat → marat); only letters doubled in the spelling count, so
//     Azaz keeps both z;
//   - skeleton: the first letter stays (a first vowel becomes "a": Idlib,
//     Edlib → adlb); later vowels and the glides y and w are dropped (Kafr
//     Zaytā, Kafar Zita → kfrzt(a); Dayr az Zawr, Deir ez-Zor → drzr); a name
//     ending in a vowel or y gets a final "a" (Douma, Duma, Dūmā → dma),
//     which keeps Daraa (dra) apart from Deir (dr);
//   - dj → j (Djeble → jbla), ch → sh (French Cheikh → shkh), q → k
//     (Rakka, Raqqa → rka).
//
// So Maaret al-Numan, Ma‘arrat an Nu‘mān and Maarat al-Numaan all give
// "mrtnmn"; Homs and Hims give "hms"; Aleppo and Halab stay apart (they are
// different names, joined only by the gazetteer's alternates). A key
// without doubled letters is its own key; one with them is not (Azaz →
// azz → az), which is the price of not merging Azaz with Az.
func Key(name string) string {
	var buf [64]rune
	return string(keyRunes(name, buf[:0]))
}

// keyRunes returns name's key in buf's storage, which Key keeps on the
// stack.
func keyRunes(name string, buf []rune) []rune {
	rs := collapse(normalize(name, buf))
	rs = respell(skeleton(rs))
	return trimArabicArticle(rs)
}

// Spelling returns a stricter key that keeps the vowels, only evening out
// their common spellings (ou, oo → u; ee, ie → i; e → a; o → u; y → i) after
// the same folding, article and final-h steps as Key. Lookup ranks
// candidates whose Spelling equals the query's first: "Daraa" is Darʿā
// before Dārayyā, though both have the key "dra".
func Spelling(name string) string {
	var buf [64]rune
	return string(spellingRunes(name, buf[:0]))
}

// spellingRunes returns name's Spelling in buf's storage.
func spellingRunes(name string, buf []rune) []rune {
	rs := normalize(name, buf)
	out := rs[:0]
	for i := 0; i < len(rs); i++ {
		r, next := rs[i], rune(0)
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case r == 'o' && (next == 'u' || next == 'o'):
			r = 'u'
			i++
		case (r == 'e' || r == 'i') && next == 'e':
			r = 'i'
			i++
		case r == 'e':
			r = 'a'
		case r == 'o':
			r = 'u'
		case r == 'y':
			r = 'i'
		}
		out = append(out, r)
	}
	return collapse(respell(out))
}

// trimArabicArticle drops an Arabic article that only joining or the
// skeleton brought to the front (ا لرقة), so that a key is its own key.
func trimArabicArticle(rs []rune) []rune {
	for len(rs) >= 4 && rs[0] == 'ا' && rs[1] == 'ل' {
		rs = rs[2:]
	}
	return rs
}

// skeleton keeps the first letter (a vowel as "a"), drops later vowels and
// y/w, and marks a final vowel or y with "a", in place.
func skeleton(rs []rune) []rune {
	if len(rs) == 0 {
		return rs
	}
	last := rs[len(rs)-1]
	out := rs[:1]
	if isVowel(rs[0]) {
		out[0] = 'a'
	}
	for _, r := range rs[1:] {
		if !isVowel(r) && r != 'y' && r != 'w' {
			out = append(out, r)
		}
	}
	if len(rs) > 1 && (isVowel(last) || last == 'y') {
		out = append(out, 'a')
	}
	return out
}

// collapse removes a rune equal to the one before it, in place.
func collapse(rs []rune) []rune {
	out := rs[:0]
	for i, r := range rs {
		if i > 0 && r == rs[i-1] {
			continue
		}
		out = append(out, r)
	}
	return out
}

// respell maps the French and Turkish-influenced spellings onto the English
// ones in place: dj → j, ch → sh, q → k. A whole run of d before j goes, so
// that no "dj" is left behind ("ddj" → j).
func respell(rs []rune) []rune {
	out := rs[:0]
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == 'd':
			j := i
			for j < len(rs) && rs[j] == 'd' {
				j++
			}
			if j == len(rs) || rs[j] != 'j' {
				out = append(out, rs[i:j]...)
			}
			i = j - 1
			continue
		case r == 'c' && i+1 < len(rs) && rs[i+1] == 'h':
			r = 's'
		case r == 'q':
			r = 'k'
		}
		out = append(out, r)
	}
	return out
}

func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}
