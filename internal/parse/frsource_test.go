package parse_test

import (
	"slices"
	"testing"
)

// TestFrenchSources: the sources French captions cite for their figures
// come out as the English captions' values (invented captions).
func TestFrenchSources(t *testing.T) {
	p := mustParser(t)
	tests := []struct{ in, want string }{
		{"Des blessés arrivent à l'hôpital de Khartoum, au Soudan, le 19 avril 2023. Au moins 27 personnes ont été tuées, selon des médecins. (AFP)", "medics"},
		{"Le site d'un attentat à Kaboul, en Afghanistan, le 8 septembre 2021. L'explosion a fait 5 morts, a indiqué un porte-parole. (AFP)", "spokesman"},
		{"Des déplacés à Goma, en République démocratique du Congo, le 24 janvier 2025. Les combats ont fait 13 morts, selon l'ONU. Photo : Jean Dupont / AFP", "United Nations"},
		{"Des secouristes à Gaza, le 3 novembre 2023. Une frappe a tué 15 personnes, selon le Croissant-Rouge palestinien. (AFP)", "Palestinian Red Crescent"},
		{"Un camp de déplacés à Saada, au Yémen, le 9 août 2018. Le raid a fait 29 morts, d'après le CICR. (AFP)", "Red Cross"},
	}
	for _, tc := range tests {
		r := p.Caption(tc.in)
		if !slices.Contains(r.Attribution, tc.want) {
			t.Errorf("%q: attribution %q, want %q (killed %v)", tc.in, r.Attribution, tc.want, r.Killed)
		}
	}
}
