package corpus

import (
	"math/rand/v2"
	"strings"
)

// expander writes templates. A template is text with three constructs:
//
//	{a|b|c}   one of the alternatives, chosen at random (they may nest)
//	[pl|sg]   the plural or singular form, after the last subject
//	$NAME     the value of a variable, itself a template
//
// so that "$S [search|searches] for survivors {under|in} the rubble" gives
// "Rescue workers search for survivors in the rubble" or "A man searches…".
type expander struct {
	rng *rand.Rand
	// lookup returns a variable's template; a subject variable sets plural.
	lookup func(name string) string
	plural bool
}

// expand writes template t to b.
func (e *expander) expand(b *strings.Builder, t string) {
	for i := 0; i < len(t); {
		switch c := t[i]; c {
		case '{', '[':
			end := closing(t, i)
			alts := split(t[i+1 : end])
			if c == '{' {
				e.expand(b, alts[e.rng.IntN(len(alts))])
			} else if e.plural || len(alts) == 1 {
				e.expand(b, alts[0])
			} else {
				e.expand(b, alts[1])
			}
			i = end + 1
		case '$':
			j := i + 1
			for j < len(t) && (t[j] >= 'A' && t[j] <= 'Z' || t[j] >= '0' && t[j] <= '9') {
				j++
			}
			e.expand(b, e.lookup(t[i+1:j]))
			i = j
		default:
			j := i + 1
			for j < len(t) && t[j] != '{' && t[j] != '[' && t[j] != '$' {
				j++
			}
			b.WriteString(t[i:j])
			i = j
		}
	}
}

// pick returns one of alts at random.
func pick[T any](rng *rand.Rand, alts []T) T { return alts[rng.IntN(len(alts))] }

// closing returns the index of the bracket closing the one at t[i].
func closing(t string, i int) int {
	depth := 0
	for j := i; j < len(t); j++ {
		switch t[j] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	panic("corpus: unclosed bracket in template " + t)
}

// split cuts s at the '|' not nested in brackets.
func split(s string) []string {
	var out []string
	depth, start := 0, 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '|':
			if depth == 0 {
				out = append(out, s[start:j])
				start = j + 1
			}
		}
	}
	return append(out, s[start:])
}
