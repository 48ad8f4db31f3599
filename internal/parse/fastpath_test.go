package parse

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"sijil/internal/caption"
)

// The fast paths of the parser (eight bytes at a time, token-based scans,
// comparisons without keys) are held equal here to the plain forms they
// replaced, on random texts built from the bytes and words that tell them
// apart.

func foldedByRune(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
				return false
			case c < ' ':
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unicode.IsSpace(r) {
			return false
		}
		i += n
	}
	return true
}

func lowerByByte(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// swarPieces are the bytes and runes that the eight-byte tests must tell
// apart: capitals and the bytes around them, spaces, control bytes,
// non-ASCII letters and spaces, and broken UTF-8.
var swarPieces = []string{"a", "z", "A", "Z", "@", "[", "`", "{", " ", " ", "  ", "\t", "\n", "\x00", "\x1f", "\x7f",
	"é", "Ḩ", "’", "\u00a0", "\u2009", "\x85", "\xff", "\xe2\x80", "Syria", "AFP", ".", ",", "0", "9"}

func randomSWARString(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(40) {
		b.WriteString(swarPieces[r.IntN(len(swarPieces))])
	}
	return b.String()
}

func TestFoldedMatchesByRune(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50000 {
		s := randomSWARString(r)
		if got, want := folded(s), foldedByRune(s); got != want {
			t.Fatalf("folded(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestLowerASCIIMatchesByByte(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		s := randomSWARString(r)
		if got, want := lowerASCII(s), lowerByByte(s); got != want {
			t.Fatalf("lowerASCII(%q) = %q, want %q", s, got, want)
		}
	}
	long := strings.Repeat("Harasta, DAMASCUS é ", 20) // more than one 64-byte block
	if got, want := lowerASCII(long), lowerByByte(long); got != want {
		t.Fatalf("lowerASCII(%q) = %q, want %q", long, got, want)
	}
}

func FuzzFolded(f *testing.F) {
	for _, s := range swarPieces {
		f.Add(s + " x  " + s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := folded(s), foldedByRune(s); got != want {
			t.Errorf("folded(%q) = %v, want %v", s, got, want)
		}
		if got, want := lowerASCII(s), lowerByByte(s); got != want {
			t.Errorf("lowerASCII(%q) = %q, want %q", s, got, want)
		}
	})
}

func TestSWARUpperAt(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		s := randomSWARString(r)
		for i := 0; i < len(s); i += 8 {
			var want uint64
			for k := i; k < len(s) && k < i+8; k++ {
				if s[k] >= 'A' && s[k] <= 'Z' {
					want |= 0x80 << (8 * (k - i))
				}
			}
			if got := swarUpperAt(s, i); got != want {
				t.Fatalf("swarUpperAt(%q, %d) = %#x, want %#x", s, i, got, want)
			}
		}
	}
}

// dateScanByWord is dateScan visiting every word, as it did before it
// skipped to capitals and digits.
func dateScanByWord(s string, out []dateMention) []dateMention {
	for i := 0; i < len(s); {
		c := s[i]
		if !dateIsAlnum(c) {
			i++
			continue
		}
		j := i
		for j < len(s) && dateIsAlnum(s[j]) {
			j++
		}
		m, ok := dateMentionAt(s, c, i, j)
		if !ok {
			i = j
			continue
		}
		m.lead = m.span.Start
		if lead, wd, found := dateWeekdayBefore(s, m.span.Start); found && m.date.Precision == caption.PrecisionDay {
			m.lead, m.weekday, m.hasWeekday = lead, wd, true
		}
		out = append(out, m)
		i = m.span.End
	}
	return out
}

var datePieces = []string{" ", ", ", ".", "-", "/", "Nov", "Nov.", "November", "Sept.", "May", "6", "06", "6th", "2016", "11",
	"2016-11-06", "of", "Tuesday", "mid-", "in", "iPhone", "F16", "1,948", "2.8", "é", "Ḩ", "A", "x"}

func TestDateScanMatchesByWord(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	found := 0
	for range 30000 {
		var b strings.Builder
		for range r.IntN(16) {
			b.WriteString(datePieces[r.IntN(len(datePieces))])
		}
		s := b.String()
		got, want := dateScan(s, nil), dateScanByWord(s, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("dateScan(%q) = %+v, want %+v", s, got, want)
		}
		found += len(got)
	}
	if found < 1000 {
		t.Fatalf("only %d mentions in the random texts: the test reads too few dates", found)
	}
}

func TestSamePlaceMatchesPlaceKey(t *testing.T) {
	pieces := []string{"Maaret", "maaret", "al", "Al", "-", " ", "'", "’", "‘", "Numan", "NUMAN", "É", "é", "İ", "i", "\xff", "\uFFFD", "K", "\u212a", "k"}
	r := rand.New(rand.NewPCG(9, 10))
	for range 20000 {
		var a, b strings.Builder
		for range r.IntN(5) {
			a.WriteString(pieces[r.IntN(len(pieces))])
		}
		for range r.IntN(5) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if got, want := samePlace(a.String(), b.String()), placeKey(a.String()) == placeKey(b.String()); got != want {
			t.Fatalf("samePlace(%q, %q) = %v, want %v", a.String(), b.String(), got, want)
		}
	}
}

// TestScanASCIIWord holds the tokenizer's one-pass read of a word equal to
// reading, lowering and hashing it step by step.
func TestScanASCIIWord(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		s := randomSWARString(r)
		for i := 0; i < len(s); i++ {
			if !isASCIIAlnum(s[i]) {
				continue
			}
			end := i
			for end < len(s) && isASCIIAlnum(s[end]) {
				end++
			}
			wantOK := end == len(s) || s[end] < utf8.RuneSelf && strings.IndexByte("-'`", s[end]) < 0
			w, ok := scanASCIIWord(s, i)
			if ok != wantOK {
				t.Fatalf("scanASCIIWord(%q, %d) ok = %v, want %v", s, i, ok, wantOK)
			}
			if !ok {
				continue
			}
			key := lowerByByte(s[i:end])
			if w.end != end || w.letters != asciiLetters(key) || w.hash != keyHash(key) ||
				len(key) >= wildPrefix && w.stem != keyHash(key[:wildPrefix]) {
				t.Fatalf("scanASCIIWord(%q, %d) = %+v, want end %d of %q", s, i, w, end, key)
			}
		}
	}
}

// sentencesByByte is sentences testing every byte for a stop, as it did
// before it searched for them with strings.IndexByte.
func sentencesByByte(s string) []caption.Span {
	var out []caption.Span
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		end := i + 1
		for end < len(s) && strings.IndexByte("\"')]”’»", s[end]) >= 0 {
			end++
		}
		for end < len(s) && (strings.HasPrefix(s[end:], "”") || strings.HasPrefix(s[end:], "’")) {
			end += len("”")
		}
		if end >= len(s) || s[end] != ' ' || !opensSentence(s[end+1:]) {
			continue
		}
		if c == '.' && isAbbreviation(s[start:i]) {
			continue
		}
		out = append(out, caption.Span{Start: start, End: end})
		start = end + 1
		i = end
	}
	if start < len(s) {
		out = append(out, caption.Span{Start: start, End: len(s)})
	}
	return out
}

func TestSentencesMatchByByte(t *testing.T) {
	pieces := []string{" ", "word", "Syria", ".", "!", "?", "\"", "'", ")", "”", "’", "»", "U.N.", "Nov.", "Mr.", "A",
		"2016", "(", "“", "é", "...", "?!"}
	r := rand.New(rand.NewPCG(13, 14))
	for range 30000 {
		var b strings.Builder
		for range r.IntN(20) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := sentences(s), sentencesByByte(s); !slices.Equal(got, want) {
			t.Fatalf("sentences(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestTokensCueMatchesCasualtyCue holds the casualty cue read from tokens
// equal to the byte scan of the text.
func TestTokensCueMatchesCasualtyCue(t *testing.T) {
	pieces := []string{" ", "killed", "KILLED", "Wounded", "died", "die", "dead", "what", "What", "toll", "fatalities",
		"fatalitiesx", "rebel-", "-", "'", "’s", "'s", "é", "2016", "5", "x", ",", ".", "al-", "Ma‘arrat", "injuries"}
	r := rand.New(rand.NewPCG(15, 16))
	for range 30000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		tr1, wh1 := tokensCue(s, tokenize(s, lowerASCII(s)))
		tr2, wh2 := casualtyCue(s)
		if tr1 != tr2 || !tr1 && wh1 != wh2 {
			t.Fatalf("tokensCue(%q) = %v, %v; casualtyCue = %v, %v", s, tr1, wh1, tr2, wh2)
		}
	}
}
