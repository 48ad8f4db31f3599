package server

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"
)

// MinTokenBits is the least entropy a write token must have, as
// TokenBits estimates it: 128 bits, which no one guesses over a network.
const MinTokenBits = 128

// minTokenChars is the fewest different characters a token may use: a
// random token of 128 bits uses many more (32 hex digits use about 14),
// a typed pattern ("abababab…") fewer.
const minTokenChars = 8

// tokenClasses are the character classes TokenBits counts, with the number
// of characters in each. Letters are split at f, so that a hexadecimal
// token counts 16 characters, not 36.
var tokenClasses = []struct {
	in   func(c byte) bool
	size int
}{
	{func(c byte) bool { return '0' <= c && c <= '9' }, 10},
	{func(c byte) bool { return 'a' <= c && c <= 'f' }, 6},
	{func(c byte) bool { return 'g' <= c && c <= 'z' }, 20},
	{func(c byte) bool { return 'A' <= c && c <= 'F' }, 6},
	{func(c byte) bool { return 'G' <= c && c <= 'Z' }, 20},
	{func(c byte) bool { return '!' <= c && c <= '~' }, 32}, // the other printable ASCII characters
}

// TokenBits estimates a token's entropy in bits, conservatively, as if each
// character had been drawn at random from the classes the token uses:
// length × log2(the sum of the sizes of the classes present). The classes
// are digits (10), a–f (6), g–z (20), A–F (6), G–Z (20) and the other
// printable ASCII characters (32). 32 hexadecimal digits are 128 bits;
// 43 characters of base64url, 256.
func TokenBits(token string) float64 {
	var present [6]bool
	for i := 0; i < len(token); i++ {
		for k, c := range tokenClasses {
			if c.in(token[i]) {
				present[k] = true
				break
			}
		}
	}
	alphabet := 0
	for k, ok := range present {
		if ok {
			alphabet += tokenClasses[k].size
		}
	}
	if alphabet == 0 {
		return 0
	}
	return float64(len(token)) * math.Log2(float64(alphabet))
}

// ErrWeakToken is the kind of CheckWriteToken's errors.
var ErrWeakToken = errors.New("weak write token")

// CheckWriteToken returns an error wrapping ErrWeakToken that says why
// token is too weak to guard writes ("weak write token: contains white
// space"), or nil. A token must be printable
// ASCII without white space (it travels in an HTTP header), use at least
// 8 different characters, and have at least MinTokenBits of entropy as
// TokenBits estimates it.
func CheckWriteToken(token string) error {
	weak := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrWeakToken, fmt.Sprintf(format, args...))
	}
	switch {
	case strings.TrimSpace(token) == "":
		return weak("empty")
	case strings.IndexFunc(token, unicode.IsSpace) >= 0:
		return weak("contains white space")
	case strings.IndexFunc(token, func(r rune) bool { return r < '!' || r > '~' }) >= 0:
		return weak("contains characters other than printable ASCII")
	case strings.Count(token, token[:1]) == len(token):
		return weak("one character repeated")
	}
	if n := distinctBytes(token); n < minTokenChars {
		return weak("only %d different characters, fewer than %d", n, minTokenChars)
	}
	if bits := TokenBits(token); bits < MinTokenBits {
		return weak("about %.0f bits of entropy, fewer than %d (32 random hexadecimal digits have %d)",
			math.Floor(bits), MinTokenBits, MinTokenBits)
	}
	return nil
}

func distinctBytes(s string) int {
	var seen [256]bool
	n := 0
	for i := 0; i < len(s); i++ {
		if !seen[s[i]] {
			seen[s[i]], n = true, n+1
		}
	}
	return n
}

// NewWriteToken returns a fresh write token: 32 bytes from crypto/rand in
// base64url without padding (43 characters, 256 bits).
func NewWriteToken() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand's contract since Go 1.24)
	return base64.RawURLEncoding.EncodeToString(b)
}
