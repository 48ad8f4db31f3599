package corpus

import (
	"math/rand/v2"
	"strings"
)

// The alterations an altered copy undergoes, as agencies and re-publishers
// make them.
const (
	alterTypo       = iota // one word misspelt
	alterCredit            // another credit style of the same agency
	alterBackground        // a background sentence dropped or added
	alterQuotes            // straight quotes and hyphens made typographic, or back
	alterDate              // another date style
	alterations
)

// alterWeights are the chances of each alteration, in percent.
var alterWeights = [alterations]int{alterTypo: 30, alterCredit: 25, alterBackground: 25, alterQuotes: 10, alterDate: 10}

// alter returns a copy of s with one alteration, or two a third of the time.
func alter(rng *rand.Rand, s scene) scene {
	first := weighted(rng)
	s = apply(rng, s, first)
	if rng.IntN(3) == 0 {
		if second := weighted(rng); second != first {
			s = apply(rng, s, second)
		}
	}
	return s
}

func weighted(rng *rand.Rand) int {
	n := rng.IntN(100)
	for i, w := range alterWeights {
		if n < w {
			return i
		}
		n -= w
	}
	return alterTypo
}

// apply makes alteration a to s.
func apply(rng *rand.Rand, s scene, a int) scene {
	switch a {
	case alterTypo:
		s.typo = rng.Uint64() | 1
	case alterCredit:
		styles := len(agencies[s.agency])
		s.style = (s.style + 1 + rng.IntN(styles-1)) % styles
	case alterBackground:
		if s.bg >= 0 {
			s.bg = -1
		} else {
			s.bg = rng.IntN(len(countries[places[s.place].country].background))
			s.bgSeed = rng.Uint64()
		}
	case alterQuotes:
		s.typographic = !s.typographic
	case alterDate:
		if s.monthOnly {
			s.typo = rng.Uint64() | 1
		} else {
			s.dateStyle = (s.dateStyle + 1 + rng.IntN(dateStyles-1)) % dateStyles
		}
	}
	return s
}

// misspell returns s with one word of lower-case letters misspelt as typists
// do: two letters swapped, one dropped or one doubled. seed chooses the word
// and the slip. Words of five letters or more are chosen, of four when there
// are none ("a fire at a car park hit by an air raid"); s is returned
// unchanged when it has neither.
func misspell(s string, seed uint64) string {
	words := lowerWords(s, 5)
	if len(words) == 0 {
		words = lowerWords(s, 4)
	}
	if len(words) == 0 {
		return s
	}
	w := words[seed%uint64(len(words))]
	word := s[w[0]:w[1]]
	k := 1 + int(seed>>16)%(len(word)-3) // an inner letter, not the first or last two
	switch (seed >> 40) % 3 {
	case 0:
		if word[k] != word[k+1] {
			word = word[:k] + word[k+1:k+2] + word[k:k+1] + word[k+2:]
			break
		}
		fallthrough
	case 1:
		word = word[:k] + word[k+1:]
	default:
		word = word[:k+1] + word[k:]
	}
	return s[:w[0]] + word + s[w[1]:]
}

// lowerWords returns the byte ranges of the words of s made of at least n
// lower-case ASCII letters.
func lowerWords(s string, n int) [][2]int {
	var words [][2]int
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
			j++
		}
		if j-i >= n && (i == 0 || !isLetter(s[i-1])) && (j == len(s) || !isLetter(s[j])) {
			words = append(words, [2]int{i, j})
		}
		if j == i {
			j++
		}
		i = j
	}
	return words
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 }

// typographic returns s with curly quotes, a typographic apostrophe and en
// dashes between spaced hyphens: what a word processor makes of a wire text.
func typographic(s string) string {
	if !strings.ContainsAny(s, "\"'-") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	open := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' && open:
			b.WriteString("“")
			open = false
		case c == '"':
			b.WriteString("”")
			open = true
		case c == '\'':
			b.WriteString("’")
		case c == '-' && i > 0 && s[i-1] == ' ' && i+1 < len(s) && s[i+1] == ' ':
			b.WriteString("–")
		case c == '-' && i > 0 && isLetter(s[i-1]) && i+1 < len(s) && isLetter(s[i+1]):
			b.WriteString("‑") // a non-breaking hyphen, as in al‑Bab
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
