package corpus

import (
	"bytes"
	"strings"
	"testing"
)

// TestIncident: the document holds n captions of one town and day, each
// with a photographer of its own while names last, and the same bytes for
// the same seed.
func TestIncident(t *testing.T) {
	const n = 3000
	doc := Incident(n, 4)
	caps := strings.Split(strings.TrimSuffix(string(doc), "\n"), "\n\n")
	if len(caps) != n {
		t.Fatalf("%d captions, want %d", len(caps), n)
	}
	credits := map[string]bool{}
	for _, c := range caps {
		if !strings.Contains(c, "Saraqib") || !strings.Contains(c, "February 12, 2020") {
			t.Fatalf("a caption of another place or day: %q", c)
		}
		i := strings.Index(c, "(Photo by ")
		if i < 0 {
			t.Fatalf("no credit: %q", c)
		}
		name, _, _ := strings.Cut(c[i+len("(Photo by "):], " / ")
		credits[name] = true
	}
	if len(credits) != n {
		t.Errorf("%d photographers for %d captions, want one each", len(credits), n)
	}
	if !bytes.Equal(doc, Incident(n, 4)) {
		t.Error("the same seed gave other bytes")
	}
}
