package dedup

import (
	"slices"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The folds below are the rune-at-a-time definitions that foldKey and
// wordKeys implement with an ASCII fast path; the fast path must not change
// a single key, or records stored before it would no longer be found.

func refFoldKey(text string) []byte {
	b := make([]byte, 0, len(text))
	space := false
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		i += n
		if unicode.IsSpace(r) || r == 0 {
			space = len(b) > 0
			continue
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		switch {
		case r == utf8.RuneError && n == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		case r < utf8.RuneSelf:
			b = append(b, byte(r))
		default:
			b = utf8.AppendRune(b, foldPunct(r))
		}
	}
	return b
}

func refWordKeys(s string) (skeletons, edges []uint64) {
	var first, last rune
	var set uint64
	in := false
	flush := func() {
		if in {
			edge := uint64(first)<<42 ^ uint64(last)<<21
			skeletons = append(skeletons, mix64(edge^set))
			edges = append(edges, mix64(edge))
			in, set = false, 0
		}
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		r = unicode.ToLower(r)
		if !in {
			first, in = r, true
		}
		last = r
		if r >= 'a' && r <= 'z' {
			set |= 1 << (r - 'a')
		} else {
			set |= 1 << (26 + uint(r)%38)
		}
	}
	flush()
	return skeletons, edges
}

// foldSamples are texts for both folds: every ASCII byte between letters,
// white space of every kind, typographic punctuation, Arabic and French
// letters, digits of other scripts, and broken UTF-8.
func foldSamples() []string {
	out := []string{
		"",
		"  Smoke rises over Kharkiv,\tUkraine, on\r\nMarch 3, 2022.  ",
		"Des civils fuient Goma (RDC) le 27 janvier 2025 — « Photo AFP »",
		"دخان يتصاعد فوق حلب، سوريا، 12 أيار 2016",
		"\u00a0Mourners\u2003carry\u2028the body\u0085of\x00a boy in Khan Younis",
		"Fighters of the M23 in Bunagana; ‘quoted’ “text” ‐ ‑ ‒ – — ―",
		"Displaced Rohingya at Kutupalong ٣ ۴ ४ Ⅻ ǅ Σ ς İ",
		"bad \xff\xfe utf-8 \xe2\x80 in Mariupol",
	}
	for c := range utf8.RuneSelf {
		out = append(out, "a"+string(rune(c))+"B", string(rune(c)))
	}
	return out
}

func TestFoldKeyFastPath(t *testing.T) {
	for _, s := range foldSamples() {
		if got, want := foldKey(s), refFoldKey(s); string(got) != string(want) {
			t.Errorf("foldKey(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestWordKeysFastPath(t *testing.T) {
	for _, s := range foldSamples() {
		sk, ed := wordKeys(s)
		rsk, red := refWordKeys(s)
		if !slices.Equal(sk, rsk) || !slices.Equal(ed, red) {
			t.Errorf("wordKeys(%q) = %x %x, want %x %x", s, sk, ed, rsk, red)
		}
	}
}

func FuzzFolds(f *testing.F) {
	for _, s := range foldSamples() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldKey(s), refFoldKey(s); string(got) != string(want) {
			t.Fatalf("foldKey(%q) = %q, want %q", s, got, want)
		}
		sk, ed := wordKeys(s)
		rsk, red := refWordKeys(s)
		if !slices.Equal(sk, rsk) || !slices.Equal(ed, red) {
			t.Fatalf("wordKeys(%q) differs from the rune-at-a-time fold", s)
		}
		if got, want := foldPlace(s), foldPlaceRunes(s); got != want {
			t.Fatalf("foldPlace(%q) = %q, want %q as a rune at a time", s, got, want)
		}
	})
}

// TestFoldPlaceFastPath checks the byte-at-a-time fold of ASCII names
// against the rune-at-a-time one, on names with articles, apostrophes,
// digits, runs of separators and words longer than an article's buffer.
func TestFoldPlaceFastPath(t *testing.T) {
	names := append(foldSamples(), "Maarat al-Numan", "AL-BAB", "al", "El Fasher", " Deir  el--Balah ", "Ma'arrat an-Nu'man",
		"Kafr Nabl 2", "as", "'", "Al Mayadeen al", "Ras al-Ain/Serekaniye", "Khirbet-Ghazaleh-Extraordinarilylongname", "")
	for _, s := range names {
		if got, want := foldPlace(s), foldPlaceRunes(s); got != want {
			t.Errorf("foldPlace(%q) = %q, want %q", s, got, want)
		}
	}
	if got := foldPlace("Ma'arrat al-Nu'man"); got != "maarrat numan" {
		t.Errorf("foldPlace(Ma'arrat al-Nu'man) = %q, want %q", got, "maarrat numan")
	}
}
