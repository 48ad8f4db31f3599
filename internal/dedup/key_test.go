package dedup

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

func TestKeyFolding(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the folded text whose SHA-256 Key must return
	}{
		{"plain", "Rescuers search the rubble.", "Rescuers search the rubble."},
		{"space runs", "  Rescuers\t search\n\nthe   rubble. ", "Rescuers search the rubble."},
		{"no-break space", "Rescuers\u00a0search", "Rescuers search"},
		{"single quotes", "the town‘s ‚old‛ market’s", "the town's 'old' market's"},
		{"primes", "5′ and 7″", "5' and 7\""},
		{"double quotes", "“We lost everything,” „she“ «said»", "\"We lost everything,\" \"she\" \"said\""},
		{"dashes", "al‐Bab al‑Numan 2016‒17 – — ―", "al-Bab al-Numan 2016-17 - - -"},
		{"case kept", "AFP Photo", "AFP Photo"},
		{"accents kept", "Ma‘arrat an Nu‘mān", "Ma'arrat an Nu'mān"},
		{"other punctuation kept", "‹ … ·", "‹ … ·"},
		{"NUL is space", "a\x00b", "a b"},
		{"invalid UTF-8", "a\xffb", "a\uFFFDb"},
		{"empty", " \n ", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sum := sha256.Sum256([]byte(tc.want))
			want := hex.EncodeToString(sum[:])
			if got := Key(tc.in); got != want {
				t.Errorf("Key(%q) = %s, want the hash of %q (%s); folded %q", tc.in, got, tc.want, want, foldKey(tc.in))
			}
		})
	}
}

func TestKeyDistinguishes(t *testing.T) {
	pairs := [][2]string{
		{"Rescuers search the rubble.", "rescuers search the rubble."},
		{"Rescuers search the rubble.", "Rescuers search the rubble"},
		{"Douma", "Dūma"},
	}
	for _, p := range pairs {
		if Key(p[0]) == Key(p[1]) {
			t.Errorf("Key(%q) == Key(%q)", p[0], p[1])
		}
	}
}
